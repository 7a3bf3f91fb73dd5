module {
  func.func @p102474(%arg0: tensor<?x0x3xi1>) -> tensor<1x0x3xi64> {
    %0 = tensor.argmax %arg0 dim = 0 keepdim = true : tensor<?x0x3xi1>
    return %0 : tensor<1x0x3xi64>
  }
}