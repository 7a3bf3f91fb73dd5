// Command tt-bench compares tt's two ways of running a model on the
// benchmark programs (test/programs), and both with PyTorch: the eager
// reference interpreter (one tensor-level kernel per op, package interp),
// the model compiled to Go (the pt2-go pipeline with fusion, parallelize
// and vectorize, the Go emitter, built and run as a child process by
// backend/gobuild, as tt-run --backend go does), PyTorch 1.13 eager and,
// for the matrix product, NumPy's matmul (BLAS sgemm).
//
// It is a benchmark command, not a test. Run it from the repository root:
//
//	go run ./cmd/tt-bench [-runs 10] [-models softmax,matmul] [-python /usr/bin/python3] [-gonum]
//
// For each model it builds the module (training steps: aot-autograd on
// the model's loss function, an SGD @train_step, everything inlined into
// it), makes seeded random arguments, runs every side once (warm-up, and a
// check that the results agree), then alternates one run of each side
// -runs times and prints the medians, the ratios and peak memory, then
// geometric means. Times: the eager run's wall time in this process; the
// compiled run's duration measured inside the child (the call alone,
// without the transfer of arguments and results); PyTorch's and NumPy's
// measured inside the Python child around the call.
//
// PyTorch and NumPy: with -python (default /usr/bin/python3) an
// interpreter that imports torch and numpy runs cmd/tt-bench/torchbench.py
// (embedded) as one long-lived child process, fed the same arguments as
// .npy files, with torch.set_num_threads(GOMAXPROCS) and
// OMP_NUM_THREADS/OPENBLAS_NUM_THREADS = GOMAXPROCS; its models are written
// as a PyTorch user writes them (see the script), training steps with
// autograd and the same SGD update. Its results are checked against the
// compiled Go code's ("err vs PyTorch"). Where the interpreter or its
// modules are missing, or with -python "", the PyTorch and NumPy columns
// say so and the rest runs. -blas-dir chooses the BLAS library the child
// loads (see openBLASDir); the table names the one it loaded.
//
// Memory-bound models (softmax, layer_norm, the GELU chain) also get their
// bandwidth: the bytes of their arguments and results over the time, next
// to a parallel copy of the same number of bytes in Go with GOMAXPROCS
// goroutines (the roofline, timed in the same alternation), and each
// side's time as a percentage of the copy's.
//
// Peak memory, two measures: "planned" is the largest total size of the
// buffers the generated code has allocated at once in the entry function
// (plan-memory's static accounting after pt2-go: loops.alloc/dealloc in
// program order; arguments and buffers allocated inside parallel loops not
// counted); "RSS" is the maximum resident set size of a child
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
	verbose         bool
	python          string
	blasDir         string
	command         string // how tt-bench was run, for the table
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
	fs.StringVar(&o.python, "python", "/usr/bin/python3", "Python interpreter with torch and numpy for the PyTorch and NumPy columns (\"\" to leave them out)")
	fs.StringVar(&o.blasDir, "blas-dir", "auto", "directory put first on the Python child's LD_LIBRARY_PATH to choose its libblas.so.3 (auto: Debian's OpenBLAS when installed; \"\" for the system's)")
	fs.BoolVar(&o.verbose, "v", false, "print the directory of each model's generated Go program (model/model.go, main.go, the binary)")
	fs.StringVar(&o.eagerChild, "eager-child", "", "internal: run model `KEY` in the interpreter -child-runs times and exit (for RSS)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
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
	o.command = commandLine(args)
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
	m                 *model
	eager, compiled   time.Duration // medians
	torch, numpy      time.Duration // medians; 0 when not run
	copy              time.Duration // median of the roofline copy; 0 when not run
	traffic           int64         // bytes of arguments and results
	planned           int64
	eagerRSS, compRSS int64 // bytes; 0 when not measured
	maxErr            float64
	torchErr          float64 // compiled vs PyTorch; -1 when not run
	numpyErr          float64 // compiled vs NumPy; -1 when not run
}

