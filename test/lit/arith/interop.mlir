// Interoperability with mlir-opt-16 in both directions: tt's generic form
// is read by mlir-opt-16, mlir-opt-16's generic form is read by tt-opt, and
// tt's custom form is read by mlir-opt-16. Every route ends in the same
// custom form, which is also mlir-opt-16's own (the CHECK lines).
// REQUIRES: mlir-opt, llvm-filecheck
// RUN: tt-opt --print-op-generic %s | mlir-opt --mlir-print-op-generic | tt-opt | FileCheck %s
// RUN: mlir-opt --mlir-print-op-generic %s | tt-opt | FileCheck %s
// RUN: tt-opt %s | mlir-opt | FileCheck %s
// RUN: tt-opt --print-op-generic %s | mlir-opt | FileCheck %s

// CHECK-LABEL: func.func @every_op(
// CHECK-NEXT: %c3_i32 = arith.constant 3 : i32
// CHECK-NEXT: %cst = arith.constant 2.500000e+00 : f32
// CHECK-NEXT: %cst_0 = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : vector<4xf32>
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.addi %arg0, %c3_i32 : i32
// CHECK-NEXT: %1 = arith.subi %0, %arg1 : i32
// CHECK-NEXT: %2 = arith.muli %1, %arg1 : i32
// CHECK-NEXT: %3 = arith.divsi %2, %arg1 : i32
// CHECK-NEXT: %4 = arith.divui %3, %arg1 : i32
// CHECK-NEXT: %5 = arith.ceildivsi %4, %arg1 : i32
// CHECK-NEXT: %6 = arith.ceildivui %5, %arg1 : i32
// CHECK-NEXT: %7 = arith.floordivsi %6, %arg1 : i32
// CHECK-NEXT: %8 = arith.remsi %7, %arg1 : i32
// CHECK-NEXT: %9 = arith.remui %8, %arg1 : i32
// CHECK-NEXT: %10 = arith.andi %9, %arg1 : i32
// CHECK-NEXT: %11 = arith.ori %10, %arg1 : i32
// CHECK-NEXT: %12 = arith.xori %11, %arg1 : i32
// CHECK-NEXT: %13 = arith.shli %12, %arg1 : i32
// CHECK-NEXT: %14 = arith.shrsi %13, %arg1 : i32
// CHECK-NEXT: %15 = arith.shrui %14, %arg1 : i32
// CHECK-NEXT: %16 = arith.maxsi %15, %arg1 : i32
// CHECK-NEXT: %17 = arith.maxui %16, %arg1 : i32
// CHECK-NEXT: %18 = arith.minsi %17, %arg1 : i32
// CHECK-NEXT: %19 = arith.minui %18, %arg1 : i32
// CHECK-NEXT: %20 = arith.addf %arg2, %cst : f32
// CHECK-NEXT: %21 = arith.subf %20, %arg3 fastmath<nnan> : f32
// CHECK-NEXT: %22 = arith.mulf %21, %arg3 fastmath<fast> : f32
// CHECK-NEXT: %23 = arith.divf %22, %arg3 : f32
// CHECK-NEXT: %24 = arith.remf %23, %arg3 : f32
// CHECK-NEXT: %25 = arith.maxf %24, %arg3 : f32
// CHECK-NEXT: %26 = arith.minf %25, %arg3 : f32
// CHECK-NEXT: %27 = arith.negf %26 : f32
// CHECK-NEXT: %28 = arith.cmpi sle, %19, %arg0 : i32
// CHECK-NEXT: %29 = arith.cmpf ult, %27, %arg2 : f32
// CHECK-NEXT: %30 = arith.andi %28, %29 : i1
// CHECK-NEXT: %31 = arith.select %30, %27, %arg2 : f32
// CHECK-NEXT: %32 = arith.select %arg6, %arg5, %cst_0 : vector<4xi1>, vector<4xf32>
// CHECK-NEXT: %33 = arith.extsi %arg0 : i32 to i64
// CHECK-NEXT: %34 = arith.extui %arg0 : i32 to i64
// CHECK-NEXT: %35 = arith.trunci %33 : i64 to i16
// CHECK-NEXT: %36 = arith.extf %arg2 : f32 to f64
// CHECK-NEXT: %37 = arith.truncf %36 : f64 to f16
// CHECK-NEXT: %38 = arith.sitofp %35 : i16 to f32
// CHECK-NEXT: %39 = arith.uitofp %34 : i64 to f64
// CHECK-NEXT: %40 = arith.fptosi %arg2 : f32 to i32
// CHECK-NEXT: %41 = arith.fptoui %arg2 : f32 to i8
// CHECK-NEXT: %42 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT: %43 = arith.index_castui %arg7 : index to i32
// CHECK-NEXT: %44 = arith.bitcast %arg2 : f32 to i32
// CHECK-NEXT: %45 = arith.index_cast %arg8 : memref<2xi32> to memref<2xindex>
// CHECK-NEXT: %46 = math.absf %31 : f32
// CHECK-NEXT: %47 = math.exp %46 fastmath<afn> : f32
// CHECK-NEXT: %48 = math.log %47 : f32
// CHECK-NEXT: %49 = math.sqrt %48 : f32
// CHECK-NEXT: %50 = math.rsqrt %49 : f32
// CHECK-NEXT: %51 = math.tanh %50 : f32
// CHECK-NEXT: %52 = math.erf %51 : f32
// CHECK-NEXT: %53 = math.sin %52 : f32
// CHECK-NEXT: %54 = math.cos %53 : f32
// CHECK-NEXT: %55 = math.powf %54, %arg3 : f32
// CHECK-NEXT: %56 = math.fma %55, %arg3, %arg2 : f32
// CHECK-NEXT: %57 = math.log1p %56 : f32
// CHECK-NEXT: %58 = math.expm1 %57 : f32
// CHECK-NEXT: %59 = math.absi %arg0 : i32
// CHECK-NEXT: %60 = math.ctpop %59 : i32
// CHECK-NEXT: %61 = math.floor %arg5 : vector<4xf32>
// CHECK-NEXT: %62 = math.atan2 %58, %arg2 : f32
// CHECK-NEXT: return %62 : f32
func.func @every_op(%a: i32, %b: i32, %f: f32, %g: f32, %c: i1, %v: vector<4xf32>, %vc: vector<4xi1>, %x: index, %m: memref<2xi32>) -> f32 {
  %c3 = arith.constant 3 : i32
  %cf = arith.constant 2.5 : f32
  %cv = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
  %t = arith.constant true
  %0 = arith.addi %a, %c3 : i32
  %1 = arith.subi %0, %b : i32
  %2 = arith.muli %1, %b : i32
  %3 = arith.divsi %2, %b : i32
  %4 = arith.divui %3, %b : i32
  %5 = arith.ceildivsi %4, %b : i32
  %6 = arith.ceildivui %5, %b : i32
  %7 = arith.floordivsi %6, %b : i32
  %8 = arith.remsi %7, %b : i32
  %9 = arith.remui %8, %b : i32
  %10 = arith.andi %9, %b : i32
  %11 = arith.ori %10, %b : i32
  %12 = arith.xori %11, %b : i32
  %13 = arith.shli %12, %b : i32
  %14 = arith.shrsi %13, %b : i32
  %15 = arith.shrui %14, %b : i32
  %16 = arith.maxsi %15, %b : i32
  %17 = arith.maxui %16, %b : i32
  %18 = arith.minsi %17, %b : i32
  %19 = arith.minui %18, %b : i32
  %20 = arith.addf %f, %cf : f32
  %21 = arith.subf %20, %g fastmath<nnan> : f32
  %22 = arith.mulf %21, %g fastmath<fast> : f32
  %23 = arith.divf %22, %g : f32
  %24 = arith.remf %23, %g : f32
  %25 = arith.maxf %24, %g : f32
  %26 = arith.minf %25, %g : f32
  %27 = arith.negf %26 : f32
  %28 = arith.cmpi sle, %19, %a : i32
  %29 = arith.cmpf ult, %27, %f : f32
  %30 = arith.andi %28, %29 : i1
  %31 = arith.select %30, %27, %f : f32
  %32 = arith.select %vc, %v, %cv : vector<4xi1>, vector<4xf32>
  %33 = arith.extsi %a : i32 to i64
  %34 = arith.extui %a : i32 to i64
  %35 = arith.trunci %33 : i64 to i16
  %36 = arith.extf %f : f32 to f64
  %37 = arith.truncf %36 : f64 to f16
  %38 = arith.sitofp %35 : i16 to f32
  %39 = arith.uitofp %34 : i64 to f64
  %40 = arith.fptosi %f : f32 to i32
  %41 = arith.fptoui %f : f32 to i8
  %42 = arith.index_cast %a : i32 to index
  %43 = arith.index_castui %x : index to i32
  %44 = arith.bitcast %f : f32 to i32
  %45 = arith.index_cast %m : memref<2xi32> to memref<2xindex>
  %46 = math.absf %31 : f32
  %47 = math.exp %46 fastmath<afn> : f32
  %48 = math.log %47 : f32
  %49 = math.sqrt %48 : f32
  %50 = math.rsqrt %49 : f32
  %51 = math.tanh %50 : f32
  %52 = math.erf %51 : f32
  %53 = math.sin %52 : f32
  %54 = math.cos %53 : f32
  %55 = math.powf %54, %g : f32
  %56 = math.fma %55, %g, %f : f32
  %57 = math.log1p %56 : f32
  %58 = math.expm1 %57 : f32
  %59 = math.absi %a : i32
  %60 = math.ctpop %59 : i32
  %61 = math.floor %v : vector<4xf32>
  %62 = math.atan2 %58, %f : f32
  return %62 : f32
}

