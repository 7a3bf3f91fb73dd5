// Float semantics: math functions on f32 (exp, log, tanh and erf with
// numerics, the others computed in float64, rounded once) and f64,
// special values, every cmpf predicate, min/max with NaN and signed zeros.

// CASE: @math32
// CASE: @fast32
// CASE: @fast32specials
// CASE: @math64
// CASE: @specials concurrent
func.func @math32(%x: memref<100xf32>, %y: memref<100xf32>) -> (memref<100xf32>, memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %o1 = loops.alloc() : memref<100xf32>
  %o2 = loops.alloc() : memref<100xf32>
  loops.for %i = %c0 to %c100 step %c1 {
    %a = loops.load %x[%i] : memref<100xf32>
    %b = loops.load %y[%i] : memref<100xf32>
    %e = math.exp %a : f32
    %l = math.log %e : f32
    %s = math.sin %a : f32
    %c = math.cos %b : f32
    %t = math.tanh %a : f32
    %r = math.rsqrt %e : f32
    %q = math.sqrt %e : f32
    %er = math.erf %b : f32
    %at = math.atan2 %a, %b : f32
    %p = math.powf %e, %b : f32
    %cp = math.copysign %a, %b : f32
    %fm = math.fma %a, %b, %c : f32
    %rm = arith.remf %a, %b : f32
    %ab = math.absf %b : f32
    %fl = math.floor %a : f32
    %ce = math.ceil %b : f32
    %rd = math.round %a : f32
    %re = math.roundeven %b : f32
    %tr = math.trunc %a : f32
    %l1 = math.log1p %ab : f32
    %e2 = math.exp2 %b : f32
    %em = math.expm1 %a : f32
    %lg = math.log2 %e : f32
    %lt = math.log10 %e : f32
    %cb = math.cbrt %a : f32
    %ta = math.tan %b : f32
    %an = math.atan %a : f32
    %v1 = arith.addf %l, %s : f32
    %v2 = arith.mulf %v1, %c : f32
    %v3 = arith.subf %v2, %t : f32
    %v4 = arith.divf %v3, %r : f32
    %v5 = arith.addf %v4, %q : f32
    %v6 = arith.addf %v5, %er : f32
    %v7 = arith.addf %v6, %at : f32
    %v8 = arith.addf %v7, %p : f32
    %v9 = arith.addf %v8, %cp : f32
    %v10 = arith.addf %v9, %fm : f32
    %v11 = arith.addf %v10, %rm : f32
    %v12 = arith.negf %v11 : f32
    loops.store %v12, %o1[%i] : memref<100xf32>
    %w1 = arith.addf %fl, %ce : f32
    %w2 = arith.addf %w1, %rd : f32
    %w3 = arith.addf %w2, %re : f32
    %w4 = arith.addf %w3, %tr : f32
    %w5 = arith.addf %w4, %l1 : f32
    %w6 = arith.addf %w5, %e2 : f32
    %w7 = arith.addf %w6, %em : f32
    %w8 = arith.addf %w7, %lg : f32
    %w9 = arith.addf %w8, %lt : f32
    %w10 = arith.addf %w9, %cb : f32
    %w11 = arith.addf %w10, %ta : f32
    %w12 = arith.addf %w11, %an : f32
    loops.store %w12, %o2[%i] : memref<100xf32>
    loops.yield
  }
  return %o1, %o2 : memref<100xf32>, memref<100xf32>
}

func.func @math64(%x: memref<100xf64>) -> memref<100xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %half = arith.constant 0.5 : f64
  %o = loops.alloc() : memref<100xf64>
  loops.for %i = %c0 to %c100 step %c1 {
    %a = loops.load %x[%i] : memref<100xf64>
    %e = math.exp %a : f64
    %t = math.tanh %a : f64
    %f = math.fma %a, %half, %t : f64
    %s = math.sqrt %e : f64
    %g = math.erf %f : f64
    %r = arith.addf %s, %g : f64
    %m = arith.mulf %r, %e : f64
    loops.store %m, %o[%i] : memref<100xf64>
    loops.yield
  }
  return %o : memref<100xf64>
}

