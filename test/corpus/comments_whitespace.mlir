// Comments, blank lines and unusual spacing are accepted.

// a comment before an op
%0 = "test.a"()   :   ()   ->   i32   // trailing comment
%1
  =
  "test.b"
  (%0)
  :
  (i32)
  ->
  i32
"test.c"(%1) : (i32) -> ()
