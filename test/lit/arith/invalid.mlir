// Verifier and parser errors of the arith and math dialects, with MLIR 16's
// messages (each also checked against mlir-opt-16 when it was written).
// RUN: tt-opt %s --split-input-file --verify-diagnostics

func.func @addi_float(%x: f32) {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = "arith.addi"(%x, %x) : (f32, f32) -> f32
  return
}

// -----

func.func @addf_int(%x: i32) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = "arith.addf"(%x, %x) : (i32, i32) -> i32
  return
}

// -----

func.func @addf_zero_d_vector(%x: vector<f32>) {
  // expected-error@+1 {{'arith.addf' op operand #0 must be floating-point-like, but got 'vector<f32>'}}
  %0 = arith.addf %x, %x : vector<f32>
  return
}

// -----

func.func @addi_mixed(%x: i32, %y: i64) {
  // expected-error@+1 {{'arith.addi' op requires the same type for all operands and results}}
  %0 = "arith.addi"(%x, %y) : (i32, i64) -> i32
  return
}

// -----

func.func @addi_one_operand(%x: i32) {
  // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 1}}
  %0 = "arith.addi"(%x) : (i32) -> i32
  return
}

// -----

func.func @negf_shape(%x: f32) {
  // expected-error@+1 {{'arith.negf' op requires the same type for all operands and results}}
  %0 = "arith.negf"(%x) : (f32) -> vector<4xf32>
  return
}

// -----

func.func @fastmath_generic(%x: f32) {
  // expected-error@+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%x, %x) {fastmath = 1 : i32} : (f32, f32) -> f32
  return
}

// -----

func.func @fastmath_custom(%x: f32) {
  // expected-error@+1 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = arith.addf %x, %x fastmath<bogus> : f32
  return
}

// -----

func.func @cmpi_predicate_range(%x: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%x, %x) {predicate = 12 : i64} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_predicate_type(%x: i32) {
  // expected-error@+1 {{'arith.cmpi' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}
  %0 = "arith.cmpi"(%x, %x) {predicate = 1 : i32} : (i32, i32) -> i1
  return
}

// -----

func.func @cmpf_predicate_range(%x: f32) {
  // expected-error@+1 {{'arith.cmpf' op attribute 'predicate' failed to satisfy constraint: allowed 64-bit signless integer cases: 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}}
  %0 = "arith.cmpf"(%x, %x) {predicate = 16 : i64} : (f32, f32) -> i1
  return
}

// -----

func.func @cmpi_no_predicate(%x: i32) {
  // expected-error@+1 {{'arith.cmpi' op requires attribute 'predicate'}}
  %0 = "arith.cmpi"(%x, %x) : (i32, i32) -> i1
  return
}

// -----

func.func @cmpi_result(%x: i32) {
  // expected-error@+1 {{'arith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "arith.cmpi"(%x, %x) {predicate = 1 : i64} : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_mixed(%x: i32, %y: i64) {
  // expected-error@+1 {{'arith.cmpi' op requires all operands to have the same type}}
  %0 = "arith.cmpi"(%x, %y) {predicate = 1 : i64} : (i32, i64) -> i1
  return
}

// -----

func.func @cmpi_result_shape(%x: i32) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%x, %x) {predicate = 1 : i64} : (i32, i32) -> vector<2xi1>
  return
}

// -----

func.func @cmpi_result_dynamic(%x: tensor<4xi32>) {
  // expected-error@+1 {{'arith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "arith.cmpi"(%x, %x) {predicate = 0 : i64} : (tensor<4xi32>, tensor<4xi32>) -> tensor<?xi1>
  return
}

// -----

func.func @cmpf_bad_keyword(%x: f32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]}}
  %0 = arith.cmpf foo, %x, %x : f32
  return
}

// -----

func.func @cmpi_bad_keyword(%x: i32) {
  // expected-error@+1 {{expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi olt, %x, %x : i32
  return
}

// -----

