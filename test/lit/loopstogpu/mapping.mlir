// loops-to-gpu's mapping decisions: a row softmax gets one block of 256
// threads per row (row_reduction, shuffles and workgroup memory across
// the 8 warps); a pointwise add one thread per element in blocks of 256
// with the grid computed from the (dynamic) size; the emitted PTX
// assembles for sm_80.
// RUN: tt-opt %s --pass-pipeline=pt2-gpu | FileCheck %s
// RUN: tt-opt %s --pass-pipeline=pt2-gpu --emit=ptx | FileCheck %s --check-prefix=PTX

// CHECK: gpu.module @tt_kernels
// CHECK: gpu.func @softmax_k0({{.*}}) workgroup({{.*}}memref<8xf32, #gpu.address_space<workgroup>>{{.*}}memref<8xf64, #gpu.address_space<workgroup>>) kernel
// CHECK: gpu.shuffle  xor
// CHECK: gpu.barrier
// CHECK: gpu.func @add_k0
// CHECK: func.func @softmax
// CHECK: gpu.launch_func  @tt_kernels::@softmax_k0 blocks in (%c64, %c1, %c1) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "row_reduction", tt.persistent}
// CHECK: func.func @add
// CHECK: %[[N:.*]] = loops.dim
// CHECK: arith.ceildivsi
// CHECK: gpu.launch_func  @tt_kernels::@add_k0 {{.*}}threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "pointwise", tt.vector_width = 4 : i64}

// PTX: .target sm_80
// PTX: .visible .entry softmax_k0(
// PTX: shfl.sync.bfly.b32
// PTX: bar.sync 0;
// PTX: .visible .entry add_k0(
// PTX: .param .u64 add_k0_param_{{[0-9]+}}_dim0

func.func @softmax(%x: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<64x1024xf32>
  return %0 : tensor<64x1024xf32>
}

func.func @add(%x: tensor<?xf32>, %y: tensor<?xf32>) -> tensor<?xf32> {
  %0 = tensor.add %x, %y : tensor<?xf32>
  return %0 : tensor<?xf32>
}
