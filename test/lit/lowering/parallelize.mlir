// parallelize turns the outer loops of independent iterations into
// loops.parallel, with Inductor's depth heuristic (threads fixed to 4 here:
// stop at 8 parallel iterations, or below 512 iterations of work per
// thread).
// RUN: tt-opt %s --split-input-file --pass-pipeline='builtin.module(parallelize{threads=4})' | filecheck %s
// RUN: tt-opt %s --pass-pipeline='builtin.module(parallelize{threads=4})' --pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS
// RUN: tt-opt %s --split-input-file --pass-pipeline='builtin.module(parallelize{threads=1})' | filecheck %s --check-prefix=ONE

// STATS: Parallelize
// STATS-DAG: (S) 13 num-nests
// STATS-DAG: (S) 7 num-parallel
// STATS-DAG: (S) 9 num-parallel-loops
// STATS-DAG: (S) 3 num-strip-mined
// STATS-DAG: (S) 1 num-too-small
// STATS-DAG: (S) 5 num-dependent

// With one thread nothing runs in parallel.
// ONE-NOT: loops.parallel

// A pointwise nest: the rows run in parallel (64 >= 2*4), the columns stay
// a unit-stride loop.
// CHECK-LABEL: func.func @pointwise
// CHECK: loops.parallel (%[[I:.*]]) = (%c0) to (%c64) step (%c1) {
// CHECK-NEXT: loops.for %[[J:.*]] = %c0 to %c1024 step %c1 {
// CHECK-NEXT: loops.load %arg0[%[[I]], %[[J]]]
// CHECK: loops.store %{{.*}}, %arg1[%[[I]], %[[J]]]
// CHECK: loops.yield
// CHECK: loops.yield
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @pointwise(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  loops.for %i = %c0 to %c64 step %c1 {
    loops.for %j = %c0 to %c1024 step %c1 {
      %v = loops.load %x[%i, %j] : memref<64x1024xf32>
      %e = math.exp %v : f32
      loops.store %e, %y[%i, %j] : memref<64x1024xf32>
      loops.yield
    }
    loops.yield
  }
  return
}

// -----

// Row sums: the rows are independent, the reduction over the columns keeps
// its carried accumulator.
// CHECK-LABEL: func.func @row_sums
// CHECK: loops.parallel (%[[I:.*]]) = (%c0) to (%c64) step (%c1) {
// CHECK-NEXT: %[[S:.*]] = loops.for %{{.*}} = %c0 to %c1024 step %c1 iter_args(%{{.*}} = %cst) -> f32 {
// CHECK: loops.store %[[S]], %arg1[%[[I]]]
func.func @row_sums(%x: memref<64x1024xf32>, %y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %z = arith.constant 0.0 : f32
  loops.for %i = %c0 to %c64 step %c1 {
    %s = loops.for %j = %c0 to %c1024 step %c1 iter_args(%a = %z) -> (f32) {
      %v = loops.load %x[%i, %j] : memref<64x1024xf32>
      %n = arith.addf %a, %v : f32
      loops.yield %n : f32
    }
    loops.store %s, %y[%i] : memref<64xf32>
    loops.yield
  }
  return
}

// -----

// A reduction over the outer dimension (its loop carries the sums) is never
// split across threads.
// CHECK-LABEL: func.func @total
// CHECK-NOT: loops.parallel
// CHECK: return
func.func @total(%x: memref<64x1024xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %z = arith.constant 0.0 : f32
  %t = loops.for %i = %c0 to %c64 step %c1 iter_args(%a = %z) -> (f32) {
    %s = loops.for %j = %c0 to %c1024 step %c1 iter_args(%b = %a) -> (f32) {
      %v = loops.load %x[%i, %j] : memref<64x1024xf32>
      %n = arith.addf %b, %v : f32
      loops.yield %n : f32
    }
    loops.yield %s : f32
  }
  return %t : f32
}

// -----

