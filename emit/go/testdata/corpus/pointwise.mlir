// Pointwise kernels: vectorized with a scalar tail, parallel over rows,
// static and dynamic shapes, a scalar argument.

// CASE: @add_relu
// CASE: @scale_shift shapes=5x21,_
// CASE: @scale_shift shapes=0x3,_
// CASE: @big_axpy maxallocs=2
func.func @add_relu(%a: memref<4x16xf32>, %b: memref<4x16xf32>) -> memref<4x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %out = loops.alloc() : memref<4x16xf32>
  loops.parallel (%i) = (%c0) to (%c4) step (%c1) {
    loops.for %j = %c0 to %c16 step %c8 {
      %x = vector.load %a[%i, %j] : memref<4x16xf32>, vector<8xf32>
      %y = vector.load %b[%i, %j] : memref<4x16xf32>, vector<8xf32>
      %s = arith.addf %x, %y : vector<8xf32>
      %z = vector.broadcast %zero : f32 to vector<8xf32>
      %r = arith.maximumf %s, %z : vector<8xf32>
      vector.store %r, %out[%i, %j] : memref<4x16xf32>, vector<8xf32>
      loops.yield
    }
    loops.yield
  }
  return %out : memref<4x16xf32>
}

// y = x * s + 1 with a vector loop over the columns and a scalar tail.
func.func @scale_shift(%x: memref<?x?xf32>, %s: f32) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %m = loops.dim %x, 0 : memref<?x?xf32>
  %n = loops.dim %x, 1 : memref<?x?xf32>
  %out = loops.alloc(%m, %n) : memref<?x?xf32>
  %rem = arith.remsi %n, %c8 : index
  %nv = arith.subi %n, %rem : index
  %vs = vector.splat %s : vector<8xf32>
  %v1 = vector.broadcast %one : f32 to vector<8xf32>
  loops.parallel (%i, %j0) = (%c0, %c0) to (%m, %c1) step (%c1, %c1) {
    loops.for %j = %c0 to %nv step %c8 {
      %v = vector.load %x[%i, %j] : memref<?x?xf32>, vector<8xf32>
      %p = arith.mulf %v, %vs : vector<8xf32>
      %q = arith.addf %p, %v1 : vector<8xf32>
      vector.store %q, %out[%i, %j] : memref<?x?xf32>, vector<8xf32>
      loops.yield
    }
    loops.for %j = %nv to %n step %c1 {
      %v = loops.load %x[%i, %j] : memref<?x?xf32>
      %p = arith.mulf %v, %s : f32
      %q = arith.addf %p, %one : f32
      loops.store %q, %out[%i, %j] : memref<?x?xf32>
      loops.yield
    }
    loops.yield
  }
  return %out : memref<?x?xf32>
}

// A large pointwise kernel (parallel for real): out = a*x + y, f64.
func.func @big_axpy(%x: memref<512x300xf64>, %y: memref<512x300xf64>) -> memref<512x300xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c300 = arith.constant 300 : index
  %c512 = arith.constant 512 : index
  %a = arith.constant 1.5 : f64
  %va = vector.broadcast %a : f64 to vector<4xf64>
  %out = loops.alloc() : memref<512x300xf64>
  loops.parallel (%i, %j) = (%c0, %c0) to (%c512, %c300) step (%c1, %c4) {
    %vx = vector.load %x[%i, %j] : memref<512x300xf64>, vector<4xf64>
    %vy = vector.load %y[%i, %j] : memref<512x300xf64>, vector<4xf64>
    %r = vector.fma %va, %vx, %vy : vector<4xf64>
    %e = math.exp %r : vector<4xf64>
    vector.store %e, %out[%i, %j] : memref<512x300xf64>, vector<4xf64>
    loops.yield
  }
  return %out : memref<512x300xf64>
}
