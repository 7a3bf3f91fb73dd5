// Arrays and dictionaries, nested and empty; quoted keys.
"test.ad"() {a = [], b = [1, "two", 3.0, [4, [5]]], c = {}, d = {x = 1, y = {z = [true]}}, "quoted key" = 1, "a.b" = 2} : () -> ()
