// Type and attribute aliases are resolved at parse time.
!vec = vector<4xf32>
!pair = tuple<!vec, !vec>
#one = 1 : i32
#arr = [#one, #one]
%0 = "test.a"() {x = #one, y = #arr} : () -> !vec
"test.b"(%0) : (!vec) -> !pair
