// Package ttminify is tt-minify, the accuracy minifier of tt (the role of
// PyTorch 2's minifier): given a module, the function that misbehaves, its
// inputs and a failing predicate, it delta-debugs the function (dropping
// results, returning intermediate values, bypassing and cutting ops into
// arguments that hold the values the reference interpreter computed, and
// shrinking dynamic dimensions) down to a small module that still fails
// the same way, and writes it with its inputs as a ready lit test.
//
// Usage:
//
//	tt-minify FILE.mlir [--entry NAME] [--input X.npy ... | --random-inputs SEED]
//	    (--compare A,B [--tol T] | --error BACKEND | --crash PIPELINE | --command CMD)
//	    [--pass-pipeline P --run-entry NAME] [--out DIR] [--name NAME]
//
// Backends: tensor (the interpreter on the module), loops (the interpreter
// after pt2-go), go (generated Go) and ptxsim (the PTX simulator).
// --pass-pipeline runs before every backend (e.g.
// 'builtin.module(aot-autograd{func=loss})' with --run-entry
// loss_grad): the minimizer changes @entry, the backends run @run-entry.
//
// Predicates, each "the same way" as on the original module:
//   - --compare A,B: both backends run and B's results differ from A's
//     beyond --tol (relative and absolute; default 1e-5), or in shape;
//   - --error BACKEND: the backend fails, with the same message (numbers,
//     locations and names aside);
//   - --crash PIPELINE: running the pass pipeline on the module fails, with
//     the same message;
//   - --command CMD: an external interestingness test, as C-Reduce's and
//     PT2's minifier's custom checks: CMD runs under sh -c in a fresh
//     directory holding the candidate as module.mlir and its inputs as
//     in<i>.npy (also named by $TT_MINIFY_MODULE, $TT_MINIFY_ENTRY and
//     $TT_MINIFY_INPUTS, tt-run's --input flags), and exit status 0 means
//     the candidate still fails. It must hold on the original module.
//
// Output: DIR/NAME.mlir, a lit test whose RUN lines state the correct
// behaviour (tt-run on the backends with npycmp, or tt-opt), so that it
// fails until the bug is fixed, and its inputs under DIR/Inputs/NAME.
//
// --inject-fault OP is for testing tt-minify itself: the second backend of
// --compare computes the negation of every OP's result.
package ttminify

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/internal/difftest"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/runtime/npy"
)

type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// options are the command line's settings.
type options struct {
	file, entry, runEntry, pipeline string
	inputs                          stringList
	randomSeed                      int64
	dimSize                         int64
	compare, errorBackend, crash    string
	command                         string
	commandTimeout                  time.Duration
	// workDir holds --command's candidates (removed at the end).
	workDir                string
	tol                    float64
	out, name, injectFault string
	verbose                bool
}

