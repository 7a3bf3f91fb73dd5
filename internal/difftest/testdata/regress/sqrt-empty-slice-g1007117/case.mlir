module {
  func.func @g1007117(%arg0: tensor<f64>) -> tensor<f64> {
    %0 = tensor.sqrt %arg0 : tensor<f64>
    %1 = tensor.broadcast %0 dims = [] : tensor<f64> -> tensor<3xf64>
    %2 = tensor.slice %1 start = [1] limit = [1] step = [1] : tensor<3xf64>
    %3 = tensor.reduce_sum %2 dims = [0] : tensor<0xf64>
    return %3 : tensor<f64>
  }
}