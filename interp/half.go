package interp

import "github.com/tt-compiler/tt/numerics"

// The f16 and bf16 conversions are numerics' (see numerics.F32ToF16 for
// the rounding rules); these names keep the interpreter's API.

// F16ToF32 converts IEEE 754 half-precision bits to a float32 (exactly).
func F16ToF32(h uint16) float32 { return numerics.F16ToF32(h) }

// F32ToF16 rounds a float32 to IEEE half precision (numerics.F32ToF16).
func F32ToF16(f float32) uint16 { return numerics.F32ToF16(f) }

// BF16ToF32 converts bfloat16 bits to a float32 (exactly).
func BF16ToF32(h uint16) float32 { return numerics.BF16ToF32(h) }

// F32ToBF16 rounds a float32 to bfloat16 (numerics.F32ToBF16).
func F32ToBF16(f float32) uint16 { return numerics.F32ToBF16(f) }

// halfToF32 returns the widening function of a half DType.
func halfToF32(d DType) func(uint16) float32 {
	if d == BF16 {
		return BF16ToF32
	}
	return F16ToF32
}

// f32ToHalf returns the rounding function of a half DType.
func f32ToHalf(d DType) func(float32) uint16 {
	if d == BF16 {
		return F32ToBF16
	}
	return F32ToF16
}
