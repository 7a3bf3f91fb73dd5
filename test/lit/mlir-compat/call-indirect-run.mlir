// func.constant and func.call_indirect run in the interpreter.
// RUN: tt-run %s -entry main | filecheck %s
// CHECK: result #0: tensor<2xi32>
// CHECK: min 16, max 81
func.func @sq(%x: tensor<2xi32>) -> tensor<2xi32> {
  %0 = arith.muli %x, %x : tensor<2xi32>
  return %0 : tensor<2xi32>
}
func.func @main() -> tensor<2xi32> {
  %c = arith.constant dense<[2, 3]> : tensor<2xi32>
  %f = func.constant @sq : (tensor<2xi32>) -> tensor<2xi32>
  %0 = func.call_indirect %f(%c) : (tensor<2xi32>) -> tensor<2xi32>
  %1 = func.call_indirect %f(%0) : (tensor<2xi32>) -> tensor<2xi32>
  return %1 : tensor<2xi32>
}
