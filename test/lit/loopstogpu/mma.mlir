// f16/bf16 matmuls: loops-to-gpu folds the widening copies and the
// rounding of the result tensor-to-loops makes into the tiled GEMM (it
// reads and writes the 16-bit buffers, 64x64 tiles)
// and marks the kernel tt.mma; emit/ptx implements a marked kernel with
// mma.sync.m16n8k16 (f32 accumulation) on sm_80 and later, and with the
// kernel's own body (the tiled f32 GEMM) on sm_70. f32 products never use
// mma.sync.
// RUN: tt-opt %s --pass-pipeline=pt2-gpu | FileCheck %s
// RUN: tt-opt %s --pass-pipeline=pt2-gpu --emit=ptx | FileCheck %s --check-prefix=SM80
// RUN: tt-opt %s --pass-pipeline=pt2-gpu --emit=ptx --ptx-target sm_90 | FileCheck %s --check-prefix=SM80
// RUN: tt-opt %s --pass-pipeline=pt2-gpu --emit=ptx --ptx-target sm_70 | FileCheck %s --check-prefix=SM70

// CHECK: gpu.func @half_mm0(%{{.*}}: memref<4x48x40xbf16>, %{{.*}}: memref<4x40x24xbf16>, %{{.*}}: memref<4x48x24xbf16>) workgroup({{.*}}) kernel attributes {tt.mma = "bf16"}
// CHECK: arith.extf
// CHECK: arith.truncf
// CHECK: gpu.func @single_mm0(
// CHECK-NOT: tt.mma
// CHECK: func.func @half
// CHECK-NEXT: arith.constant
// CHECK: gpu.launch_func  @tt_kernels::@half_mm0 blocks in (%c1, %c1, %c4) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "matmul", tt.thread_tile = array<i64: 4, 4>, tt.tile = array<i64: 64, 64, 16>}
// CHECK-NEXT: return
// CHECK: func.func @single

// SM80: .visible .entry half_mm0(
// SM80-COUNT-4: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// SM80: cvt.rn.bf16.f32
// SM80: st.global.b16
// SM80: .visible .entry single_mm0(
// SM80-NOT: mma.sync

// SM70: .target sm_70
// SM70-NOT: mma.sync
// SM70: .visible .entry half_mm0(
// SM70: ld.global.b16
// SM70: bar.sync 0;

func.func @half(%a: tensor<4x48x40xbf16>, %b: tensor<4x40x24xbf16>) -> tensor<4x48x24xbf16> {
  %0 = "tensor.matmul"(%a, %b) : (tensor<4x48x40xbf16>, tensor<4x40x24xbf16>) -> tensor<4x48x24xbf16>
  return %0 : tensor<4x48x24xbf16>
}

func.func @single(%a: tensor<48x40xf32>, %b: tensor<40x24xf32>) -> tensor<48x24xf32> {
  %0 = "tensor.matmul"(%a, %b) : (tensor<48x40xf32>, tensor<40x24xf32>) -> tensor<48x24xf32>
  return %0 : tensor<48x24xf32>
}