// Too little work (32 elements for 4 threads): left sequential.
// CHECK-LABEL: func.func @small
// CHECK-NOT: loops.parallel
// CHECK: return
func.func @small(%x: memref<4x8xf32>, %y: memref<4x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  loops.for %i = %c0 to %c4 step %c1 {
    loops.for %j = %c0 to %c8 step %c1 {
      %v = loops.load %x[%i, %j] : memref<4x8xf32>
      loops.store %v, %y[%i, %j] : memref<4x8xf32>
      loops.yield
    }
    loops.yield
  }
  return
}

// -----

// A long 1-D loop is strip-mined into blocks of 512 that run in parallel;
// each block stays a unit-stride loop (the last one is shorter).
// CHECK-LABEL: func.func @long
// CHECK-DAG: %[[NB:.*]] = arith.constant 196 : index
// CHECK-DAG: %[[B:.*]] = arith.constant 512 : index
// CHECK: loops.parallel (%[[K:.*]]) = (%c0{{.*}}) to (%[[NB]]) step (%c1{{.*}}) {
// CHECK-NEXT: %[[OFF:.*]] = arith.muli %[[K]], %[[B]] : index
// CHECK-NEXT: %[[LO:.*]] = arith.addi %c0{{.*}}, %[[OFF]] : index
// CHECK-NEXT: %[[HI0:.*]] = arith.addi %[[LO]], %[[B]] : index
// CHECK-NEXT: %[[HI:.*]] = arith.minsi %[[HI0]], %c100000 : index
// CHECK-NEXT: loops.for %[[I:.*]] = %[[LO]] to %[[HI]] step %c1 {
// CHECK-NEXT: loops.load %arg0[%[[I]]]
func.func @long(%x: memref<100000xf32>, %y: memref<100000xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000 : index
  loops.for %i = %c0 to %n step %c1 {
    %v = loops.load %x[%i] : memref<100000xf32>
    %w = arith.mulf %v, %v : f32
    loops.store %w, %y[%i] : memref<100000xf32>
    loops.yield
  }
  return
}

// -----

// Two short outer loops (2x3 < 8 iterations) collapse with blocks of the
// innermost loop into one linearized parallel loop: 2*3*8 = 48 iterations,
// the induction variables recovered with remui and divui.
// CHECK-LABEL: func.func @collapse
// CHECK: loops.parallel (%[[K:.*]]) = (%c0{{.*}}) to (%c48) step (%c1{{.*}}) {
// CHECK-NEXT: %[[B:.*]] = arith.remui %[[K]], %c8{{.*}} : index
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[K]], %c8{{.*}} : index
// CHECK-NEXT: %[[J:.*]] = arith.remui %[[Q]], %c3{{.*}} : index
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[Q]], %c3{{.*}} : index
// CHECK: loops.for %[[L:.*]] = %{{.*}} to %{{.*}} step %c1 {
// CHECK-NEXT: loops.load %arg0[%[[I]], %[[J]], %[[L]]]
func.func @collapse(%x: memref<2x3x4096xf32>, %y: memref<2x3x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4096 = arith.constant 4096 : index
  loops.for %i = %c0 to %c2 step %c1 {
    loops.for %j = %c0 to %c3 step %c1 {
      loops.for %l = %c0 to %c4096 step %c1 {
        %v = loops.load %x[%i, %j, %l] : memref<2x3x4096xf32>
        loops.store %v, %y[%i, %j, %l] : memref<2x3x4096xf32>
        loops.yield
      }
      loops.yield
    }
    loops.yield
  }
  return
}

// -----

// A flat buffer written at i*1024 + j: the rows own disjoint slices
// (0 <= j < 1024), so the outer loop is parallel.
// CHECK-LABEL: func.func @flat
// CHECK: loops.parallel
// CHECK-NEXT: %{{.*}} = arith.muli
// CHECK-NEXT: loops.for
func.func @flat(%x: memref<65536xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1.0 : f32
  loops.for %i = %c0 to %c64 step %c1 {
    %base = arith.muli %i, %c1024 : index
    loops.for %j = %c0 to %c1024 step %c1 {
      %k = arith.addi %base, %j : index
      loops.store %one, %x[%k] : memref<65536xf32>
      loops.yield
    }
    loops.yield
  }
  return
}

// -----

