// tt-minify --command: an external interestingness test, here tt-run on
// the loop level failing because a conv2d's kernel sizes are dynamic (as a
// script running another build of tt would). The command finds the
// candidate as module.mlir in its working directory, the inputs through
// $TT_MINIFY_INPUTS.
// RUN: rm -rf %t && tt-minify %s --random-inputs 1 --dim-size 2 --command 'tt-run module.mlir --entry $TT_MINIFY_ENTRY $TT_MINIFY_INPUTS --pass-pipeline "builtin.module(pt2-go)" 2>&1 | grep -q "dynamic conv2d kernel sizes are not supported"' --out %t --name conv_command | filecheck %s --check-prefix=SUMMARY
// SUMMARY: minimized @f from 6 to 1 ops
// RUN: filecheck %s --input-file %t/conv_command.mlir --check-prefix=TEST
// TEST: // Found: the command exits 0: tt-run module.mlir
// TEST: // RUN: rm -rf %t && mkdir -p %t && cp %s %t/module.mlir && cp %S/Inputs/conv_command/in0.npy %t/ && cp %S/Inputs/conv_command/in1.npy %t/
// TEST-NEXT: // RUN: cd %t && env TT_MINIFY_MODULE=%t/module.mlir TT_MINIFY_ENTRY=f TT_MINIFY_INPUTS='--input %t/in0.npy --input %t/in1.npy' not sh -c 'tt-run module.mlir
// TEST: func.func @f(%arg0: tensor<1x1x?x?xf32>, %arg1: tensor<1x1x4x4xf32>) -> tensor<1x1x?x?xf32> {
// TEST-NEXT: %0 = tensor.conv2d %arg1, %arg0 : tensor<1x1x4x4xf32>, tensor<1x1x?x?xf32>
// The written test's command still holds (the limitation is not lifted),
// so its negation fails.
// RUN: mkdir -p %t/re && cp %t/conv_command.mlir %t/re/module.mlir && cp %t/Inputs/conv_command/in0.npy %t/Inputs/conv_command/in1.npy %t/re/
// RUN: cd %t/re && TT_MINIFY_ENTRY=f TT_MINIFY_INPUTS='--input %t/re/in0.npy --input %t/re/in1.npy' sh -c 'tt-run module.mlir --entry $TT_MINIFY_ENTRY $TT_MINIFY_INPUTS --pass-pipeline "builtin.module(pt2-go)" 2>&1 | grep -q "dynamic conv2d kernel sizes are not supported"'
func.func @f(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x4x4xf32>, %w: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  %a = tensor.add %x, %y : tensor<1x1x4x4xf32>
  %e = tensor.exp %a : tensor<1x1x4x4xf32>
  %c = tensor.conv2d %e, %w : tensor<1x1x4x4xf32>, tensor<1x1x?x?xf32>
  %s = tensor.sin %c : tensor<1x1x?x?xf32>
  %t = tensor.tanh %s : tensor<1x1x?x?xf32>
  %n = tensor.neg %t : tensor<1x1x?x?xf32>
  return %n : tensor<1x1x?x?xf32>
}
