package lowering_test

import (
	"strings"
	"testing"
)

// lanePrograms exercise the loops vectorize handles lane by lane:
// reductions over leading dimensions (the parallel loop over the kept,
// contiguous dimension vectorized, its inner loop over rows scalar) and
// index arithmetic with divsi/remsi (reshapes and head splits). Each must
// make at least want vector.load ops after pt2-go, and compute what the
// tensor program computes (TestDifferentialLanes).
var lanePrograms = []struct {
	program
	want int
}{
	// A bias gradient: relu backward stored, its sum over the batch.
	{program{name: "bias_grad", fn: "f", src: `func.func @f(%h: tensor<12x40xf32>, %d: tensor<12x40xf32>) -> (tensor<12x40xf32>, tensor<40xf32>) {
  %z = tensor.full 0.0 : f32 -> tensor<12x40xf32>
  %p = tensor.cmp gt, %h, %z : tensor<12x40xf32>
  %g = tensor.select %p, %d, %z : tensor<12x40xf32>
  %s = tensor.reduce_sum %g dims = [0] : tensor<12x40xf32>
  return %g, %s : tensor<12x40xf32>, tensor<40xf32>
}`}, 2},
	// 13 columns: a vector of 8, then the tail; max and mean over rows.
	{program{name: "reduce_dim0_tail", fn: "f", src: `func.func @f(%x: tensor<7x13xf32>) -> (tensor<13xf32>, tensor<13xf32>) {
  %m = tensor.reduce_max %x dims = [0] : tensor<7x13xf32>
  %a = tensor.reduce_mean %x dims = [0] : tensor<7x13xf32>
  return %m, %a : tensor<13xf32>, tensor<13xf32>
}`}, 1},
	// Over the middle dimension of [3, 5, 16] (the kept dimensions
	// collapsed into one parallel loop: its index delinearized by remsi).
	{program{name: "reduce_middle", fn: "f", src: `func.func @f(%x: tensor<3x5x16xf32>) -> tensor<3x16xf32> {
  %s = tensor.reduce_sum %x dims = [1] : tensor<3x5x16xf32>
  return %s : tensor<3x16xf32>
}`}, 1},
	{program{name: "softmax_dim0_wide", fn: "f", src: `func.func @f(%x: tensor<6x20xf64>) -> tensor<6x20xf64> {
  %0 = tensor.softmax %x dim = 0 : tensor<6x20xf64>
  return %0 : tensor<6x20xf64>
}`}, 1},
	// Attention's head split and merge on [2, 16, 32] with 2 heads of 16:
	// copies whose indices divide by 16 and 512.
	{program{name: "attention_heads", fn: "f", src: `func.func @f(%x: tensor<2x16x32xf32>, %wq: tensor<32x32xf32>, %wk: tensor<32x32xf32>, %wv: tensor<32x32xf32>) -> tensor<2x16x32xf32> {
  %x2 = tensor.reshape %x : tensor<2x16x32xf32> -> tensor<32x32xf32>
  %q = tensor.matmul %x2, %wq : tensor<32x32xf32>, tensor<32x32xf32>
  %k = tensor.matmul %x2, %wk : tensor<32x32xf32>, tensor<32x32xf32>
  %v = tensor.matmul %x2, %wv : tensor<32x32xf32>, tensor<32x32xf32>
  %q4 = tensor.reshape %q : tensor<32x32xf32> -> tensor<2x16x2x16xf32>
  %qt = tensor.transpose %q4 perm = [0, 2, 1, 3] : tensor<2x16x2x16xf32>
  %q3 = tensor.reshape %qt : tensor<2x2x16x16xf32> -> tensor<4x16x16xf32>
  %k4 = tensor.reshape %k : tensor<32x32xf32> -> tensor<2x16x2x16xf32>
  %kt = tensor.transpose %k4 perm = [0, 2, 3, 1] : tensor<2x16x2x16xf32>
  %k3 = tensor.reshape %kt : tensor<2x2x16x16xf32> -> tensor<4x16x16xf32>
  %v4 = tensor.reshape %v : tensor<32x32xf32> -> tensor<2x16x2x16xf32>
  %vt = tensor.transpose %v4 perm = [0, 2, 1, 3] : tensor<2x16x2x16xf32>
  %v3 = tensor.reshape %vt : tensor<2x2x16x16xf32> -> tensor<4x16x16xf32>
  %s = tensor.matmul %q3, %k3 : tensor<4x16x16xf32>, tensor<4x16x16xf32>
  %p = tensor.softmax %s dim = 2 : tensor<4x16x16xf32>
  %o = tensor.matmul %p, %v3 : tensor<4x16x16xf32>, tensor<4x16x16xf32>
  %o4 = tensor.reshape %o : tensor<4x16x16xf32> -> tensor<2x2x16x16xf32>
  %ot = tensor.transpose %o4 perm = [0, 2, 1, 3] : tensor<2x2x16x16xf32>
  %o3 = tensor.reshape %ot : tensor<2x16x2x16xf32> -> tensor<2x16x32xf32>
  %r = tensor.add %o3, %x : tensor<2x16x32xf32>
  return %r : tensor<2x16x32xf32>
}`}, 8},
}

// TestDifferentialLanes runs the lane programs at the tensor level and
// after pt2-go in the interpreter on random inputs, and checks that the
// vectorization they are here for happened.
func TestDifferentialLanes(t *testing.T) {
	if !hasLoopKernels() {
		t.Skip("the interpreter has no loop-level kernels (interp/loopsk)")
	}
	for _, p := range lanePrograms {
		t.Run(p.name, func(t *testing.T) {
			lowered := lower(t, p.src)
			if n := strings.Count(printIR(lowered), "vector.load"); n < p.want {
				t.Errorf("%d vector.load ops after pt2-go, want at least %d:\n%s", n, p.want, printIR(lowered))
			}
			fn := funcNamed(t, parse(t, p.src), p.fn)
			rtol, atol := tol(p.src)
			for seed := int64(1); seed <= 3; seed++ {
				diff(t, p.src, lowered, p.fn, randomInputs(t, fn, seed, 3), rtol, atol)
			}
		})
	}
}
