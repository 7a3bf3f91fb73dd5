// Verifier and custom-form diagnostics of MLIR 16's math dialect.
// RUN: tt-opt %s -split-input-file -verify-diagnostics

func.func @fpowi_int_base(%i: i32) {
  // expected-error@+1 {{'math.fpowi' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.fpowi"(%i, %i) : (i32, i32) -> i32
  return
}

// -----

func.func @fpowi_shape(%a: vector<4xf32>, %i: i32) {
  // expected-error@+1 {{'math.fpowi' op requires the same shape for all operands and results}}
  %0 = math.fpowi %a, %i : vector<4xf32>, i32
  return
}

// -----

func.func @fpowi_float_exponent(%a: f32) {
  // expected-error@+1 {{'math.fpowi' op operand #1 must be signless-integer-like, but got 'f32'}}
  %0 = "math.fpowi"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

func.func @absi_float(%a: f32) {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "math.absi"(%a) : (f32) -> f32
  return
}

// -----

func.func @sqrt_int(%a: i32) {
  // expected-error@+1 {{'math.sqrt' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "math.sqrt"(%a) : (i32) -> i32
  return
}

// -----

func.func @powf_types(%a: f32, %b: f64) {
  // expected-error@+1 {{'math.powf' op requires the same type for all operands and results}}
  %0 = "math.powf"(%a, %b) : (f32, f64) -> f32
  return
}

// -----

func.func @fma_count(%a: f32) {
  // expected-error@+1 {{'math.fma' op expected 3 operands, but found 2}}
  %0 = "math.fma"(%a, %a) : (f32, f32) -> f32
  return
}
