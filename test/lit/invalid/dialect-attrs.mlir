// Types and attributes of loaded dialects: the parameters go to the
// dialect's parse hook, unknown names and bad parameters are located
// errors (MLIR 16's messages; dialect-attrs-mlir.mlir checks them against
// mlir-opt-16).
// RUN: tt-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// expected-error@+1 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
"test.a"() {fm = #arith.fastmath<bogus>} : () -> ()

// -----

func.func @custom_form(%x: f32) -> f32 {
  // expected-error@+1 {{expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast}}
  %0 = arith.addf %x, %x fastmath<nnan, bogus> : f32
  return %0 : f32
}

// -----

// expected-error@+1 {{expected '<'}}
"test.a"() {fm = #arith.fastmath} : () -> ()

// -----

// expected-error@+1 {{expected valid keyword}}
"test.a"() {fm = #arith.fastmath<>} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"test.a"() {fm = #arith.fastmath<nnan ninf>} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"test.a"() {fm = #arith.fastmath<nnan|ninf>} : () -> ()

// -----

// expected-error@+1 {{unknown attribute `bogus` in dialect `arith`}}
"test.a"() {fm = #arith.bogus<fast>} : () -> ()

// -----

// expected-error@+1 {{dialect 'arith' provides no type parsing hook}}
"test.a"() {t = !arith.bogus} : () -> ()

// -----

// expected-error@+1 {{dialect 'func' provides no attribute parsing hook}}
"test.a"() {t = #func.bogus<1>} : () -> ()

// -----

// expected-error@+1 {{expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minf, maxui, maxsi, maxf, and, or, xor}}
"test.a"() {k = #vector.kind<sum>} : () -> ()

// -----

// expected-error@+1 {{expected '>'}}
"test.a"() {k = #vector.kind<add, mul>} : () -> ()

// -----

func.func @fastmath_wrong_attribute(%x: f32) -> f32 {
  // expected-error@+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%x, %x) {fastmath = #vector.kind<add>} : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @fastmath_integer(%x: f32) -> f32 {
  // expected-error@+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%x, %x) {fastmath = 1 : i32} : (f32, f32) -> f32
  return %0 : f32
}

// -----

func.func @fastmath_opaque(%x: f32) -> f32 {
  // An attribute of a dialect that is not loaded stays opaque, and is no
  // fastmath attribute even when it is spelled like one of another dialect.
  // expected-error@+1 {{'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags}}
  %0 = "arith.addf"(%x, %x) {fastmath = #notarith.fastmath<fast>} : (f32, f32) -> f32
  return %0 : f32
}
