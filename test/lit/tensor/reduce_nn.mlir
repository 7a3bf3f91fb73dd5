// Custom and generic forms of the reductions and the neural-network ops:
// reduce_*, argmax, matmul, conv2d, max_pool2d, softmax, log_softmax,
// layer_norm and cross_entropy.
// RUN: tt-opt %s | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @reductions
// CHECK-NEXT: %0 = tensor.reduce_sum %arg0 dims = [1] : tensor<2x3x4xf32>
// CHECK-NEXT: %1 = tensor.reduce_max %arg0 dims = [0, 2] keepdim = true : tensor<2x3x4xf32>
// CHECK-NEXT: %2 = tensor.reduce_min %arg1 dims = [-1] keepdim = false : tensor<?x5xi32>
// CHECK-NEXT: %3 = tensor.reduce_mean %arg0 dims = [0, 1, 2] : tensor<2x3x4xf32>
// CHECK-NEXT: %4 = tensor.reduce_sum %arg0 dims = [] : tensor<2x3x4xf32>
// CHECK-NEXT: %5 = tensor.argmax %arg0 dim = 2 : tensor<2x3x4xf32>
// CHECK-NEXT: %6 = tensor.argmax %arg1 dim = 0 keepdim = true : tensor<?x5xi32>
// GENERIC: "tensor.reduce_sum"(%arg0) {dims = array<i64: 1>} : (tensor<2x3x4xf32>) -> tensor<2x4xf32>
// GENERIC: "tensor.reduce_max"(%arg0) {dims = array<i64: 0, 2>, keepdim = true} : (tensor<2x3x4xf32>) -> tensor<1x3x1xf32>
// GENERIC: "tensor.reduce_min"(%arg1) {dims = array<i64: -1>, keepdim = false} : (tensor<?x5xi32>) -> tensor<?xi32>
// GENERIC: "tensor.reduce_mean"(%arg0) {dims = array<i64: 0, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<f32>
// GENERIC: "tensor.argmax"(%arg1) {dim = 0 : i64, keepdim = true} : (tensor<?x5xi32>) -> tensor<1x5xi64>
func.func @reductions(%x: tensor<2x3x4xf32>, %y: tensor<?x5xi32>) {
  %0 = tensor.reduce_sum %x dims = [1] : tensor<2x3x4xf32>
  %1 = tensor.reduce_max %x dims = [0, 2] keepdim = true : tensor<2x3x4xf32>
  %2 = tensor.reduce_min %y dims = [-1] keepdim = false : tensor<?x5xi32>
  %3 = tensor.reduce_mean %x dims = [0, 1, 2] : tensor<2x3x4xf32>
  %4 = tensor.reduce_sum %x dims = [] : tensor<2x3x4xf32>
  %5 = tensor.argmax %x dim = 2 : tensor<2x3x4xf32>
  %6 = tensor.argmax %y dim = 0 keepdim = true : tensor<?x5xi32>
  return
}

// CHECK-LABEL: func.func @matmul
// CHECK-NEXT: %0 = tensor.matmul %arg0, %arg1 : tensor<8x16xf32>, tensor<16x4xf32>
// CHECK-NEXT: %1 = tensor.matmul %arg2, %arg3 : tensor<?x2x16xf32>, tensor<5x16x?xf32>
// GENERIC: "tensor.matmul"(%arg2, %arg3) : (tensor<?x2x16xf32>, tensor<5x16x?xf32>) -> tensor<5x2x?xf32>
func.func @matmul(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>, %c: tensor<?x2x16xf32>, %d: tensor<5x16x?xf32>) {
  %0 = tensor.matmul %a, %b : tensor<8x16xf32>, tensor<16x4xf32>
  %1 = tensor.matmul %c, %d : tensor<?x2x16xf32>, tensor<5x16x?xf32>
  return
}

