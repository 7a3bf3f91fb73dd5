// loops-to-gpu's vectorized pointwise kernels: when every access along
// the innermost loop is to a 32-bit element with stride 1, each thread
// handles 4 consecutive points with 16-byte loads and stores
// (tt.vector_width = 4 on the launch, a quarter of the threads). The
// broadcast row of @scale_rows is loaded with ld.global.v4 too. A static row length that is a multiple of 4
// needs no tail; a dynamic one gets a uniform check per group (complete
// and aligned: 16-byte accesses; else a scalar loop over the rest). f64
// groups move as two ld/st.global.v2.f64; a row of 6 (not a multiple of
// 4) keeps one thread per element.
// RUN: tt-opt %s --pass-pipeline=pt2-gpu | FileCheck %s
// RUN: tt-opt %s --pass-pipeline=pt2-gpu --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: tt-opt %s --pass-pipeline=pt2-gpu --emit=ptx --ptx-target=sm_90 | FileCheck %s --check-prefix=PTX

// CHECK: gpu.func @scale_rows_k0
// CHECK: arith.muli %{{.*}}, %c4
// CHECK: loops.load %{{.*}} {tt.vector_width = 4 : i64}
// CHECK-NOT: loops.if
// CHECK: loops.store %{{.*}} {tt.vector_width = 4 : i64}
// CHECK: gpu.func @dyn_k0
// CHECK: loops.if
// CHECK: loops.load %{{.*}} {tt.vector_width = 4 : i64}
// CHECK: loops.store %{{.*}} {tt.vector_width = 4 : i64}
// CHECK: } else {
// CHECK: loops.for
// CHECK: func.func @scale_rows
// CHECK: gpu.launch_func  @tt_kernels::@scale_rows_k0 blocks in (%c64, %c1, %c1) threads in (%c256, %c1, %c1) {{.*}}{tt.kernel_kind = "pointwise", tt.vector_width = 4 : i64}
// CHECK: func.func @dyn
// CHECK: {tt.kernel_kind = "pointwise", tt.vector_width = 4 : i64}
// CHECK: func.func @f64_rows
// CHECK: gpu.launch_func  @tt_kernels::@f64_rows_k0 blocks in (%c64, %c1, %c1) {{.*}}{tt.kernel_kind = "pointwise", tt.vector_width = 4 : i64}
// CHECK: func.func @odd_rows
// CHECK: {tt.kernel_kind = "pointwise"}

// PTX: .visible .entry scale_rows_k0(
// PTX: ld.global.v4.f32
// PTX: ld.global.v4.f32
// PTX: st.global.v4.f32
// PTX: .visible .entry dyn_k0(
// PTX: ld.global.v4.f32
// PTX: st.global.v4.f32
// PTX: .visible .entry f64_rows_k0(
// PTX: ld.global.v2.f64
// PTX: ld.global.v2.f64
// PTX: st.global.v2.f64
// PTX: st.global.v2.f64
// PTX: .visible .entry odd_rows_k0(
// PTX-NOT: .v4
// PTX: st.global.f32

func.func @scale_rows(%x: tensor<256x256xf32>, %a: tensor<256xf32>) -> tensor<256x256xf32> {
  %a2 = tensor.broadcast %a dims = [1] : tensor<256xf32> -> tensor<256x256xf32>
  %0 = tensor.mul %x, %a2 : tensor<256x256xf32>
  %1 = tensor.gelu %0 : tensor<256x256xf32>
  return %1 : tensor<256x256xf32>
}

func.func @dyn(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.add %x, %y : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

func.func @f64_rows(%x: tensor<256x256xf64>) -> tensor<256x256xf64> {
  %0 = tensor.add %x, %x : tensor<256x256xf64>
  return %0 : tensor<256x256xf64>
}

func.func @odd_rows(%x: tensor<64x6xf32>) -> tensor<64x6xf32> {
  %0 = tensor.exp %x : tensor<64x6xf32>
  return %0 : tensor<64x6xf32>
}
