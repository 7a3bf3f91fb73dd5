// The min-cut partitioner on an MLP with cross-entropy: it saves the
// pre-activation and recomputes the relu in the backward, and saves strictly
// fewer bytes than saving everything.
// RUN: tt-opt %s --pass-pipeline='builtin.module(aot-autograd{func=mlp})' --pass-statistics 2>%t.stats | filecheck %s
// RUN: filecheck %s --check-prefix=STATS --input-file=%t.stats
// RUN: tt-opt %s --pass-pipeline='builtin.module(aot-autograd{func=mlp recompute=none})' | filecheck %s --check-prefix=NONE
// With remarks=true the pass reports each decision at the forward op it concerns:
// RUN: tt-opt %s --pass-pipeline='builtin.module(aot-autograd{func=mlp remarks=true})' -o /dev/null 2>&1 | filecheck %s --check-prefix=REMARK
// REMARK-DAG: mlp.mlir:[[@LINE+12]]:9: remark: aot-autograd: @mlp_fwd saves the result of tensor.add (tensor<8x32xf32>, 1024 bytes) for @mlp_bwd
// REMARK-DAG: mlp.mlir:[[@LINE+12]]:8: remark: aot-autograd: @mlp_bwd recomputes tensor.relu (tensor<8x32xf32>, 1024 bytes) instead of saving it
// REMARK-DAG: remark: aot-autograd: @mlp_fwd passes an argument (tensor<16x32xf32>, 2048 bytes) to @mlp_bwd
// The Go backend's compile report lists them (tt-run asks for them with --dump-dir; targets in [0, 4)):
// RUN: rm -rf %t.dump && tt-run %s --pass-pipeline='builtin.module(aot-autograd{func=mlp})' --entry mlp_grad --input %S/Inputs/mlp_x.npy --input %S/Inputs/mlp_w1.npy --input %S/Inputs/mlp_b1.npy --input %S/Inputs/mlp_w2.npy --input %S/Inputs/mlp_t.npy --backend go --dump-dir %t.dump > /dev/null
// RUN: filecheck %s --check-prefix=REPORT < %t.dump/index.html
// REPORT: <h2>Partition (aot-autograd)</h2>
// REPORT: @mlp_bwd recomputes tensor.relu (tensor&lt;8x32xf32&gt;, 1024 bytes) instead of saving it

func.func @mlp(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %b1: tensor<32xf32>, %w2: tensor<32x4xf32>, %t: tensor<8xi64>) -> tensor<f32> {
  %h = tensor.matmul %x, %w1 : tensor<8x16xf32>, tensor<16x32xf32>
  %bb = tensor.broadcast %b1 dims = [1] : tensor<32xf32> -> tensor<8x32xf32>
  %h1 = tensor.add %h, %bb : tensor<8x32xf32>
  %r = tensor.relu %h1 : tensor<8x32xf32>
  %o = tensor.matmul %r, %w2 : tensor<8x32xf32>, tensor<32x4xf32>
  %l = tensor.cross_entropy %o, %t : tensor<8x4xf32>, tensor<8xi64>
  return %l : tensor<f32>
}

// The original function stays.
// CHECK-LABEL: func.func @mlp(
// CHECK-LABEL: func.func @mlp_fwd(
// CHECK-SAME: -> (tensor<f32>, tensor<8x16xf32>, tensor<16x32xf32>, tensor<32x4xf32>, tensor<8x32xf32>, tensor<8x4xf32>)
// CHECK: %[[PRE:.*]] = tensor.add
// CHECK: return %{{.*}}, %arg0, %arg1, %arg3, %[[PRE]], %{{.*}} :
// The backward recomputes the relu from the saved pre-activation.
// CHECK-LABEL: func.func @mlp_bwd(%arg0: tensor<8x16xf32>, %arg1: tensor<16x32xf32>, %arg2: tensor<32x4xf32>, %arg3: tensor<8x32xf32>, %arg4: tensor<8x4xf32>, %arg5: tensor<f32>) -> (tensor<8x16xf32>, tensor<16x32xf32>, tensor<32xf32>, tensor<32x4xf32>)
// CHECK: tensor.relu %arg3
// CHECK-NOT: tensor.matmul %{{.*}}, %arg1 : tensor<8x16xf32>
// CHECK-LABEL: func.func @mlp_grad(
// CHECK-SAME: -> (tensor<f32>, tensor<8x16xf32>, tensor<16x32xf32>, tensor<32xf32>, tensor<32x4xf32>)

// STATS: AOTAutograd
// STATS-DAG: 4224 saved-bytes-mincut
// STATS-DAG: 5632 saved-bytes-none

// Without recomputation every forward value the backward reads is saved
// (here 8 of them, including the relu mask), and nothing is recomputed.
// NONE-LABEL: func.func @mlp_fwd(
// NONE-SAME: -> (tensor<f32>, tensor<8x32xf32>, tensor<8x4xf32>, tensor<8x4xf32>, tensor<4x32xf32>, tensor<32x8xf32>, tensor<8x32xi1>, tensor<32x16xf32>, tensor<16x8xf32>)
// NONE: %[[R:.*]] = tensor.relu
// NONE: %[[MASK:.*]] = tensor.cmp gt, %[[R]]
// NONE: return {{.*}}%[[MASK]]
// NONE-LABEL: func.func @mlp_bwd(
// NONE-NOT: tensor.relu
// NONE-NOT: tensor.matmul %{{.*}}, %{{.*}} : tensor<8x16xf32>, tensor<16x32xf32>
// NONE: return
