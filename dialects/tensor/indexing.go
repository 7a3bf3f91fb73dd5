package tensor

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// SliceDef is tensor.slice.
var SliceDef = &ir.OpDef{
	Name:    "tensor.slice",
	Summary: "Strided slice",
	Description: "Takes, along every dimension i, the elements `start[i]`, `start[i] + step[i]`, ... below " +
		"`limit[i]` (Python's `x[start:limit:step]` per dimension, StableHLO `slice`). `0 <= start <= limit <= size` " +
		"and `step >= 1`; `step` defaults to all ones. The result type is inferred: dimension i has " +
		"`ceil((limit[i] - start[i]) / step[i])` elements.\n\n" +
		"Example:\n\n    %s = tensor.slice %x start = [0, 1] limit = [2, 3] step = [1, 1] : tensor<4x4xf32>",
	Traits:   ir.Pure,
	Operands: []ir.ArgDef{operand("x", AnyTensor, "the tensor to slice")},
	Results:  result(AnyTensor, "the slice"),
	Attrs: []ir.AttrDef{
		attr(AttrStart, i64ArrayC, "first index per dimension"),
		attr(AttrLimit, i64ArrayC, "exclusive upper bound per dimension"),
		optAttr(AttrStep, i64ArrayC, "stride per dimension (default 1)"),
	},
	Format:           "$x `start` `=` $start `limit` `=` $limit (`step` `=` $step^)? attr-dict `:` type($x)",
	InferResultTypes: inferHook(inferSlice),
	Verify:           verifyInferred(inferSlice),
	Fold:             foldSlice,
}

func inferSlice(a args) (ir.Type, error) {
	x, err := a.tensor(0, "x")
	if err != nil {
		return nil, err
	}
	start, limit, step, err := sliceBounds(a, x.Rank())
	if err != nil {
		return nil, err
	}
	shape := make([]int64, x.Rank())
	for i, d := range x.Shape() {
		if err := checkSliceDim(i, d, start[i], limit[i], step[i]); err != nil {
			return nil, err
		}
		shape[i] = (limit[i] - start[i] + step[i] - 1) / step[i]
	}
	return a.ctx.Tensor(shape, x.Elem), nil
}

// sliceBounds reads start, limit and step, each with one entry per dimension.
func sliceBounds(a args, rank int) (start, limit, step []int64, err error) {
	if start, err = rankedInts(a, AttrStart, rank, nil); err != nil {
		return
	}
	if limit, err = rankedInts(a, AttrLimit, rank, nil); err != nil {
		return
	}
	step, err = rankedInts(a, AttrStep, rank, ones(rank))
	return
}

// rankedInts reads an array<i64> attribute that must have rank entries;
// def is used when it is absent (nil: the attribute is required).
func rankedInts(a args, name string, rank int, def []int64) ([]int64, error) {
	var v []int64
	var err error
	if def == nil {
		v, err = a.ints(name)
	} else {
		v, err = a.optInts(name, def)
	}
	if err != nil {
		return nil, err
	}
	if len(v) != rank {
		return nil, fmt.Errorf("%s has %d entries, but the operand has rank %d", name, len(v), rank)
	}
	return v, nil
}

func checkSliceDim(i int, size, start, limit, step int64) error {
	switch {
	case step < 1:
		return fmt.Errorf("step[%d] = %d must be positive", i, step)
	case start < 0 || start > limit:
		return fmt.Errorf("start[%d] = %d must be in [0, limit[%d] = %d]", i, start, i, limit)
	case size != ir.Dynamic && limit > size:
		return fmt.Errorf("limit[%d] = %d exceeds the size %d of operand dimension %d", i, limit, size, i)
	}
	return nil
}

