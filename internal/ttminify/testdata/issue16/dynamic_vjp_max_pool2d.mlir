// Minimized by tt-minify from c5c_dynamic_pool.mlir (@loss).
// Found: the command exits 0: "$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(aot-autograd{func=$TT_MINIFY_ENTRY})" 2>&1 | grep -q "gradient of tensor.max_pool2d needs static shapes"
// The RUN lines state the correct behaviour: the test fails until the bug is fixed.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/module.mlir && cp %S/Inputs/dynamic_vjp_max_pool2d/in0.npy %t/
// RUN: cd %t && env TT_MINIFY_MODULE=%t/module.mlir TT_MINIFY_ENTRY=loss TT_MINIFY_INPUTS='--input %t/in0.npy' not sh -c '"$TT_OLD/tt-opt" module.mlir --pass-pipeline="builtin.module(aot-autograd{func=$TT_MINIFY_ENTRY})" 2>&1 | grep -q "gradient of tensor.max_pool2d needs static shapes"'

module {
  func.func @loss(%arg0: tensor<?x2x6x6xf32>) -> tensor<?x2x2x2xf32> {
    %0 = tensor.max_pool2d %arg0 kernel = [3, 3] stride = [3, 3] : tensor<?x2x6x6xf32>
    return %0 : tensor<?x2x2x2xf32>
  }
}