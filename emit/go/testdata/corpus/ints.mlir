// Integer arithmetic with two's-complement wraparound, the interpreter's
// division, shift and cast semantics, on i32, i64 and index.

// CASE: @i32ops ints=-40:40
// CASE: @i64ops ints=-1000:1000
// CASE: @casts
// CASE: @divzero ints=0:0 error=integer division by zero
func.func @i32ops(%a: memref<64xi32>, %b: memref<64xi32>) -> (memref<64xi32>, memref<64xi32>, memref<64xi1>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1 : i32
  %c0i = arith.constant 0 : i32
  %big = arith.constant 2147483647 : i32
  %out = loops.alloc() : memref<64xi32>
  %out2 = loops.alloc() : memref<64xi32>
  %flags = loops.alloc() : memref<64xi1>
  loops.for %i = %c0 to %c64 step %c1 {
    %x = loops.load %a[%i] : memref<64xi32>
    %y0 = loops.load %b[%i] : memref<64xi32>
    // Avoid dividing by zero: y = y0 == 0 ? 1 : y0.
    %z = arith.cmpi eq, %y0, %c0i : i32
    %y = arith.select %z, %one, %y0 : i32
    %d = arith.divsi %x, %y : i32
    %r = arith.remsi %x, %y : i32
    %du = arith.divui %x, %y : i32
    %ru = arith.remui %x, %y : i32
    %cd = arith.ceildivsi %x, %y : i32
    %fd = arith.floordivsi %x, %y : i32
    %cu = arith.ceildivui %x, %y : i32
    %sh = arith.shli %x, %y : i32
    %sr = arith.shrsi %x, %y : i32
    %su = arith.shrui %x, %y : i32
    %mx = arith.maxsi %x, %y : i32
    %mn = arith.minui %x, %y : i32
    %w = arith.addi %big, %x : i32
    %m = arith.muli %w, %y : i32
    %t0 = arith.xori %d, %r : i32
    %t1 = arith.addi %t0, %du : i32
    %t2 = arith.subi %t1, %ru : i32
    %t3 = arith.addi %t2, %cd : i32
    %t4 = arith.addi %t3, %fd : i32
    %t5 = arith.addi %t4, %cu : i32
    %t6 = arith.ori %t5, %sh : i32
    %t7 = arith.andi %sr, %su : i32
    %t8 = arith.addi %t6, %t7 : i32
    %t9 = arith.addi %t8, %mx : i32
    %t10 = arith.addi %t9, %mn : i32
    %t11 = arith.addi %t10, %m : i32
    loops.store %t11, %out[%i] : memref<64xi32>
    %ab = math.absi %x : i32
    %lz = math.ctlz %x : i32
    %tz = math.cttz %x : i32
    %pc = math.ctpop %x : i32
    %u0 = arith.addi %ab, %lz : i32
    %u1 = arith.muli %u0, %tz : i32
    %u2 = arith.subi %u1, %pc : i32
    loops.store %u2, %out2[%i] : memref<64xi32>
    %f = arith.cmpi ult, %x, %y : i32
    loops.store %f, %flags[%i] : memref<64xi1>
    loops.yield
  }
  return %out, %out2, %flags : memref<64xi32>, memref<64xi32>, memref<64xi1>
}

func.func @i64ops(%a: memref<3x7xi64>, %b: memref<3x7xi64>) -> memref<3x7xi64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c13 = arith.constant 13 : i64
  %min = arith.constant -9223372036854775808 : i64
  %m1 = arith.constant -1 : i64
  %out = loops.alloc() : memref<3x7xi64>
  loops.parallel (%i, %j) = (%c0, %c0) to (%c3, %c7) step (%c1, %c1) {
    %x = loops.load %a[%i, %j] : memref<3x7xi64>
    %y = loops.load %b[%i, %j] : memref<3x7xi64>
    %p = arith.muli %x, %y : i64
    %q = arith.divsi %min, %m1 : i64
    %r = arith.remsi %p, %c13 : i64
    %s = arith.addi %q, %r : i64
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_castui %j : index to i64
    %t = arith.muli %ii, %jj : i64
    %u = arith.addi %s, %t : i64
    %v = arith.cmpi sgt, %x, %y : i64
    %w = arith.select %v, %u, %p : i64
    loops.store %w, %out[%i, %j] : memref<3x7xi64>
    loops.yield
  }
  return %out : memref<3x7xi64>
}

func.func @casts(%x: memref<40xf32>, %n: memref<40xi64>) -> (memref<40xi32>, memref<40xi64>, memref<40xf32>, memref<40xf64>, memref<40xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c40 = arith.constant 40 : index
  %scale = arith.constant 3.0e9 : f32
  %o1 = loops.alloc() : memref<40xi32>
  %o2 = loops.alloc() : memref<40xi64>
  %o3 = loops.alloc() : memref<40xf32>
  %o4 = loops.alloc() : memref<40xf64>
  %o5 = loops.alloc() : memref<40xindex>
  loops.for %i = %c0 to %c40 step %c1 {
    %v = loops.load %x[%i] : memref<40xf32>
    %k = loops.load %n[%i] : memref<40xi64>
    %big = arith.mulf %v, %scale : f32
    %a = arith.fptosi %big : f32 to i32
    %b = arith.fptoui %big : f32 to i32
    %ab = arith.xori %a, %b : i32
    loops.store %ab, %o1[%i] : memref<40xi32>
    %c = arith.fptosi %big : f32 to i64
    %e = arith.extsi %a : i32 to i64
    %f = arith.extui %b : i32 to i64
    %g = arith.addi %c, %e : i64
    %h = arith.subi %g, %f : i64
    loops.store %h, %o2[%i] : memref<40xi64>
    %big2 = arith.muli %k, %k : i64
    %sf = arith.sitofp %big2 : i64 to f32
    %uf = arith.uitofp %k : i64 to f32
    %t = arith.trunci %k : i64 to i32
    %tf = arith.sitofp %t : i32 to f32
    %bits = arith.bitcast %v : f32 to i32
    %bf = arith.uitofp %bits : i32 to f32
    %s1 = arith.addf %sf, %uf : f32
    %s2 = arith.addf %s1, %tf : f32
    %s3 = arith.addf %s2, %bf : f32
    loops.store %s3, %o3[%i] : memref<40xf32>
    %d = arith.extf %v : f32 to f64
    %dd = arith.mulf %d, %d : f64
    %back = arith.truncf %dd : f64 to f32
    %back64 = arith.extf %back : f32 to f64
    %diff = arith.subf %dd, %back64 : f64
    loops.store %diff, %o4[%i] : memref<40xf64>
    %ix = arith.index_cast %t : i32 to index
    %iy = arith.index_castui %t : i32 to index
    %iz = arith.addi %ix, %iy : index
    loops.store %iz, %o5[%i] : memref<40xindex>
    loops.yield
  }
  return %o1, %o2, %o3, %o4, %o5 : memref<40xi32>, memref<40xi64>, memref<40xf32>, memref<40xf64>, memref<40xindex>
}

func.func @divzero(%a: memref<4xi32>, %b: memref<4xi32>) -> memref<4xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = loops.alloc() : memref<4xi32>
  loops.for %i = %c0 to %c4 step %c1 {
    %x = loops.load %a[%i] : memref<4xi32>
    %y = loops.load %b[%i] : memref<4xi32>
    %d = arith.divsi %x, %y : i32
    loops.store %d, %out[%i] : memref<4xi32>
    loops.yield
  }
  return %out : memref<4xi32>
}
