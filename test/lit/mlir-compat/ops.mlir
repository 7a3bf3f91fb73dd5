// The ops of MLIR 16's arith, math and func that tt added for this list:
// custom forms round-trip, generic forms parse, and mlir-opt-16 prints the
// same text (ops-mlir.mlir).
// RUN: tt-opt %s | filecheck %s
// RUN: tt-opt %s | tt-opt | filecheck %s
// RUN: tt-opt %s -mlir-print-op-generic | tt-opt | filecheck %s
// RUN: tt-opt %s -mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @ops(
// CHECK-SAME:    %[[A:.*]]: f32, %[[I:.*]]: i32, %[[V:.*]]: vector<4xi32>, %[[B:.*]]: i64)
// CHECK:         %sum, %overflow = arith.addui_extended %[[I]], %[[I]] : i32, i1
// CHECK-NEXT:    %sum_0, %overflow_1 = arith.addui_extended %[[V]], %[[V]] : vector<4xi32>, vector<4xi1>
// CHECK-NEXT:    %low, %high = arith.mulsi_extended %[[V]], %[[V]] : vector<4xi32>
// CHECK-NEXT:    %low_2, %high_3 = arith.mului_extended %[[B]], %[[B]] : i64
// CHECK-NEXT:    %{{.*}} = math.fpowi %[[A]], %[[I]] : f32, i32
// CHECK-NEXT:    %{{.*}} = math.fpowi %[[A]], %[[B]] fastmath<fast> : f32, i64
// CHECK-NEXT:    %f = constant @ops : (f32, i32, vector<4xi32>, i64) -> (i32, i1)
// CHECK-NEXT:    %{{.*}}:2 = call_indirect %f(%[[A]], %[[I]], %[[V]], %[[B]]) : (f32, i32, vector<4xi32>, i64) -> (i32, i1)
// CHECK-NEXT:    return %sum, %overflow : i32, i1
// GENERIC: "arith.addui_extended"(%{{.*}}, %{{.*}}) : (i32, i32) -> (i32, i1)
// GENERIC: "arith.mulsi_extended"(%{{.*}}, %{{.*}}) : (vector<4xi32>, vector<4xi32>) -> (vector<4xi32>, vector<4xi32>)
// GENERIC: "math.fpowi"(%{{.*}}, %{{.*}}) {fastmath = #arith.fastmath<none>} : (f32, i32) -> f32
// GENERIC: "func.constant"() {value = @ops} : () -> ((f32, i32, vector<4xi32>, i64) -> (i32, i1))
// GENERIC: "func.call_indirect"(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : ((f32, i32, vector<4xi32>, i64) -> (i32, i1), f32, i32, vector<4xi32>, i64) -> (i32, i1)
func.func @ops(%a: f32, %i: i32, %v: vector<4xi32>, %b: i64) -> (i32, i1) {
  %s, %o = arith.addui_extended %i, %i : i32, i1
  %vs, %vo = arith.addui_extended %v, %v : vector<4xi32>, vector<4xi1>
  %l, %h = arith.mulsi_extended %v, %v : vector<4xi32>
  %l2, %h2 = arith.mului_extended %b, %b : i64
  %p = math.fpowi %a, %i : f32, i32
  %q = math.fpowi %a, %b fastmath<fast> : f32, i64
  %f = func.constant @ops : (f32, i32, vector<4xi32>, i64) -> (i32, i1)
  %r:2 = func.call_indirect %f(%a, %i, %v, %b) : (f32, i32, vector<4xi32>, i64) -> (i32, i1)
  return %s, %o : i32, i1
}

// A signature of types only with an explicit entry block, printed with
// named arguments; dense constants of complex type.
// CHECK-LABEL: func.func @entry_block(%arg0: f32) -> tensor<2xcomplex<f32>>
// CHECK-NEXT:    %cst = arith.constant dense<[(1.000000e+00,2.000000e+00), (3.500000e+00,-4.000000e+00)]> : tensor<2xcomplex<f32>>
// CHECK-NEXT:    %cst_0 = arith.constant dense<(1,2)> : tensor<2xcomplex<i32>>
// CHECK-NEXT:    return %cst : tensor<2xcomplex<f32>>
func.func @entry_block(f32) -> tensor<2xcomplex<f32>> {
^bb0(%x: f32):
  %0 = arith.constant dense<[(1.0, 2.0), (3.5, -4.0)]> : tensor<2xcomplex<f32>>
  %1 = arith.constant dense<(1, 2)> : tensor<2xcomplex<i32>>
  return %0 : tensor<2xcomplex<f32>>
}
