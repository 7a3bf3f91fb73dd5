// Integer constants read inside loops.parallel bodies: the closures
// redeclare them (division and remainder by a known constant), one read
// only inside (the outer variable is otherwise unused), one also outside,
// i32 and i64 ones, and a negative divisor.

// CASE: @delinearize ints=-50:50
func.func @delinearize(%x: memref<6x35xi32>) -> (memref<6x35xi64>, memref<6xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c35 = arith.constant 35 : index
  %m3 = arith.constant -3 : i32
  %k5 = arith.constant 5 : i64
  %q = loops.alloc() : memref<6x35xi64>
  %s = loops.alloc() : memref<6xi32>
  loops.parallel (%i, %j) = (%c0, %c0) to (%c6, %c35) step (%c1, %c1) {
    %v = loops.load %x[%i, %j] : memref<6x35xi32>
    %jd = arith.divsi %j, %c7 : index
    %jr = arith.remsi %j, %c7 : index
    %t = arith.muli %jd, %c35 : index
    %u = arith.addi %t, %jr : index
    %ui = arith.index_cast %u : index to i64
    %vd = arith.divsi %v, %m3 : i32
    %vr = arith.remsi %v, %m3 : i32
    %w = arith.addi %vd, %vr : i32
    %wi = arith.extsi %w : i32 to i64
    %r = arith.remsi %wi, %k5 : i64
    %o = arith.addi %ui, %r : i64
    loops.store %o, %q[%i, %j] : memref<6x35xi64>
    loops.yield
  }
  loops.parallel (%i) = (%c0) to (%c6) step (%c1) {
    %v = loops.load %x[%i, %c0] : memref<6x35xi32>
    %d = arith.divsi %v, %m3 : i32
    loops.store %d, %s[%i] : memref<6xi32>
    loops.yield
  }
  %i7 = arith.index_cast %c7 : index to i32
  %v = loops.load %s[%c0] : memref<6xi32>
  %e = arith.addi %v, %i7 : i32
  loops.store %e, %s[%c0] : memref<6xi32>
  return %q, %s : memref<6x35xi64>, memref<6xi32>
}
