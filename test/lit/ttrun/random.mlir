// --random-inputs SEED: deterministic per seed; floats in [-1, 1),
// integers in [0, 10), i1 random; dynamic dimensions of size --dim-size
// (default 4); only the arguments after the last --input are random.
// RUN: tt-run %s --random-inputs 42 --out %t.a
// RUN: tt-run %s --random-inputs 42 --out %t.b
// RUN: tt-run %s --random-inputs 43 --out %t.c
// RUN: npycmp %t.a/out0.npy %t.b/out0.npy --rtol 0 --atol 0
// RUN: npycmp %t.a/out1.npy %t.b/out1.npy --rtol 0 --atol 0
// RUN: npycmp %t.a/out2.npy %t.b/out2.npy --rtol 0 --atol 0
// RUN: not npycmp %t.a/out0.npy %t.c/out0.npy --rtol 0 --atol 0
// An argument's data depends only on the seed and its position: giving
// argument 0 from a file leaves arguments 1 and 2 as they were.
// RUN: tt-run %s --random-inputs 42 --input %t.a/out0.npy --out %t.d
// RUN: npycmp %t.a/out1.npy %t.d/out1.npy --rtol 0 --atol 0
// RUN: npycmp %t.a/out2.npy %t.d/out2.npy --rtol 0 --atol 0
// RUN: npycmp %t.a/out0.npy %t.d/out0.npy --rtol 0 --atol 0
// The ranges, and the dynamic size.
// RUN: tt-run %s --random-inputs 42 | filecheck %s
// CHECK:      result #0: tensor<4x3xf32>
// CHECK:        min -{{0\.[0-9]+|1}}, max 0.{{[0-9]+}}, mean {{.*}}
// CHECK:      result #1: tensor<64xi64>
// CHECK:        min 0, max 9
// CHECK:      result #2: tensor<64xi1>
// CHECK-NEXT:   shape [64], dtype i1, 64 elements
// CHECK-NEXT:   values
// CHECK-NEXT:   {{[1-9][0-9]}} true, {{[1-9][0-9]}} false
// RUN: tt-run %s --random-inputs 42 --dim-size 2 | filecheck %s --check-prefix=DIM
// DIM: result #0: tensor<2x3xf32>
// RUN: tt-run %s --random-inputs 42 --dim-size 0 | filecheck %s --check-prefix=ZERO
// ZERO:      result #0: tensor<0x3xf32>
// ZERO-NEXT:   shape [0 3], dtype f32, 0 elements
// ZERO-NEXT: result #1

func.func @f(%x: tensor<?x3xf32>, %i: tensor<64xi64>, %b: tensor<64xi1>) -> (tensor<?x3xf32>, tensor<64xi64>, tensor<64xi1>) {
  return %x, %i, %b : tensor<?x3xf32>, tensor<64xi64>, tensor<64xi1>
}
