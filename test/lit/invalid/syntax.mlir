// Malformed syntax: each chunk must fail with a located error.
// RUN: tt-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{expected operation name in quotes}}
%0 =

// -----

// expected-error@+1 {{expected '(' to start operand list}}
"test.a" : () -> ()

// -----

// expected-error@+1 {{expected ':' followed by operation type}}
"test.a"()

// -----

"test.a"() ({
  // expected-error@+1 {{expected operation name in quotes}}
  "test.b"() : () -> ()

// -----

"test.a"() ({
// expected-error@+1 {{expected ')' to end region list}}
}

// -----

// expected-error@+1 {{expected ')' to end operand list}}
"test.a"(%0 %1) : () -> ()

// -----

// expected-error@+1 {{unexpected character}}
"test.a"() : () -> () $

// -----

// expected-error@+1 {{expected '"' in string literal}}
"test.a"() {s = "unterminated} : () -> ()

// -----

// expected-error@+1 {{empty operation name is invalid}}
"" () : () -> ()

// -----

// expected-error@+1 {{expected 1 operand type but had 2}}
"test.a"(%arg) : (i32, i32) -> ()

// -----

// expected-error@+1 {{operation defines 1 results but was provided 2 to bind}}
%a, %b = "test.a"() : () -> i32

// -----

// expected-error@+1 {{expected integer number of results}}
%a:x = "test.a"() : () -> i32

// -----

// expected-error@+1 {{custom op 'foo' is unknown}}
foo

// -----

// expected-error@+1 {{Dialect `nodialect' not found for custom op 'nodialect.op'}}
nodialect.op %x
// expected-note@-1 {{Registered dialects:}}

// -----

// expected-error@+1 {{custom op 'func.nope' is unknown}}
func.nope

// -----

// expected-error@+1 {{expected '>' in tensor type}}
"test.a"() : () -> tensor<4xf32
