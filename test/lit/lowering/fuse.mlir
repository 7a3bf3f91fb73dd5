// The fuse pass groups tensor ops into loops.kernel ops.
// RUN: tt-opt %s --fuse | filecheck %s
// RUN: tt-opt %s --fuse --pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS
// RUN: tt-opt %s --fuse=horizontal=false | filecheck %s --check-prefix=NOH
// RUN: tt-opt %s --fuse=remarks=true -o /dev/null 2>&1 | filecheck %s --check-prefix=REMARK

// STATS: Fuse
// STATS-DAG: 14 num-kernels
// STATS-DAG: 1 num-epilogues
// STATS-DAG: 2 num-horizontal

// An element-wise chain (with a decomposed gelu) is one kernel; values
// computed inside never leave it, the full constants are inlined.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT: %[[K:.*]] = loops.kernel "fused_add_mul_erf_tanh_0" pointwise (%arg0, %arg1)
// CHECK: tensor.erf
// CHECK: tensor.tanh
// CHECK: loops.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[K]]
func.func @chain(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.add %x, %y : tensor<4x8xf32>
  %1 = tensor.gelu %0 : tensor<4x8xf32>
  %2 = tensor.mul %1, %x : tensor<4x8xf32>
  %3 = tensor.tanh %2 : tensor<4x8xf32>
  return %3 : tensor<4x8xf32>
}

// Softmax: the max, the exp, the sum and the division are one reduction
// kernel (the exp, used twice, is computed in the kernel, not stored).
// CHECK-LABEL: func.func @softmax
// CHECK-NEXT: %[[K:.*]] = loops.kernel "fused_reduce_max_sub_exp_reduce_sum_div_0" reduction (%arg0) : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK: tensor.reduce_max
// CHECK: tensor.exp
// CHECK: tensor.reduce_sum
// CHECK: tensor.div
// CHECK: loops.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[K]]
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// Layer norm: both reductions and the affine epilogue are one kernel.
// CHECK-LABEL: func.func @layer_norm
// CHECK-NEXT: %[[K:.*]] = loops.kernel "fused_reduce_sum_div_sub_mul_add_rsqrt_0" reduction (%arg0, %arg1, %arg2)
// CHECK-NOT: loops.kernel
// CHECK: return %[[K]]
func.func @layer_norm(%x: tensor<6x16xf32>, %g: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<6x16xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 1 eps = 1.0e-05 : tensor<6x16xf32>, tensor<16xf32>, tensor<16xf32>
  return %0 : tensor<6x16xf32>
}

