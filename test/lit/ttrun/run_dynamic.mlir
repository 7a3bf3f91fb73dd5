// Dynamic dimensions take the input's sizes; the result type printed is
// the run-time one. Inputs/dynamic_want.npy is torch.relu(x[:3, :5]).
// RUN: tt-run %s --input %S/Inputs/x_3x5.npy --out %t && npycmp %t/out0.npy %S/Inputs/dynamic_want.npy --rtol 0 --atol 0
// RUN: tt-run %s --input %S/Inputs/x.npy | filecheck %s
// CHECK: result #0: tensor<4x8xf32> (declared tensor<?x?xf32>)
// A rank mismatch is still an error.
// RUN: not tt-run %s --input %S/Inputs/x_rank1.npy 2>&1 | filecheck %s --check-prefix=RANK
// RANK: tt-run: argument #0 (%arg0) of @relu has type tensor<?x?xf32>, but {{.*}}x_rank1.npy holds float32 [32] (tensor<32xf32>)

func.func @relu(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.relu %x : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}
