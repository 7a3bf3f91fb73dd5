// func.func custom forms: declarations, visibility, argument and result attributes, calls.
func.func private @decl(i32, f32) -> i32
func.func private @decl_attrs(i32 {foo.bar}, f32) -> (i32 {foo.res = 1 : i32})
func.func @no_results(%arg0: i32) {
  return
}
func.func @multi(%arg0: i32 {foo.arg}, %arg1: f32) -> (i32, f32) attributes {foo.fnattr = "x"} {
  %0 = call @decl(%arg0, %arg1) : (i32, f32) -> i32
  %1 = func.call @decl(%0, %arg1) : (i32, f32) -> i32
  return %1, %arg1 : i32, f32
}
func.func nested @nested_vis() {
  return
}
