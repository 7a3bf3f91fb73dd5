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

// Add builds tensor.add.
func Add(b *ir.Builder, x, y ir.Value) ir.Value { return build(b, AddDef.Name, values(x, y)) }

// Sub builds tensor.sub.
func Sub(b *ir.Builder, x, y ir.Value) ir.Value { return build(b, SubDef.Name, values(x, y)) }

// Mul builds tensor.mul.
func Mul(b *ir.Builder, x, y ir.Value) ir.Value { return build(b, MulDef.Name, values(x, y)) }

// Div builds tensor.div.
func Div(b *ir.Builder, x, y ir.Value) ir.Value { return build(b, DivDef.Name, values(x, y)) }

// Max builds tensor.max.
func Max(b *ir.Builder, x, y ir.Value) ir.Value { return build(b, MaxDef.Name, values(x, y)) }

// Min builds tensor.min.
func Min(b *ir.Builder, x, y ir.Value) ir.Value { return build(b, MinDef.Name, values(x, y)) }

// Pow builds tensor.pow.
func Pow(b *ir.Builder, x, y ir.Value) ir.Value { return build(b, PowDef.Name, values(x, y)) }

// Unary builds the element-wise unary op called name ("neg", "exp", ...).
func Unary(b *ir.Builder, name string, x ir.Value) ir.Value {
	return build(b, "tensor."+name, values(x))
}

// Neg builds tensor.neg.
func Neg(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "neg", x) }

// Abs builds tensor.abs.
func Abs(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "abs", x) }

// Exp builds tensor.exp.
func Exp(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "exp", x) }

// Log builds tensor.log.
func Log(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "log", x) }

// Sqrt builds tensor.sqrt.
func Sqrt(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "sqrt", x) }

// Rsqrt builds tensor.rsqrt.
func Rsqrt(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "rsqrt", x) }

// Tanh builds tensor.tanh.
func Tanh(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "tanh", x) }

// Sigmoid builds tensor.sigmoid.
func Sigmoid(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "sigmoid", x) }

// Relu builds tensor.relu.
func Relu(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "relu", x) }

// Sin builds tensor.sin.
func Sin(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "sin", x) }

// Cos builds tensor.cos.
func Cos(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "cos", x) }

// Erf builds tensor.erf.
func Erf(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "erf", x) }

// Reciprocal builds tensor.reciprocal.
func Reciprocal(b *ir.Builder, x ir.Value) ir.Value { return Unary(b, "reciprocal", x) }

// Gelu builds tensor.gelu with approximate "none" or "tanh".
func Gelu(b *ir.Builder, x ir.Value, approximate string) ir.Value {
	return build(b, GeluDef.Name, values(x), strAttr(AttrApproximate, approximate))
}

// Cmp builds tensor.cmp with a predicate (eq, ne, lt, le, gt, ge).
func Cmp(b *ir.Builder, predicate string, x, y ir.Value) ir.Value {
	return build(b, CmpDef.Name, values(x, y), strAttr(AttrPredicate, predicate))
}

// Select builds tensor.select (torch.where(cond, x, y)).
func Select(b *ir.Builder, cond, x, y ir.Value) ir.Value {
	return build(b, SelectDef.Name, values(cond, x, y))
}

// Cast builds tensor.cast of x to element type elem.
func Cast(b *ir.Builder, x ir.Value, elem ir.Type) ir.Value {
	t := placeholderType(b.Ctx, values(x))
	if xt, ok := asTensor(x.Type()); ok {
		t = b.Ctx.Tensor(xt.Shape(), elem)
	}
	return buildTyped(b, CastDef.Name, t, values(x))
}

