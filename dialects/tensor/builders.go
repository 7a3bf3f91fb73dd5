package tensor

import (
	"github.com/tt-compiler/tt/ir"
)

// Typed builders. Each creates one op at the builder's insertion point,
// with the builder's location (ir.Builder.Loc), and returns its result.
// Result types are inferred where the op determines them.
//
// The builders never panic on bad operands: when the result type cannot be
// inferred (mismatched shapes, bad attributes), the op is still created,
// with the first operand's type (or tensor<f32>) as a placeholder result
// type, and ir.Verify reports the problem with the inference error
// message. Verify what you build.

// create builds st at b's insertion point and returns its single result.
func create(b *ir.Builder, st *ir.OperationState) ir.Value {
	op, err := b.Create(st)
	if err != nil {
		st.ResultTypes = []ir.Type{placeholderType(b.Ctx, st.Operands)}
		op = b.Insert(b.Ctx.NewOp(st))
	}
	return op.Result(0)
}

// placeholderType is the result type of an op whose type inference failed.
func placeholderType(ctx *ir.Context, operands []ir.Value) ir.Type {
	if len(operands) > 0 && operands[0] != nil {
		return operands[0].Type()
	}
	return ctx.Tensor(nil, ctx.F32())
}

// build creates op name with operands and attributes, inferring the result.
func build(b *ir.Builder, name string, operands []ir.Value, attrs ...ir.NamedAttr) ir.Value {
	return create(b, &ir.OperationState{Name: name, Operands: operands, Attrs: attrs})
}

// buildTyped creates op name with an explicit result type.
func buildTyped(b *ir.Builder, name string, t ir.Type, operands []ir.Value, attrs ...ir.NamedAttr) ir.Value {
	return create(b, &ir.OperationState{Name: name, Operands: operands, Attrs: attrs, ResultTypes: []ir.Type{t}})
}

func i64Attr(b *ir.Builder, name string, v int64) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: ir.Int(b.Ctx.I64(), v)}
}

func intsAttr(b *ir.Builder, name string, vs []int64) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: ir.I64Array(b.Ctx, vs...)}
}

func boolAttr(b *ir.Builder, name string, v bool) ir.NamedAttr {
	return ir.NamedAttr{Name: name, Value: ir.Bool(b.Ctx, v)}
}

func strAttr(name, v string) ir.NamedAttr { return ir.NamedAttr{Name: name, Value: ir.String(v)} }

func values(vs ...ir.Value) []ir.Value { return vs }

// Unary builds the element-wise unary op called name ("neg", "exp", ...).
func Unary(b *ir.Builder, name string, x ir.Value) ir.Value {
	return build(b, "tensor."+name, values(x))
}

// Cmp builds tensor.cmp with a predicate (eq, ne, lt, le, gt, ge).
func Cmp(b *ir.Builder, predicate string, x, y ir.Value) ir.Value {
	return build(b, CmpDef.Name, values(x, y), strAttr(AttrPredicate, predicate))
}

// Cast builds tensor.cast of x to element type elem.
func Cast(b *ir.Builder, x ir.Value, elem ir.Type) ir.Value {
	t := placeholderType(b.Ctx, values(x))
	if xt, ok := asTensor(x.Type()); ok {
		t = b.Ctx.Tensor(xt.Shape(), elem)
	}
	return buildTyped(b, CastDef.Name, t, values(x))
}

// FullAttr builds tensor.full of type t filled with the scalar attribute
// value; sizes give t's dynamic dimensions.
func FullAttr(b *ir.Builder, t *ir.RankedTensorType, value ir.Attribute, sizes ...ir.Value) ir.Value {
	return buildTyped(b, FullDef.Name, t, sizes, ir.NamedAttr{Name: AttrValue, Value: value})
}

// Full builds tensor.full of type t filled with v, converted to t's
// element type (floats round, integers truncate, i1 is v != 0).
func Full(b *ir.Builder, t *ir.RankedTensorType, v float64, sizes ...ir.Value) ir.Value {
	return FullAttr(b, t, ScalarAttr(b.Ctx, t.Elem, v), sizes...)
}

