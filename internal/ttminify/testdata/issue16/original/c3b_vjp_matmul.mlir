// Class 3 of issue 16, the matmul example, embedded in a larger loss: a
// two-layer network whose second weight has a dynamic input dimension
// and a layer norm.
func.func @loss(%x: tensor<2x3xf32>, %w1: tensor<3x3xf32>, %w2: tensor<?x4xf32>, %g: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<f32> {
  %h = tensor.matmul %x, %w1 : tensor<2x3xf32>, tensor<3x3xf32>
  %a = tensor.tanh %h : tensor<2x3xf32>
  %o = tensor.matmul %a, %w2 : tensor<2x3xf32>, tensor<?x4xf32>
  %n = tensor.layer_norm %o, %g, %b normalized_dims = 1 : tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32>
  %s = tensor.reduce_sum %n dims = [0, 1] : tensor<2x4xf32>
  %q = tensor.mul %s, %s : tensor<f32>
  return %q : tensor<f32>
}
