// Command tt-bench compares tt's two ways of running a model on the
// benchmark programs of issue 6: the eager reference interpreter (one
// tensor-level kernel per op, package interp) and the model compiled to Go
// (the pt2-go pipeline with fusion, parallelize and vectorize, the Go
// emitter, built and run as a child process by backend/gobuild, as tt-run
// --backend go does).
//
// It is a benchmark command, not a test. Run it from the repository root:
//
//	go run ./cmd/tt-bench [-runs 10] [-models softmax,matmul] [-gonum] [-go-simd off|auto|avx2|avx512] [-go-lanes N]
//
// For each model it builds the module (training steps: aot-autograd on
// @loss, an SGD @train_step, everything inlined into it), makes seeded
// random arguments, runs both once (warm-up, and a check that the results
// agree), then alternates one eager run and one compiled run -runs times
// and prints the medians, the speedup (eager / compiled) and peak memory,
// then the geometric mean of the speedups. Times: the eager run's wall
// time in this process; the compiled run's duration measured inside the
// child (the call alone, without the transfer of arguments and results).
//
// Peak memory, two measures: "planned" is the largest total size of the
// buffers the generated code has allocated at once in the entry function
// (plan-memory's static accounting after pt2-go: loops.alloc/dealloc in
// program order; arguments and buffers allocated inside parallel loops not
// counted); "RSS" is the maximum resident set size (getrusage) of a child
// process running the model -child-runs times after building its inputs
// (VmHWM from /proc, Linux only): tt-bench itself in -eager-child mode for
// the interpreter, the generated command with -bench for compiled Go (it
// reads the inputs from .npy files and copies them before each run).
//
// With -gonum it also runs tools/gonumbench (a module of its own, so that
// tt's go.mod does not depend on gonum) with "go run", which times gonum's
// blas32.Gemm on the same 1024x1024x1024 f32 product, twice: as gonum
// builds by default (on amd64 its inner loops are SSE assembly) and with
// -tags noasm (all Go, like the generated code).
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tt-compiler/tt/backend/gobuild"
	looptransforms "github.com/tt-compiler/tt/dialects/loops/transforms"
	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// options are the command's flags.
