// Minimized by tt-minify from c1_fusion_cycle.mlir (@f).
// Found: the command exits 0: "$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(pt2-go)" 2>&1 | grep -q "fused kernels form a cycle"
// The RUN lines state the correct behaviour: the test fails until the bug is fixed.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/module.mlir && cp %S/Inputs/fusion_cycle/in0.npy %t/ && cp %S/Inputs/fusion_cycle/in1.npy %t/
// RUN: cd %t && env TT_MINIFY_MODULE=%t/module.mlir TT_MINIFY_ENTRY=f TT_MINIFY_INPUTS='--input %t/in0.npy --input %t/in1.npy' not sh -c '"$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(pt2-go)" 2>&1 | grep -q "fused kernels form a cycle"'

module {
  func.func @f(%arg0: tensor<4xf32>, %arg1: tensor<2x4xf32>) -> (tensor<4xf32>, tensor<2x4xf32>) {
    %0 = tensor.reduce_sum %arg0 dims = [0] : tensor<4xf32>
    %1 = tensor.reduce_sum %arg1 dims = [0, 1] : tensor<2x4xf32>
    %2 = tensor.broadcast %1 dims = [] : tensor<f32> -> tensor<4xf32>
    %3 = tensor.broadcast %0 dims = [] : tensor<f32> -> tensor<2x4xf32>
    %4 = tensor.add %arg0, %2 : tensor<4xf32>
    %5 = tensor.add %arg1, %3 : tensor<2x4xf32>
    return %4, %5 : tensor<4xf32>, tensor<2x4xf32>
  }
}