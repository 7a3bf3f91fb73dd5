// f16 and bf16 (lowered by pt2-go from casts, a bf16 mul, an f16 pad, an
// f16 matmul and a bf16 conv2d): uint16 buffers, numerics' conversions,
// bit constants, and tt.matmul and tt.conv2d of 16-bit operands into an
// f32 product. Inputs: random f32 values and random 16-bit patterns (NaNs,
// infinities and subnormals included); results bitwise the interpreter's.

// CASE: @convert
// CASE: @matmul
// CASE: @conv
func.func @convert(%arg0: memref<64xf32>, %arg1: memref<64xf16>, %arg2: memref<64xbf16>) -> (memref<64xf16>, memref<64xbf16>, memref<64xf32>, memref<64xf32>, memref<64xbf16>, memref<66xf16>) {
  %c-1 = arith.constant -1 : index
  %cst = arith.constant 1.500000e+00 : f16
  %c65 = arith.constant 65 : index
  %c66 = arith.constant 66 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %0 = loops.alloc() {tt.overwritten} : memref<64xf16>
  %1 = loops.alloc() {tt.overwritten} : memref<64xbf16>
  loops.for %arg3 = %c0 to %c64 step %c1 {
    %6 = loops.load %arg0[%arg3] : memref<64xf32>
    %7 = arith.truncf %6 : f32 to f16
    loops.store %7, %0[%arg3] : memref<64xf16>
    %8 = arith.truncf %6 : f32 to bf16
    loops.store %8, %1[%arg3] : memref<64xbf16>
    loops.yield
  }
  %2 = loops.alloc() {tt.overwritten} : memref<64xf32>
  loops.for %arg3 = %c0 to %c64 step %c1 {
    %6 = loops.load %arg1[%arg3] : memref<64xf16>
    %7 = arith.extf %6 : f16 to f32
    loops.store %7, %2[%arg3] : memref<64xf32>
    loops.yield
  }
  %3 = loops.alloc() {tt.overwritten} : memref<64xf32>
  %4 = loops.alloc() {tt.overwritten} : memref<64xbf16>
  loops.for %arg3 = %c0 to %c64 step %c1 {
    %6 = loops.load %arg2[%arg3] : memref<64xbf16>
    %7 = arith.extf %6 : bf16 to f32
    loops.store %7, %3[%arg3] : memref<64xf32>
    %8 = arith.mulf %7, %7 : f32
    %9 = arith.truncf %8 : f32 to bf16
    loops.store %9, %4[%arg3] : memref<64xbf16>
    loops.yield
  }
  %5 = loops.alloc() {tt.overwritten} : memref<66xf16>
  loops.for %arg3 = %c0 to %c66 step %c1 {
    %6 = arith.cmpi sge, %arg3, %c1 : index
    %7 = arith.cmpi slt, %arg3, %c65 : index
    %8 = arith.andi %6, %7 : i1
    %9 = arith.addi %arg3, %c-1 : index
    %10 = loops.if %8 -> f16 {
      %11 = loops.load %arg1[%9] : memref<64xf16>
      loops.yield %11 : f16
    } else {
      loops.yield %cst : f16
    }
    loops.store %10, %5[%arg3] : memref<66xf16>
    loops.yield
  }
  return %0, %1, %2, %3, %4, %5 : memref<64xf16>, memref<64xbf16>, memref<64xf32>, memref<64xf32>, memref<64xbf16>, memref<66xf16>
}
func.func @matmul(%arg0: memref<5x7xf16>, %arg1: memref<7x3xf16>) -> memref<5x3xf16> {
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %0 = loops.alloc() {tt.overwritten} : memref<5x3xf16>
  %1 = loops.alloc() {tt.overwritten} : memref<5x3xf32>
  loops.call_extern "tt.matmul"(%arg0, %arg1, %1) : (memref<5x7xf16>, memref<7x3xf16>, memref<5x3xf32>) -> ()
  loops.for %arg2 = %c0 to %c5 step %c1 {
    loops.for %arg3 = %c0 to %c3 step %c1 {
      %2 = loops.load %1[%arg2, %arg3] : memref<5x3xf32>
      %3 = arith.truncf %2 : f32 to f16
      loops.store %3, %0[%arg2, %arg3] : memref<5x3xf16>
      loops.yield
    }
    loops.yield
  }
  loops.dealloc %1 : memref<5x3xf32>
  return %0 : memref<5x3xf16>
}
func.func @conv(%arg0: memref<1x2x5x5xbf16>, %arg1: memref<3x2x3x3xbf16>) -> memref<1x3x3x3xbf16> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %0 = loops.alloc() {tt.overwritten} : memref<1x3x3x3xbf16>
  %1 = loops.alloc() {tt.overwritten} : memref<1x3x3x3xf32>
  loops.call_extern "tt.conv2d"(%arg0, %arg1, %1) {dilation = array<i64: 1, 1>, groups = 1 : i64, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>} : (memref<1x2x5x5xbf16>, memref<3x2x3x3xbf16>, memref<1x3x3x3xf32>) -> ()
  loops.for %arg2 = %c0 to %c3 step %c1 {
    loops.for %arg3 = %c0 to %c3 step %c1 {
      loops.for %arg4 = %c0 to %c3 step %c1 {
        %2 = loops.load %1[%c0, %arg2, %arg3, %arg4] : memref<1x3x3x3xf32>
        %3 = arith.truncf %2 : f32 to bf16
        loops.store %3, %0[%c0, %arg2, %arg3, %arg4] : memref<1x3x3x3xbf16>
        loops.yield
      }
      loops.yield
    }
    loops.yield
  }
  loops.dealloc %1 : memref<1x3x3x3xf32>
  return %0 : memref<1x3x3x3xbf16>
}
