// Loops vectorize runs lane by lane (tt-opt --vectorize --canonicalize on
// their scalar forms): a bias gradient over 100 columns (vectors of 8 over
// the columns, f64 accumulators, a tail from 96), a maximum over the rows
// of a dynamic matrix (a loops.for whose iterations are independent, with a
// dynamic tail), and a head merge whose indices divide by 16 (divsi/remsi
// kept scalar, once per vector). Lane l of a vector runs the scalar code
// of its column, so the interpreter and the Go code agree bitwise.

// CASE: @bias_grad
// CASE: @col_max shapes=5x19
// CASE: @col_max shapes=3x8
// CASE: @col_max shapes=4x3
module {
  func.func @bias_grad(%arg0: memref<37x100xf32>, %arg1: memref<37x100xf32>) -> (memref<37x100xf32>, memref<100xf32>) {
    %c96 = arith.constant 96 : index
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c37 = arith.constant 37 : index
    %c100 = arith.constant 100 : index
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f64
    %0 = loops.alloc() : memref<37x100xf32>
    %1 = loops.alloc() : memref<100xf32>
    %2 = vector.broadcast %cst_0 : f64 to vector<8xf64>
    %3 = vector.broadcast %cst : f32 to vector<8xf32>
    loops.parallel (%arg2) = (%c0) to (%c96) step (%c8) {
      %4 = loops.for %arg3 = %c0 to %c37 step %c1 iter_args(%arg4 = %2) -> vector<8xf64> {
        %6 = vector.load %arg0[%arg3, %arg2] : memref<37x100xf32>, vector<8xf32>
        %7 = arith.cmpf ogt, %6, %3 : vector<8xf32>
        %8 = vector.load %arg1[%arg3, %arg2] : memref<37x100xf32>, vector<8xf32>
        %9 = arith.select %7, %8, %3 : vector<8xi1>, vector<8xf32>
        vector.store %9, %0[%arg3, %arg2] : memref<37x100xf32>, vector<8xf32>
        %10 = arith.extf %9 : vector<8xf32> to vector<8xf64>
        %11 = arith.addf %arg4, %10 : vector<8xf64>
        loops.yield %11 : vector<8xf64>
      } {reductions = ["addf"]}
      %5 = arith.truncf %4 : vector<8xf64> to vector<8xf32>
      vector.store %5, %1[%arg2] : memref<100xf32>, vector<8xf32>
      loops.yield
    }
    loops.parallel (%arg2) = (%c96) to (%c100) step (%c1) {
      %4 = loops.for %arg3 = %c0 to %c37 step %c1 iter_args(%arg4 = %cst_0) -> f64 {
        %6 = loops.load %arg0[%arg3, %arg2] : memref<37x100xf32>
        %7 = arith.cmpf ogt, %6, %cst : f32
        %8 = loops.load %arg1[%arg3, %arg2] : memref<37x100xf32>
        %9 = arith.select %7, %8, %cst : f32
        loops.store %9, %0[%arg3, %arg2] : memref<37x100xf32>
        %10 = arith.extf %9 : f32 to f64
        %11 = arith.addf %arg4, %10 : f64
        loops.yield %11 : f64
      } {reductions = ["addf"]}
      %5 = arith.truncf %4 : f64 to f32
      loops.store %5, %1[%arg2] : memref<100xf32>
      loops.yield
    }
    return %0, %1 : memref<37x100xf32>, memref<100xf32>
  }
  func.func @col_max(%arg0: memref<?x?xf32>) -> memref<?xf32> {
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cst = arith.constant 0xFF800000 : f32
    %0 = loops.dim %arg0, 0 : memref<?x?xf32>
    %1 = loops.dim %arg0, 1 : memref<?x?xf32>
    %2 = loops.alloc(%1) : memref<?xf32>
    %3 = arith.remsi %1, %c8 : index
    %4 = arith.subi %1, %3 : index
    %5 = vector.broadcast %cst : f32 to vector<8xf32>
    loops.for %arg1 = %c0 to %4 step %c8 {
      %6 = loops.for %arg2 = %c0 to %0 step %c1 iter_args(%arg3 = %5) -> vector<8xf32> {
        %7 = vector.load %arg0[%arg2, %arg1] : memref<?x?xf32>, vector<8xf32>
        %8 = arith.maxf %arg3, %7 : vector<8xf32>
        loops.yield %8 : vector<8xf32>
      } {reductions = ["maxf"]}
      vector.store %6, %2[%arg1] : memref<?xf32>, vector<8xf32>
      loops.yield
    }
    loops.for %arg1 = %4 to %1 step %c1 {
      %6 = loops.for %arg2 = %c0 to %0 step %c1 iter_args(%arg3 = %cst) -> f32 {
        %7 = loops.load %arg0[%arg2, %arg1] : memref<?x?xf32>
        %8 = arith.maxf %arg3, %7 : f32
        loops.yield %8 : f32
      } {reductions = ["maxf"]}
      loops.store %6, %2[%arg1] : memref<?xf32>
      loops.yield
    }
    return %2 : memref<?xf32>
  }
  func.func @merge_heads(%arg0: memref<8x5x16xf32>) -> memref<20x32xf32> {
    %c8 = arith.constant 8 : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c16 = arith.constant 16 : index
    %c20 = arith.constant 20 : index
    %c32 = arith.constant 32 : index
    %0 = loops.alloc() : memref<20x32xf32>
    loops.parallel (%arg1) = (%c0) to (%c20) step (%c1) {
      %1 = arith.divsi %arg1, %c5 : index
      %2 = arith.remsi %arg1, %c5 : index
      %3 = arith.muli %1, %c2 : index
      loops.for %arg2 = %c0 to %c32 step %c8 {
        %4 = arith.divsi %arg2, %c16 : index
        %5 = arith.addi %3, %4 : index
        %6 = arith.remsi %arg2, %c16 : index
        %7 = vector.load %arg0[%5, %2, %6] : memref<8x5x16xf32>, vector<8xf32>
        vector.store %7, %0[%arg1, %arg2] : memref<20x32xf32>, vector<8xf32>
        loops.yield
      }
      loops.yield
    }
    return %0 : memref<20x32xf32>
  }
}