// The numerics functions over a wide range (x·60: overflow,
// underflow, subnormal results; log of negative numbers), on scalars and
// on vectors.
func.func @fast32(%x: memref<128xf32>) -> (memref<128xf32>, memref<128xf32>, memref<128xf32>, memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %k = arith.constant 60.0 : f32
  %kv = vector.broadcast %k : f32 to vector<8xf32>
  %o1 = loops.alloc() : memref<128xf32>
  %o2 = loops.alloc() : memref<128xf32>
  %o3 = loops.alloc() : memref<128xf32>
  %o4 = loops.alloc() : memref<128xf32>
  loops.for %i = %c0 to %c128 step %c1 {
    %a = loops.load %x[%i] : memref<128xf32>
    %s = arith.mulf %a, %k : f32
    %e = math.exp %s : f32
    %l = math.log %s : f32
    loops.store %e, %o1[%i] : memref<128xf32>
    loops.store %l, %o2[%i] : memref<128xf32>
    loops.yield
  }
  loops.for %i = %c0 to %c128 step %c8 {
    %a = vector.load %x[%i] : memref<128xf32>, vector<8xf32>
    %s = arith.mulf %a, %kv : vector<8xf32>
    %t = math.tanh %s : vector<8xf32>
    %r = math.erf %a : vector<8xf32>
    vector.store %t, %o3[%i] : memref<128xf32>, vector<8xf32>
    vector.store %r, %o4[%i] : memref<128xf32>, vector<8xf32>
    loops.yield
  }
  return %o1, %o2, %o3, %o4 : memref<128xf32>, memref<128xf32>, memref<128xf32>, memref<128xf32>
}

// The numerics functions of special values: NaN, ±Inf, ±0, the
// overflow and underflow thresholds of exp, subnormals.
func.func @fast32specials() -> memref<4x10xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %vals = loops.alloc() : memref<10xf32>
  %v0 = arith.constant 0x7FC00000 : f32
  %v1 = arith.constant 0x7F800000 : f32
  %v2 = arith.constant 0xFF800000 : f32
  %v3 = arith.constant -0.0 : f32
  %v4 = arith.constant 0.0 : f32
  %v5 = arith.constant 88.72284 : f32
  %v6 = arith.constant -103.9 : f32
  %v7 = arith.constant 0x00000003 : f32
  %v8 = arith.constant -87.5 : f32
  %v9 = arith.constant 0.63 : f32
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  loops.store %v0, %vals[%c0] : memref<10xf32>
  loops.store %v1, %vals[%c1] : memref<10xf32>
  loops.store %v2, %vals[%c2] : memref<10xf32>
  loops.store %v3, %vals[%c3] : memref<10xf32>
  loops.store %v4, %vals[%c4] : memref<10xf32>
  loops.store %v5, %vals[%c5] : memref<10xf32>
  loops.store %v6, %vals[%c6] : memref<10xf32>
  loops.store %v7, %vals[%c7] : memref<10xf32>
  loops.store %v8, %vals[%c8] : memref<10xf32>
  loops.store %v9, %vals[%c9] : memref<10xf32>
  %o = loops.alloc() : memref<4x10xf32>
  loops.for %j = %c0 to %c10 step %c1 {
    %a = loops.load %vals[%j] : memref<10xf32>
    %e = math.exp %a : f32
    %l = math.log %a : f32
    %t = math.tanh %a : f32
    %r = math.erf %a : f32
    loops.store %e, %o[%c0, %j] : memref<4x10xf32>
    loops.store %l, %o[%c1, %j] : memref<4x10xf32>
    loops.store %t, %o[%c2, %j] : memref<4x10xf32>
    loops.store %r, %o[%c3, %j] : memref<4x10xf32>
    loops.yield
  }
  return %o : memref<4x10xf32>
}

