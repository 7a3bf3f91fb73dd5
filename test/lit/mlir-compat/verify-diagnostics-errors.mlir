// What --verify-diagnostics reports, in mlir-opt's words: unexpected
// diagnostics, expectations not produced, a diagnostic of another severity
// than expected, and malformed designators (which do not stop the rest).
// RUN: not tt-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect 2>&1 | filecheck %s
// The same messages from mlir-opt-16 (whose locations read "within split at
// FILE:N offset :L:C") are checked by verify-diagnostics-errors-mlir.mlir
// with the MLIR prefix.
// MLIR: error: 'error' diagnostic emitted when expecting a 'warning'
// MLIR: error: unexpected note: prior use here
// MLIR: error: expected warning "expects different type" was not produced
// MLIR: error: invalid regex:
// MLIR: error: unexpected error: expected non-function type
// MLIR: error: found start of regex with no end '}}'
// MLIR: error: expected error "something" was not produced

func.func @f() {
  %0 = arith.constant 1 : i32
  // expected-warning @+1 {{expects different type}}
  %1 = arith.addi %0, %0 : i64
  return
}
// CHECK: verify-diagnostics-errors.mlir:[[@LINE-4]]:6: error: 'error' diagnostic emitted when expecting a 'warning'
// CHECK: verify-diagnostics-errors.mlir:[[@LINE-6]]:3: error: unexpected note: prior use here
// CHECK: verify-diagnostics-errors.mlir:[[@LINE-6]]:6: error: expected warning "expects different type" was not produced

// -----

// expected-error-re @+1 {{bad {{[}}}}
"test.x"() : () -> (i32, )
// CHECK: verify-diagnostics-errors.mlir:[[@LINE-2]]:4: error: invalid regex:
// CHECK: verify-diagnostics-errors.mlir:[[@LINE-2]]:25: error: unexpected error: expected non-function type

// -----

// expected-error-re @+1 {{bad {{[a}}
"test.x"() : () -> (i32, )
// CHECK: verify-diagnostics-errors.mlir:[[@LINE-2]]:4: error: found start of regex with no end '}}'

// -----

// expected-error @+1 {{expected non-function type}}
"test.x"() : () -> (i32, )
// expected-error {{something}}
// CHECK: verify-diagnostics-errors.mlir:[[@LINE-1]]:4: error: expected error "something" was not produced
