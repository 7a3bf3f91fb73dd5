package ttptx

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tt-compiler/tt/ptx"
	"github.com/tt-compiler/tt/ptx/sim"
)

// Version is the version tt-ptx reports.
const Version = "0.1.0"

const longHelp = `tt-ptx checks PTX modules (parse and verify, with located errors) and runs
their kernels on tt's PTX simulator, with buffers read from and written to
.npy files. It works on any PTX: tt's, or LLVM's NVPTX output.`

const runHelp = `Run one kernel of FILE.ptx on the simulator.

Arguments: one --arg per kernel parameter, in order:
  f32:V  f64:V  s32:V  u32:V  s64:V  u64:V   scalars (integers also as 0x...)
  buf:FILE.npy      a global buffer holding the file's elements (its address
                    is the argument)
  zeros:DTYPE:N     a zero-filled global buffer of N elements; DTYPE is
                    NumPy's code: f4 f8 i4 u4 i8 u8 f2 u1

After the kernel, buffer argument i is written to DIR/arg<i>.npy with the
same dtype and the input's shape (or (N,)).

A simulation error (bad access, a barrier not reached by every thread, a
shuffle or vote outside its member mask, a read of an unwritten register, a
shared-memory race, the step budget) names the kernel, block, thread and PTX
line; the exit status is then 1.`

const runExamples = `  tt-ptx run axpy.ptx --kernel axpy --grid 8 --block 128 \
      --arg f32:2 --arg buf:x.npy --arg buf:y.npy --arg zeros:f4:1000 \
      --arg s32:1000 --out results/
  tt-ptx run transpose.ptx --kernel transpose --grid 3,2 --block 32,8 \
      --arg buf:in.npy --arg zeros:f4:3150 --arg s32:45 --arg s32:70 \
      --out results/ --stats`

// Main runs tt-ptx with args (without the program name) and returns the
// exit status: 0 on success, 1 on any error.
func Main(args []string, stdout, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "tt-ptx: internal error: %v\n", r)
			status = 1
		}
	}()
	root := &cobra.Command{
		Use:           "tt-ptx",
		Short:         "Check PTX and run its kernels on tt's PTX simulator",
		Long:          longHelp,
		Version:       Version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("tt-ptx version {{.Version}}\n")
	root.AddCommand(checkCommand(stdout), runCommand(stdout))
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.Execute(); err != nil {
		printError(stderr, err)
		return 1
	}
	return 0
}

func checkCommand(stdout io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "check FILE.ptx",
		Short: "Parse and verify a PTX module",
		Long: `Parse and verify FILE.ptx: syntax, declared registers of compatible types,
labels and parameters, each instruction against the target and PTX ISA
version (ptxas 11.8's limits: PTX ISA 7.8, sm_90), .shared sizes. Silent on
success; errors are printed as file:line:col: error: message with the source
line, and the exit status is 1.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			_, _, err := load(args[0])
			return err
		},
	}
}

func runCommand(stdout io.Writer) *cobra.Command {
	var (
		cfg         Config
		grid, block string
	)
	cmd := &cobra.Command{
		Use:     "run FILE.ptx --kernel NAME --grid X[,Y[,Z]] --block X[,Y[,Z]] --arg A ... --out DIR",
		Short:   "Run a kernel on the PTX simulator",
		Long:    runHelp,
		Example: runExamples,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg.File = args[0]
			if err := checkRequired(cmd, "kernel", "grid", "block", "out"); err != nil {
				return err
			}
			var err error
			if cfg.Grid, err = parseDims("--grid", grid); err != nil {
				return err
			}
			if cfg.Block, err = parseDims("--block", block); err != nil {
				return err
			}
			cfg.Stdout = stdout
			return Run(cfg)
		},
	}
	f := cmd.Flags()
	f.StringVar(&cfg.Kernel, "kernel", "", "`NAME` of the .entry to run")
	f.StringVar(&grid, "grid", "", "grid size in CTAs: `X[,Y[,Z]]`")
	f.StringVar(&block, "block", "", "CTA size in threads: `X[,Y[,Z]]`")
	f.IntVar(&cfg.Shared, "shared", 0, "dynamic shared memory per CTA in `BYTES` (.extern .shared)")
	f.StringArrayVar(&cfg.Args, "arg", nil, "next kernel argument `A`: f32:V f64:V s32:V u32:V s64:V u64:V buf:FILE.npy zeros:DTYPE:N (repeatable, in parameter order)")
	f.StringVar(&cfg.Out, "out", "", "write buffer argument i to `DIR`/arg<i>.npy after the kernel")
	f.BoolVar(&cfg.Stats, "stats", false, "print the simulator's statistics (instructions, coalescing, bank conflicts, divergence, registers, occupancy)")
	f.StringVar(&cfg.Device, "device", DeviceSim, "`DEVICE` to run on: sim (the simulator) or cuda (GPU 0 through the CUDA driver, loaded without cgo)")
	f.Int64Var(&cfg.MaxSteps, "max-steps", sim.DefaultMaxSteps, "at most `N` instructions per warp")
	f.BoolVar(&cfg.Race, "race", true, "detect shared-memory data races between barriers")
	return cmd
}

// checkRequired reports the first flag of names that was not given.
func checkRequired(cmd *cobra.Command, names ...string) error {
	for _, n := range names {
		if !cmd.Flags().Changed(n) {
			return fmt.Errorf("run needs --%s", n)
		}
	}
	return nil
}

// load reads, parses and verifies a PTX file. The error is located (a
// *located) for problems in the file.
func load(path string) (*ptx.Module, []byte, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	mod, err := ptx.Parse(path, src)
	if err != nil {
		return nil, nil, locate(err, src)
	}
	if err := ptx.Verify(mod, nil); err != nil {
		return nil, nil, locate(err, src)
	}
	return mod, src, nil
}

// located is an error whose text is complete: located diagnostics with
// their source lines.
type located struct{ text string }

func (l *located) Error() string { return l.text }

// locate renders the located diagnostics in err (a ptx.ErrorList, a
// *ptx.Error or a *sim.Error) with their source lines; other errors pass
// through.
func locate(err error, src []byte) error {
	var list ptx.ErrorList
	var one *ptx.Error
	var simErr *sim.Error
	switch {
	case errors.As(err, &list):
		return &located{strings.TrimRight(list.Render(src), "\n")}
	case errors.As(err, &one):
		return &located{strings.TrimRight(one.Render(src), "\n")}
	case errors.As(err, &simErr) && simErr.Pos.IsValid():
		// The simulator's message, then the source line and a caret, the
		// way ptx.Error renders them.
		e := &ptx.Error{File: simErr.File, Pos: simErr.Pos}
		rendered := e.Render(src)
		_, excerpt, _ := strings.Cut(rendered, "\n")
		return &located{strings.TrimRight(simErr.Error()+"\n"+excerpt, "\n")}
	case errors.As(err, &simErr):
		return &located{simErr.Error()}
	}
	return err
}

// printError prints located errors as they are and others after
// "tt-ptx: ".
func printError(w io.Writer, err error) {
	var loc *located
	if errors.As(err, &loc) {
		fmt.Fprintln(w, loc.text)
		return
	}
	fmt.Fprintf(w, "tt-ptx: %v\n", err)
}
