package tensor

import (
	"github.com/tt-compiler/tt/ir"
)

// sameTypeConsts reports whether every constant is present and of type t.
func sameTypeConsts(t ir.Type, cs ...*ir.DenseElementsAttr) bool {
	for _, c := range cs {
		if c == nil || ir.Type(c.Type) != t {
			return false
		}
	}
	return true
}

// foldBinary returns the Fold hook of an element-wise binary op: constant
// folding, identities (x+0, x-0, x*1, x/1, x**1, max/min(x, x)), and
// moving a constant left operand of a commutative op to the right.
func foldBinary(short string) foldHookFunc {
	return func(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.NumOperands() != 2 || op.NumResults() != 1 {
			return nil, false
		}
		cs := constOperands(op, given)
		if rt := staticResult(op); rt != nil && sameTypeConsts(rt, cs...) {
			if res, ok := foldConst(foldBinaryConst(rt, short, cs[0], cs[1])); ok {
				return res, ok
			}
		}
		if v := binaryIdentity(short, op, cs); v != nil {
			return foldValue(op, v)
		}
		if op.HasTrait(ir.Commutative) && cs[0] != nil && cs[1] == nil {
			lhs, rhs := op.Operand(0), op.Operand(1)
			op.SetOperand(0, rhs)
			op.SetOperand(1, lhs)
			return nil, true
		}
		return nil, false
	}
}

func foldBinaryConst(rt *ir.RankedTensorType, short string, a, b *ir.DenseElementsAttr) *ir.DenseElementsAttr {
	k := binaryKernels[short]
	switch {
	case IsFloatElement(rt.Elem):
		return evalDense(rt, []*ir.DenseElementsAttr{a, b}, func(i int) (float64, int64, bool) {
			return k.float(rt.Elem, a.FloatAt(i), b.FloatAt(i)), 0, true
		})
	case IsBoolElement(rt.Elem):
		f := boolKernels[short]
		if f == nil {
			return nil // not an op on i1 tensors: left for the verifier or the run
		}
		return evalDense(rt, []*ir.DenseElementsAttr{a, b}, func(i int) (float64, int64, bool) {
			return 0, b2i(f(a.IntAt(i) != 0, b.IntAt(i) != 0)), true
		})
	}
	return evalDense(rt, []*ir.DenseElementsAttr{a, b}, func(i int) (float64, int64, bool) {
		v, ok := k.i(a.IntAt(i), b.IntAt(i))
		return 0, v, ok
	})
}

// binaryIdentity returns the operand an op with a neutral operand equals.
func binaryIdentity(short string, op *ir.Operation, cs []*ir.DenseElementsAttr) ir.Value {
	a, b := op.Operand(0), op.Operand(1)
	switch short {
	case "add":
		if splatEquals(cs[1], 0) {
			return a
		}
		if splatEquals(cs[0], 0) {
			return b
		}
	case "sub":
		if splatEquals(cs[1], 0) {
			return a
		}
	case "mul":
		if splatEquals(cs[1], 1) {
			return a
		}
		if splatEquals(cs[0], 1) {
			return b
		}
	case "div", "pow":
		if splatEquals(cs[1], 1) {
			return a
		}
	case "max", "min":
		if a == b {
			return a
		}
	}
	return nil
}

// involutions and idempotent unary ops: f(f(x)) = x, resp. f(f(x)) = f(x).
var (
	involutions = map[string]bool{"neg": true}
	idempotents = map[string]bool{"abs": true, "relu": true}
)

// foldUnary returns the Fold hook of an element-wise unary op: constant
// folding, neg(neg x) = x, abs(abs x) = abs x and relu(relu x) = relu x.
func foldUnary(short string) foldHookFunc {
	k := unaryKernels[short]
	return func(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
		if op.NumOperands() != 1 || op.NumResults() != 1 {
			return nil, false
		}
		cs := constOperands(op, given)
		if rt := staticResult(op); rt != nil && sameTypeConsts(rt, cs[0]) {
			if res, ok := foldConst(foldUnaryConst(rt, k, cs[0])); ok {
				return res, ok
			}
		}
		inner := ir.DefiningOp(op.Operand(0))
		if inner == nil || inner.Name() != op.Name() || inner.NumOperands() != 1 {
			return nil, false
		}
		switch {
		case involutions[short]:
			return foldValue(op, inner.Operand(0))
		case idempotents[short]:
			return foldValue(op, op.Operand(0))
		}
		return nil, false
	}
}

func foldUnaryConst(rt *ir.RankedTensorType, k unaryKernel, x *ir.DenseElementsAttr) *ir.DenseElementsAttr {
	isFloat := IsFloatElement(rt.Elem)
	if !isFloat && (k.i == nil || IsBoolElement(rt.Elem)) {
		return nil
	}
	return evalDense(rt, []*ir.DenseElementsAttr{x}, func(i int) (float64, int64, bool) {
		if isFloat {
			return k.float(rt.Elem, x.FloatAt(i)), 0, true
		}
		v, ok := k.i(x.IntAt(i))
		return 0, v, ok
	})
}

