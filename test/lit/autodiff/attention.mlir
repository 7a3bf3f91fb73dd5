// Attention: batched matmuls, a transpose and a softmax. Min-cut saves the
// inputs, the raw scores and the attention output, and recomputes the
// scaling and the softmax in the backward: strictly fewer bytes than saving
// everything the backward reads.
// RUN: tt-opt %s --pass-pipeline='builtin.module(aot-autograd{func=attn})' --pass-statistics 2>&1 >/dev/null | filecheck %s
// RUN: tt-opt %s --pass-pipeline='builtin.module(aot-autograd{func=attn})' | filecheck %s --check-prefix=IR

// IR-LABEL: func.func @attn_fwd(
// IR: %[[S:.*]] = tensor.matmul %arg0
// IR: %[[O:.*]] = tensor.matmul
// IR: return %{{.*}}, %arg0, %arg1, %arg2, %[[S]], %[[O]] :
// IR-LABEL: func.func @attn_bwd(
// IR: tensor.softmax

func.func @attn(%q: tensor<2x8x16xf32>, %k: tensor<2x8x16xf32>, %v: tensor<2x8x16xf32>) -> tensor<f32> {
  %kt = tensor.transpose %k perm = [0, 2, 1] : tensor<2x8x16xf32>
  %s = tensor.matmul %q, %kt : tensor<2x8x16xf32>, tensor<2x16x8xf32>
  %c = tensor.full 2.500000e-01 : f32 -> tensor<2x8x8xf32>
  %ss = tensor.mul %s, %c : tensor<2x8x8xf32>
  %p = tensor.softmax %ss dim = 2 : tensor<2x8x8xf32>
  %o = tensor.matmul %p, %v : tensor<2x8x8xf32>, tensor<2x8x16xf32>
  %o2 = tensor.mul %o, %o : tensor<2x8x16xf32>
  %l = tensor.reduce_sum %o2 dims = [0, 1, 2] : tensor<2x8x16xf32>
  return %l : tensor<f32>
}

// CHECK: AOTAutograd
// CHECK-DAG: 5 num-saved
// CHECK-DAG: 4608 saved-bytes-mincut
// CHECK-DAG: 5632 saved-bytes-none
