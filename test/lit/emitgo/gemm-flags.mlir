// tt.matmul with transpose flags and an epilogue becomes a call of ttGemm
// (linalg.Gemm): the sizes are read from the operands in their storage
// order (A [K, M] with transpose_a, B [N, K] with transpose_b) and checked
// at run time where not known, the bias is the fourth operand, and the
// output is still taken from the arena without zeroing.
// RUN: tt-opt %s --emit=go --go-package kernels -o %t.go
// RUN: filecheck %s < %t.go

// CHECK:      func fnLinear(a0 []float32, a0d1 int, a1 []float32, a2 []float32) []float32 {
// CHECK:        [[C:v[0-9]+]] := ttSlotDirty(&ar.b0, 63)
// CHECK-NEXT:   if a0d1 != 7 {
// CHECK-NEXT:     ttFailf("tt.matmul: rows of A and C differ: %d vs %d", a0d1, 7)
// CHECK-NEXT:   }
// CHECK-NEXT:   ttGemm(1, 7, 9, 5, a0, 1, a1, 1, [[C]], true, true, a2, "gelu_tanh")
// CHECK:      func fnPlain(a0 []float64, a1 []float64) []float64 {
// CHECK:        ttGemm(2, 3, 4, 5, a0, 2, a1, 2, {{v[0-9]+}}, false, true, nil, "")
// CHECK:      func ttGemm[T ttLinalgNumber](
// CHECK:      func ttLinalgParseActivation(
func.func @linear(%a: memref<5x?xf32>, %b: memref<9x5xf32>, %bias: memref<9xf32>) -> memref<7x9xf32> {
  %c = loops.alloc() {tt.overwritten} : memref<7x9xf32>
  loops.call_extern "tt.matmul"(%a, %b, %c, %bias) {transpose_a, transpose_b, activation = "gelu_tanh"} : (memref<5x?xf32>, memref<9x5xf32>, memref<7x9xf32>, memref<9xf32>) -> ()
  %out = loops.alloc() : memref<7x9xf32>
  loops.copy %c, %out : memref<7x9xf32>, memref<7x9xf32>
  loops.dealloc %c : memref<7x9xf32>
  return %out : memref<7x9xf32>
}

func.func @plain(%a: memref<2x3x5xf64>, %b: memref<2x4x5xf64>) -> memref<2x3x4xf64> {
  %c = loops.alloc() {tt.overwritten} : memref<2x3x4xf64>
  loops.call_extern "tt.matmul"(%a, %b, %c) {transpose_b} : (memref<2x3x5xf64>, memref<2x4x5xf64>, memref<2x3x4xf64>) -> ()
  return %c : memref<2x3x4xf64>
}
