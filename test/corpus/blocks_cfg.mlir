// Multiple blocks, successors, forward references across blocks that dominate.
func.func @cfg(%arg0: i1, %arg1: i32) -> i32 {
  "test.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "test.br"(%arg1)[^bb3] : (i32) -> ()
^bb2:
  %0 = "test.make"() : () -> i32
  "test.br"(%0)[^bb3] : (i32) -> ()
^bb3(%1: i32):
  return %1 : i32
}
func.func @forward(%n: index) {
  "test.br"()[^def] : () -> ()
^use:
  "test.work"(%v) : (i32) -> ()
  return
^def:
  %v = "test.make"() : () -> i32
  "test.br"()[^use] : () -> ()
}
func.func @loop(%n: index) {
  "test.br"()[^header] : () -> ()
^header:
  %c = "test.check"() : () -> i1
  "test.cond_br"(%c)[^body, ^exit] : (i1) -> ()
^body:
  "test.br"()[^header] : () -> ()
^unreachable:
  "test.br"()[^body] : () -> ()
^exit:
  return
}
