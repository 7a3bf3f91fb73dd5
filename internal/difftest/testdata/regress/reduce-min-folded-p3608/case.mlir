module {
  func.func @p3608(%arg0: tensor<3xi64>) -> tensor<i1> {
    %0 = tensor.cmp ne, %arg0, %arg0 : tensor<3xi64>
    %1 = tensor.reduce_min %0 dims = [0] : tensor<3xi1>
    return %1 : tensor<i1>
  }
}