// Random i32 inputs are in [0, 10): some divisors are 0.
func.func @div(%a: memref<64xi32>, %b: memref<64xi32>) -> memref<64xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %out = loops.alloc() : memref<64xi32>
  loops.for %i = %c0 to %c64 step %c1 {
    %x = loops.load %a[%i] : memref<64xi32>
    %y = loops.load %b[%i] : memref<64xi32>
    %d = arith.divsi %x, %y : i32
    loops.store %d, %out[%i] : memref<64xi32>
    loops.yield
  }
  return %out : memref<64xi32>
}
