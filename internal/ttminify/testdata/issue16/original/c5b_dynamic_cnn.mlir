// Class 5 of issue 16, conv2d and max_pool2d: a small CNN over a batch of
// dynamic size (conv2d, relu, max_pool2d, a linear classifier and
// cross_entropy) with a second, pooling-free convolutional branch.
func.func @loss(%x: tensor<?x1x6x6xf32>, %k: tensor<2x1x3x3xf32>, %k2: tensor<1x1x2x2xf32>, %w: tensor<8x2xf32>, %t: tensor<?xi64>) -> tensor<f32> {
  %c = tensor.conv2d %x, %k padding = [1, 1] : tensor<?x1x6x6xf32>, tensor<2x1x3x3xf32>
  %r = tensor.relu %c : tensor<?x2x6x6xf32>
  %p = tensor.max_pool2d %r kernel = [3, 3] stride = [3, 3] : tensor<?x2x6x6xf32>
  %f = tensor.reshape %p : tensor<?x2x2x2xf32> -> tensor<?x8xf32>
  %o = tensor.matmul %f, %w : tensor<?x8xf32>, tensor<8x2xf32>
  %l = tensor.cross_entropy %o, %t reduction = "mean" : tensor<?x2xf32>, tensor<?xi64>
  %c2 = tensor.conv2d %x, %k2 stride = [2, 2] : tensor<?x1x6x6xf32>, tensor<1x1x2x2xf32>
  %s2 = tensor.tanh %c2 : tensor<?x1x3x3xf32>
  %m2 = tensor.reduce_mean %s2 dims = [0, 1, 2, 3] : tensor<?x1x3x3xf32>
  %z = tensor.add %l, %m2 : tensor<f32>
  return %z : tensor<f32>
}
