// The generic form of every arith and math op, as mlir-opt-16 prints it
// (the GENERIC lines are its output): predicates as i64 enum values,
// fastmath as #arith.fastmath<...> (none filled in when the custom form
// leaves it out); tt-opt reads its own generic output back.
// REQUIRES: llvm-filecheck
// RUN: tt-opt %s --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: tt-opt %s --print-op-generic | tt-opt --print-op-generic | FileCheck %s --check-prefix=GENERIC

// GENERIC: "func.func"() ({
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = 42 : i32} : () -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = 1.000000e+00 : f32} : () -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = 0 : index} : () -> index
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = true} : () -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = false} : () -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = dense<1.000000e+00> : vector<4xf32>} : () -> vector<4xf32>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = -1 : i8} : () -> i8
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = dense<[1, 2, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = dense<[true, false]> : vector<2xi1>} : () -> vector<2xi1>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = 1.500000e+00 : f16} : () -> f16
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = 0x7FC00000 : f32} : () -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = -0.000000e+00 : f64} : () -> f64
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = dense<{{\[\[}}1.500000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {foo = 1 : i32, value = 3 : i32} : () -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = 1.000980e-01 : bf16} : () -> bf16
// GENERIC-NEXT: {{%[^ ]+}} = "arith.constant"() {value = -9223372036854775808 : i64} : () -> i64
// GENERIC-NEXT: "func.return"({{.*}}) : (i32, f32, index, i1, i1, vector<4xf32>, i8, tensor<3xi64>, vector<2xi1>, f16, f32, f64, tensor<2x2xf32>, i32, bf16, i64) -> ()
// GENERIC-NEXT: }) {function_type = () -> (i32, f32, index, i1, i1, vector<4xf32>, i8, tensor<3xi64>, vector<2xi1>, f16, f32, f64, tensor<2x2xf32>, i32, bf16, i64), sym_name = "constants"} : () -> ()
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

// GENERIC: "func.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: i32, %arg1: i32, %arg2: vector<4xi64>, %arg3: tensor<?x4xindex>):
// GENERIC-NEXT: {{%[^ ]+}} = "arith.addi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.subi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.muli"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.divsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.divui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.ceildivsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.ceildivui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.floordivsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.remsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.remui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.andi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.ori"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.xori"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.shli"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.shrsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.shrui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.maxsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.maxui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.minsi"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.minui"(%arg0, %arg1) : (i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.addi"(%arg2, %arg2) : (vector<4xi64>, vector<4xi64>) -> vector<4xi64>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.muli"(%arg3, %arg3) {tag = "x"} : (tensor<?x4xindex>, tensor<?x4xindex>) -> tensor<?x4xindex>
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = (i32, i32, vector<4xi64>, tensor<?x4xindex>) -> (), sym_name = "int_binary"} : () -> ()
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

// GENERIC: "func.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: f32, %arg1: f32, %arg2: vector<4xf16>, %arg3: tensor<*xbf16>):
// GENERIC-NEXT: {{%[^ ]+}} = "arith.addf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.subf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.mulf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.divf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.remf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.maxf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.minf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.negf"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.addf"(%arg2, %arg2) {fastmath = #arith.fastmath<fast>} : (vector<4xf16>, vector<4xf16>) -> vector<4xf16>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.mulf"(%arg3, %arg3) {fastmath = #arith.fastmath<nnan,ninf>} : (tensor<*xbf16>, tensor<*xbf16>) -> tensor<*xbf16>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.negf"(%arg2) {fastmath = #arith.fastmath<nsz>} : (vector<4xf16>) -> vector<4xf16>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.subf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.divf"(%arg0, %arg1) {fastmath = #arith.fastmath<fast>, tag} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.maxf"(%arg0, %arg1) {fastmath = #arith.fastmath<arcp>} : (f32, f32) -> f32
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = (f32, f32, vector<4xf16>, tensor<*xbf16>) -> (), sym_name = "float_binary"} : () -> ()
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

// GENERIC: "func.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: f32, %arg4: vector<4xf32>, %arg5: tensor<?xindex>, %arg6: vector<i8>):
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 0 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 1 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 2 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 3 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 4 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 5 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 6 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 7 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 8 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 9 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg5, %arg5) {predicate = 2 : i64} : (tensor<?xindex>, tensor<?xindex>) -> tensor<?xi1>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg6, %arg6) {predicate = 0 : i64} : (vector<i8>, vector<i8>) -> vector<i1>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 0 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 1 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 2 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 3 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 4 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 5 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 6 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 7 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 8 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 9 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 10 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 11 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 12 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 13 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 14 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg2, %arg3) {predicate = 15 : i64} : (f32, f32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpf"(%arg4, %arg4) {predicate = 4 : i64, tag} : (vector<4xf32>, vector<4xf32>) -> vector<4xi1>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.cmpi"(%arg0, %arg1) {predicate = 5 : i64} : (i32, i32) -> i1
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = (i32, i32, f32, f32, vector<4xf32>, tensor<?xindex>, vector<i8>) -> (), sym_name = "compare"} : () -> ()
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

