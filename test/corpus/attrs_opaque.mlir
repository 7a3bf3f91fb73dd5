// Attributes of unknown dialects are kept as opaque text.
"test.oa"() {a = #foo.bar, b = #foo.baz<1, "x", [2]>, c = #foo.nested<#foo.inner<3>>, d = affine_map<(d0, d1) -> (d0 + d1)>} : () -> ()