func bench(ctx context.Context, o options, selected []*model, stdout, stderr io.Writer) error {
	procs := runtime.GOMAXPROCS(0)
	py, pyNote := startPythonSide(ctx, o, procs)
	if py != nil {
		defer py.Close()
	}
	fmt.Fprintf(stdout, "tt-bench: eager interpreter vs compiled Go (pt2-go + emit/go) vs PyTorch eager, %s, GOMAXPROCS=%d, %d CPUs%s\n",
		runtime.Version(), procs, runtime.NumCPU(), cpuModel())
	fmt.Fprintf(stdout, "command: %s\n", o.command)
	fmt.Fprintf(stdout, "Python side: %s\n", pyNote)
	fmt.Fprintf(stdout, "%d alternating runs per side and model, medians; load average at start: %s\n\n", o.runs, loadAvg())
	var rows []result
	for _, m := range selected {
		fmt.Fprintf(stderr, "tt-bench: %s...\n", m.name)
		r, err := benchModel(ctx, o, m, py, stderr)
		if err != nil {
			return fmt.Errorf("%s: %w", m.name, err)
		}
		rows = append(rows, r)
	}
	printTable(stdout, rows, o, py != nil)
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

// startPythonSide starts the PyTorch and NumPy child, or returns nil and
// why not.
func startPythonSide(ctx context.Context, o options, procs int) (*pyChild, string) {
	if o.python == "" {
		return nil, "not run (-python \"\"); no PyTorch or NumPy columns"
	}
	blasDir := o.blasDir
	if blasDir == "auto" {
		blasDir = ""
		if _, err := os.Stat(filepath.Join(openBLASDir, "libblas.so.3")); err == nil {
			blasDir = openBLASDir
		}
	}
	py, err := startPython(ctx, o.python, procs, blasDir)
	if err != nil {
		return nil, fmt.Sprintf("not available (%s: %v); no PyTorch or NumPy columns", o.python, err)
	}
	return py, py.describe()
}

// commandLine returns how tt-bench was run: "go run ./cmd/tt-bench ARGS"
// when it runs from go run's build directory.
func commandLine(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = a
		if a == "" || strings.ContainsAny(a, " \t'\"$\\") {
			quoted[i] = strconv.Quote(a)
		}
	}
	self := os.Args[0]
	if strings.Contains(self, "go-build") {
		self = "go run ./cmd/tt-bench"
	}
	return strings.TrimSpace(self + " " + strings.Join(quoted, " "))
}

