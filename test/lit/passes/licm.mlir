// loop-invariant-code-motion moves the pure ops of loop bodies whose
// operands are defined outside the loop to just before it, inner loops
// first (ops with the loop interface: loops.for, loops.parallel).
// RUN: tt-opt %s --loop-invariant-code-motion --allow-unregistered-dialect | filecheck %s
// RUN: tt-opt %s --loop-invariant-code-motion --allow-unregistered-dialect --pass-statistics 2>&1 | filecheck %s --check-prefix=STATS

// The ops invariant in both loops move twice, one level each time.
// STATS: LoopInvariantCodeMotion
// STATS: 5 num-moved

// CHECK-LABEL: func.func @nest(
// CHECK-SAME:    %[[M:.*]]: memref<8x8xf32>, %[[X:.*]]: f32, %[[N:.*]]: index, %[[D:.*]]: index)
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[SQ:.*]] = arith.mulf %[[X]], %[[X]] : f32
// CHECK-NEXT:    %[[TWO:.*]] = arith.addf %[[SQ]], %[[SQ]] : f32
// CHECK-NEXT:    loops.for %[[I:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK-NEXT:      %[[Q:.*]] = arith.divui %[[N]], %[[D]] : index
// CHECK-NEXT:      %[[IJ:.*]] = arith.addi %[[I]], %[[C1]] : index
// CHECK-NEXT:      loops.for %[[J:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK-NEXT:        %[[L:.*]] = loops.load %[[M]][%[[I]], %[[J]]] : memref<8x8xf32>
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[L]], %[[TWO]] : f32
// CHECK-NEXT:        loops.store %[[S]], %[[M]][%[[IJ]], %[[Q]]] : memref<8x8xf32>
// CHECK-NEXT:        loops.yield
// CHECK-NEXT:      }
// CHECK-NEXT:      loops.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @nest(%m: memref<8x8xf32>, %x: f32, %n: index, %d: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  loops.for %i = %c0 to %c8 step %c1 {
    // Not speculatable: division by zero must not happen when the loop
    // does not run, so it stays.
    %q = arith.divui %n, %d : index
    loops.for %j = %c0 to %c8 step %c1 {
      // Invariant in the inner loop only: moves out one level.
      %ij = arith.addi %i, %c1 : index
      // Invariant in both: moves out of both, and then its user follows.
      %sq = arith.mulf %x, %x : f32
      %two = arith.addf %sq, %sq : f32
      // Reads memory: stays.
      %l = loops.load %m[%i, %j] : memref<8x8xf32>
      %s = arith.addf %l, %two : f32
      loops.store %s, %m[%ij, %q] : memref<8x8xf32>
      loops.yield
    }
    loops.yield
  }
  return
}

// CHECK-LABEL: func.func @parallel(
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    loops.parallel (%[[I:.*]]) = (%[[C0]]) to (%[[C4]]) step (%[[C1]]) {
// CHECK-NEXT:      %[[V:.*]] = arith.index_cast %[[I]] : index to i64
// CHECK-NEXT:      "test.use"(%[[V]]) : (i64) -> ()
func.func @parallel() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  loops.parallel (%i) = (%c0) to (%c4) step (%c1) {
    // Depends on the induction variable: stays.
    %v = arith.index_cast %i : index to i64
    "test.use"(%v) : (i64) -> ()
    loops.yield
  }
  return
}