// foldSlice folds a slice that takes everything and slices of constants.
func foldSlice(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil, false
	}
	x := op.Operand(0)
	xt, ok := asTensor(x.Type())
	if !ok {
		return nil, false
	}
	start, _, step, err := sliceBounds(opArgs(op), xt.Rank())
	if err != nil || inferSliceOK(op) != nil {
		return nil, false
	}
	if x.Type() == op.Result(0).Type() && isAll(start, 0) && isAll(step, 1) {
		return foldValue(op, x)
	}
	rt, c := staticResult(op), constOperands(op, given)[0]
	if rt == nil || c == nil || ir.Type(c.Type) != x.Type() {
		return nil, false
	}
	xst, rst := strides(xt.Shape()), strides(rt.Shape())
	return foldConst(evalDense(rt, []*ir.DenseElementsAttr{c}, func(i int) (float64, int64, bool) {
		src := int64(0)
		for k := range rst {
			src += (start[k] + (int64(i)/rst[k]%rt.Shape()[k])*step[k]) * xst[k]
		}
		return c.FloatAt(int(src)), c.IntAt(int(src)), true
	}))
}

// inferSliceOK checks that op verifies as a slice.
func inferSliceOK(op *ir.Operation) error { return verifyInferred(inferSlice)(op) }

// isAll reports whether every entry of vs equals v.
func isAll(vs []int64, v int64) bool {
	for _, x := range vs {
		if x != v {
			return false
		}
	}
	return true
}

// ConcatDef is tensor.concat.
var ConcatDef = &ir.OpDef{
	Name:          "tensor.concat",
	CustomBuilder: true,
	Summary:       "Concatenation along a dimension",
	Description: "Joins the operands along `dim` (`torch.cat`). They have the same rank and element type, and " +
		"compatible sizes in every other dimension. `dim` may be negative. The result type is inferred: the sizes " +
		"along `dim` add up (dynamic if any is dynamic).\n\n" +
		"Example:\n\n    %c = tensor.concat %a, %b dim = 0 : tensor<2x3xf32>, tensor<4x3xf32>",
	Traits:           ir.Pure,
	Operands:         []ir.ArgDef{{Name: "xs", Type: AnyTensor, Variadic: true, Doc: "the tensors to join (at least one)"}},
	Results:          result(AnyTensor, "the concatenation"),
	Attrs:            []ir.AttrDef{attr(AttrDim, i64C, "the dimension to join along")},
	Format:           "$xs `dim` `=` $dim attr-dict `:` type($xs)",
	InferResultTypes: inferHook(inferConcat),
	Verify:           verifyInferred(inferConcat),
	Fold:             foldConcat,
}

func inferConcat(a args) (ir.Type, error) {
	if len(a.operands) == 0 {
		return nil, fmt.Errorf("expects at least one operand")
	}
	first, err := a.tensor(0, "xs")
	if err != nil {
		return nil, err
	}
	d64, err := a.i64(AttrDim)
	if err != nil {
		return nil, err
	}
	dim, err := normDim(d64, first.Rank(), "dim")
	if err != nil {
		return nil, err
	}
	shape := append([]int64(nil), first.Shape()...)
	for i := 1; i < len(a.operands); i++ {
		t, err := a.tensor(i, "xs")
		if err != nil {
			return nil, err
		}
		if err := concatOne(shape, first, t, i, dim); err != nil {
			return nil, err
		}
	}
	return a.ctx.Tensor(shape, first.Elem), nil
}

// concatOne merges operand i of type t into the running result shape.
func concatOne(shape []int64, first, t *ir.RankedTensorType, i, dim int) error {
	if t.Rank() != first.Rank() {
		return fmt.Errorf("operand #%d has rank %d, but operand #0 has rank %d", i, t.Rank(), first.Rank())
	}
	if t.Elem != first.Elem {
		return fmt.Errorf("operand #%d has element type '%s', but operand #0 has '%s'", i, t.Elem, first.Elem)
	}
	for k, s := range t.Shape() {
		if k == dim {
			if shape[k] == ir.Dynamic || s == ir.Dynamic {
				shape[k] = ir.Dynamic
			} else {
				shape[k] += s
			}
			continue
		}
		m, ok := mergeDim(shape[k], s)
		if !ok {
			return fmt.Errorf("operand #%d has size %d in dimension %d, incompatible with size %d of the other operands", i, s, k, shape[k])
		}
		shape[k] = m
	}
	return nil
}

