package lowering_test

import (
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/interp"
	testprograms "github.com/tt-compiler/tt/test/programs"
)

// program is a tensor-level test program with the function to run.
type program struct {
	name string
	src  string
	fn   string
	dyn  int64 // size of dynamic dimensions in random inputs
}

// programs cover fusion patterns, every op kind and dynamic shapes.
var programs = []program{
	{name: "softmax", fn: "f", src: `func.func @f(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}`},
	{name: "softmax_dim0", fn: "f", src: `func.func @f(%x: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %0 = tensor.softmax %x dim = 0 : tensor<5x3xf32>
  return %0 : tensor<5x3xf32>
}`},
	{name: "softmax_f64_3d", fn: "f", src: `func.func @f(%x: tensor<2x3x7xf64>) -> tensor<2x3x7xf64> {
  %0 = tensor.softmax %x dim = 2 : tensor<2x3x7xf64>
  return %0 : tensor<2x3x7xf64>
}`},
	// Outputs stored through a rescale source: E = exp(x - max) feeds a
	// quotient plus a row value (computed from E read back from the
	// output), a second output (stored in E's own pass), and the row sum.
	{name: "rescale_outputs", fn: "f", src: `func.func @f(%x: tensor<4x9xf32>) -> (tensor<4x9xf32>, tensor<4x9xf32>, tensor<4x1xf32>) {
  %m = tensor.reduce_max %x dims = [1] keepdim = true : tensor<4x9xf32>
  %mb = tensor.broadcast %m dims = [0, 1] : tensor<4x1xf32> -> tensor<4x9xf32>
  %d = tensor.sub %x, %mb : tensor<4x9xf32>
  %e = tensor.exp %d : tensor<4x9xf32>
  %s = tensor.reduce_sum %e dims = [1] keepdim = true : tensor<4x9xf32>
  %sb = tensor.broadcast %s dims = [0, 1] : tensor<4x1xf32> -> tensor<4x9xf32>
  %q = tensor.div %e, %sb : tensor<4x9xf32>
  %o1 = tensor.add %q, %mb : tensor<4x9xf32>
  %c = tensor.full 2.0 : f32 -> tensor<4x9xf32>
  %o2 = tensor.mul %e, %c : tensor<4x9xf32>
  return %o1, %o2, %s : tensor<4x9xf32>, tensor<4x9xf32>, tensor<4x1xf32>
}`},
	// Softmax times another input: the output is not a function of E and
	// row values only, so the online normalizer stays.
	{name: "softmax_times", fn: "f", src: `func.func @f(%x: tensor<4x9xf32>, %y: tensor<4x9xf32>) -> tensor<4x9xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<4x9xf32>
  %1 = tensor.mul %0, %y : tensor<4x9xf32>
  return %1 : tensor<4x9xf32>
}`},
	{name: "log_softmax_3d", fn: "f", src: `func.func @f(%x: tensor<2x3x7xf64>) -> tensor<2x3x7xf64> {
  %0 = tensor.log_softmax %x dim = 2 : tensor<2x3x7xf64>
  return %0 : tensor<2x3x7xf64>
}`},
	{name: "layer_norm", fn: "f", src: `func.func @f(%x: tensor<6x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<6x16xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 1 eps = 1.0e-05 : tensor<6x16xf32>, tensor<16xf32>, tensor<16xf32>
  return %0 : tensor<6x16xf32>
}`},
	{name: "layer_norm_2d", fn: "f", src: `func.func @f(%x: tensor<3x4x5xf32>, %g: tensor<4x5xf32>, %b: tensor<4x5xf32>) -> tensor<3x4x5xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 2 eps = 1.0e-05 : tensor<3x4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>
  return %0 : tensor<3x4x5xf32>
}`},
	{name: "gelu_chain", fn: "f", src: `func.func @f(%x: tensor<3x5xf32>, %y: tensor<3x5xf32>) -> tensor<3x5xf32> {
  %0 = tensor.add %x, %y : tensor<3x5xf32>
  %1 = tensor.gelu %0 : tensor<3x5xf32>
  %2 = tensor.mul %1, %x : tensor<3x5xf32>
  %3 = tensor.tanh %2 : tensor<3x5xf32>
  return %3 : tensor<3x5xf32>
}`},
	{name: "cross_entropy", fn: "f", src: `func.func @f(%x: tensor<6x5xf32>, %t: tensor<6xi64>) -> tensor<f32> {
  %0 = tensor.cross_entropy %x, %t : tensor<6x5xf32>, tensor<6xi64>
  return %0 : tensor<f32>
}`},
	{name: "dynamic_softmax", fn: "f", dyn: 3, src: `func.func @f(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}`},
	{name: "dynamic_mean", fn: "f", dyn: 5, src: `func.func @f(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  %0 = tensor.reduce_mean %x dims = [1] : tensor<?x?xf32>
  return %0 : tensor<?xf32>
}`},
	{name: "dynamic_views", fn: "f", dyn: 3, src: `func.func @f(%x: tensor<?x4xf32>, %b: tensor<?xf32>) -> (tensor<?xf32>, tensor<4x?xf32>, tensor<?x2x2xf32>) {
  %r = tensor.reshape %x : tensor<?x4xf32> -> tensor<?xf32>
  %e = tensor.exp %r : tensor<?xf32>
  %t = tensor.transpose %x perm = [1, 0] : tensor<?x4xf32>
  %n = tensor.dim %x dim = 0 : tensor<?x4xf32>
  %bb = tensor.broadcast %b dims = [1] sizes(%n) : tensor<?xf32> -> tensor<4x?xf32>
  %s = tensor.add %t, %bb : tensor<4x?xf32>
  %r3 = tensor.reshape %x sizes(%n) : tensor<?x4xf32> -> tensor<?x2x2xf32>
  return %e, %s, %r3 : tensor<?xf32>, tensor<4x?xf32>, tensor<?x2x2xf32>
}`},
	{name: "views", fn: "f", src: `func.func @f(%x: tensor<2x3x4xf32>, %b: tensor<4xf32>) -> (tensor<4x6xf32>, tensor<3x2xf32>) {
  %t = tensor.transpose %x perm = [2, 0, 1] : tensor<2x3x4xf32>
  %r = tensor.reshape %t : tensor<4x2x3xf32> -> tensor<4x6xf32>
  %bb = tensor.broadcast %b dims = [0] : tensor<4xf32> -> tensor<4x6xf32>
  %s = tensor.mul %r, %bb : tensor<4x6xf32>
  %sl = tensor.slice %x start = [0, 0, 1] limit = [2, 3, 4] step = [1, 1, 2] : tensor<2x3x4xf32>
  %sr = tensor.reduce_sum %sl dims = [2] : tensor<2x3x2xf32>
  %st = tensor.transpose %sr perm = [1, 0] : tensor<2x3xf32>
  return %s, %st : tensor<4x6xf32>, tensor<3x2xf32>
}`},
	{name: "mlp", fn: "mlp", src: `func.func @mlp(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %b1: tensor<32xf32>, %w2: tensor<32x4xf32>, %b2: tensor<4xf32>) -> tensor<8x4xf32> {
  %h = tensor.matmul %x, %w1 : tensor<8x16xf32>, tensor<16x32xf32>
  %bb = tensor.broadcast %b1 dims = [1] : tensor<32xf32> -> tensor<8x32xf32>
  %h1 = tensor.add %h, %bb : tensor<8x32xf32>
  %r = tensor.relu %h1 : tensor<8x32xf32>
  %o = tensor.matmul %r, %w2 : tensor<8x32xf32>, tensor<32x4xf32>
  %bb2 = tensor.broadcast %b2 dims = [1] : tensor<4xf32> -> tensor<8x4xf32>
  %o1 = tensor.add %o, %bb2 : tensor<8x4xf32>
  return %o1 : tensor<8x4xf32>
}`},
	{name: "softmax_large_logits", fn: "f", src: `func.func @f(%x: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %c = tensor.full 4.0e+01 : f32 -> tensor<16x64xf32>
  %s = tensor.mul %x, %c : tensor<16x64xf32>
  %0 = tensor.softmax %s dim = 1 : tensor<16x64xf32>
  return %0 : tensor<16x64xf32>
}`},
	{name: "layer_norm_offset", fn: "f", src: `func.func @f(%x: tensor<8x256xf32>, %g: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<8x256xf32> {
  %c = tensor.full 3.0e+03 : f32 -> tensor<8x256xf32>
  %s = tensor.add %x, %c : tensor<8x256xf32>
  %0 = tensor.layer_norm %s, %g, %b normalized_dims = 1 eps = 1.0e-05 : tensor<8x256xf32>, tensor<256xf32>, tensor<256xf32>
  return %0 : tensor<8x256xf32>
}`},
	// The benchmark models (test/programs) with their row lengths and
	// fewer rows.
	{name: "bench_softmax", fn: "softmax", src: testprograms.WithRows(testprograms.MustSource("softmax"), 4096, 32)},
	{name: "bench_layer_norm", fn: "layer_norm", src: testprograms.WithRows(testprograms.MustSource("layer_norm"), 8192, 32)},
	{name: "bench_gelu_chain", fn: "gelu_chain", src: testprograms.WithRows(testprograms.MustSource("gelu_chain"), 4096, 32)},
	{name: "bench_mlp", fn: "mlp", src: testprograms.WithRows(testprograms.MustSource("mlp"), 256, 4)},
}

