// vectorize turns innermost unit-stride loops over f32 (8 lanes) and f64
// (4 lanes) into vector loops followed by a scalar tail.
// RUN: tt-opt %s --split-input-file --vectorize | filecheck %s
// RUN: tt-opt %s --vectorize --pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS
// RUN: tt-opt %s --split-input-file --pass-pipeline='builtin.module(vectorize{width-f32=4})' | filecheck %s --check-prefix=W4

// STATS: Vectorize
// STATS-DAG: (S) 9 num-vectorized
// STATS-DAG: (S) 5 num-vector-reductions
// STATS-DAG: (S) 4 num-tails
// STATS-DAG: (S) 7 num-scalar

// Element-wise f32: vector loads, math on vectors, the invariant scalar
// broadcast once before the loop, a vector store; 1024 is a multiple of 8,
// so no tail.
// CHECK-LABEL: func.func @axpy
// CHECK: %[[A:.*]] = vector.broadcast %arg2 : f32 to vector<8xf32>
// CHECK-NEXT: loops.for %[[I:.*]] = %c0 to %c1024 step %c8 {
// CHECK-NEXT: %[[X:.*]] = vector.load %arg0[%[[I]]] : memref<1024xf32>, vector<8xf32>
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[X]], %[[A]] : vector<8xf32>
// CHECK-NEXT: %[[Y:.*]] = vector.load %arg1[%[[I]]] : memref<1024xf32>, vector<8xf32>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[M]], %[[Y]] : vector<8xf32>
// CHECK-NEXT: %[[E:.*]] = math.exp %[[S]] : vector<8xf32>
// CHECK-NEXT: vector.store %[[E]], %arg1[%[[I]]] : memref<1024xf32>, vector<8xf32>
// CHECK-NEXT: loops.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
// W4-LABEL: func.func @axpy
// W4: loops.for %{{.*}} = %c0 to %c1024 step %c4 {
// W4: vector.load %arg0[%{{.*}}] : memref<1024xf32>, vector<4xf32>
func.func @axpy(%x: memref<1024xf32>, %y: memref<1024xf32>, %a: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 1024 : index
  loops.for %i = %c0 to %n step %c1 {
    %v = loops.load %x[%i] : memref<1024xf32>
    %m = arith.mulf %v, %a : f32
    %w = loops.load %y[%i] : memref<1024xf32>
    %s = arith.addf %m, %w : f32
    %e = math.exp %s : f32
    loops.store %e, %y[%i] : memref<1024xf32>
    loops.yield
  }
  return
}

// -----

// 100 columns: 12 vectors (up to 96), then a scalar tail from 96. The
// row index is invariant, the row of the 1-D bias is loaded as a vector.
// CHECK-LABEL: func.func @tail
// CHECK: loops.for %[[I:.*]] = %c0 to %c96 step %c8 {
// CHECK-NEXT: vector.load %arg0[%arg2, %[[I]]] : memref<4x100xf32>, vector<8xf32>
// CHECK-NEXT: vector.load %arg1[%[[I]]] : memref<100xf32>, vector<8xf32>
// CHECK: vector.store
// CHECK: loops.for %[[J:.*]] = %c96 to %c100 step %c1 {
// CHECK-NEXT: loops.load %arg0[%arg2, %[[J]]] : memref<4x100xf32>
// CHECK: loops.store
func.func @tail(%x: memref<4x100xf32>, %b: memref<100xf32>, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100 : index
  loops.for %i = %c0 to %n step %c1 {
    %v = loops.load %x[%r, %i] : memref<4x100xf32>
    %w = loops.load %b[%i] : memref<100xf32>
    %s = arith.addf %v, %w : f32
    loops.store %s, %x[%r, %i] : memref<4x100xf32>
    loops.yield
  }
  return
}

// -----

