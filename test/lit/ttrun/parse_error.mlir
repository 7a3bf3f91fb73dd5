// A parse error is located: file:line:col, the source line and a caret.
// RUN: not tt-run %s --random-inputs 1 2>&1 | filecheck %s
// CHECK:      parse_error.mlir:[[# @LINE + 5]]:8: error: custom op 'tensor.addd' is unknown
// CHECK-NEXT: {{^}}  %0 = tensor.addd %x, %x : tensor<2xf32>
// CHECK-NEXT: {{^       \^$}}

func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tensor.addd %x, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
