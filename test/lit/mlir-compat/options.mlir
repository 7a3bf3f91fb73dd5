// LLVM-style options: one dash or two, values after '=' or in the next
// argument, short flags kept; the same RUN lines as upstream MLIR tests.
// RUN: tt-opt -canonicalize %s | filecheck %s
// RUN: tt-opt --canonicalize %s | filecheck %s
// RUN: tt-opt -pass-pipeline='builtin.module(canonicalize)' %s | filecheck %s
// RUN: tt-opt -pass-pipeline 'builtin.module(canonicalize)' %s -o %t && filecheck -input-file=%t %s
// RUN: tt-opt -allow-unregistered-dialect -canonicalize -mlir-print-op-generic %s | filecheck -check-prefix GENERIC %s
// RUN: tt-opt -canonicalize=max-iterations=1 -split-input-file %s | filecheck -check-prefixes=CHECK %s
// RUN: not tt-opt -pass-pipeline='builtin.module(cse)' -cse %s 2>&1 | filecheck -check-prefix=MIX %s
// RUN: not tt-opt --pass-pipeline='builtin.module(cse)' --canonicalize %s 2>&1 | filecheck -check-prefix=MIX %s
// RUN: not tt-opt -no-such-option %s 2>&1 | filecheck -check-prefix=UNKNOWN %s

// CHECK-LABEL: func.func @fold
// CHECK-NEXT:    %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    return %[[C]] : i32
// GENERIC: "func.return"
func.func @fold() -> i32 {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 2 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}

// MIX: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options
// UNKNOWN: unknown flag: --no-such-option
