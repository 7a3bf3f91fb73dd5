// Class 4 of issue 16 (the gradient of a broadcast from a dynamic size
// that is 1 at run time), embedded in a larger loss: a bias %u of run-time
// size 1 broadcast over the features of a batch, an activation, a scaled
// residual and a softmax.
func.func @loss(%x: tensor<3x?xf32>, %u: tensor<?xf32>, %w: tensor<?x2xf32>, %t: tensor<3xi64>) -> tensor<f32> {
  %n = tensor.dim %x dim = 1 : tensor<3x?xf32>
  %ub = tensor.broadcast %u dims = [0] sizes(%n) : tensor<?xf32> -> tensor<?xf32>
  %b2 = tensor.broadcast %ub dims = [1] sizes(%n) : tensor<?xf32> -> tensor<3x?xf32>
  %h = tensor.add %x, %b2 : tensor<3x?xf32>
  %a = tensor.tanh %h : tensor<3x?xf32>
  %r = tensor.mul %a, %x : tensor<3x?xf32>
  %o = tensor.matmul %r, %w : tensor<3x?xf32>, tensor<?x2xf32>
  %l = tensor.cross_entropy %o, %t reduction = "mean" : tensor<3x2xf32>, tensor<3xi64>
  %e = tensor.exp %ub : tensor<?xf32>
  %s = tensor.reduce_sum %e dims = [0] : tensor<?xf32>
  %q = tensor.add %l, %s : tensor<f32>
  return %q : tensor<f32>
}
