// Affine maps and integer sets print as #map/#set aliases before the
// module, in order of first use, maps before sets, one alias per map
// however it was spelled; -mlir-print-local-scope prints them inline.
// Large dense constants are elided on request. aliases-mlir.mlir checks
// the same lines against mlir-opt-16.
// RUN: tt-opt %s -allow-unregistered-dialect | filecheck %s
// RUN: tt-opt %s -allow-unregistered-dialect | tt-opt -allow-unregistered-dialect | filecheck %s
// RUN: tt-opt %s -allow-unregistered-dialect -mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: tt-opt %s -allow-unregistered-dialect -mlir-print-local-scope | filecheck %s --check-prefix=LOCAL
// RUN: tt-opt %s -allow-unregistered-dialect -mlir-elide-elementsattrs-if-larger=2 | filecheck %s --check-prefix=ELIDE

// CHECK:      #map = affine_map<(d0, d1) -> (d1, d0)>
// CHECK-NEXT: #map1 = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map3 = affine_map<()[s0] -> (s0 * 2, s0 floordiv 2, -s0)>
// CHECK-NEXT: #set = affine_set<(d0) : (d0 - 1 >= 0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: memref<4x4xf32, #map>) attributes {x = #map1, y = [#set, #map2], z = #map} {
// CHECK-NEXT:     "test.op"() {m = #map3, n = #map1, s = "affine_map<(d0) -> (d0)>"} : () -> ()
// GENERIC:      #map = affine_map<(d0, d1) -> (d1, d0)>
// GENERIC-NEXT: #map1 = affine_map<()[s0] -> (s0 * 2, s0 floordiv 2, -s0)>
// GENERIC-NEXT: #map2 = affine_map<(d0)[s0] -> (d0 + s0)>
// GENERIC-NEXT: #map3 = affine_map<(d0) -> (d0)>
// GENERIC-NEXT: #set = affine_set<(d0) : (d0 - 1 >= 0)>
// GENERIC:      "test.op"() {m = #map1, n = #map2, s = "affine_map<(d0) -> (d0)>"} : () -> ()
// GENERIC:      }) {function_type = (memref<4x4xf32, #map>) -> (), sym_name = "f", x = #map2, y = [#set, #map3], z = #map} : () -> ()
// LOCAL-NOT:  #map
// LOCAL:      func.func @f(%arg0: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) attributes {x = affine_map<(d0)[s0] -> (d0 + s0)>, y = [affine_set<(d0) : (d0 - 1 >= 0)>, affine_map<(d0) -> (d0)>], z = affine_map<(d0, d1) -> (d1, d0)>} {
// ELIDE:      "test.big"() {a = dense_resource<__elided__> : tensor<4xi32>, b = dense<1> : tensor<8xi32>, c = array<i32: 1, 2, 3>, d = dense<[1, 2]> : tensor<2xi32>} : () -> ()
func.func @f(%a: memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>) attributes {x = affine_map<(d0)[s0] -> (d0 + s0)>, y = [affine_set<(d0) : (d0 - 1 >= 0)>, affine_map<(i) -> (i)>], z = affine_map<(d0, d1) -> (d1, d0)>} {
  "test.op"() {m = affine_map<()[n] -> (n*2, n floordiv 2, -n)>, n = affine_map<(d0)[s0] -> (d0+s0)>, s = "affine_map<(d0) -> (d0)>"} : () -> ()
  "test.big"() {a = dense<[1, 2, 3, 4]> : tensor<4xi32>, b = dense<1> : tensor<8xi32>, c = array<i32: 1, 2, 3>, d = dense<[1, 2]> : tensor<2xi32>} : () -> ()
  return
}
