// Type attributes and (nested) symbol references, quoted symbol names.
"test.ts"() {a = i32, b = tensor<4xf32>, c = !foo.t, d = @sym, e = @outer::@inner, f = @a::@b::@c, g = @"with space", h = [@x, @y], i = (f32) -> f32} : () -> ()
