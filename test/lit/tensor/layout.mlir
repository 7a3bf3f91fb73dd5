// Custom and generic forms of the layout and indexing ops: broadcast,
// reshape, transpose, slice, concat, pad, gather and scatter_add.
// RUN: tt-opt %s | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @broadcast
// CHECK-NEXT: %0 = tensor.broadcast %arg0 dims = [1] : tensor<3xf32> -> tensor<2x3xf32>
// CHECK-NEXT: %1 = tensor.broadcast %arg1 dims = [] : tensor<f32> -> tensor<2x3xf32>
// CHECK-NEXT: %2 = tensor.broadcast %arg2 dims = [0, 2] : tensor<2x1xf32> -> tensor<2x4x5xf32>
// CHECK-NEXT: %dim = tensor.dim %arg3 dim = 0 : tensor<?x3xf32>
// CHECK-NEXT: %3 = tensor.broadcast %arg3 dims = [0, 1] sizes(%dim) : tensor<?x3xf32> -> tensor<?x3xf32>
// CHECK-NEXT: %4 = tensor.broadcast %arg0 dims = [2] sizes(%dim, %dim) : tensor<3xf32> -> tensor<?x?x3xf32>
// GENERIC: "tensor.broadcast"(%arg0) {dims = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
// GENERIC: "tensor.broadcast"(%arg0, %[[D:[0-9]+]], %[[D]]) {dims = array<i64: 2>} : (tensor<3xf32>, index, index) -> tensor<?x?x3xf32>
func.func @broadcast(%a: tensor<3xf32>, %s: tensor<f32>, %c: tensor<2x1xf32>, %d: tensor<?x3xf32>) {
  %0 = tensor.broadcast %a dims = [1] : tensor<3xf32> -> tensor<2x3xf32>
  %1 = tensor.broadcast %s dims = [] : tensor<f32> -> tensor<2x3xf32>
  %2 = tensor.broadcast %c dims = [0, 2] : tensor<2x1xf32> -> tensor<2x4x5xf32>
  %n = tensor.dim %d dim = 0 : tensor<?x3xf32>
  %3 = tensor.broadcast %d dims = [0, 1] sizes(%n) : tensor<?x3xf32> -> tensor<?x3xf32>
  %4 = tensor.broadcast %a dims = [2] sizes(%n, %n) : tensor<3xf32> -> tensor<?x?x3xf32>
  return
}

// CHECK-LABEL: func.func @reshape_transpose
// CHECK-NEXT: %0 = tensor.reshape %arg0 : tensor<2x3xf32> -> tensor<6xf32>
// CHECK-NEXT: %1 = tensor.reshape %arg0 : tensor<2x3xf32> -> tensor<3x?xf32>
// CHECK-NEXT: %2 = tensor.reshape %arg1 sizes(%arg2, %arg2) : tensor<?xf32> -> tensor<?x?xf32>
// CHECK-NEXT: %3 = tensor.reshape %arg3 : tensor<1x1xi1> -> tensor<i1>
// CHECK-NEXT: %4 = tensor.transpose %arg0 perm = [1, 0] : tensor<2x3xf32>
// CHECK-NEXT: %5 = tensor.transpose %arg4 perm = [2, 0, 1] : tensor<2x?x4xi64>
// GENERIC: "tensor.reshape"(%arg1, %arg2, %arg2) : (tensor<?xf32>, index, index) -> tensor<?x?xf32>
// GENERIC: "tensor.transpose"(%arg4) {perm = array<i64: 2, 0, 1>} : (tensor<2x?x4xi64>) -> tensor<4x2x?xi64>
func.func @reshape_transpose(%x: tensor<2x3xf32>, %y: tensor<?xf32>, %n: index, %b: tensor<1x1xi1>, %z: tensor<2x?x4xi64>) {
  %0 = tensor.reshape %x : tensor<2x3xf32> -> tensor<6xf32>
  %1 = tensor.reshape %x : tensor<2x3xf32> -> tensor<3x?xf32>
  %2 = tensor.reshape %y sizes(%n, %n) : tensor<?xf32> -> tensor<?x?xf32>
  %3 = tensor.reshape %b : tensor<1x1xi1> -> tensor<i1>
  %4 = tensor.transpose %x perm = [1, 0] : tensor<2x3xf32>
  %5 = tensor.transpose %z perm = [2, 0, 1] : tensor<2x?x4xi64>
  return
}

