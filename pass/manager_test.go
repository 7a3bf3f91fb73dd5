package pass_test

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
)

const nestedModule = `
func.func @a() { return }
"test.op"() : () -> ()
func.func @b() { return }
module @inner {
  func.func @c() { return }
}
func.func private @d()
`

func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	ctx := builtin.NewContext()
	ctx.AllowUnregistered = true
	m, err := asm.Parse(ctx, []byte(src), asm.ParseOptions{Filename: "in.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestNesting checks which ops nested pipelines run on, and in which order.
func TestNesting(t *testing.T) {
	tests := []struct {
		pipeline string
		want     string
	}{
		{"builtin.module(rec)", "rec:builtin.module"},
		{"builtin.module(func.func(rec-func))", "rec-func:@a rec-func:@b rec-func:@d"},
		{"builtin.module(func.func(rec{tag=x},rec{tag=y}),rec{tag=z})", "x:@a y:@a x:@b y:@b x:@d y:@d z:builtin.module"},
		{"builtin.module(builtin.module(rec-module,func.func(rec)))", "rec-module:@inner rec:@c"},
		// any() matches the isolated ops directly nested: functions and the inner module.
		{"builtin.module(any(rec))", "rec:@a rec:@b rec:@inner rec:@d"},
		// ... unless a pass of the nested pipeline is anchored elsewhere.
		{"builtin.module(any(rec-func))", "rec-func:@a rec-func:@b rec-func:@d"},
		{"any(rec,any(rec{tag=n}))", "rec:builtin.module n:@a n:@b n:@inner n:@d"},
		{"rec,func.func(rec-func)", "rec:builtin.module rec-func:@a rec-func:@b rec-func:@d"},
	}
	for _, tc := range tests {
		for _, threads := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/threading=%v", tc.pipeline, threads), func(t *testing.T) {
				rec := &recorder{}
				r := testRegistry(rec)
				pm, err := r.Parse(tc.pipeline)
				if err != nil {
					t.Fatal(err)
				}
				if err := pm.Run(parse(t, nestedModule), &pass.RunOptions{DisableThreading: !threads}); err != nil {
					t.Fatal(err)
				}
				got := rec.String()
				if threads {
					// Runs on different functions may interleave; compare as sets
					// per tag order within each function.
					got = sortedRuns(got)
					tc.want = sortedRuns(tc.want)
				}
				if got != tc.want {
					t.Errorf("runs = %q, want %q", got, tc.want)
				}
			})
		}
	}
}

func sortedRuns(s string) string {
	f := strings.Fields(s)
	for i := range f {
		for j := i + 1; j < len(f); j++ {
			if f[j] < f[i] {
				f[i], f[j] = f[j], f[i]
			}
		}
	}
	return strings.Join(f, " ")
}

func TestAnchorErrors(t *testing.T) {
	r := testRegistry(&recorder{})
	m := parse(t, nestedModule)

	pm, _ := r.Parse("func.func(rec)")
	err := pm.Run(m, nil)
	if err == nil || err.Error() != "in.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op" {
		t.Errorf("anchor mismatch: %v", err)
	}

	pm, _ = r.Parse("any(rec-func)")
	err = pm.Run(m, nil)
	if err == nil || !strings.Contains(err.Error(), "trying to schedule pass 'rec-func' (restricted to 'func.func') on an unsupported operation") {
		t.Errorf("pass on wrong op: %v", err)
	}

	pm, _ = r.Parse("builtin.module(test.op(rec))")
	err = pm.Run(m, nil)
	if err == nil || err.Error() != `in.mlir:3:1: error: 'test.op' op trying to schedule a pass on an unregistered operation` {
		t.Errorf("unregistered anchor: %v", err)
	}

	pm = pass.NewPassManager("builtin.module")
	if err := pm.AddPass(newRenamePass()); err == nil ||
		err.Error() != "can't add pass 'test-rename' restricted to 'func.func' on a PassManager intended to run on 'builtin.module', did you intend to nest?" {
		t.Errorf("AddPass: %v", err)
	}
}

// manyFunctions returns a module with n functions.
func manyFunctions(n int) string {
	var sb strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&sb, "func.func @f%d(%%x: i32) -> i32 {\n  %%0 = \"test.op\"(%%x) : (i32) -> i32\n  return %%0 : i32\n}\n", i)
	}
	return sb.String()
}

type runOutput struct {
	ir, out, diags string
	err            error
}

