package ttrun

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/report"
)

// Config is one tt-run invocation, as a library call.
type Config struct {
	// File is the program's path ("-": Stdin). Source, when non-nil, is
	// used instead of reading File (File then only names it in messages).
	File   string
	Source []byte
	Stdin  io.Reader
	// Entry is the function to run; "" picks the only public func.func.
	Entry string
	// Backend names the backend ("" means "interp"); Backends supplies
	// them (nil means DefaultBackends()).
	Backend  string
	Backends *Backends
	// Pipeline is a pass pipeline (tt-opt's --pass-pipeline syntax) run on
	// the module before the backend prepares it.
	Pipeline string
	// Inputs are .npy files, one per argument in order; Args, when non-nil,
	// gives the arguments directly instead (Inputs and Random are then
	// ignored).
	Inputs []string
	Args   []*interp.Tensor
	// Random, when non-nil, fills the arguments that have no input.
	Random *Random
	// Bench, when positive, times that many runs after the first.
	Bench int
	// DumpDir, when not empty, receives the Go backend's debug artifacts
	// (IR after each lowering stage, kernels.dot, model.go, main.go,
	// build.txt).
	DumpDir string
	// GoSIMD is the Go backend's SIMD level: off, auto ("" too), avx2 or
	// avx512 (see backend/gobuild.ResolveSIMD).
	GoSIMD string
	// PTXTarget is the ptxsim backend's SM architecture ("" or sm_80 by
	// default); Stats makes it print the simulator's statistics to Log's
	// writer (standard error) after each run.
	PTXTarget string
	Stats     bool
	// Log, when not nil, receives what the backend did (tt-run -v: the Go
	// backend's build).
	Log io.Writer
	// Profile times the kernels of the Go backend's code; Result.Profile
	// has their counters over all the runs.
	Profile bool
}

// Result is what a run produced.
type Result struct {
	Program *Program
	Entry   *Entry
	Args    []*interp.Tensor
	// Outputs are the results of the first run.
	Outputs []*interp.Tensor
	// Profile are the kernels' counters (Config.Profile), most time first.
	Profile []report.KernelProfile
	// Times are the durations of the timed runs (Config.Bench of them).
	Times []time.Duration
}

// Run loads the program, runs the pipeline, resolves the entry, builds the
// arguments, prepares the backend and runs the entry (then Bench more
// times). Errors located in the program are *Located.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	src, name := cfg.Source, cfg.File
	if src == nil {
		var err error
		if src, name, err = ReadSource(cfg.File, cfg.Stdin); err != nil {
			return nil, err
		}
	}
	if cfg.Bench < 0 {
		return nil, fmt.Errorf("--bench must be positive, got %d", cfg.Bench)
	}
	backends := cfg.Backends
	if backends == nil {
		backends = DefaultBackends()
	}
	bname := cfg.Backend
	if bname == "" {
		bname = "interp"
	}
	be, err := backends.New(bname)
	if err != nil {
		return nil, err
	}
	defer closeBackend(be)
	if err := configureBackend(be, cfg); err != nil {
		return nil, err
	}
	prog, err := load(name, src, cfg.Pipeline, cfg.DumpDir != "")
	if err != nil {
		return nil, err
	}
	if r, ok := be.(remarkTaker); ok {
		r.SetRemarks(prog.Remarks)
	}
	entry, err := prog.Entry(cfg.Entry)
	if err != nil {
		return nil, err
	}
	args := cfg.Args
	if args == nil {
		if args, err = ReadArgs(entry, cfg.Inputs, cfg.Random); err != nil {
			return nil, err
		}
	} else if err := checkArgs(entry, args); err != nil {
		return nil, err
	}
	if err := be.Prepare(ctx, prog.Module, entry.Name); err != nil {
		return nil, prog.Locate(err)
	}
	res := &Result{Program: prog, Entry: entry, Args: args}
	if res.Outputs, err = be.Run(ctx, args); err != nil {
		return nil, prog.Locate(err)
	}
	for range cfg.Bench {
		start := time.Now()
		_, err := be.Run(ctx, args)
		res.Times = append(res.Times, runDuration(be, time.Since(start)))
		if err != nil {
			return nil, prog.Locate(err)
		}
	}
	if cfg.Profile {
		if res.Profile, err = be.(profiler).Profile(); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// checkArgs checks directly given arguments against the signature.
func checkArgs(e *Entry, args []*interp.Tensor) error {
	if len(args) != len(e.Type.Inputs) {
		return fmt.Errorf("@%s takes %d argument%s (%s), but %d were given", e.Name, len(e.Type.Inputs), plural(len(e.Type.Inputs)), signature(e), len(args))
	}
	for i, a := range args {
		if err := a.CheckType(e.Type.Inputs[i]); err != nil {
			return fmt.Errorf("%s has type %s: %v", argName(e, i), e.Type.Inputs[i], err)
		}
	}
	return nil
}

// BenchLine formats timed runs as tt-run prints them:
// "bench: median 1.234 ms, min 1.100 ms over 10 runs" (always "runs",
// so that the line has one fixed shape).
func BenchLine(times []time.Duration) string {
	if len(times) == 0 {
		return "bench: no runs"
	}
	s := slices.Clone(times)
	slices.Sort(s)
	var median time.Duration
	if n := len(s); n%2 == 1 {
		median = s[n/2]
	} else {
		median = (s[n/2-1] + s[n/2]) / 2
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	return fmt.Sprintf("bench: median %.3f ms, min %.3f ms over %d runs", ms(median), ms(s[0]), len(s))
}

// remarkTaker is a backend that shows the pipeline's remarks (the Go
// backend's compile report).
type remarkTaker interface {
	SetRemarks([]*ir.Diagnostic)
}
