// What the Go backend cannot compile is a located error.
// RUN: not tt-opt %s --emit=go --split-input-file 2>&1 | filecheck %s --check-prefix=SPLIT
// SPLIT: tt-opt: --emit=go writes one Go file and cannot be combined with --split-input-file
// RUN: not tt-opt %S/Inputs/tensor.mlir --emit=go 2>&1 | filecheck %s --check-prefix=TENSOR
// TENSOR: tensor.mlir:2:1: error: func.func: @f: argument type tensor<4xf32>: tensors must be lowered to loops first (pt2-go pipeline)
// RUN: not tt-opt %S/Inputs/f16.mlir --emit=go 2>&1 | filecheck %s --check-prefix=F16
// F16: f16.mlir:6:8: error: arith.addf: is not supported on f16
// RUN: not tt-opt %S/Inputs/extern.mlir --emit=go 2>&1 | filecheck %s --check-prefix=EXTERN
// EXTERN: extern.mlir:3:3: error: loops.call_extern: unknown runtime kernel "tt.softmax" (the Go backend provides tt.matmul, tt.conv2d and tt.max_pool2d)
// EXTERN-NEXT: loops.call_extern "tt.softmax"
// EXTERN-NEXT: ^
// RUN: not tt-opt %S/Inputs/extern.mlir --emit=go --go-package 9lives 2>&1 | filecheck %s --check-prefix=PKG
// PKG: tt-opt: --go-package "9lives" is not a Go package name
func.func @f() {
  return
}
