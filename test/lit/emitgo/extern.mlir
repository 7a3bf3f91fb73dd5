// Runtime kernels: tt.matmul and tt.conv2d become calls of the packed GEMM
// and the im2col convolution of package numerics/linalg, whose source the
// file then carries; sizes
// that are not known statically are checked at run time; a buffer that
// tt.matmul overwrites first is taken from the arena without zeroing.
// RUN: tt-opt %s --emit=go --go-package kernels -o %t.go
// RUN: filecheck %s < %t.go

// CHECK:      package kernels
// CHECK:      func Mm(in0 []float32, in0Dim0 int, in1 []float32) (out0 []float32, out0Dim0 int, err error) {
// CHECK:        ttCheckDim("in0Dim0", in0Dim0)
// CHECK-NEXT:   ttCheckLen("in0", len(in0), ttSize(in0Dim0, 32))
// CHECK:      func fnMm(a0 []float32, a0d0 int, a1 []float32) ([]float32, int) {
// CHECK:        ar := arenasMm.get()
// CHECK-NEXT:   defer arenasMm.put(ar)
// CHECK:        [[T:v[0-9]+]] := ttSlotDirty(&ar.b0, ttSize(a0d0, 16))
// CHECK-NEXT:   ttMatmul(1, a0d0, 16, 32, a0, 1, a1, 1, [[T]])
// CHECK-NEXT:   [[X:v[0-9]+]] := ttSlot(&ar.b1, 1800)
// CHECK-NEXT:   [[W:v[0-9]+]] := ttSlot(&ar.b2, 72)
// CHECK-NEXT:   [[C:v[0-9]+]] := ttSlotDirty(&ar.b3, 784)
// CHECK-NEXT:   ttConv2D([[X]], [4]int{1, 2, 30, 30}, [[W]], [4]int{4, 2, 3, 3}, [[C]], [4]int{1, 4, 14, 14}, [2]int{2, 2}, [2]int{0, 0}, [2]int{1, 1}, 1)
// CHECK-NEXT:   [[OUT:v[0-9]+]] := make([]float32, ttSize(a0d0, 16))
// CHECK-NEXT:   ttCopy([[OUT]], [[T]])
// CHECK-NEXT:   return [[OUT]], a0d0
// CHECK:      type arenaMm struct {
// CHECK-NEXT:   b0 []float32
// CHECK-NEXT:   b1 []float32
// CHECK-NEXT:   b2 []float32
// CHECK-NEXT:   b3 []float32
// CHECK:      var arenasMm ttArenaPool[arenaMm]
// CHECK:      func ttMatmul[T ttLinalgNumber](
// CHECK:      func ttConv2D[T ttLinalgNumber](
// CHECK:      func ttLinalgConv2D[T ttLinalgNumber](
// CHECK:      func ttLinalgMatmul[T ttLinalgNumber](
// CHECK:      func ttLinalgGemm[T ttLinalgNumber](
func.func @mm(%a: memref<?x32xf32>, %b: memref<32x16xf32>) -> memref<?x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = loops.dim %a, 0 : memref<?x32xf32>
  %t = loops.alloc(%m) : memref<?x16xf32>
  loops.call_extern "tt.matmul"(%a, %b, %t) : (memref<?x32xf32>, memref<32x16xf32>, memref<?x16xf32>) -> ()
  %x = loops.alloc() : memref<1x2x30x30xf32>
  %w = loops.alloc() : memref<4x2x3x3xf32>
  %o = loops.alloc() : memref<1x4x14x14xf32>
  loops.call_extern "tt.conv2d"(%x, %w, %o) {stride = array<i64: 2, 2>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64} : (memref<1x2x30x30xf32>, memref<4x2x3x3xf32>, memref<1x4x14x14xf32>) -> ()
  %out = loops.alloc(%m) : memref<?x16xf32>
  loops.copy %t, %out : memref<?x16xf32>, memref<?x16xf32>
  loops.dealloc %t : memref<?x16xf32>
  return %out : memref<?x16xf32>
}
