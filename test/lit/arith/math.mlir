// Round trip of every math op in MLIR 16's custom form (the CHECK lines are
// mlir-opt-16's output), directly and through the generic form.
// REQUIRES: llvm-filecheck
// RUN: tt-opt %s | tt-opt | FileCheck %s
// RUN: tt-opt %s --print-op-generic | tt-opt | FileCheck %s

// CHECK-LABEL: func.func @math(
// CHECK-NEXT: %0 = math.absf %arg0 : f32
// CHECK-NEXT: %1 = math.atan %arg0 : f32
// CHECK-NEXT: %2 = math.cbrt %arg0 : f32
// CHECK-NEXT: %3 = math.ceil %arg0 : f32
// CHECK-NEXT: %4 = math.cos %arg0 : f32
// CHECK-NEXT: %5 = math.erf %arg0 : f32
// CHECK-NEXT: %6 = math.exp %arg0 : f32
// CHECK-NEXT: %7 = math.exp2 %arg0 : f32
// CHECK-NEXT: %8 = math.expm1 %arg0 : f32
// CHECK-NEXT: %9 = math.floor %arg0 : f32
// CHECK-NEXT: %10 = math.log %arg0 : f32
// CHECK-NEXT: %11 = math.log10 %arg0 : f32
// CHECK-NEXT: %12 = math.log1p %arg0 : f32
// CHECK-NEXT: %13 = math.log2 %arg0 : f32
// CHECK-NEXT: %14 = math.round %arg0 : f32
// CHECK-NEXT: %15 = math.roundeven %arg0 : f32
// CHECK-NEXT: %16 = math.rsqrt %arg0 : f32
// CHECK-NEXT: %17 = math.sin %arg0 : f32
// CHECK-NEXT: %18 = math.sqrt %arg0 : f32
// CHECK-NEXT: %19 = math.tan %arg0 : f32
// CHECK-NEXT: %20 = math.tanh %arg0 : f32
// CHECK-NEXT: %21 = math.trunc %arg0 : f32
// CHECK-NEXT: %22 = math.atan2 %arg0, %arg1 : f32
// CHECK-NEXT: %23 = math.copysign %arg0, %arg1 : f32
// CHECK-NEXT: %24 = math.powf %arg0, %arg1 : f32
// CHECK-NEXT: %25 = math.fma %arg0, %arg1, %arg2 : f32
// CHECK-NEXT: %26 = math.absi %arg4 : i32
// CHECK-NEXT: %27 = math.ctlz %arg4 : i32
// CHECK-NEXT: %28 = math.cttz %arg5 : vector<4xi16>
// CHECK-NEXT: %29 = math.ctpop %arg4 : i32
// CHECK-NEXT: %30 = math.exp %arg3 fastmath<fast> : vector<2xf64>
// CHECK-NEXT: %31 = math.fma %arg3, %arg3, %arg3 fastmath<contract> : vector<2xf64>
// CHECK-NEXT: %32 = math.powf %arg3, %arg3 fastmath<afn> {tag} : vector<2xf64>
// CHECK-NEXT: return
func.func @math(%f: f32, %g: f32, %h: f32, %d: vector<2xf64>, %i: i32, %vi: vector<4xi16>) {
  %0 = math.absf %f : f32
  %1 = math.atan %f : f32
  %2 = math.cbrt %f : f32
  %3 = math.ceil %f : f32
  %4 = math.cos %f : f32
  %5 = math.erf %f : f32
  %6 = math.exp %f : f32
  %7 = math.exp2 %f : f32
  %8 = math.expm1 %f : f32
  %9 = math.floor %f : f32
  %10 = math.log %f : f32
  %11 = math.log10 %f : f32
  %12 = math.log1p %f : f32
  %13 = math.log2 %f : f32
  %14 = math.round %f : f32
  %15 = math.roundeven %f : f32
  %16 = math.rsqrt %f : f32
  %17 = math.sin %f : f32
  %18 = math.sqrt %f : f32
  %19 = math.tan %f : f32
  %20 = math.tanh %f : f32
  %21 = math.trunc %f : f32
  %22 = math.atan2 %f, %g : f32
  %23 = math.copysign %f, %g : f32
  %24 = math.powf %f, %g : f32
  %25 = math.fma %f, %g, %h : f32
  %26 = math.absi %i : i32
  %27 = math.ctlz %i : i32
  %28 = math.cttz %vi : vector<4xi16>
  %29 = math.ctpop %i : i32
  %30 = math.exp %d fastmath<fast> : vector<2xf64>
  %31 = math.fma %d, %d, %d fastmath<contract> : vector<2xf64>
  %32 = math.powf %d, %d fastmath<afn> {tag} : vector<2xf64>
  return
}