type options struct {
	runs, childRuns int
	models          string
	gonum           bool
	gonumDir        string
	digits          string
	rss             bool
	eagerChild      string
	goSIMD          string // --go-simd level of the compiled code
	goLanes         int    // f32 lanes of the vector loops (0: the level's)
	simd            goemit.SIMD
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("tt-bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o options
	var keys []string
	for _, m := range models {
		keys = append(keys, m.key)
	}
	fs.IntVar(&o.runs, "runs", 10, "timed runs of each side per model, alternating (medians are reported)")
	fs.StringVar(&o.models, "models", "", "comma-separated models to run (default all): "+strings.Join(keys, ", "))
	fs.BoolVar(&o.gonum, "gonum", false, "also time gonum's blas32.Gemm on 1024^3 (go run in -gonum-dir)")
	fs.StringVar(&o.gonumDir, "gonum-dir", "tools/gonumbench", "the gonum benchmark module")
	fs.StringVar(&o.digits, "digits", "examples/digits/model.mlir", "the digits model")
	fs.BoolVar(&o.rss, "rss", true, "measure the max RSS of child processes running each side")
	fs.IntVar(&o.childRuns, "child-runs", 3, "runs of the model in the RSS child processes")
	fs.StringVar(&o.eagerChild, "eager-child", "", "internal: run model `KEY` in the interpreter -child-runs times and exit (for RSS)")
	fs.StringVar(&o.goSIMD, "go-simd", gobuild.SIMDAuto, "SIMD level of the compiled code: "+gobuild.SIMDChoices)
	fs.IntVar(&o.goLanes, "go-lanes", 0, "f32 lanes of the compiled code's vector loops (f64: half; 0: the level's)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	level, err := gobuild.ResolveSIMD(o.goSIMD)
	if err == nil {
		err = gobuild.CheckHost(level)
	}
	if err != nil || o.goLanes < 0 {
		fmt.Fprintln(stderr, "tt-bench:", err, "(-go-lanes must not be negative)")
		return 2
	}
	o.simd = level
	if o.runs < 1 || o.childRuns < 1 {
		fmt.Fprintln(stderr, "tt-bench: -runs and -child-runs must be positive")
		return 2
	}
	if o.eagerChild != "" {
		if err := eagerChild(o); err != nil {
			fmt.Fprintln(stderr, "tt-bench:", err)
			return 1
		}
		return 0
	}
	selected, err := selectModels(o.models)
	if err != nil {
		fmt.Fprintln(stderr, "tt-bench:", err)
		return 2
	}
	if err := bench(context.Background(), o, selected, stdout, stderr); err != nil {
		fmt.Fprintln(stderr, "tt-bench:", err)
		return 1
	}
	return 0
}

func selectModels(list string) ([]*model, error) {
	if list == "" {
		return models, nil
	}
	var out []*model
	for _, k := range strings.Split(list, ",") {
		k = strings.TrimSpace(k)
		i := slices.IndexFunc(models, func(m *model) bool { return m.key == k })
		if i < 0 {
			return nil, fmt.Errorf("unknown model %q", k)
		}
		out = append(out, models[i])
	}
	return out, nil
}

// result is one row of the table.
type result struct {
	m                    *model
	eager, compiled      time.Duration // medians
	planned              int64
	eagerRSS, compRSS    int64 // bytes; 0 when not measured
	maxErr               float64
	eagerCPU, compiledWC time.Duration
}

func bench(ctx context.Context, o options, selected []*model, stdout, stderr io.Writer) error {
	fmt.Fprintf(stdout, "tt-bench: eager interpreter vs compiled Go (pt2-go + emit/go), %s, GOMAXPROCS=%d, %d CPUs%s\n",
		runtime.Version(), runtime.GOMAXPROCS(0), runtime.NumCPU(), cpuModel())
	f32, f64 := gobuild.VectorWidths(o.simd, o.goLanes)
	fmt.Fprintf(stdout, "compiled with --go-simd=%s (%d f32 lanes, %d f64)\n", o.simd, f32, f64)
	fmt.Fprintf(stdout, "%d alternating runs per side and model, medians; load average at start: %s\n\n", o.runs, loadAvg())
	var rows []result
	for _, m := range selected {
		fmt.Fprintf(stderr, "tt-bench: %s...\n", m.name)
		r, err := benchModel(ctx, o, m)
		if err != nil {
			return fmt.Errorf("%s: %w", m.name, err)
		}
		rows = append(rows, r)
	}
	printTable(stdout, rows, o)
	if o.gonum {
		lines, err := runGonum(ctx, o)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "\n%s\n", strings.Join(lines, "\n"))
		for _, r := range rows {
			if r.m.key == "matmul" {
				fmt.Fprintf(stdout, "compiled tt.matmul 1024^3 (above): median %.3f ms, %.1f GFLOP/s\n", ms(r.compiled), r.m.flops/r.compiled.Seconds()/1e9)
			}
		}
	}
	fmt.Fprintf(stdout, "load average at end: %s\n", loadAvg())
	return nil
}

// benchModel builds, checks and times one model.
func benchModel(ctx context.Context, o options, m *model) (result, error) {
	r := result{m: m}
	mod, err := m.build(o.digits)
	if err != nil {
		return r, err
	}
	args, err := m.args(mod, 1)
	if err != nil {
		return r, err
	}
	comp := mod.Clone(ir.NewMapping())
	in := interp.New(mod, kernels.NewRegistry())
	want, err := in.RunTensors(m.entry, args...)
	if err != nil {
		return r, fmt.Errorf("interpreter: %v", err)
	}
	prog, fn, planned, err := compile(ctx, comp, m.entry, o)
	if err != nil {
		return r, err
	}
	r.planned = planned
	proc, err := prog.Start(fn.Name)
	if err != nil {
		return r, err
	}
	defer proc.Close()
	arrays := make([]*npy.Array, len(args))
	for i, a := range args {
		if arrays[i], err = a.ToNPY(); err != nil {
			return r, err
		}
	}
	res, _, err := proc.Call(ctx, arrays)
	if err != nil {
		return r, fmt.Errorf("compiled: %v", err)
	}
	if r.maxErr, err = maxError(res, want); err != nil {
		return r, err
	}
	eager := make([]time.Duration, o.runs)
	compiled := make([]time.Duration, o.runs)
	for i := range o.runs {
		runtime.GC()
		start := time.Now()
		if _, err := in.RunTensors(m.entry, args...); err != nil {
			return r, err
		}
		eager[i] = time.Since(start)
		_, d, err := proc.Call(ctx, nil) // the same arguments again
		if err != nil {
			return r, err
		}
		compiled[i] = d
	}
	r.eager, r.compiled = median(eager), median(compiled)
	if o.rss {
		if r.compRSS, err = compiledRSS(ctx, prog, fn.Name, arrays, o.childRuns); err != nil {
			return r, err
		}
		if r.eagerRSS, err = eagerRSS(ctx, o, m); err != nil {
			return r, err
		}
	}
	return r, nil
}

// compile lowers mod (pt2-go), emits and builds it, and returns the
// program, the entry's Go function and the planned peak bytes of the entry.
func compile(ctx context.Context, mod *ir.Operation, entry string, o options) (*gobuild.Program, *goemit.Func, int64, error) {
	if err := gobuild.Lower(ctx, mod, registry.NewPassRegistry(), gobuild.LowerOptions{SIMD: o.simd, VectorLanesF32: o.goLanes}); err != nil {
		return nil, nil, 0, err
	}
	planned, err := plannedPeak(mod, entry)
	if err != nil {
		return nil, nil, 0, err
	}
	pkg, err := goemit.Emit(mod, goemit.Options{Package: goemit.DefaultPackage, SIMD: o.simd})
	if err != nil {
		return nil, nil, 0, err
	}
	fn := pkg.Func(entry)
	if fn == nil {
		return nil, nil, 0, fmt.Errorf("no Go function for @%s", entry)
	}
	prog, err := gobuild.Build(ctx, pkg, gobuild.BuildOptions{Version: ttrun.Version})
	if err != nil {
		return nil, nil, 0, err
	}
	return prog, fn, planned, nil
}

// plannedPeak returns the largest number of bytes of buffers the lowered
// entry has allocated at once, by plan-memory's accounting (run on a copy:
// the function is already planned, so it only measures).
func plannedPeak(mod *ir.Operation, entry string) (int64, error) {
	c := mod.Clone(ir.NewMapping())
	fn := ir.NewSymbolTable(c).Lookup(entry)
	if fn == nil {
		return 0, fmt.Errorf("no function @%s after lowering", entry)
	}
	st, err := looptransforms.PlanMemory(fn)
	return st.PeakBefore, err
}

// maxError returns max |got - want| / max(1, max |want|) over the results.
func maxError(got []*npy.Array, want []*interp.Tensor) (float64, error) {
	if len(got) != len(want) {
		return 0, fmt.Errorf("compiled code returned %d results, the interpreter %d", len(got), len(want))
	}
	worst := 0.0
	for i := range got {
		g, err := interp.FromNPY(got[i])
		if err != nil {
			return 0, err
		}
		w := want[i]
		if g.Len() != w.Len() {
			return 0, fmt.Errorf("result #%d: %d elements, the interpreter %d", i, g.Len(), w.Len())
		}
		if !w.DType().IsFloat() {
			if !interp.Equal(g, w) {
				return 0, fmt.Errorf("result #%d differs from the interpreter's", i)
			}
			continue
		}
		scale, diff := 1.0, 0.0
		for k := range w.Len() {
			scale = max(scale, math.Abs(w.Float(k)))
		}
		for k := range w.Len() {
			d := math.Abs(g.Float(k) - w.Float(k))
			if math.IsNaN(d) {
				return 0, fmt.Errorf("result #%d: element %d is %v, the interpreter's %v", i, k, g.Float(k), w.Float(k))
			}
			diff = max(diff, d)
		}
		worst = max(worst, diff/scale)
	}
	if worst > 1e-3 {
		return worst, fmt.Errorf("compiled and interpreted results differ: max error %.3g (relative to the largest magnitude)", worst)
	}
	return worst, nil
}

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// The peak resident set size of a child is read from /proc/PID/status
// (VmHWM, the high-water mark of the child's own address space). The
// getrusage maximum of a child is not used: Linux carries the RSS of the
// parent at fork time into it, which would report tt-bench's own size.

// vmHWM reads VmHWM from a /proc status file, in bytes.
func vmHWM(path string) (int64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(v)
			if len(f) == 2 && f[1] == "kB" {
				if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil {
					return kb * 1024, true
				}
			}
		}
	}
	return 0, false
}

