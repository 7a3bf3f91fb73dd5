// i1 arithmetic (a 1-bit two's-complement integer: true is -1 signed, 1
// unsigned) and casts from and to i1.

// CASE: @bools
func.func @bools(%a: memref<32xi1>, %b: memref<32xi1>) -> (memref<32xi32>, memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %t = arith.constant true
  %oi = loops.alloc() : memref<32xi32>
  %of = loops.alloc() : memref<32xf32>
  loops.for %i = %c0 to %c32 step %c1 {
    %x = loops.load %a[%i] : memref<32xi1>
    %y = loops.load %b[%i] : memref<32xi1>
    %r0 = arith.addi %x, %y : i1
    %r1 = arith.muli %x, %y : i1
    %r2 = arith.maxsi %x, %y : i1
    %r3 = arith.minsi %x, %y : i1
    %r4 = arith.maxui %x, %y : i1
    %r5 = arith.shli %x, %y : i1
    %r6 = arith.shrsi %x, %y : i1
    %r7 = arith.cmpi slt, %x, %y : i1
    %r8 = arith.cmpi ule, %x, %y : i1
    %r9 = arith.divsi %x, %t : i1
    %r10 = arith.remui %y, %t : i1
    %r11 = arith.xori %r9, %r10 : i1
    %e0 = arith.extsi %r0 : i1 to i32
    %e1 = arith.extui %r1 : i1 to i32
    %e2 = arith.extsi %r2 : i1 to i32
    %e3 = arith.extui %r3 : i1 to i32
    %e4 = arith.extsi %r4 : i1 to i32
    %e5 = arith.extui %r5 : i1 to i32
    %e6 = arith.extsi %r6 : i1 to i32
    %e7 = arith.extui %r7 : i1 to i32
    %e8 = arith.extsi %r8 : i1 to i32
    %e9 = arith.extui %r11 : i1 to i32
    %s1 = arith.constant 1 : i32
    %s2 = arith.constant 2 : i32
    %s3 = arith.constant 3 : i32
    %s4 = arith.constant 4 : i32
    %f1 = arith.shli %e1, %s1 : i32
    %f3 = arith.shli %e3, %s2 : i32
    %f5 = arith.shli %e5, %s3 : i32
    %f7 = arith.shli %e7, %s4 : i32
    %g0 = arith.addi %e0, %f1 : i32
    %g1 = arith.muli %g0, %e2 : i32
    %g2 = arith.addi %g1, %f3 : i32
    %g3 = arith.subi %g2, %e4 : i32
    %g4 = arith.addi %g3, %f5 : i32
    %g5 = arith.muli %g4, %e6 : i32
    %g6 = arith.addi %g5, %f7 : i32
    %g7 = arith.addi %g6, %e8 : i32
    %g8 = arith.addi %g7, %e9 : i32
    loops.store %g8, %oi[%i] : memref<32xi32>
    %sf = arith.sitofp %r0 : i1 to f32
    %uf = arith.uitofp %r4 : i1 to f32
    %h = arith.addf %sf, %uf : f32
    %tr = arith.trunci %g8 : i32 to i1
    %sel = arith.select %tr, %h, %sf : f32
    loops.store %sel, %of[%i] : memref<32xf32>
    loops.yield
  }
  return %oi, %of : memref<32xi32>, memref<32xf32>
}
