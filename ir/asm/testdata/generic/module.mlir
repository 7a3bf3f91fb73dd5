// An explicit module with nested modules and an isolated function.
"builtin.module"() ({
  "builtin.module"() ({
  ^bb0:
  }) {sym_name = "inner"} : () -> ()
  "func.func"() ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "test.add"(%arg0, %arg1) : (i32, i32) -> i32
    "func.return"(%0) : (i32) -> ()
  }) {function_type = (i32, i32) -> i32, sym_name = "add"} : () -> ()
  "func.func"() ({
  }) {function_type = () -> (), sym_name = "decl", sym_visibility = "private"} : () -> ()
}) {sym_name = "outer"} : () -> () loc("m.mlir":1:1)