// A sum the loop declares (the reductions attribute) of f32 elements in
// f64: the accumulator becomes a vector of 8 f64
// starting at -0.0 (the identity of addf), finished by vector.reduction and
// added to the initial value; the tail starts from there. Dynamic bounds:
// the vector loop ends at ub - (ub - lb) rem 8.
// CHECK-LABEL: func.func @sum
// CHECK: %[[SPAN:.*]] = arith.subi %arg2, %arg1 : index
// CHECK-NEXT: %[[R:.*]] = arith.remsi %[[SPAN]], %c8 : index
// CHECK-NEXT: %[[VUB:.*]] = arith.subi %arg2, %[[R]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant -0.000000e+00 : f64
// CHECK: %[[INIT:.*]] = vector.broadcast %[[Z]] : f64 to vector<8xf64>
// CHECK-NEXT: %[[V:.*]] = loops.for %[[I:.*]] = %arg1 to %[[VUB]] step %c8 iter_args(%[[ACC:.*]] = %[[INIT]]) -> vector<8xf64> {
// CHECK-NEXT: %[[X:.*]] = vector.load %arg0[%[[I]]] : memref<?xf32>, vector<8xf32>
// CHECK-NEXT: %[[D:.*]] = arith.extf %[[X]] : vector<8xf32> to vector<8xf64>
// CHECK-NEXT: %[[N:.*]] = arith.addf %[[ACC]], %[[D]] : vector<8xf64>
// CHECK-NEXT: loops.yield %[[N]] : vector<8xf64>
// CHECK: %[[RED:.*]] = vector.reduction <add>, %[[V]] : vector<8xf64> into f64
// CHECK-NEXT: %[[C:.*]] = arith.addf %cst, %[[RED]] : f64
// CHECK-NEXT: %[[T:.*]] = loops.for %{{.*}} = %[[VUB]] to %arg2 step %c1 iter_args(%{{.*}} = %[[C]]) -> f64 {
// CHECK: return %[[T]] : f64
func.func @sum(%x: memref<?xf32>, %lb: index, %ub: index) -> f64 {
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f64
  %s = loops.for %i = %lb to %ub step %c1 iter_args(%a = %z) -> (f64) {
    %v = loops.load %x[%i] : memref<?xf32>
    %d = arith.extf %v : f32 to f64
    %n = arith.addf %a, %d : f64
    loops.yield %n : f64
  } {reductions = ["addf"]}
  return %s : f64
}

// -----

// A maximum: the accumulator starts at -Inf; max is exact, whatever the
// order.
// CHECK-LABEL: func.func @row_max
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: vector.broadcast %[[NINF]] : f32 to vector<8xf32>
// CHECK: arith.maxf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: vector.reduction <maxf>, %{{.*}} : vector<8xf32> into f32
// CHECK-NOT: loops.for
// CHECK: return
func.func @row_max(%x: memref<64xf32>, %m0: f32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %m = loops.for %i = %c0 to %n step %c1 iter_args(%a = %m0) -> (f32) {
    %v = loops.load %x[%i] : memref<64xf32>
    %b = arith.maxf %v, %a : f32
    loops.yield %b : f32
  } {reductions = ["maxf"]}
  return %m : f32
}

// -----

// Only f64: 4 lanes. The load at an invariant index stays a scalar load,
// broadcast inside the loop; an integer sum in i64 rides along (the
// comparison and select work on vectors too).
// CHECK-LABEL: func.func @f64_only
// CHECK: loops.for %[[I:.*]] = %c0 to %c64 step %c4 iter_args(%{{.*}} = %{{.*}}) -> vector<4xi64> {
// CHECK-NEXT: %[[S:.*]] = loops.load %arg1[%c0] : memref<1xf64>
// CHECK-NEXT: %[[X:.*]] = vector.load %arg0[%[[I]]] : memref<64xf64>, vector<4xf64>
// CHECK-NEXT: %[[B:.*]] = vector.broadcast %[[S]] : f64 to vector<4xf64>
// CHECK-NEXT: %[[C:.*]] = arith.cmpf ogt, %[[X]], %[[B]] : vector<4xf64>
// CHECK: arith.select %[[C]], %{{.*}}, %{{.*}} : vector<4xi1>, vector<4xi64>
// CHECK: vector.reduction <add>, %{{.*}} : vector<4xi64> into i64
func.func @f64_only(%x: memref<64xf64>, %t: memref<1xf64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %r = loops.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (i64) {
    %s = loops.load %t[%c0] : memref<1xf64>
    %v = loops.load %x[%i] : memref<64xf64>
    %c = arith.cmpf ogt, %v, %s : f64
    %k = arith.select %c, %one, %z : i64
    %b = arith.addi %a, %k : i64
    loops.yield %b : i64
  } {reductions = ["addi"]}
  return %r : i64
}

// -----

