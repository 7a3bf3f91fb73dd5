// Reductions: a row-wise softmax (max and sum carried in loops.for, a
// vector accumulator, vector.reduction), a full sum with a dynamic size.

// CASE: @softmax shapes=7x37
// CASE: @softmax shapes=300x64 concurrent
// CASE: @sum shapes=1001
// CASE: @sum shapes=0
func.func @softmax(%x: memref<?x?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %m = loops.dim %x, 0 : memref<?x?xf32>
  %n = loops.dim %x, 1 : memref<?x?xf32>
  %out = loops.alloc(%m, %n) : memref<?x?xf32>
  %rem = arith.remsi %n, %c8 : index
  %nv = arith.subi %n, %rem : index
  loops.parallel (%i) = (%c0) to (%m) step (%c1) {
    %vinit = vector.broadcast %ninf : f32 to vector<8xf32>
    %vmax = loops.for %j = %c0 to %nv step %c8 iter_args(%acc = %vinit) -> (vector<8xf32>) {
      %v = vector.load %x[%i, %j] : memref<?x?xf32>, vector<8xf32>
      %mx = arith.maximumf %acc, %v : vector<8xf32>
      loops.yield %mx : vector<8xf32>
    }
    %m0 = vector.reduction <maxf>, %vmax : vector<8xf32> into f32
    %mx = loops.for %j = %nv to %n step %c1 iter_args(%acc = %m0) -> (f32) {
      %v = loops.load %x[%i, %j] : memref<?x?xf32>
      %r = arith.maximumf %acc, %v : f32
      loops.yield %r : f32
    }
    %sum = loops.for %j = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
      %v = loops.load %x[%i, %j] : memref<?x?xf32>
      %d = arith.subf %v, %mx : f32
      %e = math.exp %d : f32
      loops.store %e, %out[%i, %j] : memref<?x?xf32>
      %s = arith.addf %acc, %e : f32
      loops.yield %s : f32
    }
    loops.for %j = %c0 to %n step %c1 {
      %e = loops.load %out[%i, %j] : memref<?x?xf32>
      %q = arith.divf %e, %sum : f32
      loops.store %q, %out[%i, %j] : memref<?x?xf32>
      loops.yield
    }
    loops.yield
  }
  return %out : memref<?x?xf32>
}

func.func @sum(%x: memref<?xf64>) -> memref<f64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %n = loops.dim %x, 0 : memref<?xf64>
  %rem = arith.remui %n, %c4 : index
  %nv = arith.subi %n, %rem : index
  %v0 = vector.splat %zero : vector<4xf64>
  %vacc = loops.for %j = %c0 to %nv step %c4 iter_args(%acc = %v0) -> (vector<4xf64>) {
    %v = vector.load %x[%j] : memref<?xf64>, vector<4xf64>
    %s = arith.addf %acc, %v : vector<4xf64>
    loops.yield %s : vector<4xf64>
  }
  %s0 = vector.reduction <add>, %vacc : vector<4xf64> into f64
  %s = loops.for %j = %nv to %n step %c1 iter_args(%acc = %s0) -> (f64) {
    %v = loops.load %x[%j] : memref<?xf64>
    %r = arith.addf %acc, %v : f64
    loops.yield %r : f64
  }
  %out = loops.alloc() : memref<f64>
  loops.store %s, %out[] : memref<f64>
  return %out : memref<f64>
}
