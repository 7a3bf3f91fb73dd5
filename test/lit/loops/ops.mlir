// Every loops op in its custom form: tt-opt prints what it reads, and reads
// what it prints (twice through tt-opt gives the same text), in the custom
// and in the generic form.
// RUN: tt-opt %s | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: tt-opt %s --print-op-generic | tt-opt --print-op-generic | filecheck %s --check-prefix=GENERIC

// The generic form: operands in order, dim and callee as attributes,
// loops.parallel's bounds in operand_segment_sizes (MLIR 16's name),
// regions with explicit entry blocks, loops.if's empty else region.
// GENERIC: %[[C0:.*]] = "arith.constant"() {value = 0 : index} : () -> index
// GENERIC-NEXT: %[[B:.*]] = "loops.alloc"(%arg1) : (index) -> memref<?xf32>
// GENERIC-NEXT: %[[S:.*]] = "loops.alloc"() : () -> memref<f64>
// GENERIC-NEXT: %[[D:.*]] = "loops.dim"(%arg0) {dim = 1 : i64} : (memref<4x?xf32>) -> index
// GENERIC-NEXT: %[[X:.*]] = "loops.load"(%arg0, %[[C0]], %[[D]]) : (memref<4x?xf32>, index, index) -> f32
// GENERIC-NEXT: "loops.store"(%[[X]], %[[B]], %[[C0]]) : (f32, memref<?xf32>, index) -> ()
// GENERIC-NEXT: %[[Y:.*]] = "loops.load"(%[[S]]) : (memref<f64>) -> f64
// GENERIC-NEXT: "loops.store"(%[[Y]], %[[S]]) : (f64, memref<f64>) -> ()
// GENERIC-NEXT: "loops.copy"(%[[B]], %[[B]]) : (memref<?xf32>, memref<?xf32>) -> ()
// GENERIC-NEXT: "loops.dealloc"(%[[S]]) : (memref<f64>) -> ()
// GENERIC: %[[Z:.*]] = "arith.constant"() {value = 0.000000e+00 : f32} : () -> f32
// GENERIC-NEXT: %[[R:.*]]:2 = "loops.for"(%arg2, %arg1, %arg3, %[[Z]], %arg2) ({
// GENERIC-NEXT: ^bb0(%arg4: index, %arg5: f32, %arg6: index):
// GENERIC-NEXT: %[[L:.*]] = "loops.load"(%arg0, %arg4, %arg6) : (memref<?x?xf32>, index, index) -> f32
// GENERIC-NEXT: %[[A:.*]] = "arith.addf"(%arg5, %[[L]])
// GENERIC-NEXT: "loops.yield"(%[[A]], %arg4) : (f32, index) -> ()
// GENERIC-NEXT: }) : (index, index, index, f32, index) -> (f32, index)
// GENERIC-NEXT: "loops.for"(%arg2, %arg1, %arg3) ({
// GENERIC-NEXT: ^bb0(%arg4: index):
// GENERIC-NEXT: "loops.yield"() : () -> ()
// GENERIC-NEXT: }) : (index, index, index) -> ()
// GENERIC-NEXT: "loops.parallel"(%arg2, %arg2, %arg1, %arg1, %arg3, %arg3) ({
// GENERIC-NEXT: ^bb0(%arg4: index, %arg5: index):
// GENERIC-NEXT: "loops.store"(%[[R]]#0, %arg0, %arg4, %arg5) : (f32, memref<?x?xf32>, index, index) -> ()
// GENERIC-NEXT: "loops.yield"() : () -> ()
// GENERIC-NEXT: }) {operand_segment_sizes = array<i32: 2, 2, 2>} : (index, index, index, index, index, index) -> ()
// GENERIC-NEXT: "loops.parallel"(%arg2, %arg1, %arg3) ({
// GENERIC-NEXT: ^bb0(%arg4: index):
// GENERIC-NEXT: "loops.yield"() : () -> ()
// GENERIC-NEXT: }) {note = "one dimension", operand_segment_sizes = array<i32: 1, 1, 1>} : (index, index, index) -> ()
// GENERIC: %[[I:.*]]:2 = "loops.if"(%arg0) ({
// GENERIC-NEXT: "loops.yield"(%arg1, %arg2) : (f32, f32) -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: "loops.yield"(%arg2, %arg1) : (f32, f32) -> ()
// GENERIC-NEXT: }) : (i1) -> (f32, f32)
// GENERIC-NEXT: "loops.if"(%arg0) ({
// GENERIC-NEXT: "loops.store"(%[[I]]#1, %arg3) : (f32, memref<f32>) -> ()
// GENERIC-NEXT: "loops.yield"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: }) : (i1) -> ()
// GENERIC-NEXT: "loops.if"(%arg0) ({
// GENERIC-NEXT: "loops.yield"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: "loops.store"(%[[I]]#0, %arg3) : (f32, memref<f32>) -> ()
// GENERIC-NEXT: "loops.yield"() : () -> ()
// GENERIC-NEXT: }) : (i1) -> ()
// GENERIC: "loops.call_extern"(%arg0, %arg1, %arg2) {callee = "tt.matmul"} : (memref<2x3x4xf32>, memref<2x4x5xf32>, memref<2x3x5xf32>) -> ()
// GENERIC-NEXT: "loops.call_extern"(%arg3, %arg4, %arg5) {callee = "tt.conv2d", dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (memref<1x4x8x8xf64>, memref<6x2x3x3xf64>, memref<1x6x4x4xf64>) -> ()
// GENERIC-NEXT: "loops.call_extern"(%arg0, %arg6) {callee = "my.kernel"} : (memref<2x3x4xf32>, index) -> ()
// GENERIC: %[[K:.*]]:2 = "loops.kernel"(%arg0, %arg1) ({
// GENERIC-NEXT: ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
// GENERIC-NEXT: %[[KS:.*]] = "tensor.add"(%arg0, %arg1)
// GENERIC-NEXT: %[[KE:.*]] = "tensor.exp"(%[[KS]])
// GENERIC-NEXT: "loops.yield"(%[[KS]], %[[KE]]) : (tensor<4xf32>, tensor<4xf32>) -> ()
// GENERIC-NEXT: }) {kind = "pointwise", name = "fused_add_exp_0"} : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// GENERIC-NEXT: %[[K1:.*]] = "loops.kernel"() ({
// GENERIC-NEXT: %[[IOTA:.*]] = "tensor.iota"() {dim = 0 : i64} : () -> tensor<2xi32>
// GENERIC-NEXT: "loops.yield"(%[[IOTA]]) : (tensor<2xi32>) -> ()
// GENERIC-NEXT: }) {kind = "opaque", name = "k1", origin = "test"} : () -> tensor<2xi32>
// GENERIC-NEXT: "func.return"(%[[K]]#1, %[[K1]]) : (tensor<4xf32>, tensor<2xi32>) -> ()

