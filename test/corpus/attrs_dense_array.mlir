// Dense arrays of every supported element type, including empty ones.
"test.da"() {a = array<i64: 1, 2, 3>, b = array<i32>, c = array<i1: true, false>, d = array<i8: -1, 127>, e = array<i16: 300>, f = array<f32: 1.0, 2.5>, g = array<f64: -0.5>} : () -> ()