func runCapture(t *testing.T, r *pass.Registry, pipeline, src string, threads bool, print *pass.IRPrinter) runOutput {
	t.Helper()
	m := parse(t, src)
	var diags []string
	m.Context().SetDiagnosticHandler(func(d *ir.Diagnostic) { diags = append(diags, d.Error()) })
	pm, err := r.Parse(pipeline)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	opts := &pass.RunOptions{DisableThreading: !threads, MaxThreads: 4, Output: &out}
	if print != nil {
		opts.Instrumentations = []pass.Instrumentation{print}
	}
	err = pm.Run(m, opts)
	return runOutput{ir: asm.String(m, asm.PrintOptions{}), out: out.String(), diags: strings.Join(diags, "\n"), err: err}
}

// TestParallelEqualsSequential runs pipelines on a module with many
// functions with and without threading and compares everything observable.
func TestParallelEqualsSequential(t *testing.T) {
	src := manyFunctions(64)
	for _, pipeline := range []string{
		"builtin.module(func.func(test-rename,test-fail,test-rename))",
		"builtin.module(func.func(test-fail{direct}),func.func(test-rename))",
		"builtin.module(func.func(test-rename,test-fail{on=f17,f40}),func.func(test-rename))",
		"builtin.module(func.func(test-fail{direct on=f9}))",
		"builtin.module(any(test-rename,test-fail))",
	} {
		t.Run(pipeline, func(t *testing.T) {
			r := testRegistry(&recorder{})
			printer := func() *pass.IRPrinter { return &pass.IRPrinter{BeforeAll: true, AfterAll: true} }
			seq := runCapture(t, r, pipeline, src, false, printer())
			for i := 0; i < 3; i++ {
				par := runCapture(t, r, pipeline, src, true, printer())
				if par.ir != seq.ir {
					t.Fatalf("IR differs:\nsequential:\n%s\nparallel:\n%s", seq.ir, par.ir)
				}
				if par.out != seq.out {
					t.Fatalf("instrumentation output differs:\nsequential:\n%s\nparallel:\n%s", seq.out, par.out)
				}
				if par.diags != seq.diags {
					t.Fatalf("diagnostics differ:\nsequential:\n%s\nparallel:\n%s", seq.diags, par.diags)
				}
				if fmt.Sprint(par.err) != fmt.Sprint(seq.err) {
					t.Fatalf("errors differ: %v vs %v", seq.err, par.err)
				}
			}
			if seq.out == "" || seq.diags == "" {
				t.Fatalf("nothing was recorded: out=%q diags=%q", seq.out, seq.diags)
			}
		})
	}
}

func TestFailureStopsPipeline(t *testing.T) {
	r := testRegistry(&recorder{})
	for _, threads := range []bool{false, true} {
		res := runCapture(t, r, "builtin.module(func.func(test-fail{on=f2,f5}),func.func(test-rename))", manyFunctions(8), threads, &pass.IRPrinter{AfterFailure: true})
		var f *pass.Failure
		if !errors.As(res.err, &f) {
			t.Fatalf("error %v is not a *pass.Failure", res.err)
		}
		if f.Pass.Argument() != "test-fail" || opLabel(f.Op) != "@f2" || !f.Emitted {
			t.Errorf("failure = %s on %s (emitted %v)", f.Pass.Argument(), opLabel(f.Op), f.Emitted)
		}
		wantDiags := "in.mlir:1:1: warning: visiting @f0\nin.mlir:5:1: warning: visiting @f1\nin.mlir:9:1: warning: visiting @f2\nin.mlir:9:1: error: 'func.func' op failing on purpose"
		if res.diags != wantDiags {
			t.Errorf("threads=%v diagnostics:\n%s\nwant:\n%s", threads, res.diags, wantDiags)
		}
		if !strings.HasPrefix(res.out, "// -----// IR Dump After TestFail Failed (test-fail) //----- //\nfunc.func @f2(") || strings.Count(res.out, "IR Dump") != 1 {
			t.Errorf("failure dump:\n%s", res.out)
		}
		if strings.Contains(res.ir, "_r") {
			t.Errorf("the pass after the failure ran")
		}
	}
}

func TestVerifyEach(t *testing.T) {
	r := testRegistry(&recorder{})
	const src = "func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n"
	m := parse(t, src)
	pm, _ := r.Parse("builtin.module(func.func(test-break))")
	err := pm.Run(m, &pass.RunOptions{DisableThreading: true})
	var f *pass.Failure
	if !errors.As(err, &f) {
		t.Fatalf("verification failure not reported: %v", err)
	}
	want := "in.mlir:1:1: error: empty block: expect at least a terminator\n" +
		"in.mlir:1:1: note: the IR failed to verify after pass 'test-break' (TestBreak) ran on this 'func.func' op"
	if err.Error() != want {
		t.Errorf("error:\n%s\nwant:\n%s", err, want)
	}
	m = parse(t, src)
	if err := pm.Run(m, &pass.RunOptions{DisableVerifier: true}); err != nil {
		t.Errorf("with the verifier off: %v", err)
	}
}

