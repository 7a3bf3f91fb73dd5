// The decompose pass rewrites composite tensor ops into core tensor ops.
// RUN: tt-opt %s --decompose | filecheck %s
// RUN: tt-opt %s --decompose=ops=softmax,gelu | filecheck %s --check-prefix=SOME
// RUN: tt-opt %s '--pass-pipeline=builtin.module(func.func(decompose{ops=cross_entropy}))' | filecheck %s --check-prefix=CE
// RUN: not tt-opt %s --decompose=ops=matmul 2>&1 | filecheck %s --check-prefix=BAD

// BAD: 'matmul' is not a composite tensor op

// CHECK-LABEL: func.func @gelu
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[C:.*]] = tensor.full 0.707106769 : f32 -> tensor<4xf32>
// CHECK-NEXT: %[[S:.*]] = tensor.mul %[[X]], %[[C]]
// CHECK-NEXT: %[[E:.*]] = tensor.erf %[[S]]
// CHECK-NEXT: %[[H:.*]] = tensor.full 5.000000e-01 : f32
// CHECK-NEXT: %[[XH:.*]] = tensor.mul %[[X]], %[[H]]
// CHECK-NEXT: %[[O:.*]] = tensor.full 1.000000e+00 : f32
// CHECK-NEXT: %[[P:.*]] = tensor.add %[[O]], %[[E]]
// CHECK-NEXT: %[[R:.*]] = tensor.mul %[[XH]], %[[P]]
// CHECK-NEXT: return %[[R]]
// SOME-LABEL: func.func @gelu
// SOME-NOT: tensor.gelu
// CE-LABEL: func.func @gelu
// CE: tensor.gelu
func.func @gelu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tensor.gelu %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @gelu_tanh
// CHECK: %[[X2:.*]] = tensor.mul %arg0, %arg0
// CHECK-NEXT: %[[X3:.*]] = tensor.mul %[[X2]], %arg0
// CHECK-NEXT: tensor.full 4.471500e-02 : f32
// CHECK: tensor.full 0.797884583 : f32
// CHECK: tensor.tanh
// CHECK-NOT: tensor.gelu
func.func @gelu_tanh(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = tensor.gelu %x approximate = tanh : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// Softmax subtracts the maximum first.
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NEXT: %[[M:.*]] = tensor.reduce_max %[[X]] dims = [1] keepdim = true : tensor<2x3xf32>
// CHECK-NEXT: %[[MB:.*]] = tensor.broadcast %[[M]] dims = [0, 1] : tensor<2x1xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[D:.*]] = tensor.sub %[[X]], %[[MB]]
// CHECK-NEXT: %[[E:.*]] = tensor.exp %[[D]]
// CHECK-NEXT: %[[S:.*]] = tensor.reduce_sum %[[E]] dims = [1] keepdim = true
// CHECK-NEXT: %[[SB:.*]] = tensor.broadcast %[[S]] dims = [0, 1] : tensor<2x1xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %[[R:.*]] = tensor.div %[[E]], %[[SB]]
// CHECK-NEXT: return %[[R]]
// SOME-LABEL: func.func @softmax
// SOME-NOT: tensor.softmax
func.func @softmax(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tensor.softmax %x dim = -1 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @log_softmax
// CHECK: %[[M:.*]] = tensor.reduce_max %arg0 dims = [0] keepdim = true : tensor<2x3xf32>
// CHECK: %[[D:.*]] = tensor.sub %arg0,
// CHECK: %[[E:.*]] = tensor.exp %[[D]]
// CHECK: %[[S:.*]] = tensor.reduce_sum %[[E]] dims = [0] keepdim = true
// CHECK: %[[L:.*]] = tensor.log %[[S]] : tensor<1x3xf32>
// CHECK: %[[LB:.*]] = tensor.broadcast %[[L]]
// CHECK: %[[R:.*]] = tensor.sub %[[D]], %[[LB]]
// CHECK: return %[[R]]
// SOME-LABEL: func.func @log_softmax
// SOME: tensor.log_softmax
func.func @log_softmax(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tensor.log_softmax %x dim = 0 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @layer_norm
// CHECK: tensor.reduce_sum %arg0 dims = [1, 2] keepdim = true : tensor<2x3x4xf32>
// CHECK: tensor.full 1.200000e+01 : f32 -> tensor<2x1x1xf32>
// CHECK: tensor.full 1.000000e-03 : f32 -> tensor<2x1x1xf32>
// CHECK: tensor.rsqrt
// CHECK: tensor.broadcast %arg1 dims = [1, 2] : tensor<3x4xf32> -> tensor<2x3x4xf32>
// CHECK: tensor.broadcast %arg2 dims = [1, 2] : tensor<3x4xf32> -> tensor<2x3x4xf32>
// CHECK-NOT: tensor.layer_norm
// CHECK-NOT: tensor.reduce_mean
func.func @layer_norm(%x: tensor<2x3x4xf32>, %g: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 2 eps = 1.0e-3 : tensor<2x3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// Cross-entropy picks the target class with a one-hot mask; the targets
// pass through a gather of the class ids, whose bounds check fails for a
// target out of range.
// CHECK-LABEL: func.func @cross_entropy
// CHECK: tensor.log
// CHECK: %[[I:.*]] = tensor.iota dim = 1 : tensor<8x10xi64>
// CHECK-NEXT: %[[C:.*]] = tensor.iota dim = 0 : tensor<10xi64>
// CHECK-NEXT: %[[G:.*]] = tensor.gather %[[C]], %arg1 dim = 0 : tensor<10xi64>, tensor<8xi64>
// CHECK-NEXT: %[[T:.*]] = tensor.broadcast %[[G]] dims = [0] : tensor<8xi64> -> tensor<8x10xi64>
// CHECK-NEXT: %[[M:.*]] = tensor.cmp eq, %[[I]], %[[T]] : tensor<8x10xi64>
// CHECK: tensor.select %[[M]]
// CHECK: tensor.reduce_sum %{{.*}} dims = [1] keepdim = false : tensor<8x10xf32>
// CHECK: tensor.full 8.000000e+00 : f32 -> tensor<f32>
// CHECK: tensor.neg %{{.*}} : tensor<f32>
// CHECK-NOT: tensor.cross_entropy
// CE-LABEL: func.func @cross_entropy
// CE-NOT: tensor.cross_entropy
// CE: tensor.log_softmax
// CE: tensor.reduce_mean
func.func @cross_entropy(%l: tensor<8x10xf32>, %t: tensor<8xi64>) -> tensor<f32> {
  %0 = tensor.cross_entropy %l, %t : tensor<8x10xf32>, tensor<8xi64>
  return %0 : tensor<f32>
}

// Dynamic sizes come from tensor.dim.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[N:.*]] = tensor.dim %arg0 dim = 0 : tensor<?x3xf32>
// CHECK: tensor.broadcast %{{.*}} dims = [0, 1] sizes(%[[N]]) : tensor<?x1xf32> -> tensor<?x3xf32>
// CHECK: %[[O:.*]] = tensor.full 1.000000e+00 : f32 sizes(%{{.*}}) -> tensor<?x3xf32>
// CHECK: tensor.reduce_sum %[[O]] dims = [0]
func.func @dynamic(%x: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<3xf32>) {
  %0 = tensor.softmax %x dim = 1 : tensor<?x3xf32>
  %1 = tensor.reduce_mean %x dims = [0] : tensor<?x3xf32>
  return %0, %1 : tensor<?x3xf32>, tensor<3xf32>
}

// Half-precision composites are computed in f32 and rounded once.
// CHECK-LABEL: func.func @half
// CHECK-NEXT: %[[W:.*]] = tensor.cast %arg0 : tensor<4xbf16> -> tensor<4xf32>
// CHECK: %[[R:.*]] = tensor.cast %{{.*}} : tensor<4xf32> -> tensor<4xbf16>
// CHECK-NEXT: return %[[R]]
func.func @half(%x: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = tensor.softmax %x dim = 0 : tensor<4xbf16>
  return %0 : tensor<4xbf16>
}