// Index arithmetic on the induction variable stays scalar: the load of
// row %r at column i + 1 becomes a vector load at the first lane's index.
// CHECK-LABEL: func.func @shifted
// CHECK: loops.for %[[I:.*]] = %c0 to %c{{[0-9]+}} step %c8 {
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[I]], %c1 : index
// CHECK-NEXT: vector.load %arg0[%arg2, %[[J]]] : memref<4x101xf32>, vector<8xf32>
func.func @shifted(%x: memref<4x101xf32>, %y: memref<4x100xf32>, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100 : index
  loops.for %i = %c0 to %n step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = loops.load %x[%r, %j] : memref<4x101xf32>
    loops.store %v, %y[%r, %i] : memref<4x100xf32>
    loops.yield
  }
  return
}

// -----

// A transposed (strided) read has no vector load: left scalar.
// CHECK-LABEL: func.func @strided
// CHECK-NOT: vector.
// CHECK: return
func.func @strided(%x: memref<64x64xf32>, %y: memref<64xf32>, %c: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  loops.for %i = %c0 to %n step %c1 {
    %v = loops.load %x[%i, %c] : memref<64x64xf32>
    loops.store %v, %y[%i] : memref<64xf32>
    loops.yield
  }
  return
}

// -----

// A carried value that is not a reduction (an argmax's index, which the
// comparison also reads), declared none, keeps the loop scalar.
// CHECK-LABEL: func.func @argmax
// CHECK-NOT: vector.
// CHECK: return
func.func @argmax(%x: memref<64xf32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %ninf = arith.constant 0xFF800000 : f32
  %r:2 = loops.for %i = %c0 to %n step %c1 iter_args(%m = %ninf, %k = %c0) -> (f32, index) {
    %v = loops.load %x[%i] : memref<64xf32>
    %gt = arith.cmpf ogt, %v, %m : f32
    %m2 = arith.select %gt, %v, %m : f32
    %k2 = arith.select %gt, %i, %k : index
    loops.yield %m2, %k2 : f32, index
  } {reductions = ["none", "none"]}
  return %r#1 : index
}

// -----

// The same sum as @sum without a declaration: vectorize does not look for
// reductions in loop bodies, so the loop stays scalar.
// CHECK-LABEL: func.func @undeclared
// CHECK-NOT: vector.
// CHECK: return
func.func @undeclared(%x: memref<64xf32>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %z = arith.constant 0.0 : f64
  %s = loops.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f64) {
    %v = loops.load %x[%i] : memref<64xf32>
    %d = arith.extf %v : f32 to f64
    %n2 = arith.addf %a, %d : f64
    loops.yield %n2 : f64
  }
  return %s : f64
}

// -----

// The induction variable used as data (an iota) keeps the loop scalar.
// CHECK-LABEL: func.func @iota
// CHECK-NOT: vector.
// CHECK: return
func.func @iota(%y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  loops.for %i = %c0 to %n step %c1 {
    %k = arith.index_cast %i : index to i64
    %f = arith.sitofp %k : i64 to f32
    loops.store %f, %y[%i] : memref<64xf32>
    loops.yield
  }
  return
}

// -----

// Fewer iterations than lanes: nothing to gain.
// CHECK-LABEL: func.func @short
// CHECK-NOT: vector.
// CHECK: return
func.func @short(%x: memref<5xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 5 : index
  loops.for %i = %c0 to %n step %c1 {
    %v = loops.load %x[%i] : memref<5xf32>
    %w = arith.mulf %v, %v : f32
    loops.store %w, %x[%i] : memref<5xf32>
    loops.yield
  }
  return
}

// -----

// A buffer read at one index and written at another (a shift in place)
// would see lanes of the same vector out of order: left scalar.
// CHECK-LABEL: func.func @in_place_shift
// CHECK-NOT: vector.
// CHECK: return
func.func @in_place_shift(%x: memref<65xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  loops.for %i = %c0 to %n step %c1 {
    %j = arith.addi %i, %c1 : index
    %v = loops.load %x[%i] : memref<65xf32>
    loops.store %v, %x[%j] : memref<65xf32>
    loops.yield
  }
  return
}

// -----

