// RUN: tt-opt %s --dce --allow-unregistered-dialect | filecheck %s
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(dce))' --allow-unregistered-dialect --pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// Dead pure ops go, recursively; unregistered ops (unknown effects) and
// their operands stay; unreachable blocks go, loops of them included.
// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %[[N:.*]] = arith.addi %arg0, %arg0
// CHECK-NEXT:    "test.keep"(%[[N]])
// CHECK-NEXT:    "test.br"()[^bb1]
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return %arg0
// CHECK-NEXT:  }
func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %0 : i32
  %2 = arith.subi %1, %a : i32
  "test.keep"(%0) : (i32) -> ()
  "test.br"()[^bb1] : () -> ()
^bb1:
  return %a : i32
^bb2:
  %3 = arith.addi %4, %a : i32
  "test.br"()[^bb3] : () -> ()
^bb3:
  %4 = arith.addi %3, %a : i32
  "test.br"()[^bb2] : () -> ()
}

// STATS:      DCE
// STATS-NEXT:   (S) 2 num-blocks-erased - Number of unreachable blocks erased
// STATS-NEXT:   (S) 2 num-dce'd         - Number of operations DCE'd
