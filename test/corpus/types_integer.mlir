// Integer and index types of every signedness, including edge widths.
"test.ints"() : () -> (i1, i8, i16, i32, i64, i128, si8, ui8, si64, ui64, index, i0, i17)
