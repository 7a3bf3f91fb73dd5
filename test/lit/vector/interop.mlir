// The vector ops are MLIR's: tt's generic and custom forms are read by
// mlir-opt-16, and mlir-opt-16's generic form by tt-opt; every route ends
// in the same custom form, which is also mlir-opt-16's own (the CHECK
// lines). (MLIR 16's custom vector.reduction has no attribute dictionary,
// so this file gives reductions no extra attributes.)
// REQUIRES: mlir-opt
// RUN: tt-opt --print-op-generic %s | mlir-opt | filecheck %s
// RUN: tt-opt %s | mlir-opt | filecheck %s
// RUN: mlir-opt --mlir-print-op-generic %s | tt-opt | filecheck %s
// RUN: tt-opt --print-op-generic %s | mlir-opt --mlir-print-op-generic | tt-opt | filecheck %s
// RUN: mlir-opt %s | filecheck %s

// CHECK-LABEL: func.func @every_op(
// CHECK-SAME: %[[M:.*]]: memref<4x?xf32>, %[[I:.*]]: index, %[[S:.*]]: f32, %[[V:.*]]: vector<4xi32>, %[[X:.*]]: vector<2xindex>, %[[B:.*]]: vector<8xi1>, %[[Z:.*]]: vector<f64>)
// CHECK-NEXT: %[[L:.*]] = vector.load %[[M]][%[[I]], %[[I]]] : memref<4x?xf32>, vector<8xf32>
// CHECK-NEXT: %[[BC:.*]] = vector.broadcast %[[S]] : f32 to vector<8xf32>
// CHECK-NEXT: %[[SP:.*]] = vector.splat %[[S]] : vector<8xf32>
// CHECK-NEXT: %[[F:.*]] = vector.fma %[[L]], %[[BC]], %[[SP]] : vector<8xf32>
// CHECK-NEXT: vector.store %[[F]], %[[M]][%[[I]], %[[I]]] : memref<4x?xf32>, vector<8xf32>
// CHECK-NEXT: vector.reduction <add>, %[[F]] : vector<8xf32> into f32
// CHECK-NEXT: vector.reduction <mul>, %[[F]] : vector<8xf32> into f32
// CHECK-NEXT: vector.reduction <minf>, %[[F]] : vector<8xf32> into f32
// CHECK-NEXT: vector.reduction <maxf>, %[[F]] : vector<8xf32> into f32
// CHECK-NEXT: vector.reduction <add>, %[[V]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <mul>, %[[V]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <minui>, %[[V]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <minsi>, %[[V]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <maxui>, %[[V]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <maxsi>, %[[V]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <and>, %[[V]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <or>, %[[V]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <xor>, %[[V]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <minsi>, %[[X]] : vector<2xindex> into index
// CHECK-NEXT: vector.reduction <xor>, %[[B]] : vector<8xi1> into i1
// CHECK-NEXT: vector.reduction <add>, %[[Z]] : vector<f64> into f64
// CHECK-NEXT: %[[SI:.*]] = vector.splat %[[I]] : vector<4xindex>
// CHECK-NEXT: %[[BZ:.*]] = vector.broadcast %[[S]] : f32 to vector<f32>
// CHECK-NEXT: return
func.func @every_op(%m: memref<4x?xf32>, %i: index, %s: f32, %v: vector<4xi32>, %x: vector<2xindex>, %b: vector<8xi1>, %z: vector<f64>) -> (f32, f32, f32, f32, i32, i32, i32, i32, i32, i32, i32, i32, i32, index, i1, f64, vector<4xindex>, vector<f32>) {
  %l = vector.load %m[%i, %i] : memref<4x?xf32>, vector<8xf32>
  %bc = vector.broadcast %s : f32 to vector<8xf32>
  %sp = vector.splat %s : vector<8xf32>
  %f = vector.fma %l, %bc, %sp : vector<8xf32>
  vector.store %f, %m[%i, %i] : memref<4x?xf32>, vector<8xf32>
  %0 = vector.reduction <add>, %f : vector<8xf32> into f32
  %1 = vector.reduction <mul>, %f : vector<8xf32> into f32
  %2 = vector.reduction <minf>, %f : vector<8xf32> into f32
  %3 = vector.reduction <maxf>, %f : vector<8xf32> into f32
  %4 = vector.reduction <add>, %v : vector<4xi32> into i32
  %5 = vector.reduction <mul>, %v : vector<4xi32> into i32
  %6 = vector.reduction <minui>, %v : vector<4xi32> into i32
  %7 = vector.reduction <minsi>, %v : vector<4xi32> into i32
  %8 = vector.reduction <maxui>, %v : vector<4xi32> into i32
  %9 = vector.reduction <maxsi>, %v : vector<4xi32> into i32
  %10 = vector.reduction <and>, %v : vector<4xi32> into i32
  %11 = vector.reduction <or>, %v : vector<4xi32> into i32
  %12 = vector.reduction <xor>, %v : vector<4xi32> into i32
  %13 = vector.reduction <minsi>, %x : vector<2xindex> into index
  %14 = vector.reduction <xor>, %b : vector<8xi1> into i1
  %15 = vector.reduction <add>, %z : vector<f64> into f64
  %16 = vector.splat %i : vector<4xindex>
  %17 = vector.broadcast %s : f32 to vector<f32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17 : f32, f32, f32, f32, i32, i32, i32, i32, i32, i32, i32, i32, i32, index, i1, f64, vector<4xindex>, vector<f32>
}
