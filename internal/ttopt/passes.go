package ttopt

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
)

// passOptions are tt-opt's pass-manager flags.
type passOptions struct {
	registry *pass.Registry

	pipeline     string
	requested    []passRequest // shorthand pass flags, in command-line order
	listPasses   bool
	dumpPipeline bool
	verifyEach   bool
	noThreading  bool

	printBefore, printAfter          []string
	printBeforeAll, printAfterAll    bool
	printAfterChange, printAfterFail bool
	printModuleScope                 bool
	timing, statistics               bool
	timingDisplay, statisticsDisplay string
	timingMode                       pass.TimingDisplay
	statisticsMode                   pass.StatisticsDisplay
	rootTimer                        *pass.Timer
	parserTimer, outputTimer         *pass.Timer
	pm                               *pass.PassManager
	printer                          *pass.IRPrinter
	start                            time.Time
	printOpts                        asm.PrintOptions
	instruments                      []pass.Instrumentation // more instrumentations (tt-opt --dump-dir)
}

// passRequest is one "--some-pass[=options]" on the command line.
type passRequest struct {
	name, options string
}

// noOptions is the value pflag passes for a bare "--some-pass". (The flag
// reports type "bool" so that its help line reads "--some-pass".)
const noOptions = "true"

// passFlag is the pflag.Value of a shorthand pass flag: every use appends a
// request, so passes run in command-line order.
type passFlag struct {
	name string
	reqs *[]passRequest
}

func (f *passFlag) String() string { return "" }
func (f *passFlag) Type() string   { return "bool" }
func (f *passFlag) Set(v string) error {
	if v == noOptions {
		v = ""
	}
	*f.reqs = append(*f.reqs, passRequest{f.name, v})
	return nil
}

// listFlag is a comma-separated list flag that appends on every use, so
// that a flag and its alias can share it.
type listFlag struct{ list *[]string }

func (f *listFlag) String() string { return strings.Join(*f.list, ",") }
func (f *listFlag) Type() string   { return "pass-arg" }
func (f *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*f.list = append(*f.list, s)
		}
	}
	return nil
}

