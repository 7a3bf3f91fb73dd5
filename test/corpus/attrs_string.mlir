// String attributes with escapes and non-ASCII bytes, and typed strings.
"test.s"() {a = "plain", b = "quote \" and backslash \\", c = "newline\ntab\t", d = "hex \00\FF\7F", e = "", f = "caf\C3\A9", g = "typed" : i32} : () -> ()
