// The participle reference parser reads the generic form and builds the same
// IR as the default parser; custom forms are refused with a located error.
// RUN: tt-opt %s --print-op-generic | tt-opt --parser=participle | filecheck %s
// RUN: not tt-opt %s --parser=participle 2>&1 | filecheck %s --check-prefix=CUSTOM
// RUN: not tt-opt %s --parser=nope 2>&1 | filecheck %s --check-prefix=BAD

func.func @f(%a: f32) -> f32 {
  return %a : f32
}
// CHECK: func.func @f(%arg0: f32) -> f32 {
// CHECK-NEXT: return %arg0 : f32
// CUSTOM: parser-engine.mlir:7:1: error:
// CUSTOM-SAME: --print-op-generic
// BAD: tt-opt: unknown parser "nope" (want one of: fast, participle)
