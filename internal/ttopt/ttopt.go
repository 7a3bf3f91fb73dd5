// Package ttopt implements the tt-opt command: parse MLIR text, verify it,
// run passes, and print the result, like mlir-opt.
package ttopt

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tt-compiler/tt/internal/llvmflags"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// Version is the tt version reported by --version.
const Version = "0.1.0"

// options are tt-opt's flags.
type options struct {
	output            string
	allowUnregistered bool
	generic           bool
	debugInfo         bool
	localScope        bool
	elideLarger       int
	splitInputFile    bool
	verifyDiagnostics bool
	parser            string
	engine            asm.Engine
	passes            passOptions
	emit              emitOptions
}

// Main runs tt-opt with args (without the program name) and returns the exit status.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts := &options{passes: passOptions{registry: registry.NewPassRegistry()}}
	status := 0
	cmd := &cobra.Command{
		Use:   "tt-opt [file|-] [flags]",
		Short: "Parse, verify, transform and print tt IR (MLIR syntax), like mlir-opt",
		Long: `tt-opt reads a file of IR in MLIR's textual syntax (generic or custom form),
verifies it, runs the requested passes and prints the result.

Passes run with --pass-pipeline='builtin.module(func.func(canonicalize,cse))'
(MLIR's pipeline syntax) or with one flag per pass, in command-line order:
--cse --canonicalize='max-iterations=3 top-down=false'. --list-passes shows
the passes and their options.

Options are read as LLVM's tools read them: one dash or two
(-split-input-file, --split-input-file), values after '=' or in the next
argument, so the RUN lines of MLIR's tests work verbatim; mlir-opt's
spellings (--mlir-print-op-generic, --mlir-timing, ...) are accepted too.

Exit status: 0 on success, 1 on any error. Errors are printed as
file:line:col: error: message, followed by the source line and a caret.`,
		Example: `  tt-opt model.mlir                          # parse, verify and print
  tt-opt --print-op-generic model.mlir       # print every op in generic form
  tt-opt --split-input-file --verify-diagnostics invalid.mlir
  tt-opt --pass-pipeline='builtin.module(func.func(cse),symbol-dce)' model.mlir
  tt-opt --inline --canonicalize --print-ir-after-all --pass-timing model.mlir
  cat model.mlir | tt-opt - -o out.mlir`,
		Args:          cobra.MaximumNArgs(1),
		Version:       Version,
		SilenceUsage:  true,
		SilenceErrors: true,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opts.passes.listPasses {
				opts.passes.listPassesTo(stdout)
				return nil
			}
			if err := opts.passes.setup(); err != nil {
				fmt.Fprintln(stderr, err)
				status = 1
				return nil
			}
			if err := opts.emit.check(opts); err != nil {
				fmt.Fprintln(stderr, err)
				status = 1
				return nil
			}
			engine, err := asm.EngineByName(opts.parser)
			if err != nil {
				fmt.Fprintf(stderr, "tt-opt: %v\n", err)
				status = 1
				return nil
			}
			opts.engine = engine
			if opts.passes.dumpPipeline && opts.passes.pm != nil {
				opts.passes.dump(stderr)
			}
			input := "-"
			if len(args) == 1 {
				input = args[0]
			}
			status = run(opts, input, stdin, stdout, stderr)
			opts.passes.report(stderr)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVarP(&opts.output, "output", "o", "-", "output file (- for standard output)")
	f.BoolVar(&opts.allowUnregistered, "allow-unregistered-dialect", false, "keep operations of unknown dialects as opaque operations")
	f.BoolVar(&opts.generic, "print-op-generic", false, "print every operation in generic form")
	f.BoolVar(&opts.generic, "mlir-print-op-generic", false, "alias of --print-op-generic")
	f.BoolVar(&opts.debugInfo, "print-debuginfo", false, "print locations")
	f.BoolVar(&opts.debugInfo, "mlir-print-debuginfo", false, "alias of --print-debuginfo")
	f.BoolVar(&opts.localScope, "print-local-scope", false, "print affine maps and sets where they are used instead of as #map/#set aliases")
	f.BoolVar(&opts.localScope, "mlir-print-local-scope", false, "alias of --print-local-scope")
	f.IntVar(&opts.elideLarger, "elide-elementsattrs-if-larger", 0, "print dense elements attributes of more than `N` elements (splats excepted) as dense_resource<__elided__> (0: never)")
	f.IntVar(&opts.elideLarger, "mlir-elide-elementsattrs-if-larger", 0, "alias of --elide-elementsattrs-if-larger")
	f.BoolVar(&opts.splitInputFile, "split-input-file", false, "process each '// -----' separated chunk of the input on its own")
	f.BoolVar(&opts.verifyDiagnostics, "verify-diagnostics", false, "check that the diagnostics produced match the expected-error/-warning/-note/-remark comments")
	f.StringVar(&opts.parser, "parser", defaultParser(), "parser engine, both reading generic and custom forms: fast (hand-written) or participle (the participle grammar); the default comes from $"+ParserEnv+" when set")
	_ = f.MarkHidden("mlir-print-op-generic")
	_ = f.MarkHidden("mlir-print-debuginfo")
	_ = f.MarkHidden("mlir-print-local-scope")
	_ = f.MarkHidden("mlir-elide-elementsattrs-if-larger")
	addPassFlags(f, &opts.passes)
	addEmitFlags(f, &opts.emit)
	cmd.SetVersionTemplate("tt-opt version {{.Version}}\n")
	cmd.SetArgs(llvmflags.Normalize(cmd.Flags(), args))
	cmd.SetIn(stdin)
	cmd.SetOut(stdout)
	cmd.SetErr(stderr)
	if err := cmd.Execute(); err != nil {
		fmt.Fprintf(stderr, "tt-opt: %v\n", err)
		return 1
	}
	return status
}

