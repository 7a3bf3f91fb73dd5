package tensor

import (
	"slices"

	"github.com/tt-compiler/tt/ir"
)

// Accessors for the attributes of tensor ops, for interpreters, lowerings
// and passes. They apply the defaults of optional attributes and normalize
// negative dimensions; on an op that does not verify they report ok=false
// (or return the default) instead of panicking.

// DimAttr returns the `dim` attribute normalized into [0, rank).
func DimAttr(op *ir.Operation, rank int) (int, bool) {
	d, ok := op.IntAttr(AttrDim)
	if !ok {
		return 0, false
	}
	n, err := normDim(d, rank, "dim")
	return n, err == nil
}

// OperandRank returns the rank of operand i, or -1.
func OperandRank(op *ir.Operation, i int) int {
	if i >= op.NumOperands() || op.Operand(i) == nil {
		return -1
	}
	if t, ok := asTensor(op.Operand(i).Type()); ok {
		return t.Rank()
	}
	return -1
}

// Dim returns the normalized `dim` of an op whose dim refers to operand
// 0 (softmax, log_softmax, argmax, gather, scatter_add, concat, dim), or
// to the result for tensor.iota.
func NormalizedDim(op *ir.Operation) (int, bool) {
	rank := OperandRank(op, 0)
	if op.Name() == IotaDef.Name && op.NumResults() == 1 {
		if t, ok := asTensor(op.Result(0).Type()); ok {
			rank = t.Rank()
		}
	}
	if rank < 0 {
		return 0, false
	}
	return DimAttr(op, rank)
}

// ReduceDims returns the reduced dimensions of a reduction, normalized
// and sorted.
func ReduceDims(op *ir.Operation) ([]int, bool) {
	ds, err := opArgs(op).ints(AttrDims)
	rank := OperandRank(op, 0)
	if err != nil || rank < 0 {
		return nil, false
	}
	out, err := normDims(ds, rank, "dims")
	if err != nil {
		return nil, false
	}
	slices.Sort(out)
	return out, true
}

// Ints returns an array<i64> attribute.
func Ints(op *ir.Operation, name string) ([]int64, bool) {
	v, err := opArgs(op).ints(name)
	return v, err == nil
}

// KeepDim returns the keepdim attribute (false when absent).
func KeepDim(op *ir.Operation) bool {
	v, _ := opArgs(op).boolean(AttrKeepDim, false)
	return v
}

// SliceStep returns the step of tensor.slice (all ones when absent).
func SliceStep(op *ir.Operation) []int64 {
	if s, ok := Ints(op, AttrStep); ok {
		return s
	}
	return ones(OperandRank(op, 0))
}

// PadValue returns the padding value of tensor.pad (zero of the element
// type when absent), or nil for an ill-typed op.
func PadValue(op *ir.Operation) ir.Attribute {
	if v := op.Attr(AttrValue); v != nil {
		return v
	}
	if op.NumOperands() < 1 || op.Operand(0) == nil {
		return nil
	}
	t, ok := asTensor(op.Operand(0).Type())
	if !ok {
		return nil
	}
	return ZeroAttr(t.Elem)
}

// ZeroAttr returns the scalar zero of an element type.
func ZeroAttr(elem ir.Type) ir.Attribute {
	if IsFloatElement(elem) {
		return ir.Float(elem, 0)
	}
	return ir.Int(elem, 0)
}

// Conv2DParams are the attributes of tensor.conv2d with defaults applied.
type Conv2DParams struct {
	Stride, Padding, Dilation [2]int64
	Groups                    int64
}

// Conv2DOptions returns the stride, padding, dilation and groups of a
// tensor.conv2d (defaults 1, 0, 1 and 1).
func Conv2DOptions(op *ir.Operation) (Conv2DParams, bool) {
	p, err := convParams(opArgs(op))
	return p, err == nil
}

// Pool2DParams are the attributes of tensor.max_pool2d with defaults applied.
type Pool2DParams struct {
	Kernel, Stride, Padding [2]int64
}

// MaxPool2DOptions returns the kernel, stride (default: the kernel) and
// padding (default 0) of a tensor.max_pool2d.
func MaxPool2DOptions(op *ir.Operation) (Pool2DParams, bool) {
	p, err := poolParams(opArgs(op))
	return p, err == nil
}

// Approximate returns gelu's approximate mode ("none" when absent).
func Approximate(op *ir.Operation) string {
	s, _ := opArgs(op).str(AttrApproximate, "none")
	return s
}

// Reduction returns cross_entropy's reduction ("mean" when absent).
func Reduction(op *ir.Operation) string {
	s, _ := opArgs(op).str(AttrReduction, "mean")
	return s
}

// Predicate returns the predicate of tensor.cmp.
func Predicate(op *ir.Operation) string {
	s, _ := opArgs(op).str(AttrPredicate, "")
	return s
}

// Eps returns layer_norm's eps (DefaultEps when absent).
func Eps(op *ir.Operation) float64 {
	if f, ok := op.Attr(AttrEps).(*ir.FloatAttr); ok {
		return f.Value
	}
	return DefaultEps
}

// NormalizedDims returns layer_norm's count of normalized trailing dims.
func NormalizedDims(op *ir.Operation) (int, bool) {
	k, ok := op.IntAttr(AttrNormalizedDims)
	return int(k), ok
}

// ones returns n ones (nothing for n <= 0).
func ones(n int) []int64 {
	out := make([]int64, max(n, 0))
	for i := range out {
		out[i] = 1
	}
	return out
}
