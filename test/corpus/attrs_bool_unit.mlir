// Booleans and unit attributes (written as bare keys).
"test.b"() {a = true, b = false, flag, c = unit} : () -> ()
