// f16 buffers have no Go element type.
func.func @h(%x: memref<4xf16>) {
  return
}
