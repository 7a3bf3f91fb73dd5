package numerics

import "math"

// TanhF32 returns tanh(x), within 2 ulp of the exact result (Cephes' tanhf:
// an odd polynomial for |x| <= 0.625, 1 - 2/(e**2|x| + 1) above).
// TanhF32(±Inf) = ±1, TanhF32(NaN) is NaN, and the sign of zero is kept.
func TanhF32(x float32) float32 {
	ax := x
	if ax < 0 {
		ax = -ax
	}
	if ax > 0.625 {
		if ax > 10 { // tanh rounds to ±1 in float32 (NaN fails this test)
			return float32(math.Copysign(1, float64(x)))
		}
		z := 1 - 2/(ExpF32(2*ax)+1)
		if x < 0 {
			z = -z
		}
		return z
	}
	if ax < 0x1p-12 || x != x { // tanh(x) rounds to x (and keeps -0)
		return x
	}
	z := float32(x * x)
	p := float32(-5.70498872745e-3*z) + 2.06390887954e-2
	p = float32(p*z) - 5.37397155531e-2
	p = float32(p*z) + 1.33314422036e-1
	p = float32(p*z) - 3.33332819422e-1
	return float32(float32(p*z)*x) + x
}
