// The output of canonicalize and cse is identical to mlir-opt's, op order
// included.
// REQUIRES: mlir-opt
// RUN: tt-opt %s --canonicalize > %t.tt
// RUN: mlir-opt %s --canonicalize > %t.mlir
// RUN: diff %t.tt %t.mlir
// RUN: tt-opt %s --cse --canonicalize --cse > %t.tt2
// RUN: mlir-opt %s --cse --canonicalize --cse > %t.mlir2
// RUN: diff %t.tt2 %t.mlir2
// RUN: tt-opt %s --canonicalize=top-down=false > %t.tt3
// RUN: mlir-opt %s --canonicalize=top-down=false > %t.mlir3
// RUN: diff %t.tt3 %t.mlir3

func.func @f(%a: i32, %b: i32) -> (i32, i32) {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %c2 = arith.constant 2 : i32
  %1 = arith.muli %0, %c2 : i32
  %c3 = arith.constant 3 : i32
  %2 = arith.addi %c3, %1 : i32
  %c4 = arith.constant 4 : i32
  %c5 = arith.constant 5 : i32
  %3 = arith.addi %c4, %c5 : i32
  %4 = arith.addi %2, %3 : i32
  %5 = arith.muli %b, %c1 : i32
  %6 = arith.addi %5, %4 : i32
  %7 = arith.addi %4, %5 : i32
  %8 = arith.subi %6, %7 : i32
  return %8, %6 : i32, i32
}

func.func @g(%a: i64) -> i64 {
  %c0 = arith.constant 0 : i64
  %x = arith.ori %a, %c0 : i64
  %y = arith.xori %x, %x : i64
  %c7 = arith.constant 7 : i64
  %z = arith.maxsi %c7, %y : i64
  %w = arith.andi %z, %a : i64
  return %w : i64
}
