// Minimized by tt-minify from c3_vjp_mixed.mlir (@loss).
// Found: the command exits 0: "$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(aot-autograd{func=$TT_MINIFY_ENTRY})" 2>&1 | grep -q "gradient rule of .* produced tensor<.*> for operand #. of type"
// The RUN lines state the correct behaviour: the test fails until the bug is fixed.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/module.mlir && cp %S/Inputs/vjp_mixed/in0.npy %t/ && cp %S/Inputs/vjp_mixed/in1.npy %t/
// RUN: cd %t && env TT_MINIFY_MODULE=%t/module.mlir TT_MINIFY_ENTRY=loss TT_MINIFY_INPUTS='--input %t/in0.npy --input %t/in1.npy' not sh -c '"$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(aot-autograd{func=$TT_MINIFY_ENTRY})" 2>&1 | grep -q "gradient rule of .* produced tensor<.*> for operand #. of type"'

module {
  func.func @loss(%arg0: tensor<1x?xf32>, %arg1: tensor<1x4xf32>) -> tensor<2x4xf32> {
    %0 = tensor.concat %arg0, %arg1 dim = 0 : tensor<1x?xf32>, tensor<1x4xf32>
    return %0 : tensor<2x4xf32>
  }
}