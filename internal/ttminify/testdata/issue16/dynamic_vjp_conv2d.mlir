// Minimized by tt-minify from c5b_dynamic_cnn.mlir (@loss).
// Found: the command exits 0: "$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(aot-autograd{func=$TT_MINIFY_ENTRY})" 2>&1 | grep -q "gradient of tensor.conv2d needs static shapes"
// The RUN lines state the correct behaviour: the test fails until the bug is fixed.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/module.mlir && cp %S/Inputs/dynamic_vjp_conv2d/in0.npy %t/ && cp %S/Inputs/dynamic_vjp_conv2d/in1.npy %t/
// RUN: cd %t && env TT_MINIFY_MODULE=%t/module.mlir TT_MINIFY_ENTRY=loss TT_MINIFY_INPUTS='--input %t/in0.npy --input %t/in1.npy' not sh -c '"$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(aot-autograd{func=$TT_MINIFY_ENTRY})" 2>&1 | grep -q "gradient of tensor.conv2d needs static shapes"'

module {
  func.func @loss(%arg0: tensor<?x1x6x6xf32>, %arg1: tensor<1x1x2x2xf32>) -> tensor<?x1x3x3xf32> {
    %0 = tensor.conv2d %arg0, %arg1 stride = [2, 2] : tensor<?x1x6x6xf32>, tensor<1x1x2x2xf32>
    return %0 : tensor<?x1x3x3xf32>
  }
}