// loops-to-gpu maps tt.matmul to the tiled shared-memory GEMM: one block
// of 16x16 threads per BMxBN tile of C (64 for mid-size f32 problems, 128x64
// from 512 rows, 16 or 32 for small ones), a thread tile of BM/16 x BN/16,
// K staged 16 at a time through workgroup tiles [16][BM+pad] whose padding
// keeps the cooperative (transposing) stores conflict-free; the grid is
// ceil(N/BN) x ceil(M/BM) x batch, from the run-time sizes when dynamic.
// RUN: tt-opt %s --pass-pipeline=pt2-gpu | FileCheck %s
// RUN: tt-opt %s --pass-pipeline=pt2-gpu --emit=ptx | FileCheck %s --check-prefix=PTX

// CHECK: gpu.func @big_mm0({{.*}}) workgroup(%{{.*}} : memref<16x130xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<16x64xf32, #gpu.address_space<workgroup>>) kernel
// CHECK-COUNT-2: gpu.barrier
// CHECK: gpu.func @small_mm0({{.*}}memref<3x7x5xf64>{{.*}}) workgroup(%{{.*}} : memref<16x16xf64, #gpu.address_space<workgroup>>, %{{.*}} : memref<16x16xf64, #gpu.address_space<workgroup>>) kernel
// CHECK: gpu.func @dyn_mm0({{.*}}) workgroup(%{{.*}} : memref<16x66xf32, #gpu.address_space<workgroup>>, %{{.*}} : memref<16x34xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: arith.cmpf olt
// CHECK-NOT: gpu.func @dyn_k
// CHECK: func.func @big
// CHECK: gpu.launch_func  @tt_kernels::@big_mm0 blocks in (%c4, %c4, %c1) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "matmul", tt.thread_tile = array<i64: 8, 4>, tt.tile = array<i64: 128, 64, 16>}
// CHECK: func.func @small
// CHECK: gpu.launch_func  @tt_kernels::@small_mm0 blocks in (%c1, %c1, %c3) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "matmul", tt.thread_tile = array<i64: 1, 1>, tt.tile = array<i64: 16, 16, 16>}
// CHECK: func.func @dyn
// CHECK: %[[C:.*]] = loops.alloc
// CHECK: %[[M:.*]] = loops.dim %[[C]], 0
// CHECK: %[[T:.*]] = arith.ceildivsi %[[M]], %c64
// CHECK: %[[G:.*]] = arith.maxsi %[[T]], %c1
// CHECK: gpu.launch_func  @tt_kernels::@dyn_mm0 blocks in (%c1, %[[G]], %c1) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "matmul", tt.thread_tile = array<i64: 4, 2>, tt.tile = array<i64: 64, 32, 16>}
// CHECK-NOT: @dyn_k

// PTX: .visible .entry big_mm0(
// PTX: .shared .align 8 .b8 big_mm0_smem3[8320];
// PTX: bar.sync 0;
// PTX: .visible .entry small_mm0(

func.func @big(%a: tensor<512x256xf32>, %b: tensor<256x256xf32>) -> tensor<512x256xf32> {
  %0 = "tensor.matmul"(%a, %b) : (tensor<512x256xf32>, tensor<256x256xf32>) -> tensor<512x256xf32>
  return %0 : tensor<512x256xf32>
}

// A batch of three f64 products, A transposed (read in place).
func.func @small(%a: tensor<3x7x5xf64>, %b: tensor<3x7x9xf64>) -> tensor<3x5x9xf64> {
  %at = "tensor.transpose"(%a) {perm = array<i64: 0, 2, 1>} : (tensor<3x7x5xf64>) -> tensor<3x5x7xf64>
  %0 = "tensor.matmul"(%at, %b) : (tensor<3x5x7xf64>, tensor<3x7x9xf64>) -> tensor<3x5x9xf64>
  return %0 : tensor<3x5x9xf64>
}

// A dynamic number of rows, B transposed, a bias and relu fused into the
// epilogue.
func.func @dyn(%a: tensor<?x64xf32>, %b: tensor<32x64xf32>, %bias: tensor<32xf32>) -> tensor<?x32xf32> {
  %m = "tensor.dim"(%a) {dim = 0 : i64} : (tensor<?x64xf32>) -> index
  %bt = "tensor.transpose"(%b) {perm = array<i64: 1, 0>} : (tensor<32x64xf32>) -> tensor<64x32xf32>
  %0 = "tensor.matmul"(%a, %bt) : (tensor<?x64xf32>, tensor<64x32xf32>) -> tensor<?x32xf32>
  %bb = "tensor.broadcast"(%bias, %m) {dims = array<i64: 1>} : (tensor<32xf32>, index) -> tensor<?x32xf32>
  %1 = "tensor.add"(%0, %bb) : (tensor<?x32xf32>, tensor<?x32xf32>) -> tensor<?x32xf32>
  %2 = "tensor.relu"(%1) : (tensor<?x32xf32>) -> tensor<?x32xf32>
  return %2 : tensor<?x32xf32>
}

// conv2d as an implicit GEMM: per image and group, C = out[n, group]
// (O/groups = 8 rows, OH*OW = 49 columns), K = C/groups*KH*KW = 18; grid
// z = images x groups. max_pool2d: one thread per output.
// CHECK-LABEL: func.func @conv
// CHECK: gpu.launch_func  @tt_kernels::@conv_conv0 blocks in (%c2, %c1, %c6) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "conv2d", tt.thread_tile = array<i64: 1, 2>, tt.tile = array<i64: 16, 32, 16>}
// CHECK: gpu.launch_func  @tt_kernels::@conv_k0 {{.*}}{tt.kernel_kind = "pointwise"}
// CHECK-NOT: call_extern
func.func @conv(%x: tensor<3x4x9x9xf32>, %w: tensor<16x2x3x3xf32>) -> tensor<3x16x4x4xf32> {
  %0 = "tensor.conv2d"(%x, %w) {groups = 2 : i64, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, dilation = array<i64: 2, 2>} : (tensor<3x4x9x9xf32>, tensor<16x2x3x3xf32>) -> tensor<3x16x7x7xf32>
  %1 = "tensor.max_pool2d"(%0) {kernel = array<i64: 3, 3>, stride = array<i64: 2, 2>, padding = array<i64: 1, 1>} : (tensor<3x16x7x7xf32>) -> tensor<3x16x4x4xf32>
  return %1 : tensor<3x16x4x4xf32>
}