func TestDifferentialPrograms(t *testing.T) {
	if !hasLoopKernels() {
		t.Skip("the interpreter has no loop-level kernels (interp/loopsk) yet")
	}
	digits, err := os.ReadFile("../examples/digits/model.mlir")
	if err != nil {
		t.Fatal(err)
	}
	all := append(programs,
		// Function calls stay calls between bufferized functions.
		program{name: "digits_loss", fn: "loss", src: string(digits)},
		program{name: "digits_predict", fn: "predict", src: string(digits), dyn: 5})
	for _, p := range all {
		t.Run(p.name, func(t *testing.T) {
			lowered := lower(t, p.src)
			fn := funcNamed(t, parse(t, p.src), p.fn)
			dyn := p.dyn
			if dyn == 0 {
				dyn = 3
			}
			rtol, atol := tol(p.src)
			for seed := int64(1); seed <= 2; seed++ {
				diff(t, p.src, lowered, p.fn, randomInputs(t, fn, seed, dyn), rtol, atol)
			}
		})
	}
}

// TestSoftmaxSpecialValues checks the online normalizer on rows that start
// with -Inf, are all -Inf, hold +Inf or NaN, or grow monotonically (a new
// maximum at every element), against the interpreter's softmax and
// log_softmax.
func TestSoftmaxSpecialValues(t *testing.T) {
	if !hasLoopKernels() {
		t.Skip("the interpreter has no loop-level kernels (interp/loopsk) yet")
	}
	inf, nan := math.Inf(1), math.NaN()
	rows := [][]float64{
		{-inf, 1, 2, -inf, 0.5, 3, -1, 2},
		{-inf, -inf, -inf, -inf, -inf, -inf, -inf, -inf},
		{1, 2, inf, 0, -1, 5, 3, 2},
		{1, nan, 2, 3, 4, 5, 6, 7},
		{-70, -60, -50, -40, -30, -20, -10, 0},
		{0, 10, 20, 30, 40, 50, 60, 70},
		{88, 87, 89, -100, 85, 90, 91, 86},
		{0, 0, 0, 0, 0, 0, 0, 0},
	}
	var vals []float64
	for _, r := range rows {
		vals = append(vals, r...)
	}
	for _, op := range []string{"softmax", "log_softmax"} {
		for _, dt := range []string{"f32", "f64"} {
			src := fmt.Sprintf(`func.func @f(%%x: tensor<8x8x%[2]s>) -> tensor<8x8x%[2]s> {
  %%0 = tensor.%[1]s %%x dim = 1 : tensor<8x8x%[2]s>
  return %%0 : tensor<8x8x%[2]s>
}`, op, dt)
			d := interp.F32
			if dt == "f64" {
				d = interp.F64
			}
			x, err := interp.FromFloats(d, []int64{8, 8}, vals)
			if err != nil {
				t.Fatal(err)
			}
			rtol, atol := tol(src)
			t.Run(op+"_"+dt, func(t *testing.T) {
				diff(t, src, lower(t, src), "f", []*interp.Tensor{x}, rtol, atol)
				// Columns too (the reduction over the outer dimension).
				srcT := strings.Replace(src, "dim = 1", "dim = 0", 1)
				diff(t, srcT, lower(t, srcT), "f", []*interp.Tensor{x}, rtol, atol)
			})
		}
	}
}
