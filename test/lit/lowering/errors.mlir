// What the lowering cannot do is a located error.
// RUN: tt-opt %s --split-input-file --verify-diagnostics --pt2-go

func.func @dynamic_conv_kernel(%x: tensor<1x1x4x4xf32>, %w: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  // expected-error@+1 {{tensor-to-loops: kernel "conv2d_0": dynamic conv2d kernel sizes are not supported}}
  %0 = "tensor.conv2d"(%x, %w) : (tensor<1x1x4x4xf32>, tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32>
  return %0 : tensor<1x1x?x?xf32>
}

// -----

// Element-wise arith ops on tensors are pointwise kernels
// (arith-on-tensors.mlir); the multi-result ones are not.
func.func @arith_on_tensors(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error@+1 {{tensor-to-loops: cannot lower 'arith.mulsi_extended' on tensors}}
  %0:2 = arith.mulsi_extended %x, %x : tensor<4xi32>
  return %0#1 : tensor<4xi32>
}

// -----

func.func @bad_kernel(%x: tensor<4xf32>, %y: tensor<3xf32>) -> (tensor<4xf32>, tensor<3xf32>) {
  // expected-error@+1 {{tensor-to-loops: kernel "k": the kernel's outputs have different shapes (tensor<4xf32> and tensor<3xf32>); fuse did not form it}}
  %0:2 = loops.kernel "k" pointwise (%x, %y) : (tensor<4xf32>, tensor<3xf32>) -> (tensor<4xf32>, tensor<3xf32>) {
  ^bb0(%a: tensor<4xf32>, %b: tensor<3xf32>):
    %e = tensor.exp %a : tensor<4xf32>
    %f = tensor.exp %b : tensor<3xf32>
    loops.yield %e, %f : tensor<4xf32>, tensor<3xf32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<3xf32>
}

// -----

// What the loop-body generator cannot compute is an error at the kernel
// (generation goes on with a placeholder and the kernel reports it).
func.func @dynamic_window(%x: tensor<1x1x8x8xf32>, %w: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  // expected-error@+1 {{tensor-to-loops: kernel "conv2d_0": dynamic conv2d kernel sizes are not supported}}
  %0 = tensor.conv2d %x, %w : tensor<1x1x8x8xf32>, tensor<1x1x?x?xf32>
  return %0 : tensor<1x1x?x?xf32>
}
