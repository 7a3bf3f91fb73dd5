// canonicalize erases cf.assert of a constant true condition and keeps the
// others: the output is identical to mlir-opt's.
// REQUIRES: mlir-opt
// RUN: tt-opt %s --canonicalize > %t.tt
// RUN: mlir-opt %s --canonicalize > %t.mlir
// RUN: diff %t.tt %t.mlir
// RUN: filecheck %s < %t.tt

// CHECK-LABEL: func.func @asserts(
// CHECK-NEXT:    %[[F:.*]] = arith.constant false
// CHECK-NEXT:    cf.assert %arg0, "kept"
// CHECK-NEXT:    cf.assert %[[F]], "fails"
// CHECK-NEXT:    return
func.func @asserts(%c: i1) {
  %t = arith.constant true
  %f = arith.constant false
  cf.assert %t, "always holds"
  cf.assert %c, "kept"
  cf.assert %f, "fails"
  return
}
