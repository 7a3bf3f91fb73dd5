// More parser diagnostics of MLIR 16: aliases, blocks, regions, types,
// locations and attributes.
// RUN: tt-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

!x = i32
// expected-error@+1 {{redefinition of type alias id 'x'}}
!x = i64

// -----

#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"test.a"() : () -> !nope

// -----

func.func @block_redefined() {
  "test.br"()[^bb1] : () -> ()
^bb1:
  "test.br"()[^bb1] : () -> ()
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
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

func.func @undeclared() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "test.use"(%nope) : (i32) -> ()
  return
}

// -----

// expected-error@+1 {{expected ':' followed by operation type}}
"test.a"()

// -----

// expected-error@+1 {{expected integer number of results}}
%a:x = "test.a"() : () -> i32

// -----

// expected-error@+1 {{empty operation name is invalid}}
"" () : () -> ()

// -----

// expected-error@+1 {{expected 'x' in dimension list}}
"test.a"() : () -> tensor<4?xf32>

// -----

// expected-error@+1 {{invalid tensor element type}}
"test.a"() : () -> tensor<4xtensor<2xf32>>

// -----

// expected-error@+1 {{expected non-function type}}
"test.a"() : () -> notatype

// -----

// expected-error@+1 {{integer bitwidth is limited to 16777215 bits}}
"test.a"() : () -> i16777216

// -----

// expected-error@+1 {{unexpected decimal integer literal for a floating point value}}
"test.a"() {v = 1 : f32} : () -> ()
// expected-note@-1 {{add a trailing dot to make the literal a float}}

// -----

// expected-error@+1 {{floating point value not valid for specified type}}
"test.a"() {v = 1.5 : i32} : () -> ()

// -----

// expected-error@+1 {{negative integer literal not valid for unsigned integer type}}
"test.a"() {v = -1 : ui8} : () -> ()

// -----

// expected-error@+1 {{inferred shape of elements literal ([2]) does not match type ([3])}}
"test.a"() {v = dense<[1, 2]> : tensor<3xi32>} : () -> ()

// -----

// expected-error@+1 {{tensor literal is invalid; ranks are not consistent between elements}}
"test.a"() {v = dense<[[1, 2], [3]]> : tensor<2x2xi32>} : () -> ()

// -----

// expected-error@+1 {{elements hex data size is invalid for provided type}}
"test.a"() {v = dense<"0x0000803F00"> : tensor<2xf32>} : () -> ()

// -----

// expected-error@+1 {{expected location instance}}
"test.a"() : () -> () loc(3)

// -----

// expected-error@+1 {{expected ')' in location}}
"test.a"() : () -> () loc("file":1:2 x)

// -----

// expected-error@+1 {{expected attribute name}}
"test.a"() {1 = 2} : () -> ()

// -----

func.func @block_args_unclosed() {
  cf.br ^next
^next(%v: i32: // expected-error {{expected ')'}}
  return
}

// -----

func.func @block_arg_untyped() {
  cf.br ^next
^next(%v): // expected-error {{expected ':' and type for SSA operand}}
  return
}

// -----

func.func @not_a_function_type() {
  "test.op"() : f32 // expected-error {{expected function type}}
  return
}

// -----

func.func @unknown_bare_op() {
  // expected-error@+1 {{custom op 'nosuchop' is unknown (tried 'func.nosuchop' as well)}}
  nosuchop
}

// -----

// expected-error@+1 {{custom op 'nosuchop' is unknown (tried 'builtin.nosuchop' as well)}}
nosuchop

// -----

func.func @branch_in_middle(%x: i32) {
  // expected-error@+1 {{successors in non-terminator}}
  %y = "arith.addi"(%x, %x)[^done] : (i32, i32) -> i32
^done:
  return
}

// -----

// expected-error@+1 {{expected three consecutive dots for an ellipsis}}
func.func @dots(.)

// -----

func.func @type_keyword_as_op() {
  vector<4 x f32  // expected-error {{custom op 'vector' is unknown (tried 'func.vector' as well)}}
  return
}

// -----

// expected-error@+1 {{invalid type identifier}}
"test.a"() : () -> !<"x">

// -----

// expected-error@+1 {{expected '<' in tuple type}}
func.func @tuple_no_angle(%a: tuple f32>)

// -----

func.func @named_nothing() {
  // expected-error@+1 {{cannot name an operation with no results}}
  %x = "test.none"() : () -> ()
  return
}

// -----

// expected-error@+1 {{expected '=' in type alias definition}}
!no_equals i64

// -----

// expected-error@+1 {{expected '=' in attribute alias definition}}
#no_equals 4

// -----

func.func @colon_at_line_end() {
  // expected-error@+1 {{expected ':' followed by operation type}}
  %0 = "test.op"()   
  // a comment line between
  return
}
