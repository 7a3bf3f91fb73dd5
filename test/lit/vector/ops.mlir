// Every vector op in its custom form (MLIR's syntax): tt-opt reads what it
// prints, in the custom and in the generic form.
// RUN: tt-opt %s | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: tt-opt %s --print-op-generic | tt-opt --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @memory(
// CHECK-SAME: %[[M:.*]]: memref<4x?xf32>, %[[D:.*]]: memref<?xf64>, %[[I:.*]]: index)
// CHECK-NEXT: %[[V:.*]] = vector.load %[[M]][%[[I]], %[[I]]] : memref<4x?xf32>, vector<8xf32>
// CHECK-NEXT: vector.store %[[V]], %[[M]][%[[I]], %[[I]]] : memref<4x?xf32>, vector<8xf32>
// CHECK-NEXT: %[[W:.*]] = vector.load %[[D]][%[[I]]] {note = 1 : i64} : memref<?xf64>, vector<4xf64>
// CHECK-NEXT: vector.store %[[W]], %[[D]][%[[I]]] {note = 2 : i64} : memref<?xf64>, vector<4xf64>
// GENERIC-LABEL: "func.func"() ({
// GENERIC: %[[GV:.*]] = "vector.load"(%arg0, %arg2, %arg2) : (memref<4x?xf32>, index, index) -> vector<8xf32>
// GENERIC-NEXT: "vector.store"(%[[GV]], %arg0, %arg2, %arg2) : (vector<8xf32>, memref<4x?xf32>, index, index) -> ()
// GENERIC-NEXT: %[[GW:.*]] = "vector.load"(%arg1, %arg2) {note = 1 : i64} : (memref<?xf64>, index) -> vector<4xf64>
// GENERIC-NEXT: "vector.store"(%[[GW]], %arg1, %arg2) {note = 2 : i64} : (vector<4xf64>, memref<?xf64>, index) -> ()
func.func @memory(%m: memref<4x?xf32>, %d: memref<?xf64>, %i: index) {
  %v = vector.load %m[%i, %i] : memref<4x?xf32>, vector<8xf32>
  vector.store %v, %m[%i, %i] : memref<4x?xf32>, vector<8xf32>
  %w = vector.load %d[%i] {note = 1} : memref<?xf64>, vector<4xf64>
  vector.store %w, %d[%i] {note = 2} : memref<?xf64>, vector<4xf64>
  return
}

// CHECK-LABEL: func.func @lanes(
// CHECK-SAME: %[[S:.*]]: f32, %[[V:.*]]: vector<8xf32>, %[[N:.*]]: index)
// CHECK-NEXT: %[[B:.*]] = vector.broadcast %[[S]] : f32 to vector<8xf32>
// CHECK-NEXT: %[[P:.*]] = vector.splat %[[S]] : vector<8xf32>
// CHECK-NEXT: %[[Q:.*]] = vector.splat %[[N]] : vector<4xindex>
// CHECK-NEXT: %[[Z:.*]] = vector.broadcast %[[S]] : f32 to vector<f32>
// CHECK-NEXT: %[[F:.*]] = vector.fma %[[B]], %[[P]], %[[V]] : vector<8xf32>
// GENERIC: %[[GB:.*]] = "vector.broadcast"(%arg0) : (f32) -> vector<8xf32>
// GENERIC-NEXT: %[[GP:.*]] = "vector.splat"(%arg0) : (f32) -> vector<8xf32>
// GENERIC-NEXT: "vector.splat"(%arg2) : (index) -> vector<4xindex>
// GENERIC-NEXT: "vector.broadcast"(%arg0) : (f32) -> vector<f32>
// GENERIC-NEXT: "vector.fma"(%[[GB]], %[[GP]], %arg1) : (vector<8xf32>, vector<8xf32>, vector<8xf32>) -> vector<8xf32>
func.func @lanes(%s: f32, %v: vector<8xf32>, %n: index) -> (vector<8xf32>, vector<4xindex>, vector<f32>) {
  %b = vector.broadcast %s : f32 to vector<8xf32>
  %p = vector.splat %s : vector<8xf32>
  %q = vector.splat %n : vector<4xindex>
  %z = vector.broadcast %s : f32 to vector<f32>
  %f = vector.fma %b, %p, %v : vector<8xf32>
  return %f, %q, %z : vector<8xf32>, vector<4xindex>, vector<f32>
}

