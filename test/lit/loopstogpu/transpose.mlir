// loops-to-gpu maps a transpose (and a permuted elementwise kernel) as a
// tiled transpose: 32x32 tiles staged through a 32x33 workgroup buffer
// (one padding column against bank conflicts), blocks of 32x8 threads,
// the grid one block per tile; phase 1 reads along the input's rows into
// the tile, a barrier, phase 2 writes along the output's rows. The PTX
// assembles for sm_80.
// RUN: tt-opt %s --pass-pipeline=pt2-gpu | FileCheck %s
// RUN: tt-opt %s --pass-pipeline=pt2-gpu --emit=ptx | FileCheck %s --check-prefix=PTX

// CHECK: gpu.func @transpose_k0({{.*}}) workgroup(%{{.*}} : memref<32x33xf32, #gpu.address_space<workgroup>>) kernel
// CHECK: loops.store {{.*}} : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: loops.load {{.*}} : memref<32x33xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.func @permuted_k0({{.*}}) workgroup(%{{.*}} : memref<32x33xf64, #gpu.address_space<workgroup>>) kernel
// CHECK: math.exp
// CHECK: func.func @transpose
// CHECK: gpu.launch_func  @tt_kernels::@transpose_k0 blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "tiled_transpose"}
// CHECK: func.func @permuted
// CHECK: gpu.launch_func  @tt_kernels::@permuted_k0 blocks in (%c18, %c1, %c1) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "tiled_transpose"}

// PTX: .visible .entry transpose_k0(
// PTX: .shared .align 8 .b8 transpose_k0_smem{{[0-9]+}}[4224];
// PTX: bar.sync 0;

func.func @transpose(%x: tensor<37x45xf32>) -> tensor<45x37xf32> {
  %0 = "tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<37x45xf32>) -> tensor<45x37xf32>
  return %0 : tensor<45x37xf32>
}

func.func @permuted(%x: tensor<3x33x70xf64>, %y: tensor<3x70x33xf64>) -> tensor<3x70x33xf64> {
  %0 = "tensor.transpose"(%x) {perm = array<i64: 0, 2, 1>} : (tensor<3x33x70xf64>) -> tensor<3x70x33xf64>
  %1 = tensor.add %0, %y : tensor<3x70x33xf64>
  %2 = tensor.exp %1 : tensor<3x70x33xf64>
  return %2 : tensor<3x70x33xf64>
}
