// tt.matmul's layout flags and epilogues in the pt2-go pipeline: fuse
// puts a transpose of the last two dimensions feeding a product, and a
// kernel that only adds a bias to the product and applies relu or gelu,
// into the product's kernel; tensor-to-loops makes them the call's
// transpose_a/transpose_b flags, its bias operand and activation.
// fuse's epilogue-gelu=false keeps gelu kernels of their own.
// RUN: tt-opt %s --pt2-go | filecheck %s
// RUN: tt-opt %s --pt2-go --pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS
// RUN: tt-opt %s --decompose --canonicalize --cse --fuse=epilogue-gelu=false --tensor-to-loops | filecheck %s --check-prefix=NOGELU

// STATS: Fuse
// STATS: 4 num-epilogues

// A bias add and relu after a product: one call computes them in its
// output tile (operands A, B, C, bias), no loops of their own.
// CHECK-LABEL: func.func @bias_relu
// CHECK-NEXT: %[[C:.*]] = loops.alloc() {tt.overwritten} : memref<8x4xf32>
// CHECK-NEXT: loops.call_extern "tt.matmul"(%arg0, %arg1, %[[C]], %arg2) {activation = "relu"}
// CHECK-NEXT: return %[[C]]
func.func @bias_relu(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xf32>) -> tensor<8x4xf32> {
  %0 = tensor.matmul %x, %w : tensor<8x16xf32>, tensor<16x4xf32>
  %1 = tensor.broadcast %b dims = [1] : tensor<4xf32> -> tensor<8x4xf32>
  %2 = tensor.add %1, %0 : tensor<8x4xf32>
  %3 = tensor.relu %2 : tensor<8x4xf32>
  return %3 : tensor<8x4xf32>
}

// A bias alone (f64).
// CHECK-LABEL: func.func @bias_only
// CHECK-NEXT: %[[C:.*]] = loops.alloc() {tt.overwritten} : memref<8x4xf64>
// CHECK-NEXT: loops.call_extern "tt.matmul"(%arg0, %arg1, %[[C]], %arg2) : (memref<8x16xf64>, memref<16x4xf64>, memref<8x4xf64>, memref<4xf64>) -> ()
// CHECK-NEXT: return %[[C]]
func.func @bias_only(%x: tensor<8x16xf64>, %w: tensor<16x4xf64>, %b: tensor<4xf64>) -> tensor<8x4xf64> {
  %0 = tensor.matmul %x, %w : tensor<8x16xf64>, tensor<16x4xf64>
  %1 = tensor.broadcast %b dims = [1] : tensor<4xf64> -> tensor<8x4xf64>
  %2 = tensor.add %0, %1 : tensor<8x4xf64>
  return %2 : tensor<8x4xf64>
}

// gelu as the decomposition writes it, on a batched product (with
// epilogue-gelu=false, a kernel of its own).
// CHECK-LABEL: func.func @bias_gelu
// CHECK-NEXT: %[[C:.*]] = loops.alloc() {tt.overwritten} : memref<2x8x4xf32>
// CHECK-NEXT: loops.call_extern "tt.matmul"(%arg0, %arg1, %[[C]], %arg2) {activation = "gelu"}
// CHECK-NEXT: return %[[C]]
// NOGELU-LABEL: func.func @bias_gelu
// NOGELU: loops.call_extern "tt.matmul"(%arg0, %arg1, %{{.*}}) : (memref<2x8x16xf32>, memref<2x16x4xf32>, memref<2x8x4xf32>) -> ()
// NOGELU: math.erf
func.func @bias_gelu(%x: tensor<2x8x16xf32>, %w: tensor<2x16x4xf32>, %b: tensor<4xf32>) -> tensor<2x8x4xf32> {
  %0 = tensor.matmul %x, %w : tensor<2x8x16xf32>, tensor<2x16x4xf32>
  %1 = tensor.broadcast %b dims = [2] : tensor<4xf32> -> tensor<2x8x4xf32>
  %2 = tensor.add %0, %1 : tensor<2x8x4xf32>
  %3 = tensor.gelu %2 approximate = "none" : tensor<2x8x4xf32>
  return %3 : tensor<2x8x4xf32>
}

// The tanh approximation, without a bias.
// CHECK-LABEL: func.func @gelu_tanh
// CHECK-NEXT: %[[C:.*]] = loops.alloc() {tt.overwritten} : memref<8x4xf32>
// CHECK-NEXT: loops.call_extern "tt.matmul"(%arg0, %arg1, %[[C]]) {activation = "gelu_tanh"}
// CHECK-NEXT: return %[[C]]
// NOGELU-LABEL: func.func @gelu_tanh
// NOGELU: math.tanh
func.func @gelu_tanh(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %0 = tensor.matmul %x, %w : tensor<8x16xf32>, tensor<16x4xf32>
  %1 = tensor.gelu %0 approximate = "tanh" : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}

// Transposed operands are read in place: no transposed copies.
// CHECK-LABEL: func.func @transposes
// CHECK-NEXT: %[[C:.*]] = loops.alloc() {tt.overwritten} : memref<8x4xf32>
// CHECK-NEXT: loops.call_extern "tt.matmul"(%arg0, %arg1, %[[C]]) {transpose_a, transpose_b} : (memref<16x8xf32>, memref<4x16xf32>, memref<8x4xf32>) -> ()
// CHECK-NEXT: return %[[C]]
func.func @transposes(%a: tensor<16x8xf32>, %b: tensor<4x16xf32>) -> tensor<8x4xf32> {
  %at = tensor.transpose %a perm = [1, 0] : tensor<16x8xf32>
  %bt = tensor.transpose %b perm = [1, 0] : tensor<4x16xf32>
  %0 = tensor.matmul %at, %bt : tensor<8x16xf32>, tensor<16x4xf32>
  return %0 : tensor<8x4xf32>
}

