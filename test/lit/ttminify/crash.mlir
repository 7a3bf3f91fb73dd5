// tt-minify --crash and --error on a real limitation: the loop level does
// not compute in f16 (a located error, at the first op with an f16
// result). Of the program, only the casts to and from f16 stay: cutting
// the first would make an f16 argument, which fails differently.
// RUN: rm -rf %t && tt-minify %s --crash 'builtin.module(pt2-go)' --out %t --name f16_crash | filecheck %s --check-prefix=SUMMARY
// SUMMARY: minimized @f from 7 to 2 ops
// RUN: filecheck %s --input-file %t/f16_crash.mlir --check-prefix=CRASH
// CRASH: // Found: the pipeline fails: {{.*}}error: 'tensor.cast' op tensor-to-loops: element type f16 is not supported at the loop level
// CRASH: // RUN: tt-opt %s --pass-pipeline='builtin.module(pt2-go)'
// CRASH: func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CRASH-NEXT: %0 = tensor.cast %arg0 : tensor<4xf32> -> tensor<4xf16>
// CRASH-NEXT: %1 = tensor.cast %0 : tensor<4xf16> -> tensor<4xf32>
// CRASH-NEXT: return %1
// The minimized module still fails the same way.
// RUN: not tt-opt %t/f16_crash.mlir --pass-pipeline='builtin.module(pt2-go)' 2>&1 | filecheck %s --check-prefix=STILL
// STILL: error: 'tensor.cast' op tensor-to-loops: element type f16 is not supported at the loop level

// RUN: tt-minify %s --random-inputs 2 --error loops --out %t --name f16_error | filecheck %s --check-prefix=ERROR
// ERROR: minimized @f from 7 to 2 ops
// RUN: filecheck %s --input-file %t/f16_error.mlir --check-prefix=ERRTEST
// ERRTEST: // Found: error loops (lower): {{.*}}element type f16 is not supported at the loop level
// ERRTEST: // RUN: tt-run %s --entry f --backend interp --pass-pipeline 'builtin.module(pt2-go)' --input %S/Inputs/f16_error/in0.npy --out %t
// ERRTEST: tensor.cast %arg0 : tensor<4xf32> -> tensor<4xf16>
// RUN: not tt-run %t/f16_error.mlir --pass-pipeline 'builtin.module(pt2-go)' --input %t/Inputs/f16_error/in0.npy 2>&1 | filecheck %s --check-prefix=STILL
func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %a = tensor.add %x, %y : tensor<4xf32>
  %h = tensor.cast %a : tensor<4xf32> -> tensor<4xf16>
  %e = tensor.exp %h : tensor<4xf16>
  %b = tensor.cast %e : tensor<4xf16> -> tensor<4xf32>
  %m = tensor.mul %b, %y : tensor<4xf32>
  %s = tensor.sin %m : tensor<4xf32>
  %r = tensor.relu %s : tensor<4xf32>
  return %r : tensor<4xf32>
}
