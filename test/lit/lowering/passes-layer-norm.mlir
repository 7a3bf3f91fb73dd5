// Layer norm is one kernel making 2 passes over its input: mean and
// variance from Σx and Σx² (in f64) in one, the normalization in the other.
// RUN: tt-opt %s --pt2-go --pass-statistics 2>&1 >/dev/null | filecheck %s

// CHECK-LABEL: Fuse
// CHECK: (S) 1 num-kernels
// CHECK-LABEL: TensorToLoops
// CHECK-NEXT: (S) 2 max-input-passes
func.func @layer_norm(%x: tensor<16x64xf32>, %g: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<16x64xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 1 eps = 1.0e-05 : tensor<16x64xf32>, tensor<64xf32>, tensor<64xf32>
  return %0 : tensor<16x64xf32>
}
