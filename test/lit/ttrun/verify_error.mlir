// A verification error is located at the op, like tt-opt's.
// RUN: not tt-run %s --random-inputs 1 2>&1 | filecheck %s
// RUN: not tt-opt %s 2>&1 | filecheck %s
// CHECK:      verify_error.mlir:[[# @LINE + 5]]:8: error: 'tensor.matmul' op {{.*}}contraction dimensions differ
// CHECK-NEXT: {{^}}  %0 = "tensor.matmul"(%a, %b)
// CHECK-NEXT: {{^       \^$}}

func.func @f(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  %0 = "tensor.matmul"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}
