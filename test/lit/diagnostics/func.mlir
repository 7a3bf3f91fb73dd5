// Verifier diagnostics of MLIR 16's func and builtin dialects.
// RUN: tt-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
func.func @entry_args(f32) {
  return
}

// -----

// expected-error@+1 {{'func.func' op type of entry block argument #0('i32') must match the type of the corresponding argument in function signature('f32')}}
func.func @entry_type(f32) {
^bb0(%a: i32):
  return
}

// -----

func.func @ret_count() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@ret_count) returns 1}}
  return
}

// -----

func.func @ret_type(%arg0: f32) -> i32 {
  // expected-error@+1 {{type of return operand 0 ('f32') doesn't match function result type ('i32') in function @ret_type}}
  return %arg0 : f32
}

// -----

// expected-error@+1 {{symbol declaration cannot have public visibility}}
func.func @decl()

// -----

func.func @call_missing() {
  // expected-error@+1 {{'func.call' op 'missing' does not reference a valid function}}
  func.call @missing() : () -> ()
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @call_operands(%a: f32) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  %0 = func.call @callee(%a) : (f32) -> i32
  return
}

// -----

func.func private @callee(i32) -> i32
func.func @call_count(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = func.call @callee(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @constant_missing() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'nope'}}
  %0 = func.constant @nope : () -> ()
  return
}

// -----

func.func @constant_type() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %0 = func.constant @constant_type : () -> i32
  return
}

// -----

func.func @constant_attr() {
  // expected-error@+1 {{'func.constant' op attribute 'value' failed to satisfy constraint: flat symbol reference attribute}}
  %0 = "func.constant"() {value = "f"} : () -> (() -> ())
  return
}

// -----

func.func @call_indirect_args(%a: i32) -> i32 {
  %f = func.constant @call_indirect_args : (i32) -> i32
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee input types match argument types}}
  %0 = "func.call_indirect"(%f, %a, %a) : ((i32) -> i32, i32, i32) -> i32
  return %0 : i32
}

// -----

func.func @call_indirect_results(%a: i32) -> i32 {
  %f = func.constant @call_indirect_results : (i32) -> i32
  // expected-error@+1 {{'func.call_indirect' op failed to verify that callee result types match result types}}
  %0 = "func.call_indirect"(%f, %a) : ((i32) -> i32, i32) -> i64
  return %a : i32
}

// -----

func.func @call_indirect_callee(%a: i32) {
  // expected-error@+1 {{'func.call_indirect' op operand #0 must be function type, but got 'i32'}}
  %0 = "func.call_indirect"(%a, %a) : (i32, i32) -> i64
  return
}

// -----

func.func @return_parent() {
  "test.region"() ({
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return
  }) : () -> ()
  return
}

// -----

// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
builtin.module {
^bb0:
  "test.a"() : () -> ()
^bb1:
  "test.b"() : () -> ()
}

// -----

func.func @constant_not_a_symbol() {
  // expected-error@+1 {{invalid kind of attribute specified}}
  %0 = func.constant "f" : index
  return
}

// -----

func.func private @two_results() -> (i32, f32)
func.func @result_types() {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{op result types: 'f32', 'i32'}}
  // expected-note@+1 {{function result types: 'i32', 'f32'}}
  %0:2 = func.call @two_results() : () -> (f32, i32)
  return
}

// -----

// expected-error@+1 {{expected type instead of SSA identifier}}
func.func @types_then_names(i32, %b: f32)

// -----

// expected-error@+1 {{@ identifier expected to start with letter or '_'}}
func.func private @$dollar()

// -----

// expected-error@+1 {{'func.func' op arguments may only have dialect attributes}}
func.func private @plain_arg_attr(f32 {plain = 1})

// -----

// expected-error@+1 {{'func.func' op results may only have dialect attributes}}
func.func private @plain_result_attr() -> (f32 {plain = 1})

// -----

// A dialect attribute (with a '.') is fine on arguments and results.
func.func private @dialect_arg_attr(f32 {test.any = 1}) -> (f32 {test.any = 2})
