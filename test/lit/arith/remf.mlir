// arith.remf folds to C's fmod (LLVM's frem, torch.fmod): the remainder of
// the quotient truncated toward zero, with the dividend's sign. MLIR 16's
// folder used IEEE remainder (remf(5, 3) = -1); later MLIR versions fold
// with mod semantics, and the interpreter and the Go backend compute fmod,
// so every level agrees (package numerics, Rem).
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' | filecheck %s

// CHECK-LABEL: func.func @remf(
// CHECK-DAG: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-DAG: %[[MTWO:.*]] = arith.constant -2.000000e+00 : f32
// CHECK-DAG: %[[Q:.*]] = arith.constant 7.500000e-01 : f32
// CHECK-DAG: %[[NEGZ:.*]] = arith.constant -0.000000e+00 : f32
// CHECK-DAG: %[[NAN:.*]] = arith.constant 0x7FC00000 : f32
// CHECK-DAG: %[[F64:.*]] = arith.constant 1.000000e+00 : f64
// CHECK: return %[[TWO]], %[[MTWO]], %[[TWO]], %[[Q]], %[[NEGZ]], %[[NAN]], %[[NAN]], %[[F64]] :
func.func @remf() -> (f32, f32, f32, f32, f32, f32, f32, f64) {
  %c5 = arith.constant 5.0 : f32
  %cm5 = arith.constant -5.0 : f32
  %c3 = arith.constant 3.0 : f32
  %cm3 = arith.constant -3.0 : f32
  %c225 = arith.constant 2.25 : f32
  %c15 = arith.constant 1.5 : f32
  %cm6 = arith.constant -6.0 : f32
  %z = arith.constant 0.0 : f32
  %inf = arith.constant 0x7F800000 : f32
  %0 = arith.remf %c5, %c3 : f32
  %1 = arith.remf %cm5, %c3 : f32
  %2 = arith.remf %c5, %cm3 : f32
  %3 = arith.remf %c225, %c15 : f32
  %4 = arith.remf %cm6, %c3 : f32
  %5 = arith.remf %c5, %z : f32
  %6 = arith.remf %inf, %c3 : f32
  %d7 = arith.constant 7.0 : f64
  %d3 = arith.constant 3.0 : f64
  %7 = arith.remf %d7, %d3 : f64
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, f32, f32, f64
}
