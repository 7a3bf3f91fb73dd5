// Function types as values and as attributes, including nested function types.
"test.fn"() {a = () -> (), b = (i32) -> i32, c = (i32, f32) -> (i32, f32), d = (i32) -> ((i32) -> i32), e = ((i32) -> i32) -> ()} : () -> ()
%0 = "test.fnval"() : () -> ((f32) -> f32)
"test.use"(%0) : ((f32) -> f32) -> ()