// CHECK-LABEL: func.func @buffers(
// CHECK-SAME: %[[M:.*]]: memref<4x?xf32>, %[[N:.*]]: index, %[[V:.*]]: f32)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[B:.*]] = loops.alloc(%[[N]]) : memref<?xf32>
// CHECK-NEXT: %[[S:.*]] = loops.alloc() : memref<f64>
// CHECK-NEXT: %[[D:.*]] = loops.dim %[[M]], 1 : memref<4x?xf32>
// CHECK-NEXT: %[[X:.*]] = loops.load %[[M]][%[[C0]], %[[D]]] : memref<4x?xf32>
// CHECK-NEXT: loops.store %[[X]], %[[B]][%[[C0]]] : memref<?xf32>
// CHECK-NEXT: %[[Y:.*]] = loops.load %[[S]][] : memref<f64>
// CHECK-NEXT: loops.store %[[Y]], %[[S]][] : memref<f64>
// CHECK-NEXT: loops.copy %[[B]], %[[B]] : memref<?xf32>, memref<?xf32>
// CHECK-NEXT: loops.dealloc %[[S]] : memref<f64>
// CHECK-NEXT: return %[[B]] : memref<?xf32>
func.func @buffers(%m: memref<4x?xf32>, %n: index, %v: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %b = loops.alloc(%n) : memref<?xf32>
  %s = loops.alloc() : memref<f64>
  %d = loops.dim %m, 1 : memref<4x?xf32>
  %x = loops.load %m[%c0, %d] : memref<4x?xf32>
  loops.store %x, %b[%c0] : memref<?xf32>
  %y = loops.load %s[] : memref<f64>
  loops.store %y, %s[] : memref<f64>
  loops.copy %b, %b : memref<?xf32>, memref<?xf32>
  loops.dealloc %s : memref<f64>
  return %b : memref<?xf32>
}

