// The same option spellings and the refusal of -pass-pipeline mixed with
// pass flags, checked with mlir-opt-16 against the lines tt-opt meets in
// options.mlir.
// REQUIRES: mlir-opt
// RUN: mlir-opt -canonicalize %s | filecheck %s
// RUN: mlir-opt -pass-pipeline 'builtin.module(canonicalize)' %s -o %t && filecheck -input-file=%t %s
// RUN: not mlir-opt -pass-pipeline='builtin.module(cse)' -cse %s 2>&1 | filecheck -check-prefix=MIX %s

// CHECK-LABEL: func.func @fold
// CHECK-NEXT:    %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    return %[[C]] : i32
func.func @fold() -> i32 {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 2 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

// MIX: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options
