// none, complex and tuple types.
%0 = "test.misc"() : () -> none
%1 = "test.complex"() : () -> complex<f32>
%2 = "test.complex"() : () -> complex<i64>
%3 = "test.tuple"() : () -> tuple<>
%4 = "test.tuple"() : () -> tuple<i32, f32, tuple<index>>
"test.use"(%0, %1, %2, %3, %4) : (none, complex<f32>, complex<i64>, tuple<>, tuple<i32, f32, tuple<index>>) -> ()