// Main runs tt-minify with args and returns the exit status.
func Main(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("tt-minify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.entry, "entry", "", "the function to minimize (default: the only public one)")
	fs.StringVar(&o.runEntry, "run-entry", "", "the function the backends run after --pass-pipeline (default: --entry)")
	fs.StringVar(&o.pipeline, "pass-pipeline", "", "a pipeline run on the module before every backend, e.g. builtin.module(aot-autograd{func=loss})")
	fs.Var(&o.inputs, "input", "a .npy file per argument, in order")
	fs.Int64Var(&o.randomSeed, "random-inputs", -1, "seeded random data for arguments without --input (tt-run's)")
	fs.Int64Var(&o.dimSize, "dim-size", ttrun.DefaultDimSize, "size of dynamic dimensions of random inputs")
	fs.StringVar(&o.compare, "compare", "", "predicate: backends A,B disagree beyond --tol")
	fs.Float64Var(&o.tol, "tol", 1e-5, "relative and absolute tolerance of --compare")
	fs.StringVar(&o.errorBackend, "error", "", "predicate: this backend fails")
	fs.StringVar(&o.crash, "crash", "", "predicate: this pass pipeline fails on the module")
	fs.StringVar(&o.command, "command", "", "predicate: this shell command exits 0 on the candidate (module.mlir and in<i>.npy in its working directory)")
	fs.DurationVar(&o.commandTimeout, "command-timeout", time.Minute, "a --command run taking longer counts as not failing")
	fs.StringVar(&o.out, "out", "minified", "directory to write the lit test and its inputs into")
	fs.StringVar(&o.name, "name", "minified", "name of the lit test (NAME.mlir, Inputs/NAME/)")
	fs.StringVar(&o.injectFault, "inject-fault", "", "testing: the second backend of --compare negates every result of this op")
	fs.BoolVar(&o.verbose, "v", false, "print each accepted reduction")
	// Flags may come before and after the file, as in tt-opt and tt-run.
	var files []string
	for {
		if err := fs.Parse(args); err != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(files) != 1 {
		fmt.Fprintln(stderr, "tt-minify: expected one input file (FILE.mlir)")
		return 2
	}
	o.file = files[0]
	if err := run(context.Background(), o, stdout, stderr); err != nil {
		fmt.Fprintf(stderr, "tt-minify: %v\n", err)
		return 1
	}
	return 0
}

func run(ctx context.Context, o options, stdout, stderr io.Writer) error {
	n := 0
	for _, p := range []string{o.compare, o.errorBackend, o.crash, o.command} {
		if p != "" {
			n++
		}
	}
	if n != 1 {
		return errors.New("give exactly one predicate: --compare A,B, --error BACKEND, --crash PIPELINE or --command CMD")
	}
	if o.injectFault != "" && o.compare == "" {
		return errors.New("--inject-fault applies to --compare")
	}
	src, err := os.ReadFile(o.file)
	if err != nil {
		return err
	}
	prog, err := ttrun.Load(o.file, src, "")
	if err != nil {
		return err
	}
	e, err := prog.Entry(o.entry)
	if err != nil {
		return err
	}
	var rnd *ttrun.Random
	if o.randomSeed >= 0 {
		rnd = &ttrun.Random{Seed: uint64(o.randomSeed), DimSize: o.dimSize}
	} else if len(o.inputs) == 0 && (o.crash != "" || o.command != "") {
		rnd = &ttrun.Random{Seed: 1, DimSize: o.dimSize}
	}
	args, err := ttrun.ReadArgs(e, o.inputs, rnd)
	if err != nil {
		return err
	}
	if o.runEntry == "" {
		o.runEntry = e.Name
	}
	subject := &difftest.Subject{Module: string(src), Entry: e.Name, Inputs: args}
	if o.command != "" {
		if o.workDir, err = os.MkdirTemp("", "tt-minify-"); err != nil {
			return err
		}
		defer os.RemoveAll(o.workDir)
	}
	pred, describe, err := predicate(ctx, o, subject)
	if err != nil {
		return err
	}
	var log io.Writer
	if o.verbose {
		log = stderr
	}
	small, st, err := difftest.Minimize(ctx, subject, pred, log)
	if err != nil {
		return err
	}
	path, err := writeTest(o, small, describe(small))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "minimized @%s from %d to %d ops (%d tries, %d reductions kept): %s\n", e.Name, st.OpsBefore, st.OpsAfter, st.Tries, st.Accepted, path)
	return nil
}

// predicate builds the failing predicate and a function describing the
// failure of a subject (for the lit test's comment); it checks that the
// original subject fails.
func predicate(ctx context.Context, o options, s *difftest.Subject) (difftest.Predicate, func(*difftest.Subject) string, error) {
	switch {
	case o.compare != "":
		a, b, ok := strings.Cut(o.compare, ",")
		if !ok {
			return nil, nil, fmt.Errorf("--compare wants two backends A,B, got %q", o.compare)
		}
		ba, err := difftest.NewBackend(strings.TrimSpace(a))
		if err != nil {
			return nil, nil, err
		}
		bb, err := difftest.NewBackend(strings.TrimSpace(b))
		if err != nil {
			return nil, nil, err
		}
		if o.injectFault != "" {
			bb = faultBackend{Backend: bb, op: o.injectFault}
		}
		diff := func(s *difftest.Subject) error {
			job := difftest.Job{Module: s.Module, Pipeline: o.pipeline, Entry: o.runEntry, Inputs: s.Inputs}
			ra := ba.RunBatch(ctx, []difftest.Job{job})[0]
			if ra.Err != nil {
				return nil
			}
			rb := bb.RunBatch(ctx, []difftest.Job{job})[0]
			if rb.Err != nil {
				return nil
			}
			return difftest.Compare(rb.Results, ra.Results, difftest.Tolerance{RTol: o.tol, ATol: o.tol})
		}
		if diff(s) == nil {
			return nil, nil, fmt.Errorf("%s and %s agree within %g on @%s (or one of them fails): nothing to minimize", ba.Name(), bb.Name(), o.tol, o.runEntry)
		}
		return func(_ context.Context, s *difftest.Subject) bool { return diff(s) != nil },
			func(s *difftest.Subject) string {
				return fmt.Sprintf("%s and %s disagree: %v", ba.Name(), bb.Name(), diff(s))
			}, nil
	case o.command != "":
		return commandPredicate(ctx, o, s)
	case o.errorBackend != "":
		be, err := difftest.NewBackend(o.errorBackend)
		if err != nil {
			return nil, nil, err
		}
		fail := func(s *difftest.Subject) *difftest.Failure {
			job := difftest.Job{Module: s.Module, Pipeline: o.pipeline, Entry: o.runEntry, Inputs: s.Inputs}
			r := be.RunBatch(ctx, []difftest.Job{job})[0]
			if r.Err == nil {
				return nil
			}
			return &difftest.Failure{Kind: difftest.KindError, Backend: be.Name(), Stage: r.Stage, Msg: r.Err.Error()}
		}
		f := fail(s)
		if f == nil {
			return nil, nil, fmt.Errorf("@%s runs without error on %s: nothing to minimize", o.runEntry, be.Name())
		}
		want := f.Signature()
		return func(_ context.Context, s *difftest.Subject) bool {
				g := fail(s)
				return g != nil && g.Signature() == want
			}, func(s *difftest.Subject) string {
				if g := fail(s); g != nil {
					return g.String()
				}
				return ""
			}, nil
	}
	crash := func(s *difftest.Subject) *difftest.Failure {
		msg := crashPipeline(s.Module, o.crash)
		if msg == "" {
			return nil
		}
		return &difftest.Failure{Kind: difftest.KindError, Backend: "pipeline", Msg: msg}
	}
	f := crash(s)
	if f == nil {
		return nil, nil, fmt.Errorf("the pipeline %s runs without error: nothing to minimize", o.crash)
	}
	want := f.Signature()
	return func(_ context.Context, s *difftest.Subject) bool {
			g := crash(s)
			return g != nil && g.Signature() == want
		}, func(s *difftest.Subject) string {
			if g := crash(s); g != nil {
				return "the pipeline fails: " + firstLine(g.Msg)
			}
			return ""
		}, nil
}

// crashPipeline runs a pipeline on a module and returns its error message
// ("" when it succeeds); a panic is an error too.
func crashPipeline(module, pipeline string) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	m, err := asm.ParseString(registry.NewContext(), module, asm.ParseOptions{})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		return "" // not the pipeline's failure
	}
	if err := difftest.RunPipeline(m, pipeline); err != nil {
		return err.Error()
	}
	return ""
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// faultBackend runs jobs on a backend after negating every result of an op
// (tt-minify's own tests: a known wrong result to minimize).
type faultBackend struct {
	difftest.Backend
	op string
}

