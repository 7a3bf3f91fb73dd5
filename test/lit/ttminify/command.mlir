// tt-minify --command: an external interestingness test, here tt-run on
// the loop level failing with the f16 error (as a script running another
// build of tt would). The command finds the candidate as module.mlir in
// its working directory, the inputs through $TT_MINIFY_INPUTS.
// RUN: rm -rf %t && tt-minify %s --random-inputs 1 --command 'tt-run module.mlir --entry $TT_MINIFY_ENTRY $TT_MINIFY_INPUTS --pass-pipeline "builtin.module(pt2-go)" 2>&1 | grep -q "tensor.cast. op tensor-to-loops: element type f16"' --out %t --name f16_command | filecheck %s --check-prefix=SUMMARY
// SUMMARY: minimized @f from 6 to 2 ops
// RUN: filecheck %s --input-file %t/f16_command.mlir --check-prefix=TEST
// TEST: // Found: the command exits 0: tt-run module.mlir
// TEST: // RUN: rm -rf %t && mkdir -p %t && cp %s %t/module.mlir && cp %S/Inputs/f16_command/in0.npy %t/
// TEST-NEXT: // RUN: cd %t && env TT_MINIFY_MODULE=%t/module.mlir TT_MINIFY_ENTRY=f TT_MINIFY_INPUTS='--input %t/in0.npy' not sh -c 'tt-run module.mlir
// TEST: func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// TEST-NEXT: %0 = tensor.cast %arg0 : tensor<4xf32> -> tensor<4xf16>
// TEST-NEXT: %1 = tensor.cast %0 : tensor<4xf16> -> tensor<4xf32>
// The written test's command still holds (the limitation is not lifted),
// so its negation fails.
// RUN: mkdir -p %t/re && cp %t/f16_command.mlir %t/re/module.mlir && cp %t/Inputs/f16_command/in0.npy %t/re/
// RUN: cd %t/re && TT_MINIFY_ENTRY=f TT_MINIFY_INPUTS='--input %t/re/in0.npy' sh -c 'tt-run module.mlir --entry $TT_MINIFY_ENTRY $TT_MINIFY_INPUTS --pass-pipeline "builtin.module(pt2-go)" 2>&1 | grep -q "tensor.cast. op tensor-to-loops: element type f16"'
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %a = tensor.add %x, %y : tensor<4xf32>
  %h = tensor.cast %a : tensor<4xf32> -> tensor<4xf16>
  %e = tensor.exp %h : tensor<4xf16>
  %b = tensor.cast %e : tensor<4xf16> -> tensor<4xf32>
  %s = tensor.sin %b : tensor<4xf32>
  %t = tensor.tanh %s : tensor<4xf32>
  return %t : tensor<4xf32>
}
