// Package tensor defines the tensor dialect (contract: docs/contract.md):
// graph-level, value-semantic operations on ranked tensors with PyTorch
// (ATen) semantics, from which the PT2-style pipeline starts.
//
// Load it with ctx.MustLoadDialect(tensor.Dialect). Ops is the list of
// OpDefs; every op has a verifier, result-type inference where the result
// is determined (InferResultTypes), a custom assembly form, folders where
// they pay, and typed Go builders (Add, MatMul, Broadcast, Softmax, ...).
//
// # Types
//
// Operands and results are ranked tensors (no encoding) of f16, bf16, f32,
// f64, i1, i32 or i64, with static or dynamic (?) dimensions; rank 0 and
// size-0 dimensions are allowed everywhere shapes allow. Element-wise
// operands have identical types: broadcasting is explicit (broadcast).
//
// # Custom form
//
// Operands first, then one `name = value` clause per attribute of the op
// in declaration order (optional attributes only when present; integer
// arrays as [1, 0], enums as bare keywords, booleans as true/false), then
// any other attributes as a dictionary, then `:` and the operand types:
//
//	%0 = tensor.add %a, %b : tensor<4xf32>
//	%1 = tensor.transpose %x perm = [1, 0] : tensor<2x3xf32>
//	%2 = tensor.reduce_sum %x dims = [1] keepdim = true : tensor<2x3xf32>
//	%3 = tensor.cmp lt, %a, %b : tensor<4xf32>
//	%4 = tensor.select %m, %a, %b : tensor<4xf32>
//	%5 = tensor.conv2d %x, %w stride = [2, 2] padding = [1, 1] : tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>
//
// A result type is written (after ->) only where the op cannot infer it:
// cast, broadcast, reshape and full; iota writes it after `:` and constant
// after its value:
//
//	%6 = tensor.broadcast %b dims = [1] : tensor<3xf32> -> tensor<2x3xf32>
//	%7 = tensor.full 0.000000e+00 : f32 -> tensor<2x3xf32>
//	%8 = tensor.iota dim = 0 : tensor<4xi64>
//	%9 = tensor.constant dense<[1, 2]> : tensor<2xi64>
//
// tensor.pad keeps its typed `value` in the attribute dictionary. The
// generic form always works; an inferred result type written there must
// equal the inferred one exactly (MLIR's default for InferTypeOpInterface).
//
// # Dynamic shapes
//
// Ops that create data of a dynamic shape (full, iota, broadcast, reshape)
// take one index operand per dynamic result dimension, written sizes(%n)
// in the custom form, usually produced by tensor.dim (which folds to a
// constant for static sizes and to the size operand of such producers).
// reshape may instead leave one dynamic dimension to be inferred from the
// element count.
//
// # Attributes and defaults
//
// Dimension attributes (dim, and dims of reductions) may be negative and
// count from the end, as in ATen; canonicalization normalizes them. These
// attributes are optional, with ATen's defaults: keepdim (false), slice
// step (ones), gelu approximate ("none"), cross_entropy reduction ("mean"),
// conv2d stride/padding/dilation/groups (1/0/1/1), max_pool2d stride (the
// kernel) and padding (0), layer_norm eps (1e-5), pad value (zero).
// Consumers should read them through the accessors (Dim, ReduceDims,
// KeepDim, SliceStep, PadValue, Conv2DOptions, MaxPool2DOptions,
// Approximate, Reduction, Eps, ...), which apply the defaults.
//
// Choices where ATen differs or is silent: integer div truncates toward
// zero; an empty dims list of a reduction reduces nothing (ATen reduces
// everything); broadcast dims must be strictly increasing; matmul operands
// have equal rank >= 2 (no batch broadcasting); cross_entropy has no
// ignore_index, weights or label smoothing, and its result has the logits'
// element type (tensor<f32> for f32 logits).
//
// # Folding and canonicalization
//
// Fold hooks: constant folding of element-wise ops, cmp, select, cast,
// full, iota, reshape, transpose, broadcast and slice (splats of any size;
// other results up to MaxFoldElements elements; float math in float64
// rounded once to the element type, so folds may be more accurate than
// float32 eager execution by an ulp); identities x+0, 0+x, x-0, x*1, 1*x,
// x/1, x**1, max(x,x), min(x,x), neg(neg x), abs(abs x), relu(relu x),
// select with a splat condition or equal branches, lossless cast round
// trips, and identity reshape/transpose/broadcast/slice/pad/concat/
// reductions; commutative ops move a constant to the right. Patterns
// (OpDef.Canonicalize): reshape of reshape, transpose of transpose,
// broadcast of broadcast, and normalization of negative dimensions.
//
// # Decompositions
//
// The composites gelu, softmax, log_softmax, layer_norm, cross_entropy and
// reduce_mean decompose into the other ops (DecomposeGelu, ...,
// DecomposeOp, Decompose, DecompositionPatterns); the decompose pass in
// package transforms runs them (decompose{ops=softmax,gelu}). f16 and bf16
// composites are decomposed in f32 and rounded once.
package tensor
