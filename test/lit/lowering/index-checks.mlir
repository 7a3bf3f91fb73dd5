// Data-dependent indices out of range (a cross_entropy target, a gather or
// scatter_add index) fail at run time on every backend with an error located
// at the tensor op, as the tensor-level interpreter's (and PyTorch's) do:
// loops.check_index in the loops interpreter and the generated Go, a trap
// (a device-side assert) in the GPU kernels. pt2-go used to compute a loss
// for a target matching no class, and the Go and GPU code read another row
// for a gather index out of its dimension but inside the buffer.

// RUN: not tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_hi.npy 2>&1 | filecheck %s --check-prefix=CE-INTERP
// CE-INTERP: index-checks.mlir:[[@LINE+20]]:8: error: tensor.cross_entropy: target 7 at position 1 is out of bounds for 3 classes
// RUN: not tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_hi.npy --pass-pipeline 'builtin.module(pt2-go)' 2>&1 | filecheck %s --check-prefix=CE-LOOPS
// CE-LOOPS: index-checks.mlir:[[@LINE+18]]:8: error: tensor.cross_entropy target: index 7 is out of range for dimension size 3
// The GPU-level interpreter (after pt2-gpu) runs the same check in its kernels:
// RUN: not tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_hi.npy --pass-pipeline 'builtin.module(pt2-gpu)' 2>&1 | filecheck %s --check-prefix=CE-LOOPS
// RUN: not tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_neg.npy --pass-pipeline 'builtin.module(pt2-go)' 2>&1 | filecheck %s --check-prefix=CE-LOOPS-NEG
// CE-LOOPS-NEG: index-checks.mlir:[[@LINE+14]]:8: error: tensor.cross_entropy target: index -1 is out of range for dimension size 3
// RUN: not tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_hi.npy --backend go 2>&1 | filecheck %s --check-prefix=CE-GO
// CE-GO: index-checks.mlir:[[@LINE+12]]:8: tensor.cross_entropy target: index 7 is out of range for dimension size 3
// RUN: not tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_neg.npy --backend go 2>&1 | filecheck %s --check-prefix=CE-GO-NEG
// CE-GO-NEG: index-checks.mlir:[[@LINE+10]]:8: tensor.cross_entropy target: index -1 is out of range for dimension size 3
// RUN: not tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_hi.npy --backend ptxsim 2>&1 | filecheck %s --check-prefix=CE-GPU
// CE-GPU: index-checks.mlir:[[@LINE+8]]:8: error: gpu.launch_func: kernel {{.*}}: device-side assert: an index is out of range ({{.*}}trap: executed)
// In range, every backend computes the loss.
// RUN: tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_ok.npy | filecheck %s --check-prefix=CE-OK
// RUN: tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_ok.npy --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=CE-OK
// RUN: tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_ok.npy --backend go | filecheck %s --check-prefix=CE-OK
// RUN: tt-run %s --entry ce --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_ok.npy --backend ptxsim | filecheck %s --check-prefix=CE-OK
// CE-OK: values [1.05194]
func.func @ce(%x: tensor<2x3xf32>, %t: tensor<2xi64>) -> tensor<f32> {
  %l = tensor.cross_entropy %x, %t reduction = "mean" : tensor<2x3xf32>, tensor<2xi64>
  return %l : tensor<f32>
}