func TestIRPrinter(t *testing.T) {
	r := testRegistry(&recorder{})
	src := manyFunctions(2)
	res := runCapture(t, r, "builtin.module(func.func(rec,test-rename),rec-module)", src, false,
		&pass.IRPrinter{AfterChange: true})
	// rec changes nothing: only test-rename dumps appear.
	if got := strings.Count(res.out, "IR Dump After TestRename (test-rename)"); got != 2 || strings.Contains(res.out, "Record") {
		t.Errorf("after-change output:\n%s", res.out)
	}
	res = runCapture(t, r, "builtin.module(func.func(rec,test-rename),rec-module)", src, false,
		&pass.IRPrinter{Before: []string{"test-rename"}, After: []string{"rec-module"}})
	want := `// -----// IR Dump Before TestRename (test-rename) //----- //
func.func @f0(%arg0: i32) -> i32 {
  %0 = "test.op"(%arg0) : (i32) -> i32
  return %0 : i32
}

// -----// IR Dump Before TestRename (test-rename) //----- //
func.func @f1(%arg0: i32) -> i32 {
  %0 = "test.op"(%arg0) : (i32) -> i32
  return %0 : i32
}

// -----// IR Dump After Record (rec-module) //----- //
module {
  func.func @f0_r(%arg0: i32) -> i32 {
    %0 = "test.op"(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func @f1_r(%arg0: i32) -> i32 {
    %0 = "test.op"(%arg0) : (i32) -> i32
    return %0 : i32
  }
}

`
	if res.out != want {
		t.Errorf("before/after output:\n%s\nwant:\n%s", res.out, want)
	}
	res = runCapture(t, r, "builtin.module(func.func(test-rename))", manyFunctions(1), true,
		&pass.IRPrinter{AfterAll: true, ModuleScope: true})
	if !strings.HasPrefix(res.out, "// -----// IR Dump After TestRename (test-rename) ('func.func' operation: @f0_r) //----- //\nmodule {\n") {
		t.Errorf("module scope output:\n%s", res.out)
	}
}

// countingAnalysis counts how often it is computed.
type counting struct{ n int }

func TestAnalysisManager(t *testing.T) {
	computed := 0
	analysis := &pass.Analysis[*counting]{Name: "Counting", Compute: func(op *ir.Operation, am *pass.AnalysisManager) *counting {
		computed++
		return &counting{computed}
	}}
	type step struct {
		preserve string // "all", "it", "none"
	}
	var seen []int
	mk := func(preserve string) pass.Pass {
		return &funcPass{Base: pass.NewBase(pass.Info{Argument: "use-" + preserve}), run: func(op *ir.Operation, am *pass.AnalysisManager) error {
			seen = append(seen, pass.Get(am, analysis).n)
			if _, ok := pass.Cached(am, analysis); !ok {
				return fmt.Errorf("analysis not cached after Get")
			}
			switch preserve {
			case "all":
				am.PreserveAll()
			case "it":
				am.Preserve(analysis)
			}
			return nil
		}}
	}
	pm := pass.NewPassManager("builtin.module")
	for _, p := range []string{"all", "it", "none", "none", "all", "all"} {
		pm.MustAddPass(mk(p))
	}
	timer := pass.NewTimer("root")
	if err := pm.Run(parse(t, nestedModule), &pass.RunOptions{Timing: timer}); err != nil {
		t.Fatal(err)
	}
	// Computed once, kept by "all" and "it", dropped after each "none".
	if got := fmt.Sprint(seen); got != "[1 1 1 2 3 3]" {
		t.Errorf("analysis results seen = %s", got)
	}
	var report bytes.Buffer
	timer.WriteReport(&report, pass.TimingTree)
	if strings.Count(report.String(), "(A) Counting") != 3 {
		t.Errorf("timing report lacks the analysis entries:\n%s", report.String())
	}
}

type funcPass struct {
	pass.Base
	run func(op *ir.Operation, am *pass.AnalysisManager) error
}

func (p *funcPass) Run(op *ir.Operation, am *pass.AnalysisManager) error { return p.run(op, am) }

