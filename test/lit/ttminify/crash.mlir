// tt-minify --crash and --error on a real limitation: the loop level needs
// conv2d kernel sizes known at compile time (a located error at the
// conv2d). Of the program, only the conv2d stays, on two arguments.
// RUN: rm -rf %t && tt-minify %s --crash 'builtin.module(pt2-go)' --out %t --name conv_crash | filecheck %s --check-prefix=SUMMARY
// SUMMARY: minimized @f from 6 to 1 ops
// RUN: filecheck %s --input-file %t/conv_crash.mlir --check-prefix=CRASH
// CRASH: // Found: the pipeline fails: {{.*}}error: 'loops.kernel' op tensor-to-loops: kernel "conv2d_0": dynamic conv2d kernel sizes are not supported
// CRASH: // RUN: tt-opt %s --pass-pipeline='builtin.module(pt2-go)'
// CRASH: func.func @f(%arg0: tensor<1x1x?x?xf32>, %arg1: tensor<1x1x4x4xf32>) -> tensor<1x1x?x?xf32> {
// CRASH-NEXT: %0 = tensor.conv2d %arg1, %arg0 : tensor<1x1x4x4xf32>, tensor<1x1x?x?xf32>
// CRASH-NEXT: return %0
// The minimized module still fails the same way.
// RUN: not tt-opt %t/conv_crash.mlir --pass-pipeline='builtin.module(pt2-go)' 2>&1 | filecheck %s --check-prefix=STILL
// STILL: error: 'loops.kernel' op tensor-to-loops: kernel "conv2d_0": dynamic conv2d kernel sizes are not supported

// RUN: tt-minify %s --random-inputs 2 --error loops --out %t --name conv_error | filecheck %s --check-prefix=ERROR
// ERROR: minimized @f from 6 to 1 ops
// RUN: filecheck %s --input-file %t/conv_error.mlir --check-prefix=ERRTEST
// ERRTEST: // Found: error loops (lower): {{.*}}dynamic conv2d kernel sizes are not supported
// ERRTEST: // RUN: tt-run %s --entry f --backend interp --pass-pipeline 'builtin.module(pt2-go)' --input %S/Inputs/conv_error/in0.npy --input %S/Inputs/conv_error/in1.npy --out %t
// ERRTEST: tensor.conv2d %arg1, %arg0 : tensor<1x1x4x4xf32>, tensor<1x1x?x?xf32>
// RUN: not tt-run %t/conv_error.mlir --pass-pipeline 'builtin.module(pt2-go)' --input %t/Inputs/conv_error/in0.npy --input %t/Inputs/conv_error/in1.npy 2>&1 | filecheck %s --check-prefix=STILL
func.func @f(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x4x4xf32>, %w: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  %a = tensor.add %x, %y : tensor<1x1x4x4xf32>
  %e = tensor.exp %a : tensor<1x1x4x4xf32>
  %m = tensor.mul %e, %y : tensor<1x1x4x4xf32>
  %c = "tensor.conv2d"(%m, %w) : (tensor<1x1x4x4xf32>, tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32>
  %s = tensor.sin %c : tensor<1x1x?x?xf32>
  %r = tensor.relu %s : tensor<1x1x?x?xf32>
  return %r : tensor<1x1x?x?xf32>
}