func readInput(name string, stdin io.Reader) ([]byte, string, error) {
	if name == "-" {
		data, err := io.ReadAll(stdin)
		return data, "<stdin>", err
	}
	data, err := os.ReadFile(name)
	return data, name, err
}

func run(opts *options, input string, stdin io.Reader, stdout, stderr io.Writer) int {
	src, file, err := readInput(input, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "tt-opt: could not open input file: %v\n", err)
		return 1
	}
	sources := ir.NewSourceMgr()
	sources.Add(file, src)
	var out bytes.Buffer
	failed := false
	for i, c := range splitInput(src, opts.splitInputFile) {
		if i > 0 {
			out.WriteString("// -----\n")
		}
		if !processChunk(opts, file, c, sources, &out, stderr) {
			failed = true
		}
	}
	if err := writeOutput(opts.output, out.Bytes(), stdout); err != nil {
		fmt.Fprintf(stderr, "tt-opt: %v\n", err)
		return 1
	}
	if failed {
		return 1
	}
	return 0
}

func writeOutput(name string, data []byte, stdout io.Writer) error {
	if name == "-" || name == "" {
		_, err := stdout.Write(data)
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

// processChunk parses, verifies, transforms and prints one chunk. It
// returns false on failure.
func processChunk(opts *options, file string, c chunk, sources *ir.SourceMgr, out io.Writer, stderr io.Writer) bool {
	ctx := registry.NewContext()
	ctx.AllowUnregistered = opts.allowUnregistered
	var diags ir.DiagnosticList
	report := func(d *ir.Diagnostic) {
		diags = append(diags, d)
		if !opts.verifyDiagnostics {
			// Printed at once, so that they stay in order with IR dumps.
			fmt.Fprint(stderr, d.Render(sources))
		}
	}
	ctx.SetDiagnosticHandler(report)

	stopParse := opts.passes.timeParse()
	module, err := opts.engine.Parse(ctx, c.src, asm.ParseOptions{Filename: file, FirstLine: c.firstLine})
	stopParse()
	if err == nil {
		err = ir.Verify(module)
	}
	if err != nil {
		report(ir.AsDiagnostic(err, ir.FileLineCol(file, c.firstLine, 1)))
	} else {
		opts.passes.printOpts = opts.printOptions()
		opts.emit.begin(file, module, &opts.passes)
		if err := opts.passes.runPasses(module, stderr); err != nil && !isReported(err) {
			report(ir.AsDiagnostic(err, module.Loc()))
		}
	}
	if opts.verifyDiagnostics {
		exps, problems := parseExpectations(file, c.src, c.firstLine)
		problems = append(problems, checkExpectations(exps, diags)...)
		for _, p := range problems {
			fmt.Fprint(stderr, p.Render(sources))
		}
		if !diags.HasErrors() && module != nil {
			printModule(opts, module, out)
		}
		return len(problems) == 0
	}
	if diags.HasErrors() {
		return false
	}
	if opts.emit.target == "ptx" {
		return emitPTX(opts, module, report, out, stderr)
	}
	if opts.emit.active() {
		return emitGo(opts, module, report, out, stderr)
	}
	printModule(opts, module, out)
	return true
}

// printOptions are the printer flags.
func (opts *options) printOptions() asm.PrintOptions {
	return asm.PrintOptions{Generic: opts.generic, DebugInfo: opts.debugInfo, LocalScope: opts.localScope,
		ElideElementsAttrsIfLarger: opts.elideLarger}
}

// printModule prints the module followed by an empty line, as mlir-opt does.
func printModule(opts *options, module *ir.Operation, out io.Writer) {
	defer opts.passes.timeOutput()()
	_ = asm.Print(out, module, opts.printOptions())
	_, _ = io.WriteString(out, "\n")
}

// trimNewline is used by tests.
func trimNewline(s string) string { return strings.TrimRight(s, "\n") }