// ScalarAttr returns v as a scalar attribute of element type elem.
func ScalarAttr(ctx *ir.Context, elem ir.Type, v float64) ir.Attribute {
	switch {
	case IsFloatElement(elem):
		return ir.Float(elem, v)
	case IsBoolElement(elem):
		return ir.Bool(ctx, v != 0)
	}
	return ir.Int(elem, int64(v))
}

// Iota builds tensor.iota of type t counting along dim.
func Iota(b *ir.Builder, t *ir.RankedTensorType, dim int64, sizes ...ir.Value) ir.Value {
	return buildTyped(b, IotaDef.Name, t, sizes, i64Attr(b, AttrDim, dim))
}

// Broadcast builds tensor.broadcast of x to shape (ir.Dynamic for ?),
// operand dimension i going to result dimension dims[i]; sizes give the
// dynamic dimensions of shape.
func Broadcast(b *ir.Builder, x ir.Value, dims, shape []int64, sizes ...ir.Value) ir.Value {
	return buildTyped(b, BroadcastDef.Name, b.Ctx.Tensor(shape, elemOf(b.Ctx, x)), append(values(x), sizes...), intsAttr(b, AttrDims, dims))
}

// elemOf returns the element type of a tensor value (f32 if it is not one).
func elemOf(ctx *ir.Context, x ir.Value) ir.Type {
	if xt, ok := asTensor(x.Type()); ok {
		return xt.Elem
	}
	return ctx.F32()
}

// Reshape builds tensor.reshape of x to shape; sizes give its dynamic
// dimensions (or none, when at most one is dynamic).
func Reshape(b *ir.Builder, x ir.Value, shape []int64, sizes ...ir.Value) ir.Value {
	return buildTyped(b, ReshapeDef.Name, b.Ctx.Tensor(shape, elemOf(b.Ctx, x)), append(values(x), sizes...))
}

// Concat builds tensor.concat of xs along dim.
func Concat(b *ir.Builder, dim int64, xs ...ir.Value) ir.Value {
	return build(b, ConcatDef.Name, xs, i64Attr(b, AttrDim, dim))
}

// Reduce builds tensor.reduce_<kind> (kind: sum, max, min, mean).
func Reduce(b *ir.Builder, kind string, x ir.Value, dims []int64, keepdim bool) ir.Value {
	return build(b, "tensor.reduce_"+kind, values(x), intsAttr(b, AttrDims, dims), boolAttr(b, AttrKeepDim, keepdim))
}

// Conv2D builds tensor.conv2d with the given parameters (all attributes
// are written).
func Conv2D(b *ir.Builder, x, w ir.Value, p Conv2DParams) ir.Value {
	return build(b, Conv2DDef.Name, values(x, w),
		intsAttr(b, AttrStride, p.Stride[:]), intsAttr(b, AttrPadding, p.Padding[:]),
		intsAttr(b, AttrDilation, p.Dilation[:]), i64Attr(b, AttrGroups, p.Groups))
}

// DefaultConv2D returns stride 1, padding 0, dilation 1 and one group.
func DefaultConv2D() Conv2DParams {
	return Conv2DParams{Stride: [2]int64{1, 1}, Dilation: [2]int64{1, 1}, Groups: 1}
}

// MaxPool2D builds tensor.max_pool2d (all attributes are written).
func MaxPool2D(b *ir.Builder, x ir.Value, p Pool2DParams) ir.Value {
	return build(b, MaxPool2DDef.Name, values(x), intsAttr(b, AttrKernel, p.Kernel[:]),
		intsAttr(b, AttrStride, p.Stride[:]), intsAttr(b, AttrPadding, p.Padding[:]))
}

// LayerNorm builds tensor.layer_norm over the last normalizedDims dims.
func LayerNorm(b *ir.Builder, x, gamma, beta ir.Value, normalizedDims int64, eps float64) ir.Value {
	return build(b, LayerNormDef.Name, values(x, gamma, beta), i64Attr(b, AttrNormalizedDims, normalizedDims),
		ir.NamedAttr{Name: AttrEps, Value: ir.Float(b.Ctx.F32(), eps)})
}
