// Layer normalization of 8192 rows of 1024 f32 (a benchmark model of
// tt-bench and of the interpreter; the lowering tests run it on fewer rows).
func.func @layer_norm(%x: tensor<8192x1024xf32>, %g: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<8192x1024xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 1 eps = 9.99999974E-6 : tensor<8192x1024xf32>, tensor<1024xf32>, tensor<1024xf32>
  return %0 : tensor<8192x1024xf32>
}
