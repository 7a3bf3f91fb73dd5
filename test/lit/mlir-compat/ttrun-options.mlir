// tt-run takes single-dash long options too (one shared normalization).
// RUN: tt-run %s -entry f -random-inputs 7 -out %t.a
// RUN: tt-run %s --entry=f --random-inputs=7 --out %t.b
// RUN: npycmp %t.a/out0.npy %t.b/out0.npy -rtol 0 -atol 0
// RUN: tt-run -random-inputs 7 %s | filecheck %s
// CHECK: result #0: tensor<4xf32>
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
