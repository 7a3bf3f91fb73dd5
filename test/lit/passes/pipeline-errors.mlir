// Mistakes in pipelines are reported with the column and a caret, as MLIR
// does, and tt-opt exits with status 1.
// RUN: not tt-opt %s --pass-pipeline='builtin.module(func.func(cse,foo))' 2>&1 | filecheck %s --check-prefix=UNKNOWN --strict-whitespace
// RUN: not tt-opt %s --pass-pipeline='builtin.module(cse))' 2>&1 | filecheck %s --check-prefix=EXTRA --strict-whitespace
// RUN: not tt-opt %s --pass-pipeline='builtin.module(func.func(cse)' 2>&1 | filecheck %s --check-prefix=UNBALANCED --strict-whitespace
// RUN: not tt-opt %s --pass-pipeline='builtin.module(cse{)' 2>&1 | filecheck %s --check-prefix=BRACE --strict-whitespace
// RUN: not tt-opt %s --pass-pipeline='builtin.module(func.func(cse) cse)' 2>&1 | filecheck %s --check-prefix=COMMA --strict-whitespace
// RUN: not tt-opt %s --pass-pipeline='builtin.module(canonicalize{top-down=maybe})' 2>&1 | filecheck %s --check-prefix=VALUE --strict-whitespace
// RUN: not tt-opt %s --pass-pipeline='builtin.module(cse{x=1})' 2>&1 | filecheck %s --check-prefix=OPTION --strict-whitespace
// RUN: not tt-opt %s --pass-pipeline='func.func(cse)' 2>&1 | filecheck %s --check-prefix=ANCHOR
// RUN: not tt-opt %s --cse --pass-pipeline='builtin.module(cse)' 2>&1 | filecheck %s --check-prefix=BOTH
// RUN: not tt-opt %s --pass-pipeline='builtin.module(inline{default-pipeline=cse,nope})' 2>&1 | filecheck %s --check-prefix=NESTED
// RUN: tt-opt %s --pass-pipeline=' builtin.module( func.func( cse ) , symbol-dce ) ' --dump-pass-pipeline -o /dev/null 2>&1 | filecheck %s --check-prefix=SPACES

// UNKNOWN:      MLIR Textual PassPipeline Parser:1:30: error: 'foo' does not refer to a registered pass or pass pipeline
// UNKNOWN-NEXT: builtin.module(func.func(cse,foo))
// UNKNOWN-NEXT:                              ^

// EXTRA:      MLIR Textual PassPipeline Parser:1:20: error: encountered extra closing ')' creating unbalanced parentheses while parsing pipeline
// EXTRA-NEXT: builtin.module(cse))
// EXTRA-NEXT:                    ^

// UNBALANCED:      MLIR Textual PassPipeline Parser:1:15: error: encountered unbalanced parentheses while parsing pipeline
// UNBALANCED-NEXT: builtin.module(func.func(cse)
// UNBALANCED-NEXT:               ^

// BRACE:      MLIR Textual PassPipeline Parser:1:19: error: missing closing '}' while processing pass options
// BRACE-NEXT: builtin.module(cse{)
// BRACE-NEXT:                   ^

// COMMA:      MLIR Textual PassPipeline Parser:1:31: error: expected ',' after parsing pipeline
// COMMA-NEXT: builtin.module(func.func(cse) cse)
// COMMA-NEXT:                               ^

// VALUE:      MLIR Textual PassPipeline Parser:1:38: error: invalid value for option 'top-down' of pass 'canonicalize': expected true or false, got "maybe"
// VALUE-NEXT: builtin.module(canonicalize{top-down=maybe})
// VALUE-NEXT:                                      ^

// OPTION:      MLIR Textual PassPipeline Parser:1:20: error: no such option 'x' for pass 'cse'
// OPTION-NEXT: builtin.module(cse{x=1})
// OPTION-NEXT:                    ^

// ANCHOR: error: can't run 'func.func' pass manager on 'builtin.module' op

// BOTH: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options

// NESTED: MLIR Textual PassPipeline Parser:1:16: error: pass 'inline': invalid default-pipeline "cse,nope": column 5: 'nope' does not refer to a registered pass or pass pipeline

// SPACES:      Pass Manager with 2 passes:
// SPACES-NEXT: builtin.module(func.func(cse),symbol-dce)

func.func @f() {
  return
}
