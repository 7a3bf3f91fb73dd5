// Class 1 of issue 16 (fusion makes a cycle of kernels), embedded in a
// larger program: a normalization of %a and %b by each other's sums, with
// a matmul, an activation and a softmax around it.
func.func @f(%a: tensor<4xf32>, %b: tensor<2x4xf32>, %w: tensor<4x3xf32>, %c: tensor<2x3xf32>) -> (tensor<4xf32>, tensor<2x3xf32>, tensor<2x4xf32>) {
  %ea = tensor.exp %a : tensor<4xf32>
  %tb = tensor.tanh %b : tensor<2x4xf32>
  %sa = tensor.reduce_sum %ea dims = [0] : tensor<4xf32>
  %sb = tensor.reduce_sum %tb dims = [0, 1] : tensor<2x4xf32>
  %ba = tensor.broadcast %sb dims = [] : tensor<f32> -> tensor<4xf32>
  %bb = tensor.broadcast %sa dims = [] : tensor<f32> -> tensor<2x4xf32>
  %x = tensor.add %ea, %ba : tensor<4xf32>
  %y = tensor.add %tb, %bb : tensor<2x4xf32>
  %m = tensor.matmul %y, %w : tensor<2x4xf32>, tensor<4x3xf32>
  %r = tensor.relu %m : tensor<2x3xf32>
  %z = tensor.mul %r, %c : tensor<2x3xf32>
  %s = tensor.softmax %z dim = 1 : tensor<2x3xf32>
  %n = tensor.neg %x : tensor<4xf32>
  %q = tensor.sigmoid %y : tensor<2x4xf32>
  return %n, %s, %q : tensor<4xf32>, tensor<2x3xf32>, tensor<2x4xf32>
}
