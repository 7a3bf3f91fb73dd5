// Round trip of every arith op in MLIR 16's custom form: tt-opt prints what
// mlir-opt-16 prints (the CHECK lines are mlir-opt-16's output), reads it
// back, and reads its own generic form back into the same custom form.
// REQUIRES: llvm-filecheck
// RUN: tt-opt %s | tt-opt | FileCheck %s
// RUN: tt-opt %s --print-op-generic | tt-opt | FileCheck %s

// CHECK-LABEL: func.func @constants(
// CHECK-NEXT: %c42_i32 = arith.constant 42 : i32
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: %cst_0 = arith.constant dense<1.000000e+00> : vector<4xf32>
// CHECK-NEXT: %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT: %cst_1 = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
// CHECK-NEXT: %cst_2 = arith.constant dense<[true, false]> : vector<2xi1>
// CHECK-NEXT: %cst_3 = arith.constant 1.500000e+00 : f16
// CHECK-NEXT: %cst_4 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT: %cst_5 = arith.constant -0.000000e+00 : f64
// CHECK-NEXT: %cst_6 = arith.constant dense<{{\[\[}}1.500000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>
// CHECK-NEXT: %c3_i32 = arith.constant {foo = 1 : i32} 3 : i32
// CHECK-NEXT: %cst_7 = arith.constant 1.000980e-01 : bf16
// CHECK-NEXT: %c-9223372036854775808_i64 = arith.constant -9223372036854775808 : i64
// CHECK-NEXT: return %c42_i32, %cst, %c0, %true, %false, %cst_0, %c-1_i8, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %c3_i32, %cst_7, %c-9223372036854775808_i64 : i32, f32, index, i1, i1, vector<4xf32>, i8, tensor<3xi64>, vector<2xi1>, f16, f32, f64, tensor<2x2xf32>, i32, bf16, i64
func.func @constants() -> (i32, f32, index, i1, i1, vector<4xf32>, i8, tensor<3xi64>, vector<2xi1>, f16, f32, f64, tensor<2x2xf32>, i32, bf16, i64) {
  %0 = arith.constant 42 : i32
  %1 = arith.constant 1.0 : f32
  %2 = arith.constant 0 : index
  %3 = arith.constant true
  %4 = arith.constant false
  %5 = arith.constant dense<1.0> : vector<4xf32>
  %6 = arith.constant -1 : i8
  %7 = arith.constant dense<[1, 2, 3]> : tensor<3xi64>
  %8 = arith.constant dense<[true, false]> : vector<2xi1>
  %9 = arith.constant 1.5 : f16
  %10 = arith.constant 0x7FC00000 : f32
  %11 = arith.constant -0.0 : f64
  %12 = arith.constant dense<[[1.5, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>
  %13 = arith.constant {foo = 1 : i32} 3 : i32
  %14 = arith.constant 0.1 : bf16
  %15 = arith.constant -9223372036854775808 : i64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i32, f32, index, i1, i1, vector<4xf32>, i8, tensor<3xi64>, vector<2xi1>, f16, f32, f64, tensor<2x2xf32>, i32, bf16, i64
}

// CHECK-LABEL: func.func @int_binary(
// CHECK-NEXT: %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.subi %arg0, %arg1 : i32
// CHECK-NEXT: %2 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT: %3 = arith.divsi %arg0, %arg1 : i32
// CHECK-NEXT: %4 = arith.divui %arg0, %arg1 : i32
// CHECK-NEXT: %5 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT: %6 = arith.ceildivui %arg0, %arg1 : i32
// CHECK-NEXT: %7 = arith.floordivsi %arg0, %arg1 : i32
// CHECK-NEXT: %8 = arith.remsi %arg0, %arg1 : i32
// CHECK-NEXT: %9 = arith.remui %arg0, %arg1 : i32
// CHECK-NEXT: %10 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT: %11 = arith.ori %arg0, %arg1 : i32
// CHECK-NEXT: %12 = arith.xori %arg0, %arg1 : i32
// CHECK-NEXT: %13 = arith.shli %arg0, %arg1 : i32
// CHECK-NEXT: %14 = arith.shrsi %arg0, %arg1 : i32
// CHECK-NEXT: %15 = arith.shrui %arg0, %arg1 : i32
// CHECK-NEXT: %16 = arith.maxsi %arg0, %arg1 : i32
// CHECK-NEXT: %17 = arith.maxui %arg0, %arg1 : i32
// CHECK-NEXT: %18 = arith.minsi %arg0, %arg1 : i32
// CHECK-NEXT: %19 = arith.minui %arg0, %arg1 : i32
// CHECK-NEXT: %20 = arith.addi %arg2, %arg2 : vector<4xi64>
// CHECK-NEXT: %21 = arith.muli %arg3, %arg3 {tag = "x"} : tensor<?x4xindex>
// CHECK-NEXT: return
func.func @int_binary(%a: i32, %b: i32, %v: vector<4xi64>, %t: tensor<?x4xindex>) {
  %0 = arith.addi %a, %b : i32
  %1 = arith.subi %a, %b : i32
  %2 = arith.muli %a, %b : i32
  %3 = arith.divsi %a, %b : i32
  %4 = arith.divui %a, %b : i32
  %5 = arith.ceildivsi %a, %b : i32
  %6 = arith.ceildivui %a, %b : i32
  %7 = arith.floordivsi %a, %b : i32
  %8 = arith.remsi %a, %b : i32
  %9 = arith.remui %a, %b : i32
  %10 = arith.andi %a, %b : i32
  %11 = arith.ori %a, %b : i32
  %12 = arith.xori %a, %b : i32
  %13 = arith.shli %a, %b : i32
  %14 = arith.shrsi %a, %b : i32
  %15 = arith.shrui %a, %b : i32
  %16 = arith.maxsi %a, %b : i32
  %17 = arith.maxui %a, %b : i32
  %18 = arith.minsi %a, %b : i32
  %19 = arith.minui %a, %b : i32
  %20 = arith.addi %v, %v : vector<4xi64>
  %21 = arith.muli %t, %t {tag = "x"} : tensor<?x4xindex>
  return
}

// CHECK-LABEL: func.func @float_binary(
// CHECK-NEXT: %0 = arith.addf %arg0, %arg1 : f32
// CHECK-NEXT: %1 = arith.subf %arg0, %arg1 : f32
// CHECK-NEXT: %2 = arith.mulf %arg0, %arg1 : f32
// CHECK-NEXT: %3 = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT: %4 = arith.remf %arg0, %arg1 : f32
// CHECK-NEXT: %5 = arith.maxf %arg0, %arg1 : f32
// CHECK-NEXT: %6 = arith.minf %arg0, %arg1 : f32
// CHECK-NEXT: %7 = arith.negf %arg0 : f32
// CHECK-NEXT: %8 = arith.addf %arg2, %arg2 fastmath<fast> : vector<4xf16>
// CHECK-NEXT: %9 = arith.mulf %arg3, %arg3 fastmath<nnan,ninf> : tensor<*xbf16>
// CHECK-NEXT: %10 = arith.negf %arg2 fastmath<nsz> : vector<4xf16>
// CHECK-NEXT: %11 = arith.subf %arg0, %arg1 : f32
// CHECK-NEXT: %12 = arith.divf %arg0, %arg1 fastmath<fast> {tag} : f32
// CHECK-NEXT: %13 = arith.maxf %arg0, %arg1 fastmath<arcp> : f32
// CHECK-NEXT: return
func.func @float_binary(%a: f32, %b: f32, %v: vector<4xf16>, %t: tensor<*xbf16>) {
  %0 = arith.addf %a, %b : f32
  %1 = arith.subf %a, %b : f32
  %2 = arith.mulf %a, %b : f32
  %3 = arith.divf %a, %b : f32
  %4 = arith.remf %a, %b : f32
  %5 = arith.maxf %a, %b : f32
  %6 = arith.minf %a, %b : f32
  %7 = arith.negf %a : f32
  %8 = arith.addf %v, %v fastmath<fast> : vector<4xf16>
  %9 = arith.mulf %t, %t fastmath<nnan,ninf> : tensor<*xbf16>
  %10 = arith.negf %v fastmath<nsz> : vector<4xf16>
  %11 = arith.subf %a, %b fastmath<none> : f32
  %12 = arith.divf %a, %b fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> {tag} : f32
  %13 = arith.maxf %a, %b fastmath<arcp> : f32
  return
}

// CHECK-LABEL: func.func @compare(
// CHECK-NEXT: %0 = arith.cmpi eq, %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-NEXT: %2 = arith.cmpi slt, %arg0, %arg1 : i32
// CHECK-NEXT: %3 = arith.cmpi sle, %arg0, %arg1 : i32
// CHECK-NEXT: %4 = arith.cmpi sgt, %arg0, %arg1 : i32
// CHECK-NEXT: %5 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT: %6 = arith.cmpi ult, %arg0, %arg1 : i32
// CHECK-NEXT: %7 = arith.cmpi ule, %arg0, %arg1 : i32
// CHECK-NEXT: %8 = arith.cmpi ugt, %arg0, %arg1 : i32
// CHECK-NEXT: %9 = arith.cmpi uge, %arg0, %arg1 : i32
// CHECK-NEXT: %10 = arith.cmpi slt, %arg5, %arg5 : tensor<?xindex>
// CHECK-NEXT: %11 = arith.cmpi eq, %arg6, %arg6 : vector<i8>
// CHECK-NEXT: %12 = arith.cmpf false, %arg2, %arg3 : f32
// CHECK-NEXT: %13 = arith.cmpf oeq, %arg2, %arg3 : f32
// CHECK-NEXT: %14 = arith.cmpf ogt, %arg2, %arg3 : f32
// CHECK-NEXT: %15 = arith.cmpf oge, %arg2, %arg3 : f32
// CHECK-NEXT: %16 = arith.cmpf olt, %arg2, %arg3 : f32
// CHECK-NEXT: %17 = arith.cmpf ole, %arg2, %arg3 : f32
// CHECK-NEXT: %18 = arith.cmpf one, %arg2, %arg3 : f32
// CHECK-NEXT: %19 = arith.cmpf ord, %arg2, %arg3 : f32
// CHECK-NEXT: %20 = arith.cmpf ueq, %arg2, %arg3 : f32
// CHECK-NEXT: %21 = arith.cmpf ugt, %arg2, %arg3 : f32
// CHECK-NEXT: %22 = arith.cmpf uge, %arg2, %arg3 : f32
// CHECK-NEXT: %23 = arith.cmpf ult, %arg2, %arg3 : f32
// CHECK-NEXT: %24 = arith.cmpf ule, %arg2, %arg3 : f32
// CHECK-NEXT: %25 = arith.cmpf une, %arg2, %arg3 : f32
// CHECK-NEXT: %26 = arith.cmpf uno, %arg2, %arg3 : f32
// CHECK-NEXT: %27 = arith.cmpf true, %arg2, %arg3 : f32
// CHECK-NEXT: %28 = arith.cmpf olt, %arg4, %arg4 {tag} : vector<4xf32>
// CHECK-NEXT: %29 = arith.cmpi sge, %arg0, %arg1 : i32
// CHECK-NEXT: return
func.func @compare(%a: i32, %b: i32, %f: f32, %g: f32, %v: vector<4xf32>, %t: tensor<?xindex>, %z: vector<i8>) {
  %0 = arith.cmpi eq, %a, %b : i32
  %1 = arith.cmpi ne, %a, %b : i32
  %2 = arith.cmpi slt, %a, %b : i32
  %3 = arith.cmpi sle, %a, %b : i32
  %4 = arith.cmpi sgt, %a, %b : i32
  %5 = arith.cmpi sge, %a, %b : i32
  %6 = arith.cmpi ult, %a, %b : i32
  %7 = arith.cmpi ule, %a, %b : i32
  %8 = arith.cmpi ugt, %a, %b : i32
  %9 = arith.cmpi uge, %a, %b : i32
  %10 = arith.cmpi slt, %t, %t : tensor<?xindex>
  %11 = arith.cmpi eq, %z, %z : vector<i8>
  %12 = arith.cmpf false, %f, %g : f32
  %13 = arith.cmpf oeq, %f, %g : f32
  %14 = arith.cmpf ogt, %f, %g : f32
  %15 = arith.cmpf oge, %f, %g : f32
  %16 = arith.cmpf olt, %f, %g : f32
  %17 = arith.cmpf ole, %f, %g : f32
  %18 = arith.cmpf one, %f, %g : f32
  %19 = arith.cmpf ord, %f, %g : f32
  %20 = arith.cmpf ueq, %f, %g : f32
  %21 = arith.cmpf ugt, %f, %g : f32
  %22 = arith.cmpf uge, %f, %g : f32
  %23 = arith.cmpf ult, %f, %g : f32
  %24 = arith.cmpf ule, %f, %g : f32
  %25 = arith.cmpf une, %f, %g : f32
  %26 = arith.cmpf uno, %f, %g : f32
  %27 = arith.cmpf true, %f, %g : f32
  %28 = arith.cmpf olt, %v, %v {tag} : vector<4xf32>
  %29 = arith.cmpi "sge", %a, %b : i32
  return
}

// CHECK-LABEL: func.func @select(
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.select %arg3, %arg4, %arg4 : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %2 = arith.select %arg0, %arg4, %arg4 : vector<4xf32>
// CHECK-NEXT: %3 = arith.select %arg5, %arg6, %arg6 {tag} : tensor<2x?xi1>, tensor<2x?xf64>
// CHECK-NEXT: return
func.func @select(%c: i1, %a: i32, %b: i32, %vc: vector<4xi1>, %v: vector<4xf32>, %tc: tensor<2x?xi1>, %t: tensor<2x?xf64>) {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xf32>
  %2 = arith.select %c, %v, %v : vector<4xf32>
  %3 = arith.select %tc, %t, %t {tag} : tensor<2x?xi1>, tensor<2x?xf64>
  return
}

// CHECK-LABEL: func.func @casts(
// CHECK-NEXT: %0 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT: %1 = arith.extsi %arg4 : vector<4xi8> to vector<4xi32>
// CHECK-NEXT: %2 = arith.trunci %arg0 : i32 to i1
// CHECK-NEXT: %3 = arith.extf %arg5 : tensor<?xf16> to tensor<?xf32>
// CHECK-NEXT: %4 = arith.truncf %arg2 : f64 to bf16
// CHECK-NEXT: %5 = arith.sitofp %arg0 : i32 to f64
// CHECK-NEXT: %6 = arith.uitofp %arg4 : vector<4xi8> to vector<4xf32>
// CHECK-NEXT: %7 = arith.fptosi %arg1 : f32 to i64
// CHECK-NEXT: %8 = arith.fptoui %arg5 : tensor<?xf16> to tensor<?xi8>
// CHECK-NEXT: %9 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: %10 = arith.index_cast %arg3 : index to i64
// CHECK-NEXT: %11 = arith.index_castui %arg0 : i32 to index
// CHECK-NEXT: %12 = arith.index_cast %arg6 : memref<4xi32> to memref<4xindex>
// CHECK-NEXT: %13 = arith.index_castui %arg7 : memref<?xindex> to memref<?xi16>
// CHECK-NEXT: %14 = arith.bitcast %arg1 : f32 to i32
// CHECK-NEXT: %15 = arith.bitcast %arg4 : vector<4xi8> to vector<4xi8>
// CHECK-NEXT: %16 = arith.bitcast %arg5 : tensor<?xf16> to tensor<?xbf16>
// CHECK-NEXT: %17 = arith.bitcast %arg6 : memref<4xi32> to memref<4xf32>
// CHECK-NEXT: return
func.func @casts(%i: i32, %f: f32, %d: f64, %x: index, %v: vector<4xi8>, %t: tensor<?xf16>, %m: memref<4xi32>, %mx: memref<?xindex>) {
  %0 = arith.extui %i : i32 to i64
  %1 = arith.extsi %v : vector<4xi8> to vector<4xi32>
  %2 = arith.trunci %i : i32 to i1
  %3 = arith.extf %t : tensor<?xf16> to tensor<?xf32>
  %4 = arith.truncf %d : f64 to bf16
  %5 = arith.sitofp %i : i32 to f64
  %6 = arith.uitofp %v : vector<4xi8> to vector<4xf32>
  %7 = arith.fptosi %f : f32 to i64
  %8 = arith.fptoui %t : tensor<?xf16> to tensor<?xi8>
  %9 = arith.index_cast %i : i32 to index
  %10 = arith.index_cast %x : index to i64
  %11 = arith.index_castui %i : i32 to index
  %12 = arith.index_cast %m : memref<4xi32> to memref<4xindex>
  %13 = arith.index_castui %mx : memref<?xindex> to memref<?xi16>
  %14 = arith.bitcast %f : f32 to i32
  %15 = arith.bitcast %v : vector<4xi8> to vector<4xi8>
  %16 = arith.bitcast %t : tensor<?xf16> to tensor<?xbf16>
  %17 = arith.bitcast %m : memref<4xi32> to memref<4xf32>
  return
}