// foldGelu folds gelu of a constant.
func foldGelu(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
	rt := staticResult(op)
	if rt == nil || op.NumOperands() != 1 || !IsFloatElement(rt.Elem) {
		return nil, false
	}
	x := constOperands(op, given)[0]
	if !sameTypeConsts(rt, x) {
		return nil, false
	}
	mode := Approximate(op)
	return foldConst(evalDense(rt, []*ir.DenseElementsAttr{x}, func(i int) (float64, int64, bool) {
		return gelu(rt.Elem, x.FloatAt(i), mode), 0, true
	}))
}

// foldCmp folds comparisons of constants.
func foldCmp(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
	rt := staticResult(op)
	if rt == nil || op.NumOperands() != 2 {
		return nil, false
	}
	cs := constOperands(op, given)
	if cs[0] == nil || !sameTypeConsts(cs[0].Type, cs[1]) || !equalShapes(cs[0].Type.Shape(), rt.Shape()) {
		return nil, false
	}
	pred := Predicate(op)
	a, b := cs[0], cs[1]
	return foldConst(evalDense(rt, cs, func(i int) (float64, int64, bool) {
		if a.IsFloat() {
			return 0, b2i(compare(pred, a.FloatAt(i), b.FloatAt(i))), true
		}
		return 0, b2i(compareInts(pred, a.IntAt(i), b.IntAt(i))), true
	}))
}

// foldSelect folds select with a splat condition or equal branches, and
// select of constants.
func foldSelect(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.NumOperands() != 3 || op.NumResults() != 1 {
		return nil, false
	}
	cs := constOperands(op, given)
	if op.Operand(1) == op.Operand(2) {
		return foldValue(op, op.Operand(1))
	}
	if c := cs[0]; c != nil && c.Len() > 0 && c.AllEqual() {
		if c.IntAt(0) != 0 {
			return foldValue(op, op.Operand(1))
		}
		return foldValue(op, op.Operand(2))
	}
	rt := staticResult(op)
	if rt == nil || cs[0] == nil || !sameTypeConsts(rt, cs[1], cs[2]) || !equalShapes(cs[0].Type.Shape(), rt.Shape()) {
		return nil, false
	}
	c, a, b := cs[0], cs[1], cs[2]
	return foldConst(evalDense(rt, cs, func(i int) (float64, int64, bool) {
		if c.IntAt(i) != 0 {
			return a.FloatAt(i), a.IntAt(i), true
		}
		return b.FloatAt(i), b.IntAt(i), true
	}))
}

// foldCast folds a cast to the same type, and casts of constants.
func foldCast(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil, false
	}
	if op.Operand(0).Type() == op.Result(0).Type() {
		return foldValue(op, op.Operand(0))
	}
	if inner := definingOpNamed(op.Operand(0), "tensor.cast"); inner != nil && inner.NumOperands() == 1 &&
		inner.Operand(0).Type() == op.Result(0).Type() && losslessCast(elemOfType(op.Result(0).Type()), elemOfType(op.Operand(0).Type())) {
		return foldValue(op, inner.Operand(0))
	}
	rt := staticResult(op)
	x := constOperands(op, given)[0]
	if rt == nil || x == nil || !equalShapes(x.Type.Shape(), rt.Shape()) {
		return nil, false
	}
	return foldConst(evalDense(rt, []*ir.DenseElementsAttr{x}, func(i int) (float64, int64, bool) {
		return castElem(x, i, rt.Elem)
	}))
}

// losslessCast reports whether converting from element type t to u and
// back gives every value of t unchanged.
func losslessCast(t, u ir.Type) bool {
	tw, uw := elemBits(t), elemBits(u)
	switch {
	case t == nil || u == nil:
		return false
	case IsBoolElement(t):
		return true
	case IsFloatElement(t) && IsFloatElement(u):
		return uw > tw || t == u
	case IsIntElement(t) && IsIntElement(u):
		return uw >= tw
	case IsIntElement(t) && IsFloatElement(u):
		return tw == 32 && uw == 64
	}
	return false
}

// elemBits returns the precision class of an element type: the width for
// integers; for floats, the mantissa width (bf16 < f16 < f32 < f64).
func elemBits(t ir.Type) int {
	if ft, ok := t.(*ir.FloatType); ok {
		switch ft.Kind {
		case ir.BF16:
			return 8
		case ir.F16:
			return 11
		case ir.F32:
			return 24
		case ir.F64:
			return 53
		}
	}
	return ir.IntWidth(t)
}
