module {
  func.func @g1000467(%arg0: tensor<4x2xf64>) -> tensor<f64> {
    %0 = tensor.slice %arg0 start = [3, 2] limit = [4, 2] step = [2, 3] : tensor<4x2xf64>
    %1 = tensor.reshape %0 : tensor<1x0xf64> -> tensor<2x0xf64>
    %2 = tensor.reduce_sum %1 dims = [0, 1] : tensor<2x0xf64>
    return %2 : tensor<f64>
  }
}