module {
  func.func @g8001681(%arg0: tensor<1x3x2xf64>) -> tensor<f64> {
    %0 = tensor.tanh %arg0 : tensor<1x3x2xf64>
    %1 = tensor.reduce_min %0 dims = [-3, 1, 2] keepdim = true : tensor<1x3x2xf64>
    %2 = tensor.reduce_sum %1 dims = [0, 1, 2] : tensor<1x1x1xf64>
    return %2 : tensor<f64>
  }
}