// tensor-to-loops bufferizes functions and turns kernels into loop nests.
// RUN: tt-opt %s --fuse --tensor-to-loops | filecheck %s
// RUN: tt-opt %s --fuse --tensor-to-loops=extern=false | filecheck %s --check-prefix=NOEXT
// RUN: tt-opt %s --tensor-to-loops | filecheck %s --check-prefix=UNFUSED

// Softmax makes two passes over each row of its input, with one
// exponential per element: one loop computes the maximum m, one stores
// e = exp(x - m) into the output while it sums e in f64, and a last loop
// scales the output row by 1/Σ e in place (it reads the output, not the
// input).
// CHECK-LABEL: func.func @softmax(%arg0: memref<4x8xf32>) -> memref<4x8xf32>
// CHECK: %[[OUT:.*]] = loops.alloc() {tt.overwritten} : memref<4x8xf32>
// CHECK: loops.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[M:.*]] = loops.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[MA:.*]] = %{{.*}}) -> f32
// CHECK-NEXT: %[[X:.*]] = loops.load %arg0[%[[I]], %[[J]]]
// CHECK-NEXT: %[[M2:.*]] = arith.maxf %[[MA]], %[[X]] : f32
// CHECK-NEXT: loops.yield %[[M2]] : f32
// CHECK: %[[S:.*]] = loops.for %[[J1:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[SA:.*]] = %{{.*}}) -> f64
// CHECK-NEXT: %[[X1:.*]] = loops.load %arg0[%[[I]], %[[J1]]]
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[X1]], %[[M]] : f32
// CHECK-NEXT: %[[E:.*]] = math.exp %[[D]] : f32
// CHECK-NEXT: %[[EW:.*]] = arith.extf %[[E]] : f32 to f64
// CHECK-NEXT: %[[S2:.*]] = arith.addf %[[SA]], %[[EW]] : f64
// CHECK-NEXT: loops.store %[[E]], %[[OUT]][%[[I]], %[[J1]]]
// CHECK-NEXT: loops.yield %[[S2]] : f64
// CHECK: %[[RW:.*]] = arith.divf %{{.*}}, %[[S]] : f64
// CHECK-NEXT: %[[R:.*]] = arith.truncf %[[RW]] : f64 to f32
// CHECK-NEXT: loops.for %[[J2:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[E2:.*]] = loops.load %[[OUT]][%[[I]], %[[J2]]]
// CHECK-NEXT: %[[Y:.*]] = arith.mulf %[[E2]], %[[R]] : f32
// CHECK-NEXT: loops.store %[[Y]], %[[OUT]][%[[I]], %[[J2]]]
// CHECK-NOT: loops.load %arg0
// CHECK-NOT: math.exp
// CHECK: return %[[OUT]]
func.func @softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// log_softmax makes two passes too: one loop computes the maximum m and
// the sum s of exp(x - m) together (online normalizer: with one
// exponential e = exp(-|x - m|) per element, in f32, s grows by e, or is
// rescaled to s*e + 1 when x is a new maximum; in f64), one writes the
// output (x - m) - log s, without exponentials.
// CHECK-LABEL: func.func @log_softmax(%arg0: memref<4x8xf32>) -> memref<4x8xf32>
// CHECK: %[[OUT:.*]] = loops.alloc() {tt.overwritten} : memref<4x8xf32>
// CHECK: loops.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[R:.*]]:2 = loops.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[S:.*]] = %{{.*}}) -> (f32, f64)
// CHECK-NEXT: %[[X:.*]] = loops.load %arg0[%[[I]], %[[J]]]
// CHECK-NEXT: %[[M2:.*]] = arith.maxf %[[M]], %[[X]] : f32
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[X]], %[[M]] : f32
// CHECK-NEXT: %[[A:.*]] = math.absf %[[D]] : f32
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[A]] : f32
// CHECK-NEXT: %[[E32:.*]] = math.exp %[[N]] : f32
// CHECK-NEXT: %[[E:.*]] = arith.extf %[[E32]] : f32 to f64
// CHECK-NEXT: %[[SE:.*]] = arith.mulf %[[S]], %[[E]] : f64
// CHECK-NEXT: %[[GROWN:.*]] = arith.addf %[[SE]], %{{.*}} : f64
// CHECK-NEXT: %[[SAME:.*]] = arith.addf %[[S]], %[[E]] : f64
// CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[M]] : f32
// CHECK-NEXT: %[[S2:.*]] = arith.select %[[GT]], %[[GROWN]], %[[SAME]] : f64
// CHECK-NEXT: %[[EMPTY:.*]] = arith.cmpf oeq, %[[M2]], %{{.*}} : f32
// CHECK-NEXT: %[[S3:.*]] = arith.select %[[EMPTY]], %[[S]], %[[S2]] : f64
// CHECK-NEXT: loops.yield %[[M2]], %[[S3]] : f32, f64
// CHECK: %[[SUM:.*]] = arith.truncf %{{.*}} : f64 to f32
// CHECK-NEXT: %[[LOG:.*]] = math.log %[[SUM]] : f32
// CHECK-NEXT: loops.for %[[J2:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[X2:.*]] = loops.load %arg0[%[[I]], %[[J2]]]
// CHECK-NEXT: %[[D2:.*]] = arith.subf %[[X2]], %[[R]]#0 : f32
// CHECK-NEXT: %[[Y:.*]] = arith.subf %[[D2]], %[[LOG]] : f32
// CHECK-NEXT: loops.store %[[Y]], %[[OUT]][%[[I]], %[[J2]]]
// CHECK-NOT: loops.load %arg0
// CHECK: return %[[OUT]]
func.func @log_softmax(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.log_softmax %x dim = 1 : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// An element-wise chain is one loop nest with one load per input and one
// store; nothing in between reaches memory.
// CHECK-LABEL: func.func @gelu
// CHECK: loops.for
// CHECK-NEXT: loops.for
// CHECK-NEXT: loops.load %arg0
// CHECK-NOT: loops.load
// CHECK: math.tanh
// CHECK-NOT: loops.store
// CHECK: loops.store
// CHECK-NOT: loops.store
// CHECK: return
func.func @gelu(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.gelu %x approximate = tanh : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// Dynamic sizes come from loops.dim; the broadcast is a load of the bias at
// the column index, and the sum accumulates in an iter_arg.
// CHECK-LABEL: func.func @dyn(%arg0: memref<?x8xf32>, %arg1: memref<8xf32>) -> memref<?xf32>
// CHECK: %[[N:.*]] = loops.dim %arg0, 0 : memref<?x8xf32>
// CHECK: %[[OUT:.*]] = loops.alloc(%[[N]]) {tt.overwritten} : memref<?xf32>
// CHECK: loops.for %[[I:.*]] = %{{.*}} to %[[N]] step
// CHECK-NEXT: loops.for %[[J:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> f64
// CHECK-NEXT: loops.load %arg0[%[[I]], %[[J]]]
// CHECK-NEXT: loops.load %arg1[%[[J]]]
// CHECK: arith.addf %[[ACC]], %{{.*}} : f64
// CHECK: loops.store %{{.*}}, %[[OUT]][%[[I]]] : memref<?xf32>
func.func @dyn(%x: tensor<?x8xf32>, %b: tensor<8xf32>) -> tensor<?xf32> {
  %n = tensor.dim %x dim = 0 : tensor<?x8xf32>
  %bb = tensor.broadcast %b dims = [1] sizes(%n) : tensor<8xf32> -> tensor<?x8xf32>
  %s = tensor.mul %x, %bb : tensor<?x8xf32>
  %r = tensor.reduce_sum %s dims = [1] : tensor<?x8xf32>
  return %r : tensor<?xf32>
}

// matmul and conv2d call the runtime kernels on buffers.
// CHECK-LABEL: func.func @extern
// CHECK: %[[M:.*]] = loops.alloc() {tt.overwritten} : memref<2x3x5xf32>
// CHECK-NEXT: loops.call_extern "tt.matmul"(%arg0, %arg1, %[[M]]) : (memref<2x3x4xf32>, memref<2x4x5xf32>, memref<2x3x5xf32>) -> ()
// CHECK: %[[C:.*]] = loops.alloc() {tt.overwritten} : memref<1x3x2x2xf32>
// CHECK-NEXT: loops.call_extern "tt.conv2d"(%arg2, %arg3, %[[C]]) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>}
// NOEXT-LABEL: func.func @extern
// NOEXT-NOT: loops.call_extern
// NOEXT: loops.if
// NOEXT: return
func.func @extern(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %x: tensor<1x2x4x4xf32>, %w: tensor<3x2x3x3xf32>) -> (tensor<2x3x5xf32>, tensor<1x3x2x2xf32>) {
  %m = tensor.matmul %a, %b : tensor<2x3x4xf32>, tensor<2x4x5xf32>
  %c = tensor.conv2d %x, %w stride = [2, 2] padding = [1, 1] : tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>
  return %m, %c : tensor<2x3x5xf32>, tensor<1x3x2x2xf32>
}

// Padding and concatenation read their operands under loops.if; the
// index arithmetic is folded and hoisted to the loop where it is invariant.
// CHECK-LABEL: func.func @pad_concat
// CHECK: loops.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[LO:.*]] = arith.cmpi sge, %[[I]]
// CHECK-NEXT: %[[HI:.*]] = arith.cmpi slt, %[[I]]
// CHECK-NEXT: %[[ROW:.*]] = arith.andi %[[LO]], %[[HI]] : i1
// CHECK-NEXT: %[[I1:.*]] = arith.addi %[[I]], %c-1 : index
// CHECK-NEXT: loops.for %[[J:.*]] = %{{.*}} to %{{.*}} step
// CHECK: loops.if %{{.*}} -> f32 {
// CHECK: loops.if %{{.*}} -> f32 {
// CHECK-NEXT: loops.load %arg0[%[[I1]], %[[J]]] : memref<2x3xf32>
// CHECK: loops.load %arg1[%[[I1]], %{{.*}}] : memref<2x2xf32>
func.func @pad_concat(%x: tensor<2x3xf32>, %y: tensor<2x2xf32>) -> tensor<4x5xf32> {
  %p = tensor.pad %x low = [1, 0] high = [1, 0] {value = -1.0 : f32} : tensor<2x3xf32>
  %q = tensor.pad %y low = [1, 0] high = [1, 0] : tensor<2x2xf32>
  %c = tensor.concat %p, %q dim = 1 : tensor<4x3xf32>, tensor<4x2xf32>
  return %c : tensor<4x5xf32>
}

// argmax carries the value and the index; the first maximum (or NaN) wins.
// CHECK-LABEL: func.func @argmax
// CHECK: loops.for {{.*}} iter_args(%[[M:.*]] = %{{.*}}, %[[K:.*]] = %{{.*}}) -> (f32, i64)
// CHECK: arith.cmpf ogt
// CHECK: arith.cmpf uno
// CHECK: arith.index_cast
// CHECK: arith.select
// CHECK: loops.store %{{.*}}#1
func.func @argmax(%x: tensor<3x4xf32>) -> tensor<3xi64> {
  %0 = tensor.argmax %x dim = 1 : tensor<3x4xf32>
  return %0 : tensor<3xi64>
}

// A reshape of contiguous data is a load at the delinearized index, which
// simplifies to the loop variables.
// CHECK-LABEL: func.func @reshape
// CHECK: loops.for %[[I:.*]] = %{{.*}} to %c2 step
// CHECK-NEXT: loops.for %[[J:.*]] = %{{.*}} to %c12 step
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %[[J]], %c4 : index
// CHECK-NEXT: %[[R:.*]] = arith.remsi %[[J]], %c4 : index
// CHECK-NEXT: loops.load %arg0[%[[I]], %[[Q]], %[[R]]] : memref<2x3x4xf32>
func.func @reshape(%x: tensor<2x3x4xf32>) -> tensor<2x12xf32> {
  %0 = tensor.reshape %x : tensor<2x3x4xf32> -> tensor<2x12xf32>
  %1 = tensor.neg %0 : tensor<2x12xf32>
  return %1 : tensor<2x12xf32>
}

// Without fuse, every op is a kernel of its own (and intermediate values
// are buffers).
// UNFUSED-LABEL: func.func @softmax
// UNFUSED-COUNT-7: loops.alloc
// UNFUSED-NOT: loops.alloc
// UNFUSED: return

// Integer pow is one math.ipowi per element (ATen's repeated squaring with
// wraparound, negative exponents included: numerics.IPow), the op the
// interpreter and the Go backend compute with the same rule.
// CHECK-LABEL: func.func @int_pow(%arg0: memref<6xi32>, %arg1: memref<6xi32>) -> memref<6xi32>
// CHECK: loops.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[A:.*]] = loops.load %arg0[%[[I]]]
// CHECK-NEXT: %[[B:.*]] = loops.load %arg1[%[[I]]]
// CHECK-NEXT: %[[P:.*]] = math.ipowi %[[A]], %[[B]] : i32
// CHECK-NEXT: loops.store %[[P]]
func.func @int_pow(%a: tensor<6xi32>, %b: tensor<6xi32>) -> tensor<6xi32> {
  %0 = tensor.pow %a, %b : tensor<6xi32>
  return %0 : tensor<6xi32>
}
