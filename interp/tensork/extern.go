package tensork

import (
	"fmt"

	"github.com/tt-compiler/tt/numerics/linalg"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

// Matmul returns the batched product a[..., M, K] · b[..., K, N] of tensors
// of equal rank (at least 2) and equal batch dimensions, computed exactly as
// tensor.matmul is (Gemm without transposes or epilogue).
func Matmul(a, b *interp.Tensor) (*interp.Tensor, error) {
	return Gemm(a, b, nil, linalg.Layout{}, linalg.ActNone)
}

// Conv2D returns conv2d(x, w) of an NCHW input and an OIHW weight, computed
// exactly as tensor.conv2d is, with the stride, padding, dilation
// (array<i64: h, w>) and groups (i64) attributes of op (an op carrying
// them, such as loops.call_extern "tt.conv2d"; absent ones take their
// defaults 1, 0, 1 and 1).
func Conv2D(op *ir.Operation, x, w *interp.Tensor) (*interp.Tensor, error) {
	return halfTensors(x, w, func(x, w *interp.Tensor) ([]interp.Value, error) {
		return conv2dKernel(nil, op, []interp.Value{x, w})
	})
}

// halfTensors runs a two-operand tensor kernel, widening f16/bf16 operands
// to f32 and rounding the result back once, as halfAware does for ops.
func halfTensors(a, b *interp.Tensor, k func(a, b *interp.Tensor) ([]interp.Value, error)) (*interp.Tensor, error) {
	if err := sameDType(a, b); err != nil {
		return nil, err
	}
	dt := a.DType()
	res, err := k(widen(a), widen(b))
	if err != nil {
		return nil, err
	}
	if len(res) != 1 {
		return nil, fmt.Errorf("internal error: kernel returned %d values", len(res))
	}
	t, ok := res[0].(*interp.Tensor)
	if !ok {
		return nil, fmt.Errorf("internal error: kernel returned %v", res[0])
	}
	if dt.IsHalf() && t.DType() == interp.F32 {
		t = narrow(t, dt)
	}
	return t, nil
}
