package interp

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// FromDense converts a dense elements attribute (dense<...> : tensor<...>
// or vector<...>) to a tensor. Float elements are already rounded to the
// element type by the attribute; splats are expanded.
func FromDense(a *ir.DenseElementsAttr) (*Tensor, error) {
	if a == nil || a.Type == nil {
		return nil, fmt.Errorf("missing dense elements attribute")
	}
	if !a.Type.HasRank() || !ir.HasStaticShape(a.Type) {
		return nil, fmt.Errorf("dense constant of type %s has no static shape", a.Type)
	}
	dt, err := DTypeOf(a.Type.ElementType())
	if err != nil {
		return nil, err
	}
	t, err := NewTensor(dt, a.Type.Shape())
	if err != nil {
		return nil, err
	}
	stored := len(a.Ints) + len(a.Floats)
	if stored == 0 && t.n > 0 || !a.Splat && stored != t.n && t.n > 0 {
		return nil, fmt.Errorf("dense constant holds %d elements for type %s", stored, a.Type)
	}
	if a.IsFloat() {
		if dt.IsHalf() {
			// The attribute holds the exactly rounded value; encode its bits directly.
			for i := 0; i < t.n; i++ {
				t.u16[i] = uint16(ir.FloatBits(a.Type.ElementType(), a.FloatAt(i)))
			}
			return t, nil
		}
		for i := 0; i < t.n; i++ {
			t.SetFloat(i, a.FloatAt(i))
		}
		return t, nil
	}
	for i := 0; i < t.n; i++ {
		t.SetInt(i, a.IntAt(i))
	}
	return t, nil
}

// ToDense converts t to a dense elements attribute of a tensor type built in
// ctx. Equal elements become a splat, as in MLIR.
func (t *Tensor) ToDense(ctx *ir.Context) *ir.DenseElementsAttr {
	typ := ctx.Tensor(t.shape, t.dtype.IRType(ctx))
	if t.dtype.IsFloat() {
		vals := make([]float64, t.n)
		for i := range vals {
			vals[i] = t.Float(i)
		}
		return ir.DenseFloats(typ, vals)
	}
	vals := make([]int64, t.n)
	for i := range vals {
		vals[i] = t.Int(i)
	}
	return ir.DenseInts(typ, vals)
}

// ScalarFromAttr converts an integer or float attribute (a scalar constant)
// to a rank-0 tensor of the attribute's type.
func ScalarFromAttr(a ir.Attribute) (*Tensor, error) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		dt, err := DTypeOf(a.Type)
		if err != nil {
			return nil, err
		}
		return ScalarInt(dt, a.Int64()), nil
	case *ir.FloatAttr:
		dt, err := DTypeOf(a.Type)
		if err != nil {
			return nil, err
		}
		if dt.IsHalf() {
			t := MustNewTensor(dt, nil)
			t.u16[0] = uint16(ir.FloatBits(a.Type, a.Value))
			return t, nil
		}
		return ScalarFloat(dt, a.Value), nil
	case *ir.DenseElementsAttr:
		return FromDense(a)
	}
	return nil, fmt.Errorf("expected an integer, float or dense attribute, got %v", a)
}
