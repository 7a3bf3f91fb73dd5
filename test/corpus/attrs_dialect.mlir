// Attributes that loaded dialects define, in dictionaries, arrays and as
// memref memory spaces (with strings, which MLIR also accepts there).
%0 = "test.d"() {fm = #arith.fastmath<nnan,ninf>, k = [#vector.kind<add>, #vector.kind<minsi>], n = #arith.fastmath<none>} : () -> memref<4xf32, "global">
%1 = "test.d"() : () -> memref<*xf32, #vector.kind<mul>>
"test.use"(%0, %1) : (memref<4xf32, "global">, memref<*xf32, #vector.kind<mul>>) -> ()
