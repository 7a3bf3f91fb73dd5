// tt-run end to end: .npy inputs, results written as .npy and compared
// with PyTorch's (Inputs/softmax_want.npy is torch.softmax(x + y, 1),
// written by tools/refgen/refgen.py).
// RUN: tt-run %s --input %S/Inputs/x.npy --input %S/Inputs/y.npy --out %t && npycmp %t/out0.npy %S/Inputs/softmax_want.npy
// The output directory is created, and each result is out<i>.npy.
// RUN: rm -rf %t.new && tt-run %s --input %S/Inputs/x.npy --input %S/Inputs/y.npy --out %t.new/sub && test -f %t.new/sub/out0.npy && test -f %t.new/sub/out1.npy
// The second result is the row sums, 1 within a few ulps.
// RUN: tt-run %s --input %S/Inputs/x.npy --input %S/Inputs/y.npy | filecheck %s
// A result that differs is reported with its index.
// RUN: not npycmp %t/out0.npy %S/Inputs/x.npy 2>&1 | filecheck %s --check-prefix=DIFF
// The entry is the only public function; @helper is private.

func.func @softmax_sum(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4xf32>) {
  %s = func.call @helper(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
  %p = tensor.softmax %s dim = 1 : tensor<4x8xf32>
  %r = tensor.reduce_sum %p dims = [1] : tensor<4x8xf32>
  return %p, %r : tensor<4x8xf32>, tensor<4xf32>
}

func.func private @helper(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = tensor.add %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// CHECK:      result #0: tensor<4x8xf32>
// CHECK-NEXT:   shape [4 8], dtype f32, 32 elements
// CHECK-NEXT:   values [{{.*}}, ...]
// CHECK-NEXT:   min {{[0-9.e-]+}}, max {{[0-9.e-]+}}, mean 0.125
// CHECK-NEXT: result #1: tensor<4xf32>
// CHECK-NEXT:   shape [4], dtype f32, 4 elements
// CHECK-NEXT:   values [1, 1, 1, 1]
// CHECK-NEXT:   min 1, max 1, mean 1

// DIFF: npycmp: {{.*}}out0.npy vs {{.*}}x.npy: {{[0-9]+}} of 32 elements differ (|got - want| > atol + rtol*|want| with rtol 1e-05, atol 1e-08):
// DIFF-NEXT: element [0 0]: got {{.*}}, want {{.*}}