// GENERIC: "func.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: i1, %arg1: i32, %arg2: i32, %arg3: vector<4xi1>, %arg4: vector<4xf32>, %arg5: tensor<2x?xi1>, %arg6: tensor<2x?xf64>):
// GENERIC-NEXT: {{%[^ ]+}} = "arith.select"(%arg0, %arg1, %arg2) : (i1, i32, i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.select"(%arg3, %arg4, %arg4) : (vector<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.select"(%arg0, %arg4, %arg4) : (i1, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.select"(%arg5, %arg6, %arg6) {tag} : (tensor<2x?xi1>, tensor<2x?xf64>, tensor<2x?xf64>) -> tensor<2x?xf64>
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = (i1, i32, i32, vector<4xi1>, vector<4xf32>, tensor<2x?xi1>, tensor<2x?xf64>) -> (), sym_name = "select"} : () -> ()
func.func @select(%c: i1, %a: i32, %b: i32, %vc: vector<4xi1>, %v: vector<4xf32>, %tc: tensor<2x?xi1>, %t: tensor<2x?xf64>) {
  %0 = arith.select %c, %a, %b : i32
  %1 = arith.select %vc, %v, %v : vector<4xi1>, vector<4xf32>
  %2 = arith.select %c, %v, %v : vector<4xf32>
  %3 = arith.select %tc, %t, %t {tag} : tensor<2x?xi1>, tensor<2x?xf64>
  return
}

// GENERIC: "func.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: i32, %arg1: f32, %arg2: f64, %arg3: index, %arg4: vector<4xi8>, %arg5: tensor<?xf16>, %arg6: memref<4xi32>, %arg7: memref<?xindex>):
// GENERIC-NEXT: {{%[^ ]+}} = "arith.extui"(%arg0) : (i32) -> i64
// GENERIC-NEXT: {{%[^ ]+}} = "arith.extsi"(%arg4) : (vector<4xi8>) -> vector<4xi32>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.trunci"(%arg0) : (i32) -> i1
// GENERIC-NEXT: {{%[^ ]+}} = "arith.extf"(%arg5) : (tensor<?xf16>) -> tensor<?xf32>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.truncf"(%arg2) : (f64) -> bf16
// GENERIC-NEXT: {{%[^ ]+}} = "arith.sitofp"(%arg0) : (i32) -> f64
// GENERIC-NEXT: {{%[^ ]+}} = "arith.uitofp"(%arg4) : (vector<4xi8>) -> vector<4xf32>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.fptosi"(%arg1) : (f32) -> i64
// GENERIC-NEXT: {{%[^ ]+}} = "arith.fptoui"(%arg5) : (tensor<?xf16>) -> tensor<?xi8>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.index_cast"(%arg0) : (i32) -> index
// GENERIC-NEXT: {{%[^ ]+}} = "arith.index_cast"(%arg3) : (index) -> i64
// GENERIC-NEXT: {{%[^ ]+}} = "arith.index_castui"(%arg0) : (i32) -> index
// GENERIC-NEXT: {{%[^ ]+}} = "arith.index_cast"(%arg6) : (memref<4xi32>) -> memref<4xindex>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.index_castui"(%arg7) : (memref<?xindex>) -> memref<?xi16>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.bitcast"(%arg1) : (f32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "arith.bitcast"(%arg4) : (vector<4xi8>) -> vector<4xi8>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.bitcast"(%arg5) : (tensor<?xf16>) -> tensor<?xbf16>
// GENERIC-NEXT: {{%[^ ]+}} = "arith.bitcast"(%arg6) : (memref<4xi32>) -> memref<4xf32>
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = (i32, f32, f64, index, vector<4xi8>, tensor<?xf16>, memref<4xi32>, memref<?xindex>) -> (), sym_name = "casts"} : () -> ()
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

// GENERIC: "func.func"() ({
// GENERIC-NEXT: ^bb0(%arg0: f32, %arg1: f32, %arg2: f32, %arg3: vector<2xf64>, %arg4: i32, %arg5: vector<4xi16>):
// GENERIC-NEXT: {{%[^ ]+}} = "math.absf"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.atan"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.cbrt"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.ceil"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.cos"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.erf"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.exp"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.exp2"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.expm1"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.floor"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.log"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.log10"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.log1p"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.log2"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.round"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.roundeven"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.rsqrt"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.sin"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.sqrt"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.tan"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.tanh"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.trunc"(%arg0) {fastmath = #arith.fastmath<none>} : (f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.atan2"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.copysign"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.powf"(%arg0, %arg1) {fastmath = #arith.fastmath<none>} : (f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.fma"(%arg0, %arg1, %arg2) {fastmath = #arith.fastmath<none>} : (f32, f32, f32) -> f32
// GENERIC-NEXT: {{%[^ ]+}} = "math.absi"(%arg4) : (i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "math.ctlz"(%arg4) : (i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "math.cttz"(%arg5) : (vector<4xi16>) -> vector<4xi16>
// GENERIC-NEXT: {{%[^ ]+}} = "math.ctpop"(%arg4) : (i32) -> i32
// GENERIC-NEXT: {{%[^ ]+}} = "math.exp"(%arg3) {fastmath = #arith.fastmath<fast>} : (vector<2xf64>) -> vector<2xf64>
// GENERIC-NEXT: {{%[^ ]+}} = "math.fma"(%arg3, %arg3, %arg3) {fastmath = #arith.fastmath<contract>} : (vector<2xf64>, vector<2xf64>, vector<2xf64>) -> vector<2xf64>
// GENERIC-NEXT: {{%[^ ]+}} = "math.powf"(%arg3, %arg3) {fastmath = #arith.fastmath<afn>, tag} : (vector<2xf64>, vector<2xf64>) -> vector<2xf64>
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) {function_type = (f32, f32, f32, vector<2xf64>, i32, vector<4xi16>) -> (), sym_name = "math"} : () -> ()
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