// Constant builds tensor.constant holding value.
func Constant(b *ir.Builder, value *ir.DenseElementsAttr) ir.Value {
	return build(b, ConstantDef.Name, nil, ir.NamedAttr{Name: AttrValue, Value: value})
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

// DimOf builds tensor.dim: the size of dimension dim of x, as an index.
func Dim(b *ir.Builder, x ir.Value, dim int64) ir.Value {
	return build(b, DimDef.Name, values(x), i64Attr(b, AttrDim, dim))
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

// Transpose builds tensor.transpose with permutation perm.
func Transpose(b *ir.Builder, x ir.Value, perm []int64) ir.Value {
	return build(b, TransposeDef.Name, values(x), intsAttr(b, AttrPerm, perm))
}

// Slice builds tensor.slice; step may be nil (all ones, attribute omitted).
func Slice(b *ir.Builder, x ir.Value, start, limit, step []int64) ir.Value {
	attrs := []ir.NamedAttr{intsAttr(b, AttrStart, start), intsAttr(b, AttrLimit, limit)}
	if step != nil {
		attrs = append(attrs, intsAttr(b, AttrStep, step))
	}
	return build(b, SliceDef.Name, values(x), attrs...)
}

// Concat builds tensor.concat of xs along dim.
func Concat(b *ir.Builder, dim int64, xs ...ir.Value) ir.Value {
	return build(b, ConcatDef.Name, xs, i64Attr(b, AttrDim, dim))
}

// Pad builds tensor.pad; value may be nil (zero padding).
func Pad(b *ir.Builder, x ir.Value, low, high []int64, value ir.Attribute) ir.Value {
	attrs := []ir.NamedAttr{intsAttr(b, AttrLow, low), intsAttr(b, AttrHigh, high)}
	if value != nil {
		attrs = append(attrs, ir.NamedAttr{Name: AttrValue, Value: value})
	}
	return build(b, PadDef.Name, values(x), attrs...)
}

// Gather builds tensor.gather (index_select of idx along dim).
func Gather(b *ir.Builder, x, idx ir.Value, dim int64) ir.Value {
	return build(b, GatherDef.Name, values(x, idx), i64Attr(b, AttrDim, dim))
}

// ScatterAdd builds tensor.scatter_add (base.index_add(dim, idx, src)).
func ScatterAdd(b *ir.Builder, base, idx, src ir.Value, dim int64) ir.Value {
	return build(b, ScatterAddDef.Name, values(base, idx, src), i64Attr(b, AttrDim, dim))
}

// Reduce builds tensor.reduce_<kind> (kind: sum, max, min, mean).
func Reduce(b *ir.Builder, kind string, x ir.Value, dims []int64, keepdim bool) ir.Value {
	return build(b, "tensor.reduce_"+kind, values(x), intsAttr(b, AttrDims, dims), boolAttr(b, AttrKeepDim, keepdim))
}

// ReduceSum builds tensor.reduce_sum.
func ReduceSum(b *ir.Builder, x ir.Value, dims []int64, keepdim bool) ir.Value {
	return Reduce(b, "sum", x, dims, keepdim)
}

// ReduceMax builds tensor.reduce_max.
func ReduceMax(b *ir.Builder, x ir.Value, dims []int64, keepdim bool) ir.Value {
	return Reduce(b, "max", x, dims, keepdim)
}

// ReduceMin builds tensor.reduce_min.
func ReduceMin(b *ir.Builder, x ir.Value, dims []int64, keepdim bool) ir.Value {
	return Reduce(b, "min", x, dims, keepdim)
}

// ReduceMean builds tensor.reduce_mean.
func ReduceMean(b *ir.Builder, x ir.Value, dims []int64, keepdim bool) ir.Value {
	return Reduce(b, "mean", x, dims, keepdim)
}

// ArgMax builds tensor.argmax.
func ArgMax(b *ir.Builder, x ir.Value, dim int64, keepdim bool) ir.Value {
	return build(b, ArgMaxDef.Name, values(x), i64Attr(b, AttrDim, dim), boolAttr(b, AttrKeepDim, keepdim))
}

// MatMul builds tensor.matmul.
func MatMul(b *ir.Builder, x, y ir.Value) ir.Value { return build(b, MatMulDef.Name, values(x, y)) }

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

// Softmax builds tensor.softmax.
func Softmax(b *ir.Builder, x ir.Value, dim int64) ir.Value {
	return build(b, SoftmaxDef.Name, values(x), i64Attr(b, AttrDim, dim))
}

// LogSoftmax builds tensor.log_softmax.
func LogSoftmax(b *ir.Builder, x ir.Value, dim int64) ir.Value {
	return build(b, LogSoftmaxDef.Name, values(x), i64Attr(b, AttrDim, dim))
}

// LayerNorm builds tensor.layer_norm over the last normalizedDims dims.
func LayerNorm(b *ir.Builder, x, gamma, beta ir.Value, normalizedDims int64, eps float64) ir.Value {
	return build(b, LayerNormDef.Name, values(x, gamma, beta), i64Attr(b, AttrNormalizedDims, normalizedDims),
		ir.NamedAttr{Name: AttrEps, Value: ir.Float(b.Ctx.F32(), eps)})
}

// CrossEntropy builds tensor.cross_entropy with reduction "mean" or "sum".
func CrossEntropy(b *ir.Builder, logits, target ir.Value, reduction string) ir.Value {
	return build(b, CrossEntropyDef.Name, values(logits, target), strAttr(AttrReduction, reduction))
}
