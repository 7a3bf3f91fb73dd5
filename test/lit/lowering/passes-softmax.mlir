// Softmax is one kernel making 2 passes over its input (see the lowering
// package documentation: a pass over a buffer is an innermost loop loading
// it, which runs once per output row).
// RUN: tt-opt %s --pt2-go --pass-statistics 2>&1 >/dev/null | filecheck %s

// CHECK-LABEL: Fuse
// CHECK: (S) 1 num-kernels
// CHECK-LABEL: TensorToLoops
// CHECK-NEXT: (S) 2 max-input-passes
func.func @softmax(%x: tensor<32x100xf32>) -> tensor<32x100xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<32x100xf32>
  return %0 : tensor<32x100xf32>
}
