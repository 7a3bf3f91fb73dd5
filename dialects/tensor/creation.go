package tensor

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// ConstantDef is tensor.constant.
var ConstantDef = &ir.OpDef{
	Name:    "tensor.constant",
	Summary: "A constant tensor",
	Description: "Materializes the dense constant `value`; the result type is the value's type.\n\n" +
		"Example:\n\n    %c = tensor.constant dense<[1.0, 2.0]> : tensor<2xf32>",
	Traits:           ir.Pure | ir.ConstantLike,
	Results:          result(AnyTensor, "the constant, of the value's type"),
	Attrs:            []ir.AttrDef{attr(AttrValue, denseC, "the elements, `dense<...> : tensor<...>`")},
	Format:           "attr-dict $value",
	InferResultTypes: inferHook(inferConstant),
	Verify:           verifyInferred(inferConstant),
	Fold:             foldConstant,
	ResultNames:      func(*ir.Operation) []string { return []string{"cst"} },
}

func inferConstant(a args) (ir.Type, error) {
	d, ok := a.attr(AttrValue).(*ir.DenseElementsAttr)
	if !ok {
		return nil, fmt.Errorf("requires attribute '%s' holding a dense<...> tensor constant", AttrValue)
	}
	t, ok := asTensor(d.Type)
	if !ok {
		return nil, fmt.Errorf("value must have a ranked tensor type, but has '%s'", d.Type)
	}
	return t, nil
}

func foldConstant(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	d, ok := op.Attr(AttrValue).(*ir.DenseElementsAttr)
	if !ok || op.NumResults() != 1 || ir.Type(d.Type) != op.Result(0).Type() {
		return nil, false
	}
	return []ir.FoldResult{{Attr: d}}, true
}

// FullDef is tensor.full.
var FullDef = &ir.OpDef{
	Name:          "tensor.full",
	CustomBuilder: true,
	Summary:       "A tensor filled with one value",
	Description: "Creates a tensor of the result type with every element equal to `value` (`torch.full`). " +
		"`value` is an integer, bool or float attribute of the result's element type. The shape comes from the " +
		"result type; each dynamic dimension takes its size from one `sizes` operand.\n\n" +
		"Examples:\n\n    %z = tensor.full 0.000000e+00 : f32 -> tensor<2x3xf32>\n" +
		"    %o = tensor.full 1 : i64 sizes(%n) -> tensor<?xi64>",
	Traits:   ir.Pure,
	Operands: []ir.ArgDef{sizesOperand},
	Results:  result(AnyTensor, "the filled tensor"),
	Attrs:    []ir.AttrDef{attr(AttrValue, scalarC, "the fill value, typed with the element type (`1.0 : f32`, `0 : i64`, `true`)")},
	Format:   "$value (`sizes` `(` $sizes^ `)`)? attr-dict `->` type($result)",
	Verify:   verifyGiven(checkFull),
	Fold:     foldFull,
}

func checkFull(a args, r *ir.RankedTensorType) error {
	if err := checkScalar(a.attr(AttrValue), r.Elem, AttrValue); err != nil {
		return err
	}
	return checkSizes(a, 0, r)
}

// checkScalar checks that v is a scalar attribute of element type elem.
func checkScalar(v ir.Attribute, elem ir.Type, name string) error {
	ta, ok := v.(ir.TypedAttr)
	if !ok {
		return fmt.Errorf("requires attribute '%s'", name)
	}
	if ta.AttrType() != elem {
		return fmt.Errorf("attribute '%s' has type '%s', but the element type is '%s'", name, ta.AttrType(), elem)
	}
	return nil
}

// scalarDense returns a splat constant of type rt holding the scalar v.
func scalarDense(rt *ir.RankedTensorType, v ir.Attribute) *ir.DenseElementsAttr {
	switch s := v.(type) {
	case *ir.FloatAttr:
		if s.Type == rt.Elem {
			return ir.DenseFloats(rt, []float64{s.Value})
		}
	case *ir.IntegerAttr:
		if s.Type == rt.Elem {
			return ir.DenseInts(rt, []int64{s.Int64()})
		}
	}
	return nil
}

// foldFull folds a statically shaped full into a splat constant.
func foldFull(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	rt := staticResult(op)
	if rt == nil || op.NumOperands() != 0 || numElements(rt.Shape()) == 0 {
		return nil, false
	}
	return foldConst(scalarDense(rt, op.Attr(AttrValue)))
}

