// Types of dialects tt does not know are kept as opaque text.
%0 = "test.o"() : () -> !foo.bar
%1 = "test.o"() : () -> !foo.baz<1, "two", [3]>
%2 = "test.o"() : () -> !foo.fn<(i32) -> i32>
%3 = "test.o"() : () -> tensor<4x!foo.elem>
"test.use"(%0, %1, %2, %3) : (!foo.bar, !foo.baz<1, "two", [3]>, !foo.fn<(i32) -> i32>, tensor<4x!foo.elem>) -> ()