// foldConcat folds a concatenation of a single operand.
func foldConcat(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return nil, false
	}
	return foldValue(op, op.Operand(0))
}

// PadDef is tensor.pad.
var PadDef = &ir.OpDef{
	Name:    "tensor.pad",
	Summary: "Constant padding",
	Description: "Adds `low[i]` elements before and `high[i]` elements after dimension i, filled with `value` " +
		"(`torch.nn.functional.pad` in constant mode; zero when `value` is absent). `value` is a scalar attribute of " +
		"the element type and, carrying its own type, stays in the attribute dictionary of the custom form. " +
		"`low` and `high` are non-negative. The result type is inferred.\n\n" +
		"Example:\n\n    %p = tensor.pad %x low = [0, 1] high = [0, 1] {value = -1.000000e+00 : f32} : tensor<2x3xf32>",
	Traits:   ir.Pure,
	Operands: []ir.ArgDef{operand("x", AnyTensor, "the tensor to pad")},
	Results:  result(AnyTensor, "the padded tensor"),
	Attrs: []ir.AttrDef{
		attr(AttrLow, i64ArrayC, "padding before each dimension"),
		attr(AttrHigh, i64ArrayC, "padding after each dimension"),
		optAttr(AttrValue, scalarC, "the padding value (default: zero)"),
	},
	Format:           "$x `low` `=` $low `high` `=` $high attr-dict `:` type($x)",
	InferResultTypes: inferHook(inferPad),
	Verify:           verifyInferred(inferPad),
	Fold:             foldPad,
}

func inferPad(a args) (ir.Type, error) {
	x, err := a.tensor(0, "x")
	if err != nil {
		return nil, err
	}
	low, err := rankedInts(a, AttrLow, x.Rank(), nil)
	if err != nil {
		return nil, err
	}
	high, err := rankedInts(a, AttrHigh, x.Rank(), nil)
	if err != nil {
		return nil, err
	}
	if v := a.attr(AttrValue); v != nil {
		if err := checkScalar(v, x.Elem, AttrValue); err != nil {
			return nil, err
		}
	}
	shape := make([]int64, x.Rank())
	for i, d := range x.Shape() {
		if low[i] < 0 || high[i] < 0 {
			return nil, fmt.Errorf("padding of dimension %d must be non-negative, but is low %d, high %d", i, low[i], high[i])
		}
		shape[i] = ir.Dynamic
		if d != ir.Dynamic {
			shape[i] = d + low[i] + high[i]
		}
	}
	return a.ctx.Tensor(shape, x.Elem), nil
}

// foldPad folds padding by nothing.
func foldPad(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	low, ok1 := Ints(op, AttrLow)
	high, ok2 := Ints(op, AttrHigh)
	if op.NumOperands() != 1 || !ok1 || !ok2 || !isAll(low, 0) || !isAll(high, 0) {
		return nil, false
	}
	return foldValue(op, op.Operand(0))
}

// GatherDef is tensor.gather.
var GatherDef = &ir.OpDef{
	Name:    "tensor.gather",
	Summary: "Selection of slices by index (`torch.index_select`)",
	Description: "Selects the slices `idx[0], idx[1], ...` of `x` along `dim` (`torch.index_select(x, dim, idx)`): " +
		"the result has x's shape with dimension `dim` replaced by the length of `idx`. `idx` is a 1-D i64 tensor; " +
		"out-of-range indices are undefined. `dim` may be negative.\n\n" +
		"Example:\n\n    %g = tensor.gather %table, %ids dim = 0 : tensor<100x16xf32>, tensor<8xi64>",
	Traits:           ir.Pure,
	Operands:         []ir.ArgDef{operand("x", AnyTensor, "the source"), operand("idx", I64Tensor, "1-D indices into dimension dim")},
	Results:          result(AnyTensor, "the selected slices"),
	Attrs:            []ir.AttrDef{attr(AttrDim, i64C, "the indexed dimension")},
	Format:           "$x `,` $idx `dim` `=` $dim attr-dict `:` type($x) `,` type($idx)",
	InferResultTypes: inferHook(inferGather),
	Verify:           verifyInferred(inferGather),
}