// IotaDef is tensor.iota.
var IotaDef = &ir.OpDef{
	Name:          "tensor.iota",
	CustomBuilder: true,
	Summary:       "Indices along a dimension",
	Description: "Creates a tensor of the result type whose element at index (i0, ..., in) is `i_dim` " +
		"(0, 1, 2, ... along `dim`, repeated along the other dimensions), converted to the element type " +
		"(i32, i64 or a float). `dim` may be negative (counted from the end). Dynamic result dimensions take " +
		"their sizes from the `sizes` operands.\n\nExample:\n\n    %i = tensor.iota dim = 1 : tensor<2x3xi64>",
	Traits:   ir.Pure,
	Operands: []ir.ArgDef{sizesOperand},
	Results:  result(NumericTensor, "the index tensor"),
	Attrs:    []ir.AttrDef{attr(AttrDim, i64C, "the dimension that counts up")},
	Format:   "`dim` `=` $dim (`sizes` `(` $sizes^ `)`)? attr-dict `:` type($result)",
	Verify:   verifyGiven(checkIota),
	Fold:     foldIota,
}

func checkIota(a args, r *ir.RankedTensorType) error {
	d, err := a.i64(AttrDim)
	if err != nil {
		return err
	}
	if _, err := normDim(d, r.Rank(), "dim"); err != nil {
		return err
	}
	return checkSizes(a, 0, r)
}

// foldIota folds a small static iota into a constant.
func foldIota(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	rt := staticResult(op)
	if rt == nil || op.NumOperands() != 0 {
		return nil, false
	}
	d, ok := DimAttr(op, rt.Rank())
	if !ok {
		return nil, false
	}
	st := strides(rt.Shape())
	return foldConst(evalDense(rt, nil, func(i int) (float64, int64, bool) {
		v := (int64(i) / st[d]) % rt.Shape()[d]
		return float64(v), v, true
	}))
}

// strides returns the row-major strides of a static shape.
func strides(shape []int64) []int64 {
	st := make([]int64, len(shape))
	s := int64(1)
	for i := len(shape) - 1; i >= 0; i-- {
		st[i] = s
		s *= shape[i]
	}
	return st
}

// DimDef is tensor.dim.
var DimDef = &ir.OpDef{
	Name:    "tensor.dim",
	Summary: "The size of a dimension, at run time",
	Description: "Returns the size of dimension `dim` of `x` as an index (`Tensor.size(dim)`). `dim` may be " +
		"negative. It folds to a constant when the size is static. Its results feed the `sizes` operands of " +
		"`full`, `iota`, `broadcast` and `reshape` for dynamic shapes.\n\n" +
		"Example:\n\n    %n = tensor.dim %x dim = 0 : tensor<?x4xf32>",
	Traits:           ir.Pure,
	Operands:         []ir.ArgDef{operand("x", AnyTensor, "the tensor")},
	Results:          result(IndexScalar, "the size"),
	Attrs:            []ir.AttrDef{attr(AttrDim, i64C, "the dimension")},
	Format:           "$x `dim` `=` $dim attr-dict `:` type($x)",
	InferResultTypes: inferHook(inferDim),
	Verify:           verifyInferred(inferDim),
	Fold:             foldDim,
	ResultNames:      func(*ir.Operation) []string { return []string{"dim"} },
}

func inferDim(a args) (ir.Type, error) {
	x, err := a.tensor(0, "x")
	if err != nil {
		return nil, err
	}
	d, err := a.i64(AttrDim)
	if err != nil {
		return nil, err
	}
	if _, err := normDim(d, x.Rank(), "dim"); err != nil {
		return nil, err
	}
	return a.ctx.Index(), nil
}

// foldDim folds tensor.dim of a static dimension to an index constant.
func foldDim(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.NumOperands() != 1 || op.NumResults() != 1 || !ir.IsIndex(op.Result(0).Type()) {
		return nil, false
	}
	x, ok := asTensor(op.Operand(0).Type())
	if !ok {
		return nil, false
	}
	d, ok := DimAttr(op, x.Rank())
	if !ok {
		return nil, false
	}
	if x.Shape()[d] != ir.Dynamic {
		return []ir.FoldResult{{Attr: ir.Int(op.Context().Index(), x.Shape()[d])}}, true
	}
	return foldValue(op, sizeOperand(op.Operand(0), d))
}

// sizeOperands gives, for ops that take the sizes of their dynamic result
// dimensions as operands, the index of the first size operand.
var sizeOperands = map[string]int{"tensor.full": 0, "tensor.iota": 0, "tensor.broadcast": 1, "tensor.reshape": 1}

// sizeOperand returns the size operand of v's defining op that gives the
// dynamic dimension d of v, or nil.
func sizeOperand(v ir.Value, d int) ir.Value {
	def := ir.DefiningOp(v)
	if def == nil {
		return nil
	}
	first, ok := sizeOperands[def.Name()]
	t, isTensor := asTensor(v.Type())
	if !ok || !isTensor || def.NumOperands()-first != countDynamic(t.Shape()) {
		return nil
	}
	k := countDynamic(t.Shape()[:d])
	return def.Operand(first + k)
}
