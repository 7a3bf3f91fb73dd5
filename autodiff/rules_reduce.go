package autodiff

import (
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

func init() {
	for name, r := range map[string]Rule{
		tensor.ReduceSumName: vjpReduceSum, tensor.ReduceMeanName: vjpReduceMean,
		tensor.ReduceMaxName: vjpReduceMaxMin, tensor.ReduceMinName: vjpReduceMaxMin,
		tensor.MatMulName: vjpMatMul,
	} {
		Rules[name] = r
	}
}

func vjpReduceSum(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	dims, _ := tensor.ReduceDims(op)
	return one(restoreReduced(b, g, dims, tensor.KeepDim(op), op.Operand(0))), nil
}

func vjpReduceMean(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	dims, _ := tensor.ReduceDims(op)
	gx := restoreReduced(b, g, dims, tensor.KeepDim(op), x)
	return one(tensor.Div(b, gx, countLike(b, x, dims, gx))), nil
}

// vjpReduceMaxMin spreads the gradient evenly over the elements equal to
// the extremum, like PyTorch's amax/amin backward.
func vjpReduceMaxMin(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	dims, _ := tensor.ReduceDims(op)
	keep := tensor.KeepDim(op)
	y := restoreReduced(b, op.Result(0), dims, keep, x)
	mask := tensor.Cmp(b, "eq", x, y)
	count := sumKeep(b, tensor.Cast(b, mask, elemOf(x)), intsOf(dims))
	share := tensor.Div(b, restoreReduced(b, g, dims, keep, x), expandTo(b, count, iotaInts(rankOf(x)), x))
	return one(maskedSelect(b, mask, share)), nil
}

// vjpMatMul: for C = A·B (batched over leading dims), dA = dC·Bᵀ, dB = Aᵀ·dC.
func vjpMatMul(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	a, bb := op.Operand(0), op.Operand(1)
	ga := tensor.MatMul(b, g, transposeLast2(b, bb))
	gb := tensor.MatMul(b, transposeLast2(b, a), g)
	return []ir.Value{ga, gb}, nil
}

// transposeLast2 swaps the last two dimensions.
func transposeLast2(b *ir.Builder, x ir.Value) ir.Value {
	r := rankOf(x)
	perm := iotaInts(r)
	perm[r-2], perm[r-1] = perm[r-1], perm[r-2]
	return tensor.Transpose(b, x, perm)
}
