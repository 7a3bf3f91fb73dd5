package tensor

import (
	"github.com/tt-compiler/tt/ir"
)

// reduction declares tensor.reduce_<kind>.
func reduction(kind, summary, desc string, c ir.TypeConstraint) *ir.OpDef {
	return &ir.OpDef{
		Name:    "tensor.reduce_" + kind,
		Summary: summary,
		Description: desc + " over the dimensions `dims` (unique; negative values count from the end). With " +
			"`keepdim = true` the reduced dimensions stay with size 1, otherwise they are removed (keepdim defaults " +
			"to false). An empty `dims` reduces nothing: the op is the identity (unlike ATen, where an empty dim " +
			"list means all dimensions). The result type is inferred.\n\nExample:\n\n" +
			"    %s = tensor.reduce_" + kind + " %x dims = [1] keepdim = true : tensor<2x3xf32>",
		Traits:   ir.Pure,
		Operands: []ir.ArgDef{operand("x", c, "the tensor to reduce")},
		Results:  result(c, "the reduction, of x's element type"),
		Attrs: []ir.AttrDef{
			attr(AttrDims, i64ArrayC, "the dimensions to reduce"),
			keepDimAttr("keep reduced dimensions with size 1 (default false)"),
		},
		Format:           "$x `dims` `=` $dims (`keepdim` `=` $keepdim^)? attr-dict `:` type($x)",
		InferResultTypes: inferHook(inferReduce),
		Verify:           verifyInferred(inferReduce),
		Fold:             foldReduce,
	}
}

// Reductions.
var (
	ReduceSumDef  = reduction("sum", "Sum over dimensions", "Sums the elements (`torch.sum`)", NumericTensor)
	ReduceMaxDef  = reduction("max", "Maximum over dimensions", "Takes the largest element (`torch.amax`; NaN if any element is NaN)", AnyTensor)
	ReduceMinDef  = reduction("min", "Minimum over dimensions", "Takes the smallest element (`torch.amin`; NaN if any element is NaN)", AnyTensor)
	ReduceMeanDef = reduction("mean", "Mean over dimensions (composite)", "Averages the elements (`torch.mean`); a "+
		"composite that `decompose` rewrites into `reduce_sum` divided by the element count", FloatTensor)
)

func inferReduce(a args) (ir.Type, error) {
	x, err := a.tensor(0, "x")
	if err != nil {
		return nil, err
	}
	ds, err := a.ints(AttrDims)
	if err != nil {
		return nil, err
	}
	dims, err := normDims(ds, x.Rank(), "dims")
	if err != nil {
		return nil, err
	}
	keep, err := a.boolean(AttrKeepDim, false)
	if err != nil {
		return nil, err
	}
	return a.ctx.Tensor(reducedShape(x.Shape(), dims, keep), x.Elem), nil
}

// reducedShape returns shape with dims removed, or set to 1 with keep.
func reducedShape(shape []int64, dims []int, keep bool) []int64 {
	reduced := make([]bool, len(shape))
	for _, d := range dims {
		reduced[d] = true
	}
	out := []int64{}
	for i, s := range shape {
		switch {
		case !reduced[i]:
			out = append(out, s)
		case keep:
			out = append(out, 1)
		}
	}
	return out
}

// foldReduce folds a reduction over no dimensions.
func foldReduce(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	ds, ok := Ints(op, AttrDims)
	if !ok || len(ds) != 0 || op.NumOperands() != 1 {
		return nil, false
	}
	return foldValue(op, op.Operand(0))
}

// ArgMaxDef is tensor.argmax.
var ArgMaxDef = &ir.OpDef{
	Name:    "tensor.argmax",
	GoName:  "ArgMax",
	Summary: "Index of the maximum along a dimension",
	Description: "Returns, along `dim`, the index of the largest element (`torch.argmax(x, dim, keepdim)`); the first " +
		"such index on ties, and the index of the first NaN if there is one. The result is i64 with `dim` removed, " +
		"or kept with size 1 when `keepdim = true` (default false). `dim` may be negative.\n\n" +
		"Example:\n\n    %i = tensor.argmax %logits dim = 1 : tensor<8x10xf32>",
	Traits:   ir.Pure,
	Operands: []ir.ArgDef{operand("x", AnyTensor, "the tensor to search")},
	Results:  result(I64Tensor, "the indices"),
	Attrs: []ir.AttrDef{
		attr(AttrDim, i64C, "the dimension to search"),
		keepDimAttr("keep dim with size 1 (default false)"),
	},
	Format:           "$x `dim` `=` $dim (`keepdim` `=` $keepdim^)? attr-dict `:` type($x)",
	InferResultTypes: inferHook(inferArgMax),
	Verify:           verifyInferred(inferArgMax),
}

func inferArgMax(a args) (ir.Type, error) {
	x, err := a.tensor(0, "x")
	if err != nil {
		return nil, err
	}
	d, err := a.i64(AttrDim)
	if err != nil {
		return nil, err
	}
	dim, err := normDim(d, x.Rank(), "dim")
	if err != nil {
		return nil, err
	}
	keep, err := a.boolean(AttrKeepDim, false)
	if err != nil {
		return nil, err
	}
	return a.ctx.Tensor(reducedShape(x.Shape(), []int{dim}, keep), a.ctx.I64()), nil
}