func.func @cmpi_custom_float(%x: f32) {
  // expected-error@+1 {{'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = arith.cmpi eq, %x, %x : f32
  return
}

// -----

func.func @cmpf_custom_int(%x: vector<4xi32>) {
  // expected-error@+1 {{'lhs' must be floating-point-like, but got 'vector<4xi32>'}}
  %0 = arith.cmpf olt, %x, %x : vector<4xi32>
  return
}

// -----

func.func @select_cond_type(%c: i32, %x: f32) {
  // expected-error@+1 {{'arith.select' op operand #0 must be bool-like, but got 'i32'}}
  %0 = "arith.select"(%c, %x, %x) : (i32, f32, f32) -> f32
  return
}

// -----

func.func @select_types(%c: i1, %x: f32, %y: f64) {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %x, %y) : (i1, f32, f64) -> f32
  return
}

// -----

func.func @select_vector_cond_scalar(%c: vector<4xi1>, %x: f32) {
  // expected-error@+1 {{'arith.select' op if an operand is non-scalar, then there must be at least one non-scalar result}}
  %0 = arith.select %c, %x, %x : vector<4xi1>, f32
  return
}

// -----

func.func @select_shape(%c: vector<3xi1>, %x: vector<4xf32>) {
  // expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.select"(%c, %x, %x) : (vector<3xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @select_base_type(%c: tensor<4xi1>, %x: vector<4xf32>) {
  // expected-error@+1 {{'arith.select' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.select"(%c, %x, %x) : (tensor<4xi1>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

func.func @select_cond_shape(%c: tensor<?xi1>, %x: tensor<4xf32>) {
  // expected-error@+1 {{'arith.select' op expected condition type to have the same shape as the result type, expected 'tensor<4xi1>', but got 'tensor<?xi1>'}}
  %0 = "arith.select"(%c, %x, %x) : (tensor<?xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @select_two_operands(%c: i1, %x: i32) {
  // expected-error@+1 {{expected 3 operands}}
  %0 = arith.select %c, %x : i32
  return
}

// -----

func.func @select_generic_two_operands(%x: i1) {
  // expected-error@+1 {{'arith.select' op expected 3 operands, but found 2}}
  %0 = "arith.select"(%x, %x) : (i1, i1) -> i1
  return
}

// -----

func.func @extsi_same_width(%x: i32) {
  // expected-error@+1 {{'arith.extsi' op operand type 'i32' and result type 'i32' are cast incompatible}}
  %0 = arith.extsi %x : i32 to i32
  return
}

// -----

func.func @extui_narrower(%x: i32) {
  // expected-error@+1 {{'arith.extui' op operand type 'i32' and result type 'i8' are cast incompatible}}
  %0 = arith.extui %x : i32 to i8
  return
}

// -----

func.func @trunci_wider(%x: i32) {
  // expected-error@+1 {{'arith.trunci' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.trunci %x : i32 to i64
  return
}

// -----

func.func @extf_narrower(%x: f32) {
  // expected-error@+1 {{'arith.extf' op operand type 'f32' and result type 'f16' are cast incompatible}}
  %0 = arith.extf %x : f32 to f16
  return
}

// -----

func.func @extf_same_width(%x: f16) {
  // expected-error@+1 {{'arith.extf' op operand type 'f16' and result type 'bf16' are cast incompatible}}
  %0 = arith.extf %x : f16 to bf16
  return
}

// -----

func.func @truncf_wider(%x: f32) {
  // expected-error@+1 {{'arith.truncf' op operand type 'f32' and result type 'f64' are cast incompatible}}
  %0 = arith.truncf %x : f32 to f64
  return
}

// -----

func.func @extsi_shape(%x: vector<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = arith.extsi %x : vector<4xi32> to vector<5xi64>
  return
}

// -----

func.func @extsi_scalar_to_vector(%x: i32) {
  // expected-error@+1 {{'arith.extsi' op requires the same shape for all operands and results}}
  %0 = "arith.extsi"(%x) : (i32) -> vector<4xi64>
  return
}

// -----

func.func @extsi_base_type(%x: tensor<4xi32>) {
  // expected-error@+1 {{'arith.extsi' op all non-scalar operands/results must have the same shape and base type}}
  %0 = "arith.extsi"(%x) : (tensor<4xi32>) -> vector<4xi64>
  return
}

// -----

func.func @index_cast_int(%x: i32) {
  // expected-error@+1 {{'arith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible}}
  %0 = arith.index_cast %x : i32 to i64
  return
}

// -----

func.func @index_cast_memref_to_vector(%x: memref<4xi32>) {
  // expected-error@+1 {{'arith.index_cast' op if a result is non-scalar, then at least one operand must be non-scalar}}
  %0 = "arith.index_cast"(%x) : (memref<4xi32>) -> vector<4xindex>
  return
}

// -----

func.func @index_cast_tensor_to_vector(%x: tensor<4xi32>) {
  // expected-error@+1 {{'arith.index_cast' op all non-scalar operands/results must have the same shape and base type}}
  %0 = arith.index_cast %x : tensor<4xi32> to vector<4xindex>
  return
}

// -----

func.func @bitcast_width(%x: i32) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'i32' and result type 'f64' are cast incompatible}}
  %0 = arith.bitcast %x : i32 to f64
  return
}