// TestNestedInvalidation checks that a pass on the module that changes the
// IR drops the analyses cached for the functions in it.
func TestNestedInvalidation(t *testing.T) {
	computed := 0
	analysis := &pass.Analysis[int]{Name: "N", Compute: func(*ir.Operation, *pass.AnalysisManager) int { computed++; return computed }}
	use := func() pass.Pass {
		return &funcPass{Base: pass.NewBase(pass.Info{Argument: "use", Anchor: "func.func"}), run: func(op *ir.Operation, am *pass.AnalysisManager) error {
			pass.Get(am, analysis)
			am.PreserveAll()
			return nil
		}}
	}
	change := func(preserveAll bool) pass.Pass {
		return &funcPass{Base: pass.NewBase(pass.Info{Argument: "change"}), run: func(op *ir.Operation, am *pass.AnalysisManager) error {
			if preserveAll {
				am.PreserveAll()
			}
			return nil
		}}
	}
	pm := pass.NewPassManager("builtin.module")
	pm.Nest("func.func").MustAddPass(use())
	pm.MustAddPass(change(true))
	pm.Nest("func.func").MustAddPass(use())
	pm.MustAddPass(change(false))
	pm.Nest("func.func").MustAddPass(use())
	if err := pm.Run(parse(t, manyFunctions(3)), &pass.RunOptions{DisableThreading: true}); err != nil {
		t.Fatal(err)
	}
	if computed != 6 {
		t.Errorf("computed %d times, want 6 (3 functions, recomputed once after the change)", computed)
	}
}

var timeRE = regexp.MustCompile(`\d+\.\d{4} \(\s*\d+\.\d%\)`)

func TestTimingReport(t *testing.T) {
	r := testRegistry(&recorder{})
	for _, display := range []pass.TimingDisplay{pass.TimingTree, pass.TimingList} {
		pm, _ := r.Parse("builtin.module(func.func(rec,rec{tag=y}),rec-module)")
		root := pass.NewTimer("root")
		stop := root.Nest("parser", "Parser").Start()
		stop()
		if err := pm.Run(parse(t, manyFunctions(4)), &pass.RunOptions{Timing: root}); err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		root.WriteReport(&out, display)
		got := timeRE.ReplaceAllString(out.String(), "T")
		want := `===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
`
		if display == pass.TimingTree {
			want += `  ----Wall Time----  ----Name----
    T  Parser
    T  'func.func' Pipeline
    T    Record
    T    Record
    T  Record
    T  Rest
    T  Total
`
		} else {
			// Merged by name; the order depends on the times.
			want = ""
			for _, name := range []string{"  Parser\n", "  'func.func' Pipeline\n", "  Record\n", "  Rest\n", "  Total\n"} {
				if strings.Count(got, name) != 1 {
					t.Errorf("list report lacks %q once:\n%s", name, got)
				}
			}
		}
		if want != "" {
			got = regexp.MustCompile(`(?m)^  Total Execution Time: .*\n\n`).ReplaceAllString(got, "")
			if got != want {
				t.Errorf("tree report:\n%s\nwant:\n%s", got, want)
			}
		}
	}
}

