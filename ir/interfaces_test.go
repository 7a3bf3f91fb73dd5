package ir_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// A test dialect "t" whose ops declare every interface.
var (
	tFunc = &ir.OpDef{
		Name: "t.func", Traits: ir.Symbol | ir.IsolatedFromAbove,
		Attrs:   []ir.AttrDef{{Name: ir.SymbolAttrName, Constraint: ir.StringAttrC}, {Name: "type", Constraint: ir.FuncTypeAttrC}},
		Regions: []ir.RegionDef{{Name: "body"}},
		Callable: &ir.CallableInterface{
			Body: func(op *ir.Operation) *ir.Region { return op.Region(0) },
			Type: func(op *ir.Operation) *ir.FunctionType {
				return op.Attr("type").(*ir.TypeAttr).Value.(*ir.FunctionType)
			},
		},
	}
	tCall = &ir.OpDef{
		Name:     "t.call",
		Operands: []ir.ArgDef{{Name: "args", Type: ir.AnyType, Variadic: true}},
		Results:  []ir.ArgDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
		Attrs:    []ir.AttrDef{{Name: "callee", Constraint: ir.FlatSymbolRefC}},
		Call: &ir.CallInterface{
			Callee: func(op *ir.Operation) *ir.SymbolRefAttr { r, _ := op.Attr("callee").(*ir.SymbolRefAttr); return r },
			Args:   (*ir.Operation).Operands,
		},
	}
	tReturn = &ir.OpDef{Name: "t.return", Traits: ir.Terminator | ir.ReturnLike, Operands: []ir.ArgDef{{Name: "v", Type: ir.AnyType, Variadic: true}}}
	tCondBr = &ir.OpDef{
		Name: "t.cond_br", Traits: ir.Terminator | ir.AttrSizedOperandSegments,
		Operands: []ir.ArgDef{
			{Name: "cond", Type: ir.I1},
			{Name: "t", Type: ir.AnyType, Variadic: true},
			{Name: "f", Type: ir.AnyType, Variadic: true},
		},
		Successors: 2,
		Branch:     &ir.BranchInterface{SuccessorOperands: []int{1, 2}},
	}
	// t.loop runs its body zero or more times, carrying values: entry
	// block arguments (induction variable, carried...), like loops.for.
	tLoop = &ir.OpDef{
		Name:     "t.loop",
		Operands: []ir.ArgDef{{Name: "n", Type: ir.IndexOnly}, {Name: "inits", Type: ir.AnyType, Variadic: true}},
		Results:  []ir.ArgDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
		Regions:  []ir.RegionDef{{Name: "body"}},
		Traits:   ir.SingleBlock,
		Loop: &ir.LoopInterface{
			Body:          func(op *ir.Operation) *ir.Region { return op.Region(0) },
			InductionVars: func(op *ir.Operation) []ir.Value { return op.Region(0).Front().ArgValues()[:1] },
		},
		RegionBranch: &ir.RegionBranchInterface{
			Successors: func(op *ir.Operation, _ *ir.Region) []ir.RegionSuccessor {
				return []ir.RegionSuccessor{{Region: op.Region(0), Inputs: op.Region(0).Front().ArgValues()[1:]}, {Inputs: op.Results()}}
			},
			EntryOperands: func(op *ir.Operation, _ *ir.Region) []ir.Value { return op.Operands()[1:] },
		},
	}
	tYield      = &ir.OpDef{Name: "t.yield", Traits: ir.Terminator | ir.ReturnLike, Operands: []ir.ArgDef{{Name: "v", Type: ir.AnyType, Variadic: true}}}
	tPure       = &ir.OpDef{Name: "t.pure", Traits: ir.Pure, Operands: []ir.ArgDef{{Name: "v", Type: ir.AnyType, Variadic: true}}, Results: []ir.ArgDef{{Name: "r", Type: ir.AnyType}}}
	testDialect = &ir.Dialect{Name: "t", Ops: []*ir.OpDef{tFunc, tCall, tReturn, tCondBr, tLoop, tYield, tPure}}
)

func parseT(t *testing.T, src string) (*ir.Operation, error) {
	t.Helper()
	ctx := builtin.NewContext().MustLoadDialect(testDialect)
	m, err := asm.ParseString(ctx, src, asm.ParseOptions{Filename: "in.mlir"})
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	return m, ir.Verify(m)
}

func firstOp(m *ir.Operation, name string) *ir.Operation {
	var found *ir.Operation
	m.WalkPreOrder(func(o *ir.Operation) ir.WalkResult {
		if o.Name() == name && found == nil {
			found = o
		}
		return ir.WalkAdvance
	})
	return found
}

