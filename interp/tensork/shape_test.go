package tensork_test

import (
	"math"
	"testing"

	"github.com/tt-compiler/tt/interp"
	. "github.com/tt-compiler/tt/interp/interptest"
)

func TestCreation(t *testing.T) {
	runCases(t, []kcase{
		{"full rank 0 i1", Op{Name: "tensor.full", Attrs: "{value = true}", Out: []string{"tensor<i1>"}}, nil, Bool(nil, true), ""},
		{"full size 0", Op{Name: "tensor.full", Attrs: "{value = 1.0 : f32}", Out: []string{"tensor<0x4xf32>"}}, nil, F32(S(0, 4)), ""},
		{"full dynamic without sizes", Op{Name: "tensor.full", Attrs: "{value = 1.0 : f32}", Out: []string{"tensor<?xf32>"}}, nil, nil, "has dynamic dimensions but no size operands"},
		{"full with sizes", Op{Name: "tensor.full", Attrs: "{value = 2 : i32}", In: []string{"index", "index"}, Out: []string{"tensor<?x?xi32>"}},
			[]*interp.Tensor{Index(nil, 2), Index(nil, 1)}, I32(S(2, 1), 2, 2), ""},
		{"full negative size", Op{Name: "tensor.full", Attrs: "{value = 2 : i32}", In: []string{"index"}, Out: []string{"tensor<?xi32>"}},
			[]*interp.Tensor{Index(nil, -1)}, nil, "negative"},
		{"full huge", Op{Name: "tensor.full", Attrs: "{value = 2 : i32}", Out: []string{"tensor<100000x100000x100xi32>"}}, nil, nil, "MaxTensorBytes"},
		{"iota negative dim", Op{Name: "tensor.iota", Attrs: "{dim = -1 : i64}", Out: []string{"tensor<2x3xi32>"}}, nil, I32(S(2, 3), 0, 1, 2, 0, 1, 2), ""},
		{"iota bad dim", Op{Name: "tensor.iota", Attrs: "{dim = 2 : i64}", Out: []string{"tensor<2x3xi32>"}}, nil, nil, "out of range"},
		{"constant splat f16", Op{Name: "tensor.constant", Attrs: "{value = dense<0.1> : tensor<2xf16>}", Out: []string{"tensor<2xf16>"}}, nil, Floats(interp.F16, S(2), 0.1, 0.1), ""},
		{"dim negative", Op{Name: "tensor.dim", Attrs: "{dim = -2 : i64}", In: []string{"tensor<?x?xf32>"}, Out: []string{"index"}},
			[]*interp.Tensor{F32(S(3, 0))}, Index(nil, 3), ""},
		{"dim out of range", Op{Name: "tensor.dim", Attrs: "{dim = 2 : i64}", In: []string{"tensor<?x?xf32>"}, Out: []string{"index"}},
			[]*interp.Tensor{F32(S(3, 0))}, nil, "out of range"},
	})
}

