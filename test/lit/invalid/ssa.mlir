// SSA naming and dominance errors.
// RUN: tt-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @undefined() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "test.use"(%nope) : (i32) -> ()
  return
}

// -----

func.func @redefined() {
  // expected-note@+1 {{previously defined here}}
  %0 = "test.a"() : () -> i32
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = "test.b"() : () -> i32
  return
}

// -----

func.func @type_mismatch(%arg0: i32) { // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%arg0' expects different type than prior uses: 'f32' vs 'i32'}}
  "test.use"(%arg0) : (f32) -> ()
  return
}

// -----

func.func @dominance() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%x) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %x = "test.def"() : () -> i32
  return
}

// -----

func.func @dominance_blocks(%c: i1) {
  "test.cond_br"(%c)[^a, ^b] : (i1) -> ()
^a:
  // expected-note@+1 {{operand defined here (op in the same region)}}
  %x = "test.def"() : () -> i32
  "test.br"()[^b] : () -> ()
^b:
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%x) : (i32) -> ()
  return
}

// -----

func.func @self_use() {
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %x = "test.a"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "test.use"(%x) : (i32) -> ()
  }) : () -> i32
  return
}

// -----

func.func @isolation(%arg0: i32) {
  func.func @inner() {
    // Names of an isolated region's parent are not visible inside it.
    // expected-error@+1 {{use of undeclared SSA value name}}
    "test.use"(%arg0) : (i32) -> ()
    return
  }
  return
}

// -----

func.func @result_number() {
  %0:2 = "test.a"() : () -> (i32, i32)
  // expected-error@+1 {{reference to invalid result number}}
  "test.use"(%0#2) : (i32) -> ()
  return
}

// -----

func.func @undefined_block() {
  // expected-error@+1 {{reference to an undefined block}}
  "test.br"()[^nowhere] : () -> ()
  return
}

// -----

func.func @redefined_block() {
  "test.br"()[^bb1] : () -> ()
^bb1:
  "test.br"()[^bb1] : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

func.func @forward_type_mismatch() {
  "test.use"(%late) : (i32) -> () // expected-note {{previously used here with type 'i32'}}
  // expected-error@+1 {{definition of SSA value '%late#0' has type 'f32'}}
  %late = "test.def"() : () -> f32
  return
}
