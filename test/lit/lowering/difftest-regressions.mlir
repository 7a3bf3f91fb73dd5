// Minimized failures of the random-program differential tester
// (tt-difftest), each run on every backend: the tensor-level interpreter,
// the interpreter after pt2-go, and the generated Go.

// A reshape of an empty tensor delinearizes by an extent of 0: the
// division was hoisted out of the loop that never runs and trapped
// ("arith.remsi: integer division by zero").
// RUN: tt-run %s --entry reshape_empty --random-inputs 1 | filecheck %s --check-prefix=EMPTY
// RUN: tt-run %s --entry reshape_empty --random-inputs 1 --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=EMPTY
// RUN: tt-run %s --entry reshape_empty --random-inputs 1 --backend go | filecheck %s --check-prefix=EMPTY
// EMPTY: shape [1 4 0], dtype f64, 0 elements
func.func @reshape_empty(%arg0: tensor<1x0x3xf64>) -> tensor<1x4x0xf64> {
  %0 = tensor.reshape %arg0 : tensor<1x0x3xf64> -> tensor<1x1x0xf64>
  %1 = tensor.broadcast %0 dims = [0, 1, 2] : tensor<1x1x0xf64> -> tensor<1x4x0xf64>
  return %1 : tensor<1x4x0xf64>
}

// cmp ne x, x folds to false, and the and-reduction's combining op with
// it: the loop's declared reduction no longer held and canonicalize left
// IR that failed to verify.
// RUN: tt-run %s --entry reduce_min_folded --random-inputs 1 | filecheck %s --check-prefix=FOLDED
// RUN: tt-run %s --entry reduce_min_folded --random-inputs 1 --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=FOLDED
// RUN: tt-run %s --entry reduce_min_folded --random-inputs 1 --backend go | filecheck %s --check-prefix=FOLDED
// FOLDED: values [false]
func.func @reduce_min_folded(%arg0: tensor<3xi64>) -> tensor<i1> {
  %0 = tensor.cmp ne, %arg0, %arg0 : tensor<3xi64>
  %1 = tensor.reduce_min %0 dims = [0] : tensor<3xi1>
  return %1 : tensor<i1>
}

// Softmax along a dimension followed by empty ones, and layer_norm over an
// empty normalized shape: the interpreter's kernels divided by zero when
// sizing their parallel chunks ("internal error in kernel").
// RUN: tt-run %s --entry softmax_empty_inner --random-inputs 1 | filecheck %s --check-prefix=SOFTMAX
// RUN: tt-run %s --entry softmax_empty_inner --random-inputs 1 --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=SOFTMAX
// RUN: tt-run %s --entry softmax_empty_inner --random-inputs 1 --backend go | filecheck %s --check-prefix=SOFTMAX
// SOFTMAX: shape [3 0], dtype f32, 0 elements
func.func @softmax_empty_inner(%x: tensor<3x0xf32>) -> tensor<3x0xf32> {
  %0 = tensor.softmax %x dim = 0 : tensor<3x0xf32>
  return %0 : tensor<3x0xf32>
}
// RUN: tt-run %s --entry layer_norm_empty --random-inputs 1 | filecheck %s --check-prefix=LN
// RUN: tt-run %s --entry layer_norm_empty --random-inputs 1 --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=LN
// RUN: tt-run %s --entry layer_norm_empty --random-inputs 1 --backend go | filecheck %s --check-prefix=LN
// LN: shape [2 1 0], dtype f64, 0 elements
func.func @layer_norm_empty(%x: tensor<2x1x0xf64>, %g: tensor<1x0xf64>, %b: tensor<1x0xf64>) -> tensor<2x1x0xf64> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 2 : tensor<2x1x0xf64>, tensor<1x0xf64>, tensor<1x0xf64>
  return %0 : tensor<2x1x0xf64>
}

// The gradient of a sum over a reshaped empty tensor: the load of the empty
// buffer had invariant indices once the division by the extent 0 was gone,
// and was hoisted out of the reduction loop that never runs, reading out
// of bounds ("loops.load: indices [0, 0] are out of bounds of
// memref<2x0xf64>").
// RUN: tt-run %s --entry sum_empty_grad --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=sum_empty})' | filecheck %s --check-prefix=SUMGRAD
// RUN: tt-run %s --entry sum_empty_grad --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=sum_empty},pt2-go)' | filecheck %s --check-prefix=SUMGRAD
// RUN: tt-run %s --entry sum_empty_grad --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=sum_empty})' --backend go | filecheck %s --check-prefix=SUMGRAD
// SUMGRAD: result #0: tensor<f64>
// SUMGRAD: values [0]
// SUMGRAD: result #1: tensor<2x0xf64>
// SUMGRAD-NEXT: shape [2 0], dtype f64, 0 elements
func.func @sum_empty(%arg0: tensor<2x0xf64>) -> tensor<f64> {
  %0 = tensor.reshape %arg0 : tensor<2x0xf64> -> tensor<1x1x0xf64>
  %1 = tensor.reduce_sum %0 dims = [0, 1, 2] : tensor<1x1x0xf64>
  return %1 : tensor<f64>
}

