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

// Block arguments that only receive values nothing live uses go, with the
// operands the branches forward to them (cf.cond_br's branch interface).
// CHECK-LABEL: func.func @g
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb1(%arg1 : i32)
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):  // 2 preds: ^bb0, ^bb0
// CHECK-NEXT:    return %[[X]] : i32
func.func @g(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %a : i32, i32), ^bb1(%a, %a : i32, i32)
^bb1(%x: i32, %dead: i32):
  %d = arith.muli %dead, %dead : i32
  return %x : i32
}

// STATS:      DCE
// STATS-NEXT:   (S) 1 num-block-args-erased - Number of dead block arguments erased
// STATS-NEXT:   (S) 2 num-blocks-erased     - Number of unreachable blocks erased
// STATS-NEXT:   (S) 3 num-dce'd             - Number of operations DCE'd