// CHECK-LABEL: func.func @conv_pool
// CHECK-NEXT: %0 = tensor.conv2d %arg0, %arg1 : tensor<1x4x9x9xf32>, tensor<6x4x3x3xf32>
// CHECK-NEXT: %1 = tensor.conv2d %arg0, %arg2 stride = [2, 1] padding = [1, 0] dilation = [2, 2] groups = 2 : tensor<1x4x9x9xf32>, tensor<6x2x3x3xf32>
// CHECK-NEXT: %2 = tensor.max_pool2d %0 kernel = [2, 2] : tensor<1x6x7x7xf32>
// CHECK-NEXT: %3 = tensor.max_pool2d %0 kernel = [3, 3] stride = [2, 2] padding = [1, 1] : tensor<1x6x7x7xf32>
// GENERIC: "tensor.conv2d"(%arg0, %arg2) {dilation = array<i64: 2, 2>, groups = 2 : i64, padding = array<i64: 1, 0>, stride = array<i64: 2, 1>} : (tensor<1x4x9x9xf32>, tensor<6x2x3x3xf32>) -> tensor<1x6x4x5xf32>
// GENERIC: "tensor.max_pool2d"(%0) {kernel = array<i64: 2, 2>} : (tensor<1x6x7x7xf32>) -> tensor<1x6x3x3xf32>
// GENERIC: "tensor.max_pool2d"(%0) {kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (tensor<1x6x7x7xf32>) -> tensor<1x6x4x4xf32>
func.func @conv_pool(%x: tensor<1x4x9x9xf32>, %w: tensor<6x4x3x3xf32>, %g: tensor<6x2x3x3xf32>) {
  %0 = tensor.conv2d %x, %w : tensor<1x4x9x9xf32>, tensor<6x4x3x3xf32>
  %1 = tensor.conv2d %x, %g stride = [2, 1] padding = [1, 0] dilation = [2, 2] groups = 2 : tensor<1x4x9x9xf32>, tensor<6x2x3x3xf32>
  %2 = tensor.max_pool2d %0 kernel = [2, 2] : tensor<1x6x7x7xf32>
  %3 = tensor.max_pool2d %0 kernel = [3, 3] stride = [2, 2] padding = [1, 1] : tensor<1x6x7x7xf32>
  return
}

// CHECK-LABEL: func.func @composites
// CHECK-NEXT: %0 = tensor.softmax %arg0 dim = 1 : tensor<8x10xf32>
// CHECK-NEXT: %1 = tensor.log_softmax %arg0 dim = -1 : tensor<8x10xf32>
// CHECK-NEXT: %2 = tensor.layer_norm %arg0, %arg1, %arg1 normalized_dims = 1 : tensor<8x10xf32>, tensor<10xf32>, tensor<10xf32>
// CHECK-NEXT: %3 = tensor.layer_norm %arg0, %arg1, %arg1 normalized_dims = 1 eps = 1.000000e-03 : tensor<8x10xf32>, tensor<10xf32>, tensor<10xf32>
// CHECK-NEXT: %4 = tensor.cross_entropy %arg0, %arg2 : tensor<8x10xf32>, tensor<8xi64>
// CHECK-NEXT: %5 = tensor.cross_entropy %arg0, %arg2 reduction = sum : tensor<8x10xf32>, tensor<8xi64>
// GENERIC: "tensor.softmax"(%arg0) {dim = 1 : i64} : (tensor<8x10xf32>) -> tensor<8x10xf32>
// GENERIC: "tensor.layer_norm"(%arg0, %arg1, %arg1) {eps = 1.000000e-03 : f32, normalized_dims = 1 : i64} : (tensor<8x10xf32>, tensor<10xf32>, tensor<10xf32>) -> tensor<8x10xf32>
// GENERIC: "tensor.cross_entropy"(%arg0, %arg2) {reduction = "sum"} : (tensor<8x10xf32>, tensor<8xi64>) -> tensor<f32>
func.func @composites(%x: tensor<8x10xf32>, %g: tensor<10xf32>, %t: tensor<8xi64>) -> tensor<f32> {
  %0 = tensor.softmax %x dim = 1 : tensor<8x10xf32>
  %1 = tensor.log_softmax %x dim = -1 : tensor<8x10xf32>
  %2 = tensor.layer_norm %x, %g, %g normalized_dims = 1 : tensor<8x10xf32>, tensor<10xf32>, tensor<10xf32>
  %3 = tensor.layer_norm %x, %g, %g normalized_dims = 1 eps = 1.0e-3 : tensor<8x10xf32>, tensor<10xf32>, tensor<10xf32>
  %4 = tensor.cross_entropy %x, %t : tensor<8x10xf32>, tensor<8xi64>
  %5 = tensor.cross_entropy %x, %t reduction = sum : tensor<8x10xf32>, tensor<8xi64>
  return %5 : tensor<f32>
}
