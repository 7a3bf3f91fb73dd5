// tt-opt --emit=go --go-profile: each top-level loop nest and runtime
// kernel call is timed into a table of counters (function, location, op,
// bytes of the buffers it reads and writes per call), which the exported
// ProfileReport returns (tt-run --profile reads it through the generated
// command).
// RUN: tt-opt %s --emit=go --go-simd=off --go-profile | filecheck %s
// RUN: tt-opt %s --emit=go --go-simd=off | filecheck %s --check-prefix=OFF
// RUN: not tt-opt %s --go-profile 2>&1 | filecheck %s --check-prefix=ERR

// CHECK:      var ttProfKernels = []ttProfKernel{
// CHECK-NEXT:   {Func: "@copy", Loc: "{{.*}}profile.mlir:[[@LINE+16]]:3", Op: "loops.for", Bytes: 128},
// CHECK-NEXT: }
// CHECK:      func ProfileReport() string { return ttProfReport() }
// CHECK:      func fnCopy(
// CHECK:        [[T:t[0-9]+]] := ttProfBegin()
// CHECK-NEXT:   // loops.for at
// CHECK:        ttProfEnd(0, [[T]])
// CHECK:      func ttProfEnd(k int, t0 time.Time) {
// OFF-NOT:    ttProf
// OFF-NOT:    ProfileReport
// ERR: tt-opt: --go-profile applies to --emit=go
func.func @copy(%a: memref<16xf32>) -> memref<16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %o = loops.alloc() : memref<16xf32>
  loops.for %i = %c0 to %c16 step %c1 {
    %v = loops.load %a[%i] : memref<16xf32>
    loops.store %v, %o[%i] : memref<16xf32>
    loops.yield
  }
  return %o : memref<16xf32>
}
