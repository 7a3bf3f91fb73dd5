// Ops with nothing, successors only, regions only, attributes only.
"test.nothing"() : () -> ()
"test.attrs_only"() {a = 1} : () -> ()
"test.regions_only"() ({
  "test.in"() : () -> ()
}) : () -> ()