func (f faultBackend) Name() string { return f.Backend.Name() + "+fault" }

func (f faultBackend) RunBatch(ctx context.Context, jobs []difftest.Job) []difftest.Outcome {
	changed := make([]difftest.Job, len(jobs))
	for i, j := range jobs {
		m, err := InjectFault(j.Module, f.op)
		if err != nil {
			out := make([]difftest.Outcome, len(jobs))
			for k := range out {
				out[k] = difftest.Outcome{Err: err, Stage: difftest.StageParse}
			}
			return out
		}
		j.Module = m
		changed[i] = j
	}
	return f.Backend.RunBatch(ctx, changed)
}

// InjectFault returns the module with every result of the ops named op
// negated (tensor.neg inserted after each).
func InjectFault(module, op string) (string, error) {
	m, err := asm.ParseString(registry.NewContext(), module, asm.ParseOptions{})
	if err != nil {
		return "", err
	}
	var targets []*ir.Operation
	m.Walk(func(o *ir.Operation) {
		if o.Name() == op && o.NumResults() == 1 {
			targets = append(targets, o)
		}
	})
	b := ir.NewBuilder(m.Context())
	for _, o := range targets {
		r := o.Result(0)
		b.SetInsertionPointAfter(o)
		neg := tensor.Neg(b, r)
		r.ReplaceAllUsesWith(neg)
		ir.DefiningOp(neg).SetOperand(0, r)
	}
	return asm.String(m, asm.PrintOptions{}), nil
}

