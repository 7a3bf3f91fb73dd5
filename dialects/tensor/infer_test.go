package tensor_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/ir"
)

// inferCase is one shape-inference or verification case.
type inferCase struct {
	op     string   // short op name
	in     []string // operand types
	attrs  string   // attribute dictionary
	result string   // the given result type, for ops that do not infer it
	want   string   // the inferred type, "ok" (given result verifies), or "error: <substring>"
}

var inferCases = []inferCase{
	// Element-wise.
	{op: "add", in: []string{"tensor<2x3xf32>", "tensor<2x3xf32>"}, want: "tensor<2x3xf32>"},
	{op: "add", in: []string{"tensor<?x3xf32>", "tensor<?x3xf32>"}, want: "tensor<?x3xf32>"},
	{op: "add", in: []string{"tensor<f32>", "tensor<f32>"}, want: "tensor<f32>"},
	{op: "add", in: []string{"tensor<0x3xi64>", "tensor<0x3xi64>"}, want: "tensor<0x3xi64>"},
	{op: "add", in: []string{"tensor<2x3xf32>", "tensor<3xf32>"}, want: "error: broadcasting is explicit"},
	{op: "add", in: []string{"tensor<4xf32>", "tensor<?xf32>"}, want: "error: identical types"},
	{op: "add", in: []string{"tensor<4xi1>", "tensor<4xi1>"}, want: "error: must be ranked tensor of f16, bf16, f32, f64, i32 or i64"},
	{op: "add", in: []string{"tensor<4xf32>"}, want: "error: expected operand #1"},
	{op: "sub", in: []string{"tensor<4xbf16>", "tensor<4xbf16>"}, want: "tensor<4xbf16>"},
	{op: "mul", in: []string{"tensor<4xi32>", "tensor<4xi32>"}, want: "tensor<4xi32>"},
	{op: "div", in: []string{"tensor<4xf16>", "tensor<4xf16>"}, want: "tensor<4xf16>"},
	{op: "max", in: []string{"tensor<4xi1>", "tensor<4xi1>"}, want: "tensor<4xi1>"},
	{op: "min", in: []string{"tensor<4xf64>", "tensor<4xf64>"}, want: "tensor<4xf64>"},
	{op: "pow", in: []string{"tensor<4xf32>", "tensor<4xf32>"}, want: "tensor<4xf32>"},
	{op: "add", in: []string{"tensor<4xi8>", "tensor<4xi8>"}, want: "error: must be ranked tensor"},
	{op: "neg", in: []string{"tensor<2x?xi64>"}, want: "tensor<2x?xi64>"},
	{op: "abs", in: []string{"tensor<3xf32>"}, want: "tensor<3xf32>"},
	{op: "exp", in: []string{"tensor<3xi32>"}, want: "error: must be ranked tensor of f16, bf16, f32 or f64"},
	{op: "log", in: []string{"tensor<f64>"}, want: "tensor<f64>"},
	{op: "sqrt", in: []string{"tensor<3xf32>"}, want: "tensor<3xf32>"},
	{op: "rsqrt", in: []string{"tensor<3xf32>"}, want: "tensor<3xf32>"},
	{op: "tanh", in: []string{"tensor<3xf32>"}, want: "tensor<3xf32>"},
	{op: "sigmoid", in: []string{"tensor<3xf32>"}, want: "tensor<3xf32>"},
	{op: "relu", in: []string{"tensor<3xi32>"}, want: "tensor<3xi32>"},
	{op: "sin", in: []string{"tensor<3xf32>"}, want: "tensor<3xf32>"},
	{op: "cos", in: []string{"tensor<3xf32>"}, want: "tensor<3xf32>"},
	{op: "erf", in: []string{"tensor<3xf32>"}, want: "tensor<3xf32>"},
	{op: "reciprocal", in: []string{"tensor<3xf32>"}, want: "tensor<3xf32>"},
	{op: "gelu", in: []string{"tensor<3xf32>"}, attrs: `{approximate = "tanh"}`, want: "tensor<3xf32>"},
	{op: "gelu", in: []string{"tensor<3xf32>"}, attrs: `{approximate = "fast"}`, want: "error: failed to satisfy constraint"},
	{op: "cmp", in: []string{"tensor<2x?xf32>", "tensor<2x?xf32>"}, attrs: `{predicate = "lt"}`, want: "tensor<2x?xi1>"},
	{op: "cmp", in: []string{"tensor<2xi1>", "tensor<2xi1>"}, attrs: `{predicate = "eq"}`, want: "tensor<2xi1>"},
	{op: "cmp", in: []string{"tensor<2xf32>", "tensor<2xf32>"}, attrs: `{predicate = "lq"}`, want: "error: failed to satisfy constraint"},
	{op: "cmp", in: []string{"tensor<2xf32>", "tensor<2xf32>"}, want: "error: requires attribute 'predicate'"},
	{op: "select", in: []string{"tensor<2xi1>", "tensor<2xf32>", "tensor<2xf32>"}, want: "tensor<2xf32>"},
	{op: "select", in: []string{"tensor<i1>", "tensor<f32>", "tensor<f32>"}, want: "tensor<f32>"},
	{op: "select", in: []string{"tensor<3xi1>", "tensor<2xf32>", "tensor<2xf32>"}, want: "error: condition shape [3]"},
	{op: "select", in: []string{"tensor<2xi1>", "tensor<2xf32>", "tensor<2xf64>"}, want: "error: identical types"},
	{op: "select", in: []string{"tensor<2xf32>", "tensor<2xf32>", "tensor<2xf32>"}, want: "error: operand #0 must be ranked tensor of i1"},
	{op: "cast", in: []string{"tensor<2x?xf32>"}, result: "tensor<2x?xi32>", want: "ok"},
	{op: "cast", in: []string{"tensor<2xf32>"}, result: "tensor<3xf16>", want: "error: result shape [3] must equal the operand shape [2]"},

	// Creation.
	{op: "constant", attrs: "{value = dense<1.0> : tensor<2x2xf32>}", want: "tensor<2x2xf32>"},
	{op: "constant", attrs: "{value = 1.0 : f32}", want: "error: holding a dense<...> tensor constant"},
	{op: "constant", want: "error: requires attribute 'value'"},
	{op: "full", attrs: "{value = 2.0 : f32}", result: "tensor<2x3xf32>", want: "ok"},
	{op: "full", attrs: "{value = 7 : i64}", result: "tensor<i64>", want: "ok"},
	{op: "full", attrs: "{value = true}", result: "tensor<0xi1>", want: "ok"},
	{op: "full", in: []string{"index"}, attrs: "{value = 2.0 : f32}", result: "tensor<?x3xf32>", want: "ok"},
	{op: "full", attrs: "{value = 2.0 : f32}", result: "tensor<?x3xf32>", want: "error: expected 1 size operand(s)"},
	{op: "full", attrs: "{value = 2.0 : f64}", result: "tensor<3xf32>", want: "error: attribute 'value' has type 'f64', but the element type is 'f32'"},
	{op: "full", attrs: `{value = "x"}`, result: "tensor<3xf32>", want: "error: failed to satisfy constraint"},
	{op: "iota", attrs: "{dim = 1}", result: "tensor<2x3xi64>", want: "ok"},
	{op: "iota", attrs: "{dim = -1}", result: "tensor<4xf32>", want: "ok"},
	{op: "iota", in: []string{"index"}, attrs: "{dim = 0}", result: "tensor<?xi32>", want: "ok"},
	{op: "iota", attrs: "{dim = 2}", result: "tensor<2x3xi64>", want: "error: dim 2 is out of range for rank 2"},
	{op: "iota", attrs: "{dim = 0}", result: "tensor<3xi1>", want: "error: result #0 must be ranked tensor of f16, bf16, f32, f64, i32 or i64"},
	{op: "dim", in: []string{"tensor<?x3xf32>"}, attrs: "{dim = 0}", want: "index"},
	{op: "dim", in: []string{"tensor<?x3xf32>"}, attrs: "{dim = -2}", want: "index"},
	{op: "dim", in: []string{"tensor<f32>"}, attrs: "{dim = 0}", want: "error: the operand has rank 0"},

	// Layout.
	{op: "broadcast", in: []string{"tensor<3xf32>"}, attrs: "{dims = array<i64: 1>}", result: "tensor<2x3xf32>", want: "ok"},
	{op: "broadcast", in: []string{"tensor<1x3xf32>"}, attrs: "{dims = array<i64: 0, 2>}", result: "tensor<4x5x3xf32>", want: "ok"},
	{op: "broadcast", in: []string{"tensor<f32>"}, attrs: "{dims = array<i64>}", result: "tensor<2x3xf32>", want: "ok"},
	{op: "broadcast", in: []string{"tensor<?xf32>"}, attrs: "{dims = array<i64: 0>}", result: "tensor<4xf32>", want: "ok"},
	{op: "broadcast", in: []string{"tensor<3xf32>", "index"}, attrs: "{dims = array<i64: 1>}", result: "tensor<?x3xf32>", want: "ok"},
	{op: "broadcast", in: []string{"tensor<3xf32>"}, attrs: "{dims = array<i64: 1>}", result: "tensor<?x3xf32>", want: "error: expected 1 size operand(s)"},
	{op: "broadcast", in: []string{"tensor<3xf32>"}, attrs: "{dims = array<i64: 0>}", result: "tensor<2x3xf32>", want: "error: operand dimension 0 (size 3) must be 1 or equal to result dimension 0 (size 2)"},
	{op: "broadcast", in: []string{"tensor<2x3xf32>"}, attrs: "{dims = array<i64: 1, 0>}", result: "tensor<3x2xf32>", want: "error: dims must be strictly increasing"},
	{op: "broadcast", in: []string{"tensor<3xf32>"}, attrs: "{dims = array<i64: 2>}", result: "tensor<2x3xf32>", want: "error: dims[0] = 2 is out of range for the result rank 2"},
	{op: "broadcast", in: []string{"tensor<3xf32>"}, attrs: "{dims = array<i64: 0, 1>}", result: "tensor<3x3xf32>", want: "error: dims has 2 entries, but the operand has rank 1"},
	{op: "broadcast", in: []string{"tensor<3xf32>"}, attrs: "{dims = array<i64: 0>}", result: "tensor<3xf64>", want: "error: result element type 'f64' must equal the operand element type 'f32'"},
	{op: "broadcast", in: []string{"tensor<3xf32>"}, result: "tensor<3xf32>", want: "error: requires attribute 'dims'"},
	{op: "reshape", in: []string{"tensor<2x3xf32>"}, result: "tensor<6xf32>", want: "ok"},
	{op: "reshape", in: []string{"tensor<2x3xf32>"}, result: "tensor<f32>", want: "error: operand has 6 elements, but the result type 'tensor<f32>' has 1"},
	{op: "reshape", in: []string{"tensor<1x1xf32>"}, result: "tensor<f32>", want: "ok"},
	{op: "reshape", in: []string{"tensor<?x4xf32>"}, result: "tensor<?x2x2xf32>", want: "ok"},
	{op: "reshape", in: []string{"tensor<12xf32>"}, result: "tensor<?x5xf32>", want: "error: cannot infer the dynamic dimension"},
	{op: "reshape", in: []string{"tensor<?xf32>"}, result: "tensor<?x?xf32>", want: "error: has 2 dynamic dimensions"},
	{op: "reshape", in: []string{"tensor<?xf32>", "index", "index"}, result: "tensor<?x?xf32>", want: "ok"},
	{op: "reshape", in: []string{"tensor<0x3xf32>"}, result: "tensor<0xf32>", want: "ok"},
	{op: "reshape", in: []string{"tensor<6xf32>"}, result: "tensor<6xi32>", want: "error: result element type 'i32' must equal"},
	{op: "transpose", in: []string{"tensor<2x?x4xf32>"}, attrs: "{perm = array<i64: 2, 0, 1>}", want: "tensor<4x2x?xf32>"},
	{op: "transpose", in: []string{"tensor<f32>"}, attrs: "{perm = array<i64>}", want: "tensor<f32>"},
	{op: "transpose", in: []string{"tensor<2x3xf32>"}, attrs: "{perm = array<i64: 0, 0>}", want: "error: is not a permutation of 0..1"},
	{op: "transpose", in: []string{"tensor<2x3xf32>"}, attrs: "{perm = array<i64: 0>}", want: "error: perm has 1 entries, but the operand has rank 2"},
	{op: "transpose", in: []string{"tensor<2x3xf32>"}, attrs: "{perm = array<i32: 1, 0>}", want: "error: attribute 'perm' must be an array<i64: ...>"},
	{op: "slice", in: []string{"tensor<4x5xf32>"}, attrs: "{start = array<i64: 0, 1>, limit = array<i64: 4, 5>, step = array<i64: 2, 3>}", want: "tensor<2x2xf32>"},
	{op: "slice", in: []string{"tensor<?x5xf32>"}, attrs: "{start = array<i64: 1, 0>, limit = array<i64: 3, 0>}", want: "tensor<2x0xf32>"},
	{op: "slice", in: []string{"tensor<4xf32>"}, attrs: "{start = array<i64: 0>, limit = array<i64: 5>}", want: "error: limit[0] = 5 exceeds the size 4 of operand dimension 0"},
	{op: "slice", in: []string{"tensor<4xf32>"}, attrs: "{start = array<i64: 3>, limit = array<i64: 2>}", want: "error: start[0] = 3 must be in [0, limit[0] = 2]"},
	{op: "slice", in: []string{"tensor<4xf32>"}, attrs: "{start = array<i64: 0>, limit = array<i64: 2>, step = array<i64: 0>}", want: "error: step[0] = 0 must be positive"},
	{op: "slice", in: []string{"tensor<4xf32>"}, attrs: "{start = array<i64: 0, 0>, limit = array<i64: 2>}", want: "error: start has 2 entries, but the operand has rank 1"},
	{op: "slice", in: []string{"tensor<4xf32>"}, attrs: "{start = array<i64: 0>}", want: "error: requires attribute 'limit'"},
	{op: "concat", in: []string{"tensor<2x3xf32>", "tensor<4x3xf32>"}, attrs: "{dim = 0}", want: "tensor<6x3xf32>"},
	{op: "concat", in: []string{"tensor<2x?xf32>", "tensor<2x3xf32>"}, attrs: "{dim = 0}", want: "tensor<4x3xf32>"},
	{op: "concat", in: []string{"tensor<2x3xf32>", "tensor<2x?xf32>"}, attrs: "{dim = -1}", want: "tensor<2x?xf32>"},
	{op: "concat", in: []string{"tensor<2xi64>"}, attrs: "{dim = 0}", want: "tensor<2xi64>"},
	{op: "concat", in: []string{"tensor<2x3xf32>", "tensor<3x3xf32>"}, attrs: "{dim = 1}", want: "error: operand #1 has size 3 in dimension 0, incompatible with size 2"},
	{op: "concat", in: []string{"tensor<2xf32>", "tensor<2x1xf32>"}, attrs: "{dim = 0}", want: "error: operand #1 has rank 2, but operand #0 has rank 1"},
	{op: "concat", in: []string{"tensor<2xf32>", "tensor<2xf64>"}, attrs: "{dim = 0}", want: "error: operand #1 has element type 'f64'"},
	{op: "concat", attrs: "{dim = 0}", want: "error: expects at least one operand"},
	{op: "pad", in: []string{"tensor<2x?xf32>"}, attrs: "{low = array<i64: 1, 0>, high = array<i64: 2, 3>}", want: "tensor<5x?xf32>"},
	{op: "pad", in: []string{"tensor<2xi32>"}, attrs: "{low = array<i64: 1>, high = array<i64: 0>, value = -1 : i32}", want: "tensor<3xi32>"},
	{op: "pad", in: []string{"tensor<2xf32>"}, attrs: "{low = array<i64: 1>, high = array<i64: 0>, value = 1 : i32}", want: "error: attribute 'value' has type 'i32', but the element type is 'f32'"},
	{op: "pad", in: []string{"tensor<2xf32>"}, attrs: "{low = array<i64: -1>, high = array<i64: 0>}", want: "error: padding of dimension 0 must be non-negative"},
	{op: "gather", in: []string{"tensor<10x4xf32>", "tensor<3xi64>"}, attrs: "{dim = 0}", want: "tensor<3x4xf32>"},
	{op: "gather", in: []string{"tensor<10x4xf32>", "tensor<?xi64>"}, attrs: "{dim = -1}", want: "tensor<10x?xf32>"},
	{op: "gather", in: []string{"tensor<10x4xf32>", "tensor<3x1xi64>"}, attrs: "{dim = 0}", want: "error: idx must be a 1-D tensor of i64"},
	{op: "gather", in: []string{"tensor<10x4xf32>", "tensor<3xi32>"}, attrs: "{dim = 0}", want: "error: idx must be a 1-D tensor of i64"},
	{op: "gather", in: []string{"tensor<10x4xf32>", "tensor<3xi64>"}, attrs: "{dim = 2}", want: "error: dim 2 is out of range for rank 2"},
	{op: "scatter_add", in: []string{"tensor<10x4xf32>", "tensor<3xi64>", "tensor<3x4xf32>"}, attrs: "{dim = 0}", want: "tensor<10x4xf32>"},
	{op: "scatter_add", in: []string{"tensor<10x4xf32>", "tensor<3xi64>", "tensor<3x5xf32>"}, attrs: "{dim = 0}", want: "error: src has size 5 in dimension 1, but 4 is expected"},
	{op: "scatter_add", in: []string{"tensor<10x4xf32>", "tensor<3xi64>", "tensor<2x4xf32>"}, attrs: "{dim = 0}", want: "error: src has size 2 in dimension 0, but 3 is expected"},
	{op: "scatter_add", in: []string{"tensor<10x4xf32>", "tensor<3xi64>", "tensor<3xf32>"}, attrs: "{dim = 0}", want: "error: must have the rank and element type of base"},

	// Reductions.
	{op: "reduce_sum", in: []string{"tensor<2x3x4xf32>"}, attrs: "{dims = array<i64: 0, 2>}", want: "tensor<3xf32>"},
	{op: "reduce_sum", in: []string{"tensor<2x3x4xf32>"}, attrs: "{dims = array<i64: -1>, keepdim = true}", want: "tensor<2x3x1xf32>"},
	{op: "reduce_sum", in: []string{"tensor<2x3xf32>"}, attrs: "{dims = array<i64: 0, 1>}", want: "tensor<f32>"},
	{op: "reduce_sum", in: []string{"tensor<2x3xf32>"}, attrs: "{dims = array<i64>}", want: "tensor<2x3xf32>"},
	{op: "reduce_sum", in: []string{"tensor<2x3xf32>"}, attrs: "{dims = array<i64: 1, -1>}", want: "error: dims must be unique, but dimension 1 appears twice"},
	{op: "reduce_sum", in: []string{"tensor<2x3xf32>"}, attrs: "{dims = array<i64: 2>}", want: "error: dims 2 is out of range for rank 2"},
	{op: "reduce_sum", in: []string{"tensor<2x3xi1>"}, attrs: "{dims = array<i64: 0>}", want: "error: must be ranked tensor of f16"},
	{op: "reduce_max", in: []string{"tensor<?x3xi32>"}, attrs: "{dims = array<i64: 1>}", want: "tensor<?xi32>"},
	{op: "reduce_min", in: []string{"tensor<0x3xf32>"}, attrs: "{dims = array<i64: 0>, keepdim = false}", want: "tensor<3xf32>"},
	{op: "reduce_mean", in: []string{"tensor<2x3xf32>"}, attrs: "{dims = array<i64: 1>}", want: "tensor<2xf32>"},
	{op: "reduce_mean", in: []string{"tensor<2x3xi32>"}, attrs: "{dims = array<i64: 1>}", want: "error: must be ranked tensor of f16, bf16, f32 or f64"},
	{op: "reduce_sum", in: []string{"tensor<2x3xf32>"}, attrs: "{dims = array<i64: 1>, keepdim = 1}", want: "error: attribute 'keepdim' must be a bool"},
	{op: "argmax", in: []string{"tensor<2x3xf32>"}, attrs: "{dim = 1}", want: "tensor<2xi64>"},
	{op: "argmax", in: []string{"tensor<2x3xf32>"}, attrs: "{dim = 0, keepdim = true}", want: "tensor<1x3xi64>"},
	{op: "argmax", in: []string{"tensor<2x3xf32>"}, attrs: "{dim = 3}", want: "error: dim 3 is out of range"},

	// Neural-network ops.
	{op: "matmul", in: []string{"tensor<2x3xf32>", "tensor<3x4xf32>"}, want: "tensor<2x4xf32>"},
	{op: "matmul", in: []string{"tensor<5x2x3xf32>", "tensor<?x3x?xf32>"}, want: "tensor<5x2x?xf32>"},
	{op: "matmul", in: []string{"tensor<?x3xf32>", "tensor<?x4xf32>"}, want: "tensor<?x4xf32>"},
	{op: "matmul", in: []string{"tensor<2x3xf32>", "tensor<4x4xf32>"}, want: "error: contraction dimensions differ: a has K = 3, b has K = 4"},
	{op: "matmul", in: []string{"tensor<5x2x3xf32>", "tensor<6x3x4xf32>"}, want: "error: batch dimension 0 differs: 5 vs 6"},
	{op: "matmul", in: []string{"tensor<2x3xf32>", "tensor<1x3x4xf32>"}, want: "error: operands must have the same rank"},
	{op: "matmul", in: []string{"tensor<3xf32>", "tensor<3xf32>"}, want: "error: operands must have rank >= 2"},
	{op: "matmul", in: []string{"tensor<2x3xf32>", "tensor<3x4xf16>"}, want: "error: operands must have the same element type"},
	{op: "matmul", in: []string{"tensor<0x3xi32>", "tensor<3x0xi32>"}, want: "tensor<0x0xi32>"},
	{op: "conv2d", in: []string{"tensor<1x3x8x8xf32>", "tensor<4x3x3x3xf32>"}, want: "tensor<1x4x6x6xf32>"},
	{op: "conv2d", in: []string{"tensor<1x3x8x8xf32>", "tensor<4x3x3x3xf32>"}, attrs: "{stride = array<i64: 2, 2>, padding = array<i64: 1, 1>}", want: "tensor<1x4x4x4xf32>"},
	{op: "conv2d", in: []string{"tensor<?x4x9x9xf32>", "tensor<6x2x3x3xf32>"}, attrs: "{dilation = array<i64: 2, 2>, groups = 2}", want: "tensor<?x6x5x5xf32>"},
	{op: "conv2d", in: []string{"tensor<1x4x?x9xf32>", "tensor<6x2x3x3xf32>"}, attrs: "{groups = 2}", want: "tensor<1x6x?x7xf32>"},
	{op: "conv2d", in: []string{"tensor<1x3x8x8xf32>", "tensor<4x2x3x3xf32>"}, want: "error: input channels (3) must equal weight in-channels (2) times groups (1)"},
	{op: "conv2d", in: []string{"tensor<1x4x8x8xf32>", "tensor<3x2x3x3xf32>"}, attrs: "{groups = 2}", want: "error: output channels (3) must be divisible by groups (2)"},
	{op: "conv2d", in: []string{"tensor<1x3x2x2xf32>", "tensor<4x3x3x3xf32>"}, want: "error: the kernel (size 3 after dilation) does not fit into the padded input (size 2) along H"},
	{op: "conv2d", in: []string{"tensor<1x3x8x8xf32>", "tensor<4x3x3x3xf32>"}, attrs: "{stride = array<i64: 0, 1>}", want: "error: stride entries must be >= 1"},
	{op: "conv2d", in: []string{"tensor<1x3x8x8xf32>", "tensor<4x3x3x3xf32>"}, attrs: "{padding = array<i64: 1>}", want: "error: padding must have 2 entries [h, w], but has 1"},
	{op: "conv2d", in: []string{"tensor<1x3x8x8xf32>", "tensor<4x3x3x3xf32>"}, attrs: "{groups = 0}", want: "error: groups must be >= 1"},
	{op: "conv2d", in: []string{"tensor<3x8x8xf32>", "tensor<4x3x3x3xf32>"}, want: "error: x must be a 4-D NCHW tensor"},
	{op: "max_pool2d", in: []string{"tensor<1x3x8x8xf32>"}, attrs: "{kernel = array<i64: 2, 2>}", want: "tensor<1x3x4x4xf32>"},
	{op: "max_pool2d", in: []string{"tensor<1x3x7x7xf32>"}, attrs: "{kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>}", want: "tensor<1x3x4x4xf32>"},
	{op: "max_pool2d", in: []string{"tensor<1x3x8x8xf32>"}, attrs: "{kernel = array<i64: 2, 2>, padding = array<i64: 2, 0>}", want: "error: must be at most half of the kernel"},
	{op: "max_pool2d", in: []string{"tensor<1x3x8x8xf32>"}, want: "error: requires attribute 'kernel'"},
	{op: "softmax", in: []string{"tensor<2x?xf32>"}, attrs: "{dim = -1}", want: "tensor<2x?xf32>"},
	{op: "softmax", in: []string{"tensor<2x3xf32>"}, attrs: "{dim = 2}", want: "error: dim 2 is out of range for rank 2"},
	{op: "log_softmax", in: []string{"tensor<2x3xf16>"}, attrs: "{dim = 0}", want: "tensor<2x3xf16>"},
	{op: "layer_norm", in: []string{"tensor<2x3x4xf32>", "tensor<3x4xf32>", "tensor<3x4xf32>"}, attrs: "{normalized_dims = 2, eps = 1.0e-5 : f32}", want: "tensor<2x3x4xf32>"},
	{op: "layer_norm", in: []string{"tensor<2x?xf32>", "tensor<4xf32>", "tensor<4xf32>"}, attrs: "{normalized_dims = 1}", want: "tensor<2x?xf32>"},
	{op: "layer_norm", in: []string{"tensor<2x3xf32>", "tensor<4xf32>", "tensor<3xf32>"}, attrs: "{normalized_dims = 1}", want: "error: gamma has type 'tensor<4xf32>', but the normalized shape is [3]"},
	{op: "layer_norm", in: []string{"tensor<2x3xf32>", "tensor<3xf32>", "tensor<3xf32>"}, attrs: "{normalized_dims = 3}", want: "error: normalized_dims = 3 must be in [1, 2]"},
	{op: "layer_norm", in: []string{"tensor<2x3xf32>", "tensor<3xf32>", "tensor<3xf32>"}, attrs: "{normalized_dims = 1, eps = -1.0 : f32}", want: "error: eps must be finite and non-negative"},
	{op: "layer_norm", in: []string{"tensor<2x3xf32>", "tensor<3xf32>", "tensor<3xf32>"}, attrs: "{normalized_dims = 1, eps = 1.0 : f64}", want: "error: failed to satisfy constraint: 32-bit float attribute"},
	{op: "cross_entropy", in: []string{"tensor<8x10xf32>", "tensor<8xi64>"}, want: "tensor<f32>"},
	{op: "cross_entropy", in: []string{"tensor<?x10xf64>", "tensor<8xi64>"}, attrs: `{reduction = "sum"}`, want: "tensor<f64>"},
	{op: "cross_entropy", in: []string{"tensor<8x10xf32>", "tensor<7xi64>"}, want: "error: target has 7 entries, but logits have N = 8 rows"},
	{op: "cross_entropy", in: []string{"tensor<8x10xf32>", "tensor<8xi32>"}, want: "error: target must be a 1-D [N] tensor of i64"},
	{op: "cross_entropy", in: []string{"tensor<8xf32>", "tensor<8xi64>"}, want: "error: logits must be a 2-D [N, C] tensor"},
	{op: "cross_entropy", in: []string{"tensor<8x10xf32>", "tensor<8xi64>"}, attrs: `{reduction = "none"}`, want: "error: failed to satisfy constraint"},
}

