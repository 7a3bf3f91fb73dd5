// RUN: tt-opt %s --inline --allow-unregistered-dialect | filecheck %s
// RUN: tt-opt %s --inline='default-pipeline=' --allow-unregistered-dialect | filecheck %s --check-prefix=NOSIMPLIFY
// RUN: tt-opt %s --inline --allow-unregistered-dialect --mlir-print-debuginfo | filecheck %s --check-prefix=LOC

// The private callees are inlined and erased; the recursive functions, the
// external declaration and the public multi-block function stay.
// CHECK-NOT:   func.func private @add
// CHECK-NOT:   func.func private @twice
// CHECK-LABEL: func.func @multi
// CHECK-LABEL: func.func @rec
// CHECK-NEXT:    call @rec
// CHECK-LABEL: func.func @even
// CHECK-NEXT:    call @odd
// CHECK-LABEL: func.func private @odd
// CHECK-NEXT:    call @odd
// CHECK-LABEL: func.func private @ext(i32) -> i32
// CHECK-NOT:   @dead
// CHECK-LABEL: func.func @caller
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %[[C3]] : i32
// CHECK-NEXT:    %[[M:.*]] = arith.muli %[[S]], %[[C7]] : i32
// CHECK-NEXT:    cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    cf.br ^bb3(%[[M]] : i32)
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    cf.br ^bb3(%[[C0]] : i32)
// CHECK-NEXT:  ^bb3(%[[R:.*]]: i32):
// CHECK-NEXT:    %[[R1:.*]] = call @rec(%[[R]])
// CHECK-NEXT:    %[[R2:.*]] = call @ext(%[[R1]])
// CHECK-NEXT:    %[[T1:.*]] = "test.op"(%[[R2]])
// CHECK-NEXT:    %[[T2:.*]] = "test.op"(%[[T1]])
// CHECK-NEXT:    "test.use"(%[[T2]])
// CHECK-NEXT:    return %[[T2]]

// Without the simplification pipeline, the inlined code is as it was.
// NOSIMPLIFY-LABEL: func.func @caller
// NOSIMPLIFY-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// NOSIMPLIFY-NEXT:    %[[S:.*]] = arith.addi %arg0, %[[C3]] : i32
// NOSIMPLIFY-NEXT:    %[[C7:.*]] = arith.constant 7 : i32
// NOSIMPLIFY-NEXT:    arith.muli %[[S]], %[[C7]] : i32

// Inlined ops get call-site locations.
// LOC: arith.muli {{.*}} loc(callsite("{{.*}}inline.mlir":{{[0-9]+}}:{{[0-9]+}} at "{{.*}}inline.mlir":{{[0-9]+}}:{{[0-9]+}}))

func.func private @add(%a: i32, %b: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  %c = arith.constant 7 : i32
  %1 = arith.muli %0, %c : i32
  return %1 : i32
}
func.func private @twice(%a: i32) -> i32 {
  %0 = "test.op"(%a) : (i32) -> i32
  return %0 : i32
}
func.func @multi(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %z = arith.constant 0 : i32
  return %z : i32
}
func.func @rec(%a: i32) -> i32 {
  %0 = func.call @rec(%a) : (i32) -> i32
  return %0 : i32
}
func.func @even(%a: i32) -> i32 {
  %0 = func.call @odd(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @odd(%a: i32) -> i32 {
  %0 = func.call @even(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @ext(i32) -> i32
func.func private @deadA() { func.call @deadB() : () -> () return }
func.func private @deadB() { "test.b"() : () -> () return }
func.func @caller(%x: i32, %c: i1) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = func.call @add(%x, %c3) : (i32, i32) -> i32
  %1 = func.call @multi(%c, %0) : (i1, i32) -> i32
  %2 = func.call @rec(%1) : (i32) -> i32
  %3 = func.call @ext(%2) : (i32) -> i32
  %4 = func.call @twice(%3) : (i32) -> i32
  %5 = func.call @twice(%4) : (i32) -> i32
  "test.use"(%5) : (i32) -> ()
  return %5 : i32
}
