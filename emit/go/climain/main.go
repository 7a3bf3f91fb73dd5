package climain

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ttParamSpec is one argument or result of the entry: its name, dtype and
// shape (-1 for a dynamic dimension; nil for a scalar).
type ttParamSpec struct {
	name  string
	dtype string
	shape []int
}

// ttEntryPoint is a function the command can run: its Go name, IR
// symbol, parameters and results, and the glue that calls it.
type ttEntryPoint struct {
	name    string
	symbol  string
	params  []ttParamSpec
	results []ttParamSpec
	invoke  func(args []*ttArray) ([]*ttArray, error)
}

// ttFindEntry returns the entry called name (its Go name or its IR symbol,
// with or without the @), or the only entry when name is empty.
func ttFindEntry(name string) (*ttEntryPoint, error) {
	var names []string
	for i := range ttEntries {
		e := &ttEntries[i]
		if name == "" && len(ttEntries) == 1 {
			return e, nil
		}
		if name != "" && (name == e.name || name == e.symbol || "@"+name == e.symbol) {
			return e, nil
		}
		names = append(names, e.name+" ("+e.symbol+")")
	}
	if name == "" {
		return nil, fmt.Errorf("choose a function with -entry: %s", strings.Join(names, ", "))
	}
	return nil, fmt.Errorf("no function %q; functions: %s", name, strings.Join(names, ", "))
}

// ttMain runs the command with args (without the program name) and
// returns its exit status.
func ttMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("model", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var inputs []string
	fs.Func("input", "a .npy file for the next argument (repeat, in argument order)", func(s string) error {
		inputs = append(inputs, s)
		return nil
	})
	out := fs.String("out", "", "write result i to DIR/out<i>.npy")
	bench := fs.Int("bench", 0, "after the first run, time N more runs")
	serve := fs.Bool("serve", false, "run requests from standard input (tt-run's protocol)")
	entryName := fs.String("entry", "", "the function to run: its Go name or IR symbol (default: the only one)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: %s [-entry F] -input X.npy ... [-out DIR] [-bench N]\n       %s [-entry F] -serve\n\nFunctions:\n", fs.Name(), fs.Name())
		for i := range ttEntries {
			fmt.Fprintf(stderr, "  %s: %s%s\n", ttEntries[i].name, ttEntries[i].symbol, ttSignatureText(&ttEntries[i]))
		}
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "unexpected arguments %q\n", fs.Args())
		return 2
	}
	entry, err := ttFindEntry(*entryName)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if *serve {
		if err := ttServe(entry, bufio.NewReader(stdin), stdout); err != nil {
			fmt.Fprintln(stderr, err)
			return 2
		}
		return 0
	}
	if *bench < 0 {
		fmt.Fprintln(stderr, "-bench must not be negative")
		return 2
	}
	if len(inputs) != len(entry.params) {
		fmt.Fprintf(stderr, "%s takes %d arguments %s, got %d -input\n", entry.symbol, len(entry.params), ttSignatureText(entry), len(inputs))
		return 2
	}
	var arrays []*ttArray
	for _, path := range inputs {
		a, err := ttReadNPYFile(path)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		arrays = append(arrays, a)
	}
	if err := ttCheckArgs(entry, arrays); err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	results, err := entry.invoke(ttCloneArrays(arrays))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if *out != "" {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			fmt.Fprintln(stderr, err)
			return 1
		}
		for i, r := range results {
			if err := ttWriteNPYFile(filepath.Join(*out, fmt.Sprintf("out%d.npy", i)), r); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
		}
	} else {
		for i, r := range results {
			fmt.Fprintf(stdout, "result #%d: %s %v: %s\n", i, r.dtype, r.shape, ttPreview(r))
		}
	}
	if *bench > 0 {
		times := make([]time.Duration, 0, *bench)
		for range *bench {
			fresh := ttCloneArrays(arrays)
			start := time.Now()
			if _, err := entry.invoke(fresh); err != nil {
				fmt.Fprintln(stderr, err)
				return 1
			}
			times = append(times, time.Since(start))
		}
		fmt.Fprintln(stdout, ttBenchLine(times))
	}
	return 0
}

// ttSignatureText renders an entry's signature for messages.
func ttSignatureText(e *ttEntryPoint) string {
	var parts []string
	for _, p := range e.params {
		parts = append(parts, p.name+" "+ttSpecText(p))
	}
	var res []string
	for _, p := range e.results {
		res = append(res, ttSpecText(p))
	}
	return "(" + strings.Join(parts, ", ") + ") -> (" + strings.Join(res, ", ") + ")"
}

