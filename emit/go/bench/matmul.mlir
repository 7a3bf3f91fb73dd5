// The kernels the benchmarks of emit/go/bench compare: tt.matmul as the Go
// emitter compiles it, and the same product as a plain loop nest (what a
// matmul lowered without the runtime kernel would look like).
func.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = loops.dim %a, 0 : memref<?x?xf32>
  %n = loops.dim %b, 1 : memref<?x?xf32>
  %c = loops.alloc(%m, %n) : memref<?x?xf32>
  loops.call_extern "tt.matmul"(%a, %b, %c) : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
  return %c : memref<?x?xf32>
}

func.func @naive(%a: memref<?x?xf32>, %b: memref<?x?xf32>) -> memref<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %m = loops.dim %a, 0 : memref<?x?xf32>
  %k = loops.dim %a, 1 : memref<?x?xf32>
  %n = loops.dim %b, 1 : memref<?x?xf32>
  %c = loops.alloc(%m, %n) : memref<?x?xf32>
  loops.for %i = %c0 to %m step %c1 {
    loops.for %j = %c0 to %n step %c1 {
      %s = loops.for %p = %c0 to %k step %c1 iter_args(%acc = %zero) -> (f32) {
        %x = loops.load %a[%i, %p] : memref<?x?xf32>
        %y = loops.load %b[%p, %j] : memref<?x?xf32>
        %xy = arith.mulf %x, %y : f32
        %r = arith.addf %acc, %xy : f32
        loops.yield %r : f32
      }
      loops.store %s, %c[%i, %j] : memref<?x?xf32>
      loops.yield
    }
    loops.yield
  }
  return %c : memref<?x?xf32>
}
