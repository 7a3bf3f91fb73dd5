// Custom and generic forms of the ops that create tensors (constant, full,
// iota) and of tensor.dim, with static and dynamic shapes.
// RUN: tt-opt %s | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | tt-opt | filecheck %s
// RUN: tt-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @constants
// CHECK-NEXT: %cst = tensor.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %cst_0 = tensor.constant dense<7> : tensor<2x3xi64>
// CHECK-NEXT: %cst_1 = tensor.constant dense<[true, false]> : tensor<2xi1>
// CHECK-NEXT: %cst_2 = tensor.constant dense<1.500000e+00> : tensor<bf16>
// CHECK-NEXT: %cst_3 = tensor.constant dense<> : tensor<0xf16>
// GENERIC: %{{[0-9]+}} = "tensor.constant"() {value = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>} : () -> tensor<2xf32>
func.func @constants() {
  %0 = tensor.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = tensor.constant dense<7> : tensor<2x3xi64>
  %2 = tensor.constant dense<[true, false]> : tensor<2xi1>
  %3 = tensor.constant dense<1.5> : tensor<bf16>
  %4 = tensor.constant dense<> : tensor<0xf16>
  return
}

// CHECK-LABEL: func.func @full
// CHECK-NEXT: %0 = tensor.full 1.000000e+00 : f32 -> tensor<2x3xf32>
// CHECK-NEXT: %1 = tensor.full 0 : i64 -> tensor<i64>
// CHECK-NEXT: %2 = tensor.full true -> tensor<0xi1>
// CHECK-NEXT: %3 = tensor.full -2 : i32 sizes(%arg0) -> tensor<?x4xi32>
// CHECK-NEXT: %4 = tensor.full 0xFC00 : f16 sizes(%arg0, %arg0) -> tensor<?x?xf16>
// GENERIC: "tensor.full"() {value = 1.000000e+00 : f32} : () -> tensor<2x3xf32>
// GENERIC: "tensor.full"(%arg0) {value = -2 : i32} : (index) -> tensor<?x4xi32>
func.func @full(%n: index) {
  %0 = tensor.full 1.0 : f32 -> tensor<2x3xf32>
  %1 = tensor.full 0 : i64 -> tensor<i64>
  %2 = tensor.full true -> tensor<0xi1>
  %3 = tensor.full -2 : i32 sizes(%n) -> tensor<?x4xi32>
  %4 = tensor.full 0xFC00 : f16 sizes(%n, %n) -> tensor<?x?xf16>
  return
}

// CHECK-LABEL: func.func @iota_dim
// CHECK-NEXT: %0 = tensor.iota dim = 1 : tensor<2x3xi64>
// CHECK-NEXT: %1 = tensor.iota dim = -1 : tensor<5xf32>
// CHECK-NEXT: %dim = tensor.dim %arg0 dim = 0 : tensor<?x3xf32>
// CHECK-NEXT: %{{dim_[0-9]+}} = tensor.dim %arg0 dim = -1 : tensor<?x3xf32>
// CHECK-NEXT: %2 = tensor.iota dim = 0 sizes(%dim) : tensor<?x3xi32>
// GENERIC: "tensor.iota"() {dim = 1 : i64} : () -> tensor<2x3xi64>
// GENERIC: "tensor.dim"(%arg0) {dim = 0 : i64} : (tensor<?x3xf32>) -> index
// GENERIC: "tensor.iota"(%{{[0-9]+}}) {dim = 0 : i64} : (index) -> tensor<?x3xi32>
func.func @iota_dim(%x: tensor<?x3xf32>) -> tensor<?x3xi32> {
  %0 = tensor.iota dim = 1 : tensor<2x3xi64>
  %1 = tensor.iota dim = -1 : tensor<5xf32>
  %n = tensor.dim %x dim = 0 : tensor<?x3xf32>
  %m = tensor.dim %x dim = -1 : tensor<?x3xf32>
  %2 = tensor.iota dim = 0 sizes(%n) : tensor<?x3xi32>
  return %2 : tensor<?x3xi32>
}
