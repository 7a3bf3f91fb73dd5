// f16 and bf16 at the loop level (tensor-to-loops): buffers keep the 16-bit
// type; ops on 16-bit floats compute in f32 between arith.extf and
// arith.truncf, rounding once per tensor op.
// RUN: tt-opt %s --fuse --tensor-to-loops | filecheck %s
// RUN: tt-opt %s --pass-pipeline=pt2-go | filecheck %s --check-prefix=PT2

// The whole pipeline keeps 16-bit loops scalar (vectorize handles f32 and
// f64 lanes only).
// PT2-LABEL: func.func @add
// PT2-NOT: vector.
// PT2: return

// Element-wise ops on f16 load the 16-bit elements, widen them, compute in
// f32 and round the result once when it is stored.
// CHECK-LABEL: func.func @add(%arg0: memref<16xf16>, %arg1: memref<16xf16>) -> memref<16xf16>
// CHECK: %[[OUT:.*]] = loops.alloc() {tt.overwritten} : memref<16xf16>
// CHECK: %[[A:.*]] = loops.load %arg0[%[[I:.*]]] : memref<16xf16>
// CHECK-NEXT: %[[AW:.*]] = arith.extf %[[A]] : f16 to f32
// CHECK-NEXT: %[[B:.*]] = loops.load %arg1[%[[I]]] : memref<16xf16>
// CHECK-NEXT: %[[BW:.*]] = arith.extf %[[B]] : f16 to f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[AW]], %[[BW]] : f32
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[S]] : f32 to f16
// CHECK-NEXT: loops.store %[[R]], %[[OUT]][%[[I]]] : memref<16xf16>
func.func @add(%x: tensor<16xf16>, %y: tensor<16xf16>) -> tensor<16xf16> {
  %0 = "tensor.add"(%x, %y) : (tensor<16xf16>, tensor<16xf16>) -> tensor<16xf16>
  return %0 : tensor<16xf16>
}

// Each tensor op rounds its result to the 16-bit type, as PyTorch's eager
// ops and the interpreter do, inside the fused kernel too.
// CHECK-LABEL: func.func @chain
// CHECK: %[[S:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NEXT: %[[SR:.*]] = arith.truncf %[[S]] : f32 to bf16
// CHECK-NEXT: %[[SW:.*]] = arith.extf %[[SR]] : bf16 to f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[SW]] : f32
// CHECK-NEXT: %[[ER:.*]] = arith.truncf %[[E]] : f32 to bf16
// CHECK-NEXT: loops.store %[[ER]]
func.func @chain(%x: tensor<4xbf16>, %y: tensor<4xbf16>) -> tensor<4xbf16> {
  %0 = "tensor.add"(%x, %y) : (tensor<4xbf16>, tensor<4xbf16>) -> tensor<4xbf16>
  %1 = "tensor.exp"(%0) : (tensor<4xbf16>) -> tensor<4xbf16>
  return %1 : tensor<4xbf16>
}

