// plan-memory frees buffers after their last use and reuses freed buffers.
// RUN: tt-opt %s --split-input-file --fuse --tensor-to-loops --plan-memory | filecheck %s
// RUN: tt-opt %s --fuse --tensor-to-loops --plan-memory --pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// A three-layer MLP: the hidden activations ping-pong between two buffers.
// (Sigmoid is not a tt.matmul epilogue, so every activation is a kernel
// with a buffer of its own; relu would be computed in the products.)
// Before planning every buffer stays live: 64x256x4 bytes x 4, plus
// 64x10x4 x 2 = 267264 bytes; after, at most two hidden buffers and the
// logits are live at once: 131072 bytes. (The statistics also count
// @handwritten below: 1 dealloc, 1 reuse, 48 bytes before and 32 after.)
// STATS: PlanMemory
// STATS-DAG: 4 num-deallocs
// STATS-DAG: 3 num-reused
// STATS-DAG: 131104 peak-bytes-after
// STATS-DAG: 267312 peak-bytes-before

// CHECK-LABEL: func.func @mlp
// CHECK: %[[A:.*]] = loops.alloc() {tt.overwritten} : memref<64x256xf32>
// CHECK-NEXT: loops.call_extern "tt.matmul"(%arg0, %arg1, %[[A]])
// CHECK: %[[B:.*]] = loops.alloc() {tt.overwritten} : memref<64x256xf32>
// CHECK: loops.store %{{.*}}, %[[B]]
// The second product reuses the first one's buffer, freed by then.
// CHECK: loops.call_extern "tt.matmul"(%[[B]], %arg3, %[[A]])
// CHECK: loops.store %{{.*}}, %[[B]]
// CHECK: loops.dealloc %[[A]] : memref<64x256xf32>
// CHECK-NEXT: %[[L:.*]] = loops.alloc() {tt.overwritten} : memref<64x10xf32>
// CHECK-NEXT: loops.call_extern "tt.matmul"(%[[B]], %arg5, %[[L]])
// CHECK-NEXT: loops.dealloc %[[B]] : memref<64x256xf32>
// CHECK-NEXT: %[[P:.*]] = loops.alloc() {tt.overwritten} : memref<64x10xf32>
// CHECK: loops.dealloc %[[L]] : memref<64x10xf32>
// CHECK-NEXT: return %[[P]]
func.func @mlp(%x: tensor<64x64xf32>, %w1: tensor<64x256xf32>, %b1: tensor<256xf32>, %w2: tensor<256x256xf32>, %b2: tensor<256xf32>, %w3: tensor<256x10xf32>) -> tensor<64x10xf32> {
  %h = tensor.matmul %x, %w1 : tensor<64x64xf32>, tensor<64x256xf32>
  %bb = tensor.broadcast %b1 dims = [1] : tensor<256xf32> -> tensor<64x256xf32>
  %h1 = tensor.add %h, %bb : tensor<64x256xf32>
  %r = tensor.sigmoid %h1 : tensor<64x256xf32>
  %h2 = tensor.matmul %r, %w2 : tensor<64x256xf32>, tensor<256x256xf32>
  %bb2 = tensor.broadcast %b2 dims = [1] : tensor<256xf32> -> tensor<64x256xf32>
  %h3 = tensor.add %h2, %bb2 : tensor<64x256xf32>
  %r2 = tensor.sigmoid %h3 : tensor<64x256xf32>
  %o = tensor.matmul %r2, %w3 : tensor<64x256xf32>, tensor<256x10xf32>
  %p = tensor.softmax %o dim = 1 : tensor<64x10xf32>
  return %p : tensor<64x10xf32>
}

// -----

// Loop-level input: a buffer without tt.overwritten relies on the zero
// fill and is never given a freed buffer; one with it takes the buffer
// freed after its last load; returned buffers are not freed.
// CHECK-LABEL: func.func @handwritten
// CHECK-NEXT: %[[T:.*]] = loops.alloc() {tt.overwritten} : memref<4xf32>
// CHECK-NEXT: loops.store %arg1, %[[T]][%arg2]
// CHECK-NEXT: %[[V:.*]] = loops.load %[[T]][%arg2]
// CHECK-NEXT: %[[Z:.*]] = loops.alloc() : memref<4xf32>
// CHECK-NEXT: loops.store %[[V]], %[[Z]][%arg2]
// CHECK-NEXT: loops.copy %[[Z]], %[[T]]
// CHECK-NEXT: loops.dealloc %[[Z]]
// CHECK-NEXT: return %[[T]]
func.func @handwritten(%x: memref<4xf32>, %v: f32, %i: index) -> memref<4xf32> {
  %t = loops.alloc() {tt.overwritten} : memref<4xf32>
  loops.store %v, %t[%i] : memref<4xf32>
  %w = loops.load %t[%i] : memref<4xf32>
  %z = loops.alloc() : memref<4xf32>
  loops.store %w, %z[%i] : memref<4xf32>
  %r = loops.alloc() {tt.overwritten} : memref<4xf32>
  loops.copy %z, %r : memref<4xf32>, memref<4xf32>
  return %r : memref<4xf32>
}