// runPeak runs cmd and returns the largest VmHWM seen while polling its
// /proc status (0 when /proc is unavailable), and the child's output.
func runPeak(cmd *exec.Cmd) (int64, string, error) {
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return 0, "", err
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	status := fmt.Sprintf("/proc/%d/status", cmd.Process.Pid)
	var peak int64
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		if v, ok := vmHWM(status); ok {
			peak = max(peak, v)
		}
		select {
		case err := <-done:
			return peak, out.String(), err
		case <-tick.C:
		}
	}
}

// compiledRSS runs the generated command on the arguments (written as .npy
// files) and returns its peak RSS.
func compiledRSS(ctx context.Context, prog *gobuild.Program, entry string, args []*npy.Array, runs int) (int64, error) {
	dir, err := os.MkdirTemp("", "tt-bench-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(dir)
	cmdArgs := []string{"-entry", entry, "-bench", strconv.Itoa(runs - 1)}
	for i, a := range args {
		p := filepath.Join(dir, fmt.Sprintf("in%d.npy", i))
		if err := npy.WriteFile(p, a); err != nil {
			return 0, err
		}
		cmdArgs = append(cmdArgs, "-input", p)
	}
	peak, out, err := runPeak(exec.CommandContext(ctx, prog.Binary, cmdArgs...))
	if err != nil {
		return 0, fmt.Errorf("%s: %v\n%s", prog.Binary, err, out)
	}
	return peak, nil
}

// eagerRSS runs tt-bench -eager-child for the model and returns its peak
// RSS, as the child reports it (its own VmHWM at exit), or as polled.
func eagerRSS(ctx context.Context, o options, m *model) (int64, error) {
	self, err := os.Executable()
	if err != nil {
		return 0, err
	}
	cmd := exec.CommandContext(ctx, self, "-eager-child", m.key, "-child-runs", strconv.Itoa(o.childRuns), "-digits", o.digits)
	peak, out, err := runPeak(cmd)
	if err != nil {
		return 0, fmt.Errorf("eager child: %v\n%s", err, out)
	}
	for _, line := range strings.Split(out, "\n") {
		if v, ok := strings.CutPrefix(line, "vmhwm "); ok {
			if b, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
				peak = max(peak, b)
			}
		}
	}
	return peak, nil
}

