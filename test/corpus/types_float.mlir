// Floating-point types.
"test.floats"() : () -> (f16, bf16, f32, f64, f80, f128)
