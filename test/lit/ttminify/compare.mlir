// tt-minify --compare on an injected fault: the loop level computes the
// negation of every tensor.exp (--inject-fault, for testing tt-minify). Of
// the ten ops only the exp remains, with the value that reached it as the
// argument, written as a lit test whose RUN lines compare the backends.
// RUN: rm -rf %t && tt-minify %s --random-inputs 1 --compare tensor,loops --inject-fault tensor.exp --out %t --name exp_fault | filecheck %s --check-prefix=SUMMARY
// SUMMARY: minimized @f from 10 to 1 ops ({{[0-9]+}} tries, {{[0-9]+}} reductions kept): {{.*}}exp_fault.mlir
// RUN: filecheck %s --input-file %t/exp_fault.mlir --check-prefix=TEST
// TEST: // Minimized by tt-minify from compare.mlir (@f).
// TEST-NEXT: // Found: tensor and loops+fault disagree: result #0: 20 of 20 elements differ
// TEST: // RUN: tt-run %s --entry f --backend interp --input %S/Inputs/exp_fault/in0.npy --out %t/a
// TEST-NEXT: // RUN: tt-run %s --entry f --backend interp --pass-pipeline 'builtin.module(pt2-go)' --input %S/Inputs/exp_fault/in0.npy --out %t/b
// TEST-NEXT: // RUN: npycmp %t/b/out0.npy %t/a/out0.npy --rtol 1e-05 --atol 1e-05
// TEST: func.func @f(%arg0: tensor<4x5xf32>) -> tensor<4x5xf32> {
// TEST-NEXT: %0 = tensor.exp %arg0 : tensor<4x5xf32>
// TEST-NEXT: return %0 : tensor<4x5xf32>
// The written test runs as it says (without the injected fault, both
// backends agree), from the written input: the exp's operand in the
// original run, tanh of a relu, so in [0, 1).
// RUN: tt-run %t/exp_fault.mlir --entry f --backend interp --input %t/Inputs/exp_fault/in0.npy --out %t/a
// RUN: tt-run %t/exp_fault.mlir --entry f --backend interp --pass-pipeline 'builtin.module(pt2-go)' --input %t/Inputs/exp_fault/in0.npy --out %t/b
// RUN: npycmp %t/b/out0.npy %t/a/out0.npy --rtol 1e-05 --atol 1e-05
// RUN: tt-run %t/exp_fault.mlir --entry f --input %t/Inputs/exp_fault/in0.npy | filecheck %s --check-prefix=VALUES
// VALUES: min 1, max {{[12]\.[0-9]+}}
func.func @f(%x: tensor<4x3xf32>, %w: tensor<3x5xf32>, %b: tensor<5xf32>, %n: tensor<?x3xf32>) -> (tensor<4x5xf32>, tensor<f32>, tensor<?x3xf32>) {
  %y = tensor.matmul %x, %w : tensor<4x3xf32>, tensor<3x5xf32>
  %bb = tensor.broadcast %b dims = [1] : tensor<5xf32> -> tensor<4x5xf32>
  %z = tensor.add %y, %bb : tensor<4x5xf32>
  %r = tensor.relu %z : tensor<4x5xf32>
  %t = tensor.tanh %r : tensor<4x5xf32>
  %e = tensor.exp %t : tensor<4x5xf32>
  %s = tensor.softmax %e dim = 1 : tensor<4x5xf32>
  %m = tensor.reduce_mean %s dims = [0, 1] : tensor<4x5xf32>
  %a = tensor.abs %n : tensor<?x3xf32>
  %sn = tensor.sin %a : tensor<?x3xf32>
  return %s, %m, %sn : tensor<4x5xf32>, tensor<f32>, tensor<?x3xf32>
}
