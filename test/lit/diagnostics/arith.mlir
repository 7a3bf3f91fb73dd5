// Verifier and custom-form diagnostics of MLIR 16's arith dialect.
// RUN: tt-opt %s -split-input-file -verify-diagnostics

func.func @trunci_scalable(%a: vector<[4]xi32>) {
  // expected-error@+1 {{'arith.trunci' op requires the same shape for all operands and results}}
  %0 = arith.trunci %a : vector<[4]xi32> to vector<4xi8>
  return
}

// -----

func.func @extsi_scalable(%a: vector<4xi8>) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %a : vector<4xi8> to vector<[4]xi32>
  return
}

// -----

func.func @bitcast_scalable(%a: vector<[4]xi32>) {
  // expected-error@+1 {{'arith.bitcast' op requires the same shape for all operands and results}}
  %0 = arith.bitcast %a : vector<[4]xi32> to vector<4xf32>
  return
}

// -----

func.func @sitofp_scalable(%a: vector<2x[4]xi32>) {
  // expected-error@+1 {{'arith.sitofp' op requires the same shape for all operands and results}}
  %0 = arith.sitofp %a : vector<2x[4]xi32> to vector<2x4xf32>
  return
}

// -----

func.func @index_cast_scalable(%a: vector<[4]xindex>) {
  // expected-error@+1 {{'arith.index_cast' op requires the same shape for all operands and results}}
  %0 = arith.index_cast %a : vector<[4]xindex> to vector<4xi32>
  return
}

// -----

func.func @trunci_wider(%a: i8) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i8' and result type 'i16' are cast incompatible}}
  %0 = arith.trunci %a : i8 to i16
  return
}

// -----

func.func @extui_narrower(%a: i16) {
  // expected-error@+1 {{'arith.extui' op operand type 'i16' and result type 'i8' are cast incompatible}}
  %0 = arith.extui %a : i16 to i8
  return
}

// -----

func.func @extf_narrower(%a: f64) {
  // expected-error@+1 {{'arith.extf' op operand type 'f64' and result type 'f32' are cast incompatible}}
  %0 = arith.extf %a : f64 to f32
  return
}

// -----

func.func @bitcast_width(%a: i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %a : i32 to f64
  return
}


// -----

func.func @cmpi_scalable(%a: vector<[4]xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%a, %a) {predicate = 0 : i64} : (vector<[4]xi32>, vector<[4]xi32>) -> vector<4xi1>
  return
}

// -----

func.func @addui_extended_types(%a: vector<4xi32>, %i: i32) {
  // expected-error@+1 {{'arith.addui_extended' op failed to verify that all of {lhs, rhs, sum} have same type}}
  %s, %o = "arith.addui_extended"(%a, %i) : (vector<4xi32>, i32) -> (vector<4xi32>, vector<4xi1>)
  return
}

// -----

func.func @addui_extended_overflow(%i: i32) {
  // expected-error@+1 {{'arith.addui_extended' op result #1 must be bool-like, but got 'i8'}}
  %s, %o = "arith.addui_extended"(%i, %i) : (i32, i32) -> (i32, i8)
  return
}

// -----

func.func @addui_extended_shape(%a: vector<4xi32>) {
  // expected-error@+1 {{'arith.addui_extended' op if an operand is non-scalar, then all results must be non-scalar}}
  %s, %o = arith.addui_extended %a, %a : vector<4xi32>, i1
  return
}

// -----

func.func @mulsi_extended_types(%i: i32) {
  // expected-error@+1 {{'arith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type}}
  %l, %h = "arith.mulsi_extended"(%i, %i) : (i32, i32) -> (i32, i64)
  return
}

// -----

func.func @mului_extended_float(%f: f32) {
  // expected-error@+1 {{'arith.mului_extended' op operand #0 must be signless-integer-like, but got 'f32'}}
  %l, %h = "arith.mului_extended"(%f, %f) : (f32, f32) -> (f32, f32)
  return
}

// -----

func.func @constant_type() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 1 : i32} : () -> i64
  return
}

// -----

func.func @addf_int(%a: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.addf"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @select_types(%c: i1, %a: i32, %b: i64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return
}
