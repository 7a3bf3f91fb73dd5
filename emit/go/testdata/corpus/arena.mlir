// Buffers that stay inside the function live in its arena: repeated calls
// allocate nothing (the result is written into an argument).

// CASE: @into shapes=6x10,6x10 maxallocs=0
// CASE: @into shapes=2x3,2x3 maxallocs=0
func.func @into(%x: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = loops.dim %x, 0 : memref<?x?xf32>
  %n = loops.dim %x, 1 : memref<?x?xf32>
  %t = loops.alloc(%m, %n) : memref<?x?xf32>
  %s = loops.alloc() : memref<16xf32>
  loops.copy %x, %t : memref<?x?xf32>, memref<?x?xf32>
  loops.for %i = %c0 to %m step %c1 {
    loops.for %j = %c0 to %n step %c1 {
      %v = loops.load %t[%i, %j] : memref<?x?xf32>
      %w = arith.mulf %v, %v : f32
      %k = arith.remui %j, %c1 : index
      %old = loops.load %s[%k] : memref<16xf32>
      %acc = arith.addf %old, %w : f32
      loops.store %acc, %s[%k] : memref<16xf32>
      loops.store %acc, %out[%i, %j] : memref<?x?xf32>
      loops.yield
    }
    loops.yield
  }
  loops.dealloc %t : memref<?x?xf32>
  loops.dealloc %s : memref<16xf32>
  return
}
