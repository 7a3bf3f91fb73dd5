// Custom form of the element-wise tensor ops: tt-opt prints what it reads,
// directly and through the generic form.
// RUN: tt-opt %s | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @binary
// CHECK-NEXT: %0 = tensor.add %arg0, %arg1 : tensor<2x?xf32>
// CHECK-NEXT: %1 = tensor.sub %0, %arg1 : tensor<2x?xf32>
// CHECK-NEXT: %2 = tensor.mul %1, %arg1 : tensor<2x?xf32>
// CHECK-NEXT: %3 = tensor.div %2, %arg1 : tensor<2x?xf32>
// CHECK-NEXT: %4 = tensor.max %3, %arg1 : tensor<2x?xf32>
// CHECK-NEXT: %5 = tensor.min %4, %arg1 : tensor<2x?xf32>
// CHECK-NEXT: %6 = tensor.pow %5, %arg1 : tensor<2x?xf32>
// GENERIC-LABEL: "func.func"
// GENERIC: %0 = "tensor.add"(%arg0, %arg1) : (tensor<2x?xf32>, tensor<2x?xf32>) -> tensor<2x?xf32>
// GENERIC: %6 = "tensor.pow"(%5, %arg1) : (tensor<2x?xf32>, tensor<2x?xf32>) -> tensor<2x?xf32>
func.func @binary(%a: tensor<2x?xf32>, %b: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = tensor.add %a, %b : tensor<2x?xf32>
  %1 = tensor.sub %0, %b : tensor<2x?xf32>
  %2 = tensor.mul %1, %b : tensor<2x?xf32>
  %3 = tensor.div %2, %b : tensor<2x?xf32>
  %4 = tensor.max %3, %b : tensor<2x?xf32>
  %5 = tensor.min %4, %b : tensor<2x?xf32>
  %6 = tensor.pow %5, %b : tensor<2x?xf32>
  return %6 : tensor<2x?xf32>
}

// Integer, boolean, rank-0 and size-0 operands.
// CHECK-LABEL: func.func @types
// CHECK-NEXT: tensor.add %arg0, %arg0 : tensor<3xi32>
// CHECK-NEXT: tensor.mul %arg1, %arg1 : tensor<i64>
// CHECK-NEXT: tensor.max %arg2, %arg2 : tensor<4xi1>
// CHECK-NEXT: tensor.sub %arg3, %arg3 : tensor<0x5xbf16>
// CHECK-NEXT: tensor.div %arg4, %arg4 : tensor<2xf16>
// CHECK-NEXT: tensor.min %arg5, %arg5 : tensor<2xf64>
func.func @types(%a: tensor<3xi32>, %b: tensor<i64>, %c: tensor<4xi1>, %d: tensor<0x5xbf16>, %e: tensor<2xf16>, %f: tensor<2xf64>) {
  %0 = tensor.add %a, %a : tensor<3xi32>
  %1 = tensor.mul %b, %b : tensor<i64>
  %2 = tensor.max %c, %c : tensor<4xi1>
  %3 = tensor.sub %d, %d : tensor<0x5xbf16>
  %4 = tensor.div %e, %e : tensor<2xf16>
  %5 = tensor.min %f, %f : tensor<2xf64>
  return
}

// CHECK-LABEL: func.func @unary
// CHECK-NEXT: tensor.neg %arg0 : tensor<4xf32>
// CHECK-NEXT: tensor.abs
// CHECK-NEXT: tensor.exp
// CHECK-NEXT: tensor.log
// CHECK-NEXT: tensor.sqrt
// CHECK-NEXT: tensor.rsqrt
// CHECK-NEXT: tensor.tanh
// CHECK-NEXT: tensor.sigmoid
// CHECK-NEXT: tensor.relu
// CHECK-NEXT: tensor.sin
// CHECK-NEXT: tensor.cos
// CHECK-NEXT: tensor.erf
// CHECK-NEXT: %12 = tensor.reciprocal %11 : tensor<4xf32>
// CHECK-NEXT: %13 = tensor.neg %arg1 : tensor<?xi64>
// CHECK-NEXT: %14 = tensor.abs %13 : tensor<?xi64>
// CHECK-NEXT: %15 = tensor.relu %14 : tensor<?xi64>
func.func @unary(%x: tensor<4xf32>, %i: tensor<?xi64>) {
  %0 = tensor.neg %x : tensor<4xf32>
  %1 = tensor.abs %0 : tensor<4xf32>
  %2 = tensor.exp %1 : tensor<4xf32>
  %3 = tensor.log %2 : tensor<4xf32>
  %4 = tensor.sqrt %3 : tensor<4xf32>
  %5 = tensor.rsqrt %4 : tensor<4xf32>
  %6 = tensor.tanh %5 : tensor<4xf32>
  %7 = tensor.sigmoid %6 : tensor<4xf32>
  %8 = tensor.relu %7 : tensor<4xf32>
  %9 = tensor.sin %8 : tensor<4xf32>
  %10 = tensor.cos %9 : tensor<4xf32>
  %11 = tensor.erf %10 : tensor<4xf32>
  %12 = tensor.reciprocal %11 : tensor<4xf32>
  %13 = tensor.neg %i : tensor<?xi64>
  %14 = tensor.abs %13 : tensor<?xi64>
  %15 = tensor.relu %14 : tensor<?xi64>
  return
}

