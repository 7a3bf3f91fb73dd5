// The verifier and parser errors of the cf ops, checked with tt-opt and
// with mlir-opt-16: the same messages on the same lines.
// REQUIRES: mlir-opt
// RUN: tt-opt %s --split-input-file --verify-diagnostics
// RUN: mlir-opt %s --split-input-file --verify-diagnostics

func.func @br_too_many_operands(%a: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

func.func @br_type_mismatch(%a: i32) {
  // expected-error@+1 {{type mismatch for bb argument #0 of successor #0}}
  cf.br ^bb1(%a : i32)
^bb1(%x: f32):
  return
}

// -----

func.func @br_two_successors() {
  // expected-error@+1 {{'cf.br' op requires 1 successor but found 2}}
  "cf.br"()[^bb1, ^bb1] : () -> ()
^bb1:
  return
}

// -----

func.func @br_custom_counts(%a: i32) {
  // expected-error@+1 {{1 operands present, but expected 2}}
  cf.br ^bb1(%a : i32, i32)
^bb1(%x: i32):
  return
}

// -----

func.func @cond_br_condition(%c: i32) {
  // expected-error@+1 {{'cf.cond_br' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] {operand_segment_sizes = array<i32: 1, 0, 0>} : (i32) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_no_segments(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op requires dense i32 array attribute 'operand_segment_sizes'}}
  "cf.cond_br"(%c)[^bb1, ^bb1] : (i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_segment_count(%c: i1) {
  // expected-error@+1 {{'cf.cond_br' op 'operand_segment_sizes' attribute for specifying operand segments must have 3 elements, but got 2}}
  "cf.cond_br"(%c)[^bb1, ^bb1] {operand_segment_sizes = array<i32: 1, 0>} : (i1) -> ()
^bb1:
  return
}

// -----

func.func @cond_br_false_operands(%c: i1, %a: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #1, but target block has 0}}
  cf.cond_br %c, ^bb1, ^bb2(%a : i32)
^bb1:
  return
^bb2:
  return
}

// -----

func.func @assert_no_message(%c: i1) {
  // expected-error@+1 {{'cf.assert' op requires attribute 'msg'}}
  "cf.assert"(%c) : (i1) -> ()
  return
}

// -----

func.func @assert_condition(%c: i32) {
  // expected-error@+1 {{'cf.assert' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "cf.assert"(%c) {msg = "m"} : (i32) -> ()
  return
}

// -----

func.func @br_not_last(%a: i32) {
  // expected-error@+1 {{operation with block successors must terminate its parent block}}
  cf.br ^bb1
  return
^bb1:
  return
}
