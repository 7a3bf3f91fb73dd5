package autodiff

import (
	"fmt"
	"slices"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// tensorType returns v's ranked tensor type.
func tensorType(v ir.Value) (*ir.RankedTensorType, error) {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return nil, fmt.Errorf("value of type %s is not a ranked tensor", v.Type())
	}
	return t, nil
}

// mustTensor returns v's ranked tensor type; rules only see verified IR,
// where every tensor-dialect value is a ranked tensor.
func mustTensor(v ir.Value) *ir.RankedTensorType {
	t, err := tensorType(v)
	if err != nil {
		panic(err)
	}
	return t
}

func shapeOf(v ir.Value) []int64 { return mustTensor(v).Shape() }

func rankOf(v ir.Value) int { return len(shapeOf(v)) }

func elemOf(v ir.Value) ir.Type { return mustTensor(v).Elem }

// isFloatTensor reports whether v is a tensor of floating-point elements,
// the only values that carry gradients.
func isFloatTensor(v ir.Value) bool {
	t, ok := v.Type().(*ir.RankedTensorType)
	return ok && ir.IsFloat(t.Elem)
}

// isStatic reports whether every dimension of v is known.
func isStatic(v ir.Value) bool { return ir.HasStaticShape(v.Type()) }

// dynSizes returns index values for the dynamic dimensions of like, in
// order, as tensor.full/iota/broadcast/reshape expect them.
func dynSizes(b *ir.Builder, like ir.Value) []ir.Value {
	var sizes []ir.Value
	for i, d := range shapeOf(like) {
		if d == ir.Dynamic {
			sizes = append(sizes, tensor.Dim(b, like, int64(i)))
		}
	}
	return sizes
}

// fullLike returns a tensor of like's type filled with c.
func fullLike(b *ir.Builder, like ir.Value, c float64) ir.Value {
	return tensor.Full(b, mustTensor(like), c, dynSizes(b, like)...)
}

// scale returns x * c (c broadcast as a constant of x's type).
func scale(b *ir.Builder, x ir.Value, c float64) ir.Value {
	return tensor.Mul(b, x, fullLike(b, x, c))
}

// addConst returns x + c.
func addConst(b *ir.Builder, x ir.Value, c float64) ir.Value {
	return tensor.Add(b, x, fullLike(b, x, c))
}

// rsubConst returns c - x.
func rsubConst(b *ir.Builder, c float64, x ir.Value) ir.Value {
	return tensor.Sub(b, fullLike(b, x, c), x)
}

// square returns x * x.
func square(b *ir.Builder, x ir.Value) ir.Value { return tensor.Mul(b, x, x) }

// maskedSelect returns select(cond, x, 0).
func maskedSelect(b *ir.Builder, cond, x ir.Value) ir.Value {
	return tensor.Select(b, cond, x, fullLike(b, x, 0))
}

// expandTo broadcasts x to the shape of like; dims maps x's dimensions to
// like's (operand dim i goes to result dim dims[i]).
func expandTo(b *ir.Builder, x ir.Value, dims []int64, like ir.Value) ir.Value {
	if x.Type() == like.Type() && slices.Equal(dims, iotaInts(rankOf(like))) {
		return x
	}
	t := mustTensor(like)
	elemT := b.Ctx.Tensor(t.Shape(), elemOf(x))
	sizes := dynSizes(b, like)
	return tensor.Broadcast(b, x, dims, elemT.Shape(), sizes...)
}

// restoreReduced broadcasts the result g of a reduction over dims back to
// the shape of x (keepdim says whether the reduced dims are still there).
func restoreReduced(b *ir.Builder, g ir.Value, dims []int, keepdim bool, x ir.Value) ir.Value {
	if keepdim {
		return expandTo(b, g, iotaInts(rankOf(x)), x)
	}
	var kept []int64
	for i := 0; i < rankOf(x); i++ {
		if !slices.Contains(dims, i) {
			kept = append(kept, int64(i))
		}
	}
	return expandTo(b, g, kept, x)
}

// sumKeep sums x over dims keeping them as size-1 dimensions.
func sumKeep(b *ir.Builder, x ir.Value, dims []int64) ir.Value {
	return tensor.ReduceSum(b, x, dims, true)
}

func iotaInts(n int) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(i)
	}
	return out
}

func intsOf(xs []int) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}

// numElementsOver returns the product of x's sizes over dims as a constant
// tensor like like, using tensor.dim for dynamic sizes.
func countLike(b *ir.Builder, x ir.Value, dims []int, like ir.Value) ir.Value {
	shape := shapeOf(x)
	static := int64(1)
	var dyn []int
	for _, d := range dims {
		if shape[d] == ir.Dynamic {
			dyn = append(dyn, d)
		} else {
			static *= shape[d]
		}
	}
	count := fullLike(b, like, float64(static))
	for _, d := range dyn {
		n := tensor.Dim(b, x, int64(d))
		scalar := indexToTensor(b, n, elemOf(like))
		count = tensor.Mul(b, count, expandTo(b, scalar, nil, like))
	}
	return count
}

// indexToTensor turns an index value n into a rank-0 tensor of elem
// holding n, as the sum of n ones (the tensor dialect has no index-to-tensor
// op, and this keeps dynamic sizes exact).
func indexToTensor(b *ir.Builder, n ir.Value, elem ir.Type) ir.Value {
	ones := tensor.Full(b, b.Ctx.Tensor([]int64{ir.Dynamic}, elem), 1, n)
	return tensor.ReduceSum(b, ones, []int64{0}, false)
}