// Rows written at i*1000 + j for j < 1024 overlap the next row: sequential.
// CHECK-LABEL: func.func @overlap
// CHECK-NOT: loops.parallel
// CHECK: return
func.func @overlap(%x: memref<65536xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1000 = arith.constant 1000 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1.0 : f32
  loops.for %i = %c0 to %c64 step %c1 {
    %base = arith.muli %i, %c1000 : index
    loops.for %j = %c0 to %c1024 step %c1 {
      %k = arith.addi %base, %j : index
      loops.store %one, %x[%k] : memref<65536xf32>
      loops.yield
    }
    loops.yield
  }
  return
}

// -----

// A prefix sum in memory reads the element the previous iteration wrote.
// CHECK-LABEL: func.func @scan
// CHECK-NOT: loops.parallel
// CHECK: return
func.func @scan(%x: memref<100001xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 100000 : index
  loops.for %i = %c0 to %n step %c1 {
    %p = loops.load %x[%i] : memref<100001xf32>
    %i1 = arith.addi %i, %c1 : index
    %q = loops.load %x[%i1] : memref<100001xf32>
    %s = arith.addf %p, %q : f32
    loops.store %s, %x[%i1] : memref<100001xf32>
    loops.yield
  }
  return
}

// -----

// Every iteration writes the same element: sequential.
// CHECK-LABEL: func.func @same_element
// CHECK-NOT: loops.parallel
// CHECK: return
func.func @same_element(%x: memref<64x1024xf32>, %y: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  loops.for %i = %c0 to %c64 step %c1 {
    loops.for %j = %c0 to %c1024 step %c1 {
      %v = loops.load %x[%i, %j] : memref<64x1024xf32>
      loops.store %v, %y[%c0] : memref<1xf32>
      loops.yield
    }
    loops.yield
  }
  return
}

// -----

// A call may do anything: sequential.
// CHECK-LABEL: func.func @calls
// CHECK-NOT: loops.parallel
// CHECK: return
func.func private @effect(index)
func.func @calls(%x: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  loops.for %i = %c0 to %c64 step %c1 {
    loops.for %j = %c0 to %c1024 step %c1 {
      %v = loops.load %x[%i, %j] : memref<64x1024xf32>
      loops.store %v, %x[%i, %j] : memref<64x1024xf32>
      loops.yield
    }
    func.call @effect(%i) : (index) -> ()
    loops.yield
  }
  return
}

// -----

// Dynamic sizes: the trip count is unknown (assumed large); the innermost
// loop, chosen because the outer one may be short, is strip-mined with
// run-time block counts.
// CHECK-LABEL: func.func @dynamic
// CHECK: %[[SPAN:.*]] = arith.subi %arg2, %c0
// CHECK: arith.maxsi %[[SPAN]]
// CHECK: arith.ceildivsi
// CHECK: loops.parallel
// CHECK: arith.minsi
// CHECK: loops.for
func.func @dynamic(%x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  loops.for %i = %c0 to %n step %c1 {
    %v = loops.load %x[%i] : memref<?xf32>
    loops.store %v, %y[%i] : memref<?xf32>
    loops.yield
  }
  return
}

// -----

// Loops that only read, and buffers allocated inside an iteration (private
// to it), do not prevent parallelism.
// CHECK-LABEL: func.func @private_buffer
// CHECK: loops.parallel
// CHECK-NEXT: %[[T:.*]] = loops.alloc() : memref<1024xf32>
func.func @private_buffer(%x: memref<64x1024xf32>, %y: memref<64x1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  loops.for %i = %c0 to %c64 step %c1 {
    %t = loops.alloc() : memref<1024xf32>
    loops.for %j = %c0 to %c1024 step %c1 {
      %v = loops.load %x[%i, %j] : memref<64x1024xf32>
      loops.store %v, %t[%j] : memref<1024xf32>
      loops.yield
    }
    loops.for %j = %c0 to %c1024 step %c1 {
      %v = loops.load %t[%j] : memref<1024xf32>
      loops.store %v, %y[%i, %j] : memref<64x1024xf32>
      loops.yield
    }
    loops.dealloc %t : memref<1024xf32>
    loops.yield
  }
  return
}
