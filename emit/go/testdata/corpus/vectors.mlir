// vector ops: every reduction kind that applies to f32, i32 and i1-free
// vectors, fma, element-wise compare and select, splat of constants.

// CASE: @reductions ints=-9:9
// CASE: @fma_select
func.func @reductions(%x: memref<4x8xf32>, %n: memref<4x8xi32>) -> (memref<4x4xf32>, memref<4x7xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %of = loops.alloc() : memref<4x4xf32>
  %oi = loops.alloc() : memref<4x7xi32>
  loops.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = vector.load %x[%i, %c0] : memref<4x8xf32>, vector<8xf32>
    %a = vector.reduction <add>, %v : vector<8xf32> into f32
    %m = vector.reduction <mul>, %v : vector<8xf32> into f32
    %mx = vector.reduction <maxf>, %v : vector<8xf32> into f32
    %mn = vector.reduction <minf>, %v : vector<8xf32> into f32
    loops.store %a, %of[%i, %c0] : memref<4x4xf32>
    loops.store %m, %of[%i, %c1] : memref<4x4xf32>
    loops.store %mx, %of[%i, %c2] : memref<4x4xf32>
    loops.store %mn, %of[%i, %c3] : memref<4x4xf32>
    %w = vector.load %n[%i, %c0] : memref<4x8xi32>, vector<8xi32>
    %ia = vector.reduction <add>, %w : vector<8xi32> into i32
    %im = vector.reduction <mul>, %w : vector<8xi32> into i32
    %ix = vector.reduction <maxsi>, %w : vector<8xi32> into i32
    %iu = vector.reduction <minui>, %w : vector<8xi32> into i32
    %ian = vector.reduction <and>, %w : vector<8xi32> into i32
    %io = vector.reduction <or>, %w : vector<8xi32> into i32
    %ixo = vector.reduction <xor>, %w : vector<8xi32> into i32
    loops.store %ia, %oi[%i, %c0] : memref<4x7xi32>
    loops.store %im, %oi[%i, %c1] : memref<4x7xi32>
    loops.store %ix, %oi[%i, %c2] : memref<4x7xi32>
    loops.store %iu, %oi[%i, %c3] : memref<4x7xi32>
    loops.store %ian, %oi[%i, %c4] : memref<4x7xi32>
    loops.store %io, %oi[%i, %c5] : memref<4x7xi32>
    loops.store %ixo, %oi[%i, %c6] : memref<4x7xi32>
    loops.yield
  }
  return %of, %oi : memref<4x4xf32>, memref<4x7xi32>
}

func.func @fma_select(%a: memref<64xf32>, %b: memref<64xf32>, %c: memref<64xf32>) -> memref<64xf32> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %k = arith.constant dense<[0.0, 1.0, -1.0, 0.5, 2.0, -0.25, 3.0, 0x7F800000]> : vector<8xf32>
  %out = loops.alloc() : memref<64xf32>
  loops.for %i = %c0 to %c64 step %c8 {
    %x = vector.load %a[%i] : memref<64xf32>, vector<8xf32>
    %y = vector.load %b[%i] : memref<64xf32>, vector<8xf32>
    %z = vector.load %c[%i] : memref<64xf32>, vector<8xf32>
    %f = vector.fma %x, %y, %z : vector<8xf32>
    %g = arith.mulf %f, %k : vector<8xf32>
    %lt = arith.cmpf olt, %x, %y : vector<8xf32>
    %s = arith.select %lt, %f, %g : vector<8xi1>, vector<8xf32>
    vector.store %s, %out[%i] : memref<64xf32>, vector<8xf32>
    loops.yield
  }
  return %out : memref<64xf32>
}