func TestLayout(t *testing.T) {
	x23 := F32(S(2, 3), 1, 2, 3, 4, 5, 6)
	runCases(t, []kcase{
		{"broadcast bad size", Op{Name: "tensor.broadcast", Attrs: "{dims = array<i64: 0>}", In: []string{"tensor<?xf32>"}, Out: []string{"tensor<4x2xf32>"}},
			[]*interp.Tensor{F32(S(3), 1, 2, 3)}, nil, "operand dimension 0 (size 3) cannot broadcast to result dimension 0 (size 4)"},
		{"broadcast dynamic from operand", Op{Name: "tensor.broadcast", Attrs: "{dims = array<i64: 1>}", In: []string{"tensor<?xf32>"}, Out: []string{"tensor<2x?xf32>"}},
			[]*interp.Tensor{F32(S(2), 7, 8)}, F32(S(2, 2), 7, 8, 7, 8), ""},
		{"broadcast size-1 dynamic via sizes", Op{Name: "tensor.broadcast", Attrs: "{dims = array<i64: 0>}", In: []string{"tensor<?xi64>", "index"}, Out: []string{"tensor<?x2xi64>"}},
			[]*interp.Tensor{I64(S(1), 5), Index(nil, 3)}, I64(S(3, 2), 5, 5, 5, 5, 5, 5), ""},
		{"broadcast to size 0", Op{Name: "tensor.broadcast", Attrs: "{dims = array<i64: 1>}", In: []string{"tensor<1xf32>"}, Out: []string{"tensor<0x1xf32>"}},
			[]*interp.Tensor{F32(S(1), 5)}, F32(S(0, 1)), ""},
		{"reshape count mismatch", Op{Name: "tensor.reshape", In: []string{"tensor<?xf32>"}, Out: []string{"tensor<4xf32>"}},
			[]*interp.Tensor{F32(S(3), 1, 2, 3)}, nil, "cannot reshape 3 elements"},
		{"reshape infer", Op{Name: "tensor.reshape", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<3x?xf32>"}}, []*interp.Tensor{x23}, F32(S(3, 2), 1, 2, 3, 4, 5, 6), ""},
		{"reshape two unknowns", Op{Name: "tensor.reshape", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<?x?xf32>"}}, []*interp.Tensor{x23}, nil, "more than one dynamic"},
		{"reshape with sizes", Op{Name: "tensor.reshape", In: []string{"tensor<2x3xf32>", "index", "index"}, Out: []string{"tensor<?x?xf32>"}},
			[]*interp.Tensor{x23, Index(nil, 6), Index(nil, 1)}, F32(S(6, 1), 1, 2, 3, 4, 5, 6), ""},
		{"transpose bad perm", Op{Name: "tensor.transpose", Attrs: "{perm = array<i64: 0, 0>}", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<2x3xf32>"}}, []*interp.Tensor{x23}, nil, "not a permutation"},
		{"transpose rank 0", Op{Name: "tensor.transpose", Attrs: "{perm = array<i64>}", In: []string{"tensor<f32>"}, Out: []string{"tensor<f32>"}}, []*interp.Tensor{F32(nil, 4)}, F32(nil, 4), ""},
		{"transpose i1", Op{Name: "tensor.transpose", Attrs: "{perm = array<i64: 1, 0>}", In: []string{"tensor<1x2xi1>"}, Out: []string{"tensor<2x1xi1>"}},
			[]*interp.Tensor{Bool(S(1, 2), true, false)}, Bool(S(2, 1), true, false), ""},
		{"slice out of range at run time", Op{Name: "tensor.slice", Attrs: "{start = array<i64: 0, 1>, limit = array<i64: 2, 5>}", In: []string{"tensor<?x?xf32>"}, Out: []string{"tensor<2x4xf32>"}},
			[]*interp.Tensor{x23}, nil, "slice [1:5] is out of range for dimension 1 of size 3"},
		{"slice zero step", Op{Name: "tensor.slice", Attrs: "{start = array<i64: 0, 0>, limit = array<i64: 2, 3>, step = array<i64: 1, 0>}", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<2x3xf32>"}},
			[]*interp.Tensor{x23}, nil, "step must be positive"},
		{"slice step larger than size", Op{Name: "tensor.slice", Attrs: "{start = array<i64: 1, 0>, limit = array<i64: 2, 3>, step = array<i64: 5, 5>}", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<1x1xf32>"}},
			[]*interp.Tensor{x23}, F32(S(1, 1), 4), ""},
		{"concat mismatch", Op{Name: "tensor.concat", Attrs: "{dim = 0 : i64}", In: []string{"tensor<?x3xf32>", "tensor<?x?xf32>"}, Out: []string{"tensor<?x3xf32>"}},
			[]*interp.Tensor{x23, F32(S(1, 2), 1, 2)}, nil, "differs from [2, 3] outside dimension 0"},
		{"concat single", Op{Name: "tensor.concat", Attrs: "{dim = 1 : i64}", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<2x3xf32>"}}, []*interp.Tensor{x23}, x23, ""},
		{"pad negative crops", Op{Name: "tensor.pad", Attrs: "{low = array<i64: 0, -1>, high = array<i64: -1, 1>, value = 9.0 : f32}", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<1x3xf32>"}},
			[]*interp.Tensor{x23}, F32(S(1, 3), 2, 3, 9), ""},
		{"pad rank 0", Op{Name: "tensor.pad", Attrs: "{low = array<i64>, high = array<i64>}", In: []string{"tensor<i32>"}, Out: []string{"tensor<i32>"}}, []*interp.Tensor{I32(nil, 3)}, I32(nil, 3), ""},
		{"pad NaN value", Op{Name: "tensor.pad", Attrs: "{low = array<i64: 1>, high = array<i64: 0>, value = 0x7FC00000 : f32}", In: []string{"tensor<1xf32>"}, Out: []string{"tensor<2xf32>"}},
			[]*interp.Tensor{F32(S(1), 1)}, F32(S(2), nan, 1), ""},
	})
}

func TestIndexing(t *testing.T) {
	x := F32(S(3, 2), 1, 2, 3, 4, 5, 6)
	runCases(t, []kcase{
		{"gather out of range", Op{Name: "tensor.gather", Attrs: "{dim = 0 : i64}", In: []string{"tensor<3x2xf32>", "tensor<2xi64>"}, Out: []string{"tensor<2x2xf32>"}},
			[]*interp.Tensor{x, I64(S(2), 0, 3)}, nil, "index 3 is out of range for dimension size 3"},
		{"gather negative index", Op{Name: "tensor.gather", Attrs: "{dim = 0 : i64}", In: []string{"tensor<3x2xf32>", "tensor<1xi64>"}, Out: []string{"tensor<1x2xf32>"}},
			[]*interp.Tensor{x, I64(S(1), -1)}, nil, "index -1 is out of range"},
		{"gather empty index", Op{Name: "tensor.gather", Attrs: "{dim = 1 : i64}", In: []string{"tensor<3x2xf32>", "tensor<0xi64>"}, Out: []string{"tensor<3x0xf32>"}},
			[]*interp.Tensor{x, I64(S(0))}, F32(S(3, 0)), ""},
		{"gather f16 bits", Op{Name: "tensor.gather", Attrs: "{dim = 0 : i64}", In: []string{"tensor<2xf16>", "tensor<3xi64>"}, Out: []string{"tensor<3xf16>"}},
			[]*interp.Tensor{Floats(interp.F16, S(2), 0.1, 0.2), I64(S(3), 1, 1, 0)}, Floats(interp.F16, S(3), 0.2, 0.2, 0.1), ""},
		{"scatter_add bad src shape", Op{Name: "tensor.scatter_add", Attrs: "{dim = 0 : i64}", In: []string{"tensor<3x2xf32>", "tensor<1xi64>", "tensor<?x?xf32>"}, Out: []string{"tensor<3x2xf32>"}},
			[]*interp.Tensor{x, I64(S(1), 0), F32(S(2, 2), 1, 1, 1, 1)}, nil, "source shape [2, 2] must be [1, 2]"},
		{"scatter_add duplicates in order", Op{Name: "tensor.scatter_add", Attrs: "{dim = 0 : i64}", In: []string{"tensor<2xf32>", "tensor<3xi64>", "tensor<3xf32>"}, Out: []string{"tensor<2xf32>"}},
			// (1e8 + 1) + -1e8 in f32: the order of the additions shows.
			[]*interp.Tensor{F32(S(2), 0, 0), I64(S(3), 1, 1, 1), F32(S(3), 1e8, 1, -1e8)}, F32(S(2), 0, 0), ""},
		{"scatter_add f16 rounds once", Op{Name: "tensor.scatter_add", Attrs: "{dim = 0 : i64}", In: []string{"tensor<1xf16>", "tensor<2xi64>", "tensor<2xf16>"}, Out: []string{"tensor<1xf16>"}},
			[]*interp.Tensor{Floats(interp.F16, S(1), 2048), I64(S(2), 0, 0), Floats(interp.F16, S(2), 1, 1)}, Floats(interp.F16, S(1), 2050), ""},
	})
}

func TestReductions(t *testing.T) {
	x := F32(S(2, 3), 1, 5, 5, nan, 2, 3)
	runCases(t, []kcase{
		{"max NaN", Op{Name: "tensor.reduce_max", Attrs: "{dims = array<i64: 1>}", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<2xf32>"}}, []*interp.Tensor{x}, F32(S(2), 5, nan), ""},
		{"min negative dims keepdim", Op{Name: "tensor.reduce_min", Attrs: "{dims = array<i64: -2>, keepdim = true}", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<1x3xf32>"}}, []*interp.Tensor{x}, F32(S(1, 3), nan, 2, 3), ""},
		{"duplicate dims", Op{Name: "tensor.reduce_sum", Attrs: "{dims = array<i64: 1, -1>}", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<2xf32>"}}, []*interp.Tensor{x}, nil, "appears twice"},
		{"max of empty", Op{Name: "tensor.reduce_max", Attrs: "{dims = array<i64: 1>}", In: []string{"tensor<2x0xf32>"}, Out: []string{"tensor<2xf32>"}}, []*interp.Tensor{F32(S(2, 0))}, nil, "empty reduction"},
		{"mean of empty is NaN", Op{Name: "tensor.reduce_mean", Attrs: "{dims = array<i64: 1>}", In: []string{"tensor<2x0xf32>"}, Out: []string{"tensor<2xf32>"}}, []*interp.Tensor{F32(S(2, 0))}, F32(S(2), nan, nan), ""},
		{"max over size-0 outer", Op{Name: "tensor.reduce_max", Attrs: "{dims = array<i64: 1>}", In: []string{"tensor<0x3xf32>"}, Out: []string{"tensor<0xf32>"}}, []*interp.Tensor{F32(S(0, 3))}, F32(S(0)), ""},
		{"sum rank 0 identity", Op{Name: "tensor.reduce_sum", Attrs: "{dims = array<i64>}", In: []string{"tensor<f32>"}, Out: []string{"tensor<f32>"}}, []*interp.Tensor{F32(nil, 2)}, F32(nil, 2), ""},
		{"sum i1 counts", Op{Name: "tensor.reduce_sum", Attrs: "{dims = array<i64: 0>}", In: []string{"tensor<3xi1>"}, Out: []string{"tensor<i64>"}}, []*interp.Tensor{Bool(S(3), true, false, true)}, I64(nil, 2), ""},
		{"max i1 is any", Op{Name: "tensor.reduce_max", Attrs: "{dims = array<i64: 0>}", In: []string{"tensor<3xi1>"}, Out: []string{"tensor<i1>"}}, []*interp.Tensor{Bool(S(3), false, true, false)}, Bool(nil, true), ""},
		{"sum i64 wraps", Op{Name: "tensor.reduce_sum", Attrs: "{dims = array<i64: 0>}", In: []string{"tensor<2xi64>"}, Out: []string{"tensor<i64>"}}, []*interp.Tensor{I64(S(2), math.MaxInt64, 1)}, I64(nil, math.MinInt64), ""},
		{"mean of ints rejected", Op{Name: "tensor.reduce_mean", Attrs: "{dims = array<i64: 0>}", In: []string{"tensor<2xi64>"}, Out: []string{"tensor<i64>"}}, []*interp.Tensor{I64(S(2), 1, 2)}, nil, "floating-point"},
		{"argmax ties and NaN", Op{Name: "tensor.argmax", Attrs: "{dim = 1 : i64}", In: []string{"tensor<2x3xf32>"}, Out: []string{"tensor<2xi64>"}}, []*interp.Tensor{x}, I64(S(2), 1, 0), ""},
		{"argmax empty dim", Op{Name: "tensor.argmax", Attrs: "{dim = 1 : i64}", In: []string{"tensor<2x0xf32>"}, Out: []string{"tensor<2xi64>"}}, []*interp.Tensor{F32(S(2, 0))}, nil, "empty dimension"},
		{"argmax -inf only", Op{Name: "tensor.argmax", Attrs: "{dim = 0 : i64}", In: []string{"tensor<2xf32>"}, Out: []string{"tensor<i64>"}}, []*interp.Tensor{F32(S(2), -inf, -inf)}, I64(nil, 0), ""},
		{"argmax i1", Op{Name: "tensor.argmax", Attrs: "{dim = 0 : i64}", In: []string{"tensor<3xi1>"}, Out: []string{"tensor<i64>"}}, []*interp.Tensor{Bool(S(3), false, true, true)}, I64(nil, 1), ""},
	})
}

func TestNNErrors(t *testing.T) {
	runCases(t, []kcase{
		{"matmul rank", Op{Name: "tensor.matmul", In: []string{"tensor<2x3xf32>", "tensor<1x3x2xf32>"}, Out: []string{"tensor<2x2xf32>"}}, []*interp.Tensor{F32(S(2, 3), 1, 2, 3, 4, 5, 6), F32(S(1, 3, 2), 1, 2, 3, 4, 5, 6)}, nil, "equal ranks"},
		{"matmul batch", Op{Name: "tensor.matmul", In: []string{"tensor<?x1x1xf32>", "tensor<?x1x1xf32>"}, Out: []string{"tensor<?x1x1xf32>"}}, []*interp.Tensor{F32(S(2, 1, 1), 1, 2), F32(S(3, 1, 1), 1, 2, 3)}, nil, "batch dimensions differ at run time: [2] vs [3]"},
		{"matmul i32 wraps", Op{Name: "tensor.matmul", In: []string{"tensor<1x2xi32>", "tensor<2x1xi32>"}, Out: []string{"tensor<1x1xi32>"}}, []*interp.Tensor{I32(S(1, 2), 1<<30, 1<<30), I32(S(2, 1), 2, 2)}, I32(S(1, 1), 0), ""},
		{"matmul empty", Op{Name: "tensor.matmul", In: []string{"tensor<0x3xf32>", "tensor<3x2xf32>"}, Out: []string{"tensor<0x2xf32>"}}, []*interp.Tensor{F32(S(0, 3)), F32(S(3, 2), 1, 2, 3, 4, 5, 6)}, F32(S(0, 2)), ""},
		{"conv channels", Op{Name: "tensor.conv2d", In: []string{"tensor<?x?x?x?xf32>", "tensor<?x?x?x?xf32>"}, Out: []string{"tensor<?x?x?x?xf32>"}}, []*interp.Tensor{F32(S(1, 3, 4, 4), make([]float32, 48)...), F32(S(2, 2, 1, 1), 1, 1, 1, 1)}, nil, "input has 3 channels but the weight expects 2"},
		{"conv too small", Op{Name: "tensor.conv2d", In: []string{"tensor<?x?x?x?xf32>", "tensor<?x?x?x?xf32>"}, Out: []string{"tensor<?x?x?x?xf32>"}}, []*interp.Tensor{F32(S(1, 1, 2, 2), 1, 2, 3, 4), F32(S(1, 1, 3, 3), make([]float32, 9)...)}, nil, "smaller than the dilated kernel"},
		{"conv zero batch", Op{Name: "tensor.conv2d", In: []string{"tensor<0x1x3x3xf32>", "tensor<2x1x2x2xf32>"}, Out: []string{"tensor<0x2x2x2xf32>"}}, []*interp.Tensor{F32(S(0, 1, 3, 3)), F32(S(2, 1, 2, 2), 1, 2, 3, 4, 5, 6, 7, 8)}, F32(S(0, 2, 2, 2)), ""},
		{"pool padding too large", Op{Name: "tensor.max_pool2d", Attrs: "{kernel = array<i64: 2, 2>, padding = array<i64: 2, 0>}", In: []string{"tensor<1x1x4x4xf32>"}, Out: []string{"tensor<1x1x4x2xf32>"}}, []*interp.Tensor{F32(S(1, 1, 4, 4), make([]float32, 16)...)}, nil, "at most half"},
		{"pool i64", Op{Name: "tensor.max_pool2d", Attrs: "{kernel = array<i64: 2, 2>}", In: []string{"tensor<1x1x2x2xi64>"}, Out: []string{"tensor<1x1x1x1xi64>"}}, []*interp.Tensor{I64(S(1, 1, 2, 2), -5, -2, -9, -3)}, I64(S(1, 1, 1, 1), -2), ""},
		{"softmax rank 0", Op{Name: "tensor.softmax", Attrs: "{dim = 0 : i64}", In: []string{"tensor<f32>"}, Out: []string{"tensor<f32>"}}, []*interp.Tensor{F32(nil, 7)}, F32(nil, 1), ""},
		{"softmax size 0", Op{Name: "tensor.softmax", Attrs: "{dim = 1 : i64}", In: []string{"tensor<2x0xf32>"}, Out: []string{"tensor<2x0xf32>"}}, []*interp.Tensor{F32(S(2, 0))}, F32(S(2, 0)), ""},
		{"layer_norm gamma shape", Op{Name: "tensor.layer_norm", Attrs: "{normalized_dims = 1 : i64}", In: []string{"tensor<2x3xf32>", "tensor<?xf32>", "tensor<?xf32>"}, Out: []string{"tensor<2x3xf32>"}},
			[]*interp.Tensor{F32(S(2, 3), 1, 2, 3, 4, 5, 6), F32(S(2), 1, 1), F32(S(3), 0, 0, 0)}, nil, "gamma has shape [2], expected the normalized shape [3]"},
		{"layer_norm constant row", Op{Name: "tensor.layer_norm", Attrs: "{normalized_dims = 1 : i64, eps = 1.0 : f32}", In: []string{"tensor<1x2xf32>", "tensor<2xf32>", "tensor<2xf32>"}, Out: []string{"tensor<1x2xf32>"}},
			[]*interp.Tensor{F32(S(1, 2), 3, 3), F32(S(2), 1, 1), F32(S(2), 0.5, -0.5)}, F32(S(1, 2), 0.5, -0.5), ""},
		{"cross_entropy target range", Op{Name: "tensor.cross_entropy", In: []string{"tensor<2x3xf32>", "tensor<2xi64>"}, Out: []string{"tensor<f32>"}},
			[]*interp.Tensor{F32(S(2, 3), 1, 2, 3, 4, 5, 6), I64(S(2), 0, 3)}, nil, "target 3 at position 1 is out of bounds for 3 classes"},
		{"cross_entropy empty batch mean is NaN", Op{Name: "tensor.cross_entropy", In: []string{"tensor<0x3xf32>", "tensor<0xi64>"}, Out: []string{"tensor<f32>"}},
			[]*interp.Tensor{F32(S(0, 3)), I64(S(0))}, F32(nil, nan), ""},
		{"cross_entropy uniform", Op{Name: "tensor.cross_entropy", Attrs: "{reduction = \"sum\"}", In: []string{"tensor<2x2xf32>", "tensor<2xi64>"}, Out: []string{"tensor<f32>"}},
			[]*interp.Tensor{F32(S(2, 2), 0, 0, 5, 5), I64(S(2), 0, 1)}, F32(nil, float32(2*math.Ln2)), ""},
	})
}
