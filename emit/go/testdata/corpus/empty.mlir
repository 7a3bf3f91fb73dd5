// Buffers with an empty dimension (the issue-16 cases: pad of 2x0,
// concat of 2x0 and 3x0, a parallel loop over 4x0), lowered by the pt2-go
// front half with parallelize forced on: an index whose stride is 0 is
// still used (times 0), so no variable is declared and left unused.

// CASE: @pad0 shapes=2x0
// CASE: @cat0 shapes=2x0,3x0
// CASE: @par0 shapes=4x0
func.func @pad0(%arg0: memref<2x0xf32>) -> memref<4x2xf32> {
  %c-1 = arith.constant -1 : index
  %cst = arith.constant 0.000000e+00 : f32
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = loops.alloc() {tt.overwritten} : memref<4x2xf32>
  loops.parallel (%arg1) = (%c0) to (%c4) step (%c1) {
    %1 = arith.cmpi sge, %arg1, %c1 : index
    %2 = arith.cmpi slt, %arg1, %c3 : index
    %3 = arith.andi %1, %2 : i1
    %4 = arith.addi %arg1, %c-1 : index
    loops.for %arg2 = %c0 to %c2 step %c1 {
      %5 = arith.cmpi sge, %arg2, %c1 : index
      %6 = arith.cmpi slt, %arg2, %c1 : index
      %7 = arith.andi %3, %5 : i1
      %8 = arith.andi %7, %6 : i1
      %9 = arith.addi %arg2, %c-1 : index
      %10 = loops.if %8 -> f32 {
        %11 = loops.load %arg0[%4, %9] : memref<2x0xf32>
        loops.yield %11 : f32
      } else {
        loops.yield %cst : f32
      }
      loops.store %10, %0[%arg1, %arg2] : memref<4x2xf32>
      loops.yield
    }
    loops.yield
  }
  return %0 : memref<4x2xf32>
}
func.func @cat0(%arg0: memref<2x0xf32>, %arg1: memref<3x0xf32>) -> memref<5x0xf32> {
  %c-2 = arith.constant -2 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %0 = loops.alloc() {tt.overwritten} : memref<5x0xf32>
  loops.parallel (%arg2) = (%c0) to (%c5) step (%c1) {
    %1 = arith.cmpi slt, %arg2, %c2 : index
    %2 = arith.addi %arg2, %c-2 : index
    loops.for %arg3 = %c0 to %c0 step %c1 {
      %3 = loops.if %1 -> f32 {
        %4 = loops.load %arg0[%arg2, %arg3] : memref<2x0xf32>
        loops.yield %4 : f32
      } else {
        %4 = loops.load %arg1[%2, %arg3] : memref<3x0xf32>
        loops.yield %4 : f32
      }
      loops.store %3, %0[%arg2, %arg3] : memref<5x0xf32>
      loops.yield
    }
    loops.yield
  }
  return %0 : memref<5x0xf32>
}
func.func @par0(%arg0: memref<4x0xf32>) -> memref<4x0xf32> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = loops.alloc() {tt.overwritten} : memref<4x0xf32>
  loops.parallel (%arg1) = (%c0) to (%c4) step (%c1) {
    loops.for %arg2 = %c0 to %c0 step %c1 {
      %1 = loops.load %arg0[%arg1, %arg2] : memref<4x0xf32>
      %2 = math.exp %1 : f32
      loops.store %2, %0[%arg1, %arg2] : memref<4x0xf32>
      loops.yield
    }
    loops.yield
  }
  return %0 : memref<4x0xf32>
}
