package tensor

import (
	"github.com/tt-compiler/tt/ir"
)

// Ops lists every operation of the tensor dialect.
var Ops = []*ir.OpDef{
	AddDef, SubDef, MulDef, DivDef, MaxDef, MinDef, PowDef,
	NegDef, AbsDef, ExpDef, LogDef, SqrtDef, RsqrtDef, TanhDef, SigmoidDef, ReluDef, SinDef, CosDef, ErfDef, ReciprocalDef,
	GeluDef, CmpDef, SelectDef, CastDef,
	ConstantDef, FullDef, IotaDef, DimDef,
	BroadcastDef, ReshapeDef, TransposeDef, SliceDef, ConcatDef, PadDef, GatherDef, ScatterAddDef,
	ReduceSumDef, ReduceMaxDef, ReduceMinDef, ReduceMeanDef, ArgMaxDef,
	MatMulDef, Conv2DDef, MaxPool2DDef, SoftmaxDef, LogSoftmaxDef, LayerNormDef, CrossEntropyDef,
}

// Dialect is the tensor dialect. Load it with ctx.MustLoadDialect(tensor.Dialect).
var Dialect = &ir.Dialect{
	Name:    "tensor",
	Summary: "Graph-level tensor operations with PyTorch (ATen) semantics",
	Description: "Value-semantic operations on ranked tensors of f16, bf16, f32, f64, i1, i32 and i64, with static " +
		"or dynamic (`?`) dimensions, rank 0 and size-0 dimensions included. Broadcasting is explicit: element-wise " +
		"operands have identical types and `tensor.broadcast` makes shapes meet. Semantics follow the ATen op of " +
		"the same name unless stated.\n\n" +
		"Custom form: operands, then `name = value` clauses for the op's attributes (optional ones only when " +
		"present; integer arrays written `[1, 0]`, enums as bare keywords), then any other attributes as a " +
		"dictionary, then `:` and the operand types. A result type is written after `->` only where the op cannot " +
		"infer it (`cast`, `broadcast`, `reshape`, `full`); `iota` writes its result type after `:`, `constant` " +
		"after its value. Example: `%t = tensor.transpose %x perm = [1, 0] : tensor<2x3xf32>`. Inferred result " +
		"types must match the written ones exactly in the generic form.\n\n" +
		"Dynamic shapes: ops that create data (`full`, `iota`, `broadcast`, `reshape`) take one index operand per " +
		"dynamic result dimension (`sizes(%n)` in the custom form), usually produced by `tensor.dim`.\n\n" +
		"Dimension attributes (`dim`, `dims` of reductions) may be negative and count from the end, as in ATen.\n\n" +
		"Composite ops (`gelu`, `softmax`, `log_softmax`, `layer_norm`, `cross_entropy`, `reduce_mean`) have " +
		"decompositions into the others (the `decompose` pass and tensor.Decompose).",
	Ops:                 Ops,
	MaterializeConstant: materializeConstant,
}

// NewContext returns a context with the tensor dialect loaded (and nothing
// else: load builtin/func alongside it to build whole modules).
func NewContext() *ir.Context { return ir.NewContext().MustLoadDialect(Dialect) }
