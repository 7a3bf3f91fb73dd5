// Pass failures are diagnostics like any other: --verify-diagnostics
// matches them against expected-error comments.
// RUN: tt-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(func.func(symbol-dce))'

// expected-error@+1 {{'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table}}
func.func @f() {
  return
}

// -----

// Only the first function fails: the pipeline stops there.
// expected-error@+1 {{does not define a symbol table}}
func.func @g() {
  return
}
func.func @h() {
  return
}
