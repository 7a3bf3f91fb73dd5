package numerics

import "math"

// ErfF32 computes in float64 with polynomial approximations, rounded once
// to float32 at the end. The GELU functions are the decomposition's
// formulas on top of ErfF32 and TanhF32.

// erfPoly returns erf(x)/x for |x| <= 1, given z2 = x²: a least-squares
// polynomial in x² (relative error below 2e-9).
func erfPoly(z2 float64) float64 {
	p := float64(7.933381445604515e-05*z2) - 0.0008034813441033872
	p = float64(p*z2) + 0.005191214648390002
	p = float64(p*z2) - 0.026855397472906266
	p = float64(p*z2) + 0.11283625675140528
	p = float64(p*z2) - 0.37612629872467124
	return float64(p*z2) + 1.128379166591716
}

// ErfF32 returns the error function of x, within 1 ulp. ErfF32(±Inf) = ±1,
// ErfF32(NaN) is NaN, and the sign of zero is kept.
//
// x is not used after its conversion to float64, so that the compiler
// converts it in place: converting into another register would make the
// conversion wait for that register's last writer (amd64's CVTSS2SD
// merges into its destination), typically the previous call's result,
// and serialize consecutive calls.
func ErfF32(x float32) float32 {
	v := float64(x)
	a := math.Abs(v)
	switch {
	case a <= 1:
		return float32(v * erfPoly(float64(v*v)))
	case a >= 4: // erf rounds to ±1 in float32 (NaN fails both tests)
		return float32(math.Copysign(1, v))
	case v != v:
		return float32(v) // (x itself would keep x live, see below)
	}
	return float32(math.Copysign(erfMid(a), v))
}

// erfMid returns erf(a) for 1 < a < 4: polynomials in a - c, c the middle
// of [1, 2), [2, 3) and [3, 4) (Chebyshev fits, absolute error below
// 3e-10, 0.005 ulp of the float32 results).
func erfMid(a float64) float64 {
	switch {
	case a < 2:
		t := a - 1.5
		p := float64(0.0015553907845944762*t) - 0.0024021882670341764
		p = float64(p*t) - 0.004709593935184524
		p = float64(p*t) + 0.019333558749802502
		p = float64(p*t) - 0.01486926067382483
		p = float64(p*t) - 0.044599468498182596
		p = float64(p*t) + 0.13875209686532508
		p = float64(p*t) - 0.17839541546606563
		p = float64(p*t) + 0.11893028875994793
		p = float64(p*t) + 0.9661051463841244
		return p
	case a < 3:
		t := a - 2.5
		p := float64(-0.00024593799388214076*t) + 0.00030636597472052853
		p = float64(p*t) + 0.000541381603941271
		p = float64(p*t) - 0.00280823902650405
		p = float64(p*t) + 0.006117443103189499
		p = float64(p*t) - 0.00862151451669042
		p = float64(p*t) + 0.008350086541338056
		p = float64(p*t) - 0.005445737328999964
		p = float64(p*t) + 0.0021782842454354076
		p = float64(p*t) + 0.9995930481161879
		return p
	default:
		t := a - 3.5
		p := float64(-3.677014886317323e-05*t) + 6.688991685333916e-05
		p = float64(p*t) - 7.727948027216625e-05
		p = float64(p*t) + 8.048177535027349e-05
		p = float64(p*t) - 6.774990370388557e-05
		p = float64(p*t) + 4.240912184073615e-05
		p = float64(p*t) - 1.8897393251306687e-05
		p = float64(p*t) + 5.397295845086658e-06
		p = float64(p*t) + 0.9999992569016276
		return p
	}
}

// The constants of the GELU formulas, which the decomposition of
// tensor.gelu (dialects/tensor) uses too.
const (
	// GeluInvSqrt2 is 1/√2, the scale of erf's argument.
	GeluInvSqrt2 = 1 / math.Sqrt2
	// GeluTanhBeta is √(2/π), the scale of tanh's argument.
	GeluTanhBeta = 0.7978845608028654
	// GeluTanhCubic is the coefficient of x³ in tanh's argument.
	GeluTanhCubic = 0.044715
)

// GeluF32 is tensor.gelu with approximate "none" on f32: x/2·(1 +
// erf(x/√2)) computed as the decomposition of tensor.gelu writes it,
// (x·0.5)·(1 + ErfF32(x·c)) with c = 1/√2 rounded to float32, every step
// rounded to float32, so that the interpreter and the lowered code (the
// decompose pass, then the loop level's ErfF32) agree bit for bit. It is
// PyTorch's formula (ATen's float gelu kernel): within 2 ulp for x > -1,
// and like PyTorch it loses relative accuracy in the negative tail, where
// 1 + erf(z) cancels: below x ≈ -5.4 the result is -0 (the exact value is
// above -2e-7; PyTorch 1.13 gives 0 or a few-ulp-wrong value there too).
// GeluF32(-Inf) is NaN (-Inf·0) and GeluF32(NaN) is NaN.
func GeluF32(x float32) float32 {
	half := float32(x * 0.5)
	return half * (1 + ErfF32(float32(x*float32(GeluInvSqrt2))))
}

// GeluTanhF32 is tensor.gelu with approximate "tanh" on f32: x/2·(1 +
// tanh(√(2/π)·(x + 0.044715·x³))), as the decomposition writes it:
// (x·0.5)·(1 + TanhF32(c·(x + 0.044715·((x·x)·x)))), with the constants
// rounded to float32 and every step rounded to float32 (PyTorch's formula).
// In the negative tail tanh rounds to -1 and the result to -0 (below x ≈
// -5.2); GeluTanhF32(-Inf) is NaN.
func GeluTanhF32(x float32) float32 {
	cube := float32(float32(x*x) * x)
	poly := x + float32(float32(GeluTanhCubic)*cube)
	half := float32(x * 0.5)
	return half * (1 + TanhF32(float32(float32(GeluTanhBeta)*poly)))
}

// GeluF64 is tensor.gelu with approximate "none" on f64, the formula of
// GeluF32 in float64 with math.Erf.
func GeluF64(x float64) float64 {
	half := float64(x * 0.5)
	return half * (1 + math.Erf(float64(x*GeluInvSqrt2)))
}

// GeluTanhF64 is tensor.gelu with approximate "tanh" on f64, the formula
// of GeluTanhF32 in float64 with math.Tanh.
func GeluTanhF64(x float64) float64 {
	cube := float64(float64(x*x) * x)
	poly := x + float64(GeluTanhCubic*cube)
	half := float64(x * 0.5)
	return half * (1 + math.Tanh(float64(GeluTanhBeta*poly)))
}
