// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(cse))' --allow-unregistered-dialect | filecheck %s
// RUN: tt-opt %s --cse --allow-unregistered-dialect --pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS

// CHECK-LABEL: func.func @pure
// CHECK-NEXT:    %[[C:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    %[[X:.*]] = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT:    "test.use"(%[[A]], %[[A]], %[[X]], %[[X]])
func.func @pure(%a: i32) {
  %c = arith.constant 1 : i32
  %c_dup = arith.constant 1 : i32
  %0 = arith.addi %a, %c : i32
  // Commutative: the same operands in another order.
  %1 = arith.addi %c_dup, %a : i32
  %2 = builtin.unrealized_conversion_cast %a : i32 to i64
  %3 = builtin.unrealized_conversion_cast %a : i32 to i64
  %dead = arith.muli %0, %1 : i32
  "test.use"(%0, %1, %2, %3) : (i32, i32, i64, i64) -> ()
  return
}

// Unregistered ops have unknown effects: never merged, never erased.
// CHECK-LABEL: func.func @unknown
// CHECK-NEXT:    %[[U1:.*]] = "test.op"(%arg0)
// CHECK-NEXT:    %[[U2:.*]] = "test.op"(%arg0)
// CHECK-NEXT:    "test.op"(%arg0)
// CHECK-NEXT:    "test.use"(%[[U1]], %[[U2]])
func.func @unknown(%a: i32) {
  %0 = "test.op"(%a) : (i32) -> i32
  %1 = "test.op"(%a) : (i32) -> i32
  %2 = "test.op"(%a) : (i32) -> i32
  "test.use"(%0, %1) : (i32, i32) -> ()
  return
}

// Only values that dominate are reused: not across sibling blocks.
// CHECK-LABEL: func.func @blocks
// CHECK:         %[[E:.*]] = arith.muli %arg0, %arg0
// CHECK:       ^bb1:
// CHECK-NEXT:    %[[B1:.*]] = arith.addi %arg0, %arg0
// CHECK-NEXT:    "test.use"(%[[E]], %[[B1]])
// CHECK:       ^bb2:
// CHECK-NEXT:    %[[B2:.*]] = arith.addi %arg0, %arg0
// CHECK-NEXT:    "test.use"(%[[E]], %[[B2]])
func.func @blocks(%a: i32, %c: i1) {
  %e = arith.muli %a, %a : i32
  "test.use"(%e) : (i32) -> ()
  "test.br"(%c)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  %m1 = arith.muli %a, %a : i32
  %x1 = arith.addi %a, %a : i32
  "test.use"(%m1, %x1) : (i32, i32) -> ()
  return
^bb2:
  %m2 = arith.muli %a, %a : i32
  %x2 = arith.addi %a, %a : i32
  "test.use"(%m2, %x2) : (i32, i32) -> ()
  return
}

// STATS:      {{^}}CSE
// STATS-NEXT:   (S) 5 num-cse'd - Number of operations CSE'd
// STATS-NEXT:   (S) 1 num-dce'd - Number of operations DCE'd
