// The reductions attribute of loops.for: one reduction kind per carried
// value, printed after the body and read back in the custom and generic
// forms; the verifier accepts the forms tensor-to-loops produces (a simple
// kind, an online softmax normalizer, a nest whose outer loop carries the
// inner loop's reduction on, a value that is not a reduction).
// RUN: tt-opt %s | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @sum_and_argmax
// CHECK: loops.for %{{.*}} = %c0 to %c64 step %c1 iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (f64, f32, i64) {
// CHECK: } {reductions = ["addf", "none", "none"]}
// GENERIC: "loops.for"
// GENERIC: }) {reductions = ["addf", "none", "none"]} : (index, index, index, f64, f32, i64) -> (f64, f32, i64)
func.func @sum_and_argmax(%x: memref<64xf32>) -> (f64, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %z = arith.constant 0.0 : f64
  %ninf = arith.constant 0xFF800000 : f32
  %k0 = arith.constant 0 : i64
  %r:3 = loops.for %i = %c0 to %n step %c1 iter_args(%s = %z, %m = %ninf, %k = %k0) -> (f64, f32, i64) {
    %v = loops.load %x[%i] : memref<64xf32>
    %d = arith.extf %v : f32 to f64
    %s2 = arith.addf %s, %d : f64
    %gt = arith.cmpf ogt, %v, %m : f32
    %m2 = arith.select %gt, %v, %m : f32
    %i64 = arith.index_cast %i : index to i64
    %k2 = arith.select %gt, %i64, %k : i64
    loops.yield %s2, %m2, %k2 : f64, f32, i64
  } {reductions = ["addf", "none", "none"]}
  return %r#0, %r#2 : f64, i64
}

// CHECK-LABEL: func.func @online
// CHECK: } {reductions = ["online_max", "online_sum"]}
func.func @online(%x: memref<64xf32>) -> (f32, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 64 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %ninf = arith.constant 0xFF800000 : f32
  %r:2 = loops.for %i = %c0 to %n step %c1 iter_args(%m = %ninf, %s = %z) -> (f32, f64) {
    %v = loops.load %x[%i] : memref<64xf32>
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
  return %r#0, %r#1 : f32, f64
}

// CHECK-LABEL: func.func @nest
// CHECK: } {reductions = ["maxsi"]}
// CHECK: } {reductions = ["maxsi"]}
func.func @nest(%x: memref<8x8xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8 : index
  %lo = arith.constant -9223372036854775808 : i64
  %r = loops.for %i = %c0 to %n step %c1 iter_args(%a = %lo) -> (i64) {
    %r2 = loops.for %j = %c0 to %n step %c1 iter_args(%b = %a) -> (i64) {
      %v = loops.load %x[%i, %j] : memref<8x8xi64>
      %m = arith.maxsi %v, %b : i64
      loops.yield %m : i64
    } {reductions = ["maxsi"]}
    loops.yield %r2 : i64
  } {reductions = ["maxsi"]}
  return %r : i64
}

// A chain: the carried sum is combined with an element, then carried on by
// a nested loop declaring it (what vectorize leaves: the lanes' merge, then
// the scalar tail).
// CHECK-LABEL: func.func @chain
// CHECK: } {reductions = ["addf"]}
// CHECK: } {reductions = ["addf"]}
func.func @chain(%x: memref<8x8xf64>, %y: f64) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 8 : index
  %z = arith.constant 0.0 : f64
  %r = loops.for %i = %c0 to %n step %c1 iter_args(%a = %z) -> (f64) {
    %c = arith.addf %a, %y : f64
    %r2 = loops.for %j = %c0 to %n step %c1 iter_args(%b = %c) -> (f64) {
      %v = loops.load %x[%i, %j] : memref<8x8xf64>
      %s = arith.addf %b, %v : f64
      loops.yield %s : f64
    } {reductions = ["addf"]}
    loops.yield %r2 : f64
  } {reductions = ["addf"]}
  return %r : f64
}
