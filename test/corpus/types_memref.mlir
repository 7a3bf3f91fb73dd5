// memref types with dynamic sizes, layouts and memory spaces.
%0 = "test.m"() : () -> memref<4x?xf32>
%1 = "test.m"() : () -> memref<*xf32>
%2 = "test.m"() : () -> memref<f64>
%3 = "test.m"() : () -> memref<8xi32, 1>
%4 = "test.m"() : () -> memref<8xi32, strided<[1], offset: ?>>
%5 = "test.m"() : () -> memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>
%6 = "test.m"() : () -> memref<*xf32, 3>
%7 = "test.m"() : () -> memref<2x2xf32, strided<[2, 1]>, 5>
"test.use"(%0, %1, %2, %3, %4, %5, %6, %7) : (memref<4x?xf32>, memref<*xf32>, memref<f64>, memref<8xi32, 1>, memref<8xi32, strided<[1], offset: ?>>, memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>, memref<*xf32, 3>, memref<2x2xf32, strided<[2, 1]>, 5>) -> ()
