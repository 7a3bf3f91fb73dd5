// Parser diagnostics of MLIR 16 for the syntax tt claims: text and
// location as mlir-opt-16 reports them (TestDiagnosticsAgreeWithMLIR runs
// every file of this directory through mlir-opt-16 too).
// RUN: tt-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

func.func @missing_value() {
  // An "expected" error points just past the text before the offending
  // token, before a comment, on the line where something is missing.
  // expected-error@+1 {{expected attribute value}}
  %c0 = arith.constant   // comment
  return
}

// -----

func.func @stray_type() {
  // expected-error@+1 {{expected operation name in quotes}}
  %c = arith.constant 1 i32
  return
}

// -----

// expected-error@+1 {{expected ':' after dense array type}}
"test.a"() {a = array<i8)} : () -> ()

// -----

// expected-error@+1 {{expected '>' to close an array attribute}}
"test.a"() {a = array<i8: 1, 2)} : () -> ()

// -----

// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"test.a"() {a = array<i4: 1>} : () -> ()

// -----

func.func @prior_use() {
  %0 = arith.constant 1 : i32 // expected-note {{prior use here}}
  // expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
  %1 = arith.addi %0, %0 : i64
  return
}

// -----

func.func @forward_use() {
  "test.use"(%late) : (i32) -> () // expected-note {{previously used here with type 'i32'}}
  // expected-error@+1 {{definition of SSA value '%late#0' has type 'f32'}}
  %late = "test.def"() : () -> f32
  return
}

// -----

func.func @redefinition() {
  %0 = "test.a"() : () -> i32 // expected-note {{previously defined here}}
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = "test.b"() : () -> i32
  return
}

// -----

// expected-error@+1 {{expected ')' to end operand list}}
"test.a"(%0 %1) : () -> ()

// -----

"test.a"() ({
// expected-error@+1 {{expected ')' to end region list}}
}

// -----

// expected-error@+1 {{expected '{' to begin a region}}
"test.a"() () : () -> ()

// -----

// expected-error@+1 {{expected 2 operand types but had 1}}
"test.a"(%a, %b) : (i32) -> ()

// -----

// expected-error@+1 {{expected '>' in tensor type}}
"test.a"() : () -> tensor<4xf32
  return

// -----

// expected-error@+1 {{expected non-function type}}
"test.a"() : () -> vector<?xf32>

// -----

// expected-error@+1 {{vector types must have positive constant sizes}}
"test.a"() : () -> vector<0xf32>

// -----

// expected-error@+1 {{missing ']' closing set of scalable dimensions}}
"test.a"() : () -> vector<4x[?]xf32>

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"test.a"() {v = dense<1> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal must be a shaped type}}
"test.a"() {v = dense<1> : i32} : () -> ()

// -----

// expected-error@+1 {{expected floating-point elements, but parsed integer}}
"test.a"() {v = dense<[1, 2]> : tensor<2xcomplex<f32>>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"test.a"() {v = dense<(1.5, 2)> : tensor<2xcomplex<i32>>} : () -> ()

// -----

// expected-error@+1 {{expected ')' after complex elements}}
"test.a"() {v = dense<(1, 2, 3)> : tensor<2xcomplex<i32>>} : () -> ()

// -----

// expected-error@+1 {{expected ',' between complex elements}}
"test.a"() {v = dense<(1)> : tensor<2xcomplex<i32>>} : () -> ()

// -----

// expected-error@+1 {{Dialect `nodialect' not found for custom op 'nodialect.op'}}
nodialect.op %x
// expected-note@-1 {{Registered dialects:}}

// -----

// expected-error@+1 {{custom op 'func.nope' is unknown}}
func.nope

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.a"() {v = 256 : i8} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"test.a"() {v = #nope} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"test.a"() {a = 1, a = 2} : () -> ()

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%a, %b = "test.a"() : () -> i32

// -----

func.func @undefined_block() {
  // expected-error@+1 {{reference to an undefined block}}
  "test.br"()[^nowhere] : () -> ()
  return
}
