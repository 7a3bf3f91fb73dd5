// Symbol names that would be code if the emitter pasted them into Go
// source; names that collide after sanitizing; keywords; digits.

// CASE: @"x(); os.Exit(1) //"
// CASE: @"a\0A}\0Afunc init() { panic(\22pwned\22) }\0A//"
// CASE: @"*/ import \22os\22 /*"
// CASE: @a_b
// CASE: @aB
// CASE: @func
// CASE: @"0"
// CASE: @"\E2\98\83"
func.func @"x(); os.Exit(1) //"(%x: memref<3xf32>) -> memref<3xf32> {
  %r = func.call @"helper\0Afunc(){"(%x) : (memref<3xf32>) -> memref<3xf32>
  return %r : memref<3xf32>
}
func.func private @"helper\0Afunc(){"(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
func.func @"a\0A}\0Afunc init() { panic(\22pwned\22) }\0A//"(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
func.func @"*/ import \22os\22 /*"(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
func.func @a_b(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
func.func @aB(%x: memref<3xf32>) -> memref<3xf32> {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  loops.store %one, %x[%c0] : memref<3xf32>
  return %x : memref<3xf32>
}
func.func @func(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
func.func @"0"(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
func.func @"\E2\98\83"(%x: memref<3xf32>) -> memref<3xf32> {
  return %x : memref<3xf32>
}
