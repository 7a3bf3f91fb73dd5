package f32math

import "math"

// Erf and the GELU functions compute in float64 with polynomial
// approximations (rounded once to float32 at the end); the GELU functions
// use Exp for the Gaussian factor of the tails, where they need erfc's
// relative accuracy.

// expSplit returns e**v for a float64 v, with a relative error below
// 2e-7 wherever the result is a normal float64: Exp of v rounded to
// float32, corrected by the rounding error (which is small, so e**lo ≈
// 1 + lo). Outside [-87, 88], where the float32 result would be subnormal
// or overflow, it squares e**(v/2); below -1000 it is 0, above 1000 +Inf.
func expSplit(v float64) float64 {
	if v >= -87 && v <= 88 {
		return expSplit1(v)
	}
	switch {
	case v != v:
		return v
	case v < -1000:
		return 0
	case v > 1000:
		return math.Inf(1)
	}
	h := expSplit1(0.5 * v)
	return float64(h * h)
}

// expSplit1 is expSplit for v whose float32 exponential is normal or
// overflows (then it returns +Inf).
func expSplit1(v float64) float64 {
	hi := float32(v)
	e := Exp(hi)
	if e == 0 || e > math.MaxFloat32 || e != e {
		return float64(e)
	}
	return float64(float64(e) * (1 + (v - float64(hi))))
}

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

// erfcTail returns erfc(a) for a >= 1 as e**(-a²)·R(t), t = 1/(1+a/2), with
// R a least-squares polynomial (relative error below 5e-9, fitted on
// [0.9, 10.5]); the exponential makes the result accurate to ~1e-7.
func erfcTail(a float64) float64 {
	t := 1 / (1 + float64(0.5*a))
	r := float64(-0.06910116660874564*t) + 0.3321189819152334
	r = float64(r*t) - 0.5812399331908609
	r = float64(r*t) + 0.38025214673970104
	r = float64(r*t) - 0.09385257727420607
	r = float64(r*t) + 0.23041459263861153
	r = float64(r*t) + 0.23595064074981362
	r = float64(r*t) + 0.2834855289365896
	r = float64(r*t) + 0.2819925578559194
	r = float64(r*t) + 3.286782469975047e-06
	return float64(expSplit(-float64(a*a)) * r)
}

// Erf returns the error function of x, within 1 ulp. Erf(±Inf) = ±1,
// Erf(NaN) is NaN, and the sign of zero is kept.
//
// x is not used after its conversion to float64, so that the compiler
// converts it in place: converting into another register would make the
// conversion wait for that register's last writer (amd64's CVTSS2SD
// merges into its destination), typically the previous call's result,
// and serialize consecutive calls.
func Erf(x float32) float32 {
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

// Gelu is GELU with approximate "none", x·Φ(x) = x/2·(1+erf(x/√2)),
// within 2 ulp (also in the subnormal results of the negative tail).
// Gelu(-Inf) is NaN (-Inf·0), as the formula gives in PyTorch. 1+erf(z) is computed as erfc(-z) for negative
// z, so the negative tail keeps its relative accuracy (where 1+erf in
// float32 would cancel).
func Gelu(x float32) float32 {
	v := float64(x)
	z := v * (1 / math.Sqrt2)
	a := math.Abs(z)
	var c float64 // 1 + erf(z)
	switch {
	case a <= 1:
		c = 1 + float64(z*erfPoly(float64(z*z)))
	case a >= 10.5: // erfc(a) < 2e-50: the result rounds to 2x or to 0
		if z > 0 {
			c = 2
		}
	case z > 0:
		c = 2 - erfcTail(a)
	case z < 0:
		c = erfcTail(a)
	default: // NaN
		return x
	}
	return float32(0.5 * v * c)
}

// GeluTanh is GELU with approximate "tanh", x/2·(1+tanh(√(2/π)·(x +
// 0.044715·x³))), computed with the identity 1+tanh(u) = 2/(1+e**(-2u)),
// which does not cancel for negative u; within 3 ulp (also in the
// negative tail, where e**(-2u) exceeds the float32 range). GeluTanh(-Inf)
// is NaN, as the formula gives in PyTorch.
func GeluTanh(x float32) float32 {
	const beta = 0.7978845608028654 // √(2/π)
	v := float64(x)
	u := beta * (v + float64(float64(float64(0.044715*v)*v)*v))
	return float32(v / (1 + expSplit(-2*u)))
}
