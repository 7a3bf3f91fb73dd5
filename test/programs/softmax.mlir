// Row softmax of 4096x1024 f32 (a benchmark model of tt-bench and of the
// interpreter; the lowering tests run it on fewer rows).
func.func @softmax(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<4096x1024xf32>
  return %0 : tensor<4096x1024xf32>
}
