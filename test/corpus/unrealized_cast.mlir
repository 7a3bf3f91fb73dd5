// builtin.unrealized_conversion_cast custom form (no operands, several results).
func.func @cast(%arg0: i32) -> f32 {
  %0 = builtin.unrealized_conversion_cast %arg0 : i32 to f32
  %1:2 = builtin.unrealized_conversion_cast to i8, i16
  %2 = builtin.unrealized_conversion_cast %arg0, %1#0 : i32, i8 to f32
  return %0 : f32
}