// CHECK-LABEL: func.func @slice_concat_pad
// CHECK-NEXT: %0 = tensor.slice %arg0 start = [0, 1] limit = [4, 5] step = [2, 3] : tensor<4x5xf32>
// CHECK-NEXT: %1 = tensor.slice %arg0 start = [1, 0] limit = [3, 0] : tensor<4x5xf32>
// CHECK-NEXT: %2 = tensor.concat %arg0, %arg1 dim = 0 : tensor<4x5xf32>, tensor<?x5xf32>
// CHECK-NEXT: %3 = tensor.concat %arg0 dim = -1 : tensor<4x5xf32>
// CHECK-NEXT: %4 = tensor.pad %arg0 low = [1, 0] high = [0, 2] : tensor<4x5xf32>
// CHECK-NEXT: %5 = tensor.pad %arg1 low = [0, 1] high = [1, 0] {value = -1.000000e+00 : f32} : tensor<?x5xf32>
// GENERIC: "tensor.slice"(%arg0) {limit = array<i64: 4, 5>, start = array<i64: 0, 1>, step = array<i64: 2, 3>} : (tensor<4x5xf32>) -> tensor<2x2xf32>
// GENERIC: "tensor.concat"(%arg0, %arg1) {dim = 0 : i64} : (tensor<4x5xf32>, tensor<?x5xf32>) -> tensor<?x5xf32>
// GENERIC: "tensor.pad"(%arg1) {high = array<i64: 1, 0>, low = array<i64: 0, 1>, value = -1.000000e+00 : f32} : (tensor<?x5xf32>) -> tensor<?x6xf32>
func.func @slice_concat_pad(%x: tensor<4x5xf32>, %y: tensor<?x5xf32>) {
  %0 = tensor.slice %x start = [0, 1] limit = [4, 5] step = [2, 3] : tensor<4x5xf32>
  %1 = tensor.slice %x start = [1, 0] limit = [3, 0] : tensor<4x5xf32>
  %2 = tensor.concat %x, %y dim = 0 : tensor<4x5xf32>, tensor<?x5xf32>
  %3 = tensor.concat %x dim = -1 : tensor<4x5xf32>
  %4 = tensor.pad %x low = [1, 0] high = [0, 2] : tensor<4x5xf32>
  %5 = tensor.pad %y low = [0, 1] high = [1, 0] {value = -1.0 : f32} : tensor<?x5xf32>
  return
}

// CHECK-LABEL: func.func @gather_scatter
// CHECK-NEXT: %0 = tensor.gather %arg0, %arg1 dim = 0 : tensor<10x4xf32>, tensor<3xi64>
// CHECK-NEXT: %1 = tensor.gather %arg0, %arg2 dim = -1 : tensor<10x4xf32>, tensor<?xi64>
// CHECK-NEXT: %2 = tensor.scatter_add %arg0, %arg1, %0 dim = 0 : tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>
// GENERIC: "tensor.gather"(%arg0, %arg2) {dim = -1 : i64} : (tensor<10x4xf32>, tensor<?xi64>) -> tensor<10x?xf32>
// GENERIC: "tensor.scatter_add"(%arg0, %arg1, %0) {dim = 0 : i64} : (tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>) -> tensor<10x4xf32>
func.func @gather_scatter(%t: tensor<10x4xf32>, %i: tensor<3xi64>, %j: tensor<?xi64>) -> tensor<10x4xf32> {
  %0 = tensor.gather %t, %i dim = 0 : tensor<10x4xf32>, tensor<3xi64>
  %1 = tensor.gather %t, %j dim = -1 : tensor<10x4xf32>, tensor<?xi64>
  %2 = tensor.scatter_add %t, %i, %0 dim = 0 : tensor<10x4xf32>, tensor<3xi64>, tensor<3x4xf32>
  return %2 : tensor<10x4xf32>
}
