package main

import (
	"bytes"
	"context"
	_ "embed"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/tt-compiler/tt/examples/digits/sgd"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/runtime/cuda"
	"github.com/tt-compiler/tt/test/programs"
)

//go:embed copy.ptx
var copyPTX string

// benchResult is one line of gpucheck bench.
type benchResult struct {
	Name     string  `json:"name"`
	Status   string  `json:"status"` // ok, unsupported, error
	Detail   string  `json:"detail,omitempty"`
	Timing   string  `json:"timing,omitempty"` // cuda-events or wall
	Runs     int     `json:"runs,omitempty"`
	MedianMs float64 `json:"median_ms,omitempty"`
	MinMs    float64 `json:"min_ms,omitempty"`
	// Bytes is the least memory traffic (inputs read once, results
	// written once), Flops the arithmetic of a matrix product.
	Bytes     int64   `json:"bytes,omitempty"`
	GBs       float64 `json:"gb_s,omitempty"`
	PctOfCopy float64 `json:"pct_of_copy,omitempty"`
	Flops     float64 `json:"flops,omitempty"`
	TFlops    float64 `json:"tflop_s,omitempty"`
}

// benchCase is one benchmark: a tt program run on the backend.
type benchCase struct {
	name     string
	memBound bool    // report GB/s and % of the copy kernel
	flops    float64 // report TFLOP/s
	source   func(rows int) (src, entry string, err error)
}

// benchCases are the benchmarks after the copy kernel; rows scales the
// memory-bound ones (their x has rows × 1024 f32: 262144 rows is 1 GiB).
var benchCases = []benchCase{
	{name: "softmax", memBound: true, source: rowsProgram("softmax", 4096)},
	{name: "layer_norm", memBound: true, source: rowsProgram("layer_norm", 8192)},
	{name: "gelu_chain", memBound: true, source: rowsProgram("gelu_chain", 4096)},
	{name: "matmul_4096_f32", flops: 2 * 4096 * 4096 * 4096, source: matmulProgram(4096, "f32")},
	{name: "matmul_4096_f16", flops: 2 * 4096 * 4096 * 4096, source: matmulProgram(4096, "f16")},
	{name: "mlp_train_step", flops: 3 * 2 * 256 * (784*1024 + 1024*1024 + 1024*10), source: mlpTrainStep},
}

// rowsProgram is test/programs' NAME.mlir on rows rows instead of base.
func rowsProgram(name string, base int64) func(int) (string, string, error) {
	return func(rows int) (string, string, error) {
		src, err := programs.Source(name)
		if err != nil {
			return "", "", err
		}
		return programs.WithRows(src, base, int64(rows)), name, nil
	}
}

// matmulProgram is an n×n by n×n matrix product of element type elem.
func matmulProgram(n int, elem string) func(int) (string, string, error) {
	return func(int) (string, string, error) {
		t := fmt.Sprintf("tensor<%dx%dx%s>", n, n, elem)
		return fmt.Sprintf("func.func @matmul(%%a: %s, %%b: %s) -> %s {\n  %%0 = tensor.matmul %%a, %%b : %s, %s\n  return %%0 : %s\n}\n",
			t, t, t, t, t, t), "matmul", nil
	}
}

// mlpTrainStep is test/programs' MLP (784-1024-1024-10, batch 256) as
// tt-bench trains it: aot-autograd on @loss, an SGD @train_step, all
// inlined.
func mlpTrainStep(int) (string, string, error) {
	src, err := programs.Source("mlp")
	if err != nil {
		return "", "", err
	}
	mod, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "mlp.mlir"})
	if err != nil {
		return "", "", err
	}
	reg := registry.NewPassRegistry()
	pm, err := reg.Parse("builtin.module(inline,aot-autograd{func=loss})")
	if err != nil {
		return "", "", err
	}
	if err := pm.Run(mod, nil); err != nil {
		return "", "", err
	}
	if err := sgd.AddStep(mod, "loss_grad", "train_step", []int{2, 3, 4, 5, 6, 7}, 0.05); err != nil {
		return "", "", err
	}
	if pm, err = reg.Parse("builtin.module(inline)"); err != nil {
		return "", "", err
	}
	if err := pm.Run(mod, nil); err != nil {
		return "", "", err
	}
	if err := ir.Verify(mod); err != nil {
		return "", "", err
	}
	var b bytes.Buffer
	if err := asm.Print(&b, mod, asm.PrintOptions{}); err != nil {
		return "", "", err
	}
	return b.String(), "train_step", nil
}