// ttSpecText renders a parameter's dtype and shape, "?" for dynamic sizes.
func ttSpecText(p ttParamSpec) string {
	dims := make([]string, len(p.shape))
	for i, d := range p.shape {
		if d < 0 {
			dims[i] = "?"
		} else {
			dims[i] = strconv.Itoa(d)
		}
	}
	return p.dtype + "[" + strings.Join(dims, "x") + "]"
}

// ttCheckArgs checks arrays against an entry's parameters.
func ttCheckArgs(e *ttEntryPoint, arrays []*ttArray) error {
	if len(arrays) != len(e.params) {
		return fmt.Errorf("%s takes %d arguments, got %d", e.symbol, len(e.params), len(arrays))
	}
	for i, a := range arrays {
		p := e.params[i]
		ok := a.dtype == p.dtype && len(a.shape) == len(p.shape)
		for j := 0; ok && j < len(p.shape); j++ {
			ok = p.shape[j] < 0 || p.shape[j] == a.shape[j]
		}
		if !ok {
			return fmt.Errorf("argument #%d (%s) must be %s, got %s%v", i, p.name, ttSpecText(p), a.dtype, a.shape)
		}
	}
	return nil
}

// ttPreview shows the first elements of an array.
func ttPreview(a *ttArray) string {
	const show = 8
	n := min(a.len(), show)
	parts := make([]string, n)
	for i := range parts {
		switch a.dtype {
		case "<f4":
			parts[i] = strconv.FormatFloat(float64(a.f32[i]), 'g', -1, 32)
		case "<f8":
			parts[i] = strconv.FormatFloat(a.f64[i], 'g', -1, 64)
		case "|b1":
			parts[i] = strconv.FormatBool(a.b[i])
		case "<i4":
			parts[i] = strconv.FormatInt(int64(a.i32[i]), 10)
		case "<i8":
			parts[i] = strconv.FormatInt(a.i64[i], 10)
		}
	}
	s := "[" + strings.Join(parts, " ")
	if a.len() > show {
		s += " ..."
	}
	return s + "]"
}

// ttBenchLine formats timed runs as tt-run does.
func ttBenchLine(times []time.Duration) string {
	if len(times) == 0 {
		return "bench: no runs"
	}
	s := append([]time.Duration(nil), times...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	n := len(s)
	median := s[n/2]
	if n%2 == 0 {
		median = (s[n/2-1] + s[n/2]) / 2
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	return fmt.Sprintf("bench: median %.3f ms, min %.3f ms over %d runs", ms(median), ms(s[0]), n)
}

// ttServe answers requests (see the package comment) until end of input.
func ttServe(e *ttEntryPoint, in *bufio.Reader, stdout io.Writer) error {
	out := bufio.NewWriter(stdout)
	var args []*ttArray
	for {
		line, err := in.ReadString('\n')
		if err == io.EOF && line == "" {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading a request: %v", err)
		}
		line = strings.TrimSuffix(line, "\n")
		switch {
		case strings.HasPrefix(line, "run "):
			n, err := strconv.Atoi(strings.TrimPrefix(line, "run "))
			if err != nil || n < 0 || n > 1<<16 {
				return fmt.Errorf("malformed request %q", line)
			}
			args = args[:0]
			for i := 0; i < n; i++ {
				a, err := ttReadNPY(in)
				if err != nil {
					return fmt.Errorf("reading argument #%d: %v", i, err)
				}
				args = append(args, a)
			}
		case line == "again":
			if args == nil {
				return errors.New("\"again\" before any \"run\"")
			}
		case line == "profile":
			if ttProfile == nil {
				fmt.Fprintf(out, "error %s\n", strconv.Quote("the program was not generated with profiling"))
			} else {
				text := ttProfile()
				fmt.Fprintf(out, "profile %d\n%s", len(text), text)
			}
			if err := out.Flush(); err != nil {
				return err
			}
			continue
		default:
			return fmt.Errorf("malformed request %q", line)
		}
		if err := ttCheckArgs(e, args); err != nil {
			fmt.Fprintf(out, "error %s\n", strconv.Quote(err.Error()))
		} else {
			fresh := ttCloneArrays(args)
			start := time.Now()
			results, err := e.invoke(fresh)
			elapsed := time.Since(start)
			if err != nil {
				fmt.Fprintf(out, "error %s\n", strconv.Quote(err.Error()))
			} else {
				fmt.Fprintf(out, "ok %d %d\n", len(results), elapsed.Nanoseconds())
				for _, r := range results {
					if err := ttWriteNPY(out, r); err != nil {
						return err
					}
				}
			}
		}
		if err := out.Flush(); err != nil {
			return err
		}
	}
}
