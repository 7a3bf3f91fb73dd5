// Leaf attributes and types that need the contextual sub-parsers.
"test.dense"() {
  a = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>,
  b = dense<1.5> : tensor<3xf32>,
  c = dense<"0x0000803F00000040"> : tensor<2xf32>,
  d = dense<[true, false]> : tensor<2xi1>,
  e = dense<> : tensor<0xf64>
} : () -> ()
"test.arrays"() {a = array<i64: 1, -2, 3>, b = array<f32: 1.0, 2.5>, c = array<i8>, d = array<i1: true, false>} : () -> ()
"test.floats"() {a = 0x7FC00000 : f32, b = -2.5e-3 : f64, c = 1.0 : bf16, d = 0x7C00 : f16, e = 3.0} : () -> ()
"test.ints"() {a = 18446744073709551615 : ui64, b = -128 : si8, c = 1 : i1, d = 170141183460469231731687303715884105727 : i128} : () -> ()
"test.symbols"() {a = @f, b = @"quoted sym", c = @outer::@inner::@leaf} : () -> ()
"test.opaque"() {a = #d.attr, b = #d.attr<"x" [1, 2]>, c = !d.type, d = !d.type<a, b>, e = opaque<"d", "0x12"> : tensor<1xi8>} : () -> ()
"test.types"(%0) : (!d.opaque_t<{x}>) -> (memref<4x?xf32, strided<[?, 1]>>, vector<[4]x2xf32>, complex<f64>, tensor<*xi8>, memref<*xf32>, none, index, f80, f128)
"test.strings"() {s = "esc\n\t\"\\\41", typed = "x" : i32, l = loc("n"("f.py":1:2)), f = loc(fused<"m">["a.py":1:1, "b.py":2:2])} : () -> ()
%0 = "test.src"() : () -> !d.opaque_t<{x}>