// writeTest writes the minimized module as a lit test with its inputs.
func writeTest(o options, s *difftest.Subject, failure string) (string, error) {
	inDir := filepath.Join(o.out, "Inputs", o.name)
	if err := os.MkdirAll(inDir, 0o755); err != nil {
		return "", err
	}
	var inputFlags []string
	for i, x := range s.Inputs {
		a, err := x.ToNPY()
		if err != nil {
			return "", fmt.Errorf("input #%d: %v", i, err)
		}
		if err := npy.WriteFile(filepath.Join(inDir, fmt.Sprintf("in%d.npy", i)), a); err != nil {
			return "", err
		}
		inputFlags = append(inputFlags, fmt.Sprintf("--input %%S/Inputs/%s/in%d.npy", o.name, i))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "// Minimized by tt-minify from %s (@%s).\n", filepath.Base(o.file), s.Entry)
	for _, l := range strings.Split(failure, "\n") {
		fmt.Fprintf(&sb, "// Found: %s\n", l)
	}
	sb.WriteString("// The RUN lines state the correct behaviour: the test fails until the bug is fixed.\n")
	ins := strings.Join(inputFlags, " ")
	entry := "--entry " + o.runEntry
	switch {
	case o.compare != "":
		a, b, _ := strings.Cut(o.compare, ",")
		nres := numResults(s, o)
		fmt.Fprintf(&sb, "// RUN: tt-run %%s %s %s %s --out %%t/a\n", entry, backendFlags(strings.TrimSpace(a), o.pipeline), ins)
		fmt.Fprintf(&sb, "// RUN: tt-run %%s %s %s %s --out %%t/b\n", entry, backendFlags(strings.TrimSpace(b), o.pipeline), ins)
		for i := 0; i < nres; i++ {
			fmt.Fprintf(&sb, "// RUN: npycmp %%t/b/out%d.npy %%t/a/out%d.npy --rtol %g --atol %g\n", i, i, o.tol, o.tol)
		}
	case o.errorBackend != "":
		fmt.Fprintf(&sb, "// RUN: tt-run %%s %s %s %s --out %%t\n", entry, backendFlags(o.errorBackend, o.pipeline), ins)
	case o.command != "":
		// The correct behaviour is that the command no longer holds; its
		// environment is the one it had during minimization.
		fmt.Fprintf(&sb, "// RUN: rm -rf %%t && mkdir -p %%t && cp %%s %%t/module.mlir")
		for i := range s.Inputs {
			fmt.Fprintf(&sb, " && cp %%S/Inputs/%s/in%d.npy %%t/", o.name, i)
		}
		sb.WriteString("\n")
		fmt.Fprintf(&sb, "// RUN: cd %%t && env TT_MINIFY_MODULE=%%t/module.mlir TT_MINIFY_ENTRY=%s TT_MINIFY_INPUTS=%s not sh -c %s\n",
			s.Entry, shellQuote(inputFlagsIn("%t", len(s.Inputs))), shellQuote(o.command))
	default:
		fmt.Fprintf(&sb, "// RUN: tt-opt %%s --pass-pipeline='%s'\n", o.crash)
	}
	sb.WriteString("\n")
	sb.WriteString(s.Module)
	path := filepath.Join(o.out, o.name+".mlir")
	return path, os.WriteFile(path, []byte(sb.String()), 0o644)
}

// numResults is the number of results of the run entry (after the
// pipeline), on the reference interpreter.
func numResults(s *difftest.Subject, o options) int {
	be, _ := difftest.NewBackend(difftest.Tensor)
	r := be.RunBatch(context.Background(), []difftest.Job{{Module: s.Module, Pipeline: o.pipeline, Entry: o.runEntry, Inputs: s.Inputs}})[0]
	return len(r.Results)
}

// backendFlags are tt-run's flags for a backend, with the pipeline.
func backendFlags(backend, pipeline string) string {
	inner := strings.TrimSuffix(strings.TrimPrefix(pipeline, "builtin.module("), ")")
	switch backend {
	case difftest.Loops:
		p := "pt2-go"
		if inner != "" {
			p = inner + ",pt2-go"
		}
		return fmt.Sprintf("--backend interp --pass-pipeline 'builtin.module(%s)'", p)
	case difftest.Go, difftest.PTXSim:
		if pipeline != "" {
			return fmt.Sprintf("--backend %s --pass-pipeline '%s'", backend, pipeline)
		}
		return "--backend " + backend
	}
	if pipeline != "" {
		return fmt.Sprintf("--backend interp --pass-pipeline '%s'", pipeline)
	}
	return "--backend interp"
}
