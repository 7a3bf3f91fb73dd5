// The attributes arith and vector define (#arith.fastmath, #vector.kind),
// anywhere an attribute goes (through aliases too): tt-opt and mlir-opt-16
// print the same canonical spelling (flags in MLIR's order, "fast" for all
// of them, "none" for no flag), whichever of them parsed the text and in
// either form.
// REQUIRES: mlir-opt
// RUN: tt-opt %s --allow-unregistered-dialect | filecheck %s
// RUN: mlir-opt %s --allow-unregistered-dialect | filecheck %s
// RUN: tt-opt %s --allow-unregistered-dialect --print-op-generic | mlir-opt --allow-unregistered-dialect | filecheck %s
// RUN: mlir-opt %s --allow-unregistered-dialect --mlir-print-op-generic | tt-opt --allow-unregistered-dialect | filecheck %s

#fm = #arith.fastmath<afn, fast>
!vec = vector<4xf32>

// CHECK-LABEL: func.func @attrs(
// CHECK-NEXT: "test.a"() {a = #arith.fastmath<nnan,ninf>, b = #arith.fastmath<fast>, c = #arith.fastmath<none>, d = #arith.fastmath<reassoc,afn>, e = #arith.fastmath<nnan>} : () -> ()
// CHECK-NEXT: "test.b"() {k = [#vector.kind<maxf>, #vector.kind<add>, #vector.kind<xor>], m = {fm = #arith.fastmath<contract>}} : () -> ()
// CHECK-NEXT: %0 = arith.addf %arg0, %arg0 fastmath<nnan,ninf> : f32
// CHECK-NEXT: %1 = arith.mulf %0, %0 fastmath<fast> : f32
// CHECK-NEXT: %2 = arith.subf %1, %1 : f32
// CHECK-NEXT: %3 = vector.reduction <maxf>, %arg1 : vector<4xf32> into f32
// CHECK-NEXT: %4 = arith.divf %2, %2 fastmath<fast> : f32
// CHECK-NEXT: return
func.func @attrs(%x: f32, %v: vector<4xf32>) {
  "test.a"() {a = #arith.fastmath<ninf, nnan>, b = #arith.fastmath<fast, nnan>, c = #arith.fastmath<none>, d = #arith.fastmath<afn,reassoc>, e = #arith.fastmath<none,nnan>} : () -> ()
  "test.b"() {k = [#vector.kind<maxf>, #vector.kind<add>, #vector.kind<xor>], m = {fm = #arith.fastmath<contract>}} : () -> ()
  %0 = "arith.addf"(%x, %x) {fastmath = #arith.fastmath<nnan, ninf>} : (f32, f32) -> f32
  %1 = arith.mulf %0, %0 fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn> : f32
  %2 = arith.subf %1, %1 fastmath<none> : f32
  %3 = "vector.reduction"(%v) {kind = #vector.kind<maxf>} : (!vec) -> f32
  %4 = "arith.divf"(%2, %2) {fastmath = #fm} : (f32, f32) -> f32
  return
}
