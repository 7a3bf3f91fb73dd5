// A scale, shift and GELU over 4096x1024 f32: a chain of element-wise ops
// with broadcast rows, which fusion turns into one loop nest (a benchmark
// model of tt-bench and of the interpreter; the lowering tests run it on
// fewer rows).
func.func @gelu_chain(%x: tensor<4096x1024xf32>, %a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<4096x1024xf32> {
  %a2 = tensor.broadcast %a dims = [1] : tensor<1024xf32> -> tensor<4096x1024xf32>
  %b2 = tensor.broadcast %b dims = [1] : tensor<1024xf32> -> tensor<4096x1024xf32>
  %0 = tensor.mul %x, %a2 : tensor<4096x1024xf32>
  %1 = tensor.add %0, %b2 : tensor<4096x1024xf32>
  %2 = tensor.gelu %1 : tensor<4096x1024xf32>
  return %2 : tensor<4096x1024xf32>
}
