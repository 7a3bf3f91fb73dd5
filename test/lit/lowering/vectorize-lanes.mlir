// vectorize on the loops the innermost vectorization used to skip:
// reductions over leading dimensions (a loops.parallel over the contiguous
// dimension whose inner loop runs over rows: its iterations become the
// lanes, each in the scalar order), and index arithmetic with divsi/remsi
// by a constant the width divides (reshaped indices, attention's copies).
// RUN: tt-opt %s --split-input-file --vectorize | filecheck %s
// RUN: tt-opt %s --vectorize --pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// STATS: Vectorize
// STATS-DAG: (S) 2 num-outer-vectorized
// STATS-DAG: (S) 2 num-vectorized

// A bias gradient (relu backward, its sum over the rows): 8 columns per
// vector iteration, the f64 accumulator a vector<8xf64> carried by the row
// loop; 1024 is a multiple of 8, so no tail.
// CHECK-LABEL: func.func @bias_grad
// CHECK-DAG: %[[Z:.*]] = vector.broadcast %cst_0 : f64 to vector<8xf64>
// CHECK-DAG: %[[ZF:.*]] = vector.broadcast %cst : f32 to vector<8xf32>
// CHECK: loops.parallel (%[[J:.*]]) = (%c0) to (%c1024) step (%c8) {
// CHECK-NEXT: %[[S:.*]] = loops.for %[[I:.*]] = %c0 to %c256 step %c1 iter_args(%[[A:.*]] = %[[Z]]) -> vector<8xf64> {
// CHECK-NEXT: %[[V:.*]] = vector.load %arg0[%[[I]], %[[J]]] : memref<256x1024xf32>, vector<8xf32>
// CHECK-NEXT: %[[P:.*]] = arith.cmpf ogt, %[[V]], %[[ZF]] : vector<8xf32>
// CHECK-NEXT: %[[R:.*]] = arith.select %[[P]], %[[V]], %[[ZF]] : vector<8xi1>, vector<8xf32>
// CHECK-NEXT: vector.store %[[R]], %arg1[%[[I]], %[[J]]] : memref<256x1024xf32>, vector<8xf32>
// CHECK-NEXT: %[[E:.*]] = arith.extf %[[R]] : vector<8xf32> to vector<8xf64>
// CHECK-NEXT: %[[N:.*]] = arith.addf %[[A]], %[[E]] : vector<8xf64>
// CHECK-NEXT: loops.yield %[[N]] : vector<8xf64>
// CHECK-NEXT: } {reductions = ["addf"]}
// CHECK-NEXT: %[[T:.*]] = arith.truncf %[[S]] : vector<8xf64> to vector<8xf32>
// CHECK-NEXT: vector.store %[[T]], %arg2[%[[J]]] : memref<1024xf32>, vector<8xf32>
// CHECK-NOT: loops.load
// CHECK: return
func.func @bias_grad(%x: memref<256x1024xf32>, %y: memref<256x1024xf32>, %g: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %zero = arith.constant 0.0 : f32
  %acc0 = arith.constant 0.0 : f64
  loops.parallel (%j) = (%c0) to (%c1024) step (%c1) {
    %s = loops.for %i = %c0 to %c256 step %c1 iter_args(%a = %acc0) -> f64 {
      %v = loops.load %x[%i, %j] : memref<256x1024xf32>
      %p = arith.cmpf ogt, %v, %zero : f32
      %r = arith.select %p, %v, %zero : f32
      loops.store %r, %y[%i, %j] : memref<256x1024xf32>
      %e = arith.extf %r : f32 to f64
      %n = arith.addf %a, %e : f64
      loops.yield %n : f64
    } {reductions = ["addf"]}
    %t = arith.truncf %s : f64 to f32
    loops.store %t, %g[%j] : memref<1024xf32>
    loops.yield
  }
  return
}

// -----

// 10 columns: one vector iteration (columns 0-7), then the original loop
// from 8 as the tail. A row maximum (maxf) over a dynamic number of rows.
// CHECK-LABEL: func.func @col_max
// CHECK: loops.parallel (%[[J:.*]]) = (%c0) to (%{{.*}}) step (%c8) {
// CHECK: loops.for %{{.*}} = %c0 to %arg2 step %c1 iter_args(%{{.*}} = %{{.*}}) -> vector<8xf32> {
// CHECK: vector.load %arg0[%{{.*}}, %[[J]]] : memref<?x10xf32>, vector<8xf32>
// CHECK: arith.maxf %{{.*}} : vector<8xf32>
// CHECK: } {reductions = ["maxf"]}
// CHECK: vector.store %{{.*}}, %arg1[%[[J]]] : memref<10xf32>, vector<8xf32>
// CHECK: loops.parallel (%[[K:.*]]) = (%{{.*}}) to (%c10) step (%c1) {
// CHECK: loops.load %arg0[%{{.*}}, %[[K]]] : memref<?x10xf32>
func.func @col_max(%x: memref<?x10xf32>, %m: memref<10xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %ninf = arith.constant 0xFF800000 : f32
  loops.parallel (%j) = (%c0) to (%c10) step (%c1) {
    %s = loops.for %i = %c0 to %n step %c1 iter_args(%a = %ninf) -> f32 {
      %v = loops.load %x[%i, %j] : memref<?x10xf32>
      %r = arith.maxf %a, %v : f32
      loops.yield %r : f32
    } {reductions = ["maxf"]}
    loops.store %s, %m[%j] : memref<10xf32>
    loops.yield
  }
  return
}

