// max_pool2d of f32/f64 NCHW tensors lowers to the runtime kernel
// tt.max_pool2d (numerics/linalg: output rows swept tap by tap with SIMD
// loads in SIMD builds) instead of window loops, whose loads are strided by
// the pooling stride and stay scalar; a producer fused into the pooling
// kernel is stored first. Other element types keep the window loops.
// RUN: tt-opt %s --pt2-go | filecheck %s

// CHECK-LABEL: func.func @pool
// CHECK-NEXT: %[[O:.*]] = loops.alloc() {tt.overwritten} : memref<8x16x16x16xf32>
// CHECK-NEXT: loops.call_extern "tt.max_pool2d"(%arg0, %[[O]]) {dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>}
// CHECK-NEXT: return %[[O]]
func.func @pool(%x: tensor<8x16x32x32xf32>) -> tensor<8x16x16x16xf32> {
  %0 = tensor.max_pool2d %x kernel = [2, 2] : tensor<8x16x32x32xf32>
  return %0 : tensor<8x16x16x16xf32>
}

// CHECK-LABEL: func.func @relu_pool
// CHECK: %[[R:.*]] = loops.alloc() {tt.overwritten} : memref<2x3x9x9xf64>
// CHECK: loops.store %{{.*}}, %[[R]]
// CHECK: loops.call_extern "tt.max_pool2d"(%[[R]], %{{.*}}) {dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>}
// CHECK: loops.dealloc %[[R]]
func.func @relu_pool(%x: tensor<2x3x9x9xf64>) -> tensor<2x3x5x5xf64> {
  %r = tensor.relu %x : tensor<2x3x9x9xf64>
  %0 = tensor.max_pool2d %r kernel = [3, 3] stride = [2, 2] padding = [1, 1] : tensor<2x3x9x9xf64>
  return %0 : tensor<2x3x5x5xf64>
}

// CHECK-LABEL: func.func @ints
// CHECK-NOT: call_extern
// CHECK: arith.maxsi
func.func @ints(%x: tensor<1x2x4x4xi32>) -> tensor<1x2x2x2xi32> {
  %0 = tensor.max_pool2d %x kernel = [2, 2] : tensor<1x2x4x4xi32>
  return %0 : tensor<1x2x2x2xi32>
}
