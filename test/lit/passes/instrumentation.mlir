// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --print-ir-after-all -o /dev/null 2>&1 | filecheck %s --check-prefix=AFTERALL
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --mlir-print-ir-before-all -o /dev/null 2>&1 | filecheck %s --check-prefix=BEFOREALL
// RUN: tt-opt %s --cse --canonicalize --symbol-dce --print-ir-before=cse,symbol-dce --print-ir-after=canonicalize -o /dev/null 2>&1 | filecheck %s --check-prefix=SELECT
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --print-ir-after-all --print-ir-after-change -o /dev/null 2>&1 | filecheck %s --check-prefix=CHANGE
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(cse))' --print-ir-after-all --print-ir-module-scope -o /dev/null 2>&1 | filecheck %s --check-prefix=SCOPE
// RUN: not tt-opt %s --pass-pipeline='builtin.module(func.func(symbol-dce))' --print-ir-after-failure 2>&1 | filecheck %s --check-prefix=FAILURE
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --mlir-pass-statistics --mlir-pass-statistics-display=list -o /dev/null 2>&1 | filecheck %s --check-prefix=STATLIST
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --pass-timing -o /dev/null 2>&1 | filecheck %s --check-prefix=TIMING
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(cse,canonicalize),symbol-dce)' --mlir-timing --mlir-timing-display=list -o /dev/null 2>&1 | filecheck %s --check-prefix=TIMELIST
// RUN: tt-opt --list-passes | filecheck %s --check-prefix=LIST

// AFTERALL:      // -----// IR Dump After CSE (cse) //----- //
// AFTERALL-NEXT: func.func @f(%arg0: i32) -> i32 {
// AFTERALL:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTERALL-NEXT: func.func @f(%arg0: i32) -> i32 {
// AFTERALL:      // -----// IR Dump After CSE (cse) //----- //
// AFTERALL-NEXT: func.func private @g(%arg0: i32) -> i32 {
// AFTERALL:      // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// AFTERALL-NEXT: func.func private @g(%arg0: i32) -> i32 {
// AFTERALL:      // -----// IR Dump After SymbolDCE (symbol-dce) //----- //
// AFTERALL-NEXT: module {
// AFTERALL-NEXT:   func.func @f
// AFTERALL-NOT:  func.func private @g

// BEFOREALL:     // -----// IR Dump Before CSE (cse) //----- //
// BEFOREALL-NEXT: func.func @f(%arg0: i32) -> i32 {
// BEFOREALL-NEXT:   %c1_i32 = arith.constant 1 : i32
// BEFOREALL-NEXT:   %0 = arith.addi %arg0, %c1_i32 : i32
// BEFOREALL-NEXT:   %1 = arith.addi %arg0, %c1_i32 : i32

// SELECT:     // -----// IR Dump Before CSE (cse) //----- //
// SELECT-NEXT: module {
// SELECT:     // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// SELECT:     // -----// IR Dump Before SymbolDCE (symbol-dce) //----- //
// SELECT-NOT: IR Dump

// Canonicalize changes nothing after cse on @g, nor in @f.
// CHANGE:     // -----// IR Dump After CSE (cse) //----- //
// CHANGE-NEXT: func.func @f
// CHANGE-NOT: IR Dump After CSE
// CHANGE-NOT: IR Dump After Canonicalizer
// CHANGE:     // -----// IR Dump After SymbolDCE (symbol-dce) //----- //

// SCOPE:      // -----// IR Dump After CSE (cse) ('func.func' operation: @f) //----- //
// SCOPE-NEXT: module {
// SCOPE-NEXT:   func.func @f

// FAILURE:      error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table
// FAILURE-NEXT: func.func @f(%a: i32) -> i32 {
// FAILURE-NEXT: ^
// FAILURE-NEXT: // -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //
// FAILURE-NEXT: func.func @f(%arg0: i32) -> i32 {
// FAILURE-NOT:  IR Dump

// STATS:      ===-------------------------------------------------------------------------===
// STATS-NEXT:                          ... Pass statistics report ...
// STATS-NEXT: ===-------------------------------------------------------------------------===
// STATS-NEXT: 'func.func' Pipeline
// STATS-NEXT:   CSE
// STATS-NEXT:     (S) 1 num-cse'd - Number of operations CSE'd
// STATS-NEXT:     (S) 0 num-dce'd - Number of operations DCE'd
// STATS-NEXT:   Canonicalizer
// STATS-NEXT:     (S) 0 num-erased   - Number of dead operations erased
// STATS-NEXT:     (S) 0 num-folded   - Number of operations folded
// STATS-NEXT:     (S) 0 num-rewrites - Number of pattern rewrites applied
// STATS-NEXT: SymbolDCE
// STATS-NEXT:   (S) 1 num-dce'd - Number of symbols DCE'd

// STATLIST:      ... Pass statistics report ...
// STATLIST:        CSE
// STATLIST-NEXT:     (S) 1 num-cse'd - Number of operations CSE'd
// STATLIST:        SymbolDCE
// STATLIST-NEXT:     (S) 1 num-dce'd - Number of symbols DCE'd

// TIMING:      ... Execution time report ...
// TIMING:        Total Execution Time: {{[0-9]+\.[0-9]+}} seconds
// TIMING:        ----Wall Time----  ----Name----
// TIMING-NEXT:   {{.*}}  Parser
// TIMING-NEXT:   {{.*}}  'func.func' Pipeline
// TIMING-NEXT:   {{.*}}    CSE
// TIMING-NEXT:   {{.*}}      (A) DominanceInfo
// TIMING-NEXT:   {{.*}}    Canonicalizer
// TIMING-NEXT:   {{.*}}  SymbolDCE
// TIMING-NEXT:   {{.*}}  Output
// TIMING-NEXT:   {{.*}}  Rest
// TIMING-NEXT:   {{.*}}(100.0%)  Total

// TIMELIST:      ----Wall Time----  ----Name----
// TIMELIST-DAG:  {{^}}  {{.*}}  Parser
// TIMELIST-DAG:  {{^}}  {{.*}}  CSE
// TIMELIST-DAG:  {{^}}  {{.*}}  (A) DominanceInfo
// TIMELIST:      Rest
// TIMELIST-NEXT: Total

// LIST: Passes:
// LIST: --canonicalize {{.*}}Canonicalize operations
// LIST-NEXT: top-down=<bool> {{.*}}(default: true)
// LIST: --cse {{.*}}Eliminate common sub-expressions
// LIST: --dce
// LIST: --inline
// LIST: --symbol-dce

func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.addi %a, %c1 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
func.func private @g(%a: i32) -> i32 {
  return %a : i32
}