// Index 3 of a row of 3 is inside the 2x3 buffer (the next row's first
// element): only a check of the dimension sees it.
// RUN: not tt-run %s --entry gather --input %S/Inputs/ce_x.npy --input %S/Inputs/gather_t_alias.npy 2>&1 | filecheck %s --check-prefix=GATHER-INTERP
// GATHER-INTERP: index-checks.mlir:[[@LINE+11]]:8: error: tensor.gather: index 3 is out of range for dimension size 3 (at position 0)
// RUN: not tt-run %s --entry gather --input %S/Inputs/ce_x.npy --input %S/Inputs/gather_t_alias.npy --pass-pipeline 'builtin.module(pt2-go)' 2>&1 | filecheck %s --check-prefix=GATHER-LOOPS
// GATHER-LOOPS: index-checks.mlir:[[@LINE+9]]:8: error: tensor.gather: index 3 is out of range for dimension size 3
// RUN: not tt-run %s --entry gather --input %S/Inputs/ce_x.npy --input %S/Inputs/gather_t_alias.npy --backend go 2>&1 | filecheck %s --check-prefix=GATHER-GO
// GATHER-GO: index-checks.mlir:[[@LINE+7]]:8: tensor.gather: index 3 is out of range for dimension size 3
// RUN: not tt-run %s --entry gather --input %S/Inputs/ce_x.npy --input %S/Inputs/gather_t_alias.npy --backend ptxsim 2>&1 | filecheck %s --check-prefix=GATHER-GPU
// GATHER-GPU: index-checks.mlir:[[@LINE+5]]:8: error: gpu.launch_func: kernel {{.*}}: device-side assert: an index is out of range
// RUN: tt-run %s --entry gather --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_ok.npy | filecheck %s --check-prefix=GATHER-OK
// RUN: tt-run %s --entry gather --input %S/Inputs/ce_x.npy --input %S/Inputs/ce_t_ok.npy --backend go | filecheck %s --check-prefix=GATHER-OK
// GATHER-OK: values [0.1, 0.2, 0.4, 0.5]
func.func @gather(%x: tensor<2x3xf32>, %t: tensor<2xi64>) -> tensor<2x2xf32> {
  %l = tensor.gather %x, %t dim = 1 : tensor<2x3xf32>, tensor<2xi64>
  return %l : tensor<2x2xf32>
}

// RUN: not tt-run %s --entry scatter --input %S/Inputs/sc_base.npy --input %S/Inputs/ce_t_neg.npy --input %S/Inputs/sc_src.npy --pass-pipeline 'builtin.module(pt2-go)' 2>&1 | filecheck %s --check-prefix=SCATTER-LOOPS
// SCATTER-LOOPS: index-checks.mlir:[[@LINE+9]]:8: error: tensor.scatter_add: index -1 is out of range for dimension size 3
// RUN: not tt-run %s --entry scatter --input %S/Inputs/sc_base.npy --input %S/Inputs/ce_t_neg.npy --input %S/Inputs/sc_src.npy --backend go 2>&1 | filecheck %s --check-prefix=SCATTER-GO
// SCATTER-GO: index-checks.mlir:[[@LINE+7]]:8: tensor.scatter_add: index -1 is out of range for dimension size 3
// RUN: not tt-run %s --entry scatter --input %S/Inputs/sc_base.npy --input %S/Inputs/ce_t_neg.npy --input %S/Inputs/sc_src.npy --backend ptxsim 2>&1 | filecheck %s --check-prefix=SCATTER-GPU
// SCATTER-GPU: index-checks.mlir:[[@LINE+5]]:8: error: gpu.launch_func: kernel {{.*}}: device-side assert: an index is out of range
// RUN: tt-run %s --entry scatter --input %S/Inputs/sc_base.npy --input %S/Inputs/ce_t_ok.npy --input %S/Inputs/sc_src.npy | filecheck %s --check-prefix=SCATTER-OK
// RUN: tt-run %s --entry scatter --input %S/Inputs/sc_base.npy --input %S/Inputs/ce_t_ok.npy --input %S/Inputs/sc_src.npy --backend go | filecheck %s --check-prefix=SCATTER-OK
// SCATTER-OK: values [0, 0.1, 0.2, 0.4, 0.6, 0.8]
func.func @scatter(%x: tensor<3x2xf32>, %t: tensor<2xi64>, %e: tensor<2x2xf32>) -> tensor<3x2xf32> {
  %l = tensor.scatter_add %x, %t, %e dim = 0 : tensor<3x2xf32>, tensor<2xi64>, tensor<2x2xf32>
  return %l : tensor<3x2xf32>
}

// One check per gathered row, outside the vectorized loop over the row.
// RUN: tt-opt %s --pass-pipeline 'builtin.module(pt2-go)' | filecheck %s --check-prefix=EMB
// EMB-LABEL: func.func @embedding
// EMB: loops.parallel
// EMB: %[[ROW:.*]] = loops.check_index %{{.*}}, %c1000 {op = "tensor.gather"}
// EMB: loops.for
// EMB: vector.load %arg0[%[[ROW]], %{{.*}}]
func.func @embedding(%w: tensor<1000x64xf32>, %t: tensor<128xi64>) -> tensor<128x64xf32> {
  %l = tensor.gather %w, %t dim = 0 : tensor<1000x64xf32>, tensor<128xi64>
  return %l : tensor<128x64xf32>
}
