// Self-test of the mlir-opt substitution (the installed mlir-opt-16, when
// present).
//
// REQUIRES: mlir-opt, llvm-filecheck
// RUN: mlir-opt %s | FileCheck %s
// RUN: mlir-opt --canonicalize %s | FileCheck %s --check-prefix=CANON
// RUN: echo 'func.func @f(' | not mlir-opt 2>&1 | FileCheck %s --check-prefix=PARSE

// CHECK-LABEL: func.func @add
// CHECK: arith.addi
// CANON-LABEL: func.func @add
// CANON-NEXT: %[[C:.*]] = arith.constant 3 : i32
// CANON-NEXT: return %[[C]]
// PARSE: error:
func.func @add() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}
