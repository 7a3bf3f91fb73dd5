module {
  func.func @g1637(%arg0: tensor<1x0x3xf64>) -> tensor<f64> {
    %0 = tensor.reshape %arg0 : tensor<1x0x3xf64> -> tensor<1x1x0xf64>
    %1 = tensor.broadcast %0 dims = [0, 1, 2] : tensor<1x1x0xf64> -> tensor<1x4x0xf64>
    %2 = tensor.reduce_sum %1 dims = [0, 1, 2] : tensor<1x4x0xf64>
    return %2 : tensor<f64>
  }
}