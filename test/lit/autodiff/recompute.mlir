// A chain of cheap element-wise ops after a matmul: min-cut saves only the
// matmul result (the chain's input) and recomputes the chain; saving
// everything keeps every intermediate the backward reads.
// RUN: tt-opt %s --pass-pipeline='builtin.module(aot-autograd{func=f})' | filecheck %s
// RUN: tt-opt %s --pass-pipeline='builtin.module(aot-autograd{func=f recompute=none})' | filecheck %s --check-prefix=NONE

func.func @f(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>) -> tensor<f32> {
  %m = tensor.matmul %a, %b : tensor<4x4xf32>, tensor<4x4xf32>
  %e = tensor.exp %m : tensor<4x4xf32>
  %t = tensor.tanh %e : tensor<4x4xf32>
  %s = tensor.sigmoid %t : tensor<4x4xf32>
  %l = tensor.reduce_sum %s dims = [0, 1] : tensor<4x4xf32>
  return %l : tensor<f32>
}

// CHECK-LABEL: func.func @f_fwd(
// CHECK-SAME: -> (tensor<f32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>)
// CHECK: %[[M:.*]] = tensor.matmul %arg0, %arg1
// CHECK: return %{{.*}}, %arg0, %arg1, %[[M]] :
// CHECK-LABEL: func.func @f_bwd(
// CHECK-DAG: tensor.exp %arg2
// CHECK-DAG: tensor.tanh
// CHECK-DAG: tensor.sigmoid
// CHECK: return

// NONE-LABEL: func.func @f_fwd(
// NONE-SAME: -> (tensor<f32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>)
// NONE-LABEL: func.func @f_bwd(
// NONE-NOT: tensor.exp
// NONE: return