// The gradient of a broadcast from a dynamic size tests at run time
// whether the size was 1; the test took the maximum of an iota of that
// size, which fails for size 0 ("cannot take the max of an empty
// reduction").
// RUN: tt-run %s --entry bcast_empty_grad --random-inputs 1 --dim-size 0 --pass-pipeline 'builtin.module(aot-autograd{func=bcast_empty})' | filecheck %s --check-prefix=BCAST
// RUN: tt-run %s --entry bcast_empty_grad --random-inputs 1 --dim-size 0 --pass-pipeline 'builtin.module(aot-autograd{func=bcast_empty},pt2-go)' | filecheck %s --check-prefix=BCAST
// RUN: tt-run %s --entry bcast_empty_grad --random-inputs 1 --dim-size 0 --pass-pipeline 'builtin.module(aot-autograd{func=bcast_empty})' --backend go | filecheck %s --check-prefix=BCAST
// BCAST: result #1: tensor<0x3xf64>
// BCAST-NEXT: shape [0 3], dtype f64, 0 elements
// The same function at size 2 (no expansion: the identity).
// RUN: tt-run %s --entry bcast_empty_grad --random-inputs 1 --dim-size 2 --pass-pipeline 'builtin.module(aot-autograd{func=bcast_empty})' | filecheck %s --check-prefix=BCAST2
// BCAST2: result #1: tensor<2x3xf64>
// BCAST2-NEXT: shape [2 3], dtype f64, 6 elements
// BCAST2-NEXT: values [1, 1, 1, 1, 1, 1]
func.func @bcast_empty(%x: tensor<?x3xf64>, %y: tensor<?x3xf64>) -> tensor<f64> {
  %n = tensor.dim %y dim = 0 : tensor<?x3xf64>
  %b = tensor.broadcast %x dims = [0, 1] sizes(%n) : tensor<?x3xf64> -> tensor<?x3xf64>
  %s = tensor.reduce_sum %b dims = [0, 1] : tensor<?x3xf64>
  return %s : tensor<f64>
}

// The sum over an empty slice, reshaped: the load of the slice's first
// element (invariant indices: the slice's start) was hoisted out of the
// reduction loop that never runs and read past the end of the argument
// ("loops.load: indices [3, 2] are out of bounds of memref<4x2xf64>").
// RUN: tt-run %s --entry sum_empty_slice_grad --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=sum_empty_slice})' | filecheck %s --check-prefix=SLICE
// RUN: tt-run %s --entry sum_empty_slice_grad --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=sum_empty_slice},pt2-go)' | filecheck %s --check-prefix=SLICE
// RUN: tt-run %s --entry sum_empty_slice_grad --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=sum_empty_slice})' --backend go | filecheck %s --check-prefix=SLICE
// SLICE: result #0: tensor<f64>
// SLICE: values [0]
// SLICE: result #1: tensor<4x2xf64>
// SLICE: values [0, 0, 0, 0, 0, 0, 0, 0]
func.func @sum_empty_slice(%arg0: tensor<4x2xf64>) -> tensor<f64> {
  %0 = tensor.slice %arg0 start = [3, 2] limit = [4, 2] step = [2, 3] : tensor<4x2xf64>
  %1 = tensor.reshape %0 : tensor<1x0xf64> -> tensor<2x0xf64>
  %2 = tensor.reduce_sum %1 dims = [0, 1] : tensor<2x0xf64>
  return %2 : tensor<f64>
}

// argmax along a dynamic dimension of an empty tensor: the loop's body
// folds to nothing and yields its carried values unchanged; the Go emitter
// declared their variables and never read them ("declared and not used").
// RUN: tt-run %s --entry argmax_empty --random-inputs 1 | filecheck %s --check-prefix=ARGMAX
// RUN: tt-run %s --entry argmax_empty --random-inputs 1 --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=ARGMAX
// RUN: tt-run %s --entry argmax_empty --random-inputs 1 --backend go | filecheck %s --check-prefix=ARGMAX
// ARGMAX: shape [1 0 3], dtype i64, 0 elements
func.func @argmax_empty(%arg0: tensor<?x0x3xi1>) -> tensor<1x0x3xi64> {
  %0 = tensor.argmax %arg0 dim = 0 keepdim = true : tensor<?x0x3xi1>
  return %0 : tensor<1x0x3xi64>
}

// Found after the fix above, which first made loads in a loop that never
// runs constants: sqrt(x) computed from that constant in the empty loop
// was shared with the gradient's division outside it (a NaN gradient).
// RUN: tt-run %s --entry sqrt_empty_slice_grad --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=sqrt_empty_slice})' | filecheck %s --check-prefix=SQRT
// RUN: tt-run %s --entry sqrt_empty_slice_grad --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=sqrt_empty_slice},pt2-go)' | filecheck %s --check-prefix=SQRT
// RUN: tt-run %s --entry sqrt_empty_slice_grad --random-inputs 1 --pass-pipeline 'builtin.module(aot-autograd{func=sqrt_empty_slice})' --backend go | filecheck %s --check-prefix=SQRT
// SQRT: result #1: tensor<f64>
// SQRT-NEXT: shape [], dtype f64, 1 element
// SQRT-NEXT: values [{{-?}}0]
func.func @sqrt_empty_slice(%arg0: tensor<f64>) -> tensor<f64> {
  %a = tensor.abs %arg0 : tensor<f64>
  %0 = tensor.sqrt %a : tensor<f64>
  %1 = tensor.broadcast %0 dims = [] : tensor<f64> -> tensor<3xf64>
  %2 = tensor.slice %1 start = [1] limit = [1] step = [1] : tensor<3xf64>
  %3 = tensor.reduce_sum %2 dims = [0] : tensor<0xf64>
  return %3 : tensor<f64>
}
