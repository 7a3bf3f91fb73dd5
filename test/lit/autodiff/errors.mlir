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

// -----

// Calls are traced through, but a declaration has no body to trace.
func.func private @decl(tensor<2xf32>) -> tensor<2xf32>

func.func @f(%x: tensor<2xf32>) -> tensor<f32> {
  // expected-error@+1 {{aot-autograd: @f calls @decl, a declaration without a body; only calls to functions with a body can be differentiated}}
  %y = call @decl(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %s = tensor.reduce_sum %y dims = [0] : tensor<2xf32>
  return %s : tensor<f32>
}

// -----

// Recursion, direct or through other functions, cannot be traced.
func.func @f(%x: tensor<2xf32>) -> tensor<f32> {
  %y = call @g(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %s = tensor.reduce_sum %y dims = [0] : tensor<2xf32>
  return %s : tensor<f32>
}

func.func private @g(%x: tensor<2xf32>) -> tensor<2xf32> {
  %e = tensor.exp %x : tensor<2xf32>
  // expected-error@+1 {{aot-autograd: @g calls @g recursively; recursive calls cannot be differentiated}}
  %y = call @g(%e) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = call @g(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

func.func private @g(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error@+1 {{aot-autograd: @g calls @f recursively; recursive calls cannot be differentiated}}
  %y = call @f(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// Every rule works over dynamic sizes except conv2d's kernel sizes (the
// loop level requires them static in the forward pass too).
func.func @f(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x?x2xf32>) -> tensor<f32> {
  // expected-error@+1 {{aot-autograd: 'tensor.conv2d': gradient of tensor.conv2d needs static kernel sizes (the weight's last two dimensions)}}
  %y = tensor.conv2d %x, %w : tensor<1x1x4x4xf32>, tensor<1x1x?x2xf32>
  %s = tensor.reduce_sum %y dims = [0, 1, 2, 3] : tensor<1x1x?x3xf32>
  return %s : tensor<f32>
}
