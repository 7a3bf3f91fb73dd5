// Errors in custom forms: MLIR prefixes what an op's parser reports with
// "custom op 'name' ", and locates keywords it expected at the next token.
// RUN: tt-opt %s -split-input-file -verify-diagnostics

func.func @non_empty_body() {
// expected-error@-1 {{custom op 'func.func' expected non-empty function body}}
}

// -----

// expected-error@+1 {{custom op 'func.func' expected SSA identifier}}
func.func @mixed_args(%a: i32, f32)

// -----

func.func @missing_to(%a: i32) {
  %0 = arith.trunci %a : i32
  // expected-error@+1 {{custom op 'arith.trunci' expected 'to'}}
  return
}

// -----

func.func @bad_predicate(%a: i32) {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return
}

// -----

func.func @select_condition(%a: i32) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i1' vs 'i32'}}
  %0 = arith.select %a, %a, %a : i32
  return
}
// expected-note@-5 {{prior use here}}

// -----

func.func @missing_colon(%a: f32) {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.addf %a, %a f32
  return
}

// -----

func.func @stray_type() {
  // expected-error@+1 {{expected operation name in quotes}}
  %c = arith.constant 1 i32
  return
}