// Only transposes of the last two dimensions fold: the batch-swapping
// one is copied, the other is read in place.
// CHECK-LABEL: func.func @batch_swap
// CHECK: loops.for
// CHECK: loops.call_extern "tt.matmul"(%{{.*}}, %arg1, %{{.*}}) {transpose_b} : (memref<2x8x16xf32>, memref<2x4x16xf32>, memref<2x8x4xf32>) -> ()
func.func @batch_swap(%a: tensor<8x2x16xf32>, %b: tensor<2x4x16xf32>) -> tensor<2x8x4xf32> {
  %at = tensor.transpose %a perm = [1, 0, 2] : tensor<8x2x16xf32>
  %bt = tensor.transpose %b perm = [0, 2, 1] : tensor<2x4x16xf32>
  %0 = tensor.matmul %at, %bt : tensor<2x8x16xf32>, tensor<2x16x4xf32>
  return %0 : tensor<2x8x4xf32>
}

// A product used by more than its epilogue keeps its own buffer and the
// activation its own loops.
// CHECK-LABEL: func.func @shared_product
// CHECK: loops.call_extern "tt.matmul"(%arg0, %arg1, %{{.*}}) : (memref<8x16xf32>, memref<16x4xf32>, memref<8x4xf32>) -> ()
// CHECK: loops.for
func.func @shared_product(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0 = tensor.matmul %x, %w : tensor<8x16xf32>, tensor<16x4xf32>
  %1 = tensor.relu %0 : tensor<8x4xf32>
  return %0, %1 : tensor<8x4xf32>, tensor<8x4xf32>
}

// So is one whose pre-activation is used elsewhere (saved for the
// backward pass).
// CHECK-LABEL: func.func @saved_pre_activation
// CHECK: loops.call_extern "tt.matmul"(%arg0, %arg1, %{{.*}}) : (memref<8x16xf32>, memref<16x4xf32>, memref<8x4xf32>) -> ()
// CHECK: loops.for
func.func @saved_pre_activation(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %0 = tensor.matmul %x, %w : tensor<8x16xf32>, tensor<16x4xf32>
  %1 = tensor.broadcast %b dims = [1] : tensor<4xf32> -> tensor<8x4xf32>
  %2 = tensor.add %0, %1 : tensor<8x4xf32>
  %3 = tensor.relu %2 : tensor<8x4xf32>
  return %2, %3 : tensor<8x4xf32>, tensor<8x4xf32>
}

// A transpose that is also returned is realized, and the product reads
// the copy.
// CHECK-LABEL: func.func @transpose_returned
// CHECK: loops.for
// CHECK: loops.call_extern "tt.matmul"(%[[T:.*]], %arg1, %{{.*}}) : (memref<8x16xf32>, memref<16x4xf32>, memref<8x4xf32>) -> ()
// CHECK: return %{{.*}}, %[[T]]
func.func @transpose_returned(%a: tensor<16x8xf32>, %b: tensor<16x4xf32>) -> (tensor<8x4xf32>, tensor<8x16xf32>) {
  %at = tensor.transpose %a perm = [1, 0] : tensor<16x8xf32>
  %0 = tensor.matmul %at, %b : tensor<8x16xf32>, tensor<16x4xf32>
  return %0, %at : tensor<8x4xf32>, tensor<8x16xf32>
}

// The transpose of a value computed in the product's kernel: the value is
// stored untransposed (vectorized, row by row) and read in place.
// CHECK-LABEL: func.func @transposed_relu
// CHECK: %[[R:.*]] = loops.alloc() {tt.overwritten} : memref<16x8xf32>
// CHECK: vector.store %{{.*}}, %[[R]][%{{.*}}, %{{.*}}] : memref<16x8xf32>, vector<8xf32>
// CHECK: loops.call_extern "tt.matmul"(%[[R]], %arg1, %{{.*}}) {transpose_a} : (memref<16x8xf32>, memref<16x4xf32>, memref<8x4xf32>) -> ()
func.func @transposed_relu(%a: tensor<16x8xf32>, %b: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %r = tensor.relu %a : tensor<16x8xf32>
  %at = tensor.transpose %r perm = [1, 0] : tensor<16x8xf32>
  %0 = tensor.matmul %at, %b : tensor<8x16xf32>, tensor<16x4xf32>
  return %0 : tensor<8x4xf32>
}

// An addend of the product's shape is not a bias.
// CHECK-LABEL: func.func @not_a_bias
// CHECK: loops.call_extern "tt.matmul"(%arg0, %arg1, %{{.*}}) : (memref<8x16xf32>, memref<16x4xf32>, memref<8x4xf32>) -> ()
// CHECK: loops.for
func.func @not_a_bias(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %y: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %0 = tensor.matmul %x, %w : tensor<8x16xf32>, tensor<16x4xf32>
  %1 = tensor.add %0, %y : tensor<8x4xf32>
  return %1 : tensor<8x4xf32>
}
