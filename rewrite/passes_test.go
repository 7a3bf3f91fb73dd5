package rewrite_test

// passCases are the golden tests of the rewriting passes: input IR (in the
// test dialect tst plus unregistered ops), a pipeline, and the expected
// output. Each expected output was checked by hand, and where the same IR
// can be written with MLIR's arith dialect, against mlir-opt-16.
var passCases = []struct {
	name, pipeline, input, want string
}{
	{"fold-hoist", "builtin.module(func.func(canonicalize))",
		`func.func @f(%a: i32) -> i32 {
  %c1 = "tst.const"() {value = 1 : i32} : () -> i32
  %0 = "tst.add"(%a, %c1) : (i32, i32) -> i32
  %c2 = "tst.const"() {value = 2 : i32} : () -> i32
  %1 = "tst.mul"(%c2, %0) : (i32, i32) -> i32
  %c3 = "tst.const"() {value = 3 : i32} : () -> i32
  %2 = "tst.add"(%c3, %1) : (i32, i32) -> i32
  %c4 = "tst.const"() {value = 4 : i32} : () -> i32
  %c5 = "tst.const"() {value = 5 : i32} : () -> i32
  %3 = "tst.add"(%c4, %c5) : (i32, i32) -> i32
  %4 = "tst.add"(%2, %3) : (i32, i32) -> i32
  %c1b = "tst.const"() {value = 1 : i32} : () -> i32
  %5 = "tst.mul"(%4, %c1b) : (i32, i32) -> i32
  %n = "tst.neg"(%5) : (i32) -> i32
  %nn = "tst.neg"(%n) : (i32) -> i32
  %dead = "tst.add"(%nn, %nn) : (i32, i32) -> i32
  return %nn : i32
}
`,
		`module {
  func.func @f(%arg0: i32) -> i32 {
    %c = "tst.const"() {value = 9 : i32} : () -> i32
    %c_0 = "tst.const"() {value = 3 : i32} : () -> i32
    %c_1 = "tst.const"() {value = 2 : i32} : () -> i32
    %c_2 = "tst.const"() {value = 1 : i32} : () -> i32
    %0 = "tst.add"(%arg0, %c_2) : (i32, i32) -> i32
    %1 = "tst.mul"(%0, %c_1) : (i32, i32) -> i32
    %2 = "tst.add"(%1, %c_0) : (i32, i32) -> i32
    %3 = "tst.add"(%2, %c) : (i32, i32) -> i32
    return %3 : i32
  }
}`},
	{"fold-hoist-bottom-up", "builtin.module(func.func(canonicalize{top-down=false}))",
		`func.func @f(%a: i32) -> i32 {
  %c1 = "tst.const"() {value = 1 : i32} : () -> i32
  %0 = "tst.add"(%a, %c1) : (i32, i32) -> i32
  %c2 = "tst.const"() {value = 2 : i32} : () -> i32
  %1 = "tst.mul"(%c2, %0) : (i32, i32) -> i32
  %c3 = "tst.const"() {value = 3 : i32} : () -> i32
  %2 = "tst.add"(%c3, %1) : (i32, i32) -> i32
  %c4 = "tst.const"() {value = 4 : i32} : () -> i32
  %c5 = "tst.const"() {value = 5 : i32} : () -> i32
  %3 = "tst.add"(%c4, %c5) : (i32, i32) -> i32
  %4 = "tst.add"(%2, %3) : (i32, i32) -> i32
  %c1b = "tst.const"() {value = 1 : i32} : () -> i32
  %5 = "tst.mul"(%4, %c1b) : (i32, i32) -> i32
  %n = "tst.neg"(%5) : (i32) -> i32
  %nn = "tst.neg"(%n) : (i32) -> i32
  %dead = "tst.add"(%nn, %nn) : (i32, i32) -> i32
  return %nn : i32
}
`,
		`module {
  func.func @f(%arg0: i32) -> i32 {
    %c = "tst.const"() {value = 9 : i32} : () -> i32
    %c_0 = "tst.const"() {value = 3 : i32} : () -> i32
    %c_1 = "tst.const"() {value = 2 : i32} : () -> i32
    %c_2 = "tst.const"() {value = 1 : i32} : () -> i32
    %0 = "tst.add"(%arg0, %c_2) : (i32, i32) -> i32
    %1 = "tst.mul"(%0, %c_1) : (i32, i32) -> i32
    %2 = "tst.add"(%1, %c_0) : (i32, i32) -> i32
    %3 = "tst.add"(%2, %c) : (i32, i32) -> i32
    return %3 : i32
  }
}`},
	{"commutative", "builtin.module(func.func(canonicalize))",
		`func.func @f(%a: i32, %b: i32) -> (i32, i32, i32) {
  %c = "tst.const"() {value = 5 : i32} : () -> i32
  %0 = "tst.add"(%c, %a) : (i32, i32) -> i32
  %1 = "tst.mul"(%c, %b) : (i32, i32) -> i32
  %z = "tst.const"() {value = 0 : i32} : () -> i32
  %2 = "tst.mul"(%z, %b) : (i32, i32) -> i32
  return %0, %1, %2 : i32, i32, i32
}
`,
		`module {
  func.func @f(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
    %c = "tst.const"() {value = 0 : i32} : () -> i32
    %c_0 = "tst.const"() {value = 5 : i32} : () -> i32
    %0 = "tst.add"(%arg0, %c_0) : (i32, i32) -> i32
    %1 = "tst.mul"(%arg1, %c_0) : (i32, i32) -> i32
    return %0, %1, %c : i32, i32, i32
  }
}`},
	{"region-hoist-dedup", "builtin.module(func.func(canonicalize))",
		`func.func @f(%a: i32) -> i32 {
  %r = "tst.region"(%a) ({
    %c1 = "tst.const"() {value = 1 : i32} : () -> i32
    %x = "tst.add"(%a, %c1) : (i32, i32) -> i32
    %c2 = "tst.const"() {value = 2 : i32} : () -> i32
    %y = "tst.mul"(%x, %c2) : (i32, i32) -> i32
    "tst.yield"(%y) : (i32) -> ()
  }) : (i32) -> i32
  "test.sink"(%r) : (i32) -> ()
  %c1b = "tst.const"() {value = 1 : i32} : () -> i32
  %s = "tst.add"(%r, %c1b) : (i32, i32) -> i32
  %unused = "tst.region"(%a) ({
    %q = "tst.neg"(%a) : (i32) -> i32
    "tst.yield"(%q) : (i32) -> ()
  }) : (i32) -> i32
  %l = "tst.load"(%s) : (i32) -> i32
  return %s : i32
}
`,
		`module {
  func.func @f(%arg0: i32) -> i32 {
    %c = "tst.const"() {value = 2 : i32} : () -> i32
    %c_0 = "tst.const"() {value = 1 : i32} : () -> i32
    %0 = "tst.region"(%arg0) ({
      %2 = "tst.add"(%arg0, %c_0) : (i32, i32) -> i32
      %3 = "tst.mul"(%2, %c) : (i32, i32) -> i32
      "tst.yield"(%3) : (i32) -> ()
    }) : (i32) -> i32
    "test.sink"(%0) : (i32) -> ()
    %1 = "tst.add"(%0, %c_0) : (i32, i32) -> i32
    return %1 : i32
  }
}`},
	{"unreachable-blocks", "builtin.module(func.func(canonicalize))",
		`func.func @f(%a: i32) -> i32 {
  cf.br ^bb2
^bb1:
  %c = "tst.const"() {value = 7 : i32} : () -> i32
  "test.sink"(%c) : (i32) -> ()
  cf.br ^bb2
^bb2:
  %n = "tst.neg"(%a) : (i32) -> i32
  %nn = "tst.neg"(%n) : (i32) -> i32
  return %nn : i32
}
`,
		`module {
  func.func @f(%arg0: i32) -> i32 {
    cf.br ^bb1
  ^bb1:  // pred: ^bb0
    return %arg0 : i32
  }
}`},
	{"cse-func", "builtin.module(func.func(cse))",
		`func.func @basic(%a: i32) -> (i32, i32) {
  %c = "tst.const"() {value = 1 : i32} : () -> i32
  %c2 = "tst.const"() {value = 1 : i32} : () -> i32
  %c3 = "tst.const"() {value = 2 : i32} : () -> i32
  %0 = "tst.add"(%a, %c) : (i32, i32) -> i32
  %1 = "tst.add"(%a, %c2) : (i32, i32) -> i32
  %2 = "tst.add"(%c2, %a) : (i32, i32) -> i32
  %dead = "tst.mul"(%0, %1) : (i32, i32) -> i32
  %u1 = "test.op"(%0) : (i32) -> i32
  %u2 = "test.op"(%0) : (i32) -> i32
  return %1, %2 : i32, i32
}
func.func @memory(%a: i32) -> (i32, i32, i32, i32) {
  %0 = "tst.load"(%a) : (i32) -> i32
  %1 = "tst.load"(%a) : (i32) -> i32
  %p = "tst.add"(%a, %a) : (i32, i32) -> i32
  %2 = "tst.load"(%a) : (i32) -> i32
  "tst.store"(%0) : (i32) -> ()
  %3 = "tst.load"(%a) : (i32) -> i32
  "test.unknown"() : () -> ()
  %4 = "tst.load"(%a) : (i32) -> i32
  %s = "tst.add"(%1, %2) : (i32, i32) -> i32
  %t = "tst.add"(%3, %4) : (i32, i32) -> i32
  return %0, %s, %t, %p : i32, i32, i32, i32
}
func.func @regions(%a: i32) -> (i32, i32, i32) {
  %n = "tst.neg"(%a) : (i32) -> i32
  %r1 = "tst.region"(%a) ({
    %x = "tst.neg"(%a) : (i32) -> i32
    %y = "tst.add"(%x, %x) : (i32, i32) -> i32
    "tst.yield"(%y) : (i32) -> ()
  }) : (i32) -> i32
  %r2 = "tst.region"(%a) ({
    %x = "tst.neg"(%a) : (i32) -> i32
    %y = "tst.add"(%x, %x) : (i32, i32) -> i32
    "tst.yield"(%y) : (i32) -> ()
  }) : (i32) -> i32
  %r3 = "tst.region"(%a) ({
    %m = "tst.mul"(%a, %a) : (i32, i32) -> i32
    "tst.yield"(%m) : (i32) -> ()
  }) : (i32) -> i32
  %m2 = "tst.mul"(%a, %a) : (i32, i32) -> i32
  %s = "tst.add"(%r1, %r2) : (i32, i32) -> i32
  %t = "tst.add"(%r3, %m2) : (i32, i32) -> i32
  return %n, %s, %t : i32, i32, i32
}
func.func @blocks(%a: i32, %c: i1) -> i32 {
  %0 = "tst.neg"(%a) : (i32) -> i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %1 = "tst.neg"(%a) : (i32) -> i32
  %m1 = "tst.mul"(%a, %0) : (i32, i32) -> i32
  cf.br ^bb3(%1 : i32)
^bb2:
  %m2 = "tst.mul"(%a, %0) : (i32, i32) -> i32
  cf.br ^bb3(%m2 : i32)
^bb3(%x: i32):
  %2 = "tst.neg"(%a) : (i32) -> i32
  %m3 = "tst.mul"(%a, %0) : (i32, i32) -> i32
  %s = "tst.add"(%2, %m3) : (i32, i32) -> i32
  %t = "tst.add"(%s, %x) : (i32, i32) -> i32
  return %t : i32
}
func.func @other(%a: i32) -> i32 {
  %c = "tst.const"() {value = 1 : i32} : () -> i32
  %0 = "tst.add"(%a, %c) : (i32, i32) -> i32
  return %0 : i32
}
"test.use"(%g2) : (i32) -> ()
%g1 = "tst.const"() {value = 9 : i32} : () -> i32
%g2 = "tst.const"() {value = 9 : i32} : () -> i32
"test.use"(%g2) : (i32) -> ()
`,
		`module {
  func.func @basic(%arg0: i32) -> (i32, i32) {
    %c_1 = "tst.const"() {value = 1 : i32} : () -> i32
    %0 = "tst.add"(%arg0, %c_1) : (i32, i32) -> i32
    %1 = "test.op"(%0) : (i32) -> i32
    %2 = "test.op"(%0) : (i32) -> i32
    return %0, %0 : i32, i32
  }
  func.func @memory(%arg0: i32) -> (i32, i32, i32, i32) {
    %0 = "tst.load"(%arg0) : (i32) -> i32
    %1 = "tst.add"(%arg0, %arg0) : (i32, i32) -> i32
    "tst.store"(%0) : (i32) -> ()
    %2 = "tst.load"(%arg0) : (i32) -> i32
    "test.unknown"() : () -> ()
    %3 = "tst.load"(%arg0) : (i32) -> i32
    %4 = "tst.add"(%0, %0) : (i32, i32) -> i32
    %5 = "tst.add"(%2, %3) : (i32, i32) -> i32
    return %0, %4, %5, %1 : i32, i32, i32, i32
  }
  func.func @regions(%arg0: i32) -> (i32, i32, i32) {
    %0 = "tst.neg"(%arg0) : (i32) -> i32
    %1 = "tst.region"(%arg0) ({
      %6 = "tst.add"(%0, %0) : (i32, i32) -> i32
      "tst.yield"(%6) : (i32) -> ()
    }) : (i32) -> i32
    %2 = "tst.region"(%arg0) ({
      %6 = "tst.mul"(%arg0, %arg0) : (i32, i32) -> i32
      "tst.yield"(%6) : (i32) -> ()
    }) : (i32) -> i32
    %3 = "tst.mul"(%arg0, %arg0) : (i32, i32) -> i32
    %4 = "tst.add"(%1, %1) : (i32, i32) -> i32
    %5 = "tst.add"(%2, %3) : (i32, i32) -> i32
    return %0, %4, %5 : i32, i32, i32
  }
  func.func @blocks(%arg0: i32, %arg1: i1) -> i32 {
    %0 = "tst.neg"(%arg0) : (i32) -> i32
    cf.cond_br %arg1, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%0 : i32)
  ^bb2:  // pred: ^bb0
    %1 = "tst.mul"(%arg0, %0) : (i32, i32) -> i32
    cf.br ^bb3(%1 : i32)
  ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
    %3 = "tst.mul"(%arg0, %0) : (i32, i32) -> i32
    %4 = "tst.add"(%0, %3) : (i32, i32) -> i32
    %5 = "tst.add"(%4, %2) : (i32, i32) -> i32
    return %5 : i32
  }
  func.func @other(%arg0: i32) -> i32 {
    %c_1 = "tst.const"() {value = 1 : i32} : () -> i32
    %0 = "tst.add"(%arg0, %c_1) : (i32, i32) -> i32
    return %0 : i32
  }
  "test.use"(%c_0) : (i32) -> ()
  %c = "tst.const"() {value = 9 : i32} : () -> i32
  %c_0 = "tst.const"() {value = 9 : i32} : () -> i32
  "test.use"(%c_0) : (i32) -> ()
}`},
	{"cse-graph-region", "builtin.module(cse)",
		`"test.use"(%g2) : (i32) -> ()
%g1 = "tst.const"() {value = 9 : i32} : () -> i32
"test.use"(%g1) : (i32) -> ()
%g2 = "tst.const"() {value = 9 : i32} : () -> i32
"test.use"(%g2) : (i32) -> ()
`,
		`module {
  "test.use"(%c_0) : (i32) -> ()
  %c = "tst.const"() {value = 9 : i32} : () -> i32
  "test.use"(%c) : (i32) -> ()
  %c_0 = "tst.const"() {value = 9 : i32} : () -> i32
  "test.use"(%c) : (i32) -> ()
}`},
	{"dce", "builtin.module(dce)",
		`func.func @f(%a: i32) -> i32 {
  %0 = "tst.neg"(%a) : (i32) -> i32
  %1 = "tst.add"(%0, %0) : (i32, i32) -> i32
  %2 = "tst.mul"(%1, %a) : (i32, i32) -> i32
  %k = "test.keep"(%0) : (i32) -> i32
  %l = "tst.load"(%a) : (i32) -> i32
  %r = "tst.region"(%a) ({
    %x = "tst.neg"(%a) : (i32) -> i32
    %y = "tst.neg"(%x) : (i32) -> i32
    "tst.yield"(%x) : (i32) -> ()
  }) : (i32) -> i32
  "test.use"(%r) : (i32) -> ()
  cf.br ^bb1
^bb1:
  %3 = "tst.neg"(%a) : (i32) -> i32
  return %3 : i32
^bb2:
  %4 = "tst.neg"(%5) : (i32) -> i32
  cf.br ^bb3
^bb3:
  %5 = "tst.neg"(%4) : (i32) -> i32
  "test.use"(%4) : (i32) -> ()
  cf.br ^bb2
}
%g1 = "tst.add"(%g2, %g2) : (i32, i32) -> i32
%g2 = "tst.add"(%g1, %g1) : (i32, i32) -> i32
%h = "tst.const"() {value = 1 : i32} : () -> i32
"test.use"(%h) : (i32) -> ()
`,
		`module {
  func.func @f(%arg0: i32) -> i32 {
    %0 = "tst.neg"(%arg0) : (i32) -> i32
    %1 = "test.keep"(%0) : (i32) -> i32
    %2 = "tst.load"(%arg0) : (i32) -> i32
    %3 = "tst.region"(%arg0) ({
      %5 = "tst.neg"(%arg0) : (i32) -> i32
      "tst.yield"(%5) : (i32) -> ()
    }) : (i32) -> i32
    "test.use"(%3) : (i32) -> ()
    cf.br ^bb1
  ^bb1:  // pred: ^bb0
    %4 = "tst.neg"(%arg0) : (i32) -> i32
    return %4 : i32
  }
  %c = "tst.const"() {value = 1 : i32} : () -> i32
  "test.use"(%c) : (i32) -> ()
}`},
	{"symbol-dce", "builtin.module(symbol-dce)",
		`func.func @pub() { return }
func.func private @priv() { return }
func.func private @used() { return }
func.func nested @nest() { return }
func.func @caller() {
  func.call @used() : () -> ()
  "test.ref"() {refs = [@inner::@ipriv2, {x = @chain1}]} : () -> ()
  return
}
func.func private @chain1() { func.call @chain2() : () -> () return }
func.func private @chain2() { return }
func.func private @deadchain1() { func.call @deadchain2() : () -> () return }
func.func private @deadchain2() { return }
module @inner {
  func.func @ipub() { return }
  func.func private @ipriv() { return }
  func.func private @ipriv2() { return }
  func.func nested @inest() { return }
}
module @inner2 attributes {sym_visibility = "private"} {
  func.func @ipub2() { return }
}
module @inner3 attributes {sym_visibility = "nested"} {
  func.func nested @inest3() { return }
}
`,
		`module {
  func.func @pub() {
    return
  }
  func.func private @used() {
    return
  }
  func.func @caller() {
    call @used() : () -> ()
    "test.ref"() {refs = [@inner::@ipriv2, {x = @chain1}]} : () -> ()
    return
  }
  func.func private @chain1() {
    call @chain2() : () -> ()
    return
  }
  func.func private @chain2() {
    return
  }
  module @inner {
    func.func @ipub() {
      return
    }
    func.func private @ipriv2() {
      return
    }
  }
}`},
	{"inline-no-simplify", "builtin.module(inline{default-pipeline=})",
		`func.func private @add(%a: i32, %b: i32) -> i32 {
  %0 = "tst.add"(%a, %b) : (i32, i32) -> i32
  %c = "tst.const"() {value = 7 : i32} : () -> i32
  %1 = "tst.mul"(%0, %c) : (i32, i32) -> i32
  return %1 : i32
}
func.func private @twice(%a: i32) -> i32 {
  %0 = "test.op"(%a) : (i32) -> i32
  return %0 : i32
}
func.func @multi(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %z = "tst.const"() {value = 0 : i32} : () -> i32
  return %z : i32
}
func.func @rec(%a: i32) -> i32 {
  %0 = func.call @rec(%a) : (i32) -> i32
  return %0 : i32
}
func.func @even(%a: i32) -> i32 {
  %0 = func.call @odd(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @odd(%a: i32) -> i32 {
  %0 = func.call @even(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @ext(i32) -> i32
func.func private @deadA() { func.call @deadB() : () -> () return }
func.func private @deadB() { "test.b"() : () -> () return }
func.func @caller(%x: i32, %c: i1) -> i32 {
  %c3 = "tst.const"() {value = 3 : i32} : () -> i32
  %0 = func.call @add(%x, %c3) : (i32, i32) -> i32
  %1 = func.call @multi(%c, %0) : (i1, i32) -> i32
  %2 = func.call @rec(%1) : (i32) -> i32
  %3 = func.call @ext(%2) : (i32) -> i32
  %4 = func.call @twice(%3) : (i32) -> i32
  %5 = func.call @twice(%4) : (i32) -> i32
  "test.use"(%5) : (i32) -> ()
  return %5 : i32
}
`,
		`module {
  func.func @multi(%arg0: i1, %arg1: i32) -> i32 {
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    return %arg1 : i32
  ^bb2:  // pred: ^bb0
    %c = "tst.const"() {value = 0 : i32} : () -> i32
    return %c : i32
  }
  func.func @rec(%arg0: i32) -> i32 {
    %0 = call @rec(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func @even(%arg0: i32) -> i32 {
    %0 = call @odd(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @odd(%arg0: i32) -> i32 {
    %0 = call @odd(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @ext(i32) -> i32
  func.func @caller(%arg0: i32, %arg1: i1) -> i32 {
    %c = "tst.const"() {value = 3 : i32} : () -> i32
    %0 = "tst.add"(%arg0, %c) : (i32, i32) -> i32
    %c_0 = "tst.const"() {value = 7 : i32} : () -> i32
    %1 = "tst.mul"(%0, %c_0) : (i32, i32) -> i32
    cf.cond_br %arg1, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%1 : i32)
  ^bb2:  // pred: ^bb0
    %c_1 = "tst.const"() {value = 0 : i32} : () -> i32
    cf.br ^bb3(%c_1 : i32)
  ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
    %3 = call @rec(%2) : (i32) -> i32
    %4 = call @ext(%3) : (i32) -> i32
    %5 = "test.op"(%4) : (i32) -> i32
    %6 = "test.op"(%5) : (i32) -> i32
    "test.use"(%6) : (i32) -> ()
    return %6 : i32
  }
}`},
	{"inline", "builtin.module(inline)",
		`func.func private @add(%a: i32, %b: i32) -> i32 {
  %0 = "tst.add"(%a, %b) : (i32, i32) -> i32
  %c = "tst.const"() {value = 7 : i32} : () -> i32
  %1 = "tst.mul"(%0, %c) : (i32, i32) -> i32
  return %1 : i32
}
func.func private @twice(%a: i32) -> i32 {
  %0 = "test.op"(%a) : (i32) -> i32
  return %0 : i32
}
func.func @multi(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %a : i32
^bb2:
  %z = "tst.const"() {value = 0 : i32} : () -> i32
  return %z : i32
}
func.func @rec(%a: i32) -> i32 {
  %0 = func.call @rec(%a) : (i32) -> i32
  return %0 : i32
}
func.func @even(%a: i32) -> i32 {
  %0 = func.call @odd(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @odd(%a: i32) -> i32 {
  %0 = func.call @even(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @ext(i32) -> i32
func.func private @deadA() { func.call @deadB() : () -> () return }
func.func private @deadB() { "test.b"() : () -> () return }
func.func @caller(%x: i32, %c: i1) -> i32 {
  %c3 = "tst.const"() {value = 3 : i32} : () -> i32
  %0 = func.call @add(%x, %c3) : (i32, i32) -> i32
  %1 = func.call @multi(%c, %0) : (i1, i32) -> i32
  %2 = func.call @rec(%1) : (i32) -> i32
  %3 = func.call @ext(%2) : (i32) -> i32
  %4 = func.call @twice(%3) : (i32) -> i32
  %5 = func.call @twice(%4) : (i32) -> i32
  "test.use"(%5) : (i32) -> ()
  return %5 : i32
}
`,
		`module {
  func.func @multi(%arg0: i1, %arg1: i32) -> i32 {
    %c = "tst.const"() {value = 0 : i32} : () -> i32
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    return %arg1 : i32
  ^bb2:  // pred: ^bb0
    return %c : i32
  }
  func.func @rec(%arg0: i32) -> i32 {
    %0 = call @rec(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func @even(%arg0: i32) -> i32 {
    %0 = call @odd(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @odd(%arg0: i32) -> i32 {
    %0 = call @odd(%arg0) : (i32) -> i32
    return %0 : i32
  }
  func.func private @ext(i32) -> i32
  func.func @caller(%arg0: i32, %arg1: i1) -> i32 {
    %c = "tst.const"() {value = 0 : i32} : () -> i32
    %c_0 = "tst.const"() {value = 3 : i32} : () -> i32
    %c_1 = "tst.const"() {value = 7 : i32} : () -> i32
    %0 = "tst.add"(%arg0, %c_0) : (i32, i32) -> i32
    %1 = "tst.mul"(%0, %c_1) : (i32, i32) -> i32
    cf.cond_br %arg1, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    cf.br ^bb3(%1 : i32)
  ^bb2:  // pred: ^bb0
    cf.br ^bb3(%c : i32)
  ^bb3(%2: i32):  // 2 preds: ^bb1, ^bb2
    %3 = call @rec(%2) : (i32) -> i32
    %4 = call @ext(%3) : (i32) -> i32
    %5 = "test.op"(%4) : (i32) -> i32
    %6 = "test.op"(%5) : (i32) -> i32
    "test.use"(%6) : (i32) -> ()
    return %6 : i32
  }
}`},
}
