// Minimized by tt-minify from c2_empty_go.mlir (@f).
// Found: the command exits 0: "$TT_OLD/tt-run" module.mlir --entry $TT_MINIFY_ENTRY $TT_MINIFY_INPUTS --backend go 2>&1 | grep -q "declared and not used"
// The RUN lines state the correct behaviour: the test fails until the bug is fixed.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/module.mlir && cp %S/Inputs/empty_go/in0.npy %t/
// RUN: cd %t && env TT_MINIFY_MODULE=%t/module.mlir TT_MINIFY_ENTRY=f TT_MINIFY_INPUTS='--input %t/in0.npy' not sh -c '"$TT_OLD/tt-run" module.mlir --entry $TT_MINIFY_ENTRY $TT_MINIFY_INPUTS --backend go 2>&1 | grep -q "declared and not used"'

module {
  func.func @f(%arg0: tensor<2x0xf32>) -> tensor<4x2xf32> {
    %0 = tensor.pad %arg0 low = [1, 1] high = [1, 1] : tensor<2x0xf32>
    return %0 : tensor<4x2xf32>
  }
}