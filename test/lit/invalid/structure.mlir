// Verifier errors about structure, symbols and functions.
// RUN: tt-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{empty block: expect at least a terminator}}
func.func @no_terminator() {
^bb0:
}

// -----

func.func @not_last() {
  // expected-error@+1 {{'func.return' op must be the last operation in the parent block}}
  return
  "test.after"() : () -> ()
}

// -----

// expected-note@+1 {{see existing symbol definition here}}
func.func @dup() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'dup'}}
func.func @dup() {
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

func.func @caller() {
  // expected-error@+1 {{'func.call' op 'missing' does not reference a valid function}}
  func.call @missing() : () -> ()
  return
}

// -----

func.func private @callee(i32)
func.func @caller(%arg0: f32) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  func.call @callee(%arg0) : (f32) -> ()
  return
}

// -----

func.func private @callee() -> i32
func.func @caller() {
  // expected-error@+1 {{'func.call' op incorrect number of results for callee}}
  func.call @callee() : () -> ()
  return
}

// -----

// expected-error@+1 {{'func.func' op symbol declaration cannot have public visibility}}
func.func @public_decl()

// -----

// expected-error@+1 {{'func.func' op entry block must have 1 arguments to match function signature}}
"func.func"() ({
^bb0:
  "func.return"() : () -> ()
}) {function_type = (i32) -> (), sym_name = "f"} : () -> ()

// -----

// expected-error@+1 {{'func.func' op requires attribute 'function_type'}}
"func.func"() ({
}) {sym_name = "f"} : () -> ()

// -----

// expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
"func.return"() : () -> ()

// -----

// expected-error@+1 {{'func.func' op attribute 'function_type' failed to satisfy constraint: type attribute of function type}}
"func.func"() ({
}) {function_type = i32, sym_name = "f"} : () -> ()

// -----

// expected-error@+1 {{'builtin.module' op expects region #0 to have 0 or 1 blocks}}
"builtin.module"() ({
^bb0:
  "test.a"() : () -> ()
^bb1:
  "test.b"() : () -> ()
}) : () -> ()

// -----

// expected-error@+1 {{custom op 'func.func' expected non-empty function body}}
func.func @empty_body() {}
