package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// report is DIR/gpucheck.json: every step's outcome and results.
type report struct {
	Steps    []step            `json:"steps"`
	Probe    json.RawMessage   `json:"probe,omitempty"`
	Fixtures *fixtureSummary   `json:"fixtures,omitempty"`
	Corpus   *corpusSummary    `json:"corpus,omitempty"`
	Bench    []benchResult     `json:"bench,omitempty"`
	Torch    json.RawMessage   `json:"torch,omitempty"`
	Files    map[string]string `json:"files"` // what else is in DIR
}

// step is one line of DIR/steps.tsv, which run.sh writes.
type step struct {
	Name   string  `json:"name"`
	Status string  `json:"status"` // ok, failed, timeout, skipped
	Exit   int     `json:"exit"`
	Secs   float64 `json:"secs"`
	Log    string  `json:"log,omitempty"`
}

type fixtureSummary struct {
	Counts map[string]map[string]int `json:"counts"` // suite → status → cases
	Failed []fixtureResult           `json:"failed,omitempty"`
}

type corpusSummary struct {
	Pass, Fail, Skip int
	Failed           []string `json:"failed,omitempty"`
	// Skipped is the reason the whole test skipped (no GPU).
	Skipped string `json:"skipped,omitempty"`
}

// summarize is gpucheck summarize: it gathers what run.sh's steps left
// in DIR into DIR/gpucheck.json and DIR/summary.txt.
func summarize(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("summarize", flag.ContinueOnError)
	dir := fs.String("out", "", "the directory run.sh wrote")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dir == "" {
		return errors.New("--out DIR is required")
	}
	rep, err := gather(*dir)
	if err != nil {
		return err
	}
	data, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(*dir, "gpucheck.json"), append(data, '\n'), 0o644); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(*dir, "summary.txt"))
	if err != nil {
		return err
	}
	writeSummary(io.MultiWriter(f, stdout), rep)
	return f.Close()
}

func gather(dir string) (*report, error) {
	rep := &report{Files: map[string]string{}}
	steps, err := os.ReadFile(filepath.Join(dir, "steps.tsv"))
	if err != nil {
		return nil, err
	}
	for _, line := range strings.Split(strings.TrimSpace(string(steps)), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 4 {
			continue
		}
		s := step{Name: f[0], Status: f[1]}
		s.Exit, _ = strconv.Atoi(f[2])
		s.Secs, _ = strconv.ParseFloat(f[3], 64)
		if len(f) > 4 {
			s.Log = f[4]
		}
		rep.Steps = append(rep.Steps, s)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "probe.json")); err == nil && json.Valid(b) {
		rep.Probe = b
	}
	if b, err := os.ReadFile(filepath.Join(dir, "torch.json")); err == nil && json.Valid(b) {
		rep.Torch = b
	}
	var fx []fixtureResult
	if err := readLines(filepath.Join(dir, "fixtures.jsonl"), &fx); err == nil {
		s := &fixtureSummary{Counts: map[string]map[string]int{}}
		for _, r := range fx {
			if s.Counts[r.Suite] == nil {
				s.Counts[r.Suite] = map[string]int{}
			}
			s.Counts[r.Suite][r.Status]++
			if r.Status == "fail" || r.Status == "error" {
				s.Failed = append(s.Failed, r)
			}
		}
		rep.Fixtures = s
	}
	_ = readLines(filepath.Join(dir, "bench.jsonl"), &rep.Bench)
	if f, err := os.Open(filepath.Join(dir, "corpus.txt")); err == nil {
		rep.Corpus = parseCorpus(f)
		f.Close()
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !e.IsDir() {
			rep.Files[e.Name()] = ""
		}
	}
	return rep, nil
}

// readLines decodes one JSON object per line of file into *out (a slice).
func readLines[T any](file string, out *[]T) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var v T
		if json.Unmarshal(sc.Bytes(), &v) == nil {
			*out = append(*out, v)
		}
	}
	return sc.Err()
}

var (
	subtestLine = regexp.MustCompile(`^\s+--- (PASS|FAIL|SKIP): (TestCorpusOnGPU/\S+)`)
	skipLine    = regexp.MustCompile(`^--- SKIP: TestCorpusOnGPU\b`)
	logPrefix   = regexp.MustCompile(`^\s*\w+\.go:\d+: `)
)

