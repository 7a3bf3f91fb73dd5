// A tensor program lowered by pt2-go and emitted, with the debug artifacts
// of every stage.
// RUN: rm -rf %t && tt-opt %s --pass-pipeline=pt2-go --emit=go --dump-dir %t | filecheck %s
// RUN: test -f %t/01-graph.mlir && test -f %t/02-pre-fusion.mlir && test -f %t/03-post-fusion.mlir
// RUN: test -f %t/04-loops.mlir && test -f %t/05-final.mlir && test -f %t/model.go
// RUN: filecheck %s --check-prefix=DOT < %t/kernels.dot
// RUN: filecheck %s --check-prefix=POST < %t/03-post-fusion.mlir
// CHECK: func Mlp(in0 []float32, in1 []float32, in2 []float32) (out0 []float32, err error) {
// CHECK: ttGemm(1, 8, 4, 16, a0, 1, a1, 1, {{v[0-9]+}}, false, false, a2, "relu")
// CHECK: func ttLinalgGemm[
// DOT: digraph kernels {
// DOT: label="@mlp";
// DOT: matmul
// The bias add and relu are the product's epilogue, in its kernel.
// POST: loops.kernel "matmul_0" matmul
// POST: tensor.relu
// POST-NOT: loops.kernel
func.func @mlp(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xf32>) -> tensor<8x4xf32> {
  %0 = tensor.matmul %x, %w : tensor<8x16xf32>, tensor<16x4xf32>
  %1 = tensor.broadcast %b dims = [1] : tensor<4xf32> -> tensor<8x4xf32>
  %2 = tensor.add %0, %1 : tensor<8x4xf32>
  %3 = tensor.relu %2 : tensor<8x4xf32>
  return %3 : tensor<8x4xf32>
}
