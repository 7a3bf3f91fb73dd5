// RUN: tt-opt %s --canonicalize='top-down=false' | filecheck %s --check-prefix=BOTTOMUP
// RUN: tt-opt %s --canonicalize='max-iterations=0' | filecheck %s --check-prefix=NONE
// RUN: tt-opt %s --canonicalize='region-simplify=false' | filecheck %s --check-prefix=NOSIMPLIFY
// RUN: tt-opt %s --canonicalize='region-simplify=0 max-iterations=3' --dump-pass-pipeline -o /dev/null 2>&1 | filecheck %s --check-prefix=DUMP
// RUN: not tt-opt %s --canonicalize='max-iterations=ten' 2>&1 | filecheck %s --check-prefix=BADVALUE
// RUN: not tt-opt %s --canonicalize='no-such-option=1' 2>&1 | filecheck %s --check-prefix=BADOPTION

// BOTTOMUP-LABEL: func.func @f
// BOTTOMUP-NEXT:    %[[C:.*]] = arith.constant 3 : i32
// BOTTOMUP-NEXT:    return %[[C]] : i32

// NONE-LABEL: func.func @f
// NONE-NEXT:    %c1_i32 = arith.constant 1 : i32
// NONE-NEXT:    %c2_i32 = arith.constant 2 : i32
// NONE-NEXT:    %0 = arith.addi %c1_i32, %c2_i32 : i32

// The unreachable block stays, the rest is folded.
// NOSIMPLIFY-LABEL: func.func @f
// NOSIMPLIFY:       arith.constant 3 : i32
// NOSIMPLIFY:       ^bb1:
// NOSIMPLIFY-NEXT:    return

// DUMP: Pass Manager with 1 passes:
// DUMP-NEXT: builtin.module(canonicalize{  max-iterations=3 max-num-rewrites=-1 region-simplify=false test-convergence=false top-down=true})

// BADVALUE:      MLIR Textual PassPipeline Parser:1:29: error: invalid value for option 'max-iterations' of pass 'canonicalize': expected an integer, got "ten"
// BADVALUE-NEXT: canonicalize{max-iterations=ten}
// BADVALUE-NEXT: {{^}}                            ^

// BADOPTION:      MLIR Textual PassPipeline Parser:1:14: error: no such option 'no-such-option' for pass 'canonicalize'

func.func @f() -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %0 = arith.addi %c1, %c2 : i32
  return %0 : i32
^bb1:
  return %c1 : i32
}
