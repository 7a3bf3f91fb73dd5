package lowering_test

import (
	"testing"
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
}

func TestDifferentialPrograms(t *testing.T) {
	if !hasLoopKernels() {
		t.Skip("the interpreter has no loop-level kernels (interp/loopsk) yet")
	}
	for _, p := range programs {
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
