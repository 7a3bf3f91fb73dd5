// Minimized by tt-minify from c4_broadcast_one.mlir (@loss).
// Found: the command exits 0: bash "$TT_PREDICATES/broadcast_shape.sh"
// The RUN lines state the correct behaviour: the test fails until the bug is fixed.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/module.mlir && cp %S/Inputs/broadcast_one/in0.npy %t/ && cp %S/Inputs/broadcast_one/in1.npy %t/
// RUN: cd %t && env TT_MINIFY_MODULE=%t/module.mlir TT_MINIFY_ENTRY=loss TT_MINIFY_INPUTS='--input %t/in0.npy --input %t/in1.npy' not sh -c 'bash "$TT_PREDICATES/broadcast_shape.sh"'

module {
  func.func @loss(%arg0: tensor<3x?xf32>, %arg1: tensor<?xf32>) -> tensor<f32> {
    %dim = tensor.dim %arg0 dim = 1 : tensor<3x?xf32>
    %0 = tensor.broadcast %arg1 dims = [0] sizes(%dim) : tensor<?xf32> -> tensor<?xf32>
    %1 = tensor.reduce_sum %0 dims = [0] : tensor<?xf32>
    return %1 : tensor<f32>
  }
}