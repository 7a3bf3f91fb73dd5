// Folders and canonicalization patterns of the tensor dialect.
// RUN: tt-opt %s --canonicalize | filecheck %s

// CHECK-LABEL: func.func @identities
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>)
// CHECK-NOT: tensor.
// CHECK: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @identities(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %z = tensor.full 0.0 : f32 -> tensor<2x3xf32>
  %o = tensor.constant dense<1.0> : tensor<2x3xf32>
  %0 = tensor.add %x, %z : tensor<2x3xf32>
  %1 = tensor.add %z, %x : tensor<2x3xf32>
  %2 = tensor.sub %x, %z : tensor<2x3xf32>
  %3 = tensor.mul %o, %x : tensor<2x3xf32>
  %4 = tensor.div %x, %o : tensor<2x3xf32>
  %5 = tensor.max %x, %x : tensor<2x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @involutions
// CHECK-SAME: (%[[X:.*]]: tensor<4xi32>)
// CHECK-NEXT: %[[R:.*]] = tensor.relu %[[X]] : tensor<4xi32>
// CHECK-NEXT: return %[[X]], %[[R]]
func.func @involutions(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0 = tensor.neg %x : tensor<4xi32>
  %1 = tensor.neg %0 : tensor<4xi32>
  %2 = tensor.relu %x : tensor<4xi32>
  %3 = tensor.relu %2 : tensor<4xi32>
  return %1, %3 : tensor<4xi32>, tensor<4xi32>
}

// Constants are folded (and uniqued at the top of the function).
// CHECK-LABEL: func.func @constant_folding
// CHECK-DAG: %[[A:.*]] = tensor.constant dense<[5.000000e+00, 7.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[B:.*]] = tensor.constant dense<[true, false]> : tensor<2xi1>
// CHECK-DAG: %[[C:.*]] = tensor.constant dense<[2, -3]> : tensor<2xi32>
// CHECK-DAG: %[[D:.*]] = tensor.constant dense<{{\[\[}}1, 3], [2, 4]]> : tensor<2x2xi64>
// CHECK-DAG: %[[E:.*]] = tensor.constant dense<{{\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00], [0.000000e+00, 1.000000e+00, 2.000000e+00]]> : tensor<2x3xf32>
// CHECK-NOT: tensor.add
// CHECK: return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]]
func.func @constant_folding() -> (tensor<2xf32>, tensor<2xi1>, tensor<2xi32>, tensor<2x2xi64>, tensor<2x3xf32>) {
  %a = tensor.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = tensor.constant dense<[4.0, 5.0]> : tensor<2xf32>
  %c = tensor.constant dense<[2.0, 1.0]> : tensor<2xf32>
  %0 = tensor.add %a, %b : tensor<2xf32>
  %1 = tensor.cmp lt, %a, %c : tensor<2xf32>
  %2 = tensor.constant dense<[2.7, -3.9]> : tensor<2xf32>
  %3 = tensor.cast %2 : tensor<2xf32> -> tensor<2xi32>
  %4 = tensor.iota dim = 0 : tensor<4xi64>
  %5 = tensor.reshape %4 : tensor<4xi64> -> tensor<2x2xi64>
  %6 = tensor.transpose %5 perm = [1, 0] : tensor<2x2xi64>
  %7 = tensor.full 1 : i64 -> tensor<2x2xi64>
  %8 = tensor.add %6, %7 : tensor<2x2xi64>
  %9 = tensor.iota dim = 0 : tensor<3xf32>
  %10 = tensor.broadcast %9 dims = [1] : tensor<3xf32> -> tensor<2x3xf32>
  return %0, %1, %3, %8, %10 : tensor<2xf32>, tensor<2xi1>, tensor<2xi32>, tensor<2x2xi64>, tensor<2x3xf32>
}

// Integer division by zero is not folded.
// CHECK-LABEL: func.func @no_fold_div_zero
// CHECK: tensor.div
func.func @no_fold_div_zero() -> tensor<2xi32> {
  %a = tensor.constant dense<[4, 5]> : tensor<2xi32>
  %b = tensor.constant dense<[2, 0]> : tensor<2xi32>
  %0 = tensor.div %a, %b : tensor<2xi32>
  return %0 : tensor<2xi32>
}