// Special values from constants, compared with every predicate.
func.func @specials() -> (memref<6x6xi32>, memref<6x6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %one = arith.constant 1.5 : f32
  %vals = loops.alloc() : memref<6xf32>
  loops.store %nan, %vals[%c0] : memref<6xf32>
  loops.store %inf, %vals[%c1] : memref<6xf32>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  loops.store %ninf, %vals[%c2] : memref<6xf32>
  loops.store %nz, %vals[%c3] : memref<6xf32>
  loops.store %pz, %vals[%c4] : memref<6xf32>
  loops.store %one, %vals[%c5] : memref<6xf32>
  %bits = loops.alloc() : memref<6x6xi32>
  %mm = loops.alloc() : memref<6x6xf32>
  %zero = arith.constant 0 : i32
  loops.for %i = %c0 to %c6 step %c1 {
    loops.for %j = %c0 to %c6 step %c1 {
      %a = loops.load %vals[%i] : memref<6xf32>
      %b = loops.load %vals[%j] : memref<6xf32>
      %p0 = arith.cmpf false, %a, %b : f32
      %p1 = arith.cmpf oeq, %a, %b : f32
      %p2 = arith.cmpf ogt, %a, %b : f32
      %p3 = arith.cmpf oge, %a, %b : f32
      %p4 = arith.cmpf olt, %a, %b : f32
      %p5 = arith.cmpf ole, %a, %b : f32
      %p6 = arith.cmpf one, %a, %b : f32
      %p7 = arith.cmpf ord, %a, %b : f32
      %p8 = arith.cmpf ueq, %a, %b : f32
      %p9 = arith.cmpf ugt, %a, %b : f32
      %p10 = arith.cmpf uge, %a, %b : f32
      %p11 = arith.cmpf ult, %a, %b : f32
      %p12 = arith.cmpf ule, %a, %b : f32
      %p13 = arith.cmpf une, %a, %b : f32
      %p14 = arith.cmpf uno, %a, %b : f32
      %p15 = arith.cmpf true, %a, %b : f32
      %acc = loops.for %k = %c0 to %c1 step %c1 iter_args(%r = %zero) -> (i32) {
        %b0 = arith.extui %p0 : i1 to i32
        %b1 = arith.extui %p1 : i1 to i32
        %b2 = arith.extui %p2 : i1 to i32
        %b3 = arith.extui %p3 : i1 to i32
        %b4 = arith.extui %p4 : i1 to i32
        %b5 = arith.extui %p5 : i1 to i32
        %b6 = arith.extui %p6 : i1 to i32
        %b7 = arith.extui %p7 : i1 to i32
        %b8 = arith.extsi %p8 : i1 to i32
        %b9 = arith.extsi %p9 : i1 to i32
        %b10 = arith.extsi %p10 : i1 to i32
        %b11 = arith.extsi %p11 : i1 to i32
        %b12 = arith.extsi %p12 : i1 to i32
        %b13 = arith.extsi %p13 : i1 to i32
        %b14 = arith.extsi %p14 : i1 to i32
        %b15 = arith.extsi %p15 : i1 to i32
        %s1 = arith.constant 1 : i32
        %x1 = arith.shli %b1, %s1 : i32
        %s2 = arith.constant 2 : i32
        %x2 = arith.shli %b2, %s2 : i32
        %s3 = arith.constant 3 : i32
        %x3 = arith.shli %b3, %s3 : i32
        %s4 = arith.constant 4 : i32
        %x4 = arith.shli %b4, %s4 : i32
        %s5 = arith.constant 5 : i32
        %x5 = arith.shli %b5, %s5 : i32
        %s6 = arith.constant 6 : i32
        %x6 = arith.shli %b6, %s6 : i32
        %s7 = arith.constant 7 : i32
        %x7 = arith.shli %b7, %s7 : i32
        %y0 = arith.ori %b0, %x1 : i32
        %y1 = arith.ori %y0, %x2 : i32
        %y2 = arith.ori %y1, %x3 : i32
        %y3 = arith.ori %y2, %x4 : i32
        %y4 = arith.ori %y3, %x5 : i32
        %y5 = arith.ori %y4, %x6 : i32
        %y6 = arith.ori %y5, %x7 : i32
        %z1 = arith.addi %b8, %b9 : i32
        %z2 = arith.muli %z1, %b10 : i32
        %z3 = arith.subi %z2, %b11 : i32
        %z4 = arith.muli %z3, %b12 : i32
        %z5 = arith.addi %z4, %b13 : i32
        %z6 = arith.muli %z5, %b14 : i32
        %z7 = arith.subi %z6, %b15 : i32
        %s16 = arith.constant 16 : i32
        %z8 = arith.shli %z7, %s16 : i32
        %all = arith.xori %y6, %z8 : i32
        %sum = arith.addi %r, %all : i32
        loops.yield %sum : i32
      }
      loops.store %acc, %bits[%i, %j] : memref<6x6xi32>
      %mx = arith.maximumf %a, %b : f32
      %mn = arith.minimumf %a, %b : f32
      %mf = arith.maxf %mn, %mx : f32
      %md = arith.remf %mf, %b : f32
      %cs = math.copysign %md, %a : f32
      loops.store %cs, %mm[%i, %j] : memref<6x6xf32>
      loops.yield
    }
    loops.yield
  }
  loops.dealloc %vals : memref<6xf32>
  return %bits, %mm : memref<6x6xi32>, memref<6x6xf32>
}
