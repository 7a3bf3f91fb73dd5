// A tensor program: the pt2-go pipeline must lower it first.
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tensor.exp %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
