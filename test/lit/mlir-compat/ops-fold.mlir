// Folders and canonicalization patterns of the extended-arithmetic ops and
// func.call_indirect, as MLIR 16 has them; ops-fold-mlir.mlir checks the
// same lines against mlir-opt-16.
// RUN: tt-opt %s -canonicalize -split-input-file | filecheck %s

// CHECK-LABEL: func.func @fold
// CHECK-DAG:     %[[F:.*]] = arith.constant false
// CHECK-DAG:     %[[T:.*]] = arith.constant true
// CHECK-DAG:     %[[Z:.*]] = arith.constant 0 : i32
// CHECK-DAG:     %[[LO:.*]] = arith.constant 2064771072 : i32
// CHECK-DAG:     %[[SUM:.*]] = arith.constant -589934592 : i32
// CHECK-DAG:     %[[N9:.*]] = arith.constant dense<9> : vector<2xi32>
// CHECK-DAG:     %[[N0:.*]] = arith.constant dense<0> : vector<2xi32>
// CHECK-DAG:     %[[NEG:.*]] = arith.cmpi slt, %arg0, %[[Z]] : i32
// CHECK-DAG:     %[[SIGN:.*]] = arith.extsi %[[NEG]] : i1 to i32
// CHECK:         return %arg0, %[[F]], %arg0, %[[SIGN]], %arg0, %[[Z]], %[[LO]], %[[Z]], %[[SUM]], %[[T]], %[[N9]], %[[N0]], %arg0, %[[Z]]
func.func @fold(%a: i32) -> (i32, i1, i32, i32, i32, i32, i32, i32, i32, i1, vector<2xi32>, vector<2xi32>, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm = arith.constant -7 : i32
  %cb = arith.constant 4000000000 : i32
  %s, %o = arith.addui_extended %a, %c0 : i32, i1
  %l, %h = arith.mulsi_extended %a, %c1 : i32
  %l2, %h2 = arith.mului_extended %a, %c1 : i32
  %l3, %h3 = arith.mulsi_extended %cm, %cb : i32
  %s4, %o4 = arith.addui_extended %cb, %cb : i32, i1
  %d = arith.constant dense<[3, -3]> : vector<2xi32>
  %l6, %h6 = arith.mulsi_extended %d, %d : vector<2xi32>
  %l7, %h7 = arith.mului_extended %c1, %a : i32
  return %s, %o, %l, %h, %l2, %h2, %l3, %h3, %s4, %o4, %l6, %h6, %l7, %h7 : i32, i1, i32, i32, i32, i32, i32, i32, i32, i1, vector<2xi32>, vector<2xi32>, i32, i32
}

// -----

// CHECK-LABEL: func.func @unused_high
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    %[[B:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    %[[C:.*]] = arith.muli %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]] : i32, i32, i32
func.func @unused_high(%a: i32) -> (i32, i32, i32) {
  %s, %o = arith.addui_extended %a, %a : i32, i1
  %l, %h = arith.mulsi_extended %a, %a : i32
  %l2, %h2 = arith.mului_extended %a, %a : i32
  return %s, %l, %l2 : i32, i32, i32
}

// -----

// CHECK-LABEL: func.func @known_callee
// CHECK-NEXT:    %[[R:.*]] = call @known_callee(%arg0) : (i32) -> i32
// CHECK-NEXT:    return %[[R]] : i32
func.func @known_callee(%a: i32) -> i32 {
  %f = func.constant @known_callee : (i32) -> i32
  %0 = func.call_indirect %f(%a) : (i32) -> i32
  return %0 : i32
}
