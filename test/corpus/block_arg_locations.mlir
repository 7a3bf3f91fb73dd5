// Block arguments with locations.
"test.r"() ({
^bb0(%a: i32 loc("a.py":1:1), %b: f32 loc(unknown)):
  "test.use"(%a, %b) : (i32, f32) -> ()
}) : () -> ()
