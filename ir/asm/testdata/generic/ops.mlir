// Result groups, operand lists with #N, successors, regions, attributes.
%0:3 = "test.three"() : () -> (i32, f32, index)
%a, %b:2 = "test.split"() {"quoted key" = 5 : i8, unit_entry, z = -3, y = 0x10 : i64} : () -> (i1, i8, i16)
"test.use"(%0#0, %0#2, %a, %b#1) : (i32, index, i1, i16) -> ()
"test.region_op"(%0#1) ({
^bb0(%x: f32 loc("arg.py":1:1), %y: i32):
  %s = "test.add"(%x, %x) : (f32, f32) -> f32
  "test.br"(%s)[^bb1] : (f32) -> ()
^bb1(%z: f32 loc(unknown)):  // a comment after the label
  "test.cond_br"(%y)[^bb1, ^bb2] : (i32) -> ()
^bb2:
  "test.return"() : () -> ()
}, {
  "test.inner"() ({
    "test.deeper"() ({
    ^entry:
      "test.yield"() : () -> ()
    }) : () -> ()
  }) : () -> ()
}, {
}) {attr = [1, [2, [3]]], nested = {k = {kk = true}}} : (f32) -> ()
"test.forward"() ({
  "test.use_later"(%later) : (i64) -> ()
  %later = "test.def"() : () -> i64
}) : () -> ()
"test.fn_types"() {t1 = (i32, f32) -> (), t2 = () -> (i32, i64), t3 = (i1) -> ((i1) -> i1)} : () -> ()
