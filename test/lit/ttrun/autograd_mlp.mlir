// The gradient contract: tt-run --pass-pipeline
// 'builtin.module(aot-autograd{func=NAME})' --entry NAME_grad returns the
// loss and the gradient of every floating-point argument, in argument
// order, compared with PyTorch autograd (test/refdata/grad_mlp, an MLP with
// cross-entropy: x, w1, b1, w2 and the integer targets t).
// RUN: tt-run %S/../../refdata/grad_mlp/program.mlir --pass-pipeline 'builtin.module(aot-autograd{func=grad_mlp})' --entry grad_mlp_grad \
// RUN:   --input %S/../../refdata/grad_mlp/in0.npy --input %S/../../refdata/grad_mlp/in1.npy --input %S/../../refdata/grad_mlp/in2.npy \
// RUN:   --input %S/../../refdata/grad_mlp/in3.npy --input %S/../../refdata/grad_mlp/in4.npy --out %t
// RUN: npycmp %t/out0.npy %S/../../refdata/grad_mlp/out0.npy --rtol 1e-5 --atol 1e-6
// RUN: npycmp %t/out1.npy %S/../../refdata/grad_mlp/out1.npy --rtol 1e-5 --atol 1e-6
// RUN: npycmp %t/out2.npy %S/../../refdata/grad_mlp/out2.npy --rtol 1e-5 --atol 1e-6
// RUN: npycmp %t/out3.npy %S/../../refdata/grad_mlp/out3.npy --rtol 1e-5 --atol 1e-6
// RUN: npycmp %t/out4.npy %S/../../refdata/grad_mlp/out4.npy --rtol 1e-5 --atol 1e-6
// Four gradients for the four float arguments; none for the targets.
// RUN: test ! -e %t/out5.npy
// The forward and backward functions are there too.
// RUN: not tt-run %S/../../refdata/grad_mlp/program.mlir --pass-pipeline 'builtin.module(aot-autograd{func=grad_mlp})' --random-inputs 1 2>&1 | filecheck %s
// CHECK: has 4 public functions; choose one with --entry: @grad_mlp, @grad_mlp_fwd, @grad_mlp_bwd, @grad_mlp_grad