// addPassFlags declares the pass-manager flags, including one shorthand
// flag per registered pass and named pipeline.
func addPassFlags(f *pflag.FlagSet, po *passOptions) {
	f.StringVar(&po.pipeline, "pass-pipeline", "", "textual description of the pass pipeline to run, e.g. 'builtin.module(func.func(canonicalize,cse))'")
	f.BoolVar(&po.listPasses, "list-passes", false, "list the registered passes and pass pipelines with their options, then exit")
	f.BoolVar(&po.dumpPipeline, "dump-pass-pipeline", false, "print the pipeline that will be run (to standard error)")
	f.BoolVar(&po.verifyEach, "verify-each", true, "run the verifier after each transformation pass")
	f.BoolVar(&po.noThreading, "no-threading", false, "run nested pipelines on one goroutine")
	f.BoolVar(&po.noThreading, "mlir-disable-threading", false, "alias of --no-threading")

	f.Var(&listFlag{&po.printBefore}, "print-ir-before", "print IR before the given passes (comma-separated pass arguments)")
	f.Var(&listFlag{&po.printAfter}, "print-ir-after", "print IR after the given passes (comma-separated pass arguments)")
	f.BoolVar(&po.printBeforeAll, "print-ir-before-all", false, "print IR before each pass")
	f.BoolVar(&po.printAfterAll, "print-ir-after-all", false, "print IR after each pass")
	f.BoolVar(&po.printAfterChange, "print-ir-after-change", false, "when printing IR after a pass, only print if the IR changed (alone: after every pass that changed it)")
	f.BoolVar(&po.printAfterFail, "print-ir-after-failure", false, "print IR after a pass only when it failed")
	f.BoolVar(&po.printModuleScope, "print-ir-module-scope", false, "print the whole top-level operation in IR dumps (runs without threading)")
	f.BoolVar(&po.timing, "pass-timing", false, "report the execution time of each pass (to standard error)")
	f.StringVar(&po.timingDisplay, "pass-timing-display", "tree", "layout of the timing report: list or tree")
	f.BoolVar(&po.statistics, "pass-statistics", false, "report the statistics of each pass (to standard error)")
	f.StringVar(&po.statisticsDisplay, "pass-statistics-display", "pipeline", "layout of the statistics report: list or pipeline")

	// MLIR's spellings, as hidden aliases.
	for _, a := range []struct {
		alias string
		value pflag.Value
		bool  *bool
	}{
		{alias: "mlir-print-ir-before", value: &listFlag{&po.printBefore}},
		{alias: "mlir-print-ir-after", value: &listFlag{&po.printAfter}},
		{alias: "mlir-print-ir-before-all", bool: &po.printBeforeAll},
		{alias: "mlir-print-ir-after-all", bool: &po.printAfterAll},
		{alias: "mlir-print-ir-after-change", bool: &po.printAfterChange},
		{alias: "mlir-print-ir-after-failure", bool: &po.printAfterFail},
		{alias: "mlir-print-ir-module-scope", bool: &po.printModuleScope},
		{alias: "mlir-timing", bool: &po.timing},
		{alias: "mlir-pass-statistics", bool: &po.statistics},
	} {
		if a.bool != nil {
			f.BoolVar(a.bool, a.alias, false, "alias of --"+strings.TrimPrefix(a.alias, "mlir-"))
		} else {
			f.Var(a.value, a.alias, "alias of --"+strings.TrimPrefix(a.alias, "mlir-"))
		}
		_ = f.MarkHidden(a.alias)
	}
	f.StringVar(&po.timingDisplay, "mlir-timing-display", "tree", "alias of --pass-timing-display")
	f.StringVar(&po.statisticsDisplay, "mlir-pass-statistics-display", "pipeline", "alias of --pass-statistics-display")
	for _, n := range []string{"mlir-timing-display", "mlir-pass-statistics-display", "mlir-disable-threading"} {
		_ = f.MarkHidden(n)
	}

	// One flag per pass and pipeline: --canonicalize, --canonicalize='max-iterations=3 top-down=false'.
	for _, e := range po.registry.Passes() {
		addShorthand(f, po, e.Argument, e.Summary)
	}
	for _, e := range po.registry.Pipelines() {
		addShorthand(f, po, e.Name, e.Summary+" (pipeline: "+e.Pipeline+")")
	}
}

func addShorthand(f *pflag.FlagSet, po *passOptions, name, usage string) {
	if f.Lookup(name) != nil {
		return // a tool flag of the same name wins
	}
	fl := f.VarPF(&passFlag{name: name, reqs: &po.requested}, name, "", usage)
	fl.NoOptDefVal = noOptions
}

// setup builds the pipeline from the flags. It reports problems (pipeline
// syntax, unknown passes or options) as errors to print.
func (po *passOptions) setup() error {
	var err error
	if po.timingMode, err = pass.ParseTimingDisplay(po.timingDisplay); err != nil {
		return err
	}
	if po.statisticsMode, err = pass.ParseStatisticsDisplay(po.statisticsDisplay); err != nil {
		return err
	}
	switch {
	case po.pipeline != "" && len(po.requested) > 0:
		return errors.New("<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options")
	case po.pipeline != "":
		if po.pm, err = po.registry.ParseAnchored(po.pipeline, builtin.ModuleName); err != nil {
			return err
		}
	case len(po.requested) > 0:
		po.pm = pass.NewPassManager(builtin.ModuleName)
		for _, req := range po.requested {
			text := req.name
			if req.options != "" {
				text += "{" + req.options + "}"
			}
			if err := po.registry.AddToPipeline(po.pm, text); err != nil {
				return err
			}
		}
	}
	if po.pm != nil {
		if po.printBeforeAll || po.printAfterAll || po.printAfterChange || po.printAfterFail || len(po.printBefore) > 0 || len(po.printAfter) > 0 {
			for _, name := range append(append([]string(nil), po.printBefore...), po.printAfter...) {
				if po.registry.Lookup(name) == nil {
					return fmt.Errorf("--print-ir-before/--print-ir-after: '%s' does not refer to a registered pass", name)
				}
			}
			po.printer = &pass.IRPrinter{
				BeforeAll: po.printBeforeAll, AfterAll: po.printAfterAll,
				Before: po.printBefore, After: po.printAfter,
				AfterChange: po.printAfterChange, AfterFailure: po.printAfterFail,
				ModuleScope: po.printModuleScope,
			}
		}
	}
	if po.timing {
		po.rootTimer = pass.NewTimer("root")
		po.parserTimer = po.rootTimer.Nest("parser", "Parser")
		po.start = time.Now()
	}
	return nil
}