// Reductions accumulate the widened elements as f32 reductions do (sums in
// f64) and round once at the end.
// CHECK-LABEL: func.func @sum
// CHECK: loops.for %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> f64
// CHECK-NEXT: %[[X:.*]] = loops.load %arg0[%{{.*}}, %{{.*}}] : memref<3x5xf16>
// CHECK-NEXT: %[[XW:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT: %[[XD:.*]] = arith.extf %[[XW]] : f32 to f64
// CHECK-NEXT: arith.addf %[[ACC]], %[[XD]] : f64
// CHECK: %[[T:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK-NEXT: %[[TH:.*]] = arith.truncf %[[T]] : f32 to f16
// CHECK-NEXT: loops.store %[[TH]], %{{.*}} : memref<3xf16>
func.func @sum(%x: tensor<3x5xf16>) -> tensor<3xf16> {
  %0 = "tensor.reduce_sum"(%x) {dims = array<i64: 1>} : (tensor<3x5xf16>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// A 16-bit matmul passes its 16-bit buffers to tt.matmul, which writes the
// product in f32 (as tensor cores accumulate f16/bf16 products); one loop
// rounds it into the bf16 result.
// CHECK-LABEL: func.func @mm
// CHECK: %[[OUT:.*]] = loops.alloc() {tt.overwritten} : memref<3x2xbf16>
// CHECK: %[[P:.*]] = loops.alloc() {tt.overwritten} : memref<3x2xf32>
// CHECK-NOT: arith.extf
// CHECK: loops.call_extern "tt.matmul"(%arg0, %arg1, %[[P]]) : (memref<3x8xbf16>, memref<8x2xbf16>, memref<3x2xf32>) -> ()
// CHECK: %[[V:.*]] = loops.load %[[P]]
// CHECK-NEXT: %[[VR:.*]] = arith.truncf %[[V]] : f32 to bf16
// CHECK-NEXT: loops.store %[[VR]], %[[OUT]]
func.func @mm(%a: tensor<3x8xbf16>, %b: tensor<8x2xbf16>) -> tensor<3x2xbf16> {
  %0 = "tensor.matmul"(%a, %b) : (tensor<3x8xbf16>, tensor<8x2xbf16>) -> tensor<3x2xbf16>
  return %0 : tensor<3x2xbf16>
}

// Ops that only move data keep 16-bit scalars: a padded element is an f16
// constant or a loaded one, stored without conversions.
// CHECK-LABEL: func.func @pad
// CHECK-NOT: arith.extf
// CHECK: %[[C:.*]] = arith.constant 5.000000e-01 : f16
// CHECK: %[[V:.*]] = loops.if %{{.*}} -> f16
// CHECK-NEXT: %[[X:.*]] = loops.load %arg0[%{{.*}}] : memref<2xf16>
// CHECK-NEXT: loops.yield %[[X]] : f16
// CHECK: loops.yield %[[C]] : f16
// CHECK: loops.store %[[V]], %{{.*}} : memref<4xf16>
// CHECK-NOT: arith.truncf
// CHECK: return
func.func @pad(%x: tensor<2xf16>) -> tensor<4xf16> {
  %0 = "tensor.pad"(%x) {low = array<i64: 1>, high = array<i64: 1>, value = 5.000000e-01 : f16} : (tensor<2xf16>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// Casts to and from 16-bit floats go through f32, as c10::Half converts:
// f64 rounds to f32 first, f16 widens to f32 before an integer conversion.
// CHECK-LABEL: func.func @casts
// CHECK: %[[D:.*]] = loops.load %arg0[%{{.*}}] : memref<4xf64>
// CHECK-NEXT: %[[F:.*]] = arith.truncf %[[D]] : f64 to f32
// CHECK-NEXT: %[[H:.*]] = arith.truncf %[[F]] : f32 to f16
// CHECK: %[[X:.*]] = loops.load %arg1[%{{.*}}] : memref<4xf16>
// CHECK-NEXT: %[[XW:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT: arith.fptosi %[[XW]] : f32 to i32
// CHECK: arith.truncf %[[XW]] : f32 to bf16
func.func @casts(%x: tensor<4xf64>, %h: tensor<4xf16>) -> (tensor<4xf16>, tensor<4xi32>, tensor<4xbf16>) {
  %0 = "tensor.cast"(%x) : (tensor<4xf64>) -> tensor<4xf16>
  %1 = "tensor.cast"(%h) : (tensor<4xf16>) -> tensor<4xi32>
  %2 = "tensor.cast"(%h) : (tensor<4xf16>) -> tensor<4xbf16>
  return %0, %1, %2 : tensor<4xf16>, tensor<4xi32>, tensor<4xbf16>
}

// A 16-bit conv2d likewise passes x and w to tt.conv2d with an f32 output.
// CHECK-LABEL: func.func @conv
// CHECK: %[[P:.*]] = loops.alloc() {tt.overwritten} : memref<1x1x2x2xf32>
// CHECK-NOT: arith.extf
// CHECK: loops.call_extern "tt.conv2d"(%arg0, %arg1, %[[P]]) {{.*}} : (memref<1x1x4x4xf16>, memref<1x1x3x3xf16>, memref<1x1x2x2xf32>) -> ()
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @conv(%x: tensor<1x1x4x4xf16>, %w: tensor<1x1x3x3xf16>) -> tensor<1x1x2x2xf16> {
  %0 = "tensor.conv2d"(%x, %w) : (tensor<1x1x4x4xf16>, tensor<1x1x3x3xf16>) -> tensor<1x1x2x2xf16>
  return %0 : tensor<1x1x2x2xf16>
}
