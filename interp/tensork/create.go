package tensork

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

func registerCreate(r *interp.Registry) {
	r.Register(tensor.ConstantName, constantKernel)
	r.Register(tensor.FullName, fullKernel)
	r.Register(tensor.IotaName, iotaKernel)
}

// constantKernel materializes the dense `value` attribute.
func constantKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 0 {
		return nil, fmt.Errorf("expected no operands, got %d", len(args))
	}
	a, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return nil, fmt.Errorf("attribute 'value' must be a dense elements attribute, got %v", op.Attr("value"))
	}
	t, err := interp.FromDense(a)
	if err != nil {
		return nil, err
	}
	return ret(t)
}

// fullKernel fills the result shape (dynamic dimensions from the `sizes`
// operands) with the scalar `value`, converted to the result element type
// like tensor.cast converts.
func fullKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	_, sizes, err := splitSizes(args, 0)
	if err != nil {
		return nil, err
	}
	dt, err := interp.ResultDType(op, 0)
	if err != nil {
		return nil, err
	}
	shape, err := staticShape(op, sizes)
	if err != nil {
		return nil, err
	}
	v, err := scalarAttr(op, "value", dt)
	if err != nil {
		return nil, err
	}
	out, err := interp.NewTensor(dt, shape)
	if err != nil {
		return nil, err
	}
	fill(out, v)
	return ret(out)
}

// scalarAttr reads the scalar attribute name (float, integer or boolean)
// as a rank-0 tensor of type dt.
func scalarAttr(op *ir.Operation, name string, dt interp.DType) (*interp.Tensor, error) {
	a := op.Attr(name)
	if a == nil {
		return nil, fmt.Errorf("missing attribute '%s'", name)
	}
	if d, ok := a.(*ir.DenseElementsAttr); ok {
		if d.Len() != 1 {
			return nil, fmt.Errorf("attribute '%s' must be a scalar, got %d elements", name, d.Len())
		}
		if sv := d.SplatValue(); sv != nil {
			a = sv
		}
	}
	t, err := interp.ScalarFromAttr(a)
	if err != nil {
		return nil, fmt.Errorf("attribute '%s': %v", name, err)
	}
	if t.Len() != 1 {
		return nil, fmt.Errorf("attribute '%s' must be a scalar", name)
	}
	if t.Rank() != 0 {
		t, _ = t.Reshape(nil)
	}
	return Cast(t, dt), nil
}

// iotaKernel fills the result (dynamic dimensions from the `sizes`
// operands) with 0, 1, 2, ... along `dim`.
func iotaKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	_, sizes, err := splitSizes(args, 0)
	if err != nil {
		return nil, err
	}
	dt, err := interp.ResultDType(op, 0)
	if err != nil {
		return nil, err
	}
	shape, err := staticShape(op, sizes)
	if err != nil {
		return nil, err
	}
	d, err := interp.AttrInt(op, "dim")
	if err != nil {
		return nil, err
	}
	dim, err := interp.NormalizeDim(d, len(shape))
	if err != nil {
		return nil, err
	}
	out, err := interp.NewTensor(dt, shape)
	if err != nil {
		return nil, err
	}
	sh := ints(shape)
	inner := prod(sh[dim+1:])
	size := sh[dim]
	for i := 0; i < out.Len(); i++ {
		out.SetInt(i, int64(i/inner%size))
	}
	return ret(out)
}