// Nested loops: only the innermost is vectorized; a step other than 1 is
// left alone.
// CHECK-LABEL: func.func @nest
// CHECK: loops.for %[[I:.*]] = %c0 to %c16 step %c1 {
// CHECK: loops.for %[[J:.*]] = %c0 to %c16 step %c8 {
// CHECK-NEXT: vector.load %arg0[%[[I]], %[[J]]]
// CHECK: loops.for %{{.*}} = %c0 to %c16 step %c2 {
// CHECK-NEXT: loops.load
func.func @nest(%x: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = arith.constant 16 : index
  loops.for %i = %c0 to %n step %c1 {
    loops.for %j = %c0 to %n step %c1 {
      %v = loops.load %x[%i, %j] : memref<16x16xf32>
      %w = arith.negf %v : f32
      loops.store %w, %x[%i, %j] : memref<16x16xf32>
      loops.yield
    }
    loops.yield
  }
  loops.for %j = %c0 to %n step %c2 {
    %v = loops.load %x[%c0, %j] : memref<16x16xf32>
    loops.store %v, %x[%c1, %j] : memref<16x16xf32>
    loops.yield
  }
  return
}

// -----

// An outer loop of a reduction nest declares the sum it carries through
// the inner loop; once the inner loop is vectorized the sum goes through
// the lanes' merge (addf of the vector reduction) and the scalar tail,
// still a chain of addf and loops declaring addf: the declaration stays.
// CHECK-LABEL: func.func @nest_sum
// CHECK: vector.reduction <add>
// CHECK: loops.for %{{.*}} = %c96 to %c100 step %c1
// CHECK: } {reductions = ["addf"]}
// CHECK-NEXT: loops.yield
// CHECK-NEXT: } {reductions = ["addf"]}
func.func @nest_sum(%x: memref<4x100xf32>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant 100 : index
  %z = arith.constant 0.0 : f64
  %s = loops.for %i = %c0 to %c4 step %c1 iter_args(%a = %z) -> (f64) {
    %t = loops.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> (f64) {
      %v = loops.load %x[%i, %j] : memref<4x100xf32>
      %d = arith.extf %v : f32 to f64
      %n2 = arith.addf %b, %d : f64
      loops.yield %n2 : f64
    } {reductions = ["addf"]}
    loops.yield %t : f64
  } {reductions = ["addf"]}
  return %s : f64
}

// -----

// The same for an online softmax normalizer: its lanes merge under a
// loops.if (with the scalar loop as the fallback), which is no chain of
// declared steps, so the outer loop's declaration becomes none.
// CHECK-LABEL: func.func @nest_online
// CHECK: %[[M:.*]]:2 = loops.if
// CHECK: } else {
// CHECK: } {reductions = ["online_max", "online_sum"]}
// CHECK-NEXT: loops.yield
// CHECK-NEXT: }
// CHECK-NEXT: loops.yield %[[M]]#0, %[[M]]#1 : f32, f64
// CHECK-NEXT: } {reductions = ["none", "none"]}
func.func @nest_online(%x: memref<4x64xf32>) -> (f32, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %n = arith.constant 64 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %ninf = arith.constant 0xFF800000 : f32
  %r:2 = loops.for %i = %c0 to %c4 step %c1 iter_args(%m0 = %ninf, %s0 = %z) -> (f32, f64) {
    %q:2 = loops.for %j = %c0 to %n step %c1 iter_args(%m = %m0, %s = %s0) -> (f32, f64) {
      %v = loops.load %x[%i, %j] : memref<4x64xf32>
      %m2 = arith.maxf %m, %v : f32
      %d = arith.subf %v, %m : f32
      %a = math.absf %d : f32
      %nd = arith.negf %a : f32
      %e = math.exp %nd : f32
      %ew = arith.extf %e : f32 to f64
      %se = arith.mulf %s, %ew : f64
      %grown = arith.addf %se, %one : f64
      %same = arith.addf %s, %ew : f64
      %gt = arith.cmpf ogt, %v, %m : f32
      %s1 = arith.select %gt, %grown, %same : f64
      %empty = arith.cmpf oeq, %m2, %ninf : f32
      %s2 = arith.select %empty, %s, %s1 : f64
      loops.yield %m2, %s2 : f32, f64
    } {reductions = ["online_max", "online_sum"]}
    loops.yield %q#0, %q#1 : f32, f64
  } {reductions = ["online_max", "online_sum"]}
  return %r#0, %r#1 : f32, f64
}
