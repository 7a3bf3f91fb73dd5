// Invalid attributes and types.
// RUN: tt-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{integer constant out of range for attribute}}
"test.a"() {v = 256 : i8} : () -> ()

// -----

// expected-error@+1 {{integer constant out of range for attribute}}
"test.a"() {v = 128 : si8} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"test.a"() {v = -1 : ui8} : () -> ()

// -----

// expected-error@+1 {{element type bitwidth must be a multiple of 8}}
"test.a"() {v = array<i4: 1>} : () -> ()

// -----

// expected-error@+1 {{expected '>' to close an array attribute}}
"test.a"() {v = array<i64: 1 2>} : () -> ()

// -----

// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"test.a"() {v = 1 : f32} : () -> ()
// expected-note@-1 {{add a trailing dot to make the literal a float}}

// -----

// expected-error@+1 {{hexadecimal float constant out of range for type}}
"test.a"() {v = 0x1FFFFFFFF : f32} : () -> ()

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"test.a"() {v = 1.5 : i32} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"test.a"() {a = 1, a = 2} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"test.a"() {v = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"test.a"() {v = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{expected integer elements, but parsed floating-point}}
"test.a"() {v = dense<[1.5]> : tensor<1xi32>} : () -> ()

// -----

// expected-error@+1 {{elements literal type must have static shape}}
"test.a"() {v = dense<1> : tensor<?xi32>} : () -> ()

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type}}
"test.a"() {v = dense<"0x0000803F00"> : tensor<2xf32>} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"test.a"() {v = #nope} : () -> ()

// -----

#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// expected-error@+1 {{expected non-function type}}
"test.a"() : () -> notatype

// -----

// expected-error@+1 {{expected non-function type}}
"test.a"() : () -> vector<?xf32>

// -----

// expected-error@+1 {{vector types must have positive constant sizes}}
"test.a"() : () -> vector<0xf32>

// -----

// expected-error@+1 {{expected 'x' in dimension list}}
"test.a"() : () -> tensor<4?xf32>

// -----

// expected-error@+1 {{invalid tensor element type}}
"test.a"() : () -> tensor<4xtensor<2xf32>>

// -----

// expected-error@+1 {{unsupported memory space Attribute}}
"test.a"() : () -> memref<4xf32, #foo.space<1>>

// -----

// expected-error@+1 {{expected integer or float type, got: index}}
"test.a"() {v = array<index: 1>} : () -> ()

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"test.a"() : () -> i99999999
