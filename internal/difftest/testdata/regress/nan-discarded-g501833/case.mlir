module {
  func.func @g501833(%arg0: tensor<1xf64>, %arg1: tensor<1xf64>, %arg2: tensor<1xf64>) -> tensor<f64> {
    %0 = tensor.layer_norm %arg2, %arg0, %arg1 normalized_dims = 1 eps = 1.000000e-03 : tensor<1xf64>, tensor<1xf64>, tensor<1xf64>
    %1 = tensor.slice %0 start = [1] limit = [1] step = [3] : tensor<1xf64>
    %2 = tensor.reduce_sum %1 dims = [0] : tensor<0xf64>
    return %2 : tensor<f64>
  }
}