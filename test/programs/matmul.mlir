// A 1024x1024 by 1024x1024 f32 matrix product (a benchmark model of
// tt-bench and of the interpreter).
func.func @matmul(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = tensor.matmul %a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}
