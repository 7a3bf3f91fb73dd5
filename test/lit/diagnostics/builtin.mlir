// Verifier diagnostics of MLIR 16's builtin dialect and of symbol tables.
// RUN: tt-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// expected-error@+1 {{'builtin.module' op requires zero results}}
%0 = "builtin.module"() ({
}) : () -> (i32)

// -----

// expected-error@+1 {{'builtin.module' op attribute 'sym_name' failed to satisfy constraint: string attribute}}
"builtin.module"() ({
}) {sym_name = 3} : () -> ()

// -----

module {
  // expected-note@+1 {{see existing symbol definition here}}
  func.func @f() {
    return
  }
  // expected-error@+1 {{redefinition of symbol named 'f'}}
  func.func @f() {
    return
  }
}
