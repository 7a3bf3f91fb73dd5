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
	a, b := ts[0], ts[1]
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
	m, k, k2, n := int(a.Dim(r-2)), int(a.Dim(r-1)), int(b.Dim(r-2)), int(b.Dim(r-1))
	if k != k2 {
		return nil, fmt.Errorf("inner dimensions differ at run time: %d vs %d", k, k2)
	}
	shape := append(slices.Clone(a.Shape()[:r-2]), int64(m), int64(n))
	out, err := interp.NewTensor(a.DType(), shape)
	if err != nil {
		return nil, err
	}
	batch := prod(ints(a.Shape()[:r-2]))
	switch a.DType() {
	case interp.F32:
		err = linalg.Matmul(parallelFor, batch, m, n, k, a.F32(), batch, b.F32(), batch, out.F32())
	case interp.F64:
		err = linalg.Matmul(parallelFor, batch, m, n, k, a.F64(), batch, b.F64(), batch, out.F64())
	case interp.I32:
		err = linalg.Matmul(parallelFor, batch, m, n, k, a.I32(), batch, b.I32(), batch, out.I32())
	case interp.I64, interp.Index:
		err = linalg.Matmul(parallelFor, batch, m, n, k, a.I64(), batch, b.I64(), batch, out.I64())
	default:
		return nil, fmt.Errorf("unsupported element type %s", a.DType())
	}
	if err != nil {
		return nil, err
	}
	return ret(out)
}

// parallelFor is the interpreter's runner of package linalg's kernels:
// interp.ParallelFor with chunks sized for the iterations' cost.
func parallelFor(n, cost int, body func(lo, hi int)) {
	interp.ParallelFor(n, interp.GrainFor(cost), body)
}
