// A small module in MLIR syntax: tt-opt parses, verifies and prints it.
func.func private @scale(f32) -> f32

func.func @main(%x: f32, %y: f32) -> (f32, f32) {
  %0 = call @scale(%x) : (f32) -> f32
  %1 = call @scale(%y) : (f32) -> f32
  return %0, %1 : f32, f32
}
