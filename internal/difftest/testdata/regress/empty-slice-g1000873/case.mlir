module {
  func.func @g1000873(%arg0: tensor<1x3x1x1xf64>) -> tensor<f64> {
    %0 = tensor.slice %arg0 start = [0, 2, 0, 1] limit = [0, 2, 0, 1] step = [3, 2, 3, 1] : tensor<1x3x1x1xf64>
    %1 = tensor.reshape %0 : tensor<0x0x0x0xf64> -> tensor<2x0xf64>
    %2 = tensor.reduce_sum %1 dims = [0, 1] : tensor<2x0xf64>
    return %2 : tensor<f64>
  }
}