// eagerChild runs a model in the interpreter (the -eager-child mode).
func eagerChild(o options) error {
	sel, err := selectModels(o.eagerChild)
	if err != nil {
		return err
	}
	m := sel[0]
	mod, err := m.build(o.digits)
	if err != nil {
		return err
	}
	args, err := m.args(mod, 1)
	if err != nil {
		return err
	}
	in := interp.New(mod, kernels.NewRegistry())
	for range o.childRuns {
		if _, err := in.RunTensors(m.entry, args...); err != nil {
			return err
		}
	}
	if v, ok := vmHWM("/proc/self/status"); ok {
		fmt.Printf("vmhwm %d\n", v)
	}
	return nil
}

// runGonum runs tools/gonumbench twice, as built by default (gonum's
// amd64 assembly kernels for its inner loops) and with -tags noasm (pure
// Go), and returns the report lines.
func runGonum(ctx context.Context, o options) ([]string, error) {
	if _, err := os.Stat(filepath.Join(o.gonumDir, "go.mod")); err != nil {
		return nil, fmt.Errorf("-gonum: no module in %s (run tt-bench from the repository root, or set -gonum-dir): %v", o.gonumDir, err)
	}
	goCmd, err := gobuild.GoTool()
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, tags := range []string{"", "noasm"} {
		args := []string{"run"}
		label := "default build (assembly kernels on amd64)"
		if tags != "" {
			args = append(args, "-tags", tags)
			label = "-tags noasm (pure Go)"
		}
		args = append(args, ".", "-n", "1024", "-runs", strconv.Itoa(o.runs))
		cmd := exec.CommandContext(ctx, goCmd, args...)
		cmd.Dir = o.gonumDir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			return nil, fmt.Errorf("-gonum: go %s in %s: %v\n%s", strings.Join(args, " "), o.gonumDir, err, errb.String())
		}
		lines = append(lines, strings.TrimSpace(out.String())+", "+label)
	}
	return lines, nil
}

func printTable(w io.Writer, rows []result, o options) {
	fmt.Fprintf(w, "%-32s %10s %12s %8s %11s %11s %13s %10s\n", "model", "eager ms", "compiled ms", "speedup", "planned MiB", "eager RSS", "compiled RSS", "max err")
	logSum, n := 0.0, 0
	for _, r := range rows {
		sp := r.eager.Seconds() / r.compiled.Seconds()
		logSum += math.Log(sp)
		n++
		rss := func(b int64) string {
			if b == 0 {
				return "-"
			}
			return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
		}
		fmt.Fprintf(w, "%-32s %10.3f %12.3f %7.2fx %11.1f %11s %13s %10.1e\n", r.m.name, ms(r.eager), ms(r.compiled), sp,
			float64(r.planned)/(1<<20), rss(r.eagerRSS), rss(r.compRSS), r.maxErr)
	}
	if n > 0 {
		fmt.Fprintf(w, "\ngeometric-mean speedup of compiled Go over the eager interpreter: %.2fx (%d models)\n", math.Exp(logSum/float64(n)), n)
	}
	for _, r := range rows {
		if r.m.flops > 0 {
			fmt.Fprintf(w, "%s: eager %.1f GFLOP/s, compiled %.1f GFLOP/s\n", r.m.name, r.m.flops/r.eager.Seconds()/1e9, r.m.flops/r.compiled.Seconds()/1e9)
		}
	}
	fmt.Fprintln(w, "\nplanned: peak bytes of buffers the generated entry function holds at once (plan-memory's static count, arguments excluded).")
	if o.rss {
		fmt.Fprintf(w, "RSS: peak resident set size (VmHWM) of a child process running the model %d times (interpreter: tt-bench -eager-child; compiled: the generated command, which also keeps a copy of the inputs per run).\n", o.childRuns)
	}
	fmt.Fprintln(w, "max err: max |compiled - eager| over the results, relative to the largest |eager| value (at least 1).")
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
			return ", " + strings.TrimSpace(v)
		}
	}
	return ""
}