// TestShapeInference checks InferResultTypes and the verifier on every case.
func TestShapeInference(t *testing.T) {
	for _, c := range inferCases {
		name := c.op + "(" + strings.Join(c.in, ",") + ")" + c.attrs
		t.Run(name, func(t *testing.T) { runInferCase(t, c) })
	}
}

func runInferCase(t *testing.T, c inferCase) {
	ctx := newCtx()
	def := ctx.LookupOp("tensor." + c.op)
	if def == nil {
		t.Fatalf("no op tensor.%s", c.op)
	}
	operands := values(t, ctx, c.in...)
	attrs := parseAttrs(t, ctx, c.attrs)
	resultType := c.result
	wantErrText, isErr := strings.CutPrefix(c.want, "error: ")
	if def.InferResultTypes != nil {
		if c.result != "" {
			t.Fatalf("tensor.%s infers its result; the case must not give one", c.op)
		}
		ts, err := def.InferResultTypes(ctx, operands, attrs, nil)
		switch {
		case err != nil && !isErr:
			t.Fatalf("inference failed: %v", err)
		case err != nil:
			wantErr(t, err, wantErrText)
			verifyFails(t, ctx, def, operands, attrs)
			return
		case !isErr && ts[0].String() != c.want:
			t.Fatalf("inferred %s, want %s", ts[0], c.want)
		}
		resultType = ts[0].String()
	} else if c.result == "" {
		t.Fatalf("tensor.%s does not infer its result; the case must give one", c.op)
	}
	st := &ir.OperationState{Name: def.Name, Operands: operands, Attrs: attrs, ResultTypes: []ir.Type{parseType(t, ctx, resultType)}}
	err := ir.Verify(insert(ctx.NewOp(st)))
	if isErr {
		wantErr(t, err, wantErrText)
	} else if err != nil {
		t.Fatalf("verify: %v", err)
	}
}

