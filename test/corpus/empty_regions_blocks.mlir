// Empty regions and empty blocks (an empty entry block is kept in generic form).
"test.empty_region"() ({
}) : () -> ()
"test.empty_block"() ({
^bb0:
}) : () -> ()
"test.two_empty"() ({
}, {
^bb0(%x: i32):
}) : () -> ()
