package tensor

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// MaxFoldElements bounds the size of the non-splat constants folders
// create: folding a larger tensor would bloat the IR. Splat constants of
// any size fold.
const MaxFoldElements = 1024

type foldHookFunc = func(*ir.Operation, []ir.Attribute) ([]ir.FoldResult, bool)

// constantOf returns the dense value of v when it is defined by a
// tensor.constant (or another constant-like op with a dense value).
func constantOf(v ir.Value) *ir.DenseElementsAttr {
	d := ir.DefiningOp(v)
	if d == nil || !d.HasTrait(ir.ConstantLike) {
		return nil
	}
	c, _ := d.Attr(AttrValue).(*ir.DenseElementsAttr)
	return c
}

// constOperands returns the dense constant value of each operand (nil when
// not constant): the values given by the folding driver, completed by
// looking through the operands' defining ops.
func constOperands(op *ir.Operation, given []ir.Attribute) []*ir.DenseElementsAttr {
	out := make([]*ir.DenseElementsAttr, op.NumOperands())
	for i := range out {
		if i < len(given) {
			if d, ok := given[i].(*ir.DenseElementsAttr); ok {
				out[i] = d
				continue
			}
		}
		if v := op.Operand(i); v != nil {
			out[i] = constantOf(v)
		}
	}
	return out
}

// singleResult returns the ranked tensor result type of a single-result
// op with a static shape, or nil.
func staticResult(op *ir.Operation) *ir.RankedTensorType {
	if op.NumResults() != 1 {
		return nil
	}
	rt, ok := asTensor(op.Result(0).Type())
	if !ok || numElements(rt.Shape()) < 0 || !IsElementType(rt.Elem) {
		return nil
	}
	return rt
}

// isSplat reports whether a constant holds one value for all elements.
func isSplat(c *ir.DenseElementsAttr) bool { return c.Splat || c.Len() == 1 }

// elemFn computes element i of a folded result as a float (for float
// element types) or an integer; ok=false aborts the fold.
type elemFn func(i int) (f float64, n int64, ok bool)

// evalDense builds the constant of type rt whose elements are given by fn.
// When every input is a splat, fn is evaluated once and the result is a
// splat. Results of more than MaxFoldElements elements are not built.
//
// Results without elements are not folded: nothing is gained, and the
// textual form of multi-dimensional empty constants does not parse in
// every reader.
func evalDense(rt *ir.RankedTensorType, inputs []*ir.DenseElementsAttr, fn elemFn) *ir.DenseElementsAttr {
	n := int(numElements(rt.Shape()))
	if n <= 0 {
		return nil
	}
	allSplat := len(inputs) > 0
	for _, in := range inputs {
		if in == nil {
			return nil
		}
		allSplat = allSplat && isSplat(in)
	}
	if allSplat {
		n = 1
	} else if n > MaxFoldElements {
		return nil
	}
	isFloat := IsFloatElement(rt.Elem)
	floats, ints := make([]float64, 0, n), make([]int64, 0, n)
	for i := 0; i < n; i++ {
		f, v, ok := fn(i)
		if !ok {
			return nil
		}
		floats, ints = append(floats, f), append(ints, v)
	}
	if isFloat {
		return ir.DenseFloats(rt, floats)
	}
	return ir.DenseInts(rt, ints)
}

// foldConst returns a fold result holding a constant, or no fold for nil.
func foldConst(c *ir.DenseElementsAttr) ([]ir.FoldResult, bool) {
	if c == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: c}}, true
}

// foldValue returns a fold result forwarding an existing value of the
// op's result type.
func foldValue(op *ir.Operation, v ir.Value) ([]ir.FoldResult, bool) {
	if v == nil || op.NumResults() != 1 || v.Type() != op.Result(0).Type() {
		return nil, false
	}
	return []ir.FoldResult{{Value: v}}, true
}

// splatEquals reports whether c is a constant whose elements all equal v
// (either zero counts as zero).
func splatEquals(c *ir.DenseElementsAttr, v float64) bool {
	if c == nil || c.Len() == 0 || !c.AllEqual() {
		return false
	}
	return c.FloatAt(0) == v
}

// reshapeConst returns c's elements under a new static type rt.
func reshapeConst(c *ir.DenseElementsAttr, rt *ir.RankedTensorType) *ir.DenseElementsAttr {
	return evalDense(rt, []*ir.DenseElementsAttr{c}, func(i int) (float64, int64, bool) {
		return c.FloatAt(i), c.IntAt(i), true
	})
}

// castElem converts element i of c to element type to, with ATen's
// conversion rules as package numerics and the interpreter compute them:
// integers to f32, f16 and bf16 round once to float32 (then to the half
// type), f64 to f16 and bf16 goes through float32 (c10::Half), floats to
// integers are numerics.FPToSI (NaN and out-of-range values give the
// minimum), anything to i1 is x != 0.
func castElem(c *ir.DenseElementsAttr, i int, to ir.Type) (float64, int64, bool) {
	switch {
	case IsFloatElement(to) && isF64(to):
		return c.FloatAt(i), 0, true
	case IsFloatElement(to) && c.IsFloat():
		return float64(float32(c.FloatAt(i))), 0, true
	case IsFloatElement(to):
		return float64(numerics.SIToF32(c.IntAt(i))), 0, true
	case IsBoolElement(to):
		if c.IsFloat() {
			return 0, b2i(numerics.FloatToBool(c.FloatAt(i))), true
		}
		return 0, b2i(c.IntAt(i) != 0), true
	case !c.IsFloat():
		return 0, c.IntAt(i), true
	}
	return 0, numerics.FPToSI(c.FloatAt(i), ir.IntWidth(to)), true
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// materializeConstant creates a tensor.constant for dense tensor values,
// or an arith.constant for scalars when the arith dialect is loaded.
func materializeConstant(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
	switch v := value.(type) {
	case *ir.DenseElementsAttr:
		if v.Type != t {
			return nil
		}
		op, err := b.Create(&ir.OperationState{Name: ConstantDef.Name, Loc: loc, Attrs: []ir.NamedAttr{{Name: AttrValue, Value: v}}, ResultTypes: []ir.Type{t}})
		if err != nil {
			return nil
		}
		return op
	case *ir.IntegerAttr, *ir.FloatAttr:
		if ta := value.(ir.TypedAttr); ta.AttrType() != t || b.Ctx.LookupOp(arith.ConstantName) == nil {
			return nil
		}
		op, err := b.Create(&ir.OperationState{Name: arith.ConstantName, Loc: loc, Attrs: []ir.NamedAttr{{Name: "value", Value: value}}, ResultTypes: []ir.Type{t}})
		if err != nil {
			return nil
		}
		return op
	}
	return nil
}
