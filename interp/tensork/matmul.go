package tensork

import (
	"fmt"
	"slices"

	"github.com/tt-compiler/tt/numerics/linalg"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

// matmulKernel is the batched product a[..., M, K] · b[..., K, N] →
// [..., M, N]; the operands have equal rank (at least 2) and equal batch
// dimensions, computed by linalg.Matmul, the kernel of the generated
// code's tt.matmul too (f32 accumulates in f32, as BLAS does; integers
// wrap).
func matmulKernel(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 2)
	if err != nil {
		return nil, err
	}
	out, err := gemm(ts[0], ts[1], nil, linalg.Layout{}, linalg.ActNone)
	if err != nil {
		return nil, err
	}
	return ret(out)
}

// Gemm returns act(a·b + bias) for a [..., M, K] (stored [..., K, M] when
// layout.TransA) and b [..., K, N] ([..., N, K] when layout.TransB) of
// equal rank and batch dimensions, and bias [N] (nil: none), computed by
// linalg.Gemm: the loop level's tt.matmul with its transpose flags and
// epilogue. f16 and bf16 operands are computed in f32 and rounded once.
func Gemm(a, b, bias *interp.Tensor, layout linalg.Layout, act linalg.Activation) (*interp.Tensor, error) {
	if bias != nil {
		if err := sameDType(a, bias); err != nil {
			return nil, err
		}
	}
	if err := sameDType(a, b); err != nil {
		return nil, err
	}
	dt := a.DType()
	if bias != nil {
		bias = widen(bias)
	}
	t, err := gemm(widen(a), widen(b), bias, layout, act)
	if err != nil {
		return nil, err
	}
	if dt.IsHalf() && t.DType() == interp.F32 {
		t = narrow(t, dt)
	}
	return t, nil
}

// gemm is Gemm on operands of one element type (not f16 or bf16).
func gemm(a, b, bias *interp.Tensor, layout linalg.Layout, act linalg.Activation) (*interp.Tensor, error) {
	if err := sameDType(a, b); err != nil {
		return nil, err
	}
	r := a.Rank()
	if r < 2 || b.Rank() != r {
		return nil, fmt.Errorf("operands must have equal ranks of at least 2, got %s and %s", a.TypeString(), b.TypeString())
	}
	if !slices.Equal(a.Shape()[:r-2], b.Shape()[:r-2]) {
		return nil, fmt.Errorf("batch dimensions differ at run time: %s vs %s", shapeString(a.Shape()[:r-2]), shapeString(b.Shape()[:r-2]))
	}
	m, k := int(a.Dim(r-2)), int(a.Dim(r-1))
	if layout.TransA {
		m, k = k, m
	}
	k2, n := int(b.Dim(r-2)), int(b.Dim(r-1))
	if layout.TransB {
		k2, n = n, k2
	}
	if k != k2 {
		return nil, fmt.Errorf("inner dimensions differ at run time: %d vs %d", k, k2)
	}
	if bias != nil && (bias.Rank() != 1 || int(bias.Dim(0)) != n) {
		return nil, fmt.Errorf("bias is %s, want %d elements (the columns of the product)", bias.TypeString(), n)
	}
	shape := append(slices.Clone(a.Shape()[:r-2]), int64(m), int64(n))
	out, err := interp.NewTensor(a.DType(), shape)
	if err != nil {
		return nil, err
	}
	batch := prod(ints(a.Shape()[:r-2]))
	switch a.DType() {
	case interp.F32:
		err = gemmOf(batch, m, n, k, a.F32(), b.F32(), out.F32(), bias, (*interp.Tensor).F32, layout, act)
	case interp.F64:
		err = gemmOf(batch, m, n, k, a.F64(), b.F64(), out.F64(), bias, (*interp.Tensor).F64, layout, act)
	case interp.I32:
		err = gemmOf(batch, m, n, k, a.I32(), b.I32(), out.I32(), bias, (*interp.Tensor).I32, layout, act)
	case interp.I64, interp.Index:
		err = gemmOf(batch, m, n, k, a.I64(), b.I64(), out.I64(), bias, (*interp.Tensor).I64, layout, act)
	default:
		return nil, fmt.Errorf("unsupported element type %s", a.DType())
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// gemmOf runs linalg.Gemm on the data of one element type; elems reads
// the bias's data.
func gemmOf[T linalg.Number](batch, m, n, k int, a, b, c []T, bias *interp.Tensor, elems func(*interp.Tensor) []T, layout linalg.Layout, act linalg.Activation) error {
	ep := linalg.Epilogue[T]{Act: act}
	if bias != nil {
		ep.Bias = elems(bias)
	}
	return linalg.Gemm(parallelFor, batch, m, n, k, a, batch, b, batch, c, layout, ep)
}

// parallelFor is the interpreter's runner of package linalg's kernels:
// interp.ParallelFor with chunks sized for the iterations' cost.
func parallelFor(n, cost int, body func(lo, hi int)) {
	interp.ParallelFor(n, interp.GrainFor(cost), body)
}
