// Attribute and type aliases, used before and after other definitions.
#map = affine_map<(d0, d1) -> (d1, d0)>
#dict = {a = 1 : i32, b = "two", c}
#arr = [1, 2.5, "s", @sym, unit]
!tt = tensor<4x?xf32>
!pair = tuple<i32, !tt>
#loc0 = loc("aliased.mlir":7:9)
"test.use_aliases"() {m = #map, d = #dict, arr = #arr, t = !tt, p = !pair} : () -> ()
%0 = "test.make"() : () -> !tt loc(#loc0)
"test.consume"(%0) : (tensor<4x?xf32>) -> () loc(#later)
#later = loc(callsite("callee.py":1:2 at "caller.py":3:4))
