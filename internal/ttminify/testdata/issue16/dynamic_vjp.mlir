// Minimized by tt-minify from c5_dynamic_vjp.mlir (@loss).
// Found: the command exits 0: "$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(aot-autograd{func=$TT_MINIFY_ENTRY})" 2>&1 | grep -q "needs static shapes"
// The RUN lines state the correct behaviour: the test fails until the bug is fixed.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/module.mlir && cp %S/Inputs/dynamic_vjp/in0.npy %t/
// RUN: cd %t && env TT_MINIFY_MODULE=%t/module.mlir TT_MINIFY_ENTRY=loss TT_MINIFY_INPUTS='--input %t/in0.npy' not sh -c '"$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(aot-autograd{func=$TT_MINIFY_ENTRY})" 2>&1 | grep -q "needs static shapes"'

module {
  func.func @loss(%arg0: tensor<?x3xf32>) -> tensor<2x2xf32> {
    %0 = tensor.slice %arg0 start = [0, 1] limit = [2, 3] step = [1, 1] : tensor<?x3xf32>
    return %0 : tensor<2x2xf32>
  }
}