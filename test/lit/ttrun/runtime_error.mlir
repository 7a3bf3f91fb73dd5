// A run-time error is located at the failing op, with the source line.
// Inputs/target_bad.npy holds the class 9 for 8 classes.
// RUN: not tt-run %s --input %S/Inputs/x.npy --input %S/Inputs/target_bad.npy 2>&1 | filecheck %s
// CHECK:      runtime_error.mlir:[[# @LINE + 6]]:8: error: tensor.cross_entropy: target 9 at position 1 is out of bounds for 8 classes
// CHECK-NEXT: {{^}}  %0 = tensor.cross_entropy %logits, %t : tensor<4x8xf32>, tensor<4xi64>
// CHECK-NEXT: {{^       \^$}}
// CHECK-NOT:  result

func.func @loss(%logits: tensor<4x8xf32>, %t: tensor<4xi64>) -> tensor<f32> {
  %0 = tensor.cross_entropy %logits, %t : tensor<4x8xf32>, tensor<4xi64>
  return %0 : tensor<f32>
}
