// CSE compares and hashes dialect attributes by their parameters: ops with
// equal #arith.fastmath flags (however written) merge, others do not; the
// output is identical to mlir-opt's.
// REQUIRES: mlir-opt
// RUN: tt-opt %s --cse > %t.tt
// RUN: mlir-opt %s --cse > %t.mlir
// RUN: diff %t.tt %t.mlir
// RUN: filecheck %s < %t.tt

// CHECK-LABEL: func.func @fastmath(
// CHECK-NEXT:    %[[A:.*]] = arith.addf %arg0, %arg0 fastmath<nnan,ninf> : f32
// CHECK-NEXT:    %[[B:.*]] = arith.addf %arg0, %arg0 fastmath<ninf> : f32
// CHECK-NEXT:    %[[C:.*]] = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT:    return %[[A]], %[[A]], %[[B]], %[[C]], %[[C]] : f32, f32, f32, f32, f32
func.func @fastmath(%x: f32) -> (f32, f32, f32, f32, f32) {
  %0 = arith.addf %x, %x fastmath<nnan,ninf> : f32
  %1 = "arith.addf"(%x, %x) {fastmath = #arith.fastmath<ninf, nnan>} : (f32, f32) -> f32
  %2 = arith.addf %x, %x fastmath<ninf> : f32
  %3 = arith.addf %x, %x : f32
  %4 = arith.addf %x, %x fastmath<none> : f32
  return %0, %1, %2, %3, %4 : f32, f32, f32, f32, f32
}

// CHECK-LABEL: func.func @kinds(
// CHECK-NEXT:    %[[S:.*]] = vector.reduction <add>, %arg0 : vector<4xf32> into f32
// CHECK-NEXT:    %[[M:.*]] = vector.reduction <mul>, %arg0 : vector<4xf32> into f32
// CHECK-NEXT:    return %[[S]], %[[S]], %[[M]] : f32, f32, f32
func.func @kinds(%v: vector<4xf32>) -> (f32, f32, f32) {
  %0 = vector.reduction <add>, %v : vector<4xf32> into f32
  %1 = "vector.reduction"(%v) {kind = #vector.kind<add>} : (vector<4xf32>) -> f32
  %2 = vector.reduction <mul>, %v : vector<4xf32> into f32
  return %0, %1, %2 : f32, f32, f32
}
