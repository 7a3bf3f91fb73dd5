// Both parser engines read the generic and the custom forms and build the
// same IR; TT_OPT_PARSER sets the default engine.
// RUN: tt-opt %s --print-op-generic | tt-opt --parser=participle | filecheck %s
// RUN: tt-opt %s --parser=participle | filecheck %s
// RUN: env TT_OPT_PARSER=participle tt-opt %s | filecheck %s
// RUN: not tt-opt %s --parser=nope 2>&1 | filecheck %s --check-prefix=BAD
// RUN: not env TT_OPT_PARSER=nope tt-opt %s 2>&1 | filecheck %s --check-prefix=BAD

func.func @f(%a: f32) -> f32 {
  %b = arith.addf %a, %a fastmath<fast> : f32
  return %b : f32
}
// CHECK: func.func @f(%arg0: f32) -> f32 {
// CHECK-NEXT: %0 = arith.addf %arg0, %arg0 fastmath<fast> : f32
// CHECK-NEXT: return %0 : f32
// BAD: tt-opt: unknown parser "nope" (want one of: fast, participle)
