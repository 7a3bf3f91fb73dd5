// Multi-result ops, %x:N definitions and %x#i uses, several result names.
%0:3 = "test.three"() : () -> (i32, f32, index)
%a, %b:2 = "test.split"() : () -> (i1, i8, i16)
"test.use"(%0#0, %0#2, %a, %b#1) : (i32, index, i1, i16) -> ()
