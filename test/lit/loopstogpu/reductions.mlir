// loops-to-gpu's reduction mappings: a row that fits in registers is a
// persistent row reduction; a longer softmax row is looped and makes two
// passes (the online normalizer: running maximum and rescaled sum, then
// the output); a sum over the outer dimension (a bias gradient) is a
// column reduction: blocks of 32 columns x 8 row groups, the row groups'
// partial sums combined through a 8x32 workgroup buffer.
// RUN: tt-opt %s --pass-pipeline=pt2-gpu | FileCheck %s
// RUN: tt-opt %s --pass-pipeline=pt2-gpu | FileCheck %s --check-prefix=STAGED

// CHECK: gpu.func @long_k0
// CHECK: loops.for {{.*}} -> (f32, f64) {
// CHECK: math.exp
// CHECK: } {reductions = ["online_max", "online_sum"]}
// CHECK: gpu.shuffle  xor
// CHECK: loops.for
// CHECK-NOT: reductions
// CHECK: loops.store
// CHECK: gpu.func @bias_grad_k0({{.*}}) workgroup(%{{.*}} : memref<8x32xf64, #gpu.address_space<workgroup>>) kernel
// CHECK: loops.for {{.*}} -> f64 {
// CHECK: } {reductions = ["addf"]}
// CHECK: gpu.barrier
// CHECK: func.func @persistent
// CHECK: gpu.launch_func  @tt_kernels::@persistent_k0 blocks in (%c64, %c1, %c1) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "row_reduction", tt.persistent}
// CHECK: func.func @long
// CHECK: gpu.launch_func  @tt_kernels::@long_k0 blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "row_reduction"}
// CHECK: func.func @bias_grad
// CHECK: gpu.launch_func  @tt_kernels::@bias_grad_k0 blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "column_reduction"}

func.func @persistent(%x: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<64x1024xf32>
  return %0 : tensor<64x1024xf32>
}

func.func @long(%x: tensor<4x3000xf32>) -> tensor<4x3000xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<4x3000xf32>
  return %0 : tensor<4x3000xf32>
}

func.func @bias_grad(%g: tensor<512x100xf32>) -> tensor<100xf32> {
  %0 = "tensor.reduce_sum"(%g) {dims = array<i64: 0>} : (tensor<512x100xf32>) -> tensor<100xf32>
  return %0 : tensor<100xf32>
}

// A thread looping over a short row of its own (an outer sum's rows of 7)
// gets its block's rows through a 256x7 workgroup buffer, copied out by
// adjacent threads on adjacent elements after a barrier.
// STAGED-LABEL: gpu.func @outer_k0
// STAGED-SAME: workgroup(%{{.*}} : memref<256x7xf32, #gpu.address_space<workgroup>>) kernel
// STAGED: gpu.barrier
// STAGED: loops.store {{.*}} : memref<256x7xf32, #gpu.address_space<workgroup>>
// STAGED: gpu.barrier
// STAGED: loops.load {{.*}} : memref<256x7xf32, #gpu.address_space<workgroup>>
// STAGED: loops.store {{.*}} : memref<300x7xf32>
func.func @outer(%x: tensor<300x1xf32>, %y: tensor<1x7xf32>) -> tensor<300x7xf32> {
  %0 = "tensor.broadcast"(%x) {dims = array<i64: 0, 1>} : (tensor<300x1xf32>) -> tensor<300x7xf32>
  %1 = "tensor.broadcast"(%y) {dims = array<i64: 0, 1>} : (tensor<1x7xf32>) -> tensor<300x7xf32>
  %2 = "tensor.add"(%0, %1) : (tensor<300x7xf32>, tensor<300x7xf32>) -> tensor<300x7xf32>
  return %2 : tensor<300x7xf32>
}

// A persistent layer_norm over more rows than 1024 strides its blocks over
// the rows, gamma and beta loaded once per block, before the row loop.
// STAGED-LABEL: gpu.func @norm_k0
// STAGED: loops.load %{{.*}} : memref<256xf32>
// STAGED: loops.load %{{.*}} : memref<256xf32>
// STAGED: loops.for
// STAGED: loops.load %{{.*}} : memref<2048x256xf32>
// STAGED: gpu.launch_func  @tt_kernels::@norm_k0 blocks in (%c1024, %c1, %c1) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "row_reduction", tt.persistent}
func.func @norm(%x: tensor<2048x256xf32>, %g: tensor<256xf32>, %b: tensor<256xf32>) -> tensor<2048x256xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 1 eps = 1.0e-05 : tensor<2048x256xf32>, tensor<256xf32>, tensor<256xf32>
  return %0 : tensor<2048x256xf32>
}
