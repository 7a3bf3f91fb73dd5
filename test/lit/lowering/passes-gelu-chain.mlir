// An element-wise chain around a gelu is one kernel making 1 pass.
// RUN: tt-opt %s --pt2-go --pass-statistics 2>&1 >/dev/null | filecheck %s

// CHECK-LABEL: Fuse
// CHECK: (S) 1 num-kernels
// CHECK-LABEL: TensorToLoops
// CHECK-NEXT: (S) 1 max-input-passes
func.func @chain(%x: tensor<16x64xf32>, %b: tensor<64xf32>) -> tensor<16x64xf32> {
  %bb = tensor.broadcast %b dims = [1] : tensor<64xf32> -> tensor<16x64xf32>
  %0 = tensor.add %x, %bb : tensor<16x64xf32>
  %1 = tensor.gelu %0 : tensor<16x64xf32>
  %2 = tensor.mul %1, %x : tensor<16x64xf32>
  %3 = tensor.sigmoid %2 : tensor<16x64xf32>
  return %3 : tensor<16x64xf32>
}
