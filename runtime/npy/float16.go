package npy

import (
	"math"
	"math/bits"
)

// Float16ToFloat32 converts IEEE 754 half-precision bits to a float32. The
// conversion is exact: subnormals, signed zeros and infinities map to the
// same values, and a NaN keeps its sign and payload (shifted into the top
// of the float32 significand), as numpy does.
func Float16ToFloat32(h uint16) float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h>>10) & 0x1f
	mant := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f: // infinity or NaN
		return math.Float32frombits(sign | 0x7f800000 | mant<<13)
	case exp != 0: // normal
		return math.Float32frombits(sign | (exp+127-15)<<23 | mant<<13)
	case mant == 0: // signed zero
		return math.Float32frombits(sign)
	}
	// Subnormal: mant * 2^-24. Normalize so the top set bit becomes the
	// implicit bit of the float32.
	top := uint32(bits.Len32(mant) - 1) // 0..9
	return math.Float32frombits(sign | (top+127-24)<<23 | (mant<<(23-top))&0x7fffff)
}

// Float32ToFloat16 converts a float32 to IEEE 754 half-precision bits,
// rounding to nearest with ties to even. Values too large for float16
// become infinities, values too small become signed zeros or subnormals,
// and NaNs stay NaN, keeping the sign and the top bits of the payload, as
// numpy does.
func Float32ToFloat16(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int(b>>23) & 0xff
	mant := b & 0x7fffff
	if exp == 0xff {
		if mant == 0 {
			return sign | 0x7c00 // infinity
		}
		h := uint16(mant >> 13)
		if h == 0 {
			h = 1 // the payload was only in the dropped bits: stay NaN
		}
		return sign | 0x7c00 | h
	}
	e := exp - 127 + 15 // biased float16 exponent
	switch {
	case e >= 0x1f:
		return sign | 0x7c00 // overflow
	case e >= 1:
		// Normal: drop 13 significand bits. A carry out of the
		// significand correctly bumps the exponent, up to infinity.
		h := uint32(e)<<10 | mant>>13
		return sign | uint16(roundShifted(h, mant&0x1fff, 13))
	case e < -10:
		// Below half the smallest subnormal (2^-25): rounds to zero.
		// (float32 subnormals land here too.)
		return sign
	}
	// Subnormal result: the value is m * 2^(e-25) with the implicit bit
	// restored; in units of 2^-24 that is m >> (14 - e).
	m := mant | 0x800000
	shift := uint(14 - e) // 14..24
	return sign | uint16(roundShifted(m>>shift, m&(1<<shift-1), shift))
}

// roundShifted rounds q, the result of shifting a value right by shift
// bits, to nearest even, given the bits rem that were shifted out.
func roundShifted(q, rem uint32, shift uint) uint32 {
	half := uint32(1) << (shift - 1)
	if rem > half || rem == half && q&1 == 1 {
		q++
	}
	return q
}
