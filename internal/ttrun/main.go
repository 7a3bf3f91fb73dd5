package ttrun

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tt-compiler/tt/backend/gobuild"
	"github.com/tt-compiler/tt/internal/llvmflags"
)

// Version is the version tt-run reports.
const Version = "0.1.0"

const longHelp = `tt-run runs one function of a module of tt IR (MLIR syntax) on a backend,
reading its arguments from .npy files and writing its results as .npy files.

The module is parsed and verified, --pass-pipeline (tt-opt's syntax) runs on
it, then the backend's own lowering, then the function runs.

Arguments: one --input PATH.npy per function argument, in order. The array's
dtype must be the argument's element type (float32 for f32, float64 for f64,
float16 for f16, float32 for bf16 (rounded to nearest even), bool for i1,
int32 for i32, int64 for i64 and index) and its shape the argument's shape,
any size for a dynamic dimension. Scalar arguments (f32, index, ...) take
rank-0 arrays. With --random-inputs SEED, the arguments after the last
--input get random data, the same for the same seed: floats uniform in
[-1, 1) (on a grid of 2^(p+1) values, p the type's precision), integers
uniform in [0, 10), i1 true or false with equal odds; each argument's data
depends only on the seed and its position; dynamic dimensions have size
--dim-size (default 4).

Results: with --out DIR, result i is written to DIR/out<i>.npy (DIR is
created): f32 as <f4, f64 <f8, f16 <f2, bf16 <f4 (exact widening), i1 |b1,
i32 <i4, i64 and index <i8. Without --out each result's type and a summary
(shape, dtype, leading values, min/max/mean) are printed.

--bench N runs the function once (the warm-up, whose results are written or
printed), then N more times, timing only the runs, and prints
"bench: median <ms> ms, min <ms> ms over N runs". On --backend cuda a run's
time is its kernels' device time, measured with CUDA events around each
launch: the copies between host and device and the interpreted host
function are not in it.

Exit status: 0 on success, 1 on any error. Errors in the program (parse,
verification, pass and run-time errors) are printed as
file:line:col: error: message, with the source line and a caret.`

const examples = `  tt-run model.mlir --input x.npy --input w.npy --out results/
  tt-run model.mlir --entry loss --random-inputs 1 --bench 20
  tt-run mlp.mlir --pass-pipeline 'builtin.module(aot-autograd{func=mlp})' \
      --entry mlp_grad --input x.npy --input w1.npy --input b1.npy \
      --input w2.npy --input t.npy --out grads/`

// Main runs tt-run with args (without the program name) and returns the
// exit status: 0 on success, 1 on any error.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "tt-run: internal error: %v\n", r)
			status = 1
		}
	}()
	var (
		cfg      = Config{Stdin: stdin}
		seed     uint64
		dimSize  int64
		outDir   string
		verbose  bool
		backends = DefaultBackends()
	)
	cmd := &cobra.Command{
		Use:           "tt-run FILE.mlir [flags]",
		Short:         "Run a function of tt IR on a backend, with .npy inputs and outputs",
		Long:          longHelp,
		Example:       examples,
		Args:          cobra.ExactArgs(1),
		Version:       Version,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg.File = args[0]
			cfg.Backends = backends
			if verbose {
				cfg.Log = stderr
			}
			if cmd.Flags().Changed("random-inputs") {
				cfg.Random = &Random{Seed: seed, DimSize: dimSize}
			} else if cmd.Flags().Changed("dim-size") {
				return errors.New("--dim-size only applies with --random-inputs")
			}
			if dimSize < 0 {
				return fmt.Errorf("--dim-size must be non-negative, got %d", dimSize)
			}
			res, err := Run(context.Background(), cfg)
			if err != nil {
				return err
			}
			if outDir != "" {
				if err := WriteOutputs(outDir, res.Outputs); err != nil {
					return fmt.Errorf("writing results to %s: %v", outDir, err)
				}
			} else {
				WriteSummary(stdout, res.Outputs, res.Entry.Type.Results)
			}
			if cfg.Bench > 0 {
				fmt.Fprintln(stdout, BenchLine(res.Times))
			}
			if cfg.Profile {
				WriteProfile(stdout, res.Profile)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.Entry, "entry", "", "`NAME` of the function to run (default: the only public func.func)")
	f.StringVar(&cfg.Backend, "backend", "interp", "`NAME` of the backend to run on ("+strings.Join(backends.Names(), ", ")+")")
	f.StringVar(&cfg.Pipeline, "pass-pipeline", "", "pass `PIPELINE` to run on the module first, e.g. 'builtin.module(aot-autograd{func=f})'")
	f.StringArrayVar(&cfg.Inputs, "input", nil, "`PATH.npy` of the next function argument (repeatable, in argument order)")
	f.Uint64Var(&seed, "random-inputs", 0, "fill the arguments without --input with random data from this `SEED`")
	f.Int64Var(&dimSize, "dim-size", DefaultDimSize, "size `N` of dynamic dimensions of random inputs")
	f.StringVar(&outDir, "out", "", "write result i to `DIR`/out<i>.npy instead of printing summaries")
	f.IntVar(&cfg.Bench, "bench", 0, "after one warm-up run, time `N` runs and print the median and minimum")
	f.BoolVar(&cfg.Profile, "profile", false, "with --backend go: time every kernel over all the runs and print calls, time, bytes and GB/s per kernel (with --dump-dir also into profile.tsv and the compile report)")
	f.StringVar(&cfg.DumpDir, "dump-dir", "", "with --backend go: write the IR after each lowering stage, kernels.dot (and .svg), model.go, main.go and build.txt into `DIR`")
	f.StringVar(&cfg.PTXTarget, "ptx-target", "", "with --backend ptxsim: the SM architecture of the emitted PTX, sm_70 to sm_90 (default sm_80)")
	f.BoolVar(&cfg.Stats, "stats", false, "with --backend ptxsim: print the simulator's statistics per kernel (bytes moved, coalescing, bank conflicts, divergence) to standard error")
	f.StringVar(&cfg.GoSIMD, "go-simd", gobuild.SIMDAuto, "with --backend go: hold vectors in simd/archsimd registers: `LEVEL` "+gobuild.SIMDChoices+
		" (auto: what this host runs best; off: portable scalar Go)")
	f.BoolVarP(&verbose, "verbose", "v", false, "print what the backend did (--backend go: the build, its SIMD level and cache entry) to standard error")
	cmd.SetVersionTemplate("tt-run version {{.Version}}\n")
	cmd.SetArgs(llvmflags.Normalize(cmd.Flags(), args))
	cmd.SetIn(stdin)
	cmd.SetOut(stdout)
	cmd.SetErr(stderr)
	if err := cmd.Execute(); err != nil {
		printError(stderr, err)
		return 1
	}
	return 0
}

// printError prints located errors as they are (they begin with
// file:line:col) and others after "tt-run: ".
func printError(w io.Writer, err error) {
	var loc *Located
	var pre *preformatted
	if errors.As(err, &loc) || errors.As(err, &pre) {
		fmt.Fprintln(w, err.Error())
		return
	}
	fmt.Fprintf(w, "tt-run: %v\n", err)
}