// TestInterfaceDeclarationsChecked checks that LoadDialect rejects
// interfaces declared without their hooks.
func TestInterfaceDeclarationsChecked(t *testing.T) {
	for _, tc := range []struct {
		def  *ir.OpDef
		want string
	}{
		{&ir.OpDef{Name: "x.c", Call: &ir.CallInterface{Args: (*ir.Operation).Operands}}, `"x.c" declares the call interface without Callee and Args`},
		{&ir.OpDef{Name: "x.f", Callable: &ir.CallableInterface{}}, `"x.f" declares the callable interface without Body and Type`},
		{&ir.OpDef{Name: "x.r", RegionBranch: &ir.RegionBranchInterface{}}, `"x.r" declares the region-branch interface without Successors`},
		{&ir.OpDef{Name: "x.l", Loop: &ir.LoopInterface{}}, `"x.l" declares the loop interface without Body and InductionVars`},
		{&ir.OpDef{Name: "x.b", Successors: 2, Operands: []ir.ArgDef{{Name: "a", Variadic: true}}, Branch: &ir.BranchInterface{SuccessorOperands: []int{0}}}, `"x.b" has 2 successors but its branch interface gives operands for 1`},
		{&ir.OpDef{Name: "x.b", Successors: 1, Operands: []ir.ArgDef{{Name: "a"}}, Branch: &ir.BranchInterface{SuccessorOperands: []int{0}}}, `successor operands must be a variadic operand group, got group 0`},
	} {
		err := ir.NewContext().LoadDialect(&ir.Dialect{Name: "x", Ops: []*ir.OpDef{tc.def}})
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.def.Name, err, tc.want)
		}
	}
	if got := strings.Join(tLoop.InterfaceNames(), ","); got != "LoopLikeOpInterface,RegionBranchOpInterface" {
		t.Errorf("InterfaceNames = %s", got)
	}
}

const callSrc = `
"t.func"() ({
^bb0(%a: i32, %b: f32):
  "t.return"(%a) : (i32) -> ()
}) {sym_name = "f", type = (i32, f32) -> i32} : () -> ()
"t.func"() ({
^bb0(%a: i32, %b: f32):
  %r = "t.call"(%a, %b) {callee = @f} : (i32, f32) -> i32
  %s = "t.call"(%a, %b) {callee = @g} : (i32, f32) -> i32
  "t.return"(%r) : (i32) -> ()
}) {sym_name = "caller", type = (i32, f32) -> i32} : () -> ()
"t.pure"() {sym_name = "g"} : () -> i32
`

// TestCallInterfaces resolves calls through the call and callable
// interfaces.
func TestCallInterfaces(t *testing.T) {
	m, _ := parseT(t, callSrc)
	call := firstOp(m, "t.call")
	ci := ir.CallInterfaceOf(call)
	if ci == nil || ci.Callee(call).Root != "f" || len(ci.Args(call)) != 2 {
		t.Fatalf("call interface of %v", call)
	}
	fn := ir.ResolveCallable(call, nil)
	if fn == nil || fn.Name() != "t.func" {
		t.Fatalf("ResolveCallable = %v", fn)
	}
	if ft := ir.CallableInterfaceOf(fn).Type(fn); ft.String() != "(i32, f32) -> i32" {
		t.Errorf("callable type %s", ft)
	}
	// @g names an op that is not callable.
	if g := ir.ResolveCallable(call.Next(), nil); g != nil {
		t.Errorf("ResolveCallable of a call to a non-callable = %v", g)
	}
	if ir.CallInterfaceOf(fn) != nil || ir.CallableInterfaceOf(call) != nil {
		t.Errorf("interfaces reported on ops that do not declare them")
	}
}

