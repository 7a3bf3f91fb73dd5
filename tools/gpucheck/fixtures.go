package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/runtime/cuda"
	"github.com/tt-compiler/tt/runtime/npy"
)

// fixture is one program with PyTorch's results.
type fixture struct {
	suite, name, file, entry, pipeline string
	src                                []byte // the program, when not in file
	inputs, outputs                    []string
	tols                               [][2]float64
}

// fixtureResult is one line of gpucheck fixtures.
type fixtureResult struct {
	Suite  string  `json:"suite"`
	Name   string  `json:"name"`
	Status string  `json:"status"` // pass, fail, unsupported, error
	Detail string  `json:"detail,omitempty"`
	Secs   float64 `json:"secs"`
}

// loadFixtures reads the manifests of test/refdata and interp/testdata/ref
// (paths relative to the repository root).
func loadFixtures() ([]fixture, error) {
	root := filepath.Join("test", "refdata")
	data, err := os.ReadFile(filepath.Join(root, "manifest.json"))
	if err != nil {
		return nil, err
	}
	var m struct {
		Cases []struct {
			Name       string       `json:"name"`
			MLIRFile   string       `json:"mlir_file"`
			Func       string       `json:"func"`
			Pipeline   string       `json:"pipeline"`
			Inputs     []string     `json:"inputs"`
			Outputs    []string     `json:"outputs"`
			Tolerances [][2]float64 `json:"tolerances"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", root, err)
	}
	join := func(dir string, fs []string) []string {
		out := make([]string, len(fs))
		for i, f := range fs {
			out[i] = filepath.Join(dir, f)
		}
		return out
	}
	var out []fixture
	for _, c := range m.Cases {
		out = append(out, fixture{suite: "refdata", name: c.Name, file: filepath.Join(root, c.MLIRFile), entry: c.Func,
			pipeline: c.Pipeline, inputs: join(root, c.Inputs), outputs: join(root, c.Outputs), tols: c.Tolerances})
	}
	im, err := interptest.LoadManifest(filepath.Join("interp", "testdata", "ref", "manifest.json"))
	if err != nil {
		return nil, err
	}
	for i := range im.Cases {
		c := &im.Cases[i]
		src, err := im.Source(c)
		if err != nil {
			return nil, err
		}
		f := fixture{suite: "interp", name: c.Name, file: c.Name + ".mlir", src: []byte(src), entry: c.Func,
			inputs: join(im.Dir, c.Inputs), outputs: join(im.Dir, c.Outputs)}
		for range c.Outputs {
			f.tols = append(f.tols, [2]float64{c.RTol, c.ATol})
		}
		out = append(out, f)
	}
	return out, nil
}

// unsupportedOnGPU reports whether an error says the GPU path (or the loop
// level) does not support the program yet, rather than that it went wrong.
func unsupportedOnGPU(msg string) bool {
	return strings.Contains(msg, "is not supported in kernels") || strings.Contains(msg, "is not supported at the loop level")
}

// runFixture runs f on the backend and compares its results with PyTorch's.
func runFixture(ctx context.Context, backend string, f fixture) (r fixtureResult) {
	r = fixtureResult{Suite: f.suite, Name: f.name}
	start := time.Now()
	defer func() { r.Secs = time.Since(start).Seconds() }()
	res, err := ttrun.Run(ctx, ttrun.Config{File: f.file, Source: f.src, Entry: f.entry, Pipeline: f.pipeline,
		Inputs: f.inputs, Backend: backend})
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		r.Status, r.Detail = "error", msg
		if unsupportedOnGPU(msg) {
			r.Status = "unsupported"
		}
		return r
	}
	if len(res.Outputs) != len(f.outputs) {
		r.Status, r.Detail = "fail", fmt.Sprintf("%d results, PyTorch has %d", len(res.Outputs), len(f.outputs))
		return r
	}
	for i, want := range f.outputs {
		w, err := npy.ReadFile(want)
		if err != nil {
			r.Status, r.Detail = "error", err.Error()
			return r
		}
		g, err := ttrun.ToNPY(res.Outputs[i])
		if err != nil {
			r.Status, r.Detail = "error", fmt.Sprintf("result %d: %v", i, err)
			return r
		}
		if err := ttrun.CompareNPY(g, w, f.tols[i][0], f.tols[i][1]); err != nil {
			r.Status, r.Detail = "fail", fmt.Sprintf("result %d: %v", i, err)
			return r
		}
	}
	r.Status = "pass"
	return r
}

// fixtures is gpucheck fixtures.
func fixtures(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fixtures", flag.ContinueOnError)
	fs.SetOutput(stderr)
	backend := fs.String("backend", "cuda", "tt-run backend to run the programs on")
	list := fs.Bool("list", false, "list the cases instead of running them")
	limit := fs.Int("limit", 0, "run only the first N cases of each suite (0: all)")
	timeout := fs.Duration("case-timeout", 60*time.Second, "give up on a case after this long")
	if err := fs.Parse(args); err != nil {
		return err
	}
	all, err := loadFixtures()
	if err != nil {
		return err
	}
	lw := newLineWriter(stdout)
	var held heldContext
	if *backend == ttrun.CUDABackendName && !*list {
		held.take()
		defer held.release()
	}
	perSuite := map[string]int{}
	for _, f := range all {
		if *limit > 0 && perSuite[f.suite] >= *limit {
			continue
		}
		perSuite[f.suite]++
		if *list {
			fmt.Fprintf(stdout, "fixture %s/%s\n", f.suite, f.name)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		r := runFixture(ctx, *backend, f)
		cancel()
		lw.write(r)
		if r.Status == "error" && strings.Contains(r.Detail, "CUDA_ERROR_") {
			// A kernel fault leaves the context unusable: let the driver
			// destroy it, so that the next case gets a fresh one.
			held.release()
			held.take()
		}
	}
	return nil
}

// heldContext keeps GPU 0's primary context retained between cases, so
// that each case's backend finds it instead of creating it anew.
type heldContext struct{ ctx *cuda.Context }

func (h *heldContext) take() {
	if drv, err := cuda.Default(); err == nil {
		h.ctx, _ = drv.NewContext(0)
	}
}

func (h *heldContext) release() {
	if h.ctx != nil {
		_ = h.ctx.Close()
		h.ctx = nil
	}
}
