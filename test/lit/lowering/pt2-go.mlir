// The pt2-go pipeline: decompose, canonicalize, cse, fuse,
// tensor-to-loops, plan-memory (then parallelize and vectorize when they
// are registered), canonicalize, cse. Its output uses only loop-level ops.
// RUN: tt-opt %s --pt2-go | filecheck %s
// RUN: tt-opt %s --pass-pipeline='builtin.module(aot-autograd{func=loss},pt2-go)' | filecheck %s --check-prefix=GRAD
// RUN: tt-opt %s --pt2-go --dump-pass-pipeline 2>&1 >/dev/null | filecheck %s --check-prefix=PIPE

// PIPE: builtin.module(decompose{},canonicalize{{.*}}},cse,fuse{{.*}}},tensor-to-loops{{.*}}},plan-memory,{{.*}}canonicalize{{.*}}},cse)

// CHECK-LABEL: func.func @loss(%arg0: memref<8x16xf32>, %arg1: memref<16x4xf32>, %arg2: memref<4xf32>, %arg3: memref<8xi64>) -> memref<f32>
// CHECK-NOT: {{ tensor\.|tensor<}}
// CHECK: loops.call_extern "tt.matmul"
// CHECK-NOT: {{ tensor\.|tensor<}}
// CHECK: return %{{.*}} : memref<f32>
// GRAD-LABEL: func.func @loss_grad
// GRAD-SAME: -> (memref<f32>, memref<8x16xf32>, memref<16x4xf32>, memref<4xf32>)
// GRAD-NOT: tensor.
// GRAD: loops.call_extern "tt.matmul"
// GRAD: loops.dealloc
// GRAD: return
func.func @loss(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>, %b: tensor<4xf32>, %t: tensor<8xi64>) -> tensor<f32> {
  %h = tensor.matmul %x, %w : tensor<8x16xf32>, tensor<16x4xf32>
  %bb = tensor.broadcast %b dims = [1] : tensor<4xf32> -> tensor<8x4xf32>
  %o = tensor.add %h, %bb : tensor<8x4xf32>
  %l = tensor.cross_entropy %o, %t : tensor<8x4xf32>, tensor<8xi64>
  return %l : tensor<f32>
}
