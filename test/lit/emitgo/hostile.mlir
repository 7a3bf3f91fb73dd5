// Symbol names become sanitized identifiers ([A-Za-z0-9] words, capitalized
// and joined, numbered when they collide) and appear elsewhere only quoted
// in comments and string literals.
// RUN: tt-opt %s --emit=go | filecheck %s
// CHECK:      //   - XOsExit1 runs @"x(); os.Exit(1) //"
// CHECK-NEXT: //   - AFuncInitPanicPwned runs @"a\n}\nfunc init() { panic(\"pwned\") }\n//"
// CHECK-NEXT: //   - AB runs @a_b
// CHECK-NEXT: //   - AB2 runs @aB
// CHECK:      import (
// CHECK-NOT:  "os"
// CHECK:      )
// CHECK:      func XOsExit1(in0 []float32) (out0 []float32, err error) {
// CHECK-NEXT:   defer ttRecover("@\"x(); os.Exit(1) //\"", &err)
// CHECK:      func AFuncInitPanicPwned(in0 []float32) (out0 []float32, err error) {
// CHECK-NEXT:   defer ttRecover("@\"a\\n}\\nfunc init() { panic(\\\"pwned\\\") }\\n//\"", &err)
// CHECK-NOT:  {{^}}func init()
func.func @"x(); os.Exit(1) //"(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
func.func @"a\0A}\0Afunc init() { panic(\22pwned\22) }\0A//"(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
func.func @a_b(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
func.func @aB(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