// verifyFails checks that an op whose inference failed does not verify,
// whatever result type it is given.
func verifyFails(t *testing.T, ctx *ir.Context, def *ir.OpDef, operands []ir.Value, attrs []ir.NamedAttr) {
	t.Helper()
	for _, rt := range []string{"tensor<f32>", "tensor<2x3xf32>", "index"} {
		st := &ir.OperationState{Name: def.Name, Operands: operands, Attrs: attrs, ResultTypes: []ir.Type{parseType(t, ctx, rt)}}
		if err := ir.Verify(insert(ctx.NewOp(st))); err == nil {
			t.Fatalf("inference failed, but the op verifies with result type %s", rt)
		}
	}
}

// TestEveryOpHasInferenceCases makes sure the table covers every op.
func TestEveryOpHasInferenceCases(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range inferCases {
		seen["tensor."+c.op] = true
	}
	for _, def := range newCtx().Dialect("tensor").Ops {
		if !seen[def.Name] {
			t.Errorf("%s has no shape inference case", def.Name)
		}
	}
}

// TestInferredResultMustMatch checks that a wrong given result type of an
// op that infers its result is rejected.
func TestInferredResultMustMatch(t *testing.T) {
	ctx := newCtx()
	x := values(t, ctx, "tensor<2x3xf32>")
	st := &ir.OperationState{Name: "tensor.transpose", Operands: x, Attrs: parseAttrs(t, ctx, "{perm = array<i64: 1, 0>}"),
		ResultTypes: []ir.Type{parseType(t, ctx, "tensor<3x?xf32>")}}
	wantErr(t, ir.Verify(insert(ctx.NewOp(st))), "inferred type(s) 'tensor<3x2xf32>' are incompatible with return type(s) of operation 'tensor<3x?xf32>'")
}
