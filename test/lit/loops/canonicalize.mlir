// loops.dim of a static dimension folds to a constant; of a dynamic one it
// stays. Loops whose bodies only read are dead when they have no results.
// RUN: tt-opt %s --canonicalize | filecheck %s

// CHECK-LABEL: func.func @dims
// CHECK-SAME: (%[[M:.*]]: memref<4x?x0xf32>)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[D:.*]] = loops.dim %[[M]], 1 : memref<4x?x0xf32>
// CHECK-NOT: loops.dim
// CHECK: return %[[C4]], %[[D]], %[[C0]] : index, index, index
func.func @dims(%m: memref<4x?x0xf32>) -> (index, index, index) {
  %0 = loops.dim %m, 0 : memref<4x?x0xf32>
  %1 = loops.dim %m, 1 : memref<4x?x0xf32>
  %2 = loops.dim %m, 2 : memref<4x?x0xf32>
  return %0, %1, %2 : index, index, index
}

// The folded size feeds a loop bound; the loop stores, so it stays.
// CHECK-LABEL: func.func @bound
// CHECK-SAME: (%[[M:.*]]: memref<8xi32>, %[[V:.*]]: i32)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: loops.for %[[I:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK-NEXT: loops.store %[[V]], %[[M]][%[[I]]] : memref<8xi32>
func.func @bound(%m: memref<8xi32>, %v: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = loops.dim %m, 0 : memref<8xi32>
  loops.for %i = %c0 to %n step %c1 {
    loops.store %v, %m[%i] : memref<8xi32>
    loops.yield
  }
  return
}

// Dead allocations and read-only loops disappear; stores stay.
// CHECK-LABEL: func.func @dead
// CHECK-NOT: loops.alloc
// CHECK-NOT: loops.for
// CHECK: return
func.func @dead(%m: memref<8xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %b = loops.alloc() : memref<16xf32>
  loops.for %i = %c0 to %c8 step %c1 {
    %x = loops.load %m[%i] : memref<8xi32>
    loops.yield
  }
  return
}
