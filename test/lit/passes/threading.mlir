// Nested pipelines run on several goroutines; the output, IR dumps and
// diagnostics included, is the same as without threads.
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --print-ir-after-all > %t.par 2>&1
// RUN: tt-opt %s --pass-pipeline='builtin.module(func.func(canonicalize,cse))' --print-ir-after-all --no-threading > %t.seq 2>&1
// RUN: diff %t.par %t.seq
// RUN: filecheck %s < %t.par

// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f0(
// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f0(
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f1(
// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f1(
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f2(
// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f2(
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f3(
// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f3(
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f4(
// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f4(
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f5(
// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f5(
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f6(
// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f6(
// CHECK: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// CHECK-NEXT: func.func @f7(
// CHECK: // -----// IR Dump After CSE (cse) //----- //
// CHECK-NEXT: func.func @f7(
// CHECK-NOT: IR Dump

func.func @f0(%a: i32) -> i32 {
  %c = arith.constant 3 : i32
  %0 = arith.addi %c, %a : i32
  %1 = arith.addi %a, %c : i32
  %2 = arith.muli %0, %1 : i32
  return %2 : i32
}
func.func @f1(%a: i32) -> i32 {
  %c = arith.constant 4 : i32
  %d = arith.constant 5 : i32
  %0 = arith.addi %c, %d : i32
  %1 = arith.addi %a, %0 : i32
  return %1 : i32
}
func.func @f2(%a: i32) -> i32 {
  %0 = arith.subi %a, %a : i32
  return %0 : i32
}
func.func @f3(%a: i32) -> i32 {
  %0 = arith.muli %a, %a : i32
  %1 = arith.muli %a, %a : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
func.func @f4(%a: i64) -> i64 {
  %c = arith.constant 0 : i64
  %0 = arith.ori %a, %c : i64
  return %0 : i64
}
func.func @f5(%a: i32) -> i32 {
  %c = arith.constant 1 : i32
  %0 = arith.muli %a, %c : i32
  return %0 : i32
}
func.func @f6(%a: i32) -> i32 {
  %0 = arith.xori %a, %a : i32
  return %0 : i32
}
func.func @f7(%a: i32) -> i32 {
  %c = arith.constant 7 : i32
  %0 = arith.andi %a, %c : i32
  %1 = arith.andi %0, %c : i32
  return %1 : i32
}
