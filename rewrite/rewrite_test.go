package rewrite_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/rewrite"
	"github.com/tt-compiler/tt/rewrite/internal/testdialect"
)

func newRegistry(t testing.TB) *pass.Registry {
	r := pass.NewRegistry()
	if err := rewrite.Register(r); err != nil {
		t.Fatal(err)
	}
	return r
}

func parseTest(t testing.TB, src string) *ir.Operation {
	t.Helper()
	ctx := testdialect.NewContext()
	ctx.AllowUnregistered = true
	m, err := asm.Parse(ctx, []byte(src), asm.ParseOptions{Filename: "in.mlir"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("input does not verify: %v", err)
	}
	return m
}

// runPipeline parses src, runs pipeline on it and returns the printed IR.
func runPipeline(t testing.TB, pipeline, src string, opts *pass.RunOptions) string {
	t.Helper()
	m := parseTest(t, src)
	pm, err := newRegistry(t).Parse(pipeline)
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m, opts); err != nil {
		t.Fatalf("running %s: %v", pipeline, err)
	}
	return asm.String(m, asm.PrintOptions{})
}

func TestPasses(t *testing.T) {
	for _, tc := range passCases {
		for _, threads := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/threads=%v", tc.name, threads), func(t *testing.T) {
				got := runPipeline(t, tc.pipeline, tc.input, &pass.RunOptions{DisableThreading: !threads})
				if d := cmp.Diff(tc.want, got); d != "" {
					t.Errorf("%s: IR differs (-want +got):\n%s", tc.pipeline, d)
				}
				// The passes reach a fixed point: running them again changes nothing.
				if again := runPipeline(t, tc.pipeline, got, nil); again != got && !strings.HasPrefix(tc.name, "inline") {
					t.Errorf("second run changed the IR:\n%s", again)
				}
			})
		}
	}
}

// TestCSEStatistics checks the counters of cse on the golden input.
func TestCSEStatistics(t *testing.T) {
	var src string
	for _, tc := range passCases {
		if tc.name == "cse-func" {
			src = tc.input
		}
	}
	m := parseTest(t, src)
	pm, _ := newRegistry(t).Parse("builtin.module(func.func(cse))")
	if err := pm.Run(m, nil); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	pm.WriteStatistics(&out, pass.StatisticsList)
	// CSE'd: basic %c2, %1, %2 (tst.add is commutative); memory %1, %2;
	// regions %x twice, %r2; blocks %1 and %2. DCE'd: basic %c3 and %dead,
	// blocks %m1.
	want := "  CSE\n    (S) 10 num-cse'd - Number of operations CSE'd\n    (S)  3 num-dce'd - Number of operations DCE'd\n"
	if !strings.Contains(out.String(), want) {
		t.Errorf("statistics:\n%s\nwant to contain:\n%s", out.String(), want)
	}
}

// TestCanonicalizeConvergence checks that a pattern that keeps changing
// the IR makes the driver stop at the iteration limit and report it.
func TestCanonicalizeConvergence(t *testing.T) {
	m := parseTest(t, `func.func @f(%a: i32) -> i32 {
  %0 = "tst.neg"(%a) {flip = 0 : i32} : (i32) -> i32
  return %0 : i32
}`)
	flip := &ir.Pattern{Root: testdialect.Neg, Priority: 1, Label: "Flip", Rewrite: func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		v, ok := op.IntAttr("flip")
		if !ok {
			return false
		}
		rw.ModifyOpInPlace(op, func() { op.SetAttr("flip", ir.Int(m.Context().I32(), 1-v)) })
		return true
	}}
	patterns := rewrite.NewPatternSet(flip).Freeze()
	res := rewrite.ApplyPatternsGreedily(m, patterns, rewrite.GreedyConfig{MaxIterations: 3, MaxNumRewrites: 5})
	if res.Converged || res.Iterations != 3 || res.NumRewrites != 15 || !res.Changed {
		t.Errorf("result = %+v, want 3 iterations of 5 rewrites without convergence", res)
	}
	res = rewrite.ApplyPatternsGreedily(m, rewrite.NewPatternSet().Freeze(), rewrite.GreedyConfig{})
	if !res.Converged || res.Changed || res.Iterations != 1 {
		t.Errorf("no patterns: %+v", res)
	}
}

