// The errors of dialect-attrs.mlir, from tt-opt and from mlir-opt-16 with
// the same check lines. (MLIR reports a second error, "failed to parse
// ... parameter", after a bad enum keyword; tt reports the first only.)
// REQUIRES: mlir-opt
// RUN: not tt-opt %s --split-input-file --allow-unregistered-dialect 2>&1 | filecheck %s
// RUN: not mlir-opt %s --split-input-file --allow-unregistered-dialect 2>&1 | filecheck %s

// CHECK: error: expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast
"test.a"() {fm = #arith.fastmath<bogus>} : () -> ()

// -----

func.func @custom_form(%x: f32) -> f32 {
  // CHECK: error: {{(custom op 'arith.addf' )?}}expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast
  %0 = arith.addf %x, %x fastmath<nnan, bogus> : f32
  return %0 : f32
}

// -----

// CHECK: error: expected '<'
"test.a"() {fm = #arith.fastmath} : () -> ()

// -----

// CHECK: error: expected valid keyword
"test.a"() {fm = #arith.fastmath<>} : () -> ()

// -----

// CHECK: error: expected '>'
"test.a"() {fm = #arith.fastmath<nnan ninf>} : () -> ()

// -----

// CHECK: error: unknown attribute `bogus` in dialect `arith`
"test.a"() {fm = #arith.bogus<fast>} : () -> ()

// -----

// CHECK: error: dialect 'arith' provides no type parsing hook
"test.a"() {t = !arith.bogus} : () -> ()

// -----

// CHECK: error: dialect 'func' provides no attribute parsing hook
"test.a"() {t = #func.bogus<1>} : () -> ()

// -----

// CHECK: error: expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minf, maxui, maxsi, maxf, and, or, xor
"test.a"() {k = #vector.kind<sum>} : () -> ()

// -----

// CHECK: error: expected '>'
"test.a"() {k = #vector.kind<add, mul>} : () -> ()

// -----

func.func @fastmath_wrong_attribute(%x: f32) -> f32 {
  // CHECK: error: 'arith.addf' op attribute 'fastmath' failed to satisfy constraint: Floating point fast math flags
  %0 = "arith.addf"(%x, %x) {fastmath = #vector.kind<add>} : (f32, f32) -> f32
  return %0 : f32
}