func inferGather(a args) (ir.Type, error) {
	x, err := a.tensor(0, "x")
	if err != nil {
		return nil, err
	}
	dim, n, err := indexDim(a, x, 1)
	if err != nil {
		return nil, err
	}
	shape := append([]int64(nil), x.Shape()...)
	shape[dim] = n
	return a.ctx.Tensor(shape, x.Elem), nil
}

// indexDim checks the 1-D i64 index operand at position i and the dim
// attribute against x; it returns the normalized dim and the index count.
func indexDim(a args, x *ir.RankedTensorType, i int) (int, int64, error) {
	idx, err := a.tensor(i, "idx")
	if err != nil {
		return 0, 0, err
	}
	if idx.Rank() != 1 || !isI64(idx.Elem) {
		return 0, 0, fmt.Errorf("idx must be a 1-D tensor of i64, but has type '%s'", idx)
	}
	d, err := a.i64(AttrDim)
	if err != nil {
		return 0, 0, err
	}
	dim, err := normDim(d, x.Rank(), "dim")
	return dim, idx.Shape()[0], err
}

// ScatterAddDef is tensor.scatter_add.
var ScatterAddDef = &ir.OpDef{
	Name:    "tensor.scatter_add",
	Summary: "Accumulation of slices by index (`torch.index_add`)",
	Description: "Returns a copy of `base` where slice `idx[i]` along `dim` is incremented by slice i of `src` " +
		"(`base.index_add(dim, idx, src)`); repeated indices accumulate. `idx` is a 1-D i64 tensor whose length is " +
		"`src`'s size along `dim`; `src` matches `base` in every other dimension. The result has base's type.\n\n" +
		"Example:\n\n    %s = tensor.scatter_add %base, %ids, %rows dim = 0 : tensor<100x16xf32>, tensor<8xi64>, tensor<8x16xf32>",
	Traits: ir.Pure,
	Operands: []ir.ArgDef{operand("base", NumericTensor, "the tensor added into"),
		operand("idx", I64Tensor, "1-D indices into dimension dim of base"),
		operand("src", NumericTensor, "the slices to add")},
	Results:          result(NumericTensor, "base with the slices added"),
	Attrs:            []ir.AttrDef{attr(AttrDim, i64C, "the indexed dimension")},
	Format:           "$base `,` $idx `,` $src `dim` `=` $dim attr-dict `:` type($base) `,` type($idx) `,` type($src)",
	InferResultTypes: inferHook(inferScatterAdd),
	Verify:           verifyInferred(inferScatterAdd),
}

func inferScatterAdd(a args) (ir.Type, error) {
	base, err := a.tensor(0, "base")
	if err != nil {
		return nil, err
	}
	dim, n, err := indexDim(a, base, 1)
	if err != nil {
		return nil, err
	}
	src, err := a.tensor(2, "src")
	if err != nil {
		return nil, err
	}
	if src.Rank() != base.Rank() || src.Elem != base.Elem {
		return nil, fmt.Errorf("src type '%s' must have the rank and element type of base '%s'", src, base)
	}
	for k, s := range src.Shape() {
		want := base.Shape()[k]
		if k == dim {
			want = n
		}
		if _, ok := mergeDim(s, want); !ok {
			return nil, fmt.Errorf("src has size %d in dimension %d, but %s is expected", s, k, dimStr(want))
		}
	}
	return base, nil
}