// TestPatternBenefit checks that patterns are tried by benefit, op-specific
// before any-op patterns of equal benefit.
func TestPatternBenefit(t *testing.T) {
	var tried []string
	mk := func(root string, benefit int, label string) ir.RewritePattern {
		return &ir.Pattern{Root: root, Priority: benefit, Label: label, Rewrite: func(op *ir.Operation, rw *ir.PatternRewriter) bool {
			if op.Name() == testdialect.Neg {
				tried = append(tried, label)
			}
			return false
		}}
	}
	set := rewrite.NewPatternSet(mk("", 2, "any2"), mk(testdialect.Neg, 1, "neg1"), mk(testdialect.Neg, 3, "neg3"),
		mk("", 1, "any1"), mk(testdialect.Neg, 2, "neg2"), mk(testdialect.Add, 9, "add9"))
	m := parseTest(t, `func.func @f(%a: i32) -> i32 {
  %0 = "tst.neg"(%a) : (i32) -> i32
  return %0 : i32
}`)
	rewrite.ApplyPatternsGreedily(m, set.Freeze(), rewrite.GreedyConfig{MaxIterations: 1})
	if got := strings.Join(tried, ","); got != "neg3,neg2,any2,neg1,any1" {
		t.Errorf("order = %s", got)
	}
}

// TestDisablePatterns checks canonicalize's pattern filters.
func TestDisablePatterns(t *testing.T) {
	src := `func.func @f(%a: i32) -> i32 {
  %0 = "tst.neg"(%a) : (i32) -> i32
  %1 = "tst.neg"(%0) : (i32) -> i32
  return %1 : i32
}`
	got := runPipeline(t, "builtin.module(func.func(canonicalize{disable-patterns=NegNeg}))", src, nil)
	if !strings.Contains(got, `"tst.neg"(%0)`) {
		t.Errorf("disabled pattern applied:\n%s", got)
	}
	got = runPipeline(t, "builtin.module(func.func(canonicalize{enable-patterns=Other}))", src, nil)
	if !strings.Contains(got, `"tst.neg"(%0)`) {
		t.Errorf("pattern outside enable-patterns applied:\n%s", got)
	}
	got = runPipeline(t, "builtin.module(func.func(canonicalize{enable-patterns=NegNeg}))", src, nil)
	if strings.Contains(got, "tst.neg") {
		t.Errorf("enabled pattern not applied:\n%s", got)
	}
	got = runPipeline(t, "builtin.module(func.func(canonicalize{max-iterations=0}))", src, nil)
	if !strings.Contains(got, `"tst.neg"(%0)`) {
		t.Errorf("max-iterations=0 changed the IR:\n%s", got)
	}
}

// TestTestConvergence checks that test-convergence fails the pass when the
// iteration limit is hit.
func TestTestConvergence(t *testing.T) {
	src := `func.func @f(%a: i32) -> i32 {
  %0 = "tst.neg"(%a) : (i32) -> i32
  %1 = "tst.neg"(%0) : (i32) -> i32
  %2 = "tst.neg"(%1) : (i32) -> i32
  return %2 : i32
}`
	m := parseTest(t, src)
	pm, _ := newRegistry(t).Parse("builtin.module(func.func(canonicalize{max-iterations=1 test-convergence}))")
	err := pm.Run(m, nil)
	if err == nil || err.Error() != "in.mlir:1:1: error: canonicalizer failed to converge within 1 iterations" {
		t.Errorf("got %v", err)
	}
}

