package numerics

import "math"

// LogF32 follows Cephes' logf: x = 2**e · m with m in [√½, √2), log(m) =
// f - f²/2 + f³·P(f) for f = m - 1, and e·ln2 added in two parts.

const (
	sqrtHalf = 0.70710678118654752440
	// two23 scales subnormal arguments to normal ones.
	two23 = 8388608.0
)

// The coefficients of LogF32's polynomial P, highest degree first
// (Cephes' logf).
const (
	logP0 = 7.0376836292e-2
	logP1 = -1.1514610310e-1
	logP2 = 1.1676998740e-1
	logP3 = -1.2420140846e-1
	logP4 = 1.4249322787e-1
	logP5 = -1.6668057665e-1
	logP6 = 2.0000714765e-1
	logP7 = -2.4999993993e-1
	logP8 = 3.3333331174e-1
)

// LogF32 returns the natural logarithm of x, within 1 ulp of the exact
// result. LogF32(+Inf) = +Inf, LogF32(±0) = -Inf, LogF32(x < 0) = NaN, LogF32(NaN) is
// NaN.
func LogF32(x float32) float32 {
	b := math.Float32bits(x)
	var k int32
	switch {
	case b >= 0x7f800000: // +Inf, NaN, or the sign bit set (-0 and x < 0)
		if b == 0x7f800000 || x != x {
			return x
		}
		if b == 0x80000000 {
			return float32(math.Inf(-1))
		}
		return float32(math.NaN())
	case b == 0:
		return float32(math.Inf(-1))
	case b < 0x00800000: // subnormal
		x *= two23
		b = math.Float32bits(x)
		k = -23
	}
	// m in [1, 2) from the exponent bits, then into [√½, √2).
	k += int32(b>>23) - 127
	m := math.Float32frombits(b&0x007fffff | 0x3f800000)
	if m > 2*sqrtHalf {
		m *= 0.5
		k++
	}
	f := m - 1
	z := float32(f * f)
	y := float32(logP0*f) + logP1
	y = float32(y*f) + logP2
	y = float32(y*f) + logP3
	y = float32(y*f) + logP4
	y = float32(y*f) + logP5
	y = float32(y*f) + logP6
	y = float32(y*f) + logP7
	y = float32(y*f) + logP8
	y = float32(float32(y*f) * z)
	fk := float32(k)
	y += float32(fk * ln2Lo)
	y -= float32(0.5 * z)
	return f + y + float32(fk*ln2Hi)
}