// benchModel builds, checks and times one model.
func benchModel(ctx context.Context, o options, m *model, py *pyChild, stderr io.Writer) (result, error) {
	r := result{m: m, torchErr: -1, numpyErr: -1}
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
	prog, fn, planned, err := compile(ctx, comp, m.entry)
	if err != nil {
		return r, err
	}
	r.planned = planned
	if o.verbose {
		fmt.Fprintf(stderr, "tt-bench: %s: generated program in %s\n", m.name, prog.Dir)
	}
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
	for _, a := range arrays {
		r.traffic += int64(a.Len() * a.DType.Size())
	}
	for _, a := range res {
		r.traffic += int64(a.Len() * a.DType.Size())
	}
	withTorch, withNumPy := py != nil, py != nil && m.numpy
	if withTorch {
		if r.torchErr, r.numpyErr, err = loadPython(py, m, arrays, res); err != nil {
			return r, fmt.Errorf("PyTorch: %v", err)
		}
	}
	var cp *copier
	if m.memBound {
		cp = newCopier(r.traffic/2, runtime.GOMAXPROCS(0))
	}
	var eager, compiled, torch, numpy, copies []time.Duration
	for range o.runs {
		runtime.GC()
		start := time.Now()
		if _, err := in.RunTensors(m.entry, args...); err != nil {
			return r, err
		}
		eager = append(eager, time.Since(start))
		_, d, err := proc.Call(ctx, nil) // the same arguments again
		if err != nil {
			return r, err
		}
		compiled = append(compiled, d)
		if withTorch {
			if d, err = py.run("torch"); err != nil {
				return r, fmt.Errorf("PyTorch: %v", err)
			}
			torch = append(torch, d)
		}
		if withNumPy {
			if d, err = py.run("numpy"); err != nil {
				return r, fmt.Errorf("NumPy: %v", err)
			}
			numpy = append(numpy, d)
		}
		if cp != nil {
			copies = append(copies, cp.run())
		}
	}
	r.eager, r.compiled = median(eager), median(compiled)
	r.torch, r.numpy, r.copy = median(torch), median(numpy), median(copies)
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

// loadPython loads the model into the Python child with the arguments
// and compares its results (and NumPy's, for the matrix product) with the
// compiled code's, got: it returns both errors (-1 for NumPy's when not
// run).
func loadPython(py *pyChild, m *model, args, got []*npy.Array) (torchErr, numpyErr float64, err error) {
	dir, err := os.MkdirTemp("", "tt-bench-args-")
	if err != nil {
		return 0, 0, err
	}
	defer os.RemoveAll(dir)
	for i, a := range args {
		if err := npy.WriteFile(filepath.Join(dir, fmt.Sprintf("in%d.npy", i)), a); err != nil {
			return 0, 0, err
		}
	}
	n, err := py.load(torchLoad{Key: m.key, Dir: dir, N: len(args), Train: m.train, LR: lr, NumPy: m.numpy})
	if err != nil {
		return 0, 0, err
	}
	read := func(name string, k int) ([]*npy.Array, error) {
		out := make([]*npy.Array, k)
		for i := range out {
			var err error
			if out[i], err = npy.ReadFile(filepath.Join(dir, fmt.Sprintf("%s%d.npy", name, i))); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	theirs, err := read("torch", n)
	if err != nil {
		return 0, 0, err
	}
	if torchErr, err = compareWith(m, args, got, theirs); err != nil {
		return 0, 0, err
	}
	numpyErr = -1
	if m.numpy {
		np, err := read("numpy", 1)
		if err != nil {
			return 0, 0, err
		}
		if numpyErr, err = compareWith(m, args, got, np); err != nil {
			return 0, 0, err
		}
	}
	return torchErr, numpyErr, nil
}

// compareWith returns the largest difference between the compiled code's
// results and another implementation's, each relative to the largest
// magnitude of the other's result (at least 1, as maxError does). For a
// training step the parameters' updates are compared instead of the
// updated parameters (argument minus result, relative to the largest
// update), so that the gradients are checked, not the parameters they
// barely move.
func compareWith(m *model, args, got, theirs []*npy.Array) (float64, error) {
	if len(got) != len(theirs) {
		return 0, fmt.Errorf("%d results, tt's compiled code %d", len(theirs), len(got))
	}
	worst := 0.0
	for i := range got {
		g, err := floats(got[i])
		if err != nil {
			return 0, err
		}
		t, err := floats(theirs[i])
		if err != nil {
			return 0, err
		}
		if len(g) != len(t) {
			return 0, fmt.Errorf("result #%d: %d elements, tt's %d", i, len(t), len(g))
		}
		floor := 1.0
		if m.train != nil && i > 0 {
			p, err := floats(args[m.train[i-1]])
			if err != nil {
				return 0, err
			}
			for k := range g {
				g[k], t[k] = p[k]-g[k], p[k]-t[k]
			}
			floor = 0
		}
		scale, diff := floor, 0.0
		for k := range t {
			scale = max(scale, math.Abs(t[k]))
			d := math.Abs(g[k] - t[k])
			if math.IsNaN(d) {
				return 0, fmt.Errorf("result #%d: element %d is %v, the other side's %v", i, k, g[k], t[k])
			}
			diff = max(diff, d)
		}
		if scale > 0 {
			worst = max(worst, diff/scale)
		}
	}
	return worst, nil
}

// floats returns the elements of a float array as float64s.
func floats(a *npy.Array) ([]float64, error) {
	t, err := interp.FromNPY(a)
	if err != nil {
		return nil, err
	}
	if !t.DType().IsFloat() {
		return nil, fmt.Errorf("a %s result where floats were expected", t.DType())
	}
	out := make([]float64, t.Len())
	for k := range out {
		out[k] = t.Float(k)
	}
	return out, nil
}

// compile lowers mod (pt2-go), emits and builds it, and returns the
// program, the entry's Go function and the planned peak bytes of the entry.
func compile(ctx context.Context, mod *ir.Operation, entry string) (*gobuild.Program, *goemit.Func, int64, error) {
	if err := gobuild.Lower(ctx, mod, registry.NewPassRegistry(), gobuild.LowerOptions{}); err != nil {
		return nil, nil, 0, err
	}
	planned, err := plannedPeak(mod, entry)
	if err != nil {
		return nil, nil, 0, err
	}
	pkg, err := goemit.Emit(mod, goemit.Options{Package: goemit.DefaultPackage})
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
	if len(ds) == 0 {
		return 0
	}
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

func printTable(w io.Writer, rows []result, o options, withPython bool) {
	na := func(d time.Duration) string {
		if d == 0 {
			return "-"
		}
		return fmt.Sprintf("%.3f", ms(d))
	}
	ratio := func(a, b time.Duration) string {
		if a == 0 || b == 0 {
			return "-"
		}
		return fmt.Sprintf("%.2fx", a.Seconds()/b.Seconds())
	}
	fmt.Fprintf(w, "%-34s %10s %10s %10s %10s %13s %14s %12s\n", "model", "eager ms", "tt-go ms", "PyTorch ms", "NumPy ms",
		"tt-go/eager", "tt-go/PyTorch", "tt-go/NumPy")
	var vsEager, vsTorch geomean
	for _, r := range rows {
		vsEager.add(r.eager, r.compiled)
		vsTorch.add(r.torch, r.compiled)
		fmt.Fprintf(w, "%-34s %10s %10s %10s %10s %13s %14s %12s\n", r.m.name, na(r.eager), na(r.compiled), na(r.torch), na(r.numpy),
			ratio(r.eager, r.compiled), ratio(r.torch, r.compiled), ratio(r.numpy, r.compiled))
	}
	fmt.Fprintln(w, "ratios are speedups of tt-go (the other side's time over tt-go's: above 1, tt-go is faster)")
	if g, n := vsEager.mean(); n > 0 {
		fmt.Fprintf(w, "geometric-mean speedup of tt-go over the eager interpreter: %.2fx (%d models)\n", g, n)
	}
	if g, n := vsTorch.mean(); n > 0 {
		fmt.Fprintf(w, "geometric-mean speedup of tt-go over PyTorch eager: %.2fx (%d models)\n", g, n)
	} else if !withPython {
		fmt.Fprintln(w, "PyTorch and NumPy: not run (see \"Python side\" above)")
	}
	for _, r := range rows {
		if r.m.flops > 0 {
			line := fmt.Sprintf("%s GFLOP/s: eager %.1f, tt-go %.1f", r.m.name, gflops(r.m.flops, r.eager), gflops(r.m.flops, r.compiled))
			if r.torch > 0 {
				line += fmt.Sprintf(", PyTorch %.1f", gflops(r.m.flops, r.torch))
			}
			if r.numpy > 0 {
				line += fmt.Sprintf(", NumPy %.1f", gflops(r.m.flops, r.numpy))
			}
			fmt.Fprintln(w, line)
		}
	}
	printBandwidth(w, rows)
	fmt.Fprintf(w, "\n%-34s %11s %11s %13s %13s %14s\n", "model", "planned MiB", "eager RSS", "tt-go RSS", "err vs eager", "err vs PyTorch")
	for _, r := range rows {
		rss := func(b int64) string {
			if b == 0 {
				return "-"
			}
			return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
		}
		te := "-"
		if r.torchErr >= 0 {
			te = fmt.Sprintf("%.1e", r.torchErr)
			if r.numpyErr >= 0 {
				te += fmt.Sprintf(" (NumPy %.1e)", r.numpyErr)
			}
		}
		fmt.Fprintf(w, "%-34s %11.1f %11s %13s %13.1e %14s\n", r.m.name, float64(r.planned)/(1<<20), rss(r.eagerRSS), rss(r.compRSS), r.maxErr, te)
	}
	fmt.Fprintln(w, "\nplanned: peak bytes of buffers the generated entry function holds at once (plan-memory's static count, arguments excluded).")
	if o.rss {
		fmt.Fprintf(w, "RSS: peak resident set size (VmHWM) of a child process running the model %d times (interpreter: tt-bench -eager-child; compiled: the generated command, which also keeps a copy of the inputs per run).\n", o.childRuns)
	}
	fmt.Fprintln(w, "err vs eager / vs PyTorch: max |tt-go - other| over the results, relative to the other's largest |value| (at least 1); for training steps PyTorch's parameter updates (p - p') are compared, relative to the largest update.")
}

// printBandwidth prints the memory-bound models' bandwidth against the
// roofline copy.
func printBandwidth(w io.Writer, rows []result) {
	header := false
	for _, r := range rows {
		if r.copy == 0 {
			continue
		}
		if !header {
			fmt.Fprintf(w, "\n%-34s %9s %12s %12s %12s %15s %17s\n", "memory-bound model", "MiB moved", "copy GB/s", "tt-go GB/s", "PyTorch GB/s", "tt-go % of copy", "PyTorch % of copy")
			header = true
		}
		gbs := func(d time.Duration) string {
			if d == 0 {
				return "-"
			}
			return fmt.Sprintf("%.1f", float64(r.traffic)/d.Seconds()/1e9)
		}
		pct := func(d time.Duration) string {
			if d == 0 {
				return "-"
			}
			return fmt.Sprintf("%.0f%%", 100*r.copy.Seconds()/d.Seconds())
		}
		fmt.Fprintf(w, "%-34s %9.1f %12s %12s %12s %15s %17s\n", r.m.name, float64(r.traffic)/(1<<20), gbs(r.copy), gbs(r.compiled), gbs(r.torch), pct(r.compiled), pct(r.torch))
	}
	if header {
		fmt.Fprintln(w, "MiB moved: arguments read + results written; copy: Go's copy of half as many bytes into a second buffer (the same bytes moved), GOMAXPROCS goroutines, timed in the same alternation (the roofline).")
	}
}

func gflops(flops float64, d time.Duration) float64 { return flops / d.Seconds() / 1e9 }

// geomean accumulates the geometric mean of ratios a/b.
type geomean struct {
	logSum float64
	n      int
}

func (g *geomean) add(a, b time.Duration) {
	if a > 0 && b > 0 {
		g.logSum += math.Log(a.Seconds() / b.Seconds())
		g.n++
	}
}

func (g *geomean) mean() (float64, int) {
	if g.n == 0 {
		return 0, 0
	}
	return math.Exp(g.logSum / float64(g.n)), g.n
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