// parseCorpus counts the subtests of TestCorpusOnGPU in go test -v output.
func parseCorpus(r io.Reader) *corpusSummary {
	s := &corpusSummary{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	prev := ""
	for sc.Scan() {
		line := sc.Text()
		if skipLine.MatchString(line) {
			// go test prints the test's t.Skip message just before.
			s.Skipped = strings.TrimSpace(logPrefix.ReplaceAllString(prev, ""))
			continue
		}
		prev = line
		m := subtestLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		switch m[1] {
		case "PASS":
			s.Pass++
		case "FAIL":
			s.Fail++
			s.Failed = append(s.Failed, m[2])
		case "SKIP":
			s.Skip++
		}
	}
	return s
}

// writeSummary writes the readable summary.
func writeSummary(w io.Writer, rep *report) {
	fmt.Fprintln(w, "tt gpucheck summary")
	fmt.Fprintln(w, "\nsteps:")
	for _, s := range rep.Steps {
		fmt.Fprintf(w, "  %-10s %-8s exit %-3d %7.1f s\n", s.Name, s.Status, s.Exit, s.Secs)
	}
	if rep.Probe != nil {
		var p probeResult
		if json.Unmarshal(rep.Probe, &p) == nil {
			if p.OK && p.Device != nil {
				fmt.Fprintf(w, "\ndevice: %s, compute capability %s (%s), %d SMs, %.1f GiB; driver %d (PTX ISA up to %s); peak memory bandwidth from the driver's attributes %.0f GB/s\n",
					p.Device.Name, p.Device.ComputeCapability, p.Device.Target, p.Device.Multiprocessors,
					float64(p.Device.TotalMemBytes)/(1<<30), p.DriverVersion, p.MaxPTX, p.Device.PeakGBs)
			} else {
				fmt.Fprintf(w, "\ndevice: none (%s)\n", p.Error)
			}
		}
	}
	if f := rep.Fixtures; f != nil {
		fmt.Fprintln(w, "\nPyTorch fixtures on --backend cuda:")
		suites := make([]string, 0, len(f.Counts))
		for s := range f.Counts {
			suites = append(suites, s)
		}
		sort.Strings(suites)
		for _, s := range suites {
			c := f.Counts[s]
			fmt.Fprintf(w, "  %-8s %d pass, %d fail, %d error, %d unsupported\n", s, c["pass"], c["fail"], c["error"], c["unsupported"])
		}
		writeFailures(w, f.Failed)
	}
	if c := rep.Corpus; c != nil {
		fmt.Fprintf(w, "\nPTX corpus, GPU vs simulator and references: %d pass, %d fail, %d skip\n", c.Pass, c.Fail, c.Skip)
		if c.Skipped != "" {
			fmt.Fprintf(w, "  skipped: %s\n", c.Skipped)
		}
		for _, n := range c.Failed {
			fmt.Fprintf(w, "  FAIL %s\n", n)
		}
	}
	if len(rep.Bench) > 0 {
		fmt.Fprintln(w, "\nbenchmarks (tt; median of the timed runs):")
		for _, b := range rep.Bench {
			switch {
			case b.Status != "ok":
				fmt.Fprintf(w, "  %-16s %s: %s\n", b.Name, b.Status, b.Detail)
			case b.TFlops > 0:
				fmt.Fprintf(w, "  %-16s %10.3f ms  %8.2f TFLOP/s  (%s, %d runs)\n", b.Name, b.MedianMs, b.TFlops, b.Timing, b.Runs)
			case b.PctOfCopy > 0:
				fmt.Fprintf(w, "  %-16s %10.3f ms  %8.1f GB/s  %5.1f%% of copy  (%s, %d runs)\n", b.Name, b.MedianMs, b.GBs, b.PctOfCopy, b.Timing, b.Runs)
			default:
				fmt.Fprintf(w, "  %-16s %10.3f ms  %8.1f GB/s  (%s, %d runs)\n", b.Name, b.MedianMs, b.GBs, b.Timing, b.Runs)
			}
		}
	}
	if rep.Torch != nil {
		var t struct {
			Error   string `json:"error"`
			Version string `json:"torch"`
			Results []struct {
				Name     string  `json:"name"`
				MedianMs float64 `json:"median_ms"`
				GBs      float64 `json:"gb_s"`
				TFlops   float64 `json:"tflop_s"`
				Error    string  `json:"error"`
			} `json:"results"`
		}
		if json.Unmarshal(rep.Torch, &t) == nil {
			fmt.Fprintf(w, "\nPyTorch %s on the device (CUDA events, median):\n", t.Version)
			if t.Error != "" {
				fmt.Fprintf(w, "  %s\n", t.Error)
			}
			for _, r := range t.Results {
				switch {
				case r.Error != "":
					fmt.Fprintf(w, "  %-16s error: %s\n", r.Name, r.Error)
				case r.TFlops > 0:
					fmt.Fprintf(w, "  %-16s %10.3f ms  %8.2f TFLOP/s\n", r.Name, r.MedianMs, r.TFlops)
				default:
					fmt.Fprintf(w, "  %-16s %10.3f ms  %8.1f GB/s\n", r.Name, r.MedianMs, r.GBs)
				}
			}
		}
	}
}

// writeFailures lists the failed cases, those with the same message
// together (a missing device fails every case alike).
func writeFailures(w io.Writer, failed []fixtureResult) {
	byDetail := map[string][]string{}
	var order []string
	for _, r := range failed {
		key := strings.ToUpper(r.Status) + " " + r.Detail
		if byDetail[key] == nil {
			order = append(order, key)
		}
		byDetail[key] = append(byDetail[key], r.Suite+"/"+r.Name)
	}
	for _, key := range order {
		status, detail, _ := strings.Cut(key, " ")
		names := byDetail[key]
		if len(names) <= 3 {
			fmt.Fprintf(w, "  %s %s: %s\n", status, strings.Join(names, ", "), detail)
		} else {
			fmt.Fprintf(w, "  %s %s, %s and %d more: %s\n", status, names[0], names[1], len(names)-2, detail)
		}
	}
}
