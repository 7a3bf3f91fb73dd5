// Region simplification in canonicalize erases block arguments nothing
// live uses, with the operands branches forward to them (through the
// branch interface of cf.br and cf.cond_br), dead cycles around loops
// included: the output is identical to mlir-opt's.
// REQUIRES: mlir-opt
// RUN: tt-opt %s --canonicalize > %t.tt
// RUN: mlir-opt %s --canonicalize > %t.mlir
// RUN: diff %t.tt %t.mlir
// RUN: filecheck %s < %t.tt

// CHECK-LABEL: func.func @loop(
// CHECK-NEXT:    cf.br ^bb1(%arg1 : i32)
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    %[[N:.*]] = arith.addi %[[X]], %arg1 : i32
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%[[N]] : i32), ^bb2
// CHECK-NEXT:  ^bb2:  // pred: ^bb1
// CHECK-NEXT:    return %[[X]] : i32
func.func @loop(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.br ^loop(%a, %b : i32, i32)
^loop(%x: i32, %dead: i32):
  %d = arith.addi %dead, %dead : i32
  %n = arith.addi %x, %a : i32
  cf.cond_br %c, ^loop(%n, %d : i32, i32), ^exit(%d : i32)
^exit(%unused: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @diamond(
// CHECK:       ^bb3(%[[V:.*]]: i32):  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT:    return %[[V]] : i32
func.func @diamond(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^t, ^f
^t:
  %x = arith.muli %a, %b : i32
  cf.br ^join(%x, %a : i32, i32)
^f:
  %y = arith.subi %a, %b : i32
  cf.br ^join(%y, %b : i32, i32)
^join(%v: i32, %w: i32):
  %u = arith.addi %w, %w : i32
  return %v : i32
}
