package numerics

import "math"

// The coefficients of TanhF32's odd polynomial for |x| <= 0.625, highest
// degree first (Cephes' tanhf).
const (
	tanhP0 = -5.70498872745e-3
	tanhP1 = 2.06390887954e-2
	tanhP2 = -5.37397155531e-2
	tanhP3 = 1.33314422036e-1
	tanhP4 = -3.33332819422e-1
)

// TanhF32's regimes: x itself below tanhTiny, the polynomial up to
// tanhSmall, the exponential form up to tanhOne, ±1 above.
const (
	tanhTiny  = 0x1p-12
	tanhSmall = 0.625
	tanhOne   = 10
)

// TanhF32 returns tanh(x), within 2 ulp of the exact result (Cephes' tanhf:
// an odd polynomial for |x| <= 0.625, 1 - 2/(e**2|x| + 1) above).
// TanhF32(±Inf) = ±1, TanhF32(NaN) is NaN, and the sign of zero is kept.
func TanhF32(x float32) float32 {
	ax := x
	if ax < 0 {
		ax = -ax
	}
	if ax > tanhSmall {
		if ax > tanhOne { // tanh rounds to ±1 in float32 (NaN fails this test)
			return float32(math.Copysign(1, float64(x)))
		}
		z := 1 - 2/(ExpF32(2*ax)+1)
		if x < 0 {
			z = -z
		}
		return z
	}
	if ax < tanhTiny || x != x { // tanh(x) rounds to x (and keeps -0)
		return x
	}
	z := float32(x * x)
	p := float32(tanhP0*z) + tanhP1
	p = float32(p*z) + tanhP2
	p = float32(p*z) + tanhP3
	p = float32(p*z) + tanhP4
	return float32(float32(p*z)*x) + x
}
