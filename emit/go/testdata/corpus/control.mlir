// Control flow and calls: loops.if with results, nested loops.for with
// carried scalars, vectors and buffers, calls of private functions (one
// returning a buffer it allocates, one returning its argument), 3-D
// indexing with dynamic sizes, loops.copy.

// CASE: @clamp_count
// CASE: @pingpong shapes=9
// CASE: @call_helpers shapes=4x5
// CASE: @cube shapes=2x3x5
func.func @clamp_count(%x: memref<50xf32>) -> (memref<50xf32>, memref<i64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c50 = arith.constant 50 : index
  %lo = arith.constant -0.5 : f32
  %hi = arith.constant 0.5 : f32
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %out = loops.alloc() : memref<50xf32>
  %count = loops.for %i = %c0 to %c50 step %c1 iter_args(%n = %zero) -> (i64) {
    %v = loops.load %x[%i] : memref<50xf32>
    %below = arith.cmpf olt, %v, %lo : f32
    %r:2 = loops.if %below -> (f32, i64) {
      %n1 = arith.addi %n, %one : i64
      loops.yield %lo, %n1 : f32, i64
    } else {
      %above = arith.cmpf ogt, %v, %hi : f32
      %w = loops.if %above -> (f32) {
        loops.yield %hi : f32
      } else {
        loops.yield %v : f32
      }
      loops.yield %w, %n : f32, i64
    }
    loops.store %r#0, %out[%i] : memref<50xf32>
    loops.yield %r#1 : i64
  }
  %cnt = loops.alloc() : memref<i64>
  loops.store %count, %cnt[] : memref<i64>
  return %out, %cnt : memref<50xf32>, memref<i64>
}

// Double buffering: two buffers swapped by a loop, each step a stencil.
func.func @pingpong(%x: memref<?xf64>) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %third = arith.constant 0.33 : f64
  %n = loops.dim %x, 0 : memref<?xf64>
  %a = loops.alloc(%n) : memref<?xf64>
  %b = loops.alloc(%n) : memref<?xf64>
  loops.copy %x, %a : memref<?xf64>, memref<?xf64>
  %nm1 = arith.subi %n, %c1 : index
  %res:2 = loops.for %t = %c0 to %c5 step %c1 iter_args(%src = %a, %dst = %b) -> (memref<?xf64>, memref<?xf64>) {
    loops.for %i = %c1 to %nm1 step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %l = loops.load %src[%im] : memref<?xf64>
      %m = loops.load %src[%i] : memref<?xf64>
      %r = loops.load %src[%ip] : memref<?xf64>
      %s1 = arith.addf %l, %m : f64
      %s2 = arith.addf %s1, %r : f64
      %v = arith.mulf %s2, %third : f64
      loops.store %v, %dst[%i] : memref<?xf64>
      loops.yield
    }
    loops.yield %dst, %src : memref<?xf64>, memref<?xf64>
  }
  return %res#0 : memref<?xf64>
}

func.func private @row_sums(%m: memref<?x?xf32>) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = loops.dim %m, 0 : memref<?x?xf32>
  %c = loops.dim %m, 1 : memref<?x?xf32>
  %out = loops.alloc(%r) : memref<?xf32>
  loops.for %i = %c0 to %r step %c1 {
    %s = loops.for %j = %c0 to %c step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = loops.load %m[%i, %j] : memref<?x?xf32>
      %a = arith.addf %acc, %v : f32
      loops.yield %a : f32
    }
    loops.store %s, %out[%i] : memref<?xf32>
    loops.yield
  }
  return %out : memref<?xf32>
}

func.func private @scale_in_place(%v: memref<?xf32>, %s: f32) -> memref<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = loops.dim %v, 0 : memref<?xf32>
  loops.for %i = %c0 to %n step %c1 {
    %x = loops.load %v[%i] : memref<?xf32>
    %y = arith.mulf %x, %s : f32
    loops.store %y, %v[%i] : memref<?xf32>
    loops.yield
  }
  return %v : memref<?xf32>
}

func.func private @unused_private(%v: memref<?xf32>) {
  return
}

func.func @call_helpers(%m: memref<?x?xf32>) -> memref<?xf32> {
  %two = arith.constant 2.0 : f32
  %s = func.call @row_sums(%m) : (memref<?x?xf32>) -> memref<?xf32>
  %t = func.call @scale_in_place(%s, %two) : (memref<?xf32>, f32) -> memref<?xf32>
  return %t : memref<?xf32>
}

// out[i, j, k] = x[i, j, k] * (i + 1) + j - k on a dynamic 3-D buffer.
func.func @cube(%x: memref<?x?x?xf32>) -> memref<?x?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = loops.dim %x, 0 : memref<?x?x?xf32>
  %d1 = loops.dim %x, 1 : memref<?x?x?xf32>
  %d2 = loops.dim %x, 2 : memref<?x?x?xf32>
  %out = loops.alloc(%d0, %d1, %d2) : memref<?x?x?xf32>
  loops.parallel (%i, %j, %k) = (%c0, %c0, %c0) to (%d0, %d1, %d2) step (%c1, %c1, %c1) {
    %v = loops.load %x[%i, %j, %k] : memref<?x?x?xf32>
    %ip = arith.addi %i, %c1 : index
    %if = arith.index_cast %ip : index to i64
    %f = arith.sitofp %if : i64 to f32
    %jk = arith.subi %j, %k : index
    %jki = arith.index_cast %jk : index to i32
    %jkf = arith.sitofp %jki : i32 to f32
    %p = arith.mulf %v, %f : f32
    %q = arith.addf %p, %jkf : f32
    loops.store %q, %out[%i, %j, %k] : memref<?x?x?xf32>
    loops.yield
  }
  return %out : memref<?x?x?xf32>
}