// Large non-splat results are not folded; splats of any size are.
// CHECK-LABEL: func.func @size_limit
// CHECK-DAG: tensor.constant dense<2.000000e+00> : tensor<1000x1000xf32>
// CHECK-DAG: tensor.iota dim = 0 : tensor<2000xf32>
// CHECK-DAG: tensor.add
func.func @size_limit() -> (tensor<1000x1000xf32>, tensor<2000xf32>) {
  %a = tensor.full 1.0 : f32 -> tensor<1000x1000xf32>
  %0 = tensor.add %a, %a : tensor<1000x1000xf32>
  %i = tensor.iota dim = 0 : tensor<2000xf32>
  %1 = tensor.add %i, %i : tensor<2000xf32>
  return %0, %1 : tensor<1000x1000xf32>, tensor<2000xf32>
}

// Constants move to the right of commutative ops.
// CHECK-LABEL: func.func @commute
// CHECK: %[[C:.*]] = tensor.constant dense<3.000000e+00>
// CHECK: tensor.mul %arg0, %[[C]]
func.func @commute(%x: tensor<2xf32>) -> tensor<2xf32> {
  %c = tensor.constant dense<3.0> : tensor<2xf32>
  %0 = tensor.mul %c, %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// CHECK-LABEL: func.func @layout_chains
// CHECK-SAME: (%[[X:.*]]: tensor<2x3x4xf32>, %[[B:.*]]: tensor<3xf32>)
// CHECK-NEXT: %[[T:.*]] = tensor.transpose %[[X]] perm = [2, 1, 0] : tensor<2x3x4xf32>
// CHECK-NEXT: %[[R:.*]] = tensor.reshape %[[X]] : tensor<2x3x4xf32> -> tensor<24xf32>
// CHECK-NEXT: %[[BC:.*]] = tensor.broadcast %[[B]] dims = [2] : tensor<3xf32> -> tensor<4x5x3xf32>
// CHECK-NEXT: return %[[X]], %[[T]], %[[R]], %[[BC]], %[[X]]
func.func @layout_chains(%x: tensor<2x3x4xf32>, %b: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<4x3x2xf32>, tensor<24xf32>, tensor<4x5x3xf32>, tensor<2x3x4xf32>) {
  %0 = tensor.transpose %x perm = [1, 2, 0] : tensor<2x3x4xf32>
  %1 = tensor.transpose %0 perm = [2, 0, 1] : tensor<3x4x2xf32>
  %2 = tensor.transpose %0 perm = [1, 0, 2] : tensor<3x4x2xf32>
  %3 = tensor.reshape %x : tensor<2x3x4xf32> -> tensor<6x4xf32>
  %4 = tensor.reshape %3 : tensor<6x4xf32> -> tensor<24xf32>
  %5 = tensor.broadcast %b dims = [1] : tensor<3xf32> -> tensor<1x3xf32>
  %6 = tensor.broadcast %5 dims = [1, 2] : tensor<1x3xf32> -> tensor<4x5x3xf32>
  %7 = tensor.slice %x start = [0, 0, 0] limit = [2, 3, 4] : tensor<2x3x4xf32>
  return %1, %2, %4, %6, %7 : tensor<2x3x4xf32>, tensor<4x3x2xf32>, tensor<24xf32>, tensor<4x5x3xf32>, tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @trivial_layout
// CHECK-SAME: (%[[X:.*]]: tensor<?x3xf32>)
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[X]], %[[X]], %[[X]]
func.func @trivial_layout(%x: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>) {
  %0 = tensor.reshape %x : tensor<?x3xf32> -> tensor<?x3xf32>
  %1 = tensor.transpose %x perm = [0, 1] : tensor<?x3xf32>
  %2 = tensor.pad %x low = [0, 0] high = [0, 0] : tensor<?x3xf32>
  %3 = tensor.concat %x dim = 1 : tensor<?x3xf32>
  %4 = tensor.reduce_sum %x dims = [] : tensor<?x3xf32>
  %5 = tensor.cast %x : tensor<?x3xf32> -> tensor<?x3xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>, tensor<?x3xf32>
}

// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[X:.*]]: tensor<4xf16>, %[[Y:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[A:.*]] = tensor.cast %[[Y]] : tensor<4xf32> -> tensor<4xf16>
// CHECK-NEXT: %[[B:.*]] = tensor.cast %[[A]] : tensor<4xf16> -> tensor<4xf32>
// CHECK-NEXT: return %[[X]], %[[B]]
func.func @casts(%x: tensor<4xf16>, %y: tensor<4xf32>) -> (tensor<4xf16>, tensor<4xf32>) {
  %0 = tensor.cast %x : tensor<4xf16> -> tensor<4xf64>
  %1 = tensor.cast %0 : tensor<4xf64> -> tensor<4xf16>
  %2 = tensor.cast %y : tensor<4xf32> -> tensor<4xf16>
  %3 = tensor.cast %2 : tensor<4xf16> -> tensor<4xf32>
  return %1, %3 : tensor<4xf16>, tensor<4xf32>
}

// CHECK-LABEL: func.func @select
// CHECK-SAME: (%[[C:.*]]: tensor<2xi1>, %[[A:.*]]: tensor<2xf32>, %[[B:.*]]: tensor<2xf32>)
// CHECK-NEXT: return %[[A]], %[[B]], %[[A]]
func.func @select(%c: tensor<2xi1>, %a: tensor<2xf32>, %b: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %t = tensor.constant dense<true> : tensor<2xi1>
  %f = tensor.full false -> tensor<2xi1>
  %0 = tensor.select %t, %a, %b : tensor<2xf32>
  %1 = tensor.select %f, %a, %b : tensor<2xf32>
  %2 = tensor.select %c, %a, %a : tensor<2xf32>
  return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// Negative dimensions become non-negative; reduction dims are sorted.
// CHECK-LABEL: func.func @normalize
// CHECK-NEXT: tensor.softmax %arg0 dim = 1 : tensor<2x3x4xf32>
// CHECK-NEXT: tensor.argmax %arg0 dim = 0 : tensor<2x3x4xf32>
// CHECK-NEXT: tensor.reduce_max %arg0 dims = [0, 2] keepdim = true : tensor<2x3x4xf32>
// CHECK-NEXT: tensor.concat %arg0, %arg0 dim = 2 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
func.func @normalize(%x: tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3x4xi64>, tensor<1x3x1xf32>, tensor<2x3x8xf32>) {
  %0 = tensor.softmax %x dim = -2 : tensor<2x3x4xf32>
  %1 = tensor.argmax %x dim = -3 : tensor<2x3x4xf32>
  %2 = tensor.reduce_max %x dims = [-1, 0] keepdim = true : tensor<2x3x4xf32>
  %3 = tensor.concat %x, %x dim = -1 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
  return %0, %1, %2, %3 : tensor<2x3x4xf32>, tensor<3x4xi64>, tensor<1x3x1xf32>, tensor<2x3x8xf32>
}

// tensor.dim of a dynamic size reads the operand that gave it.
// CHECK-LABEL: func.func @dim_of_sized
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-NEXT: return %[[N]], %[[N]]
func.func @dim_of_sized(%n: index) -> (index, index) {
  %0 = tensor.full 1.0 : f32 sizes(%n) -> tensor<2x?xf32>
  %1 = tensor.dim %0 dim = 1 : tensor<2x?xf32>
  %2 = tensor.iota dim = 0 sizes(%n) : tensor<?xi64>
  %3 = tensor.dim %2 dim = -1 : tensor<?xi64>
  return %1, %3 : index, index
}

// A static size folds to an index constant (materialized by arith).
// CHECK-LABEL: func.func @dim_static
// CHECK-NEXT: %[[C:.*]] = arith.constant 3 : index
// CHECK-NEXT: return %[[C]]
func.func @dim_static(%x: tensor<?x3xf32>) -> index {
  %0 = tensor.dim %x dim = -1 : tensor<?x3xf32>
  return %0 : index
}
