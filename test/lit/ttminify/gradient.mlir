// tt-minify on a gradient: the backends run @loss_grad after aot-autograd
// (--pass-pipeline, --run-entry) while the minimizer reduces @loss, whose
// result stays the scalar loss. The fault (the loop level negates every
// tanh) is found in the gradient and reduced to the tanh and the sum the
// loss needs.
// RUN: rm -rf %t && tt-minify %s --entry loss --pass-pipeline 'builtin.module(aot-autograd{func=loss})' --run-entry loss_grad --random-inputs 1 --compare tensor,loops --inject-fault tensor.tanh --out %t --name grad_fault | filecheck %s --check-prefix=SUMMARY
// SUMMARY: minimized @loss from 6 to 2 ops
// RUN: filecheck %s --input-file %t/grad_fault.mlir --check-prefix=TEST
// TEST: // RUN: tt-run %s --entry loss_grad --backend interp --pass-pipeline 'builtin.module(aot-autograd{func=loss})' --input %S/Inputs/grad_fault/in0.npy --out %t/a
// TEST-NEXT: // RUN: tt-run %s --entry loss_grad --backend interp --pass-pipeline 'builtin.module(aot-autograd{func=loss},pt2-go)' --input %S/Inputs/grad_fault/in0.npy --out %t/b
// TEST-NEXT: // RUN: npycmp %t/b/out0.npy %t/a/out0.npy
// TEST-NEXT: // RUN: npycmp %t/b/out1.npy %t/a/out1.npy
// TEST: tensor.tanh
// TEST-NEXT: tensor.reduce_sum
// TEST-NEXT: return
func.func @loss(%x: tensor<3x4xf64>, %w: tensor<4x2xf64>) -> tensor<f64> {
  %y = tensor.matmul %x, %w : tensor<3x4xf64>, tensor<4x2xf64>
  %s = tensor.sigmoid %y : tensor<3x2xf64>
  %t = tensor.tanh %s : tensor<3x2xf64>
  %m = tensor.mul %t, %s : tensor<3x2xf64>
  %r = tensor.reduce_sum %m dims = [0, 1] : tensor<3x2xf64>
  %l = tensor.neg %r : tensor<f64>
  return %l : tensor<f64>
}
