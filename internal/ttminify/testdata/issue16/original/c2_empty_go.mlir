// Class 2 of issue 16 (generated Go does not build with size-0
// dimensions), embedded in a larger program: an empty feature map padded
// and concatenated, next to ordinary arithmetic.
func.func @f(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>, %z: tensor<2x4xf32>, %e: tensor<2x0xf32>, %e3: tensor<3x0xf32>) -> (tensor<2x4xf32>, tensor<4x2xf32>, tensor<2xf32>, tensor<5x0xf32>) {
  %m = tensor.matmul %x, %y : tensor<2x3xf32>, tensor<3x4xf32>
  %a = tensor.add %m, %z : tensor<2x4xf32>
  %t = tensor.tanh %a : tensor<2x4xf32>
  %p = tensor.pad %e low = [1, 1] high = [1, 1] : tensor<2x0xf32>
  %q = tensor.exp %p : tensor<4x2xf32>
  %c = tensor.concat %e, %e3 dim = 0 : tensor<2x0xf32>, tensor<3x0xf32>
  %s = tensor.reduce_sum %t dims = [1] : tensor<2x4xf32>
  %r = tensor.relu %s : tensor<2xf32>
  %n = tensor.neg %c : tensor<5x0xf32>
  return %t, %q, %r, %n : tensor<2x4xf32>, tensor<4x2xf32>, tensor<2xf32>, tensor<5x0xf32>
}
