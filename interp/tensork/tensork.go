package tensork

import (
	"fmt"
	"slices"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

// Register adds every tensor dialect kernel to r.
func Register(r *interp.Registry) {
	registerElementwise(r)
	registerCreate(r)
	registerLayout(r)
	registerIndex(r)
	registerReduce(r)
	r.Register(tensor.MatMulName, halfAware(matmulKernel))
	r.Register(tensor.Conv2DName, halfAware(conv2dKernel))
	r.Register(tensor.MaxPool2DName, halfAware(maxPool2dKernel))
	registerNN(r)
	r.Register(tensor.DimName, dimKernel)
}

// tensorArgs checks the operand count and returns the operands as tensors.
func tensorArgs(args []interp.Value, n int) ([]*interp.Tensor, error) {
	if len(args) != n {
		return nil, fmt.Errorf("expected %d operands, got %d", n, len(args))
	}
	return interp.Tensors(args)
}

// splitSizes returns the first n operands as tensors and the rest (the
// `sizes` operands of ops that create dynamically shaped results) as index
// scalars.
func splitSizes(args []interp.Value, n int) ([]*interp.Tensor, []int64, error) {
	if len(args) < n {
		return nil, nil, fmt.Errorf("expected at least %d operands, got %d", n, len(args))
	}
	ts, err := interp.Tensors(args)
	if err != nil {
		return nil, nil, err
	}
	sizes := make([]int64, len(ts)-n)
	for i, t := range ts[n:] {
		if t.Len() != 1 || t.Rank() != 0 || !t.DType().IsInt() {
			return nil, nil, fmt.Errorf("size operand #%d must be an index scalar, got %s", n+i, t.TypeString())
		}
		if sizes[i] = t.Int(0); sizes[i] < 0 {
			return nil, nil, fmt.Errorf("size operand #%d is negative (%d)", n+i, sizes[i])
		}
	}
	return ts[:n], sizes, nil
}

// sizedShape returns the shape of op's result 0 with its dynamic
// dimensions taken, in order, from sizes. Without sizes the dynamic
// dimensions stay ir.Dynamic for the caller to infer.
func sizedShape(op *ir.Operation, sizes []int64) ([]int64, error) {
	shape, ok := interp.ResultShape(op, 0)
	if !ok {
		return nil, fmt.Errorf("result type %s must be ranked", op.Result(0).Type())
	}
	shape = slices.Clone(shape)
	if len(sizes) == 0 {
		return shape, nil
	}
	k := 0
	for i, d := range shape {
		if d == ir.Dynamic {
			if k == len(sizes) {
				break
			}
			shape[i] = sizes[k]
			k++
		}
	}
	if k != len(sizes) || slices.Contains(shape, ir.Dynamic) {
		return nil, fmt.Errorf("%d size operands for the %d dynamic dimensions of %s", len(sizes), countDynamic(op), op.Result(0).Type())
	}
	return shape, nil
}

// staticShape is sizedShape for results that must end up fully known.
func staticShape(op *ir.Operation, sizes []int64) ([]int64, error) {
	shape, err := sizedShape(op, sizes)
	if err == nil && slices.Contains(shape, ir.Dynamic) {
		err = fmt.Errorf("result type %s has dynamic dimensions but no size operands", op.Result(0).Type())
	}
	return shape, err
}

func countDynamic(op *ir.Operation) int {
	shape, _ := interp.ResultShape(op, 0)
	n := 0
	for _, d := range shape {
		if d == ir.Dynamic {
			n++
		}
	}
	return n
}

// ret wraps one result tensor.
func ret(t *interp.Tensor) ([]interp.Value, error) { return []interp.Value{t}, nil }

// sameShape reports an error unless a and b have equal shapes.
func sameShape(a, b *interp.Tensor) error {
	if !slices.Equal(a.Shape(), b.Shape()) {
		return fmt.Errorf("operand shapes differ at run time: %s vs %s", shapeString(a.Shape()), shapeString(b.Shape()))
	}
	return nil
}

// sameDType reports an error unless a and b have the same element type.
func sameDType(a, b *interp.Tensor) error {
	if a.DType() != b.DType() {
		return fmt.Errorf("operand element types differ: %s vs %s", a.DType(), b.DType())
	}
	return nil
}

// shapeString formats a shape as [2, 3].
func shapeString(s []int64) string {
	out := "["
	for i, d := range s {
		if i > 0 {
			out += ", "
		}
		out += fmt.Sprint(d)
	}
	return out + "]"
}

// ints converts a shape to ints.
func ints(s []int64) []int {
	out := make([]int, len(s))
	for i, d := range s {
		out[i] = int(d)
	}
	return out
}

// stridesOf returns the row-major strides of a shape.
func stridesOf(shape []int) []int {
	st := make([]int, len(shape))
	acc := 1
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = acc
		acc *= shape[i]
	}
	return st
}

// prod multiplies sizes.
func prod(s []int) int {
	p := 1
	for _, d := range s {
		p *= d
	}
	return p
}

// requireFloat reports an error unless t has a float element type.
func requireFloat(t *interp.Tensor) error {
	if !t.DType().IsFloat() {
		return fmt.Errorf("requires a floating-point tensor, got %s", t.TypeString())
	}
	return nil
}

// ---- f16 / bf16 ----

// widen returns an f32 copy of an f16/bf16 tensor (exact), or t itself.
func widen(t *interp.Tensor) *interp.Tensor {
	if !t.DType().IsHalf() {
		return t
	}
	conv := interp.F16ToF32
	if t.DType() == interp.BF16 {
		conv = interp.BF16ToF32
	}
	out := interp.MustNewTensor(interp.F32, t.Shape())
	src, dst := t.Bits16(), out.F32()
	interp.ParallelFor(len(dst), interp.GrainFor(2), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			dst[i] = conv(src[i])
		}
	})
	return out
}

// narrow rounds an f32 tensor to dt (f16 or bf16), to nearest even.
func narrow(t *interp.Tensor, dt interp.DType) *interp.Tensor {
	conv := interp.F32ToF16
	if dt == interp.BF16 {
		conv = interp.F32ToBF16
	}
	out := interp.MustNewTensor(dt, t.Shape())
	src, dst := t.F32(), out.Bits16()
	interp.ParallelFor(len(dst), interp.GrainFor(4), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			dst[i] = conv(src[i])
		}
	})
	return out
}

// halfAware wraps a kernel written for f32 so that it handles f16 and bf16:
// tensor operands of those types are widened to f32, and then f32 results
// whose IR result type is f16 or bf16 are rounded back.
func halfAware(k interp.Kernel) interp.Kernel {
	return func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		half := false
		wide := make([]interp.Value, len(args))
		for i, a := range args {
			wide[i] = a
			if t, ok := a.(*interp.Tensor); ok && t.DType().IsHalf() {
				wide[i] = widen(t)
				half = true
			}
		}
		res, err := k(e, op, wide)
		if err != nil || !half {
			return res, err
		}
		for i, r := range res {
			t, ok := r.(*interp.Tensor)
			if !ok || t.DType() != interp.F32 || i >= op.NumResults() {
				continue
			}
			if dt, err := interp.ResultDType(op, i); err == nil && dt.IsHalf() {
				res[i] = narrow(t, dt)
			}
		}
		return res, nil
	}
}
