// Runtime kernels: tt.matmul (2-D with an epilogue, batched with dynamic
// sizes, with transpose flags, a bias and an activation), tt.conv2d and
// tt.max_pool2d.

// CASE: @mm_relu tol=1e-5
// CASE: @bmm shapes=3x5x70,3x70x33 tol=1e-5 concurrent
// CASE: @bmm shapes=1x0x4,1x4x4
// CASE: @conv tol=1e-5
// CASE: @conv_groups tol=1e-5
// CASE: @mm_big tol=1e-4 maxallocs=8 concurrent
// CASE: @mm_flags tol=1e-5 concurrent
// CASE: @bmm_flags shapes=3x40x70,3x33x70,33 tol=1e-5
// CASE: @mm_relu_t tol=1e-5
// CASE: @pool concurrent
// CASE: @pool_dyn shapes=2x3x35x70
func.func @mm_relu(%a: memref<70x90xf32>, %b: memref<90x50xf32>) -> memref<70x50xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c50 = arith.constant 50 : index
  %c70 = arith.constant 70 : index
  %zero = arith.constant 0.0 : f32
  %c = loops.alloc() : memref<70x50xf32>
  loops.call_extern "tt.matmul"(%a, %b, %c) : (memref<70x90xf32>, memref<90x50xf32>, memref<70x50xf32>) -> ()
  loops.parallel (%i, %j) = (%c0, %c0) to (%c70, %c50) step (%c1, %c1) {
    %v = loops.load %c[%i, %j] : memref<70x50xf32>
    %r = arith.maximumf %v, %zero : f32
    loops.store %r, %c[%i, %j] : memref<70x50xf32>
    loops.yield
  }
  return %c : memref<70x50xf32>
}

func.func @bmm(%a: memref<?x?x?xf64>, %b: memref<?x?x?xf64>) -> memref<?x?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %bs = loops.dim %a, 0 : memref<?x?x?xf64>
  %m = loops.dim %a, 1 : memref<?x?x?xf64>
  %n = loops.dim %b, 2 : memref<?x?x?xf64>
  %c = loops.alloc(%bs, %m, %n) : memref<?x?x?xf64>
  loops.call_extern "tt.matmul"(%a, %b, %c) : (memref<?x?x?xf64>, memref<?x?x?xf64>, memref<?x?x?xf64>) -> ()
  return %c : memref<?x?x?xf64>
}

func.func @conv(%x: memref<2x3x11x9xf32>, %w: memref<4x3x3x3xf32>) -> memref<2x4x6x5xf32> {
  %o = loops.alloc() : memref<2x4x6x5xf32>
  loops.call_extern "tt.conv2d"(%x, %w, %o) {stride = array<i64: 2, 2>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (memref<2x3x11x9xf32>, memref<4x3x3x3xf32>, memref<2x4x6x5xf32>) -> ()
  return %o : memref<2x4x6x5xf32>
}

func.func @conv_groups(%x: memref<1x4x8x8xf32>, %w: memref<6x2x3x3xf32>) -> memref<1x6x6x6xf32> {
  %o = loops.alloc() : memref<1x6x6x6xf32>
  loops.call_extern "tt.conv2d"(%x, %w, %o) {stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 2 : i64} : (memref<1x4x8x8xf32>, memref<6x2x3x3xf32>, memref<1x6x6x6xf32>) -> ()
  return %o : memref<1x6x6x6xf32>
}

// Internal product kept in the arena, result allocated per call.
func.func @mm_big(%a: memref<128x200xf32>, %b: memref<200x96xf32>) -> memref<128x96xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c96 = arith.constant 96 : index
  %c128 = arith.constant 128 : index
  %t = loops.alloc() : memref<128x96xf32>
  loops.call_extern "tt.matmul"(%a, %b, %t) : (memref<128x200xf32>, memref<200x96xf32>, memref<128x96xf32>) -> ()
  %out = loops.alloc() : memref<128x96xf32>
  loops.parallel (%i, %j) = (%c0, %c0) to (%c128, %c96) step (%c1, %c1) {
    %v = loops.load %t[%i, %j] : memref<128x96xf32>
    %e = math.tanh %v : f32
    loops.store %e, %out[%i, %j] : memref<128x96xf32>
    loops.yield
  }
  loops.dealloc %t : memref<128x96xf32>
  return %out : memref<128x96xf32>
}