// TestFolder checks constant uniquing and hoisting through the public API.
func TestFolder(t *testing.T) {
	m := parseTest(t, `func.func @f(%a: i32) -> i32 {
  "test.op"() : () -> ()
  %r = "tst.region"(%a) ({
    %c = "tst.const"() {value = 4 : i32} : () -> i32
    %s = "tst.add"(%c, %a) : (i32, i32) -> i32
    "tst.yield"(%s) : (i32) -> ()
  }) : (i32) -> i32
  return %r : i32
}`)
	f := rewrite.NewFolder(m.Context())
	fn := m.Region(0).Front().First()
	entry := fn.Region(0).Front()
	region := entry.First().Next()
	inner := region.Region(0).Front()
	c := inner.First()
	v, ok := rewrite.ConstantValue(c)
	if !ok || v.String() != "4 : i32" {
		t.Fatalf("ConstantValue = %v, %v", v, ok)
	}
	if !f.InsertKnownConstant(c, v) || entry.First() != c || !f.IsFolderOwned(c) {
		t.Fatalf("constant not hoisted to the function's entry block")
	}
	d := m.Context().Dialect("tst")
	got := f.GetOrCreateConstant(inner, d, ir.Int(m.Context().I32(), 4), m.Context().I32(), ir.Unknown)
	if got != c {
		t.Errorf("GetOrCreateConstant made a new constant for an existing value")
	}
	seven := f.GetOrCreateConstant(inner, d, ir.Int(m.Context().I32(), 7), m.Context().I32(), ir.Unknown)
	if seven == nil || entry.First() != seven {
		t.Errorf("new constant not at the start of the entry block")
	}
	add := inner.First()
	changed, erased := f.TryToFold(add)
	if !changed || erased || add.Operand(1) != c.Result(0) {
		t.Errorf("commutative operands not reordered: changed=%v erased=%v", changed, erased)
	}
	if f.GetOrCreateConstant(inner, nil, ir.Int(m.Context().I32(), 1), m.Context().I32(), ir.Unknown) != nil {
		t.Errorf("a constant was materialized without a dialect")
	}
}

// TestParallelCanonicalizeCSE runs canonicalize and cse on many functions
// with and without threading and compares the results.
func TestParallelCanonicalizeCSE(t *testing.T) {
	var sb strings.Builder
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&sb, `func.func @f%d(%%a: i32) -> i32 {
  %%c = "tst.const"() {value = %d : i32} : () -> i32
  %%0 = "tst.add"(%%c, %%a) : (i32, i32) -> i32
  %%1 = "tst.add"(%%a, %%c) : (i32, i32) -> i32
  %%2 = "tst.mul"(%%0, %%1) : (i32, i32) -> i32
  %%d = "tst.const"() {value = 2 : i32} : () -> i32
  %%3 = "tst.add"(%%c, %%d) : (i32, i32) -> i32
  %%4 = "tst.mul"(%%2, %%3) : (i32, i32) -> i32
  return %%4 : i32
}
`, i, i%3)
	}
	src := sb.String()
	var seqOut bytes.Buffer
	seq := runPipeline(t, "builtin.module(func.func(canonicalize,cse))", src, &pass.RunOptions{DisableThreading: true,
		Output: &seqOut, Instrumentations: []pass.Instrumentation{&pass.IRPrinter{AfterAll: true}}})
	for i := 0; i < 3; i++ {
		var parOut bytes.Buffer
		par := runPipeline(t, "builtin.module(func.func(canonicalize,cse))", src, &pass.RunOptions{MaxThreads: 4,
			Output: &parOut, Instrumentations: []pass.Instrumentation{&pass.IRPrinter{AfterAll: true}}})
		if par != seq {
			t.Fatalf("parallel result differs:\n%s\nsequential:\n%s", par, seq)
		}
		if parOut.String() != seqOut.String() {
			t.Fatalf("parallel IR dumps differ")
		}
	}
	// Every function folds to the same shape: (a + c) * (a + c) * (c + 2).
	if strings.Count(seq, `"tst.mul"(%1, %c`) != 40 && strings.Count(seq, "tst.mul") != 80 {
		t.Errorf("unexpected result:\n%s", seq)
	}
}

