// The --mlir-timing (--pass-timing) tree has mlir-opt's rows: analyses
// under the pass that computed them, and the pipelines the inliner runs on
// each function as "'func.func' Pipeline" beside it. timing-mlir.mlir
// checks the same rows against mlir-opt-16.
// RUN: tt-opt %s -mlir-timing -mlir-disable-threading -pass-pipeline='builtin.module(func.func(cse,canonicalize),inline,symbol-dce)' -o /dev/null 2>&1 | filecheck %s
// RUN: tt-opt %s -pass-timing -cse -canonicalize -inline -o /dev/null 2>&1 | filecheck %s --check-prefix=FLAGS

// CHECK:      ... Execution time report ...
// CHECK:      Total Execution Time: {{.*}} seconds
// CHECK:      Wall Time----  ----Name----
// CHECK-NEXT: {{%\)  }}Parser
// CHECK-NEXT: {{%\)  }}'func.func' Pipeline
// CHECK-NEXT: {{%\)    }}CSE
// CHECK-NEXT: {{%\)      }}(A) DominanceInfo
// CHECK-NEXT: {{%\)    }}Canonicalizer
// CHECK-NEXT: {{%\)  }}Inliner
// CHECK-NEXT: {{%\)    }}(A) CallGraph
// CHECK-NEXT: {{%\)  }}'func.func' Pipeline
// CHECK-NEXT: {{%\)    }}Canonicalizer
// CHECK-NEXT: {{%\)  }}SymbolDCE
// CHECK-NEXT: {{%\)  }}Output
// CHECK-NEXT: {{%\)  }}Rest
// CHECK-NEXT: {{%\)  }}Total

// FLAGS:      {{%\)  }}Parser
// FLAGS-NEXT: {{%\)  }}CSE
// FLAGS-NEXT: {{%\)    }}(A) DominanceInfo
// FLAGS-NEXT: {{%\)  }}Canonicalizer
// FLAGS-NEXT: {{%\)  }}Inliner
// FLAGS-NEXT: {{%\)    }}(A) CallGraph
// FLAGS-NEXT: {{%\)  }}'func.func' Pipeline
// FLAGS-NEXT: {{%\)    }}Canonicalizer
// FLAGS-NEXT: {{%\)  }}Output

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.addi %a, %a : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
func.func @g(%a: i32) -> i32 {
  %0 = func.call @f(%a) : (i32) -> i32
  return %0 : i32
}
