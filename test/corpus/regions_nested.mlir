// Nested regions, several regions per op, sibling scopes reusing names.
%0 = "test.outer"() ({
  %1 = "test.inner"() ({
    %2 = "test.leaf"() : () -> i32
    "test.yield"(%2) : (i32) -> ()
  }) : () -> i32
  "test.yield"(%1) : (i32) -> ()
}, {
  %1 = "test.other"() : () -> i32
  "test.yield"(%1) : (i32) -> ()
}, {
}) : () -> i32
"test.use"(%0) : (i32) -> ()
