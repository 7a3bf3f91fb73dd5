// The vector ops at several widths, for the SIMD levels of the emitter: with
// archsimd, vector<4xf32> is one 128-bit register, vector<8xf32> one of 256
// bits, vector<16xf32> one of 512 bits (two of 256 with AVX2),
// vector<32xf32> two or four, vector<3xf32> lane by lane. Each op's result
// must be bitwise the interpreter's (NaN payloads aside). Special values
// (NaN, ±0, ±Inf) come from a constant vector mixed into the operands.
// Loops of step W over vectors of W lanes read through views; the others
// (the offset loads, the dynamic row) through slices.

// CASE: @f32x4
// CASE: @f32x8
// CASE: @f32x16
// CASE: @f32x32
// CASE: @f32x3
// CASE: @f64x2
// CASE: @f64x4
// CASE: @f64x8
// CASE: @f64x16
func.func @f32x4(%a: memref<64xf32>, %b: memref<64xf32>) -> memref<70x64xf32> {
  %k = arith.constant dense<[0x7FC00000, -0.0, 0.0, 0x7F800000]> : vector<4xf32>
  %c0 = arith.constant 0 : index
  %cw = arith.constant 4 : index
  %cn = arith.constant 64 : index
  %c0_ = arith.constant 0 : index
  %c1_ = arith.constant 1 : index
  %c2_ = arith.constant 2 : index
  %c3_ = arith.constant 3 : index
  %c4_ = arith.constant 4 : index
  %c5_ = arith.constant 5 : index
  %c6_ = arith.constant 6 : index
  %c7_ = arith.constant 7 : index
  %c8_ = arith.constant 8 : index
  %c9_ = arith.constant 9 : index
  %c10_ = arith.constant 10 : index
  %c11_ = arith.constant 11 : index
  %c12_ = arith.constant 12 : index
  %c13_ = arith.constant 13 : index
  %c14_ = arith.constant 14 : index
  %c15_ = arith.constant 15 : index
  %c16_ = arith.constant 16 : index
  %c17_ = arith.constant 17 : index
  %c18_ = arith.constant 18 : index
  %c19_ = arith.constant 19 : index
  %c20_ = arith.constant 20 : index
  %c21_ = arith.constant 21 : index
  %c22_ = arith.constant 22 : index
  %c23_ = arith.constant 23 : index
  %c24_ = arith.constant 24 : index
  %c25_ = arith.constant 25 : index
  %c26_ = arith.constant 26 : index
  %c27_ = arith.constant 27 : index
  %c28_ = arith.constant 28 : index
  %c29_ = arith.constant 29 : index
  %c30_ = arith.constant 30 : index
  %c31_ = arith.constant 31 : index
  %c32_ = arith.constant 32 : index
  %c33_ = arith.constant 33 : index
  %c34_ = arith.constant 34 : index
  %c35_ = arith.constant 35 : index
  %c36_ = arith.constant 36 : index
  %c37_ = arith.constant 37 : index
  %c38_ = arith.constant 38 : index
  %c39_ = arith.constant 39 : index
  %c40_ = arith.constant 40 : index
  %c41_ = arith.constant 41 : index
  %c42_ = arith.constant 42 : index
  %c43_ = arith.constant 43 : index
  %c44_ = arith.constant 44 : index
  %c45_ = arith.constant 45 : index
  %c46_ = arith.constant 46 : index
  %c47_ = arith.constant 47 : index
  %c48_ = arith.constant 48 : index
  %c49_ = arith.constant 49 : index
  %c50_ = arith.constant 50 : index
  %c51_ = arith.constant 51 : index
  %c52_ = arith.constant 52 : index
  %c53_ = arith.constant 53 : index
  %c54_ = arith.constant 54 : index
  %c55_ = arith.constant 55 : index
  %c56_ = arith.constant 56 : index
  %c57_ = arith.constant 57 : index
  %c58_ = arith.constant 58 : index
  %c59_ = arith.constant 59 : index
  %c60_ = arith.constant 60 : index
  %c61_ = arith.constant 61 : index
  %c62_ = arith.constant 62 : index
  %c63_ = arith.constant 63 : index
  %c64_ = arith.constant 64 : index
  %c65_ = arith.constant 65 : index
  %c66_ = arith.constant 66 : index
  %c67_ = arith.constant 67 : index
  %c68_ = arith.constant 68 : index
  %c69_ = arith.constant 69 : index
  %out = loops.alloc() : memref<70x64xf32>
  loops.for %i = %c0 to %cn step %cw {
    %x0 = vector.load %a[%i] : memref<64xf32>, vector<4xf32>
    %y0 = vector.load %b[%i] : memref<64xf32>, vector<4xf32>
    %h = arith.constant dense<[5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01]> : vector<4xf32>
    %mx = arith.cmpf olt, %x0, %h : vector<4xf32>
    %x = arith.select %mx, %x0, %k : vector<4xi1>, vector<4xf32>
    %my = arith.cmpf ogt, %y0, %h : vector<4xf32>
    %y = arith.select %my, %k, %y0 : vector<4xi1>, vector<4xf32>
    %r0 = arith.addf %x, %y : vector<4xf32>
    %r1 = arith.addf %y, %x : vector<4xf32>
    %r2 = arith.subf %x, %y : vector<4xf32>
    %r3 = arith.subf %y, %x : vector<4xf32>
    %r4 = arith.mulf %x, %y : vector<4xf32>
    %r5 = arith.mulf %y, %x : vector<4xf32>
    %r6 = arith.divf %x, %y : vector<4xf32>
    %r7 = arith.divf %y, %x : vector<4xf32>
    %r8 = arith.maxf %x, %y : vector<4xf32>
    %r9 = arith.maxf %y, %x : vector<4xf32>
    %r10 = arith.minf %x, %y : vector<4xf32>
    %r11 = arith.minf %y, %x : vector<4xf32>
    %r12 = arith.maximumf %x, %y : vector<4xf32>
    %r13 = arith.maximumf %y, %x : vector<4xf32>
    %r14 = arith.minimumf %x, %y : vector<4xf32>
    %r15 = arith.minimumf %y, %x : vector<4xf32>
    %r16 = arith.negf %x : vector<4xf32>
    %r17 = math.absf %x : vector<4xf32>
    %r18 = math.sqrt %x : vector<4xf32>
    %r19 = math.rsqrt %x : vector<4xf32>
    %r20 = math.floor %x : vector<4xf32>
    %r21 = math.ceil %x : vector<4xf32>
    %r22 = math.trunc %x : vector<4xf32>
    %r23 = math.roundeven %x : vector<4xf32>
    %r24 = math.round %x : vector<4xf32>
    %r25 = math.exp %x : vector<4xf32>
    %r26 = math.log %x : vector<4xf32>
    %r27 = math.tanh %x : vector<4xf32>
    %r28 = math.erf %x : vector<4xf32>
    %r29 = math.fma %x, %y, %k : vector<4xf32>
    %r30 = vector.fma %y, %k, %x : vector<4xf32>
    %p_false = arith.cmpf false, %x, %y : vector<4xf32>
    %r31 = arith.select %p_false, %x, %y : vector<4xi1>, vector<4xf32>
    %p_oeq = arith.cmpf oeq, %x, %y : vector<4xf32>
    %r32 = arith.select %p_oeq, %x, %y : vector<4xi1>, vector<4xf32>
    %p_ogt = arith.cmpf ogt, %x, %y : vector<4xf32>
    %r33 = arith.select %p_ogt, %x, %y : vector<4xi1>, vector<4xf32>
    %p_oge = arith.cmpf oge, %x, %y : vector<4xf32>
    %r34 = arith.select %p_oge, %x, %y : vector<4xi1>, vector<4xf32>
    %p_olt = arith.cmpf olt, %x, %y : vector<4xf32>
    %r35 = arith.select %p_olt, %x, %y : vector<4xi1>, vector<4xf32>
    %p_ole = arith.cmpf ole, %x, %y : vector<4xf32>
    %r36 = arith.select %p_ole, %x, %y : vector<4xi1>, vector<4xf32>
    %p_one = arith.cmpf one, %x, %y : vector<4xf32>
    %r37 = arith.select %p_one, %x, %y : vector<4xi1>, vector<4xf32>
    %p_ord = arith.cmpf ord, %x, %y : vector<4xf32>
    %r38 = arith.select %p_ord, %x, %y : vector<4xi1>, vector<4xf32>
    %p_ueq = arith.cmpf ueq, %x, %y : vector<4xf32>
    %r39 = arith.select %p_ueq, %x, %y : vector<4xi1>, vector<4xf32>
    %p_ugt = arith.cmpf ugt, %x, %y : vector<4xf32>
    %r40 = arith.select %p_ugt, %x, %y : vector<4xi1>, vector<4xf32>
    %p_uge = arith.cmpf uge, %x, %y : vector<4xf32>
    %r41 = arith.select %p_uge, %x, %y : vector<4xi1>, vector<4xf32>
    %p_ult = arith.cmpf ult, %x, %y : vector<4xf32>
    %r42 = arith.select %p_ult, %x, %y : vector<4xi1>, vector<4xf32>
    %p_ule = arith.cmpf ule, %x, %y : vector<4xf32>
    %r43 = arith.select %p_ule, %x, %y : vector<4xi1>, vector<4xf32>
    %p_une = arith.cmpf une, %x, %y : vector<4xf32>
    %r44 = arith.select %p_une, %x, %y : vector<4xi1>, vector<4xf32>
    %p_uno = arith.cmpf uno, %x, %y : vector<4xf32>
    %r45 = arith.select %p_uno, %x, %y : vector<4xi1>, vector<4xf32>
    %p_true = arith.cmpf true, %x, %y : vector<4xf32>
    %r46 = arith.select %p_true, %x, %y : vector<4xi1>, vector<4xf32>
    %pa = arith.andi %p_olt, %p_uno : vector<4xi1>
    %po = arith.ori %p_ogt, %p_uno : vector<4xi1>
    %px = arith.xori %p_ole, %p_une : vector<4xi1>
    %r47 = arith.select %pa, %y, %x : vector<4xi1>, vector<4xf32>
    %r48 = arith.select %po, %y, %x : vector<4xi1>, vector<4xf32>
    %r49 = arith.select %px, %y, %x : vector<4xi1>, vector<4xf32>
    %ix = arith.bitcast %x : vector<4xf32> to vector<4xi32>
    %iy = arith.bitcast %y : vector<4xf32> to vector<4xi32>
    %i50 = arith.addi %ix, %iy : vector<4xi32>
    %r50 = arith.bitcast %i50 : vector<4xi32> to vector<4xf32>
    %i51 = arith.subi %ix, %iy : vector<4xi32>
    %r51 = arith.bitcast %i51 : vector<4xi32> to vector<4xf32>
    %i52 = arith.muli %ix, %iy : vector<4xi32>
    %r52 = arith.bitcast %i52 : vector<4xi32> to vector<4xf32>
    %i53 = arith.andi %ix, %iy : vector<4xi32>
    %r53 = arith.bitcast %i53 : vector<4xi32> to vector<4xf32>
    %i54 = arith.ori %ix, %iy : vector<4xi32>
    %r54 = arith.bitcast %i54 : vector<4xi32> to vector<4xf32>
    %i55 = arith.xori %ix, %iy : vector<4xi32>
    %r55 = arith.bitcast %i55 : vector<4xi32> to vector<4xf32>
    %i56 = arith.maxsi %ix, %iy : vector<4xi32>
    %r56 = arith.bitcast %i56 : vector<4xi32> to vector<4xf32>
    %i57 = arith.minsi %ix, %iy : vector<4xi32>
    %r57 = arith.bitcast %i57 : vector<4xi32> to vector<4xf32>
    %i58 = arith.maxui %ix, %iy : vector<4xi32>
    %r58 = arith.bitcast %i58 : vector<4xi32> to vector<4xf32>
    %i59 = arith.shrsi %ix, %iy : vector<4xi32>
    %r59 = arith.bitcast %i59 : vector<4xi32> to vector<4xf32>
    %q_eq = arith.cmpi eq, %ix, %iy : vector<4xi32>
    %r60 = arith.select %q_eq, %x, %y : vector<4xi1>, vector<4xf32>
    %q_ne = arith.cmpi ne, %ix, %iy : vector<4xi32>
    %r61 = arith.select %q_ne, %x, %y : vector<4xi1>, vector<4xf32>
    %q_slt = arith.cmpi slt, %ix, %iy : vector<4xi32>
    %r62 = arith.select %q_slt, %x, %y : vector<4xi1>, vector<4xf32>
    %q_sle = arith.cmpi sle, %ix, %iy : vector<4xi32>
    %r63 = arith.select %q_sle, %x, %y : vector<4xi1>, vector<4xf32>
    %q_sgt = arith.cmpi sgt, %ix, %iy : vector<4xi32>
    %r64 = arith.select %q_sgt, %x, %y : vector<4xi1>, vector<4xf32>
    %q_sge = arith.cmpi sge, %ix, %iy : vector<4xi32>
    %r65 = arith.select %q_sge, %x, %y : vector<4xi1>, vector<4xf32>
    %q_ult = arith.cmpi ult, %ix, %iy : vector<4xi32>
    %r66 = arith.select %q_ult, %x, %y : vector<4xi1>, vector<4xf32>
    %e = arith.extf %x : vector<4xf32> to vector<4xf64>
    %ey = arith.extf %y : vector<4xf32> to vector<4xf64>
    %e2 = arith.mulf %e, %ey : vector<4xf64>
    %pd = arith.cmpf olt, %x, %y : vector<4xf32>
    %e3 = arith.select %pd, %e2, %ey : vector<4xi1>, vector<4xf64>
    %r67 = arith.truncf %e3 : vector<4xf64> to vector<4xf32>
    %bi = arith.bitcast %x : vector<4xf32> to vector<4xi32>
    %bs = arith.sitofp %bi : vector<4xi32> to vector<4xf32>
    %r68 = arith.bitcast %bi : vector<4xi32> to vector<4xf32>
    %r69 = arith.addf %bs, %x : vector<4xf32>
    vector.store %r0, %out[%c0_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r1, %out[%c1_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r2, %out[%c2_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r3, %out[%c3_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r4, %out[%c4_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r5, %out[%c5_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r6, %out[%c6_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r7, %out[%c7_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r8, %out[%c8_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r9, %out[%c9_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r10, %out[%c10_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r11, %out[%c11_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r12, %out[%c12_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r13, %out[%c13_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r14, %out[%c14_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r15, %out[%c15_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r16, %out[%c16_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r17, %out[%c17_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r18, %out[%c18_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r19, %out[%c19_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r20, %out[%c20_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r21, %out[%c21_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r22, %out[%c22_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r23, %out[%c23_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r24, %out[%c24_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r25, %out[%c25_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r26, %out[%c26_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r27, %out[%c27_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r28, %out[%c28_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r29, %out[%c29_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r30, %out[%c30_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r31, %out[%c31_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r32, %out[%c32_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r33, %out[%c33_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r34, %out[%c34_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r35, %out[%c35_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r36, %out[%c36_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r37, %out[%c37_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r38, %out[%c38_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r39, %out[%c39_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r40, %out[%c40_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r41, %out[%c41_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r42, %out[%c42_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r43, %out[%c43_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r44, %out[%c44_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r45, %out[%c45_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r46, %out[%c46_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r47, %out[%c47_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r48, %out[%c48_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r49, %out[%c49_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r50, %out[%c50_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r51, %out[%c51_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r52, %out[%c52_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r53, %out[%c53_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r54, %out[%c54_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r55, %out[%c55_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r56, %out[%c56_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r57, %out[%c57_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r58, %out[%c58_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r59, %out[%c59_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r60, %out[%c60_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r61, %out[%c61_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r62, %out[%c62_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r63, %out[%c63_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r64, %out[%c64_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r65, %out[%c65_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r66, %out[%c66_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r67, %out[%c67_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r68, %out[%c68_, %i] : memref<70x64xf32>, vector<4xf32>
    vector.store %r69, %out[%c69_, %i] : memref<70x64xf32>, vector<4xf32>
    loops.yield
  }
  return %out : memref<70x64xf32>
}

func.func @f32x8(%a: memref<64xf32>, %b: memref<64xf32>) -> memref<70x64xf32> {
  %k = arith.constant dense<[0x7FC00000, -0.0, 0.0, 0x7F800000, 0xFF800000, 1.0, -1.0, 5.000000e-01]> : vector<8xf32>
  %c0 = arith.constant 0 : index
  %cw = arith.constant 8 : index
  %cn = arith.constant 64 : index
  %c0_ = arith.constant 0 : index
  %c1_ = arith.constant 1 : index
  %c2_ = arith.constant 2 : index
  %c3_ = arith.constant 3 : index
  %c4_ = arith.constant 4 : index
  %c5_ = arith.constant 5 : index
  %c6_ = arith.constant 6 : index
  %c7_ = arith.constant 7 : index
  %c8_ = arith.constant 8 : index
  %c9_ = arith.constant 9 : index
  %c10_ = arith.constant 10 : index
  %c11_ = arith.constant 11 : index
  %c12_ = arith.constant 12 : index
  %c13_ = arith.constant 13 : index
  %c14_ = arith.constant 14 : index
  %c15_ = arith.constant 15 : index
  %c16_ = arith.constant 16 : index
  %c17_ = arith.constant 17 : index
  %c18_ = arith.constant 18 : index
  %c19_ = arith.constant 19 : index
  %c20_ = arith.constant 20 : index
  %c21_ = arith.constant 21 : index
  %c22_ = arith.constant 22 : index
  %c23_ = arith.constant 23 : index
  %c24_ = arith.constant 24 : index
  %c25_ = arith.constant 25 : index
  %c26_ = arith.constant 26 : index
  %c27_ = arith.constant 27 : index
  %c28_ = arith.constant 28 : index
  %c29_ = arith.constant 29 : index
  %c30_ = arith.constant 30 : index
  %c31_ = arith.constant 31 : index
  %c32_ = arith.constant 32 : index
  %c33_ = arith.constant 33 : index
  %c34_ = arith.constant 34 : index
  %c35_ = arith.constant 35 : index
  %c36_ = arith.constant 36 : index
  %c37_ = arith.constant 37 : index
  %c38_ = arith.constant 38 : index
  %c39_ = arith.constant 39 : index
  %c40_ = arith.constant 40 : index
  %c41_ = arith.constant 41 : index
  %c42_ = arith.constant 42 : index
  %c43_ = arith.constant 43 : index
  %c44_ = arith.constant 44 : index
  %c45_ = arith.constant 45 : index
  %c46_ = arith.constant 46 : index
  %c47_ = arith.constant 47 : index
  %c48_ = arith.constant 48 : index
  %c49_ = arith.constant 49 : index
  %c50_ = arith.constant 50 : index
  %c51_ = arith.constant 51 : index
  %c52_ = arith.constant 52 : index
  %c53_ = arith.constant 53 : index
  %c54_ = arith.constant 54 : index
  %c55_ = arith.constant 55 : index
  %c56_ = arith.constant 56 : index
  %c57_ = arith.constant 57 : index
  %c58_ = arith.constant 58 : index
  %c59_ = arith.constant 59 : index
  %c60_ = arith.constant 60 : index
  %c61_ = arith.constant 61 : index
  %c62_ = arith.constant 62 : index
  %c63_ = arith.constant 63 : index
  %c64_ = arith.constant 64 : index
  %c65_ = arith.constant 65 : index
  %c66_ = arith.constant 66 : index
  %c67_ = arith.constant 67 : index
  %c68_ = arith.constant 68 : index
  %c69_ = arith.constant 69 : index
  %out = loops.alloc() : memref<70x64xf32>
  loops.for %i = %c0 to %cn step %cw {
    %x0 = vector.load %a[%i] : memref<64xf32>, vector<8xf32>
    %y0 = vector.load %b[%i] : memref<64xf32>, vector<8xf32>
    %h = arith.constant dense<[5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01]> : vector<8xf32>
    %mx = arith.cmpf olt, %x0, %h : vector<8xf32>
    %x = arith.select %mx, %x0, %k : vector<8xi1>, vector<8xf32>
    %my = arith.cmpf ogt, %y0, %h : vector<8xf32>
    %y = arith.select %my, %k, %y0 : vector<8xi1>, vector<8xf32>
    %r0 = arith.addf %x, %y : vector<8xf32>
    %r1 = arith.addf %y, %x : vector<8xf32>
    %r2 = arith.subf %x, %y : vector<8xf32>
    %r3 = arith.subf %y, %x : vector<8xf32>
    %r4 = arith.mulf %x, %y : vector<8xf32>
    %r5 = arith.mulf %y, %x : vector<8xf32>
    %r6 = arith.divf %x, %y : vector<8xf32>
    %r7 = arith.divf %y, %x : vector<8xf32>
    %r8 = arith.maxf %x, %y : vector<8xf32>
    %r9 = arith.maxf %y, %x : vector<8xf32>
    %r10 = arith.minf %x, %y : vector<8xf32>
    %r11 = arith.minf %y, %x : vector<8xf32>
    %r12 = arith.maximumf %x, %y : vector<8xf32>
    %r13 = arith.maximumf %y, %x : vector<8xf32>
    %r14 = arith.minimumf %x, %y : vector<8xf32>
    %r15 = arith.minimumf %y, %x : vector<8xf32>
    %r16 = arith.negf %x : vector<8xf32>
    %r17 = math.absf %x : vector<8xf32>
    %r18 = math.sqrt %x : vector<8xf32>
    %r19 = math.rsqrt %x : vector<8xf32>
    %r20 = math.floor %x : vector<8xf32>
    %r21 = math.ceil %x : vector<8xf32>
    %r22 = math.trunc %x : vector<8xf32>
    %r23 = math.roundeven %x : vector<8xf32>
    %r24 = math.round %x : vector<8xf32>
    %r25 = math.exp %x : vector<8xf32>
    %r26 = math.log %x : vector<8xf32>
    %r27 = math.tanh %x : vector<8xf32>
    %r28 = math.erf %x : vector<8xf32>
    %r29 = math.fma %x, %y, %k : vector<8xf32>
    %r30 = vector.fma %y, %k, %x : vector<8xf32>
    %p_false = arith.cmpf false, %x, %y : vector<8xf32>
    %r31 = arith.select %p_false, %x, %y : vector<8xi1>, vector<8xf32>
    %p_oeq = arith.cmpf oeq, %x, %y : vector<8xf32>
    %r32 = arith.select %p_oeq, %x, %y : vector<8xi1>, vector<8xf32>
    %p_ogt = arith.cmpf ogt, %x, %y : vector<8xf32>
    %r33 = arith.select %p_ogt, %x, %y : vector<8xi1>, vector<8xf32>
    %p_oge = arith.cmpf oge, %x, %y : vector<8xf32>
    %r34 = arith.select %p_oge, %x, %y : vector<8xi1>, vector<8xf32>
    %p_olt = arith.cmpf olt, %x, %y : vector<8xf32>
    %r35 = arith.select %p_olt, %x, %y : vector<8xi1>, vector<8xf32>
    %p_ole = arith.cmpf ole, %x, %y : vector<8xf32>
    %r36 = arith.select %p_ole, %x, %y : vector<8xi1>, vector<8xf32>
    %p_one = arith.cmpf one, %x, %y : vector<8xf32>
    %r37 = arith.select %p_one, %x, %y : vector<8xi1>, vector<8xf32>
    %p_ord = arith.cmpf ord, %x, %y : vector<8xf32>
    %r38 = arith.select %p_ord, %x, %y : vector<8xi1>, vector<8xf32>
    %p_ueq = arith.cmpf ueq, %x, %y : vector<8xf32>
    %r39 = arith.select %p_ueq, %x, %y : vector<8xi1>, vector<8xf32>
    %p_ugt = arith.cmpf ugt, %x, %y : vector<8xf32>
    %r40 = arith.select %p_ugt, %x, %y : vector<8xi1>, vector<8xf32>
    %p_uge = arith.cmpf uge, %x, %y : vector<8xf32>
    %r41 = arith.select %p_uge, %x, %y : vector<8xi1>, vector<8xf32>
    %p_ult = arith.cmpf ult, %x, %y : vector<8xf32>
    %r42 = arith.select %p_ult, %x, %y : vector<8xi1>, vector<8xf32>
    %p_ule = arith.cmpf ule, %x, %y : vector<8xf32>
    %r43 = arith.select %p_ule, %x, %y : vector<8xi1>, vector<8xf32>
    %p_une = arith.cmpf une, %x, %y : vector<8xf32>
    %r44 = arith.select %p_une, %x, %y : vector<8xi1>, vector<8xf32>
    %p_uno = arith.cmpf uno, %x, %y : vector<8xf32>
    %r45 = arith.select %p_uno, %x, %y : vector<8xi1>, vector<8xf32>
    %p_true = arith.cmpf true, %x, %y : vector<8xf32>
    %r46 = arith.select %p_true, %x, %y : vector<8xi1>, vector<8xf32>
    %pa = arith.andi %p_olt, %p_uno : vector<8xi1>
    %po = arith.ori %p_ogt, %p_uno : vector<8xi1>
    %px = arith.xori %p_ole, %p_une : vector<8xi1>
    %r47 = arith.select %pa, %y, %x : vector<8xi1>, vector<8xf32>
    %r48 = arith.select %po, %y, %x : vector<8xi1>, vector<8xf32>
    %r49 = arith.select %px, %y, %x : vector<8xi1>, vector<8xf32>
    %ix = arith.bitcast %x : vector<8xf32> to vector<8xi32>
    %iy = arith.bitcast %y : vector<8xf32> to vector<8xi32>
    %i50 = arith.addi %ix, %iy : vector<8xi32>
    %r50 = arith.bitcast %i50 : vector<8xi32> to vector<8xf32>
    %i51 = arith.subi %ix, %iy : vector<8xi32>
    %r51 = arith.bitcast %i51 : vector<8xi32> to vector<8xf32>
    %i52 = arith.muli %ix, %iy : vector<8xi32>
    %r52 = arith.bitcast %i52 : vector<8xi32> to vector<8xf32>
    %i53 = arith.andi %ix, %iy : vector<8xi32>
    %r53 = arith.bitcast %i53 : vector<8xi32> to vector<8xf32>
    %i54 = arith.ori %ix, %iy : vector<8xi32>
    %r54 = arith.bitcast %i54 : vector<8xi32> to vector<8xf32>
    %i55 = arith.xori %ix, %iy : vector<8xi32>
    %r55 = arith.bitcast %i55 : vector<8xi32> to vector<8xf32>
    %i56 = arith.maxsi %ix, %iy : vector<8xi32>
    %r56 = arith.bitcast %i56 : vector<8xi32> to vector<8xf32>
    %i57 = arith.minsi %ix, %iy : vector<8xi32>
    %r57 = arith.bitcast %i57 : vector<8xi32> to vector<8xf32>
    %i58 = arith.maxui %ix, %iy : vector<8xi32>
    %r58 = arith.bitcast %i58 : vector<8xi32> to vector<8xf32>
    %i59 = arith.shrsi %ix, %iy : vector<8xi32>
    %r59 = arith.bitcast %i59 : vector<8xi32> to vector<8xf32>
    %q_eq = arith.cmpi eq, %ix, %iy : vector<8xi32>
    %r60 = arith.select %q_eq, %x, %y : vector<8xi1>, vector<8xf32>
    %q_ne = arith.cmpi ne, %ix, %iy : vector<8xi32>
    %r61 = arith.select %q_ne, %x, %y : vector<8xi1>, vector<8xf32>
    %q_slt = arith.cmpi slt, %ix, %iy : vector<8xi32>
    %r62 = arith.select %q_slt, %x, %y : vector<8xi1>, vector<8xf32>
    %q_sle = arith.cmpi sle, %ix, %iy : vector<8xi32>
    %r63 = arith.select %q_sle, %x, %y : vector<8xi1>, vector<8xf32>
    %q_sgt = arith.cmpi sgt, %ix, %iy : vector<8xi32>
    %r64 = arith.select %q_sgt, %x, %y : vector<8xi1>, vector<8xf32>
    %q_sge = arith.cmpi sge, %ix, %iy : vector<8xi32>
    %r65 = arith.select %q_sge, %x, %y : vector<8xi1>, vector<8xf32>
    %q_ult = arith.cmpi ult, %ix, %iy : vector<8xi32>
    %r66 = arith.select %q_ult, %x, %y : vector<8xi1>, vector<8xf32>
    %e = arith.extf %x : vector<8xf32> to vector<8xf64>
    %ey = arith.extf %y : vector<8xf32> to vector<8xf64>
    %e2 = arith.mulf %e, %ey : vector<8xf64>
    %pd = arith.cmpf olt, %x, %y : vector<8xf32>
    %e3 = arith.select %pd, %e2, %ey : vector<8xi1>, vector<8xf64>
    %r67 = arith.truncf %e3 : vector<8xf64> to vector<8xf32>
    %bi = arith.bitcast %x : vector<8xf32> to vector<8xi32>
    %bs = arith.sitofp %bi : vector<8xi32> to vector<8xf32>
    %r68 = arith.bitcast %bi : vector<8xi32> to vector<8xf32>
    %r69 = arith.addf %bs, %x : vector<8xf32>
    vector.store %r0, %out[%c0_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r1, %out[%c1_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r2, %out[%c2_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r3, %out[%c3_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r4, %out[%c4_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r5, %out[%c5_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r6, %out[%c6_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r7, %out[%c7_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r8, %out[%c8_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r9, %out[%c9_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r10, %out[%c10_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r11, %out[%c11_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r12, %out[%c12_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r13, %out[%c13_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r14, %out[%c14_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r15, %out[%c15_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r16, %out[%c16_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r17, %out[%c17_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r18, %out[%c18_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r19, %out[%c19_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r20, %out[%c20_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r21, %out[%c21_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r22, %out[%c22_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r23, %out[%c23_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r24, %out[%c24_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r25, %out[%c25_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r26, %out[%c26_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r27, %out[%c27_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r28, %out[%c28_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r29, %out[%c29_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r30, %out[%c30_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r31, %out[%c31_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r32, %out[%c32_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r33, %out[%c33_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r34, %out[%c34_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r35, %out[%c35_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r36, %out[%c36_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r37, %out[%c37_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r38, %out[%c38_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r39, %out[%c39_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r40, %out[%c40_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r41, %out[%c41_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r42, %out[%c42_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r43, %out[%c43_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r44, %out[%c44_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r45, %out[%c45_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r46, %out[%c46_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r47, %out[%c47_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r48, %out[%c48_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r49, %out[%c49_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r50, %out[%c50_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r51, %out[%c51_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r52, %out[%c52_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r53, %out[%c53_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r54, %out[%c54_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r55, %out[%c55_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r56, %out[%c56_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r57, %out[%c57_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r58, %out[%c58_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r59, %out[%c59_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r60, %out[%c60_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r61, %out[%c61_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r62, %out[%c62_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r63, %out[%c63_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r64, %out[%c64_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r65, %out[%c65_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r66, %out[%c66_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r67, %out[%c67_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r68, %out[%c68_, %i] : memref<70x64xf32>, vector<8xf32>
    vector.store %r69, %out[%c69_, %i] : memref<70x64xf32>, vector<8xf32>
    loops.yield
  }
  return %out : memref<70x64xf32>
}

func.func @f32x16(%a: memref<64xf32>, %b: memref<64xf32>) -> memref<70x64xf32> {
  %k = arith.constant dense<[0x7FC00000, -0.0, 0.0, 0x7F800000, 0xFF800000, 1.0, -1.0, 5.000000e-01, 0x7FC00000, -0.0, 0.0, 0x7F800000, 0xFF800000, 1.0, -1.0, 5.000000e-01]> : vector<16xf32>
  %c0 = arith.constant 0 : index
  %cw = arith.constant 16 : index
  %cn = arith.constant 64 : index
  %c0_ = arith.constant 0 : index
  %c1_ = arith.constant 1 : index
  %c2_ = arith.constant 2 : index
  %c3_ = arith.constant 3 : index
  %c4_ = arith.constant 4 : index
  %c5_ = arith.constant 5 : index
  %c6_ = arith.constant 6 : index
  %c7_ = arith.constant 7 : index
  %c8_ = arith.constant 8 : index
  %c9_ = arith.constant 9 : index
  %c10_ = arith.constant 10 : index
  %c11_ = arith.constant 11 : index
  %c12_ = arith.constant 12 : index
  %c13_ = arith.constant 13 : index
  %c14_ = arith.constant 14 : index
  %c15_ = arith.constant 15 : index
  %c16_ = arith.constant 16 : index
  %c17_ = arith.constant 17 : index
  %c18_ = arith.constant 18 : index
  %c19_ = arith.constant 19 : index
  %c20_ = arith.constant 20 : index
  %c21_ = arith.constant 21 : index
  %c22_ = arith.constant 22 : index
  %c23_ = arith.constant 23 : index
  %c24_ = arith.constant 24 : index
  %c25_ = arith.constant 25 : index
  %c26_ = arith.constant 26 : index
  %c27_ = arith.constant 27 : index
  %c28_ = arith.constant 28 : index
  %c29_ = arith.constant 29 : index
  %c30_ = arith.constant 30 : index
  %c31_ = arith.constant 31 : index
  %c32_ = arith.constant 32 : index
  %c33_ = arith.constant 33 : index
  %c34_ = arith.constant 34 : index
  %c35_ = arith.constant 35 : index
  %c36_ = arith.constant 36 : index
  %c37_ = arith.constant 37 : index
  %c38_ = arith.constant 38 : index
  %c39_ = arith.constant 39 : index
  %c40_ = arith.constant 40 : index
  %c41_ = arith.constant 41 : index
  %c42_ = arith.constant 42 : index
  %c43_ = arith.constant 43 : index
  %c44_ = arith.constant 44 : index
  %c45_ = arith.constant 45 : index
  %c46_ = arith.constant 46 : index
  %c47_ = arith.constant 47 : index
  %c48_ = arith.constant 48 : index
  %c49_ = arith.constant 49 : index
  %c50_ = arith.constant 50 : index
  %c51_ = arith.constant 51 : index
  %c52_ = arith.constant 52 : index
  %c53_ = arith.constant 53 : index
  %c54_ = arith.constant 54 : index
  %c55_ = arith.constant 55 : index
  %c56_ = arith.constant 56 : index
  %c57_ = arith.constant 57 : index
  %c58_ = arith.constant 58 : index
  %c59_ = arith.constant 59 : index
  %c60_ = arith.constant 60 : index
  %c61_ = arith.constant 61 : index
  %c62_ = arith.constant 62 : index
  %c63_ = arith.constant 63 : index
  %c64_ = arith.constant 64 : index
  %c65_ = arith.constant 65 : index
  %c66_ = arith.constant 66 : index
  %c67_ = arith.constant 67 : index
  %c68_ = arith.constant 68 : index
  %c69_ = arith.constant 69 : index
  %out = loops.alloc() : memref<70x64xf32>
  loops.for %i = %c0 to %cn step %cw {
    %x0 = vector.load %a[%i] : memref<64xf32>, vector<16xf32>
    %y0 = vector.load %b[%i] : memref<64xf32>, vector<16xf32>
    %h = arith.constant dense<[5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01]> : vector<16xf32>
    %mx = arith.cmpf olt, %x0, %h : vector<16xf32>
    %x = arith.select %mx, %x0, %k : vector<16xi1>, vector<16xf32>
    %my = arith.cmpf ogt, %y0, %h : vector<16xf32>
    %y = arith.select %my, %k, %y0 : vector<16xi1>, vector<16xf32>
    %r0 = arith.addf %x, %y : vector<16xf32>
    %r1 = arith.addf %y, %x : vector<16xf32>
    %r2 = arith.subf %x, %y : vector<16xf32>
    %r3 = arith.subf %y, %x : vector<16xf32>
    %r4 = arith.mulf %x, %y : vector<16xf32>
    %r5 = arith.mulf %y, %x : vector<16xf32>
    %r6 = arith.divf %x, %y : vector<16xf32>
    %r7 = arith.divf %y, %x : vector<16xf32>
    %r8 = arith.maxf %x, %y : vector<16xf32>
    %r9 = arith.maxf %y, %x : vector<16xf32>
    %r10 = arith.minf %x, %y : vector<16xf32>
    %r11 = arith.minf %y, %x : vector<16xf32>
    %r12 = arith.maximumf %x, %y : vector<16xf32>
    %r13 = arith.maximumf %y, %x : vector<16xf32>
    %r14 = arith.minimumf %x, %y : vector<16xf32>
    %r15 = arith.minimumf %y, %x : vector<16xf32>
    %r16 = arith.negf %x : vector<16xf32>
    %r17 = math.absf %x : vector<16xf32>
    %r18 = math.sqrt %x : vector<16xf32>
    %r19 = math.rsqrt %x : vector<16xf32>
    %r20 = math.floor %x : vector<16xf32>
    %r21 = math.ceil %x : vector<16xf32>
    %r22 = math.trunc %x : vector<16xf32>
    %r23 = math.roundeven %x : vector<16xf32>
    %r24 = math.round %x : vector<16xf32>
    %r25 = math.exp %x : vector<16xf32>
    %r26 = math.log %x : vector<16xf32>
    %r27 = math.tanh %x : vector<16xf32>
    %r28 = math.erf %x : vector<16xf32>
    %r29 = math.fma %x, %y, %k : vector<16xf32>
    %r30 = vector.fma %y, %k, %x : vector<16xf32>
    %p_false = arith.cmpf false, %x, %y : vector<16xf32>
    %r31 = arith.select %p_false, %x, %y : vector<16xi1>, vector<16xf32>
    %p_oeq = arith.cmpf oeq, %x, %y : vector<16xf32>
    %r32 = arith.select %p_oeq, %x, %y : vector<16xi1>, vector<16xf32>
    %p_ogt = arith.cmpf ogt, %x, %y : vector<16xf32>
    %r33 = arith.select %p_ogt, %x, %y : vector<16xi1>, vector<16xf32>
    %p_oge = arith.cmpf oge, %x, %y : vector<16xf32>
    %r34 = arith.select %p_oge, %x, %y : vector<16xi1>, vector<16xf32>
    %p_olt = arith.cmpf olt, %x, %y : vector<16xf32>
    %r35 = arith.select %p_olt, %x, %y : vector<16xi1>, vector<16xf32>
    %p_ole = arith.cmpf ole, %x, %y : vector<16xf32>
    %r36 = arith.select %p_ole, %x, %y : vector<16xi1>, vector<16xf32>
    %p_one = arith.cmpf one, %x, %y : vector<16xf32>
    %r37 = arith.select %p_one, %x, %y : vector<16xi1>, vector<16xf32>
    %p_ord = arith.cmpf ord, %x, %y : vector<16xf32>
    %r38 = arith.select %p_ord, %x, %y : vector<16xi1>, vector<16xf32>
    %p_ueq = arith.cmpf ueq, %x, %y : vector<16xf32>
    %r39 = arith.select %p_ueq, %x, %y : vector<16xi1>, vector<16xf32>
    %p_ugt = arith.cmpf ugt, %x, %y : vector<16xf32>
    %r40 = arith.select %p_ugt, %x, %y : vector<16xi1>, vector<16xf32>
    %p_uge = arith.cmpf uge, %x, %y : vector<16xf32>
    %r41 = arith.select %p_uge, %x, %y : vector<16xi1>, vector<16xf32>
    %p_ult = arith.cmpf ult, %x, %y : vector<16xf32>
    %r42 = arith.select %p_ult, %x, %y : vector<16xi1>, vector<16xf32>
    %p_ule = arith.cmpf ule, %x, %y : vector<16xf32>
    %r43 = arith.select %p_ule, %x, %y : vector<16xi1>, vector<16xf32>
    %p_une = arith.cmpf une, %x, %y : vector<16xf32>
    %r44 = arith.select %p_une, %x, %y : vector<16xi1>, vector<16xf32>
    %p_uno = arith.cmpf uno, %x, %y : vector<16xf32>
    %r45 = arith.select %p_uno, %x, %y : vector<16xi1>, vector<16xf32>
    %p_true = arith.cmpf true, %x, %y : vector<16xf32>
    %r46 = arith.select %p_true, %x, %y : vector<16xi1>, vector<16xf32>
    %pa = arith.andi %p_olt, %p_uno : vector<16xi1>
    %po = arith.ori %p_ogt, %p_uno : vector<16xi1>
    %px = arith.xori %p_ole, %p_une : vector<16xi1>
    %r47 = arith.select %pa, %y, %x : vector<16xi1>, vector<16xf32>
    %r48 = arith.select %po, %y, %x : vector<16xi1>, vector<16xf32>
    %r49 = arith.select %px, %y, %x : vector<16xi1>, vector<16xf32>
    %ix = arith.bitcast %x : vector<16xf32> to vector<16xi32>
    %iy = arith.bitcast %y : vector<16xf32> to vector<16xi32>
    %i50 = arith.addi %ix, %iy : vector<16xi32>
    %r50 = arith.bitcast %i50 : vector<16xi32> to vector<16xf32>
    %i51 = arith.subi %ix, %iy : vector<16xi32>
    %r51 = arith.bitcast %i51 : vector<16xi32> to vector<16xf32>
    %i52 = arith.muli %ix, %iy : vector<16xi32>
    %r52 = arith.bitcast %i52 : vector<16xi32> to vector<16xf32>
    %i53 = arith.andi %ix, %iy : vector<16xi32>
    %r53 = arith.bitcast %i53 : vector<16xi32> to vector<16xf32>
    %i54 = arith.ori %ix, %iy : vector<16xi32>
    %r54 = arith.bitcast %i54 : vector<16xi32> to vector<16xf32>
    %i55 = arith.xori %ix, %iy : vector<16xi32>
    %r55 = arith.bitcast %i55 : vector<16xi32> to vector<16xf32>
    %i56 = arith.maxsi %ix, %iy : vector<16xi32>
    %r56 = arith.bitcast %i56 : vector<16xi32> to vector<16xf32>
    %i57 = arith.minsi %ix, %iy : vector<16xi32>
    %r57 = arith.bitcast %i57 : vector<16xi32> to vector<16xf32>
    %i58 = arith.maxui %ix, %iy : vector<16xi32>
    %r58 = arith.bitcast %i58 : vector<16xi32> to vector<16xf32>
    %i59 = arith.shrsi %ix, %iy : vector<16xi32>
    %r59 = arith.bitcast %i59 : vector<16xi32> to vector<16xf32>
    %q_eq = arith.cmpi eq, %ix, %iy : vector<16xi32>
    %r60 = arith.select %q_eq, %x, %y : vector<16xi1>, vector<16xf32>
    %q_ne = arith.cmpi ne, %ix, %iy : vector<16xi32>
    %r61 = arith.select %q_ne, %x, %y : vector<16xi1>, vector<16xf32>
    %q_slt = arith.cmpi slt, %ix, %iy : vector<16xi32>
    %r62 = arith.select %q_slt, %x, %y : vector<16xi1>, vector<16xf32>
    %q_sle = arith.cmpi sle, %ix, %iy : vector<16xi32>
    %r63 = arith.select %q_sle, %x, %y : vector<16xi1>, vector<16xf32>
    %q_sgt = arith.cmpi sgt, %ix, %iy : vector<16xi32>
    %r64 = arith.select %q_sgt, %x, %y : vector<16xi1>, vector<16xf32>
    %q_sge = arith.cmpi sge, %ix, %iy : vector<16xi32>
    %r65 = arith.select %q_sge, %x, %y : vector<16xi1>, vector<16xf32>
    %q_ult = arith.cmpi ult, %ix, %iy : vector<16xi32>
    %r66 = arith.select %q_ult, %x, %y : vector<16xi1>, vector<16xf32>
    %e = arith.extf %x : vector<16xf32> to vector<16xf64>
    %ey = arith.extf %y : vector<16xf32> to vector<16xf64>
    %e2 = arith.mulf %e, %ey : vector<16xf64>
    %pd = arith.cmpf olt, %x, %y : vector<16xf32>
    %e3 = arith.select %pd, %e2, %ey : vector<16xi1>, vector<16xf64>
    %r67 = arith.truncf %e3 : vector<16xf64> to vector<16xf32>
    %bi = arith.bitcast %x : vector<16xf32> to vector<16xi32>
    %bs = arith.sitofp %bi : vector<16xi32> to vector<16xf32>
    %r68 = arith.bitcast %bi : vector<16xi32> to vector<16xf32>
    %r69 = arith.addf %bs, %x : vector<16xf32>
    vector.store %r0, %out[%c0_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r1, %out[%c1_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r2, %out[%c2_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r3, %out[%c3_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r4, %out[%c4_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r5, %out[%c5_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r6, %out[%c6_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r7, %out[%c7_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r8, %out[%c8_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r9, %out[%c9_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r10, %out[%c10_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r11, %out[%c11_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r12, %out[%c12_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r13, %out[%c13_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r14, %out[%c14_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r15, %out[%c15_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r16, %out[%c16_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r17, %out[%c17_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r18, %out[%c18_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r19, %out[%c19_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r20, %out[%c20_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r21, %out[%c21_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r22, %out[%c22_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r23, %out[%c23_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r24, %out[%c24_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r25, %out[%c25_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r26, %out[%c26_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r27, %out[%c27_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r28, %out[%c28_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r29, %out[%c29_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r30, %out[%c30_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r31, %out[%c31_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r32, %out[%c32_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r33, %out[%c33_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r34, %out[%c34_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r35, %out[%c35_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r36, %out[%c36_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r37, %out[%c37_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r38, %out[%c38_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r39, %out[%c39_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r40, %out[%c40_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r41, %out[%c41_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r42, %out[%c42_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r43, %out[%c43_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r44, %out[%c44_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r45, %out[%c45_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r46, %out[%c46_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r47, %out[%c47_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r48, %out[%c48_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r49, %out[%c49_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r50, %out[%c50_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r51, %out[%c51_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r52, %out[%c52_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r53, %out[%c53_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r54, %out[%c54_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r55, %out[%c55_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r56, %out[%c56_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r57, %out[%c57_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r58, %out[%c58_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r59, %out[%c59_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r60, %out[%c60_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r61, %out[%c61_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r62, %out[%c62_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r63, %out[%c63_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r64, %out[%c64_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r65, %out[%c65_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r66, %out[%c66_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r67, %out[%c67_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r68, %out[%c68_, %i] : memref<70x64xf32>, vector<16xf32>
    vector.store %r69, %out[%c69_, %i] : memref<70x64xf32>, vector<16xf32>
    loops.yield
  }
  return %out : memref<70x64xf32>
}

func.func @f32x32(%a: memref<64xf32>, %b: memref<64xf32>) -> memref<70x64xf32> {
  %k = arith.constant dense<[0x7FC00000, -0.0, 0.0, 0x7F800000, 0xFF800000, 1.0, -1.0, 5.000000e-01, 0x7FC00000, -0.0, 0.0, 0x7F800000, 0xFF800000, 1.0, -1.0, 5.000000e-01, 0x7FC00000, -0.0, 0.0, 0x7F800000, 0xFF800000, 1.0, -1.0, 5.000000e-01, 0x7FC00000, -0.0, 0.0, 0x7F800000, 0xFF800000, 1.0, -1.0, 5.000000e-01]> : vector<32xf32>
  %c0 = arith.constant 0 : index
  %cw = arith.constant 32 : index
  %cn = arith.constant 64 : index
  %c0_ = arith.constant 0 : index
  %c1_ = arith.constant 1 : index
  %c2_ = arith.constant 2 : index
  %c3_ = arith.constant 3 : index
  %c4_ = arith.constant 4 : index
  %c5_ = arith.constant 5 : index
  %c6_ = arith.constant 6 : index
  %c7_ = arith.constant 7 : index
  %c8_ = arith.constant 8 : index
  %c9_ = arith.constant 9 : index
  %c10_ = arith.constant 10 : index
  %c11_ = arith.constant 11 : index
  %c12_ = arith.constant 12 : index
  %c13_ = arith.constant 13 : index
  %c14_ = arith.constant 14 : index
  %c15_ = arith.constant 15 : index
  %c16_ = arith.constant 16 : index
  %c17_ = arith.constant 17 : index
  %c18_ = arith.constant 18 : index
  %c19_ = arith.constant 19 : index
  %c20_ = arith.constant 20 : index
  %c21_ = arith.constant 21 : index
  %c22_ = arith.constant 22 : index
  %c23_ = arith.constant 23 : index
  %c24_ = arith.constant 24 : index
  %c25_ = arith.constant 25 : index
  %c26_ = arith.constant 26 : index
  %c27_ = arith.constant 27 : index
  %c28_ = arith.constant 28 : index
  %c29_ = arith.constant 29 : index
  %c30_ = arith.constant 30 : index
  %c31_ = arith.constant 31 : index
  %c32_ = arith.constant 32 : index
  %c33_ = arith.constant 33 : index
  %c34_ = arith.constant 34 : index
  %c35_ = arith.constant 35 : index
  %c36_ = arith.constant 36 : index
  %c37_ = arith.constant 37 : index
  %c38_ = arith.constant 38 : index
  %c39_ = arith.constant 39 : index
  %c40_ = arith.constant 40 : index
  %c41_ = arith.constant 41 : index
  %c42_ = arith.constant 42 : index
  %c43_ = arith.constant 43 : index
  %c44_ = arith.constant 44 : index
  %c45_ = arith.constant 45 : index
  %c46_ = arith.constant 46 : index
  %c47_ = arith.constant 47 : index
  %c48_ = arith.constant 48 : index
  %c49_ = arith.constant 49 : index
  %c50_ = arith.constant 50 : index
  %c51_ = arith.constant 51 : index
  %c52_ = arith.constant 52 : index
  %c53_ = arith.constant 53 : index
  %c54_ = arith.constant 54 : index
  %c55_ = arith.constant 55 : index
  %c56_ = arith.constant 56 : index
  %c57_ = arith.constant 57 : index
  %c58_ = arith.constant 58 : index
  %c59_ = arith.constant 59 : index
  %c60_ = arith.constant 60 : index
  %c61_ = arith.constant 61 : index
  %c62_ = arith.constant 62 : index
  %c63_ = arith.constant 63 : index
  %c64_ = arith.constant 64 : index
  %c65_ = arith.constant 65 : index
  %c66_ = arith.constant 66 : index
  %c67_ = arith.constant 67 : index
  %c68_ = arith.constant 68 : index
  %c69_ = arith.constant 69 : index
  %out = loops.alloc() : memref<70x64xf32>
  loops.for %i = %c0 to %cn step %cw {
    %x0 = vector.load %a[%i] : memref<64xf32>, vector<32xf32>
    %y0 = vector.load %b[%i] : memref<64xf32>, vector<32xf32>
    %h = arith.constant dense<[5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01]> : vector<32xf32>
    %mx = arith.cmpf olt, %x0, %h : vector<32xf32>
    %x = arith.select %mx, %x0, %k : vector<32xi1>, vector<32xf32>
    %my = arith.cmpf ogt, %y0, %h : vector<32xf32>
    %y = arith.select %my, %k, %y0 : vector<32xi1>, vector<32xf32>
    %r0 = arith.addf %x, %y : vector<32xf32>
    %r1 = arith.addf %y, %x : vector<32xf32>
    %r2 = arith.subf %x, %y : vector<32xf32>
    %r3 = arith.subf %y, %x : vector<32xf32>
    %r4 = arith.mulf %x, %y : vector<32xf32>
    %r5 = arith.mulf %y, %x : vector<32xf32>
    %r6 = arith.divf %x, %y : vector<32xf32>
    %r7 = arith.divf %y, %x : vector<32xf32>
    %r8 = arith.maxf %x, %y : vector<32xf32>
    %r9 = arith.maxf %y, %x : vector<32xf32>
    %r10 = arith.minf %x, %y : vector<32xf32>
    %r11 = arith.minf %y, %x : vector<32xf32>
    %r12 = arith.maximumf %x, %y : vector<32xf32>
    %r13 = arith.maximumf %y, %x : vector<32xf32>
    %r14 = arith.minimumf %x, %y : vector<32xf32>
    %r15 = arith.minimumf %y, %x : vector<32xf32>
    %r16 = arith.negf %x : vector<32xf32>
    %r17 = math.absf %x : vector<32xf32>
    %r18 = math.sqrt %x : vector<32xf32>
    %r19 = math.rsqrt %x : vector<32xf32>
    %r20 = math.floor %x : vector<32xf32>
    %r21 = math.ceil %x : vector<32xf32>
    %r22 = math.trunc %x : vector<32xf32>
    %r23 = math.roundeven %x : vector<32xf32>
    %r24 = math.round %x : vector<32xf32>
    %r25 = math.exp %x : vector<32xf32>
    %r26 = math.log %x : vector<32xf32>
    %r27 = math.tanh %x : vector<32xf32>
    %r28 = math.erf %x : vector<32xf32>
    %r29 = math.fma %x, %y, %k : vector<32xf32>
    %r30 = vector.fma %y, %k, %x : vector<32xf32>
    %p_false = arith.cmpf false, %x, %y : vector<32xf32>
    %r31 = arith.select %p_false, %x, %y : vector<32xi1>, vector<32xf32>
    %p_oeq = arith.cmpf oeq, %x, %y : vector<32xf32>
    %r32 = arith.select %p_oeq, %x, %y : vector<32xi1>, vector<32xf32>
    %p_ogt = arith.cmpf ogt, %x, %y : vector<32xf32>
    %r33 = arith.select %p_ogt, %x, %y : vector<32xi1>, vector<32xf32>
    %p_oge = arith.cmpf oge, %x, %y : vector<32xf32>
    %r34 = arith.select %p_oge, %x, %y : vector<32xi1>, vector<32xf32>
    %p_olt = arith.cmpf olt, %x, %y : vector<32xf32>
    %r35 = arith.select %p_olt, %x, %y : vector<32xi1>, vector<32xf32>
    %p_ole = arith.cmpf ole, %x, %y : vector<32xf32>
    %r36 = arith.select %p_ole, %x, %y : vector<32xi1>, vector<32xf32>
    %p_one = arith.cmpf one, %x, %y : vector<32xf32>
    %r37 = arith.select %p_one, %x, %y : vector<32xi1>, vector<32xf32>
    %p_ord = arith.cmpf ord, %x, %y : vector<32xf32>
    %r38 = arith.select %p_ord, %x, %y : vector<32xi1>, vector<32xf32>
    %p_ueq = arith.cmpf ueq, %x, %y : vector<32xf32>
    %r39 = arith.select %p_ueq, %x, %y : vector<32xi1>, vector<32xf32>
    %p_ugt = arith.cmpf ugt, %x, %y : vector<32xf32>
    %r40 = arith.select %p_ugt, %x, %y : vector<32xi1>, vector<32xf32>
    %p_uge = arith.cmpf uge, %x, %y : vector<32xf32>
    %r41 = arith.select %p_uge, %x, %y : vector<32xi1>, vector<32xf32>
    %p_ult = arith.cmpf ult, %x, %y : vector<32xf32>
    %r42 = arith.select %p_ult, %x, %y : vector<32xi1>, vector<32xf32>
    %p_ule = arith.cmpf ule, %x, %y : vector<32xf32>
    %r43 = arith.select %p_ule, %x, %y : vector<32xi1>, vector<32xf32>
    %p_une = arith.cmpf une, %x, %y : vector<32xf32>
    %r44 = arith.select %p_une, %x, %y : vector<32xi1>, vector<32xf32>
    %p_uno = arith.cmpf uno, %x, %y : vector<32xf32>
    %r45 = arith.select %p_uno, %x, %y : vector<32xi1>, vector<32xf32>
    %p_true = arith.cmpf true, %x, %y : vector<32xf32>
    %r46 = arith.select %p_true, %x, %y : vector<32xi1>, vector<32xf32>
    %pa = arith.andi %p_olt, %p_uno : vector<32xi1>
    %po = arith.ori %p_ogt, %p_uno : vector<32xi1>
    %px = arith.xori %p_ole, %p_une : vector<32xi1>
    %r47 = arith.select %pa, %y, %x : vector<32xi1>, vector<32xf32>
    %r48 = arith.select %po, %y, %x : vector<32xi1>, vector<32xf32>
    %r49 = arith.select %px, %y, %x : vector<32xi1>, vector<32xf32>
    %ix = arith.bitcast %x : vector<32xf32> to vector<32xi32>
    %iy = arith.bitcast %y : vector<32xf32> to vector<32xi32>
    %i50 = arith.addi %ix, %iy : vector<32xi32>
    %r50 = arith.bitcast %i50 : vector<32xi32> to vector<32xf32>
    %i51 = arith.subi %ix, %iy : vector<32xi32>
    %r51 = arith.bitcast %i51 : vector<32xi32> to vector<32xf32>
    %i52 = arith.muli %ix, %iy : vector<32xi32>
    %r52 = arith.bitcast %i52 : vector<32xi32> to vector<32xf32>
    %i53 = arith.andi %ix, %iy : vector<32xi32>
    %r53 = arith.bitcast %i53 : vector<32xi32> to vector<32xf32>
    %i54 = arith.ori %ix, %iy : vector<32xi32>
    %r54 = arith.bitcast %i54 : vector<32xi32> to vector<32xf32>
    %i55 = arith.xori %ix, %iy : vector<32xi32>
    %r55 = arith.bitcast %i55 : vector<32xi32> to vector<32xf32>
    %i56 = arith.maxsi %ix, %iy : vector<32xi32>
    %r56 = arith.bitcast %i56 : vector<32xi32> to vector<32xf32>
    %i57 = arith.minsi %ix, %iy : vector<32xi32>
    %r57 = arith.bitcast %i57 : vector<32xi32> to vector<32xf32>
    %i58 = arith.maxui %ix, %iy : vector<32xi32>
    %r58 = arith.bitcast %i58 : vector<32xi32> to vector<32xf32>
    %i59 = arith.shrsi %ix, %iy : vector<32xi32>
    %r59 = arith.bitcast %i59 : vector<32xi32> to vector<32xf32>
    %q_eq = arith.cmpi eq, %ix, %iy : vector<32xi32>
    %r60 = arith.select %q_eq, %x, %y : vector<32xi1>, vector<32xf32>
    %q_ne = arith.cmpi ne, %ix, %iy : vector<32xi32>
    %r61 = arith.select %q_ne, %x, %y : vector<32xi1>, vector<32xf32>
    %q_slt = arith.cmpi slt, %ix, %iy : vector<32xi32>
    %r62 = arith.select %q_slt, %x, %y : vector<32xi1>, vector<32xf32>
    %q_sle = arith.cmpi sle, %ix, %iy : vector<32xi32>
    %r63 = arith.select %q_sle, %x, %y : vector<32xi1>, vector<32xf32>
    %q_sgt = arith.cmpi sgt, %ix, %iy : vector<32xi32>
    %r64 = arith.select %q_sgt, %x, %y : vector<32xi1>, vector<32xf32>
    %q_sge = arith.cmpi sge, %ix, %iy : vector<32xi32>
    %r65 = arith.select %q_sge, %x, %y : vector<32xi1>, vector<32xf32>
    %q_ult = arith.cmpi ult, %ix, %iy : vector<32xi32>
    %r66 = arith.select %q_ult, %x, %y : vector<32xi1>, vector<32xf32>
    %e = arith.extf %x : vector<32xf32> to vector<32xf64>
    %ey = arith.extf %y : vector<32xf32> to vector<32xf64>
    %e2 = arith.mulf %e, %ey : vector<32xf64>
    %pd = arith.cmpf olt, %x, %y : vector<32xf32>
    %e3 = arith.select %pd, %e2, %ey : vector<32xi1>, vector<32xf64>
    %r67 = arith.truncf %e3 : vector<32xf64> to vector<32xf32>
    %bi = arith.bitcast %x : vector<32xf32> to vector<32xi32>
    %bs = arith.sitofp %bi : vector<32xi32> to vector<32xf32>
    %r68 = arith.bitcast %bi : vector<32xi32> to vector<32xf32>
    %r69 = arith.addf %bs, %x : vector<32xf32>
    vector.store %r0, %out[%c0_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r1, %out[%c1_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r2, %out[%c2_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r3, %out[%c3_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r4, %out[%c4_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r5, %out[%c5_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r6, %out[%c6_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r7, %out[%c7_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r8, %out[%c8_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r9, %out[%c9_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r10, %out[%c10_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r11, %out[%c11_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r12, %out[%c12_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r13, %out[%c13_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r14, %out[%c14_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r15, %out[%c15_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r16, %out[%c16_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r17, %out[%c17_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r18, %out[%c18_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r19, %out[%c19_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r20, %out[%c20_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r21, %out[%c21_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r22, %out[%c22_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r23, %out[%c23_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r24, %out[%c24_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r25, %out[%c25_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r26, %out[%c26_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r27, %out[%c27_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r28, %out[%c28_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r29, %out[%c29_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r30, %out[%c30_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r31, %out[%c31_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r32, %out[%c32_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r33, %out[%c33_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r34, %out[%c34_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r35, %out[%c35_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r36, %out[%c36_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r37, %out[%c37_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r38, %out[%c38_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r39, %out[%c39_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r40, %out[%c40_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r41, %out[%c41_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r42, %out[%c42_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r43, %out[%c43_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r44, %out[%c44_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r45, %out[%c45_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r46, %out[%c46_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r47, %out[%c47_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r48, %out[%c48_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r49, %out[%c49_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r50, %out[%c50_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r51, %out[%c51_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r52, %out[%c52_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r53, %out[%c53_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r54, %out[%c54_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r55, %out[%c55_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r56, %out[%c56_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r57, %out[%c57_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r58, %out[%c58_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r59, %out[%c59_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r60, %out[%c60_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r61, %out[%c61_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r62, %out[%c62_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r63, %out[%c63_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r64, %out[%c64_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r65, %out[%c65_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r66, %out[%c66_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r67, %out[%c67_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r68, %out[%c68_, %i] : memref<70x64xf32>, vector<32xf32>
    vector.store %r69, %out[%c69_, %i] : memref<70x64xf32>, vector<32xf32>
    loops.yield
  }
  return %out : memref<70x64xf32>
}

func.func @f32x3(%a: memref<63xf32>, %b: memref<63xf32>) -> memref<70x63xf32> {
  %k = arith.constant dense<[0x7FC00000, -0.0, 0.0]> : vector<3xf32>
  %c0 = arith.constant 0 : index
  %cw = arith.constant 3 : index
  %cn = arith.constant 63 : index
  %c0_ = arith.constant 0 : index
  %c1_ = arith.constant 1 : index
  %c2_ = arith.constant 2 : index
  %c3_ = arith.constant 3 : index
  %c4_ = arith.constant 4 : index
  %c5_ = arith.constant 5 : index
  %c6_ = arith.constant 6 : index
  %c7_ = arith.constant 7 : index
  %c8_ = arith.constant 8 : index
  %c9_ = arith.constant 9 : index
  %c10_ = arith.constant 10 : index
  %c11_ = arith.constant 11 : index
  %c12_ = arith.constant 12 : index
  %c13_ = arith.constant 13 : index
  %c14_ = arith.constant 14 : index
  %c15_ = arith.constant 15 : index
  %c16_ = arith.constant 16 : index
  %c17_ = arith.constant 17 : index
  %c18_ = arith.constant 18 : index
  %c19_ = arith.constant 19 : index
  %c20_ = arith.constant 20 : index
  %c21_ = arith.constant 21 : index
  %c22_ = arith.constant 22 : index
  %c23_ = arith.constant 23 : index
  %c24_ = arith.constant 24 : index
  %c25_ = arith.constant 25 : index
  %c26_ = arith.constant 26 : index
  %c27_ = arith.constant 27 : index
  %c28_ = arith.constant 28 : index
  %c29_ = arith.constant 29 : index
  %c30_ = arith.constant 30 : index
  %c31_ = arith.constant 31 : index
  %c32_ = arith.constant 32 : index
  %c33_ = arith.constant 33 : index
  %c34_ = arith.constant 34 : index
  %c35_ = arith.constant 35 : index
  %c36_ = arith.constant 36 : index
  %c37_ = arith.constant 37 : index
  %c38_ = arith.constant 38 : index
  %c39_ = arith.constant 39 : index
  %c40_ = arith.constant 40 : index
  %c41_ = arith.constant 41 : index
  %c42_ = arith.constant 42 : index
  %c43_ = arith.constant 43 : index
  %c44_ = arith.constant 44 : index
  %c45_ = arith.constant 45 : index
  %c46_ = arith.constant 46 : index
  %c47_ = arith.constant 47 : index
  %c48_ = arith.constant 48 : index
  %c49_ = arith.constant 49 : index
  %c50_ = arith.constant 50 : index
  %c51_ = arith.constant 51 : index
  %c52_ = arith.constant 52 : index
  %c53_ = arith.constant 53 : index
  %c54_ = arith.constant 54 : index
  %c55_ = arith.constant 55 : index
  %c56_ = arith.constant 56 : index
  %c57_ = arith.constant 57 : index
  %c58_ = arith.constant 58 : index
  %c59_ = arith.constant 59 : index
  %c60_ = arith.constant 60 : index
  %c61_ = arith.constant 61 : index
  %c62_ = arith.constant 62 : index
  %c63_ = arith.constant 63 : index
  %c64_ = arith.constant 64 : index
  %c65_ = arith.constant 65 : index
  %c66_ = arith.constant 66 : index
  %c67_ = arith.constant 67 : index
  %c68_ = arith.constant 68 : index
  %c69_ = arith.constant 69 : index
  %out = loops.alloc() : memref<70x63xf32>
  loops.for %i = %c0 to %cn step %cw {
    %x0 = vector.load %a[%i] : memref<63xf32>, vector<3xf32>
    %y0 = vector.load %b[%i] : memref<63xf32>, vector<3xf32>
    %h = arith.constant dense<[5.000000e-01, 5.000000e-01, 5.000000e-01]> : vector<3xf32>
    %mx = arith.cmpf olt, %x0, %h : vector<3xf32>
    %x = arith.select %mx, %x0, %k : vector<3xi1>, vector<3xf32>
    %my = arith.cmpf ogt, %y0, %h : vector<3xf32>
    %y = arith.select %my, %k, %y0 : vector<3xi1>, vector<3xf32>
    %r0 = arith.addf %x, %y : vector<3xf32>
    %r1 = arith.addf %y, %x : vector<3xf32>
    %r2 = arith.subf %x, %y : vector<3xf32>
    %r3 = arith.subf %y, %x : vector<3xf32>
    %r4 = arith.mulf %x, %y : vector<3xf32>
    %r5 = arith.mulf %y, %x : vector<3xf32>
    %r6 = arith.divf %x, %y : vector<3xf32>
    %r7 = arith.divf %y, %x : vector<3xf32>
    %r8 = arith.maxf %x, %y : vector<3xf32>
    %r9 = arith.maxf %y, %x : vector<3xf32>
    %r10 = arith.minf %x, %y : vector<3xf32>
    %r11 = arith.minf %y, %x : vector<3xf32>
    %r12 = arith.maximumf %x, %y : vector<3xf32>
    %r13 = arith.maximumf %y, %x : vector<3xf32>
    %r14 = arith.minimumf %x, %y : vector<3xf32>
    %r15 = arith.minimumf %y, %x : vector<3xf32>
    %r16 = arith.negf %x : vector<3xf32>
    %r17 = math.absf %x : vector<3xf32>
    %r18 = math.sqrt %x : vector<3xf32>
    %r19 = math.rsqrt %x : vector<3xf32>
    %r20 = math.floor %x : vector<3xf32>
    %r21 = math.ceil %x : vector<3xf32>
    %r22 = math.trunc %x : vector<3xf32>
    %r23 = math.roundeven %x : vector<3xf32>
    %r24 = math.round %x : vector<3xf32>
    %r25 = math.exp %x : vector<3xf32>
    %r26 = math.log %x : vector<3xf32>
    %r27 = math.tanh %x : vector<3xf32>
    %r28 = math.erf %x : vector<3xf32>
    %r29 = math.fma %x, %y, %k : vector<3xf32>
    %r30 = vector.fma %y, %k, %x : vector<3xf32>
    %p_false = arith.cmpf false, %x, %y : vector<3xf32>
    %r31 = arith.select %p_false, %x, %y : vector<3xi1>, vector<3xf32>
    %p_oeq = arith.cmpf oeq, %x, %y : vector<3xf32>
    %r32 = arith.select %p_oeq, %x, %y : vector<3xi1>, vector<3xf32>
    %p_ogt = arith.cmpf ogt, %x, %y : vector<3xf32>
    %r33 = arith.select %p_ogt, %x, %y : vector<3xi1>, vector<3xf32>
    %p_oge = arith.cmpf oge, %x, %y : vector<3xf32>
    %r34 = arith.select %p_oge, %x, %y : vector<3xi1>, vector<3xf32>
    %p_olt = arith.cmpf olt, %x, %y : vector<3xf32>
    %r35 = arith.select %p_olt, %x, %y : vector<3xi1>, vector<3xf32>
    %p_ole = arith.cmpf ole, %x, %y : vector<3xf32>
    %r36 = arith.select %p_ole, %x, %y : vector<3xi1>, vector<3xf32>
    %p_one = arith.cmpf one, %x, %y : vector<3xf32>
    %r37 = arith.select %p_one, %x, %y : vector<3xi1>, vector<3xf32>
    %p_ord = arith.cmpf ord, %x, %y : vector<3xf32>
    %r38 = arith.select %p_ord, %x, %y : vector<3xi1>, vector<3xf32>
    %p_ueq = arith.cmpf ueq, %x, %y : vector<3xf32>
    %r39 = arith.select %p_ueq, %x, %y : vector<3xi1>, vector<3xf32>
    %p_ugt = arith.cmpf ugt, %x, %y : vector<3xf32>
    %r40 = arith.select %p_ugt, %x, %y : vector<3xi1>, vector<3xf32>
    %p_uge = arith.cmpf uge, %x, %y : vector<3xf32>
    %r41 = arith.select %p_uge, %x, %y : vector<3xi1>, vector<3xf32>
    %p_ult = arith.cmpf ult, %x, %y : vector<3xf32>
    %r42 = arith.select %p_ult, %x, %y : vector<3xi1>, vector<3xf32>
    %p_ule = arith.cmpf ule, %x, %y : vector<3xf32>
    %r43 = arith.select %p_ule, %x, %y : vector<3xi1>, vector<3xf32>
    %p_une = arith.cmpf une, %x, %y : vector<3xf32>
    %r44 = arith.select %p_une, %x, %y : vector<3xi1>, vector<3xf32>
    %p_uno = arith.cmpf uno, %x, %y : vector<3xf32>
    %r45 = arith.select %p_uno, %x, %y : vector<3xi1>, vector<3xf32>
    %p_true = arith.cmpf true, %x, %y : vector<3xf32>
    %r46 = arith.select %p_true, %x, %y : vector<3xi1>, vector<3xf32>
    %pa = arith.andi %p_olt, %p_uno : vector<3xi1>
    %po = arith.ori %p_ogt, %p_uno : vector<3xi1>
    %px = arith.xori %p_ole, %p_une : vector<3xi1>
    %r47 = arith.select %pa, %y, %x : vector<3xi1>, vector<3xf32>
    %r48 = arith.select %po, %y, %x : vector<3xi1>, vector<3xf32>
    %r49 = arith.select %px, %y, %x : vector<3xi1>, vector<3xf32>
    %ix = arith.bitcast %x : vector<3xf32> to vector<3xi32>
    %iy = arith.bitcast %y : vector<3xf32> to vector<3xi32>
    %i50 = arith.addi %ix, %iy : vector<3xi32>
    %r50 = arith.bitcast %i50 : vector<3xi32> to vector<3xf32>
    %i51 = arith.subi %ix, %iy : vector<3xi32>
    %r51 = arith.bitcast %i51 : vector<3xi32> to vector<3xf32>
    %i52 = arith.muli %ix, %iy : vector<3xi32>
    %r52 = arith.bitcast %i52 : vector<3xi32> to vector<3xf32>
    %i53 = arith.andi %ix, %iy : vector<3xi32>
    %r53 = arith.bitcast %i53 : vector<3xi32> to vector<3xf32>
    %i54 = arith.ori %ix, %iy : vector<3xi32>
    %r54 = arith.bitcast %i54 : vector<3xi32> to vector<3xf32>
    %i55 = arith.xori %ix, %iy : vector<3xi32>
    %r55 = arith.bitcast %i55 : vector<3xi32> to vector<3xf32>
    %i56 = arith.maxsi %ix, %iy : vector<3xi32>
    %r56 = arith.bitcast %i56 : vector<3xi32> to vector<3xf32>
    %i57 = arith.minsi %ix, %iy : vector<3xi32>
    %r57 = arith.bitcast %i57 : vector<3xi32> to vector<3xf32>
    %i58 = arith.maxui %ix, %iy : vector<3xi32>
    %r58 = arith.bitcast %i58 : vector<3xi32> to vector<3xf32>
    %i59 = arith.shrsi %ix, %iy : vector<3xi32>
    %r59 = arith.bitcast %i59 : vector<3xi32> to vector<3xf32>
    %q_eq = arith.cmpi eq, %ix, %iy : vector<3xi32>
    %r60 = arith.select %q_eq, %x, %y : vector<3xi1>, vector<3xf32>
    %q_ne = arith.cmpi ne, %ix, %iy : vector<3xi32>
    %r61 = arith.select %q_ne, %x, %y : vector<3xi1>, vector<3xf32>
    %q_slt = arith.cmpi slt, %ix, %iy : vector<3xi32>
    %r62 = arith.select %q_slt, %x, %y : vector<3xi1>, vector<3xf32>
    %q_sle = arith.cmpi sle, %ix, %iy : vector<3xi32>
    %r63 = arith.select %q_sle, %x, %y : vector<3xi1>, vector<3xf32>
    %q_sgt = arith.cmpi sgt, %ix, %iy : vector<3xi32>
    %r64 = arith.select %q_sgt, %x, %y : vector<3xi1>, vector<3xf32>
    %q_sge = arith.cmpi sge, %ix, %iy : vector<3xi32>
    %r65 = arith.select %q_sge, %x, %y : vector<3xi1>, vector<3xf32>
    %q_ult = arith.cmpi ult, %ix, %iy : vector<3xi32>
    %r66 = arith.select %q_ult, %x, %y : vector<3xi1>, vector<3xf32>
    %e = arith.extf %x : vector<3xf32> to vector<3xf64>
    %ey = arith.extf %y : vector<3xf32> to vector<3xf64>
    %e2 = arith.mulf %e, %ey : vector<3xf64>
    %pd = arith.cmpf olt, %x, %y : vector<3xf32>
    %e3 = arith.select %pd, %e2, %ey : vector<3xi1>, vector<3xf64>
    %r67 = arith.truncf %e3 : vector<3xf64> to vector<3xf32>
    %bi = arith.bitcast %x : vector<3xf32> to vector<3xi32>
    %bs = arith.sitofp %bi : vector<3xi32> to vector<3xf32>
    %r68 = arith.bitcast %bi : vector<3xi32> to vector<3xf32>
    %r69 = arith.addf %bs, %x : vector<3xf32>
    vector.store %r0, %out[%c0_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r1, %out[%c1_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r2, %out[%c2_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r3, %out[%c3_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r4, %out[%c4_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r5, %out[%c5_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r6, %out[%c6_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r7, %out[%c7_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r8, %out[%c8_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r9, %out[%c9_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r10, %out[%c10_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r11, %out[%c11_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r12, %out[%c12_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r13, %out[%c13_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r14, %out[%c14_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r15, %out[%c15_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r16, %out[%c16_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r17, %out[%c17_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r18, %out[%c18_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r19, %out[%c19_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r20, %out[%c20_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r21, %out[%c21_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r22, %out[%c22_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r23, %out[%c23_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r24, %out[%c24_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r25, %out[%c25_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r26, %out[%c26_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r27, %out[%c27_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r28, %out[%c28_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r29, %out[%c29_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r30, %out[%c30_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r31, %out[%c31_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r32, %out[%c32_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r33, %out[%c33_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r34, %out[%c34_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r35, %out[%c35_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r36, %out[%c36_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r37, %out[%c37_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r38, %out[%c38_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r39, %out[%c39_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r40, %out[%c40_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r41, %out[%c41_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r42, %out[%c42_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r43, %out[%c43_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r44, %out[%c44_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r45, %out[%c45_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r46, %out[%c46_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r47, %out[%c47_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r48, %out[%c48_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r49, %out[%c49_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r50, %out[%c50_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r51, %out[%c51_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r52, %out[%c52_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r53, %out[%c53_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r54, %out[%c54_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r55, %out[%c55_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r56, %out[%c56_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r57, %out[%c57_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r58, %out[%c58_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r59, %out[%c59_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r60, %out[%c60_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r61, %out[%c61_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r62, %out[%c62_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r63, %out[%c63_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r64, %out[%c64_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r65, %out[%c65_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r66, %out[%c66_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r67, %out[%c67_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r68, %out[%c68_, %i] : memref<70x63xf32>, vector<3xf32>
    vector.store %r69, %out[%c69_, %i] : memref<70x63xf32>, vector<3xf32>
    loops.yield
  }
  return %out : memref<70x63xf32>
}

func.func @f64x2(%a: memref<32xf64>, %b: memref<32xf64>) -> memref<68x32xf64> {
  %k = arith.constant dense<[0x7FF8000000000000, -0.0]> : vector<2xf64>
  %c0 = arith.constant 0 : index
  %cw = arith.constant 2 : index
  %cn = arith.constant 32 : index
  %c0_ = arith.constant 0 : index
  %c1_ = arith.constant 1 : index
  %c2_ = arith.constant 2 : index
  %c3_ = arith.constant 3 : index
  %c4_ = arith.constant 4 : index
  %c5_ = arith.constant 5 : index
  %c6_ = arith.constant 6 : index
  %c7_ = arith.constant 7 : index
  %c8_ = arith.constant 8 : index
  %c9_ = arith.constant 9 : index
  %c10_ = arith.constant 10 : index
  %c11_ = arith.constant 11 : index
  %c12_ = arith.constant 12 : index
  %c13_ = arith.constant 13 : index
  %c14_ = arith.constant 14 : index
  %c15_ = arith.constant 15 : index
  %c16_ = arith.constant 16 : index
  %c17_ = arith.constant 17 : index
  %c18_ = arith.constant 18 : index
  %c19_ = arith.constant 19 : index
  %c20_ = arith.constant 20 : index
  %c21_ = arith.constant 21 : index
  %c22_ = arith.constant 22 : index
  %c23_ = arith.constant 23 : index
  %c24_ = arith.constant 24 : index
  %c25_ = arith.constant 25 : index
  %c26_ = arith.constant 26 : index
  %c27_ = arith.constant 27 : index
  %c28_ = arith.constant 28 : index
  %c29_ = arith.constant 29 : index
  %c30_ = arith.constant 30 : index
  %c31_ = arith.constant 31 : index
  %c32_ = arith.constant 32 : index
  %c33_ = arith.constant 33 : index
  %c34_ = arith.constant 34 : index
  %c35_ = arith.constant 35 : index
  %c36_ = arith.constant 36 : index
  %c37_ = arith.constant 37 : index
  %c38_ = arith.constant 38 : index
  %c39_ = arith.constant 39 : index
  %c40_ = arith.constant 40 : index
  %c41_ = arith.constant 41 : index
  %c42_ = arith.constant 42 : index
  %c43_ = arith.constant 43 : index
  %c44_ = arith.constant 44 : index
  %c45_ = arith.constant 45 : index
  %c46_ = arith.constant 46 : index
  %c47_ = arith.constant 47 : index
  %c48_ = arith.constant 48 : index
  %c49_ = arith.constant 49 : index
  %c50_ = arith.constant 50 : index
  %c51_ = arith.constant 51 : index
  %c52_ = arith.constant 52 : index
  %c53_ = arith.constant 53 : index
  %c54_ = arith.constant 54 : index
  %c55_ = arith.constant 55 : index
  %c56_ = arith.constant 56 : index
  %c57_ = arith.constant 57 : index
  %c58_ = arith.constant 58 : index
  %c59_ = arith.constant 59 : index
  %c60_ = arith.constant 60 : index
  %c61_ = arith.constant 61 : index
  %c62_ = arith.constant 62 : index
  %c63_ = arith.constant 63 : index
  %c64_ = arith.constant 64 : index
  %c65_ = arith.constant 65 : index
  %c66_ = arith.constant 66 : index
  %c67_ = arith.constant 67 : index
  %out = loops.alloc() : memref<68x32xf64>
  loops.for %i = %c0 to %cn step %cw {
    %x0 = vector.load %a[%i] : memref<32xf64>, vector<2xf64>
    %y0 = vector.load %b[%i] : memref<32xf64>, vector<2xf64>
    %h = arith.constant dense<[5.000000e-01, 5.000000e-01]> : vector<2xf64>
    %mx = arith.cmpf olt, %x0, %h : vector<2xf64>
    %x = arith.select %mx, %x0, %k : vector<2xi1>, vector<2xf64>
    %my = arith.cmpf ogt, %y0, %h : vector<2xf64>
    %y = arith.select %my, %k, %y0 : vector<2xi1>, vector<2xf64>
    %r0 = arith.addf %x, %y : vector<2xf64>
    %r1 = arith.addf %y, %x : vector<2xf64>
    %r2 = arith.subf %x, %y : vector<2xf64>
    %r3 = arith.subf %y, %x : vector<2xf64>
    %r4 = arith.mulf %x, %y : vector<2xf64>
    %r5 = arith.mulf %y, %x : vector<2xf64>
    %r6 = arith.divf %x, %y : vector<2xf64>
    %r7 = arith.divf %y, %x : vector<2xf64>
    %r8 = arith.maxf %x, %y : vector<2xf64>
    %r9 = arith.maxf %y, %x : vector<2xf64>
    %r10 = arith.minf %x, %y : vector<2xf64>
    %r11 = arith.minf %y, %x : vector<2xf64>
    %r12 = arith.maximumf %x, %y : vector<2xf64>
    %r13 = arith.maximumf %y, %x : vector<2xf64>
    %r14 = arith.minimumf %x, %y : vector<2xf64>
    %r15 = arith.minimumf %y, %x : vector<2xf64>
    %r16 = arith.negf %x : vector<2xf64>
    %r17 = math.absf %x : vector<2xf64>
    %r18 = math.sqrt %x : vector<2xf64>
    %r19 = math.rsqrt %x : vector<2xf64>
    %r20 = math.floor %x : vector<2xf64>
    %r21 = math.ceil %x : vector<2xf64>
    %r22 = math.trunc %x : vector<2xf64>
    %r23 = math.roundeven %x : vector<2xf64>
    %r24 = math.round %x : vector<2xf64>
    %r25 = math.exp %x : vector<2xf64>
    %r26 = math.log %x : vector<2xf64>
    %r27 = math.tanh %x : vector<2xf64>
    %r28 = math.erf %x : vector<2xf64>
    %r29 = math.fma %x, %y, %k : vector<2xf64>
    %r30 = vector.fma %y, %k, %x : vector<2xf64>
    %p_false = arith.cmpf false, %x, %y : vector<2xf64>
    %r31 = arith.select %p_false, %x, %y : vector<2xi1>, vector<2xf64>
    %p_oeq = arith.cmpf oeq, %x, %y : vector<2xf64>
    %r32 = arith.select %p_oeq, %x, %y : vector<2xi1>, vector<2xf64>
    %p_ogt = arith.cmpf ogt, %x, %y : vector<2xf64>
    %r33 = arith.select %p_ogt, %x, %y : vector<2xi1>, vector<2xf64>
    %p_oge = arith.cmpf oge, %x, %y : vector<2xf64>
    %r34 = arith.select %p_oge, %x, %y : vector<2xi1>, vector<2xf64>
    %p_olt = arith.cmpf olt, %x, %y : vector<2xf64>
    %r35 = arith.select %p_olt, %x, %y : vector<2xi1>, vector<2xf64>
    %p_ole = arith.cmpf ole, %x, %y : vector<2xf64>
    %r36 = arith.select %p_ole, %x, %y : vector<2xi1>, vector<2xf64>
    %p_one = arith.cmpf one, %x, %y : vector<2xf64>
    %r37 = arith.select %p_one, %x, %y : vector<2xi1>, vector<2xf64>
    %p_ord = arith.cmpf ord, %x, %y : vector<2xf64>
    %r38 = arith.select %p_ord, %x, %y : vector<2xi1>, vector<2xf64>
    %p_ueq = arith.cmpf ueq, %x, %y : vector<2xf64>
    %r39 = arith.select %p_ueq, %x, %y : vector<2xi1>, vector<2xf64>
    %p_ugt = arith.cmpf ugt, %x, %y : vector<2xf64>
    %r40 = arith.select %p_ugt, %x, %y : vector<2xi1>, vector<2xf64>
    %p_uge = arith.cmpf uge, %x, %y : vector<2xf64>
    %r41 = arith.select %p_uge, %x, %y : vector<2xi1>, vector<2xf64>
    %p_ult = arith.cmpf ult, %x, %y : vector<2xf64>
    %r42 = arith.select %p_ult, %x, %y : vector<2xi1>, vector<2xf64>
    %p_ule = arith.cmpf ule, %x, %y : vector<2xf64>
    %r43 = arith.select %p_ule, %x, %y : vector<2xi1>, vector<2xf64>
    %p_une = arith.cmpf une, %x, %y : vector<2xf64>
    %r44 = arith.select %p_une, %x, %y : vector<2xi1>, vector<2xf64>
    %p_uno = arith.cmpf uno, %x, %y : vector<2xf64>
    %r45 = arith.select %p_uno, %x, %y : vector<2xi1>, vector<2xf64>
    %p_true = arith.cmpf true, %x, %y : vector<2xf64>
    %r46 = arith.select %p_true, %x, %y : vector<2xi1>, vector<2xf64>
    %pa = arith.andi %p_olt, %p_uno : vector<2xi1>
    %po = arith.ori %p_ogt, %p_uno : vector<2xi1>
    %px = arith.xori %p_ole, %p_une : vector<2xi1>
    %r47 = arith.select %pa, %y, %x : vector<2xi1>, vector<2xf64>
    %r48 = arith.select %po, %y, %x : vector<2xi1>, vector<2xf64>
    %r49 = arith.select %px, %y, %x : vector<2xi1>, vector<2xf64>
    %ix = arith.bitcast %x : vector<2xf64> to vector<2xi64>
    %iy = arith.bitcast %y : vector<2xf64> to vector<2xi64>
    %i50 = arith.addi %ix, %iy : vector<2xi64>
    %r50 = arith.bitcast %i50 : vector<2xi64> to vector<2xf64>
    %i51 = arith.subi %ix, %iy : vector<2xi64>
    %r51 = arith.bitcast %i51 : vector<2xi64> to vector<2xf64>
    %i52 = arith.muli %ix, %iy : vector<2xi64>
    %r52 = arith.bitcast %i52 : vector<2xi64> to vector<2xf64>
    %i53 = arith.andi %ix, %iy : vector<2xi64>
    %r53 = arith.bitcast %i53 : vector<2xi64> to vector<2xf64>
    %i54 = arith.ori %ix, %iy : vector<2xi64>
    %r54 = arith.bitcast %i54 : vector<2xi64> to vector<2xf64>
    %i55 = arith.xori %ix, %iy : vector<2xi64>
    %r55 = arith.bitcast %i55 : vector<2xi64> to vector<2xf64>
    %i56 = arith.maxsi %ix, %iy : vector<2xi64>
    %r56 = arith.bitcast %i56 : vector<2xi64> to vector<2xf64>
    %i57 = arith.minsi %ix, %iy : vector<2xi64>
    %r57 = arith.bitcast %i57 : vector<2xi64> to vector<2xf64>
    %i58 = arith.maxui %ix, %iy : vector<2xi64>
    %r58 = arith.bitcast %i58 : vector<2xi64> to vector<2xf64>
    %i59 = arith.shrsi %ix, %iy : vector<2xi64>
    %r59 = arith.bitcast %i59 : vector<2xi64> to vector<2xf64>
    %q_eq = arith.cmpi eq, %ix, %iy : vector<2xi64>
    %r60 = arith.select %q_eq, %x, %y : vector<2xi1>, vector<2xf64>
    %q_ne = arith.cmpi ne, %ix, %iy : vector<2xi64>
    %r61 = arith.select %q_ne, %x, %y : vector<2xi1>, vector<2xf64>
    %q_slt = arith.cmpi slt, %ix, %iy : vector<2xi64>
    %r62 = arith.select %q_slt, %x, %y : vector<2xi1>, vector<2xf64>
    %q_sle = arith.cmpi sle, %ix, %iy : vector<2xi64>
    %r63 = arith.select %q_sle, %x, %y : vector<2xi1>, vector<2xf64>
    %q_sgt = arith.cmpi sgt, %ix, %iy : vector<2xi64>
    %r64 = arith.select %q_sgt, %x, %y : vector<2xi1>, vector<2xf64>
    %q_sge = arith.cmpi sge, %ix, %iy : vector<2xi64>
    %r65 = arith.select %q_sge, %x, %y : vector<2xi1>, vector<2xf64>
    %q_ult = arith.cmpi ult, %ix, %iy : vector<2xi64>
    %r66 = arith.select %q_ult, %x, %y : vector<2xi1>, vector<2xf64>
    %t = arith.truncf %x : vector<2xf64> to vector<2xf32>
    %t2 = arith.extf %t : vector<2xf32> to vector<2xf64>
    %r67 = arith.subf %t2, %x : vector<2xf64>
    vector.store %r0, %out[%c0_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r1, %out[%c1_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r2, %out[%c2_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r3, %out[%c3_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r4, %out[%c4_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r5, %out[%c5_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r6, %out[%c6_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r7, %out[%c7_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r8, %out[%c8_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r9, %out[%c9_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r10, %out[%c10_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r11, %out[%c11_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r12, %out[%c12_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r13, %out[%c13_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r14, %out[%c14_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r15, %out[%c15_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r16, %out[%c16_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r17, %out[%c17_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r18, %out[%c18_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r19, %out[%c19_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r20, %out[%c20_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r21, %out[%c21_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r22, %out[%c22_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r23, %out[%c23_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r24, %out[%c24_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r25, %out[%c25_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r26, %out[%c26_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r27, %out[%c27_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r28, %out[%c28_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r29, %out[%c29_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r30, %out[%c30_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r31, %out[%c31_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r32, %out[%c32_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r33, %out[%c33_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r34, %out[%c34_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r35, %out[%c35_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r36, %out[%c36_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r37, %out[%c37_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r38, %out[%c38_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r39, %out[%c39_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r40, %out[%c40_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r41, %out[%c41_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r42, %out[%c42_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r43, %out[%c43_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r44, %out[%c44_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r45, %out[%c45_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r46, %out[%c46_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r47, %out[%c47_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r48, %out[%c48_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r49, %out[%c49_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r50, %out[%c50_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r51, %out[%c51_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r52, %out[%c52_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r53, %out[%c53_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r54, %out[%c54_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r55, %out[%c55_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r56, %out[%c56_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r57, %out[%c57_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r58, %out[%c58_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r59, %out[%c59_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r60, %out[%c60_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r61, %out[%c61_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r62, %out[%c62_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r63, %out[%c63_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r64, %out[%c64_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r65, %out[%c65_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r66, %out[%c66_, %i] : memref<68x32xf64>, vector<2xf64>
    vector.store %r67, %out[%c67_, %i] : memref<68x32xf64>, vector<2xf64>
    loops.yield
  }
  return %out : memref<68x32xf64>
}

func.func @f64x4(%a: memref<32xf64>, %b: memref<32xf64>) -> memref<68x32xf64> {
  %k = arith.constant dense<[0x7FF8000000000000, -0.0, 0.0, 0x7FF0000000000000]> : vector<4xf64>
  %c0 = arith.constant 0 : index
  %cw = arith.constant 4 : index
  %cn = arith.constant 32 : index
  %c0_ = arith.constant 0 : index
  %c1_ = arith.constant 1 : index
  %c2_ = arith.constant 2 : index
  %c3_ = arith.constant 3 : index
  %c4_ = arith.constant 4 : index
  %c5_ = arith.constant 5 : index
  %c6_ = arith.constant 6 : index
  %c7_ = arith.constant 7 : index
  %c8_ = arith.constant 8 : index
  %c9_ = arith.constant 9 : index
  %c10_ = arith.constant 10 : index
  %c11_ = arith.constant 11 : index
  %c12_ = arith.constant 12 : index
  %c13_ = arith.constant 13 : index
  %c14_ = arith.constant 14 : index
  %c15_ = arith.constant 15 : index
  %c16_ = arith.constant 16 : index
  %c17_ = arith.constant 17 : index
  %c18_ = arith.constant 18 : index
  %c19_ = arith.constant 19 : index
  %c20_ = arith.constant 20 : index
  %c21_ = arith.constant 21 : index
  %c22_ = arith.constant 22 : index
  %c23_ = arith.constant 23 : index
  %c24_ = arith.constant 24 : index
  %c25_ = arith.constant 25 : index
  %c26_ = arith.constant 26 : index
  %c27_ = arith.constant 27 : index
  %c28_ = arith.constant 28 : index
  %c29_ = arith.constant 29 : index
  %c30_ = arith.constant 30 : index
  %c31_ = arith.constant 31 : index
  %c32_ = arith.constant 32 : index
  %c33_ = arith.constant 33 : index
  %c34_ = arith.constant 34 : index
  %c35_ = arith.constant 35 : index
  %c36_ = arith.constant 36 : index
  %c37_ = arith.constant 37 : index
  %c38_ = arith.constant 38 : index
  %c39_ = arith.constant 39 : index
  %c40_ = arith.constant 40 : index
  %c41_ = arith.constant 41 : index
  %c42_ = arith.constant 42 : index
  %c43_ = arith.constant 43 : index
  %c44_ = arith.constant 44 : index
  %c45_ = arith.constant 45 : index
  %c46_ = arith.constant 46 : index
  %c47_ = arith.constant 47 : index
  %c48_ = arith.constant 48 : index
  %c49_ = arith.constant 49 : index
  %c50_ = arith.constant 50 : index
  %c51_ = arith.constant 51 : index
  %c52_ = arith.constant 52 : index
  %c53_ = arith.constant 53 : index
  %c54_ = arith.constant 54 : index
  %c55_ = arith.constant 55 : index
  %c56_ = arith.constant 56 : index
  %c57_ = arith.constant 57 : index
  %c58_ = arith.constant 58 : index
  %c59_ = arith.constant 59 : index
  %c60_ = arith.constant 60 : index
  %c61_ = arith.constant 61 : index
  %c62_ = arith.constant 62 : index
  %c63_ = arith.constant 63 : index
  %c64_ = arith.constant 64 : index
  %c65_ = arith.constant 65 : index
  %c66_ = arith.constant 66 : index
  %c67_ = arith.constant 67 : index
  %out = loops.alloc() : memref<68x32xf64>
  loops.for %i = %c0 to %cn step %cw {
    %x0 = vector.load %a[%i] : memref<32xf64>, vector<4xf64>
    %y0 = vector.load %b[%i] : memref<32xf64>, vector<4xf64>
    %h = arith.constant dense<[5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01]> : vector<4xf64>
    %mx = arith.cmpf olt, %x0, %h : vector<4xf64>
    %x = arith.select %mx, %x0, %k : vector<4xi1>, vector<4xf64>
    %my = arith.cmpf ogt, %y0, %h : vector<4xf64>
    %y = arith.select %my, %k, %y0 : vector<4xi1>, vector<4xf64>
    %r0 = arith.addf %x, %y : vector<4xf64>
    %r1 = arith.addf %y, %x : vector<4xf64>
    %r2 = arith.subf %x, %y : vector<4xf64>
    %r3 = arith.subf %y, %x : vector<4xf64>
    %r4 = arith.mulf %x, %y : vector<4xf64>
    %r5 = arith.mulf %y, %x : vector<4xf64>
    %r6 = arith.divf %x, %y : vector<4xf64>
    %r7 = arith.divf %y, %x : vector<4xf64>
    %r8 = arith.maxf %x, %y : vector<4xf64>
    %r9 = arith.maxf %y, %x : vector<4xf64>
    %r10 = arith.minf %x, %y : vector<4xf64>
    %r11 = arith.minf %y, %x : vector<4xf64>
    %r12 = arith.maximumf %x, %y : vector<4xf64>
    %r13 = arith.maximumf %y, %x : vector<4xf64>
    %r14 = arith.minimumf %x, %y : vector<4xf64>
    %r15 = arith.minimumf %y, %x : vector<4xf64>
    %r16 = arith.negf %x : vector<4xf64>
    %r17 = math.absf %x : vector<4xf64>
    %r18 = math.sqrt %x : vector<4xf64>
    %r19 = math.rsqrt %x : vector<4xf64>
    %r20 = math.floor %x : vector<4xf64>
    %r21 = math.ceil %x : vector<4xf64>
    %r22 = math.trunc %x : vector<4xf64>
    %r23 = math.roundeven %x : vector<4xf64>
    %r24 = math.round %x : vector<4xf64>
    %r25 = math.exp %x : vector<4xf64>
    %r26 = math.log %x : vector<4xf64>
    %r27 = math.tanh %x : vector<4xf64>
    %r28 = math.erf %x : vector<4xf64>
    %r29 = math.fma %x, %y, %k : vector<4xf64>
    %r30 = vector.fma %y, %k, %x : vector<4xf64>
    %p_false = arith.cmpf false, %x, %y : vector<4xf64>
    %r31 = arith.select %p_false, %x, %y : vector<4xi1>, vector<4xf64>
    %p_oeq = arith.cmpf oeq, %x, %y : vector<4xf64>
    %r32 = arith.select %p_oeq, %x, %y : vector<4xi1>, vector<4xf64>
    %p_ogt = arith.cmpf ogt, %x, %y : vector<4xf64>
    %r33 = arith.select %p_ogt, %x, %y : vector<4xi1>, vector<4xf64>
    %p_oge = arith.cmpf oge, %x, %y : vector<4xf64>
    %r34 = arith.select %p_oge, %x, %y : vector<4xi1>, vector<4xf64>
    %p_olt = arith.cmpf olt, %x, %y : vector<4xf64>
    %r35 = arith.select %p_olt, %x, %y : vector<4xi1>, vector<4xf64>
    %p_ole = arith.cmpf ole, %x, %y : vector<4xf64>
    %r36 = arith.select %p_ole, %x, %y : vector<4xi1>, vector<4xf64>
    %p_one = arith.cmpf one, %x, %y : vector<4xf64>
    %r37 = arith.select %p_one, %x, %y : vector<4xi1>, vector<4xf64>
    %p_ord = arith.cmpf ord, %x, %y : vector<4xf64>
    %r38 = arith.select %p_ord, %x, %y : vector<4xi1>, vector<4xf64>
    %p_ueq = arith.cmpf ueq, %x, %y : vector<4xf64>
    %r39 = arith.select %p_ueq, %x, %y : vector<4xi1>, vector<4xf64>
    %p_ugt = arith.cmpf ugt, %x, %y : vector<4xf64>
    %r40 = arith.select %p_ugt, %x, %y : vector<4xi1>, vector<4xf64>
    %p_uge = arith.cmpf uge, %x, %y : vector<4xf64>
    %r41 = arith.select %p_uge, %x, %y : vector<4xi1>, vector<4xf64>
    %p_ult = arith.cmpf ult, %x, %y : vector<4xf64>
    %r42 = arith.select %p_ult, %x, %y : vector<4xi1>, vector<4xf64>
    %p_ule = arith.cmpf ule, %x, %y : vector<4xf64>
    %r43 = arith.select %p_ule, %x, %y : vector<4xi1>, vector<4xf64>
    %p_une = arith.cmpf une, %x, %y : vector<4xf64>
    %r44 = arith.select %p_une, %x, %y : vector<4xi1>, vector<4xf64>
    %p_uno = arith.cmpf uno, %x, %y : vector<4xf64>
    %r45 = arith.select %p_uno, %x, %y : vector<4xi1>, vector<4xf64>
    %p_true = arith.cmpf true, %x, %y : vector<4xf64>
    %r46 = arith.select %p_true, %x, %y : vector<4xi1>, vector<4xf64>
    %pa = arith.andi %p_olt, %p_uno : vector<4xi1>
    %po = arith.ori %p_ogt, %p_uno : vector<4xi1>
    %px = arith.xori %p_ole, %p_une : vector<4xi1>
    %r47 = arith.select %pa, %y, %x : vector<4xi1>, vector<4xf64>
    %r48 = arith.select %po, %y, %x : vector<4xi1>, vector<4xf64>
    %r49 = arith.select %px, %y, %x : vector<4xi1>, vector<4xf64>
    %ix = arith.bitcast %x : vector<4xf64> to vector<4xi64>
    %iy = arith.bitcast %y : vector<4xf64> to vector<4xi64>
    %i50 = arith.addi %ix, %iy : vector<4xi64>
    %r50 = arith.bitcast %i50 : vector<4xi64> to vector<4xf64>
    %i51 = arith.subi %ix, %iy : vector<4xi64>
    %r51 = arith.bitcast %i51 : vector<4xi64> to vector<4xf64>
    %i52 = arith.muli %ix, %iy : vector<4xi64>
    %r52 = arith.bitcast %i52 : vector<4xi64> to vector<4xf64>
    %i53 = arith.andi %ix, %iy : vector<4xi64>
    %r53 = arith.bitcast %i53 : vector<4xi64> to vector<4xf64>
    %i54 = arith.ori %ix, %iy : vector<4xi64>
    %r54 = arith.bitcast %i54 : vector<4xi64> to vector<4xf64>
    %i55 = arith.xori %ix, %iy : vector<4xi64>
    %r55 = arith.bitcast %i55 : vector<4xi64> to vector<4xf64>
    %i56 = arith.maxsi %ix, %iy : vector<4xi64>
    %r56 = arith.bitcast %i56 : vector<4xi64> to vector<4xf64>
    %i57 = arith.minsi %ix, %iy : vector<4xi64>
    %r57 = arith.bitcast %i57 : vector<4xi64> to vector<4xf64>
    %i58 = arith.maxui %ix, %iy : vector<4xi64>
    %r58 = arith.bitcast %i58 : vector<4xi64> to vector<4xf64>
    %i59 = arith.shrsi %ix, %iy : vector<4xi64>
    %r59 = arith.bitcast %i59 : vector<4xi64> to vector<4xf64>
    %q_eq = arith.cmpi eq, %ix, %iy : vector<4xi64>
    %r60 = arith.select %q_eq, %x, %y : vector<4xi1>, vector<4xf64>
    %q_ne = arith.cmpi ne, %ix, %iy : vector<4xi64>
    %r61 = arith.select %q_ne, %x, %y : vector<4xi1>, vector<4xf64>
    %q_slt = arith.cmpi slt, %ix, %iy : vector<4xi64>
    %r62 = arith.select %q_slt, %x, %y : vector<4xi1>, vector<4xf64>
    %q_sle = arith.cmpi sle, %ix, %iy : vector<4xi64>
    %r63 = arith.select %q_sle, %x, %y : vector<4xi1>, vector<4xf64>
    %q_sgt = arith.cmpi sgt, %ix, %iy : vector<4xi64>
    %r64 = arith.select %q_sgt, %x, %y : vector<4xi1>, vector<4xf64>
    %q_sge = arith.cmpi sge, %ix, %iy : vector<4xi64>
    %r65 = arith.select %q_sge, %x, %y : vector<4xi1>, vector<4xf64>
    %q_ult = arith.cmpi ult, %ix, %iy : vector<4xi64>
    %r66 = arith.select %q_ult, %x, %y : vector<4xi1>, vector<4xf64>
    %t = arith.truncf %x : vector<4xf64> to vector<4xf32>
    %t2 = arith.extf %t : vector<4xf32> to vector<4xf64>
    %r67 = arith.subf %t2, %x : vector<4xf64>
    vector.store %r0, %out[%c0_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r1, %out[%c1_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r2, %out[%c2_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r3, %out[%c3_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r4, %out[%c4_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r5, %out[%c5_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r6, %out[%c6_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r7, %out[%c7_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r8, %out[%c8_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r9, %out[%c9_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r10, %out[%c10_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r11, %out[%c11_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r12, %out[%c12_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r13, %out[%c13_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r14, %out[%c14_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r15, %out[%c15_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r16, %out[%c16_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r17, %out[%c17_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r18, %out[%c18_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r19, %out[%c19_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r20, %out[%c20_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r21, %out[%c21_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r22, %out[%c22_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r23, %out[%c23_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r24, %out[%c24_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r25, %out[%c25_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r26, %out[%c26_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r27, %out[%c27_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r28, %out[%c28_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r29, %out[%c29_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r30, %out[%c30_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r31, %out[%c31_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r32, %out[%c32_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r33, %out[%c33_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r34, %out[%c34_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r35, %out[%c35_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r36, %out[%c36_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r37, %out[%c37_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r38, %out[%c38_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r39, %out[%c39_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r40, %out[%c40_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r41, %out[%c41_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r42, %out[%c42_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r43, %out[%c43_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r44, %out[%c44_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r45, %out[%c45_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r46, %out[%c46_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r47, %out[%c47_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r48, %out[%c48_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r49, %out[%c49_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r50, %out[%c50_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r51, %out[%c51_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r52, %out[%c52_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r53, %out[%c53_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r54, %out[%c54_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r55, %out[%c55_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r56, %out[%c56_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r57, %out[%c57_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r58, %out[%c58_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r59, %out[%c59_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r60, %out[%c60_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r61, %out[%c61_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r62, %out[%c62_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r63, %out[%c63_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r64, %out[%c64_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r65, %out[%c65_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r66, %out[%c66_, %i] : memref<68x32xf64>, vector<4xf64>
    vector.store %r67, %out[%c67_, %i] : memref<68x32xf64>, vector<4xf64>
    loops.yield
  }
  return %out : memref<68x32xf64>
}

func.func @f64x8(%a: memref<32xf64>, %b: memref<32xf64>) -> memref<68x32xf64> {
  %k = arith.constant dense<[0x7FF8000000000000, -0.0, 0.0, 0x7FF0000000000000, 0xFFF0000000000000, 1.0, -1.0, 5.000000e-01]> : vector<8xf64>
  %c0 = arith.constant 0 : index
  %cw = arith.constant 8 : index
  %cn = arith.constant 32 : index
  %c0_ = arith.constant 0 : index
  %c1_ = arith.constant 1 : index
  %c2_ = arith.constant 2 : index
  %c3_ = arith.constant 3 : index
  %c4_ = arith.constant 4 : index
  %c5_ = arith.constant 5 : index
  %c6_ = arith.constant 6 : index
  %c7_ = arith.constant 7 : index
  %c8_ = arith.constant 8 : index
  %c9_ = arith.constant 9 : index
  %c10_ = arith.constant 10 : index
  %c11_ = arith.constant 11 : index
  %c12_ = arith.constant 12 : index
  %c13_ = arith.constant 13 : index
  %c14_ = arith.constant 14 : index
  %c15_ = arith.constant 15 : index
  %c16_ = arith.constant 16 : index
  %c17_ = arith.constant 17 : index
  %c18_ = arith.constant 18 : index
  %c19_ = arith.constant 19 : index
  %c20_ = arith.constant 20 : index
  %c21_ = arith.constant 21 : index
  %c22_ = arith.constant 22 : index
  %c23_ = arith.constant 23 : index
  %c24_ = arith.constant 24 : index
  %c25_ = arith.constant 25 : index
  %c26_ = arith.constant 26 : index
  %c27_ = arith.constant 27 : index
  %c28_ = arith.constant 28 : index
  %c29_ = arith.constant 29 : index
  %c30_ = arith.constant 30 : index
  %c31_ = arith.constant 31 : index
  %c32_ = arith.constant 32 : index
  %c33_ = arith.constant 33 : index
  %c34_ = arith.constant 34 : index
  %c35_ = arith.constant 35 : index
  %c36_ = arith.constant 36 : index
  %c37_ = arith.constant 37 : index
  %c38_ = arith.constant 38 : index
  %c39_ = arith.constant 39 : index
  %c40_ = arith.constant 40 : index
  %c41_ = arith.constant 41 : index
  %c42_ = arith.constant 42 : index
  %c43_ = arith.constant 43 : index
  %c44_ = arith.constant 44 : index
  %c45_ = arith.constant 45 : index
  %c46_ = arith.constant 46 : index
  %c47_ = arith.constant 47 : index
  %c48_ = arith.constant 48 : index
  %c49_ = arith.constant 49 : index
  %c50_ = arith.constant 50 : index
  %c51_ = arith.constant 51 : index
  %c52_ = arith.constant 52 : index
  %c53_ = arith.constant 53 : index
  %c54_ = arith.constant 54 : index
  %c55_ = arith.constant 55 : index
  %c56_ = arith.constant 56 : index
  %c57_ = arith.constant 57 : index
  %c58_ = arith.constant 58 : index
  %c59_ = arith.constant 59 : index
  %c60_ = arith.constant 60 : index
  %c61_ = arith.constant 61 : index
  %c62_ = arith.constant 62 : index
  %c63_ = arith.constant 63 : index
  %c64_ = arith.constant 64 : index
  %c65_ = arith.constant 65 : index
  %c66_ = arith.constant 66 : index
  %c67_ = arith.constant 67 : index
  %out = loops.alloc() : memref<68x32xf64>
  loops.for %i = %c0 to %cn step %cw {
    %x0 = vector.load %a[%i] : memref<32xf64>, vector<8xf64>
    %y0 = vector.load %b[%i] : memref<32xf64>, vector<8xf64>
    %h = arith.constant dense<[5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01]> : vector<8xf64>
    %mx = arith.cmpf olt, %x0, %h : vector<8xf64>
    %x = arith.select %mx, %x0, %k : vector<8xi1>, vector<8xf64>
    %my = arith.cmpf ogt, %y0, %h : vector<8xf64>
    %y = arith.select %my, %k, %y0 : vector<8xi1>, vector<8xf64>
    %r0 = arith.addf %x, %y : vector<8xf64>
    %r1 = arith.addf %y, %x : vector<8xf64>
    %r2 = arith.subf %x, %y : vector<8xf64>
    %r3 = arith.subf %y, %x : vector<8xf64>
    %r4 = arith.mulf %x, %y : vector<8xf64>
    %r5 = arith.mulf %y, %x : vector<8xf64>
    %r6 = arith.divf %x, %y : vector<8xf64>
    %r7 = arith.divf %y, %x : vector<8xf64>
    %r8 = arith.maxf %x, %y : vector<8xf64>
    %r9 = arith.maxf %y, %x : vector<8xf64>
    %r10 = arith.minf %x, %y : vector<8xf64>
    %r11 = arith.minf %y, %x : vector<8xf64>
    %r12 = arith.maximumf %x, %y : vector<8xf64>
    %r13 = arith.maximumf %y, %x : vector<8xf64>
    %r14 = arith.minimumf %x, %y : vector<8xf64>
    %r15 = arith.minimumf %y, %x : vector<8xf64>
    %r16 = arith.negf %x : vector<8xf64>
    %r17 = math.absf %x : vector<8xf64>
    %r18 = math.sqrt %x : vector<8xf64>
    %r19 = math.rsqrt %x : vector<8xf64>
    %r20 = math.floor %x : vector<8xf64>
    %r21 = math.ceil %x : vector<8xf64>
    %r22 = math.trunc %x : vector<8xf64>
    %r23 = math.roundeven %x : vector<8xf64>
    %r24 = math.round %x : vector<8xf64>
    %r25 = math.exp %x : vector<8xf64>
    %r26 = math.log %x : vector<8xf64>
    %r27 = math.tanh %x : vector<8xf64>
    %r28 = math.erf %x : vector<8xf64>
    %r29 = math.fma %x, %y, %k : vector<8xf64>
    %r30 = vector.fma %y, %k, %x : vector<8xf64>
    %p_false = arith.cmpf false, %x, %y : vector<8xf64>
    %r31 = arith.select %p_false, %x, %y : vector<8xi1>, vector<8xf64>
    %p_oeq = arith.cmpf oeq, %x, %y : vector<8xf64>
    %r32 = arith.select %p_oeq, %x, %y : vector<8xi1>, vector<8xf64>
    %p_ogt = arith.cmpf ogt, %x, %y : vector<8xf64>
    %r33 = arith.select %p_ogt, %x, %y : vector<8xi1>, vector<8xf64>
    %p_oge = arith.cmpf oge, %x, %y : vector<8xf64>
    %r34 = arith.select %p_oge, %x, %y : vector<8xi1>, vector<8xf64>
    %p_olt = arith.cmpf olt, %x, %y : vector<8xf64>
    %r35 = arith.select %p_olt, %x, %y : vector<8xi1>, vector<8xf64>
    %p_ole = arith.cmpf ole, %x, %y : vector<8xf64>
    %r36 = arith.select %p_ole, %x, %y : vector<8xi1>, vector<8xf64>
    %p_one = arith.cmpf one, %x, %y : vector<8xf64>
    %r37 = arith.select %p_one, %x, %y : vector<8xi1>, vector<8xf64>
    %p_ord = arith.cmpf ord, %x, %y : vector<8xf64>
    %r38 = arith.select %p_ord, %x, %y : vector<8xi1>, vector<8xf64>
    %p_ueq = arith.cmpf ueq, %x, %y : vector<8xf64>
    %r39 = arith.select %p_ueq, %x, %y : vector<8xi1>, vector<8xf64>
    %p_ugt = arith.cmpf ugt, %x, %y : vector<8xf64>
    %r40 = arith.select %p_ugt, %x, %y : vector<8xi1>, vector<8xf64>
    %p_uge = arith.cmpf uge, %x, %y : vector<8xf64>
    %r41 = arith.select %p_uge, %x, %y : vector<8xi1>, vector<8xf64>
    %p_ult = arith.cmpf ult, %x, %y : vector<8xf64>
    %r42 = arith.select %p_ult, %x, %y : vector<8xi1>, vector<8xf64>
    %p_ule = arith.cmpf ule, %x, %y : vector<8xf64>
    %r43 = arith.select %p_ule, %x, %y : vector<8xi1>, vector<8xf64>
    %p_une = arith.cmpf une, %x, %y : vector<8xf64>
    %r44 = arith.select %p_une, %x, %y : vector<8xi1>, vector<8xf64>
    %p_uno = arith.cmpf uno, %x, %y : vector<8xf64>
    %r45 = arith.select %p_uno, %x, %y : vector<8xi1>, vector<8xf64>
    %p_true = arith.cmpf true, %x, %y : vector<8xf64>
    %r46 = arith.select %p_true, %x, %y : vector<8xi1>, vector<8xf64>
    %pa = arith.andi %p_olt, %p_uno : vector<8xi1>
    %po = arith.ori %p_ogt, %p_uno : vector<8xi1>
    %px = arith.xori %p_ole, %p_une : vector<8xi1>
    %r47 = arith.select %pa, %y, %x : vector<8xi1>, vector<8xf64>
    %r48 = arith.select %po, %y, %x : vector<8xi1>, vector<8xf64>
    %r49 = arith.select %px, %y, %x : vector<8xi1>, vector<8xf64>
    %ix = arith.bitcast %x : vector<8xf64> to vector<8xi64>
    %iy = arith.bitcast %y : vector<8xf64> to vector<8xi64>
    %i50 = arith.addi %ix, %iy : vector<8xi64>
    %r50 = arith.bitcast %i50 : vector<8xi64> to vector<8xf64>
    %i51 = arith.subi %ix, %iy : vector<8xi64>
    %r51 = arith.bitcast %i51 : vector<8xi64> to vector<8xf64>
    %i52 = arith.muli %ix, %iy : vector<8xi64>
    %r52 = arith.bitcast %i52 : vector<8xi64> to vector<8xf64>
    %i53 = arith.andi %ix, %iy : vector<8xi64>
    %r53 = arith.bitcast %i53 : vector<8xi64> to vector<8xf64>
    %i54 = arith.ori %ix, %iy : vector<8xi64>
    %r54 = arith.bitcast %i54 : vector<8xi64> to vector<8xf64>
    %i55 = arith.xori %ix, %iy : vector<8xi64>
    %r55 = arith.bitcast %i55 : vector<8xi64> to vector<8xf64>
    %i56 = arith.maxsi %ix, %iy : vector<8xi64>
    %r56 = arith.bitcast %i56 : vector<8xi64> to vector<8xf64>
    %i57 = arith.minsi %ix, %iy : vector<8xi64>
    %r57 = arith.bitcast %i57 : vector<8xi64> to vector<8xf64>
    %i58 = arith.maxui %ix, %iy : vector<8xi64>
    %r58 = arith.bitcast %i58 : vector<8xi64> to vector<8xf64>
    %i59 = arith.shrsi %ix, %iy : vector<8xi64>
    %r59 = arith.bitcast %i59 : vector<8xi64> to vector<8xf64>
    %q_eq = arith.cmpi eq, %ix, %iy : vector<8xi64>
    %r60 = arith.select %q_eq, %x, %y : vector<8xi1>, vector<8xf64>
    %q_ne = arith.cmpi ne, %ix, %iy : vector<8xi64>
    %r61 = arith.select %q_ne, %x, %y : vector<8xi1>, vector<8xf64>
    %q_slt = arith.cmpi slt, %ix, %iy : vector<8xi64>
    %r62 = arith.select %q_slt, %x, %y : vector<8xi1>, vector<8xf64>
    %q_sle = arith.cmpi sle, %ix, %iy : vector<8xi64>
    %r63 = arith.select %q_sle, %x, %y : vector<8xi1>, vector<8xf64>
    %q_sgt = arith.cmpi sgt, %ix, %iy : vector<8xi64>
    %r64 = arith.select %q_sgt, %x, %y : vector<8xi1>, vector<8xf64>
    %q_sge = arith.cmpi sge, %ix, %iy : vector<8xi64>
    %r65 = arith.select %q_sge, %x, %y : vector<8xi1>, vector<8xf64>
    %q_ult = arith.cmpi ult, %ix, %iy : vector<8xi64>
    %r66 = arith.select %q_ult, %x, %y : vector<8xi1>, vector<8xf64>
    %t = arith.truncf %x : vector<8xf64> to vector<8xf32>
    %t2 = arith.extf %t : vector<8xf32> to vector<8xf64>
    %r67 = arith.subf %t2, %x : vector<8xf64>
    vector.store %r0, %out[%c0_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r1, %out[%c1_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r2, %out[%c2_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r3, %out[%c3_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r4, %out[%c4_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r5, %out[%c5_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r6, %out[%c6_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r7, %out[%c7_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r8, %out[%c8_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r9, %out[%c9_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r10, %out[%c10_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r11, %out[%c11_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r12, %out[%c12_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r13, %out[%c13_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r14, %out[%c14_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r15, %out[%c15_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r16, %out[%c16_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r17, %out[%c17_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r18, %out[%c18_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r19, %out[%c19_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r20, %out[%c20_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r21, %out[%c21_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r22, %out[%c22_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r23, %out[%c23_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r24, %out[%c24_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r25, %out[%c25_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r26, %out[%c26_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r27, %out[%c27_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r28, %out[%c28_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r29, %out[%c29_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r30, %out[%c30_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r31, %out[%c31_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r32, %out[%c32_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r33, %out[%c33_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r34, %out[%c34_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r35, %out[%c35_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r36, %out[%c36_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r37, %out[%c37_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r38, %out[%c38_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r39, %out[%c39_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r40, %out[%c40_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r41, %out[%c41_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r42, %out[%c42_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r43, %out[%c43_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r44, %out[%c44_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r45, %out[%c45_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r46, %out[%c46_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r47, %out[%c47_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r48, %out[%c48_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r49, %out[%c49_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r50, %out[%c50_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r51, %out[%c51_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r52, %out[%c52_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r53, %out[%c53_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r54, %out[%c54_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r55, %out[%c55_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r56, %out[%c56_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r57, %out[%c57_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r58, %out[%c58_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r59, %out[%c59_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r60, %out[%c60_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r61, %out[%c61_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r62, %out[%c62_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r63, %out[%c63_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r64, %out[%c64_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r65, %out[%c65_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r66, %out[%c66_, %i] : memref<68x32xf64>, vector<8xf64>
    vector.store %r67, %out[%c67_, %i] : memref<68x32xf64>, vector<8xf64>
    loops.yield
  }
  return %out : memref<68x32xf64>
}

func.func @f64x16(%a: memref<32xf64>, %b: memref<32xf64>) -> memref<68x32xf64> {
  %k = arith.constant dense<[0x7FF8000000000000, -0.0, 0.0, 0x7FF0000000000000, 0xFFF0000000000000, 1.0, -1.0, 5.000000e-01, 0x7FF8000000000000, -0.0, 0.0, 0x7FF0000000000000, 0xFFF0000000000000, 1.0, -1.0, 5.000000e-01]> : vector<16xf64>
  %c0 = arith.constant 0 : index
  %cw = arith.constant 16 : index
  %cn = arith.constant 32 : index
  %c0_ = arith.constant 0 : index
  %c1_ = arith.constant 1 : index
  %c2_ = arith.constant 2 : index
  %c3_ = arith.constant 3 : index
  %c4_ = arith.constant 4 : index
  %c5_ = arith.constant 5 : index
  %c6_ = arith.constant 6 : index
  %c7_ = arith.constant 7 : index
  %c8_ = arith.constant 8 : index
  %c9_ = arith.constant 9 : index
  %c10_ = arith.constant 10 : index
  %c11_ = arith.constant 11 : index
  %c12_ = arith.constant 12 : index
  %c13_ = arith.constant 13 : index
  %c14_ = arith.constant 14 : index
  %c15_ = arith.constant 15 : index
  %c16_ = arith.constant 16 : index
  %c17_ = arith.constant 17 : index
  %c18_ = arith.constant 18 : index
  %c19_ = arith.constant 19 : index
  %c20_ = arith.constant 20 : index
  %c21_ = arith.constant 21 : index
  %c22_ = arith.constant 22 : index
  %c23_ = arith.constant 23 : index
  %c24_ = arith.constant 24 : index
  %c25_ = arith.constant 25 : index
  %c26_ = arith.constant 26 : index
  %c27_ = arith.constant 27 : index
  %c28_ = arith.constant 28 : index
  %c29_ = arith.constant 29 : index
  %c30_ = arith.constant 30 : index
  %c31_ = arith.constant 31 : index
  %c32_ = arith.constant 32 : index
  %c33_ = arith.constant 33 : index
  %c34_ = arith.constant 34 : index
  %c35_ = arith.constant 35 : index
  %c36_ = arith.constant 36 : index
  %c37_ = arith.constant 37 : index
  %c38_ = arith.constant 38 : index
  %c39_ = arith.constant 39 : index
  %c40_ = arith.constant 40 : index
  %c41_ = arith.constant 41 : index
  %c42_ = arith.constant 42 : index
  %c43_ = arith.constant 43 : index
  %c44_ = arith.constant 44 : index
  %c45_ = arith.constant 45 : index
  %c46_ = arith.constant 46 : index
  %c47_ = arith.constant 47 : index
  %c48_ = arith.constant 48 : index
  %c49_ = arith.constant 49 : index
  %c50_ = arith.constant 50 : index
  %c51_ = arith.constant 51 : index
  %c52_ = arith.constant 52 : index
  %c53_ = arith.constant 53 : index
  %c54_ = arith.constant 54 : index
  %c55_ = arith.constant 55 : index
  %c56_ = arith.constant 56 : index
  %c57_ = arith.constant 57 : index
  %c58_ = arith.constant 58 : index
  %c59_ = arith.constant 59 : index
  %c60_ = arith.constant 60 : index
  %c61_ = arith.constant 61 : index
  %c62_ = arith.constant 62 : index
  %c63_ = arith.constant 63 : index
  %c64_ = arith.constant 64 : index
  %c65_ = arith.constant 65 : index
  %c66_ = arith.constant 66 : index
  %c67_ = arith.constant 67 : index
  %out = loops.alloc() : memref<68x32xf64>
  loops.for %i = %c0 to %cn step %cw {
    %x0 = vector.load %a[%i] : memref<32xf64>, vector<16xf64>
    %y0 = vector.load %b[%i] : memref<32xf64>, vector<16xf64>
    %h = arith.constant dense<[5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01]> : vector<16xf64>
    %mx = arith.cmpf olt, %x0, %h : vector<16xf64>
    %x = arith.select %mx, %x0, %k : vector<16xi1>, vector<16xf64>
    %my = arith.cmpf ogt, %y0, %h : vector<16xf64>
    %y = arith.select %my, %k, %y0 : vector<16xi1>, vector<16xf64>
    %r0 = arith.addf %x, %y : vector<16xf64>
    %r1 = arith.addf %y, %x : vector<16xf64>
    %r2 = arith.subf %x, %y : vector<16xf64>
    %r3 = arith.subf %y, %x : vector<16xf64>
    %r4 = arith.mulf %x, %y : vector<16xf64>
    %r5 = arith.mulf %y, %x : vector<16xf64>
    %r6 = arith.divf %x, %y : vector<16xf64>
    %r7 = arith.divf %y, %x : vector<16xf64>
    %r8 = arith.maxf %x, %y : vector<16xf64>
    %r9 = arith.maxf %y, %x : vector<16xf64>
    %r10 = arith.minf %x, %y : vector<16xf64>
    %r11 = arith.minf %y, %x : vector<16xf64>
    %r12 = arith.maximumf %x, %y : vector<16xf64>
    %r13 = arith.maximumf %y, %x : vector<16xf64>
    %r14 = arith.minimumf %x, %y : vector<16xf64>
    %r15 = arith.minimumf %y, %x : vector<16xf64>
    %r16 = arith.negf %x : vector<16xf64>
    %r17 = math.absf %x : vector<16xf64>
    %r18 = math.sqrt %x : vector<16xf64>
    %r19 = math.rsqrt %x : vector<16xf64>
    %r20 = math.floor %x : vector<16xf64>
    %r21 = math.ceil %x : vector<16xf64>
    %r22 = math.trunc %x : vector<16xf64>
    %r23 = math.roundeven %x : vector<16xf64>
    %r24 = math.round %x : vector<16xf64>
    %r25 = math.exp %x : vector<16xf64>
    %r26 = math.log %x : vector<16xf64>
    %r27 = math.tanh %x : vector<16xf64>
    %r28 = math.erf %x : vector<16xf64>
    %r29 = math.fma %x, %y, %k : vector<16xf64>
    %r30 = vector.fma %y, %k, %x : vector<16xf64>
    %p_false = arith.cmpf false, %x, %y : vector<16xf64>
    %r31 = arith.select %p_false, %x, %y : vector<16xi1>, vector<16xf64>
    %p_oeq = arith.cmpf oeq, %x, %y : vector<16xf64>
    %r32 = arith.select %p_oeq, %x, %y : vector<16xi1>, vector<16xf64>
    %p_ogt = arith.cmpf ogt, %x, %y : vector<16xf64>
    %r33 = arith.select %p_ogt, %x, %y : vector<16xi1>, vector<16xf64>
    %p_oge = arith.cmpf oge, %x, %y : vector<16xf64>
    %r34 = arith.select %p_oge, %x, %y : vector<16xi1>, vector<16xf64>
    %p_olt = arith.cmpf olt, %x, %y : vector<16xf64>
    %r35 = arith.select %p_olt, %x, %y : vector<16xi1>, vector<16xf64>
    %p_ole = arith.cmpf ole, %x, %y : vector<16xf64>
    %r36 = arith.select %p_ole, %x, %y : vector<16xi1>, vector<16xf64>
    %p_one = arith.cmpf one, %x, %y : vector<16xf64>
    %r37 = arith.select %p_one, %x, %y : vector<16xi1>, vector<16xf64>
    %p_ord = arith.cmpf ord, %x, %y : vector<16xf64>
    %r38 = arith.select %p_ord, %x, %y : vector<16xi1>, vector<16xf64>
    %p_ueq = arith.cmpf ueq, %x, %y : vector<16xf64>
    %r39 = arith.select %p_ueq, %x, %y : vector<16xi1>, vector<16xf64>
    %p_ugt = arith.cmpf ugt, %x, %y : vector<16xf64>
    %r40 = arith.select %p_ugt, %x, %y : vector<16xi1>, vector<16xf64>
    %p_uge = arith.cmpf uge, %x, %y : vector<16xf64>
    %r41 = arith.select %p_uge, %x, %y : vector<16xi1>, vector<16xf64>
    %p_ult = arith.cmpf ult, %x, %y : vector<16xf64>
    %r42 = arith.select %p_ult, %x, %y : vector<16xi1>, vector<16xf64>
    %p_ule = arith.cmpf ule, %x, %y : vector<16xf64>
    %r43 = arith.select %p_ule, %x, %y : vector<16xi1>, vector<16xf64>
    %p_une = arith.cmpf une, %x, %y : vector<16xf64>
    %r44 = arith.select %p_une, %x, %y : vector<16xi1>, vector<16xf64>
    %p_uno = arith.cmpf uno, %x, %y : vector<16xf64>
    %r45 = arith.select %p_uno, %x, %y : vector<16xi1>, vector<16xf64>
    %p_true = arith.cmpf true, %x, %y : vector<16xf64>
    %r46 = arith.select %p_true, %x, %y : vector<16xi1>, vector<16xf64>
    %pa = arith.andi %p_olt, %p_uno : vector<16xi1>
    %po = arith.ori %p_ogt, %p_uno : vector<16xi1>
    %px = arith.xori %p_ole, %p_une : vector<16xi1>
    %r47 = arith.select %pa, %y, %x : vector<16xi1>, vector<16xf64>
    %r48 = arith.select %po, %y, %x : vector<16xi1>, vector<16xf64>
    %r49 = arith.select %px, %y, %x : vector<16xi1>, vector<16xf64>
    %ix = arith.bitcast %x : vector<16xf64> to vector<16xi64>
    %iy = arith.bitcast %y : vector<16xf64> to vector<16xi64>
    %i50 = arith.addi %ix, %iy : vector<16xi64>
    %r50 = arith.bitcast %i50 : vector<16xi64> to vector<16xf64>
    %i51 = arith.subi %ix, %iy : vector<16xi64>
    %r51 = arith.bitcast %i51 : vector<16xi64> to vector<16xf64>
    %i52 = arith.muli %ix, %iy : vector<16xi64>
    %r52 = arith.bitcast %i52 : vector<16xi64> to vector<16xf64>
    %i53 = arith.andi %ix, %iy : vector<16xi64>
    %r53 = arith.bitcast %i53 : vector<16xi64> to vector<16xf64>
    %i54 = arith.ori %ix, %iy : vector<16xi64>
    %r54 = arith.bitcast %i54 : vector<16xi64> to vector<16xf64>
    %i55 = arith.xori %ix, %iy : vector<16xi64>
    %r55 = arith.bitcast %i55 : vector<16xi64> to vector<16xf64>
    %i56 = arith.maxsi %ix, %iy : vector<16xi64>
    %r56 = arith.bitcast %i56 : vector<16xi64> to vector<16xf64>
    %i57 = arith.minsi %ix, %iy : vector<16xi64>
    %r57 = arith.bitcast %i57 : vector<16xi64> to vector<16xf64>
    %i58 = arith.maxui %ix, %iy : vector<16xi64>
    %r58 = arith.bitcast %i58 : vector<16xi64> to vector<16xf64>
    %i59 = arith.shrsi %ix, %iy : vector<16xi64>
    %r59 = arith.bitcast %i59 : vector<16xi64> to vector<16xf64>
    %q_eq = arith.cmpi eq, %ix, %iy : vector<16xi64>
    %r60 = arith.select %q_eq, %x, %y : vector<16xi1>, vector<16xf64>
    %q_ne = arith.cmpi ne, %ix, %iy : vector<16xi64>
    %r61 = arith.select %q_ne, %x, %y : vector<16xi1>, vector<16xf64>
    %q_slt = arith.cmpi slt, %ix, %iy : vector<16xi64>
    %r62 = arith.select %q_slt, %x, %y : vector<16xi1>, vector<16xf64>
    %q_sle = arith.cmpi sle, %ix, %iy : vector<16xi64>
    %r63 = arith.select %q_sle, %x, %y : vector<16xi1>, vector<16xf64>
    %q_sgt = arith.cmpi sgt, %ix, %iy : vector<16xi64>
    %r64 = arith.select %q_sgt, %x, %y : vector<16xi1>, vector<16xf64>
    %q_sge = arith.cmpi sge, %ix, %iy : vector<16xi64>
    %r65 = arith.select %q_sge, %x, %y : vector<16xi1>, vector<16xf64>
    %q_ult = arith.cmpi ult, %ix, %iy : vector<16xi64>
    %r66 = arith.select %q_ult, %x, %y : vector<16xi1>, vector<16xf64>
    %t = arith.truncf %x : vector<16xf64> to vector<16xf32>
    %t2 = arith.extf %t : vector<16xf32> to vector<16xf64>
    %r67 = arith.subf %t2, %x : vector<16xf64>
    vector.store %r0, %out[%c0_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r1, %out[%c1_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r2, %out[%c2_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r3, %out[%c3_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r4, %out[%c4_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r5, %out[%c5_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r6, %out[%c6_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r7, %out[%c7_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r8, %out[%c8_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r9, %out[%c9_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r10, %out[%c10_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r11, %out[%c11_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r12, %out[%c12_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r13, %out[%c13_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r14, %out[%c14_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r15, %out[%c15_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r16, %out[%c16_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r17, %out[%c17_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r18, %out[%c18_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r19, %out[%c19_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r20, %out[%c20_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r21, %out[%c21_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r22, %out[%c22_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r23, %out[%c23_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r24, %out[%c24_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r25, %out[%c25_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r26, %out[%c26_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r27, %out[%c27_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r28, %out[%c28_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r29, %out[%c29_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r30, %out[%c30_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r31, %out[%c31_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r32, %out[%c32_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r33, %out[%c33_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r34, %out[%c34_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r35, %out[%c35_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r36, %out[%c36_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r37, %out[%c37_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r38, %out[%c38_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r39, %out[%c39_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r40, %out[%c40_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r41, %out[%c41_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r42, %out[%c42_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r43, %out[%c43_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r44, %out[%c44_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r45, %out[%c45_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r46, %out[%c46_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r47, %out[%c47_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r48, %out[%c48_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r49, %out[%c49_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r50, %out[%c50_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r51, %out[%c51_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r52, %out[%c52_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r53, %out[%c53_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r54, %out[%c54_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r55, %out[%c55_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r56, %out[%c56_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r57, %out[%c57_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r58, %out[%c58_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r59, %out[%c59_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r60, %out[%c60_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r61, %out[%c61_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r62, %out[%c62_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r63, %out[%c63_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r64, %out[%c64_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r65, %out[%c65_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r66, %out[%c66_, %i] : memref<68x32xf64>, vector<16xf64>
    vector.store %r67, %out[%c67_, %i] : memref<68x32xf64>, vector<16xf64>
    loops.yield
  }
  return %out : memref<68x32xf64>
}
