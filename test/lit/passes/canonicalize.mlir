// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(canonicalize))' | filecheck %s
// RUN: tt-opt %s --canonicalize | filecheck %s

// Constants are folded, uniqued and hoisted to the start of the entry
// block in the order MLIR's folder puts them (each constant moved to the
// front when it is not already in the run of constants there).
// CHECK-LABEL: func.func @fold
// CHECK-NEXT:    %[[C9:.*]] = arith.constant 9 : i32
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %[[C1]] : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[A]], %[[C2]] : i32
// CHECK-NEXT:    %[[R:.*]] = arith.addi %[[M]], %[[C9]] : i32
// CHECK-NEXT:    return %[[R]] : i32
func.func @fold(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %c2 = arith.constant 2 : i32
  %1 = arith.muli %0, %c2 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %2 = arith.addi %c4, %c5 : i32
  %3 = arith.addi %1, %2 : i32
  %c1b = arith.constant 1 : i32
  %4 = arith.muli %3, %c1b : i32
  %dead = arith.subi %4, %4 : i32
  return %4 : i32
}

// Constant operands of commutative ops go last.
// CHECK-LABEL: func.func @commutative
// CHECK-NEXT:    %[[C:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[X:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    %[[Y:.*]] = arith.muli %arg1, %[[C]] : i32
// CHECK-NEXT:    return %[[X]], %[[Y]]
func.func @commutative(%a: i32, %b: i32) -> (i32, i32) {
  %c = arith.constant 5 : i32
  %0 = arith.addi %c, %a : i32
  %1 = arith.muli %c, %b : i32
  return %0, %1 : i32, i32
}

// Unreachable blocks and dead ops are erased.
// CHECK-LABEL: func.func @unreachable
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
func.func @unreachable(%a: i32) -> i32 {
  return %a : i32
^bb1:
  %0 = arith.addi %a, %a : i32
  return %0 : i32
}