// listPassesTo writes the registered passes and pipelines with their options.
func (po *passOptions) listPassesTo(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "Passes:")
	for _, e := range po.registry.Passes() {
		anchor := ""
		if e.Anchor != pass.AnyOp {
			anchor = " (on '" + e.Anchor + "')"
		}
		fmt.Fprintf(tw, "  --%s\t%s%s\n", e.Argument, e.Summary, anchor)
		for _, o := range e.New().Options().List() {
			def := ""
			if o.Default() != "" {
				def = " (default: " + o.Default() + ")"
			}
			fmt.Fprintf(tw, "      %s=<%s>\t%s%s\n", o.Name, o.Type, o.Description, def)
		}
	}
	if pls := po.registry.Pipelines(); len(pls) > 0 {
		fmt.Fprintln(tw, "Pass pipelines:")
		for _, e := range pls {
			fmt.Fprintf(tw, "  --%s\t%s\n", e.Name, e.Summary)
			fmt.Fprintf(tw, "      \t= %s\n", e.Pipeline)
		}
	}
	_ = tw.Flush()
}

// dump writes --dump-pass-pipeline's output.
func (po *passOptions) dump(w io.Writer) {
	fmt.Fprintf(w, "Pass Manager with %d passes:\n%s\n\n", po.pm.Size(), po.pm.String())
}

// runPasses runs the pipeline on a parsed and verified module. Failures
// have been reported through the context's diagnostic handler; the error
// is returned so the caller knows the run failed.
func (po *passOptions) runPasses(module *ir.Operation, stderr io.Writer) error {
	if po.pm == nil {
		return nil
	}
	opts := &pass.RunOptions{
		DisableThreading: po.noThreading,
		DisableVerifier:  !po.verifyEach,
		Output:           stderr,
		Timing:           po.rootTimer,
	}
	if po.printer != nil {
		po.printer.Print = po.printOpts
		opts.Instrumentations = append(opts.Instrumentations, po.printer)
	}
	if len(po.instruments) > 0 {
		opts.Instrumentations = append(opts.Instrumentations, po.instruments...)
		opts.DisableThreading = true // they print the whole module
	}
	return po.pm.Run(module, opts)
}

// report writes the timing and statistics reports at the end of the run.
func (po *passOptions) report(stderr io.Writer) {
	if po.statistics && po.pm != nil {
		po.pm.WriteStatistics(stderr, po.statisticsMode)
	}
	if po.rootTimer != nil {
		po.rootTimer.Add(time.Since(po.start))
		po.rootTimer.WriteReport(stderr, po.timingMode)
	}
}

// timeParse and timeOutput time the parser and printer when timing is on.
func (po *passOptions) timeParse() func() {
	if po.parserTimer == nil {
		return func() {}
	}
	return po.parserTimer.Start()
}

func (po *passOptions) timeOutput() func() {
	if po.rootTimer == nil {
		return func() {}
	}
	if po.outputTimer == nil {
		po.outputTimer = po.rootTimer.Nest("output", "Output")
	}
	return po.outputTimer.Start()
}

// isReported tells whether a pipeline error was already printed through
// the diagnostic handler.
func isReported(err error) bool {
	var f *pass.Failure
	return errors.As(err, &f) && f.Emitted
}
