package odsgen_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
)

// newFunc returns a builder at the end of the body of a new function with
// the given argument types, and the module holding it.
func newFunc(t *testing.T, ctx *ir.Context, args ...ir.Type) (*ir.Builder, *ir.Operation, []ir.Value) {
	t.Helper()
	m := builtin.NewModule(ctx, nil)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(m))
	st := &ir.OperationState{Name: function.FuncName, Attrs: []ir.NamedAttr{
		{Name: ir.SymbolAttrName, Value: ir.String("f")},
		{Name: function.FunctionTypeAttr, Value: &ir.TypeAttr{Value: ctx.Function(args, nil)}},
	}}
	st.AddRegion()
	fn := b.Insert(ctx.NewOp(st))
	body := b.CreateBlock(fn.Region(0), args, nil)
	return b, m, body.ArgValues()
}

// TestGeneratedBuildersAndViews builds ops with generated builders of
// several dialects, verifies them and reads them back through the views.
func TestGeneratedBuildersAndViews(t *testing.T) {
	ctx := registry.NewContext()
	f32 := ctx.F32()
	buf := ctx.MemRef([]int64{4, ir.Dynamic}, f32)
	b, m, args := newFunc(t, ctx, buf, ctx.Index(), ctx.Tensor([]int64{2, 3}, f32))
	x := loops.Load(b, args[0], args[1], args[1])
	sum := arith.AddF(b, x, x)
	lt := arith.CmpF(b, "olt", sum, x)
	sel := arith.Select(b, lt, sum, x)
	loops.Store(b, sel, args[0], args[1], args[1])
	red := tensor.ReduceSum(b, args[2], []int64{1}, true)
	tr := tensor.Transpose(b, red, []int64{1, 0})
	function.Return(b)
	if err := ir.Verify(m); err != nil {
		t.Fatalf("built IR does not verify: %v\n%s", err, m)
	}

	add, ok := arith.AsAddFOp(ir.DefiningOp(sum))
	if !ok || add.Lhs() != x || add.Rhs() != x || add.Result() != sum {
		t.Errorf("AddFOp view: ok=%v", ok)
	}
	if fm, ok := arith.FastMathOf(add.Fastmath()); !ok || fm != arith.FastMathNone {
		t.Errorf("addf fastmath = %v (%v), want the default none", add.Fastmath(), ok)
	}
	ld, _ := loops.AsLoadOp(ir.DefiningOp(x))
	if ld.Buffer() != args[0] || len(ld.Indices()) != 2 {
		t.Errorf("LoadOp view: buffer %v, %d indices", ld.Buffer(), len(ld.Indices()))
	}
	rs, ok := tensor.AsReduceSumOp(ir.DefiningOp(red))
	if !ok || !slices.Equal(rs.Dims(), []int64{1}) || !rs.Keepdim() {
		t.Errorf("ReduceSumOp view: dims %v keepdim %v", rs.Dims(), rs.Keepdim())
	}
	tp, _ := tensor.AsTransposeOp(ir.DefiningOp(tr))
	if !slices.Equal(tp.Perm(), []int64{1, 0}) || tp.X() != red {
		t.Errorf("TransposeOp view: perm %v", tp.Perm())
	}
	if _, ok := tensor.AsTransposeOp(ir.DefiningOp(red)); ok {
		t.Error("AsTransposeOp accepted a tensor.reduce_sum")
	}
	if _, ok := tensor.AsAddOp(nil); ok {
		t.Error("AsAddOp accepted nil")
	}
}

// TestGeneratedBuilderBadOperands checks that a builder given operands of
// the wrong types still creates the op and the verifier reports it.
func TestGeneratedBuilderBadOperands(t *testing.T) {
	ctx := registry.NewContext()
	b, m, args := newFunc(t, ctx, ctx.Tensor([]int64{2}, ctx.F32()), ctx.Tensor([]int64{3}, ctx.F32()))
	r := tensor.Add(b, args[0], args[1])
	function.Return(b)
	if r == nil {
		t.Fatal("builder returned no value")
	}
	err := ir.Verify(m)
	if err == nil || !strings.Contains(err.Error(), "requires the same type for all operands and results") {
		t.Fatalf("verification error = %v, want the type mismatch", err)
	}
}

// TestAsRejectsWrongArity checks that a view is only handed out for an op
// with the declared numbers of operands and results.
func TestAsRejectsWrongArity(t *testing.T) {
	ctx := registry.NewContext()
	b, _, args := newFunc(t, ctx, ctx.F32())
	op := b.Insert(ctx.NewOp(&ir.OperationState{Name: arith.AddFName, Operands: args, ResultTypes: []ir.Type{ctx.F32()}}))
	if _, ok := arith.AsAddFOp(op); ok {
		t.Error("AsAddFOp accepted an arith.addf with one operand")
	}
}