// CHECK-LABEL: func.func @loops(
// CHECK-SAME: %[[M:.*]]: memref<?x?xf32>, %[[N:.*]]: index, %[[LB:.*]]: index, %[[ST:.*]]: index)
// CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[R:.*]]:2 = loops.for %[[I:.*]] = %[[LB]] to %[[N]] step %[[ST]] iter_args(%[[A:.*]] = %[[Z]], %[[K:.*]] = %[[LB]]) -> (f32, index) {
// CHECK-NEXT: %[[L:.*]] = loops.load %[[M]][%[[I]], %[[K]]] : memref<?x?xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[A]], %[[L]] : f32
// CHECK-NEXT: loops.yield %[[S]], %[[I]] : f32, index
// CHECK-NEXT: }
// CHECK-NEXT: loops.for %[[J:.*]] = %[[LB]] to %[[N]] step %[[ST]] {
// CHECK-NEXT: loops.yield
// CHECK-NEXT: }
// CHECK-NEXT: loops.parallel (%[[P:.*]], %[[Q:.*]]) = (%[[LB]], %[[LB]]) to (%[[N]], %[[N]]) step (%[[ST]], %[[ST]]) {
// CHECK-NEXT: loops.store %[[R]]#0, %[[M]][%[[P]], %[[Q]]] : memref<?x?xf32>
// CHECK-NEXT: loops.yield
// CHECK-NEXT: }
// CHECK-NEXT: loops.parallel (%{{.*}}) = (%[[LB]]) to (%[[N]]) step (%[[ST]]) {
// CHECK-NEXT: loops.yield
// CHECK-NEXT: } {note = "one dimension"}
// CHECK-NEXT: return %[[R]]#0 : f32
func.func @loops(%m: memref<?x?xf32>, %n: index, %lb: index, %st: index) -> f32 {
  %z = arith.constant 0.0 : f32
  %r:2 = loops.for %i = %lb to %n step %st iter_args(%a = %z, %k = %lb) -> (f32, index) {
    %l = loops.load %m[%i, %k] : memref<?x?xf32>
    %s = arith.addf %a, %l : f32
    loops.yield %s, %i : f32, index
  }
  loops.for %j = %lb to %n step %st {
    loops.yield
  }
  loops.parallel (%p, %q) = (%lb, %lb) to (%n, %n) step (%st, %st) {
    loops.store %r#0, %m[%p, %q] : memref<?x?xf32>
    loops.yield
  }
  loops.parallel (%p) = (%lb) to (%n) step (%st) {
    loops.yield
  } {note = "one dimension"}
  return %r#0 : f32
}

// CHECK-LABEL: func.func @conditionals(
// CHECK-SAME: %[[C:.*]]: i1, %[[X:.*]]: f32, %[[Y:.*]]: f32, %[[M:.*]]: memref<f32>)
// CHECK-NEXT: %[[R:.*]]:2 = loops.if %[[C]] -> (f32, f32) {
// CHECK-NEXT: loops.yield %[[X]], %[[Y]] : f32, f32
// CHECK-NEXT: } else {
// CHECK-NEXT: loops.yield %[[Y]], %[[X]] : f32, f32
// CHECK-NEXT: }
// CHECK-NEXT: loops.if %[[C]] {
// CHECK-NEXT: loops.store %[[R]]#1, %[[M]][] : memref<f32>
// CHECK-NEXT: loops.yield
// CHECK-NEXT: }
// CHECK-NEXT: loops.if %[[C]] {
// CHECK-NEXT: loops.yield
// CHECK-NEXT: } else {
// CHECK-NEXT: loops.store %[[R]]#0, %[[M]][] : memref<f32>
// CHECK-NEXT: loops.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0 : f32
func.func @conditionals(%c: i1, %x: f32, %y: f32, %m: memref<f32>) -> f32 {
  %r:2 = loops.if %c -> (f32, f32) {
    loops.yield %x, %y : f32, f32
  } else {
    loops.yield %y, %x : f32, f32
  }
  loops.if %c {
    loops.store %r#1, %m[] : memref<f32>
    loops.yield
  }
  loops.if %c {
    loops.yield
  } else {
    loops.store %r#0, %m[] : memref<f32>
    loops.yield
  }
  return %r#0 : f32
}

