// aot-autograd traces through calls, as AOTAutograd does: the generated
// functions are built from a copy of the function with its callees inlined,
// and the user's functions stay as they were.

// The README's digits model: @loss calls @forward; no inline pass needed.
// RUN: tt-opt %S/../../../examples/digits/model.mlir --pass-pipeline='builtin.module(aot-autograd{func=loss})' | filecheck %s --check-prefix=DIGITS
// DIGITS-LABEL: func.func @loss(
// DIGITS:         call @forward(
// DIGITS-LABEL: func.func @loss_fwd(
// DIGITS-NOT:     call
// DIGITS:         tensor.relu
// DIGITS-LABEL: func.func @loss_bwd(
// DIGITS-NOT:     call
// DIGITS-LABEL: func.func @loss_grad(
// DIGITS-NOT:     call
// DIGITS:         tensor.cross_entropy
// DIGITS-LABEL: func.func private @forward(
// DIGITS:         tensor.matmul
// DIGITS-LABEL: func.func @predict(

// Its gradients equal those computed after an explicit inline pass.
// RUN: tt-run %S/../../../examples/digits/model.mlir --pass-pipeline 'builtin.module(aot-autograd{func=loss})' --entry loss_grad --random-inputs 7 --out %t/traced
// RUN: tt-run %S/../../../examples/digits/model.mlir --pass-pipeline 'builtin.module(inline,aot-autograd{func=loss})' --entry loss_grad --random-inputs 7 --out %t/inlined
// RUN: npycmp %t/traced/out0.npy %t/inlined/out0.npy --rtol 1e-6 --atol 0
// RUN: npycmp %t/traced/out1.npy %t/inlined/out1.npy --rtol 1e-6 --atol 0
// RUN: npycmp %t/traced/out2.npy %t/inlined/out2.npy --rtol 1e-6 --atol 0
// RUN: npycmp %t/traced/out3.npy %t/inlined/out3.npy --rtol 1e-6 --atol 0
// RUN: npycmp %t/traced/out4.npy %t/inlined/out4.npy --rtol 1e-6 --atol 0
// RUN: npycmp %t/traced/out5.npy %t/inlined/out5.npy --rtol 1e-6 --atol 0

// The MLP of test/refdata/grad_mlp split into functions (one of them
// calling another), against PyTorch's loss and gradients.
// RUN: tt-run %s --pass-pipeline 'builtin.module(aot-autograd{func=grad_mlp})' --entry grad_mlp_grad \
// RUN:   --input %S/../../refdata/grad_mlp/in0.npy --input %S/../../refdata/grad_mlp/in1.npy --input %S/../../refdata/grad_mlp/in2.npy \
// RUN:   --input %S/../../refdata/grad_mlp/in3.npy --input %S/../../refdata/grad_mlp/in4.npy --out %t/mlp
// RUN: npycmp %t/mlp/out0.npy %S/../../refdata/grad_mlp/out0.npy --rtol 1e-5 --atol 1e-6
// RUN: npycmp %t/mlp/out1.npy %S/../../refdata/grad_mlp/out1.npy --rtol 1e-5 --atol 1e-6
// RUN: npycmp %t/mlp/out2.npy %S/../../refdata/grad_mlp/out2.npy --rtol 1e-5 --atol 1e-6
// RUN: npycmp %t/mlp/out3.npy %S/../../refdata/grad_mlp/out3.npy --rtol 1e-5 --atol 1e-6
// RUN: npycmp %t/mlp/out4.npy %S/../../refdata/grad_mlp/out4.npy --rtol 1e-5 --atol 1e-6
// The user's functions are unchanged and kept.
// RUN: tt-opt %s --pass-pipeline='builtin.module(aot-autograd{func=grad_mlp})' | filecheck %s --check-prefix=KEEP
// KEEP-LABEL: func.func @grad_mlp(
// KEEP-NEXT:    call @hidden(
// KEEP-NEXT:    tensor.matmul
// KEEP-NEXT:    call @xent(
// KEEP-NEXT:    return
// KEEP:       func.func @grad_mlp_grad(
// KEEP-LABEL: func.func private @hidden(
// KEEP-NEXT:    tensor.matmul
// KEEP-NEXT:    call @bias(
// KEEP-NEXT:    tensor.relu
// KEEP-LABEL: func.func private @bias(
// KEEP-LABEL: func.func private @xent(

func.func @grad_mlp(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %b1: tensor<32xf32>, %w2: tensor<32x4xf32>, %t: tensor<8xi64>) -> tensor<f32> {
  %r = call @hidden(%x, %w1, %b1) : (tensor<8x16xf32>, tensor<16x32xf32>, tensor<32xf32>) -> tensor<8x32xf32>
  %o = tensor.matmul %r, %w2 : tensor<8x32xf32>, tensor<32x4xf32>
  %l = call @xent(%o, %t) : (tensor<8x4xf32>, tensor<8xi64>) -> tensor<f32>
  return %l : tensor<f32>
}

func.func private @hidden(%x: tensor<8x16xf32>, %w: tensor<16x32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %h = tensor.matmul %x, %w : tensor<8x16xf32>, tensor<16x32xf32>
  %h1 = call @bias(%h, %b) : (tensor<8x32xf32>, tensor<32xf32>) -> tensor<8x32xf32>
  %r = tensor.relu %h1 : tensor<8x32xf32>
  return %r : tensor<8x32xf32>
}

func.func private @bias(%h: tensor<8x32xf32>, %b: tensor<32xf32>) -> tensor<8x32xf32> {
  %bb = tensor.broadcast %b dims = [1] : tensor<32xf32> -> tensor<8x32xf32>
  %h1 = tensor.add %h, %bb : tensor<8x32xf32>
  return %h1 : tensor<8x32xf32>
}

func.func private @xent(%o: tensor<8x4xf32>, %t: tensor<8xi64>) -> tensor<f32> {
  %l = tensor.cross_entropy %o, %t : tensor<8x4xf32>, tensor<8xi64>
  return %l : tensor<f32>
}