// TestInlineLocations checks that inlined ops get call-site locations.
func TestInlineLocations(t *testing.T) {
	m := parseTest(t, `func.func private @callee(%a: i32) -> i32 {
  %0 = "tst.neg"(%a) : (i32) -> i32 loc("callee.py":2:3)
  return %0 : i32 loc("callee.py":3:3)
}
func.func @caller(%a: i32) -> i32 {
  %0 = func.call @callee(%a) : (i32) -> i32 loc("caller.py":10:5)
  return %0 : i32
}`)
	res, err := rewrite.Inline(m, rewrite.InlinerConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if res.NumInlined != 1 || res.NumErased != 1 {
		t.Errorf("result = %+v", res)
	}
	got := asm.String(m, asm.PrintOptions{DebugInfo: true})
	if !strings.Contains(got, `"tst.neg"(%arg0) : (i32) -> i32 loc(callsite("callee.py":2:3 at "caller.py":10:5))`) {
		t.Errorf("locations:\n%s", got)
	}
}

// TestInlineMultiBlockNeedsBranch checks that a function with several
// blocks is inlined with a registered cf.br when the cf dialect is loaded,
// is not inlined when no branch op can be built, and is inlined with the
// branch op a custom MakeBranch builds.
func TestInlineMultiBlockNeedsBranch(t *testing.T) {
	src := `func.func private @multi(%c: i1, %a: i32) -> i32 {
  "cf.cond_br"(%c)[^bb1, ^bb2] {operand_segment_sizes = array<i32: 1, 0, 0>} : (i1) -> ()
^bb1:
  return %a : i32
^bb2:
  return %a : i32
}
func.func @caller(%c: i1, %a: i32) -> i32 {
  %0 = func.call @multi(%c, %a) : (i1, i32) -> i32
  return %0 : i32
}`
	m := parseTest(t, src)
	res, err := rewrite.Inline(m, rewrite.InlinerConfig{})
	if err != nil || res.NumInlined != 1 {
		t.Fatalf("with cf loaded: inlined %d calls (err %v)", res.NumInlined, err)
	}
	if err := ir.Verify(m); err != nil {
		t.Errorf("inlined IR does not verify: %v", err)
	}
	if got := asm.String(m, asm.PrintOptions{}); strings.Count(got, "cf.br ^bb3(%arg1 : i32)") != 2 {
		t.Errorf("returns did not become registered cf.br:\n%s", got)
	}

	// Without the cf dialect, there is no branch op to build.
	ctx := ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, testdialect.Dialect)
	ctx.AllowUnregistered = true
	m, err = asm.Parse(ctx, []byte(src), asm.ParseOptions{Filename: "in.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	ctx.AllowUnregistered = false
	res, err = rewrite.Inline(m, rewrite.InlinerConfig{})
	if err != nil || res.NumInlined != 0 {
		t.Errorf("inlined %d calls without a branch op (err %v)", res.NumInlined, err)
	}
	calls := 0
	res, err = rewrite.Inline(m, rewrite.InlinerConfig{MakeBranch: func(b *ir.Builder, loc ir.Location, dest *ir.Block, args []ir.Value) *ir.Operation {
		calls++
		return b.Insert(b.Ctx.NewOp(&ir.OperationState{Name: "my.br", Loc: loc, Operands: args, Successors: []*ir.Block{dest}}))
	}})
	if err != nil || res.NumInlined != 1 || !strings.Contains(asm.String(m, asm.PrintOptions{}), `"my.br"(%arg1)[^bb3]`) {
		t.Errorf("custom branch: %+v %v\n%s", res, err, asm.String(m, asm.PrintOptions{}))
	}
}

// TestSymbolDCENotATable checks the error on ops that are not symbol tables.
func TestSymbolDCENotATable(t *testing.T) {
	m := parseTest(t, "func.func @f() {\n  return\n}\n")
	pm, _ := newRegistry(t).Parse("builtin.module(func.func(symbol-dce))")
	err := pm.Run(m, nil)
	if err == nil || err.Error() != "in.mlir:1:1: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table" {
		t.Errorf("got %v", err)
	}
}

// TestVerifierAfterPasses runs every pass on all golden inputs with
// verification, which would fail if a pass produced invalid IR.
func TestVerifierAfterPasses(t *testing.T) {
	for _, tc := range passCases {
		for _, p := range []string{"canonicalize", "cse", "dce", "symbol-dce", "inline", "func.func(canonicalize,cse,dce)"} {
			m := parseTest(t, tc.input)
			pm, err := newRegistry(t).Parse("builtin.module(" + p + ")")
			if err != nil {
				t.Fatal(err)
			}
			if err := pm.Run(m, nil); err != nil {
				t.Errorf("%s on %s: %v", p, tc.name, err)
			}
		}
	}
}

// TestInlineThroughInterfaces inlines calls of a dialect that is not func:
// the inliner knows call-like and callable ops by their interfaces and
// returns by the ReturnLike trait, not by name.
func TestInlineThroughInterfaces(t *testing.T) {
	fn := &ir.OpDef{
		Name: "my.fn", Traits: ir.Symbol | ir.IsolatedFromAbove,
		Attrs: []ir.AttrDef{
			{Name: ir.SymbolAttrName, Constraint: ir.StringAttrC},
			{Name: ir.VisibilityAttrName, Constraint: ir.StringAttrC, Optional: true},
			{Name: "type", Constraint: ir.FuncTypeAttrC},
		},
		Regions: []ir.RegionDef{{Name: "body"}},
		Callable: &ir.CallableInterface{
			Body: func(op *ir.Operation) *ir.Region { return op.Region(0) },
			Type: func(op *ir.Operation) *ir.FunctionType {
				return op.Attr("type").(*ir.TypeAttr).Value.(*ir.FunctionType)
			},
		},
	}
	call := &ir.OpDef{
		Name: "my.call",
		// The first operand is not passed to the callee.
		Operands: []ir.ArgDef{{Name: "token", Type: ir.AnyType}, {Name: "args", Type: ir.AnyType, Variadic: true}},
		Results:  []ir.ArgDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
		Attrs:    []ir.AttrDef{{Name: "to", Constraint: ir.FlatSymbolRefC}},
		Call: &ir.CallInterface{
			Callee: func(op *ir.Operation) *ir.SymbolRefAttr { r, _ := op.Attr("to").(*ir.SymbolRefAttr); return r },
			Args:   func(op *ir.Operation) []ir.Value { return op.Operands()[1:] },
		},
	}
	ret := &ir.OpDef{Name: "my.ret", Traits: ir.Terminator | ir.ReturnLike, Operands: []ir.ArgDef{{Name: "v", Type: ir.AnyType, Variadic: true}}}
	ctx := testdialect.NewContext().MustLoadDialect(&ir.Dialect{Name: "my", Ops: []*ir.OpDef{fn, call, ret}})
	m, err := asm.Parse(ctx, []byte(`
"my.fn"() ({
^bb0(%a: i32):
  %n = "tst.neg"(%a) : (i32) -> i32
  "my.ret"(%n) : (i32) -> ()
}) {sym_name = "neg", sym_visibility = "private", type = (i32) -> i32} : () -> ()
func.func @caller(%t: i1, %x: i32) -> i32 {
  %r = "my.call"(%t, %x) {to = @neg} : (i1, i32) -> i32
  return %r : i32
}`), asm.ParseOptions{Filename: "in.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := rewrite.Inline(m, rewrite.InlinerConfig{})
	if err != nil || res.NumInlined != 1 || res.NumErased != 1 {
		t.Fatalf("Inline: %+v, %v", res, err)
	}
	want := `module {
  func.func @caller(%arg0: i1, %arg1: i32) -> i32 {
    %0 = "tst.neg"(%arg1) : (i32) -> i32
    return %0 : i32
  }
}`
	if d := cmp.Diff(want, asm.String(m, asm.PrintOptions{})); d != "" {
		t.Errorf("IR differs (-want +got):\n%s", d)
	}
}