// C = gelu(Aᵀ·Bᵀ + bias), A stored [K, M], B [N, K].
func.func @mm_flags(%a: memref<90x70xf32>, %b: memref<50x90xf32>, %bias: memref<50xf32>) -> memref<70x50xf32> {
  %c = loops.alloc() {tt.overwritten} : memref<70x50xf32>
  loops.call_extern "tt.matmul"(%a, %b, %c, %bias) {transpose_a, transpose_b, activation = "gelu"} : (memref<90x70xf32>, memref<50x90xf32>, memref<70x50xf32>, memref<50xf32>) -> ()
  return %c : memref<70x50xf32>
}

// Batched, dynamic sizes, B stored [.., N, K], a bias and gelu_tanh (f64).
func.func @bmm_flags(%a: memref<?x?x?xf64>, %b: memref<?x?x?xf64>, %bias: memref<?xf64>) -> memref<?x?x?xf64> {
  %bs = loops.dim %a, 0 : memref<?x?x?xf64>
  %m = loops.dim %a, 1 : memref<?x?x?xf64>
  %n = loops.dim %b, 1 : memref<?x?x?xf64>
  %c = loops.alloc(%bs, %m, %n) : memref<?x?x?xf64>
  loops.call_extern "tt.matmul"(%a, %b, %c, %bias) {transpose_b, activation = "gelu_tanh"} : (memref<?x?x?xf64>, memref<?x?x?xf64>, memref<?x?x?xf64>, memref<?xf64>) -> ()
  return %c : memref<?x?x?xf64>
}

// relu without a bias, A stored transposed.
func.func @mm_relu_t(%a: memref<90x70xf32>, %b: memref<90x50xf32>) -> memref<70x50xf32> {
  %c = loops.alloc() : memref<70x50xf32>
  loops.call_extern "tt.matmul"(%a, %b, %c) {transpose_a, activation = "relu"} : (memref<90x70xf32>, memref<90x50xf32>, memref<70x50xf32>) -> ()
  return %c : memref<70x50xf32>
}

// 2x2 windows, stride 2: the vectorized sweep (bitwise the interpreter's).
func.func @pool(%x: memref<2x4x32x40xf32>) -> memref<2x4x16x20xf32> {
  %o = loops.alloc() {tt.overwritten} : memref<2x4x16x20xf32>
  loops.call_extern "tt.max_pool2d"(%x, %o) {kernel = array<i64: 2, 2>} : (memref<2x4x32x40xf32>, memref<2x4x16x20xf32>) -> ()
  return %o : memref<2x4x16x20xf32>
}

// Dynamic sizes, padding, stride 1 and dilation.
func.func @pool_dyn(%x: memref<?x?x?x?xf64>) -> memref<?x?x?x?xf64> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = loops.dim %x, 0 : memref<?x?x?x?xf64>
  %c = loops.dim %x, 1 : memref<?x?x?x?xf64>
  %h = loops.dim %x, 2 : memref<?x?x?x?xf64>
  %w = loops.dim %x, 3 : memref<?x?x?x?xf64>
  %oh = arith.subi %h, %c2 : index
  %ow = arith.subi %w, %c2 : index
  %o = loops.alloc(%n, %c, %oh, %ow) : memref<?x?x?x?xf64>
  loops.call_extern "tt.max_pool2d"(%x, %o) {kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, padding = array<i64: 1, 0>, dilation = array<i64: 2, 1>} : (memref<?x?x?x?xf64>, memref<?x?x?x?xf64>) -> ()
  return %o : memref<?x?x?x?xf64>
}
