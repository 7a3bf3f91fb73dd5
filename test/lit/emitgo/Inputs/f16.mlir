// f16 buffers are uint16 slices, but the Go backend has no f16 arithmetic
// (tensor-to-loops computes in f32 between arith.extf and arith.truncf).
func.func @h(%x: memref<4xf16>) {
  %c0 = arith.constant 0 : index
  %v = loops.load %x[%c0] : memref<4xf16>
  %s = arith.addf %v, %v : f16
  loops.store %s, %x[%c0] : memref<4xf16>
  return
}