// Two reductions over the same rows share a kernel (horizontal fusion).
// CHECK-LABEL: func.func @two_reductions
// CHECK-NEXT: %[[K:.*]]:2 = loops.kernel "fused_reduce_sum_reduce_max_0" reduction (%arg0) : (tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK: return %[[K]]#0, %[[K]]#1
// NOH-LABEL: func.func @two_reductions
// NOH: loops.kernel "fused_reduce_sum_0"
// NOH: loops.kernel "fused_reduce_max_1"
func.func @two_reductions(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = tensor.reduce_sum %x dims = [1] : tensor<4x8xf32>
  %1 = tensor.reduce_max %x dims = [1] : tensor<4x8xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// An expensive value broadcast along the outer dimension is realized once
// rather than recomputed for every row of its consumer.
// CHECK-LABEL: func.func @no_duplication
// CHECK-NEXT: %[[E:.*]] = loops.kernel "fused_exp_0" pointwise (%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// CHECK: loops.kernel "fused_add_1" pointwise (%[[E]], %arg1)
// CHECK: tensor.broadcast
func.func @no_duplication(%x: tensor<8xf32>, %y: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.exp %x : tensor<8xf32>
  %1 = tensor.broadcast %0 dims = [1] : tensor<8xf32> -> tensor<4x8xf32>
  %2 = tensor.add %1, %y : tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// matmul is an extern kernel; its bias-add and relu epilogue joins it
// (tt.matmul computes it in the output tile); only the tensor.dim stays
// outside kernels.
// CHECK-LABEL: func.func @linear
// CHECK-NEXT: %[[N:.*]] = tensor.dim %arg0 dim = 0
// CHECK-NEXT: %[[M:.*]] = loops.kernel "matmul_0" matmul (%arg0, %arg1, %arg2, %[[N]]) : (tensor<?x16xf32>, tensor<16x8xf32>, tensor<8xf32>, index) -> tensor<?x8xf32>
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tensor.matmul
// CHECK-NEXT: tensor.broadcast %{{.*}} dims = [1] sizes(%{{.*}})
// CHECK-NEXT: tensor.add
// CHECK-NEXT: tensor.relu
// CHECK-NEXT: loops.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[M]]
func.func @linear(%x: tensor<?x16xf32>, %w: tensor<16x8xf32>, %b: tensor<8xf32>) -> tensor<?x8xf32> {
  %n = tensor.dim %x dim = 0 : tensor<?x16xf32>
  %h = tensor.matmul %x, %w : tensor<?x16xf32>, tensor<16x8xf32>
  %bb = tensor.broadcast %b dims = [1] sizes(%n) : tensor<8xf32> -> tensor<?x8xf32>
  %h1 = tensor.add %h, %bb : tensor<?x8xf32>
  %r = tensor.relu %h1 : tensor<?x8xf32>
  return %r : tensor<?x8xf32>
}

// A transpose of the last two dimensions feeding a matmul joins its
// kernel (tt.matmul reads the untransposed buffer in place); scatter_add is
// an opaque kernel with its producers inlined; the conv is an extern
// kernel of kind conv.
// CHECK-LABEL: func.func @kinds
// CHECK: loops.kernel "matmul_0" matmul (%arg0, %arg1)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tensor.transpose
// CHECK-NEXT: tensor.matmul
// CHECK: loops.kernel "scatter_add_1" opaque
// CHECK-NEXT: ^bb0
// CHECK-NEXT: tensor.full
// CHECK-NEXT: tensor.exp
// CHECK-NEXT: tensor.scatter_add
// CHECK: loops.kernel "conv2d_2" conv
func.func @kinds(%a: tensor<4x3xf32>, %b: tensor<4x5xf32>, %i: tensor<2xi64>, %s: tensor<2x5xf32>, %x: tensor<1x2x5x5xf32>, %w: tensor<3x2x3x3xf32>) -> (tensor<3x5xf32>, tensor<6x5xf32>, tensor<1x3x3x3xf32>) {
  %t = tensor.transpose %a perm = [1, 0] : tensor<4x3xf32>
  %m = tensor.matmul %t, %b : tensor<3x4xf32>, tensor<4x5xf32>
  %z = tensor.full 0.0 : f32 -> tensor<6x5xf32>
  %e = tensor.exp %s : tensor<2x5xf32>
  %sc = tensor.scatter_add %z, %i, %e dim = 0 : tensor<6x5xf32>, tensor<2xi64>, tensor<2x5xf32>
  %c = tensor.conv2d %x, %w : tensor<1x2x5x5xf32>, tensor<3x2x3x3xf32>
  return %m, %sc, %c : tensor<3x5xf32>, tensor<6x5xf32>, tensor<1x3x3x3xf32>
}

// Dense constants stay outside kernels and are read as inputs; an iota
// folded into a constant is recomputed from the index instead.
// CHECK-LABEL: func.func @constants
// CHECK-NEXT: %[[C:.*]] = tensor.constant dense<[1.000000e+00, 5.000000e+00, 2.000000e+00, 0.000000e+00]>
// CHECK-NEXT: loops.kernel "fused_add_mul_0" pointwise (%arg0, %[[C]])
// CHECK: tensor.constant dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]>
func.func @constants(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = tensor.constant dense<[1.0, 5.0, 2.0, 0.0]> : tensor<4xf32>
  %i = tensor.constant dense<[0.0, 1.0, 2.0, 3.0]> : tensor<4xf32>
  %0 = tensor.add %x, %c : tensor<4xf32>
  %1 = tensor.mul %0, %i : tensor<4xf32>
  return %1 : tensor<4xf32>
}

// Two reductions whose results feed element-wise consumers of each
// other's inputs: fusing each reduction with the consumer that reads its
// input is convex op by op, but both merges together make two kernels
// that depend on each other. The second merge is refused (the groups are
// checked as the kernels they become), leaving three kernels in order.
// REMARK: fuse.mlir:[[@LINE+11]]:8: remark: fuse: tensor.add not fused with independent tensor.reduce_sum at {{.*}}fuse.mlir:[[@LINE+7]]:9: a path between the two leaves the kernel and comes back (fusing would make a cycle of kernels)
// CHECK-LABEL: func.func @crossed_reductions
// CHECK-NEXT: %[[SA:.*]] = loops.kernel "fused_reduce_sum_{{[0-9]+}}" reduction (%arg0)
// CHECK: %[[SB:.*]]:2 = loops.kernel "fused_reduce_sum_add_{{[0-9]+}}" reduction (%arg1, %[[SA]])
// CHECK: %[[X:.*]] = loops.kernel "fused_add_{{[0-9]+}}" pointwise (%[[SB]]#0, %arg0)
// CHECK: return %[[X]], %[[SB]]#1
func.func @crossed_reductions(%a: tensor<4xf32>, %b: tensor<2x4xf32>) -> (tensor<4xf32>, tensor<2x4xf32>) {
  %sa = tensor.reduce_sum %a dims = [0] : tensor<4xf32>
  %sb = tensor.reduce_sum %b dims = [0, 1] : tensor<2x4xf32>
  %ba = tensor.broadcast %sb dims = [] : tensor<f32> -> tensor<4xf32>
  %bb = tensor.broadcast %sa dims = [] : tensor<f32> -> tensor<2x4xf32>
  %x = tensor.add %a, %ba : tensor<4xf32>
  %y = tensor.add %b, %bb : tensor<2x4xf32>
  return %x, %y : tensor<4xf32>, tensor<2x4xf32>
}