// bench is gpucheck bench.
func bench(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	backend := fs.String("backend", "cuda", "tt-run backend to run the programs on")
	rows := fs.Int("rows", 262144, "rows of 1024 f32 of the memory-bound programs (262144: 1 GiB)")
	runs := fs.Int("runs", 5, "timed runs after the warm-up; the median is reported")
	list := fs.Bool("list", false, "list the benchmarks instead of running them")
	only := fs.String("only", "", "comma-separated benchmark names to run (default: all)")
	timeout := fs.Duration("case-timeout", 120*time.Second, "give up on a benchmark after this long")
	if err := fs.Parse(args); err != nil {
		return err
	}
	want := func(name string) bool {
		return *only == "" || slices.Contains(strings.Split(*only, ","), name)
	}
	lw := newLineWriter(stdout)
	if *backend == ttrun.CUDABackendName && !*list {
		var held heldContext
		held.take()
		defer held.release()
	}
	copyBytes := int64(*rows) * 1024 * 4
	var copyGBs float64
	if want("copy") {
		if *list {
			fmt.Fprintf(stdout, "bench copy (%d bytes, runtime/cuda, CUDA events)\n", copyBytes)
		} else {
			r := copyBench(copyBytes, *runs)
			if *backend != ttrun.CUDABackendName {
				r = benchResult{Name: "copy", Status: "unsupported", Detail: "the copy kernel runs on --backend cuda only"}
			}
			copyGBs = r.GBs
			lw.write(r)
		}
	}
	for _, c := range benchCases {
		if !want(c.name) {
			continue
		}
		if *list {
			fmt.Fprintf(stdout, "bench %s (--backend %s)\n", c.name, *backend)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), *timeout)
		r := runBench(ctx, *backend, c, *rows, *runs)
		cancel()
		if c.memBound && copyGBs > 0 && r.GBs > 0 {
			r.PctOfCopy = 100 * r.GBs / copyGBs
		}
		lw.write(r)
	}
	return nil
}

// runBench runs one benchmark: a warm-up run, then runs timed runs.
func runBench(ctx context.Context, backend string, c benchCase, rows, runs int) benchResult {
	r := benchResult{Name: c.name, Timing: "wall"}
	if backend == ttrun.CUDABackendName {
		r.Timing = "cuda-events"
	}
	src, entry, err := c.source(rows)
	if err != nil {
		r.Status, r.Detail = "error", err.Error()
		return r
	}
	res, err := ttrun.Run(ctx, ttrun.Config{File: c.name + ".mlir", Source: []byte(src), Entry: entry, Backend: backend,
		Random: &ttrun.Random{Seed: 1, DimSize: ttrun.DefaultDimSize}, Bench: runs})
	if err != nil {
		msg, _, _ := strings.Cut(err.Error(), "\n")
		r.Status, r.Detail = "error", msg
		if unsupportedOnGPU(msg) {
			r.Status = "unsupported"
		}
		return r
	}
	r.Status, r.Runs = "ok", len(res.Times)
	med, low := medianMin(res.Times)
	r.MedianMs, r.MinMs = ms(med), ms(low)
	if med <= 0 {
		return r
	}
	if c.memBound {
		for _, t := range slices.Concat(res.Args, res.Outputs) {
			r.Bytes += int64(t.Len() * elemBytes(t.DType()))
		}
		r.GBs = float64(r.Bytes) / med.Seconds() / 1e9
	}
	if c.flops > 0 {
		r.Flops = c.flops
		r.TFlops = c.flops / med.Seconds() / 1e12
	}
	return r
}