// CHECK-LABEL: func.func @externs(
// CHECK-SAME: %[[A:.*]]: memref<2x3x4xf32>, %[[B:.*]]: memref<2x4x5xf32>, %[[C:.*]]: memref<2x3x5xf32>, %[[X:.*]]: memref<1x4x8x8xf64>, %[[W:.*]]: memref<6x2x3x3xf64>, %[[O:.*]]: memref<1x6x4x4xf64>, %[[N:.*]]: index, %[[V:.*]]: memref<5xf32>)
// CHECK-NEXT: loops.call_extern "tt.matmul"(%[[A]], %[[B]], %[[C]]) : (memref<2x3x4xf32>, memref<2x4x5xf32>, memref<2x3x5xf32>) -> ()
// CHECK-NEXT: loops.call_extern "tt.conv2d"(%[[X]], %[[W]], %[[O]]) {dilation = array<i64: 1, 1>, groups = 2 : i64, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>} : (memref<1x4x8x8xf64>, memref<6x2x3x3xf64>, memref<1x6x4x4xf64>) -> ()
// CHECK-NEXT: loops.call_extern "my.kernel"(%[[A]], %[[N]]) : (memref<2x3x4xf32>, index) -> ()
// CHECK-NEXT: loops.call_extern "tt.matmul"(%[[A]], %[[C]], %[[B]], %[[V]]) {activation = "relu", transpose_a} : (memref<2x3x4xf32>, memref<2x3x5xf32>, memref<2x4x5xf32>, memref<5xf32>) -> ()
func.func @externs(%a: memref<2x3x4xf32>, %b: memref<2x4x5xf32>, %c: memref<2x3x5xf32>, %x: memref<1x4x8x8xf64>, %w: memref<6x2x3x3xf64>, %o: memref<1x6x4x4xf64>, %n: index, %v: memref<5xf32>) {
  loops.call_extern "tt.matmul"(%a, %b, %c) : (memref<2x3x4xf32>, memref<2x4x5xf32>, memref<2x3x5xf32>) -> ()
  loops.call_extern "tt.conv2d"(%x, %w, %o) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 2 : i64} : (memref<1x4x8x8xf64>, memref<6x2x3x3xf64>, memref<1x6x4x4xf64>) -> ()
  loops.call_extern "my.kernel"(%a, %n) : (memref<2x3x4xf32>, index) -> ()
  // relu(Aᵀ·C + v) into B, A stored [2, K, M] = [2, 3, 4].
  loops.call_extern "tt.matmul"(%a, %c, %b, %v) {transpose_a, activation = "relu"} : (memref<2x3x4xf32>, memref<2x3x5xf32>, memref<2x4x5xf32>, memref<5xf32>) -> ()
  return
}

// tt.matmul of f16 or bf16 A and B may write an f32 C (and read an f32
// bias), tt.conv2d of f16 or bf16 x and w an f32 out: the product
// accumulated in f32.
// CHECK-LABEL: func.func @half_matmul(
// CHECK-NEXT: loops.call_extern "tt.matmul"(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<4x8xf16>, memref<8x2xf16>, memref<4x2xf32>) -> ()
// CHECK-NEXT: loops.call_extern "tt.matmul"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) {transpose_b} : (memref<4x8xbf16>, memref<2x8xbf16>, memref<4x2xf32>, memref<2xf32>) -> ()
// CHECK-NEXT: loops.call_extern "tt.conv2d"(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<1x2x4x4xf16>, memref<3x2x3x3xf16>, memref<1x3x2x2xf32>) -> ()
func.func @half_matmul(%a: memref<4x8xf16>, %b: memref<8x2xf16>, %c: memref<4x2xf32>, %p: memref<4x8xbf16>, %q: memref<2x8xbf16>, %v: memref<2xf32>, %x: memref<1x2x4x4xf16>, %w: memref<3x2x3x3xf16>, %o: memref<1x3x2x2xf32>) {
  loops.call_extern "tt.matmul"(%a, %b, %c) : (memref<4x8xf16>, memref<8x2xf16>, memref<4x2xf32>) -> ()
  loops.call_extern "tt.matmul"(%p, %q, %c, %v) {transpose_b} : (memref<4x8xbf16>, memref<2x8xbf16>, memref<4x2xf32>, memref<2xf32>) -> ()
  loops.call_extern "tt.conv2d"(%x, %w, %o) : (memref<1x2x4x4xf16>, memref<3x2x3x3xf16>, memref<1x3x2x2xf32>) -> ()
  return
}

// CHECK-LABEL: func.func @kernels(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[R:.*]]:2 = loops.kernel "fused_add_exp_0" pointwise (%[[X]], %[[Y]]) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<4xf32>):
// CHECK-NEXT: %[[S:.*]] = tensor.add %[[A]], %[[B]] : tensor<4xf32>
// CHECK-NEXT: %[[E:.*]] = tensor.exp %[[S]] : tensor<4xf32>
// CHECK-NEXT: loops.yield %[[S]], %[[E]] : tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[K:.*]] = loops.kernel "k1" opaque () : () -> tensor<2xi32> {
// CHECK-NEXT: %[[I:.*]] = tensor.iota
// CHECK-NEXT: loops.yield %[[I]] : tensor<2xi32>
// CHECK-NEXT: } {origin = "test"}
func.func @kernels(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<2xi32>) {
  %r:2 = loops.kernel "fused_add_exp_0" pointwise (%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    %s = tensor.add %a, %b : tensor<4xf32>
    %e = tensor.exp %s : tensor<4xf32>
    loops.yield %s, %e : tensor<4xf32>, tensor<4xf32>
  }
  %k = loops.kernel "k1" opaque () : () -> tensor<2xi32> {
    %i = tensor.iota dim = 0 : tensor<2xi32>
    loops.yield %i : tensor<2xi32>
  } {origin = "test"}
  return %r#1, %k : tensor<4xf32>, tensor<2xi32>
}
