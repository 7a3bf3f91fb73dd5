// SSA and block names with all allowed characters; printing renumbers them.
%my.value$1 = "test.a"() : () -> i32
%with-dash = "test.b"(%my.value$1) : (i32) -> i32
%_underscore = "test.c"(%with-dash) : (i32) -> i32
"test.r"() ({
^entry.block(%arg-x: i32):
  "test.br"()[^next_1] : () -> ()
^next_1:
  "test.end"(%_underscore) : (i32) -> ()
}) : () -> ()