// copyBench times the copy kernel on GPU 0 with CUDA events: two warm-up
// launches, then runs timed ones; GB/s counts the bytes read and written.
func copyBench(n int64, runs int) benchResult {
	r := benchResult{Name: "copy", Timing: "cuda-events", Bytes: 2 * n}
	if err := copyBenchRun(&r, n, runs); err != nil {
		r.Status, r.Detail = "error", err.Error()
		return r
	}
	r.Status = "ok"
	return r
}

func copyBenchRun(r *benchResult, n int64, runs int) error {
	drv, err := cuda.Default()
	if err != nil {
		return err
	}
	ctx, err := drv.NewContext(0)
	if err != nil {
		return err
	}
	defer ctx.Close()
	mod, err := ctx.LoadModule("copy.ptx", copyPTX)
	if err != nil {
		return err
	}
	defer mod.Unload()
	fn, err := mod.Function("copy4")
	if err != nil {
		return err
	}
	src, err := ctx.Alloc(int(n))
	if err != nil {
		return err
	}
	defer src.Free()
	dst, err := ctx.Alloc(int(n))
	if err != nil {
		return err
	}
	defer dst.Free()
	if err := src.Memset(1); err != nil {
		return err
	}
	start, err := ctx.NewEvent()
	if err != nil {
		return err
	}
	defer start.Destroy()
	end, err := ctx.NewEvent()
	if err != nil {
		return err
	}
	defer end.Destroy()
	vecs := uint64(n / 16)
	blocks := min(uint32(ctx.Device().Multiprocessors*16), uint32((vecs+255)/256))
	cfg := cuda.LaunchConfig{Grid: cuda.Dim3{X: max(blocks, 1)}, Block: cuda.Dim3{X: 256}}
	args := []cuda.Arg{cuda.Ptr(src.Ptr()), cuda.Ptr(dst.Ptr()), cuda.U64(vecs)}
	var times []time.Duration
	for i := range runs + 2 {
		if err := start.Record(nil); err != nil {
			return err
		}
		if err := fn.Launch(cfg, args...); err != nil {
			return err
		}
		if err := end.Record(nil); err != nil {
			return err
		}
		if err := end.Synchronize(); err != nil {
			return err
		}
		t, err := cuda.ElapsedTime(start, end)
		if err != nil {
			return err
		}
		if i >= 2 {
			times = append(times, t)
		}
	}
	out := make([]byte, 16)
	if err := dst.CopyToHost(out); err != nil {
		return err
	}
	if !bytes.Equal(out, bytes.Repeat([]byte{1}, 16)) {
		return fmt.Errorf("the copy kernel copied %x, want 01 bytes", out)
	}
	med, low := medianMin(times)
	r.Runs, r.MedianMs, r.MinMs = len(times), ms(med), ms(low)
	if med > 0 {
		r.GBs = float64(r.Bytes) / med.Seconds() / 1e9
	}
	return nil
}

func medianMin(ts []time.Duration) (median, low time.Duration) {
	if len(ts) == 0 {
		return 0, 0
	}
	s := slices.Clone(ts)
	slices.Sort(s)
	if n := len(s); n%2 == 1 {
		median = s[n/2]
	} else {
		median = (s[n/2-1] + s[n/2]) / 2
	}
	return median, s[0]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func elemBytes(dt interp.DType) int {
	switch dt {
	case interp.F64, interp.I64, interp.Index:
		return 8
	case interp.F16, interp.BF16:
		return 2
	case interp.I1:
		return 1
	}
	return 4
}
