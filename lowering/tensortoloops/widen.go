package tensortoloops

import (
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// f16 and bf16 at the loop level, as TorchInductor lowers them: buffers
// keep the 16-bit type, and every op that computes on 16-bit floats is
// rewritten inside its kernel, before the loops are generated, into the
// same op on f32 between tensor.cast ops: widen the operands (exact),
// compute in f32, round the result once to the 16-bit type. That is how
// the interpreter computes them (numerics/half.go: c10::Half arithmetic
// through float), so each op rounds once, and reductions, matmul and
// conv2d accumulate in f32. What stays on 16-bit values at the loop level
// moves data without computing: loads, stores, constants, select (pad,
// concat, gather, views), and the conversions arith.extf / arith.truncf,
// which the casts become.

// isHalf reports whether t is a 16-bit float type (f16 or bf16).
func isHalf(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && (ft.Kind == ir.F16 || ft.Kind == ir.BF16)
}

// movesData reports the ops that only move 16-bit values (no arithmetic),
// which keep their types.
func movesData(op *ir.Operation) bool {
	switch opclass.Classify(op) {
	case opclass.View, opclass.Const, opclass.Dense, opclass.None:
		return true
	}
	switch op.Name() {
	case tensor.CastName, tensor.SelectName, tensor.PadName, tensor.ConcatName, tensor.GatherName:
		return true
	}
	return castLike(op.Name())
}

// widenHalf rewrites the ops of a kernel body that compute on f16 or bf16
// values into f32 ops between casts.
func widenHalf(body *ir.Block) {
	var ops []*ir.Operation
	for op := range body.Ops() {
		if op != body.Terminator() && !movesData(op) && touchesHalf(op) {
			ops = append(ops, op)
		}
	}
	for _, op := range ops {
		widenOp(op)
	}
}

// touchesHalf reports whether an op has a 16-bit float operand or result.
func touchesHalf(op *ir.Operation) bool {
	for _, v := range op.Operands() {
		if isHalf(opclass.Elem(v)) {
			return true
		}
	}
	for _, r := range op.Results() {
		if isHalf(opclass.Elem(r)) {
			return true
		}
	}
	return false
}

// widenOp makes op compute in f32: its 16-bit operands are cast to f32
// before it, its 16-bit results become f32 and are cast back after it.
func widenOp(op *ir.Operation) {
	ctx := op.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(op)
	for i, v := range op.Operands() {
		if ir.IsTensor(v.Type()) && isHalf(opclass.Elem(v)) {
			op.SetOperand(i, tensor.Cast(b, v, ctx.F32()))
		}
	}
	b.SetInsertionPointAfter(op)
	for _, r := range op.Results() {
		rt, ok := r.Type().(*ir.RankedTensorType)
		if !ok || !isHalf(rt.Elem) {
			continue
		}
		r.SetType(ctx.Tensor(rt.Shape(), ctx.F32()))
		var uses []*ir.OpOperand
		for u := range r.Uses() {
			uses = append(uses, u)
		}
		back := tensor.Cast(b, r, rt.Elem)
		for _, u := range uses {
			u.Set(back)
		}
	}
}
