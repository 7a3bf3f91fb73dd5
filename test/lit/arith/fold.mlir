// Folding and canonicalization of arith and math ops. The CHECK lines are
// mlir-opt-16's output for the same input (--split-input-file --canonicalize
// --cse): tt folds and rewrites like MLIR 16, including which ops it leaves
// alone (division by zero, sqrt of a negative number, f16 math, vector
// compares) and the order in which folded constants are materialized.
// REQUIRES: llvm-filecheck
// RUN: tt-opt %s --split-input-file --canonicalize --cse | FileCheck %s

// CHECK-LABEL: func.func @int_identities(
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: return %arg0, %c0_i32, %arg0, %c0_i32, %arg0, %c0_i32, %arg0, %arg0, %c0_i32, %arg0 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
func.func @int_identities(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.addi %x, %c0 : i32
  %1 = arith.subi %x, %x : i32
  %2 = arith.muli %x, %c1 : i32
  %3 = arith.muli %x, %c0 : i32
  %4 = arith.divsi %x, %c1 : i32
  %5 = arith.remui %x, %c1 : i32
  %6 = arith.andi %x, %m1 : i32
  %7 = arith.ori %x, %x : i32
  %8 = arith.xori %x, %x : i32
  %s = arith.subi %x, %y : i32
  %9 = arith.addi %s, %y : i32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @int_constants(
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %c-2 = arith.constant -2 : index
// CHECK-NEXT: %c-2_i64 = arith.constant -2 : i64
// CHECK-NEXT: %c300_i16 = arith.constant 300 : i16
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %c-128_i8 = arith.constant -128 : i8
// CHECK-NEXT: %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT: %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0 = arith.divsi %c7_i32, %c0_i32 : i32
// CHECK-NEXT: return %c-3_i32, %c-128_i8, %c1_i32, %0, %c300_i16, %c-2_i64, %c-2, %false : i32, i8, i32, i32, i16, i64, index, i1
func.func @int_constants() -> (i32, i8, i32, i32, i16, i64, index, i1) {
  %a = arith.constant 7 : i32
  %b = arith.constant -2 : i32
  %c = arith.constant 0 : i32
  %0 = arith.divsi %a, %b : i32
  %d = arith.constant 127 : i8
  %e = arith.constant 1 : i8
  %1 = arith.addi %d, %e : i8
  %2 = arith.remsi %a, %b : i32
  %3 = arith.divsi %a, %c : i32
  %f = arith.constant 300 : i32
  %4 = arith.trunci %f : i32 to i16
  %5 = arith.extsi %b : i32 to i64
  %6 = arith.index_cast %b : i32 to index
  %7 = arith.cmpi ult, %b, %a : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i8, i32, i32, i16, i64, index, i1
}

// -----

// CHECK-LABEL: func.func @float_constants(
// CHECK-NEXT: %cst = arith.constant -1.500000e+00 : f32
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %cst_0 = arith.constant 0.010000000000000002 : f64
// CHECK-NEXT: %cst_1 = arith.constant 0x7F800000 : f32
// CHECK-NEXT: %cst_2 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT: %cst_3 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_4 = arith.constant 3.750000e+00 : f32
// CHECK-NEXT: return %cst_4, %cst_3, %cst_2, %cst_1, %cst_0, %true, %c2_i32, %cst : f32, f32, f32, f32, f64, i1, i32, f32
// (arith.remf is not here: MLIR 16 folds it with IEEE remainder, tt with
// fmod, as later MLIR versions do; see remf.mlir.)
func.func @float_constants() -> (f32, f32, f32, f32, f64, i1, i32, f32) {
  %a = arith.constant 1.5 : f32
  %b = arith.constant 2.25 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %z = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %0 = arith.addf %a, %b : f32
  %1 = arith.maxf %a, %nan : f32
  %2 = arith.minf %z, %pz : f32
  %4 = arith.divf %a, %pz : f32
  %d = arith.constant 0.1 : f64
  %5 = arith.mulf %d, %d : f64
  %6 = arith.cmpf ult, %a, %nan : f32
  %7 = arith.fptosi %b : f32 to i32
  %8 = arith.negf %a : f32
  return %0, %1, %2, %4, %5, %6, %7, %8 : f32, f32, f32, f32, f64, i1, i32, f32
}

// -----

// CHECK-LABEL: func.func @float_identities(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %0 = arith.addf %arg0, %cst : f32
// CHECK-NEXT: return %arg0, %arg0, %arg0, %arg0, %arg0, %0 : f32, f32, f32, f32, f32, f32
func.func @float_identities(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %0 = arith.addf %x, %nz : f32
  %1 = arith.subf %x, %pz : f32
  %2 = arith.mulf %x, %one : f32
  %3 = arith.divf %x, %one : f32
  %n = arith.negf %x : f32
  %4 = arith.negf %n : f32
  %5 = arith.addf %x, %pz : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}

// -----

// CHECK-LABEL: func.func @vectors(
// CHECK-NEXT: %cst = arith.constant dense<false> : vector<2xi1>
// CHECK-NEXT: %cst_0 = arith.constant dense<[1, -2]> : vector<2xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[1.000000e+00, 2.000000e+00]> : vector<2xf32>
// CHECK-NEXT: %cst_2 = arith.constant dense<[2, 4, 6, 8]> : vector<4xi32>
// CHECK-NEXT: return %cst_2, %cst_1, %cst_0, %cst : vector<4xi32>, vector<2xf32>, vector<2xi32>, vector<2xi1>
func.func @vectors() -> (vector<4xi32>, vector<2xf32>, vector<2xi32>, vector<2xi1>) {
  %a = arith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = arith.constant dense<2> : vector<4xi32>
  %0 = arith.muli %a, %b : vector<4xi32>
  %f = arith.constant dense<[1.0, 4.0]> : vector<2xf32>
  %1 = math.sqrt %f : vector<2xf32>
  %i = arith.constant dense<[1.5, -2.5]> : vector<2xf32>
  %2 = arith.fptosi %i : vector<2xf32> to vector<2xi32>
  %c = arith.constant dense<[1, 2]> : vector<2xi32>
  %3 = arith.cmpi slt, %c, %c : vector<2xi32>
  return %0, %1, %2, %3 : vector<4xi32>, vector<2xf32>, vector<2xi32>, vector<2xi1>
}

// -----

// CHECK-LABEL: func.func @reassociate(
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %c5_i32 : i32
// CHECK-NEXT: %1 = arith.subi %c5_i32, %arg0 : i32
// CHECK-NEXT: return %0, %1, %1 : i32, i32, i32
func.func @reassociate(%x: i32) -> (i32, i32, i32) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %a = arith.addi %c2, %x : i32
  %0 = arith.addi %a, %c3 : i32
  %s = arith.subi %x, %c2 : i32
  %1 = arith.subi %c3, %s : i32
  %t = arith.subi %c2, %x : i32
  %2 = arith.addi %t, %c3 : i32
  return %0, %1, %2 : i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @compare_and_select(
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %c5_i32 : i32
// CHECK-NEXT: %1 = arith.extui %arg2 : i1 to i32
// CHECK-NEXT: %2 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT: %3 = arith.andi %arg2, %arg3 : i1
// CHECK-NEXT: return %true, %0, %arg1, %1, %arg0, %2, %3 : i1, i1, i32, i32, i32, i1, i1
func.func @compare_and_select(%x: i32, %y: i32, %b: i1, %c: i1) -> (i1, i1, i32, i32, i32, i1, i1) {
  %c5 = arith.constant 5 : i32
  %0 = arith.cmpi sle, %x, %x : i32
  %1 = arith.cmpi slt, %c5, %x : i32
  %eq = arith.cmpi eq, %x, %y : i32
  %2 = arith.select %eq, %x, %y : i32
  %one = arith.constant 1 : i32
  %zero = arith.constant 0 : i32
  %3 = arith.select %b, %one, %zero : i32
  %t = arith.constant true
  %4 = arith.select %t, %x, %y : i32
  %lt = arith.cmpi slt, %x, %y : i32
  %5 = arith.xori %lt, %t : i1
  %6 = arith.select %b, %c, %b : i1
  return %0, %1, %2, %3, %4, %5, %6 : i1, i1, i32, i32, i32, i1, i1
}

// -----

// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT: %c32_i64 = arith.constant 32 : i64
// CHECK-NEXT: %0 = arith.extsi %arg0 : i8 to i32
// CHECK-NEXT: %1 = arith.extui %arg0 : i8 to i32
// CHECK-NEXT: %2 = arith.trunci %1 : i32 to i16
// CHECK-NEXT: %3 = arith.shrui %arg1, %c32_i64 : i64
// CHECK-NEXT: %4 = arith.trunci %3 : i64 to i32
// CHECK-NEXT: %5 = arith.cmpi sle, %arg4, %c4_i32 : i32
// CHECK-NEXT: return %0, %2, %4, %arg2, %arg3, %1, %5 : i32, i16, i32, index, f32, i32, i1
func.func @casts(%x: i8, %y: i64, %i: index, %f: f32, %n: i32) -> (i32, i16, i32, index, f32, i32, i1) {
  %a = arith.extsi %x : i8 to i16
  %0 = arith.extsi %a : i16 to i32
  %b = arith.extui %x : i8 to i32
  %1 = arith.trunci %b : i32 to i16
  %c32 = arith.constant 32 : i64
  %s = arith.shrsi %y, %c32 : i64
  %2 = arith.trunci %s : i64 to i32
  %j = arith.index_cast %i : index to i32
  %3 = arith.index_cast %j : i32 to index
  %g = arith.bitcast %f : f32 to i32
  %4 = arith.bitcast %g : i32 to f32
  %u = arith.extui %x : i8 to i16
  %5 = arith.extsi %u : i16 to i32
  %fp = arith.sitofp %n : i32 to f32
  %k = arith.constant 4.5 : f32
  %6 = arith.cmpf olt, %fp, %k : f32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i16, i32, index, f32, i32, i1
}

// -----

// CHECK-LABEL: func.func @math_constants(
// CHECK-NEXT: %cst = arith.constant 2.500000e-01 : f32
// CHECK-NEXT: %c28_i32 = arith.constant 28 : i32
// CHECK-NEXT: %cst_0 = arith.constant -2.000000e+00 : f32
// CHECK-NEXT: %cst_1 = arith.constant 1.500000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 3.000000e+00 : f64
// CHECK-NEXT: %cst_3 = arith.constant 1.64872122 : f32
// CHECK-NEXT: %cst_4 = arith.constant 5.000000e-01 : f16
// CHECK-NEXT: %cst_5 = arith.constant -1.500000e+00 : f32
// CHECK-NEXT: %0 = math.sqrt %cst_5 : f32
// CHECK-NEXT: %1 = math.exp %cst_4 : f16
// CHECK-NEXT: return %cst_3, %cst_2, %0, %cst_1, %cst_0, %c28_i32, %1, %cst : f32, f64, f32, f32, f32, i32, f16, f32
func.func @math_constants() -> (f32, f64, f32, f32, f32, i32, f16, f32) {
  %h = arith.constant 0.5 : f32
  %0 = math.exp %h : f32
  %d = arith.constant 8.0 : f64
  %1 = math.log2 %d : f64
  %neg = arith.constant -1.5 : f32
  %2 = math.sqrt %neg : f32
  %3 = math.absf %neg : f32
  %4 = math.floor %neg : f32
  %i = arith.constant 12 : i32
  %5 = math.ctlz %i : i32
  %e = arith.constant 0.5 : f16
  %6 = math.exp %e : f16
  %two = arith.constant 2.0 : f32
  %7 = math.powf %h, %two : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f64, f32, f32, f32, i32, f16, f32
}

// -----

// math.ipowi (numerics.IPow): negative exponents truncate 1/a**|b|, 0**-n
// is left alone, as in MLIR 16.
// CHECK-LABEL: func.func @ipowi(
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c27_i32 = arith.constant 27 : i32
// CHECK-NEXT: %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT: %0 = math.ipowi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = math.ipowi %c0_i32, %c-2_i32 : i32
// CHECK-NEXT: return %0, %1, %c27_i32, %c0_i32, %c-1_i32, %c0_i64 : i32, i32, i32, i32, i32, i64
// CHECK-NEXT: }
func.func @ipowi(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i64) {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %cm1 = arith.constant -1 : i32
  %cm2 = arith.constant -2 : i32
  %cm3 = arith.constant -3 : i32
  %0 = math.ipowi %a, %b : i32
  %1 = math.ipowi %c0, %cm2 : i32
  %2 = math.ipowi %c3, %c3 : i32
  %3 = math.ipowi %c2, %cm1 : i32
  %4 = math.ipowi %cm1, %cm3 : i32
  %d2 = arith.constant 2 : i64
  %d64 = arith.constant 64 : i64
  %5 = math.ipowi %d2, %d64 : i64
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i64
}
