// tt-opt --emit=go: a loops.parallel body's closure declares again the
// integer constants it reads, so that the Go compiler sees constants (a
// captured variable is a load from the closure's context: x/c and x%c
// would be hardware divides). A constant read only inside closures keeps
// its outer declaration, marked used.
// RUN: tt-opt %s --emit=go --go-simd=off | filecheck %s

// CHECK:      func fnDiv(a0 []int32) []int32 {
// CHECK-NEXT:   [[C7:v[0-9]+]] := int(7)
// CHECK-NEXT:   _ = [[C7]]
// CHECK-NEXT:   [[M3:v[0-9]+]] := int32(-3)
// CHECK-NEXT:   _ = [[M3]]
// CHECK:        ttParallelFor(6, {{[0-9]+}}, func(
// CHECK-NEXT:     [[C7]] := int(7)
// CHECK-NEXT:     [[M3]] := int32(-3)
// CHECK:          := i{{[0-9]+}} / [[C7]]
// CHECK:          := v{{[0-9]+}} % [[M3]]
func.func @div(%x: memref<6x35xi32>) -> memref<6x35xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %c35 = arith.constant 35 : index
  %m3 = arith.constant -3 : i32
  %q = loops.alloc() : memref<6x35xi32>
  loops.parallel (%i, %j) = (%c0, %c0) to (%c6, %c35) step (%c1, %c1) {
    %v = loops.load %x[%i, %j] : memref<6x35xi32>
    %jd = arith.divsi %j, %c7 : index
    %jdi = arith.index_cast %jd : index to i32
    %vr = arith.remsi %v, %m3 : i32
    %o = arith.addi %jdi, %vr : i32
    loops.store %o, %q[%i, %j] : memref<6x35xi32>
    loops.yield
  }
  return %q : memref<6x35xi32>
}
