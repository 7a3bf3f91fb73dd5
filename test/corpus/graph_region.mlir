// The module body is a graph region: uses may come before definitions.
"test.use"(%late) : (i32) -> ()
%late = "test.def"() : () -> i32
