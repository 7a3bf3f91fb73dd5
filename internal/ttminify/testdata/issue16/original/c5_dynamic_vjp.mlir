// Class 5 of issue 16 (VJPs refusing dynamic shapes), embedded in a larger
// loss: a small CNN over a batch of dynamic size (conv2d, relu,
// max_pool2d), a crop (slice) and padding of its features, and a concat
// with a dynamic-sized extra feature block before the classifier.
func.func @loss(%x: tensor<?x1x6x6xf32>, %k: tensor<2x1x3x3xf32>, %e: tensor<?x3xf32>, %w: tensor<11x2xf32>, %t: tensor<?xi64>) -> tensor<f32> {
  %c = tensor.conv2d %x, %k padding = [1, 1] : tensor<?x1x6x6xf32>, tensor<2x1x3x3xf32>
  %r = tensor.relu %c : tensor<?x2x6x6xf32>
  %p = tensor.max_pool2d %r kernel = [3, 3] stride = [3, 3] : tensor<?x2x6x6xf32>
  %f = tensor.reshape %p : tensor<?x2x2x2xf32> -> tensor<?x8xf32>
  %s = tensor.slice %e start = [0, 1] limit = [2, 3] step = [1, 1] : tensor<?x3xf32>
  %q = tensor.pad %s low = [0, 0] high = [0, 1] : tensor<2x2xf32>
  %g = tensor.concat %f, %e dim = 1 : tensor<?x8xf32>, tensor<?x3xf32>
  %o = tensor.matmul %g, %w : tensor<?x11xf32>, tensor<11x2xf32>
  %l = tensor.cross_entropy %o, %t reduction = "mean" : tensor<?x2xf32>, tensor<?xi64>
  %qs = tensor.reduce_sum %q dims = [0, 1] : tensor<2x3xf32>
  %z = tensor.add %l, %qs : tensor<f32>
  return %z : tensor<f32>
}