func TestStatisticsReport(t *testing.T) {
	r := testRegistry(&recorder{})
	pm, _ := r.Parse("builtin.module(func.func(test-fail),func.func(test-fail))")
	counted := 0
	stat := &funcPass{Base: pass.NewBase(pass.Info{Argument: "stat", Name: "Stat"})}
	s1 := stat.NewStatistic("num-things", "Number of things")
	s2 := stat.NewStatistic("a-long-statistic-name", "Another one")
	stat.run = func(op *ir.Operation, am *pass.AnalysisManager) error {
		counted++
		s1.Add(1234)
		s2.Inc()
		return nil
	}
	pm.MustAddPass(stat)
	if err := pm.Run(parse(t, manyFunctions(2)), nil); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	pm.WriteStatistics(&out, pass.StatisticsPipeline)
	want := `===-------------------------------------------------------------------------===
                         ... Pass statistics report ...
===-------------------------------------------------------------------------===
'func.func' Pipeline
  TestFail
'func.func' Pipeline
  TestFail
Stat
  (S)    1 a-long-statistic-name - Another one
  (S) 1234 num-things            - Number of things

`
	if out.String() != want {
		t.Errorf("pipeline statistics:\n%s\nwant:\n%s", out.String(), want)
	}
	out.Reset()
	pm.WriteStatistics(&out, pass.StatisticsList)
	want = `===-------------------------------------------------------------------------===
                         ... Pass statistics report ...
===-------------------------------------------------------------------------===
  Stat
    (S)    1 a-long-statistic-name - Another one
    (S) 1234 num-things            - Number of things

`
	if out.String() != want {
		t.Errorf("list statistics:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestPanickingPass checks that a panic in a pass becomes a located error.
func TestPanickingPass(t *testing.T) {
	pm := pass.NewPassManager("builtin.module")
	pm.Nest("func.func").MustAddPass(&funcPass{Base: pass.NewBase(pass.Info{Argument: "boom"}), run: func(*ir.Operation, *pass.AnalysisManager) error {
		panic("boom")
	}})
	err := pm.Run(parse(t, manyFunctions(3)), nil)
	if err == nil || !strings.HasPrefix(err.Error(), "in.mlir:1:1: error: pass 'boom' panicked: boom") {
		t.Errorf("got %v", err)
	}
}

func TestRunPipelineFromPass(t *testing.T) {
	rec := &recorder{}
	r := testRegistry(rec)
	inner, err := r.Parse("func.func(rec-func{tag=inner})")
	if err != nil {
		t.Fatal(err)
	}
	outer := &funcPass{Base: pass.NewBase(pass.Info{Argument: "outer"}), run: func(op *ir.Operation, am *pass.AnalysisManager) error {
		for f := range op.NestedOps() {
			if f.Name() == "func.func" {
				if err := am.RunPipeline(inner, f); err != nil {
					return err
				}
			}
		}
		return nil
	}}
	pm := pass.NewPassManager("builtin.module").MustAddPass(outer)
	var out bytes.Buffer
	if err := pm.Run(parse(t, manyFunctions(2)), &pass.RunOptions{Output: &out, Instrumentations: []pass.Instrumentation{&pass.IRPrinter{BeforeAll: true}}}); err != nil {
		t.Fatal(err)
	}
	if got := rec.String(); got != "inner:@f0 inner:@f1" {
		t.Errorf("runs = %q", got)
	}
	if strings.Count(out.String(), "IR Dump Before") != 3 {
		t.Errorf("instrumentation of the nested runs:\n%s", out.String())
	}
}

// TestErrFailed checks that a pass returning ErrFailed after emitting its
// own errors is reported as emitted, and one that emitted nothing is not.
func TestErrFailed(t *testing.T) {
	for _, emit := range []bool{false, true} {
		pm := pass.NewPassManager("builtin.module")
		pm.Nest("func.func").MustAddPass(&funcPass{Base: pass.NewBase(pass.Info{Argument: "quiet-fail"}), run: func(op *ir.Operation, am *pass.AnalysisManager) error {
			if emit {
				am.Emit(ir.OpError(op, "reported by the pass"))
			}
			return pass.ErrFailed
		}})
		m := parse(t, manyFunctions(3))
		var diags []string
		m.Context().SetDiagnosticHandler(func(d *ir.Diagnostic) { diags = append(diags, d.Error()) })
		err := pm.Run(m, nil)
		var f *pass.Failure
		if !errors.As(err, &f) || f.Emitted != emit || err.Error() != "in.mlir:1:1: error: pass 'quiet-fail' failed" {
			t.Errorf("emit=%v: %v (emitted %v)", emit, err, f != nil && f.Emitted)
		}
		if want := map[bool]int{false: 0, true: 1}[emit]; len(diags) != want {
			t.Errorf("emit=%v: diagnostics %q", emit, diags)
		}
	}
}

// TestSymbolUsesVerifiedAfterNestedPipeline checks that a nested pass that
// breaks a symbol reference is caught once the nested pipeline is done.
func TestSymbolUsesVerifiedAfterNestedPipeline(t *testing.T) {
	src := "func.func @a() {\n  func.call @b() : () -> ()\n  return\n}\nfunc.func @b() {\n  return\n}\n"
	for _, threads := range []bool{false, true} {
		pm := pass.NewPassManager("builtin.module")
		pm.Nest("func.func").MustAddPass(&funcPass{Base: pass.NewBase(pass.Info{Argument: "bad-call"}), run: func(op *ir.Operation, am *pass.AnalysisManager) error {
			op.Walk(func(o *ir.Operation) {
				if o.Name() == "func.call" {
					o.SetAttr("callee", ir.SymbolRef("missing"))
				}
			})
			return nil
		}})
		err := pm.Run(parse(t, src), &pass.RunOptions{DisableThreading: !threads})
		want := "in.mlir:2:3: error: 'func.call' op 'missing' does not reference a valid function\n" +
			"in.mlir:0:0: note: the IR failed to verify after the nested 'func.func' pipeline ran"
		var f *pass.Failure
		if !errors.As(err, &f) || err.Error() != want || f.Pass != nil {
			t.Errorf("threads=%v: got %v", threads, err)
		}
		if err := pm.Run(parse(t, src), &pass.RunOptions{DisableVerifier: true}); err != nil {
			t.Errorf("without verifier: %v", err)
		}
	}
}
