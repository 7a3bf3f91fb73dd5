package numerics

import "math"

// The half-precision formats f16 (IEEE 754 binary16) and bf16 (bfloat16)
// are stored as their bit patterns. Tensor-level kernels compute them in
// float32 and round each result once, as PyTorch's CPU kernels do (c10::Half
// and c10::BFloat16 arithmetic goes through float); a float64 value
// becomes f16 through float32 (tensor.cast, as c10::Half's conversion),
// which can round twice. The arith level rounds float64 results to f16
// and bf16 once instead (arith.truncf, as APFloat), with ir.Float16Bits
// and ir.BFloat16Bits, which the constant folder uses too.

// F16ToF32 converts IEEE 754 half-precision bits to a float32 (exactly).
func F16ToF32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp == 0:
		if mant == 0 {
			return math.Float32frombits(sign)
		}
		// Subnormal: mant * 2^-24.
		e := uint32(127 - 14)
		for mant&0x400 == 0 {
			mant <<= 1
			e--
		}
		return math.Float32frombits(sign | e<<23 | (mant&0x3ff)<<13)
	}
	return math.Float32frombits(sign | (exp+112)<<23 | mant<<13)
}

// F32ToF16 rounds a float32 to IEEE half precision, to nearest with ties to
// even; values beyond the f16 range become infinities and NaNs become the
// quiet NaN 0x7e00 with the sign kept (as c10::Half does).
func F32ToF16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int32(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant != 0 {
			return sign | 0x7e00
		}
		return sign | 0x7c00
	}
	e := exp - 127 + 15
	if e >= 0x1f {
		return sign | 0x7c00
	}
	if e <= 0 {
		if e < -10 {
			return sign
		}
		full := mant | 0x800000
		shift := uint32(14 - e)
		r := full >> shift
		rem := full & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rem > half || (rem == half && r&1 == 1) {
			r++
		}
		return sign | uint16(r)
	}
	r := uint32(e)<<10 | mant>>13
	rem := mant & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && r&1 == 1) {
		r++ // a carry into the exponent is the correct rounding, up to infinity
	}
	return sign | uint16(r)
}

// BF16ToF32 converts bfloat16 bits to a float32 (exactly).
func BF16ToF32(h uint16) float32 { return math.Float32frombits(uint32(h) << 16) }

// F32ToBF16 rounds a float32 to bfloat16, to nearest with ties to even; NaNs
// become the quiet NaN 0x7fc0 (as c10::BFloat16 does).
func F32ToBF16(f float32) uint16 {
	b := math.Float32bits(f)
	if f != f {
		return 0x7fc0
	}
	b += 0x7fff + (b>>16)&1
	return uint16(b >> 16)
}