// -----

func.func @bitcast_index(%x: index) {
  // expected-error@+1 {{'arith.bitcast' op operand type 'index' and result type 'i64' are cast incompatible}}
  %0 = arith.bitcast %x : index to i64
  return
}

// -----

func.func @bitcast_scalar_to_vector(%x: f32) {
  // expected-error@+1 {{'arith.bitcast' op requires the same shape for all operands and results}}
  %0 = arith.bitcast %x : f32 to vector<1xi32>
  return
}

// -----

func.func @sitofp_to_int(%x: i32) {
  // expected-error@+1 {{'arith.sitofp' op result #0 must be floating-point-like, but got 'i32'}}
  %0 = arith.sitofp %x : i32 to i32
  return
}

// -----

func.func @fptosi_to_index(%x: f32) {
  // expected-error@+1 {{'arith.fptosi' op result #0 must be signless-fixed-width-integer-like, but got 'index'}}
  %0 = arith.fptosi %x : f32 to index
  return
}

// -----

func.func @constant_type() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 1 : i64} : () -> i32
  return
}

// -----

func.func @constant_float_type() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = 1.0 : f32} : () -> f64
  return
}

// -----

func.func @constant_string() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "arith.constant"() {value = "foo"} : () -> i32
  return
}

// -----

func.func @constant_typed_string() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %0 = "arith.constant"() {value = "foo" : i32} : () -> i32
  return
}

// -----

func.func @constant_array() {
  // expected-error@+1 {{'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance}}
  %0 = "arith.constant"() {value = [1]} : () -> i32
  return
}

// -----

func.func @constant_unsigned() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %0 = "arith.constant"() {value = 1 : ui32} : () -> ui32
  return
}

// -----

func.func @constant_no_value() {
  // expected-error@+1 {{'arith.constant' op requires attribute 'value'}}
  %0 = "arith.constant"() : () -> i32
  return
}

// -----

func.func @absf_int(%x: i32) {
  // expected-error@+1 {{'math.absf' op operand #0 must be floating-point-like, but got 'i32'}}
  %0 = math.absf %x : i32
  return
}

// -----

func.func @absi_float(%x: f32) {
  // expected-error@+1 {{'math.absi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = math.absi %x : f32
  return
}

// -----

func.func @fma_mixed(%x: f32, %y: f64) {
  // expected-error@+1 {{'math.fma' op requires the same type for all operands and results}}
  %0 = "math.fma"(%x, %x, %y) : (f32, f32, f64) -> f32
  return
}

// -----

func.func @powf_fastmath(%x: f32) {
  // expected-error@+1 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = math.powf %x, %x fastmath<nnan,fastest> : f32
  return
}
