// aot-autograd errors are located.
// RUN: tt-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(aot-autograd{func=f})'

func.func @f(%x: tensor<2xf32>) -> tensor<f32> {
  // expected-error@+1 {{aot-autograd: no gradient rule for 'arith.mulf', which is on a differentiable path}}
  %y = arith.mulf %x, %x : tensor<2xf32>
  %s = tensor.reduce_sum %y dims = [0] : tensor<2xf32>
  return %s : tensor<f32>
}

// -----

// expected-error@+1 {{aot-autograd: no func.func named @f}}
module {
  func.func @g() {
    return
  }
}

// -----

// expected-warning@+1 {{aot-autograd: @f_grad not created: @f_grad needs a single rank-0 floating-point result (the loss); the result is tensor<2xf32>}}
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = tensor.exp %x : tensor<2xf32>
  return %y : tensor<2xf32>
}
