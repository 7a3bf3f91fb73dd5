// Every verifier message of the vector dialect. Where tt and MLIR 16 agree
// on what is invalid the messages are MLIR 16's (invalid-mlir.mlir checks
// those against mlir-opt-16); tt also rejects what it does not support
// (vectors of rank 2 and more in loads and stores, broadcasts of vectors).
// RUN: tt-opt %s --split-input-file --verify-diagnostics

func.func @load_indices(%m: memref<4x8xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op requires 2 indices}}
  %0 = vector.load %m[%i] : memref<4x8xf32>, vector<8xf32>
  return
}

// -----

func.func @load_element_type(%m: memref<4x8xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op base and result element types should match}}
  %0 = vector.load %m[%i, %i] : memref<4x8xf32>, vector<8xf64>
  return
}

// -----

func.func @load_rank(%m: memref<4x8xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op expects a 1-D vector, got vector<2x4xf32> (loads and stores of other ranks are not supported)}}
  %0 = vector.load %m[%i, %i] : memref<4x8xf32>, vector<2x4xf32>
  return
}

// -----

func.func @load_zero_d(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op expects a 1-D vector, got vector<f32>}}
  %0 = vector.load %m[%i] : memref<4xf32>, vector<f32>
  return
}

// -----

func.func @load_scalar(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op result #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.load"(%m, %i) : (memref<4xf32>, index) -> f32
  return
}

// -----

func.func @load_tensor(%m: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.load' op operand #0 must be memref of any type values, but got 'tensor<4xf32>'}}
  %0 = "vector.load"(%m, %i) : (tensor<4xf32>, index) -> vector<4xf32>
  return
}

// -----

func.func @load_index_type(%m: memref<4xf32>, %i: i64) {
  // expected-error@+1 {{'vector.load' op operand #1 must be index, but got 'i64'}}
  %0 = "vector.load"(%m, %i) : (memref<4xf32>, i64) -> vector<4xf32>
  return
}

// -----

func.func @store_indices(%m: memref<4x8xf32>, %i: index, %v: vector<8xf32>) {
  // expected-error@+1 {{'vector.store' op requires 2 indices}}
  vector.store %v, %m[%i] : memref<4x8xf32>, vector<8xf32>
  return
}

// -----

func.func @store_element_type(%m: memref<4x8xf32>, %i: index, %v: vector<8xf64>) {
  // expected-error@+1 {{'vector.store' op base and valueToStore element type should match}}
  vector.store %v, %m[%i, %i] : memref<4x8xf32>, vector<8xf64>
  return
}

// -----

func.func @store_rank(%m: memref<4x8xf32>, %i: index, %v: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.store' op expects a 1-D vector, got vector<2x4xf32>}}
  vector.store %v, %m[%i, %i] : memref<4x8xf32>, vector<2x4xf32>
  return
}

// -----

func.func @store_scalar(%m: memref<4xf32>, %i: index, %v: f32) {
  // expected-error@+1 {{'vector.store' op operand #0 must be vector of any type values, but got 'f32'}}
  "vector.store"(%v, %m, %i) : (f32, memref<4xf32>, index) -> ()
  return
}

// -----

func.func @broadcast_type(%s: f64) {
  // expected-error@+1 {{'vector.broadcast' op failed to verify that source operand and result have same element type}}
  %0 = vector.broadcast %s : f64 to vector<8xf32>
  return
}

// -----

func.func @broadcast_vector(%s: vector<1xf32>) {
  // expected-error@+1 {{'vector.broadcast' op expects a scalar source, got vector<1xf32> (broadcasts of vectors are not supported)}}
  %0 = vector.broadcast %s : vector<1xf32> to vector<8xf32>
  return
}

// -----

func.func @broadcast_result(%s: f32) {
  // expected-error@+1 {{'vector.broadcast' op result #0 must be vector of any type values, but got 'tensor<8xf32>'}}
  %0 = "vector.broadcast"(%s) : (f32) -> tensor<8xf32>
  return
}

// -----

func.func @splat_type(%s: f64) {
  // expected-error@+1 {{'vector.splat' op failed to verify that operand type matches element type of result}}
  %0 = "vector.splat"(%s) : (f64) -> vector<8xf32>
  return
}

// -----

func.func @splat_custom_type(%s: f64) {
  // expected-error@+1 {{'vector.splat' op failed to verify that operand type matches element type of result}}
  %0 = vector.splat %s : vector<8xf32>
  return
}

// -----

func.func @fma_int(%v: vector<8xi32>) {
  // expected-error@+1 {{'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<8xi32>'}}
  %0 = vector.fma %v, %v, %v : vector<8xi32>
  return
}

// -----

func.func @fma_types(%v: vector<2xf32>, %w: vector<4xf32>) {
  // expected-error@+1 {{'vector.fma' op requires the same type for all operands and results}}
  %0 = "vector.fma"(%v, %v, %w) : (vector<2xf32>, vector<2xf32>, vector<4xf32>) -> vector<2xf32>
  return
}

// -----

func.func @fma_operands(%v: vector<2xf32>) {
  // expected-error@+1 {{'vector.fma' op expected 3 operands, but found 2}}
  %0 = "vector.fma"(%v, %v) : (vector<2xf32>, vector<2xf32>) -> vector<2xf32>
  return
}

// -----

func.func @reduction_kind_type(%v: vector<8xf32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type 'f32' for kind 'xor'}}
  %0 = vector.reduction <xor>, %v : vector<8xf32> into f32
  return
}

// -----

func.func @reduction_float_kind(%v: vector<8xi32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type 'i32' for kind 'maxf'}}
  %0 = vector.reduction <maxf>, %v : vector<8xi32> into i32
  return
}

// -----

func.func @reduction_index(%v: vector<8xindex>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction type 'index' for kind 'minf'}}
  %0 = vector.reduction <minf>, %v : vector<8xindex> into index
  return
}

// -----

func.func @reduction_result(%v: vector<8xf32>) {
  // expected-error@+1 {{'vector.reduction' op failed to verify that source operand and result have same element type}}
  %0 = vector.reduction <add>, %v : vector<8xf32> into f64
  return
}

// -----

func.func @reduction_rank(%v: vector<2x4xf32>) {
  // expected-error@+1 {{'vector.reduction' op unsupported reduction rank: 2}}
  %0 = vector.reduction <add>, %v : vector<2x4xf32> into f32
  return
}

// -----

func.func @reduction_unknown_kind(%v: vector<8xf32>) {
  // expected-error@+1 {{expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minf, maxui, maxsi, maxf, and, or, xor}}
  %0 = vector.reduction <sum>, %v : vector<8xf32> into f32
  return
}

// -----

func.func @reduction_missing_kind(%v: vector<4xf32>) {
  // expected-error@+1 {{'vector.reduction' op requires attribute 'kind'}}
  %0 = "vector.reduction"(%v) : (vector<4xf32>) -> f32
  return
}

// -----

func.func @reduction_scalar(%s: f32) {
  // expected-error@+1 {{'vector.reduction' op operand #0 must be vector of any type values, but got 'f32'}}
  %0 = "vector.reduction"(%s) {kind = #vector.kind<add>} : (f32) -> f32
  return
}

// -----

func.func @reduction_syntax(%v: vector<4xf32>) {
  // expected-error@+1 {{expected '<'}}
  %0 = vector.reduction add, %v : vector<4xf32> into f32
  return
}
