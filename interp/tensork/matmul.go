package tensork

import (
	"fmt"
	"slices"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

// matmulKernel is the batched product a[..., M, K] · b[..., K, N] →
// [..., M, N]; the operands have equal rank (at least 2) and equal batch
// dimensions. Floats use the blocked GEMM (f32 accumulates in f32, as
// BLAS does); integers wrap.
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
		batchedGemm(batch, m, n, k, a.F32(), b.F32(), out.F32())
	case interp.F64:
		batchedGemm(batch, m, n, k, a.F64(), b.F64(), out.F64())
	case interp.I32:
		matmulInt(batch, m, n, k, a.I32(), b.I32(), out.I32())
	case interp.I64, interp.Index:
		matmulInt(batch, m, n, k, a.I64(), b.I64(), out.I64())
	default:
		return nil, fmt.Errorf("unsupported element type %s", a.DType())
	}
	return ret(out)
}

// batchedGemm multiplies batch independent row-major products into the
// zeroed c. Many small products run in parallel over the batch; large ones
// one after another, each on all cores.
func batchedGemm[T floatT](batch, m, n, k int, a, b, c []T) {
	sa, sb, sc := m*k, k*n, m*n
	if batch > 1 && m*n*k < 128*128*128 {
		interp.ParallelFor(batch, max(1, (1<<20)/max(1, m*n*k)), func(lo, hi int) {
			for i := lo; i < hi; i++ {
				gemm(m, n, k, a[i*sa:], k, b[i*sb:], n, c[i*sc:], n, false)
			}
		})
		return
	}
	for i := 0; i < batch; i++ {
		gemm(m, n, k, a[i*sa:], k, b[i*sb:], n, c[i*sc:], n, true)
	}
}

// matmulInt is the wrapping integer product, parallel over output rows.
func matmulInt[T intT](batch, m, n, k int, a, b, c []T) {
	interp.ParallelFor(batch*m, max(1, (32<<10)/max(1, n*k)), func(lo, hi int) {
		for t := lo; t < hi; t++ {
			bi, i := t/m, t%m
			crow := c[t*n : (t+1)*n]
			for p := 0; p < k; p++ {
				av := a[(bi*m+i)*k+p]
				brow := b[(bi*k+p)*n : (bi*k+p+1)*n]
				for j, bv := range brow {
					crow[j] += av * bv
				}
			}
		}
	})
}
