// The cf ops are MLIR's: tt's generic and custom forms are read by
// mlir-opt-16, and mlir-opt-16's generic form by tt-opt; every route ends
// in the same custom form, which is also mlir-opt-16's own (the CHECK
// lines).
// REQUIRES: mlir-opt
// RUN: tt-opt %s | filecheck %s
// RUN: tt-opt %s | tt-opt | filecheck %s
// RUN: tt-opt --print-op-generic %s | tt-opt | filecheck %s
// RUN: tt-opt --print-op-generic %s | mlir-opt | filecheck %s
// RUN: tt-opt %s | mlir-opt | filecheck %s
// RUN: mlir-opt --mlir-print-op-generic %s | tt-opt | filecheck %s
// RUN: mlir-opt %s | filecheck %s
// RUN: tt-opt --print-op-generic %s | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @branches(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: f32)
// CHECK-NEXT: cf.cond_br %[[C]], ^bb1(%[[A]], %[[B]] : i32, f32), ^bb2
// CHECK-NEXT: ^bb1(%[[X:.*]]: i32, %[[Y:.*]]: f32):  // pred: ^bb0
// CHECK-NEXT: cf.assert %[[C]], "c must hold"
// CHECK-NEXT: cf.br ^bb3(%[[X]] : i32)
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: cf.cond_br %[[C]], ^bb3(%[[A]] : i32), ^bb3(%[[A]] : i32)
// CHECK-NEXT: ^bb3(%[[R:.*]]: i32):  // 3 preds: ^bb1, ^bb2, ^bb2
// CHECK-NEXT: cf.br ^bb4
// CHECK-NEXT: ^bb4:  // pred: ^bb3
// CHECK-NEXT: return %[[R]] : i32

// GENERIC: "cf.cond_br"(%arg0, %arg1, %arg2)[^bb1, ^bb2] {operand_segment_sizes = array<i32: 1, 2, 0>} : (i1, i32, f32) -> ()
// GENERIC: "cf.assert"(%arg0) {msg = "c must hold"} : (i1) -> ()
// GENERIC: "cf.br"(%0)[^bb3] : (i32) -> ()
// GENERIC: "cf.cond_br"(%arg0, %arg1, %arg1)[^bb3, ^bb3] {operand_segment_sizes = array<i32: 1, 1, 1>} : (i1, i32, i32) -> ()
// GENERIC: "cf.br"()[^bb4] : () -> ()
func.func @branches(%c: i1, %a: i32, %b: f32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, f32), ^bb2
^bb1(%x: i32, %y: f32):
  cf.assert %c, "c must hold"
  cf.br ^bb3(%x : i32)
^bb2:
  cf.cond_br %c, ^bb3(%a : i32), ^bb3(%a : i32)
^bb3(%r: i32):
  cf.br ^bb4
^bb4:
  return %r : i32
}