// Every combining kind, on the element types it applies to.
// CHECK-LABEL: func.func @reductions(
// CHECK-SAME: %[[F:.*]]: vector<8xf32>, %[[I:.*]]: vector<4xi32>, %[[X:.*]]: vector<2xindex>, %[[B:.*]]: vector<16xi1>, %[[Z:.*]]: vector<f64>)
// CHECK-NEXT: vector.reduction <add>, %[[F]] : vector<8xf32> into f32
// CHECK-NEXT: vector.reduction <mul>, %[[F]] : vector<8xf32> into f32
// CHECK-NEXT: vector.reduction <minf>, %[[F]] : vector<8xf32> into f32
// CHECK-NEXT: vector.reduction <maxf>, %[[F]] : vector<8xf32> into f32
// CHECK-NEXT: vector.reduction <add>, %[[I]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <mul>, %[[I]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <minui>, %[[I]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <minsi>, %[[I]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <maxui>, %[[I]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <maxsi>, %[[I]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <and>, %[[I]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <or>, %[[I]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <xor>, %[[I]] : vector<4xi32> into i32
// CHECK-NEXT: vector.reduction <maxsi>, %[[X]] : vector<2xindex> into index
// CHECK-NEXT: vector.reduction <or>, %[[B]] : vector<16xi1> into i1
// CHECK-NEXT: vector.reduction <add>, %[[Z]] {note} : vector<f64> into f64
// CHECK-NEXT: vector.reduction <mul>, %[[Z]] : vector<f64> into f64
// GENERIC: "vector.reduction"(%arg0) {kind = #vector.kind<add>} : (vector<8xf32>) -> f32
// GENERIC-NEXT: "vector.reduction"(%arg0) {kind = #vector.kind<mul>} : (vector<8xf32>) -> f32
// GENERIC-NEXT: "vector.reduction"(%arg0) {kind = #vector.kind<minf>} : (vector<8xf32>) -> f32
// GENERIC-NEXT: "vector.reduction"(%arg0) {kind = #vector.kind<maxf>} : (vector<8xf32>) -> f32
// GENERIC: "vector.reduction"(%arg4) {kind = #vector.kind<add>, note} : (vector<f64>) -> f64
func.func @reductions(%f: vector<8xf32>, %i: vector<4xi32>, %x: vector<2xindex>, %b: vector<16xi1>, %z: vector<f64>) {
  %0 = vector.reduction <add>, %f : vector<8xf32> into f32
  %1 = vector.reduction <mul>, %f : vector<8xf32> into f32
  %2 = vector.reduction <minf>, %f : vector<8xf32> into f32
  %3 = vector.reduction <maxf>, %f : vector<8xf32> into f32
  %4 = vector.reduction <add>, %i : vector<4xi32> into i32
  %5 = vector.reduction <mul>, %i : vector<4xi32> into i32
  %6 = vector.reduction <minui>, %i : vector<4xi32> into i32
  %7 = vector.reduction <minsi>, %i : vector<4xi32> into i32
  %8 = vector.reduction <maxui>, %i : vector<4xi32> into i32
  %9 = vector.reduction <maxsi>, %i : vector<4xi32> into i32
  %10 = vector.reduction <and>, %i : vector<4xi32> into i32
  %11 = vector.reduction <or>, %i : vector<4xi32> into i32
  %12 = vector.reduction <xor>, %i : vector<4xi32> into i32
  %13 = vector.reduction <maxsi>, %x : vector<2xindex> into index
  %14 = vector.reduction <or>, %b : vector<16xi1> into i1
  %15 = vector.reduction <add>, %z {note} : vector<f64> into f64
  %16 = vector.reduction <mul>, %z : vector<f64> into f64
  return
}
