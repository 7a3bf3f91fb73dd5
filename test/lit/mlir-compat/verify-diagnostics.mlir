// The designators of MLIR's --verify-diagnostics: a space before '@' or
// none, @+N, @-N, @above, @below, notes, warnings and remarks, several
// expectations on one line, and -re with {{regex}} pieces. The file passes
// under tt-opt and mlir-opt-16 alike (verify-diagnostics-mlir.mlir).
// RUN: tt-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @space_before_at() {
  %0 = arith.constant 1 : i32 // expected-note {{prior use here}}
  // expected-error @+1 {{expects different type than prior uses: 'i64' vs 'i32'}}
  %1 = arith.addi %0, %0 : i64
  return
}

// -----

func.func @above_and_regex() {
  %0 = arith.constant 1 : i32
  // expected-note@-1 {{prior use here}}
  %1 = arith.addi %0, %0 : i64
  // expected-error-re @above {{expects {{[a-z]+}} type than {{.*}}: 'i64' vs 'i32'}}
  return
}

// -----

func.func @below() {
  // expected-note @below {{prior use here}}
  %0 = arith.constant 1 : i32
  // expected-error@below {{use of value '%0'}}
  %1 = arith.addi %0, %0 : i64
  return
}

// -----

// expected-error @+2 {{'arith.addi' op requires the same type for all operands and results}}
func.func @verifier(%a: i32, %b: i64) {
  %0 = "arith.addi"(%a, %b) : (i32, i64) -> i32
  return
}

// -----

// expected-error @+1 {{expected non-function type}}
"test.a"() : () -> vector<?xf32>