// CHECK-LABEL: func.func @gelu
// CHECK-NEXT: %0 = tensor.gelu %arg0 : tensor<2x3xf32>
// CHECK-NEXT: %1 = tensor.gelu %0 approximate = none : tensor<2x3xf32>
// CHECK-NEXT: %2 = tensor.gelu %1 approximate = tanh : tensor<2x3xf32>
// GENERIC: "tensor.gelu"(%0) {approximate = "none"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// GENERIC: "tensor.gelu"(%1) {approximate = "tanh"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
func.func @gelu(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tensor.gelu %x : tensor<2x3xf32>
  %1 = tensor.gelu %0 approximate = none : tensor<2x3xf32>
  %2 = tensor.gelu %1 approximate = tanh : tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @cmp_select_cast
// CHECK-NEXT: %0 = tensor.cmp eq, %arg0, %arg1 : tensor<?x4xf32>
// CHECK-NEXT: %1 = tensor.cmp ne, %arg0, %arg1 : tensor<?x4xf32>
// CHECK-NEXT: %2 = tensor.cmp lt, %arg0, %arg1 : tensor<?x4xf32>
// CHECK-NEXT: %3 = tensor.cmp le, %arg0, %arg1 : tensor<?x4xf32>
// CHECK-NEXT: %4 = tensor.cmp gt, %arg0, %arg1 : tensor<?x4xf32>
// CHECK-NEXT: %5 = tensor.cmp ge, %arg0, %arg1 : tensor<?x4xf32>
// CHECK-NEXT: %6 = tensor.select %5, %arg0, %arg1 : tensor<?x4xf32>
// CHECK-NEXT: %7 = tensor.select %5, %arg0, %arg1 : tensor<?x4xf32>
// CHECK-NEXT: %8 = tensor.cast %7 : tensor<?x4xf32> -> tensor<?x4xi64>
// CHECK-NEXT: %9 = tensor.cast %8 : tensor<?x4xi64> -> tensor<?x4xi1>
// CHECK-NEXT: %10 = tensor.cast %9 : tensor<?x4xi1> -> tensor<?x4xbf16>
// GENERIC: "tensor.cmp"(%arg0, %arg1) {predicate = "ge"} : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xi1>
// GENERIC: "tensor.select"(%5, %arg0, %arg1) : (tensor<?x4xi1>, tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
// GENERIC: "tensor.cast"(%7) : (tensor<?x4xf32>) -> tensor<?x4xi64>
func.func @cmp_select_cast(%a: tensor<?x4xf32>, %b: tensor<?x4xf32>) -> tensor<?x4xbf16> {
  %0 = tensor.cmp eq, %a, %b : tensor<?x4xf32>
  %1 = tensor.cmp ne, %a, %b : tensor<?x4xf32>
  %2 = tensor.cmp lt, %a, %b : tensor<?x4xf32>
  %3 = tensor.cmp le, %a, %b : tensor<?x4xf32>
  %4 = tensor.cmp gt, %a, %b : tensor<?x4xf32>
  %5 = tensor.cmp ge, %a, %b : tensor<?x4xf32>
  %6 = tensor.select %5, %a, %b : tensor<?x4xf32>
  %7 = tensor.select %5, %a, %b : tensor<?x4xi1>, tensor<?x4xf32>, tensor<?x4xf32>
  %8 = tensor.cast %7 : tensor<?x4xf32> -> tensor<?x4xi64>
  %9 = tensor.cast %8 : tensor<?x4xi64> -> tensor<?x4xi1>
  %10 = tensor.cast %9 : tensor<?x4xi1> -> tensor<?x4xbf16>
  return %10 : tensor<?x4xbf16>
}