// -----

// A copy through a reshape (attention's [1024, 256] -> [8, 128, 256]): the
// quotient (i·256 + j) / 32768 is the same in the 8 lanes (256 and 32768
// are multiples of 8, j starts at a multiple of 8 and i >= 0), so the loop
// is unit-stride; the division stays scalar, once per vector.
// CHECK-LABEL: func.func @reshape_copy
// CHECK: loops.for %[[J:.*]] = %c0 to %c256 step %c8 {
// CHECK-NEXT: %[[E:.*]] = arith.addi %{{.*}}, %[[J]] : index
// CHECK-NEXT: %[[Q:.*]] = arith.divsi %[[E]], %c32768 : index
// CHECK-NEXT: %[[V:.*]] = vector.load %arg0[%[[Q]], %{{.*}}, %[[J]]] : memref<8x128x256xf32>, vector<8xf32>
// CHECK-NEXT: vector.store %[[V]], %arg1[%{{.*}}, %[[J]]] : memref<1024x256xf32>, vector<8xf32>
func.func @reshape_copy(%x: memref<8x128x256xf32>, %y: memref<1024x256xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %c32768 = arith.constant 32768 : index
  loops.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %base = arith.muli %i, %c256 : index
    %row = arith.remsi %i, %c128 : index
    loops.for %j = %c0 to %c256 step %c1 {
      %e = arith.addi %base, %j : index
      %q = arith.divsi %e, %c32768 : index
      %v = loops.load %x[%q, %row, %j] : memref<8x128x256xf32>
      loops.store %v, %y[%i, %j] : memref<1024x256xf32>
      loops.yield
    }
    loops.yield
  }
  return
}

// -----

// Merging heads ([32, 128, 64] -> [1024, 256]): j / 64 picks the head and
// j % 64 the element in it, unit-stride within every block of 64.
// CHECK-LABEL: func.func @merge_heads
// CHECK: loops.for %[[J:.*]] = %c0 to %c256 step %c8 {
// CHECK-DAG: arith.divsi %[[J]], %c64 : index
// CHECK-DAG: %[[R:.*]] = arith.remsi %[[J]], %c64 : index
// CHECK: vector.load %arg0[%{{.*}}, %arg2, %[[R]]] : memref<32x128x64xf32>, vector<8xf32>
// CHECK: vector.store
func.func @merge_heads(%x: memref<32x128x64xf32>, %y: memref<1024x256xf32>, %s: index, %i: index, %b4: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  loops.for %j = %c0 to %c256 step %c1 {
    %h = arith.divsi %j, %c64 : index
    %hh = arith.addi %b4, %h : index
    %d = arith.remsi %j, %c64 : index
    %v = loops.load %x[%hh, %s, %d] : memref<32x128x64xf32>
    loops.store %v, %y[%i, %j] : memref<1024x256xf32>
    loops.yield
  }
  return
}

// -----

// Left scalar: a divisor the width does not divide (blocks of 12 would
// split a vector), a dividend not aligned to the width (j + 3), and a
// dividend that may be negative (j - 8).
// CHECK-LABEL: func.func @not_aligned
// CHECK-NOT: vector.
// CHECK: return
func.func @not_aligned(%x: memref<32x12xf32>, %y: memref<384xf32>, %z: memref<400xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %c384 = arith.constant 384 : index
  loops.for %j = %c0 to %c384 step %c1 {
    %q = arith.divsi %j, %c12 : index
    %r = arith.remsi %j, %c12 : index
    %v = loops.load %x[%q, %r] : memref<32x12xf32>
    loops.store %v, %y[%j] : memref<384xf32>
    loops.yield
  }
  loops.for %j = %c0 to %c384 step %c1 {
    %e = arith.addi %j, %c3 : index
    %q = arith.divsi %e, %c16 : index
    %r = arith.remsi %e, %c16 : index
    %v = loops.load %x[%q, %r] : memref<32x12xf32>
    loops.store %v, %z[%j] : memref<400xf32>
    loops.yield
  }
  loops.for %j = %c8 to %c384 step %c1 {
    %e = arith.subi %j, %c8 : index
    %r = arith.remsi %e, %c16 : index
    %v = loops.load %x[%c0, %r] : memref<32x12xf32>
    loops.store %v, %z[%j] : memref<400xf32>
    loops.yield
  }
  return
}

// -----

// Left scalar: an inner loop whose bound varies with the parallel
// variable (a triangular nest), and a transpose (the store is strided in
// the parallel variable).
// CHECK-LABEL: func.func @not_lanes
// CHECK-NOT: vector.
// CHECK: return
func.func @not_lanes(%x: memref<64x64xf32>, %y: memref<64x64xf32>, %s: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  loops.parallel (%j) = (%c0) to (%c64) step (%c1) {
    %t = loops.for %i = %c0 to %j step %c1 iter_args(%a = %zero) -> f32 {
      %v = loops.load %x[%i, %j] : memref<64x64xf32>
      %n = arith.addf %a, %v : f32
      loops.yield %n : f32
    } {reductions = ["addf"]}
    loops.store %t, %s[%j] : memref<64xf32>
    loops.yield
  }
  loops.parallel (%j) = (%c0) to (%c64) step (%c1) {
    loops.for %i = %c0 to %c64 step %c1 {
      %v = loops.load %x[%i, %j] : memref<64x64xf32>
      loops.store %v, %y[%j, %i] : memref<64x64xf32>
      loops.yield
    }
    loops.yield
  }
  return
}