// TestBranchInterface checks the verifier's branch checks (MLIR's
// messages) and the successor-operand helpers.
func TestBranchInterface(t *testing.T) {
	const ok = `
"t.func"() ({
^bb0(%c: i1, %a: i32, %b: f32):
  "t.cond_br"(%c, %a, %b, %a)[^bb1, ^bb2] {operand_segment_sizes = array<i32: 1, 2, 1>} : (i1, i32, f32, i32) -> ()
^bb1(%x: i32, %y: f32):
  "t.return"(%x) : (i32) -> ()
^bb2(%z: i32):
  "t.return"(%z) : (i32) -> ()
}) {sym_name = "f", type = (i1, i32, f32) -> i32} : () -> ()`
	m, err := parseT(t, ok)
	if err != nil {
		t.Fatal(err)
	}
	br := firstOp(m, "t.cond_br")
	if got := ir.SuccessorOperands(br, 0); len(got) != 2 || got[1].Type().String() != "f32" {
		t.Errorf("SuccessorOperands(0) = %v", got)
	}
	if a := ir.SuccessorBlockArgument(br, 3); a == nil || a.Owner() != br.Successor(1) || a.Index() != 0 {
		t.Errorf("operand #3 goes to %v, want ^bb2's argument #0", a)
	}
	if a := ir.SuccessorBlockArgument(br, 0); a != nil {
		t.Errorf("the condition is forwarded to %v", a)
	}
	// Erase the f32 operand of successor 0, as region DCE does with a dead
	// argument: the segment sizes follow.
	if !ir.EraseSuccessorOperand(br, 0, 1) || ir.EraseSuccessorOperand(br, 1, 1) {
		t.Fatalf("EraseSuccessorOperand results")
	}
	if got := br.Attr(ir.OperandSegmentSizesAttr).String(); got != "array<i32: 1, 1, 1>" || br.NumOperands() != 3 {
		t.Errorf("after erasing: %d operands, segments %s", br.NumOperands(), got)
	}
	br.Successor(0).EraseArgument(1)
	if err := ir.Verify(m); err != nil {
		t.Errorf("after erasing an operand and its argument: %v", err)
	}

	for _, tc := range []struct{ src, want string }{
		{strings.Replace(ok, "^bb2(%z: i32):", "^bb2:", 1), "in.mlir:4:3: error: branch has 1 operands for successor #1, but target block has 0"},
		{strings.Replace(ok, "^bb1(%x: i32, %y: f32):", "^bb1(%x: i32, %y: i32):", 1), "in.mlir:4:3: error: type mismatch for bb argument #1 of successor #0"},
	} {
		_, err := parseT(t, strings.Replace(tc.src, `"t.return"(%z)`, `"t.return"(%a)`, 1))
		if err == nil || err.Error() != tc.want {
			t.Errorf("got %v\nwant %s", err, tc.want)
		}
	}
}

const loopSrc = `
"t.func"() ({
^bb0(%n: index, %x: f32):
  %r = "t.loop"(%n, %x) ({
  ^bb0(%i: index, %acc: f32):
    %in = "t.pure"(%x) : (f32) -> f32
    %s = "t.pure"(%acc, %in) : (f32, f32) -> f32
    "t.yield"(%s) : (f32) -> ()
  }) : (index, f32) -> f32
  "t.return"(%r) : (f32) -> ()
}) {sym_name = "f", type = (index, f32) -> f32} : () -> ()`

// TestRegionBranchAndLoopInterfaces checks the verifier's region-branch
// edge checks (MLIR's messages) and the loop helpers.
func TestRegionBranchAndLoopInterfaces(t *testing.T) {
	m, err := parseT(t, loopSrc)
	if err != nil {
		t.Fatal(err)
	}
	loop := firstOp(m, "t.loop")
	in := firstOp(m, "t.pure")
	sum := in.Next()
	if !ir.IsDefinedOutsideLoop(loop, in.Operand(0)) || ir.IsDefinedOutsideLoop(loop, sum.Operand(0)) || ir.IsDefinedOutsideLoop(loop, in.Result(0)) {
		t.Errorf("IsDefinedOutsideLoop: %%x outside, %%acc and %%in inside")
	}
	if ivs := ir.LoopInterfaceOf(loop).InductionVars(loop); len(ivs) != 1 || ivs[0].Type().String() != "index" {
		t.Errorf("induction variables %v", ivs)
	}
	for _, tc := range []struct {
		edits []string // old, new, ...
		want  string
	}{
		{[]string{`"t.yield"(%s) : (f32) -> ()`, `"t.yield"() : () -> ()`},
			"in.mlir:4:8: error: 't.loop' op  region control flow edge from Region #0 to Region #0: source has 0 operands, but target successor needs 1"},
		{[]string{`"t.yield"(%s) : (f32) -> ()`, `"t.yield"(%i) : (index) -> ()`},
			"in.mlir:4:8: error: 't.loop' op  along control flow edge from Region #0 to Region #0: source type #0 'index' should match input type #0 'f32'"},
		{[]string{`"t.loop"(%n, %x)`, `"t.loop"(%n, %n)`, `}) : (index, f32) -> f32`, `}) : (index, index) -> f32`},
			"in.mlir:4:8: error: 't.loop' op  along control flow edge from parent operands to Region #0: source type #0 'index' should match input type #0 'f32'"},
	} {
		_, err := parseT(t, strings.NewReplacer(tc.edits...).Replace(loopSrc))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%v:\ngot  %v\nwant %s", tc.edits, err, tc.want)
		}
	}
}
