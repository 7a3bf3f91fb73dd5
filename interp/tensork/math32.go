package tensork

import "math"

// Single-precision elementary functions for the hot f32 paths (softmax,
// sigmoid, tanh, GELU). They follow Cephes' expf/tanhf and are accurate to
// about 1-2 ulp over the whole range, like the SLEEF routines PyTorch's
// vectorized CPU kernels use. NaN, ±Inf, overflow and underflow behave as
// IEEE expf/tanhf do.

const (
	log2e32 = 1.44269504088896341
	ln2Hi32 = 0.693359375
	ln2Lo32 = -2.12194440e-4
	expMax  = 88.72283935546875 // above: +Inf
	expMin  = -103.972084       // below: +0
	// magic32 is 1.5·2^23: adding it to a float32 of magnitude below 2^22
	// rounds it to an integer (to nearest even) held in the low mantissa
	// bits, which avoids float↔int conversions in the range reduction.
	magic32     = 12582912.0
	magic32Bits = 0x4b400000
)

// exp32 returns e**x in float32.
func exp32(x float32) float32 {
	switch {
	case x != x:
		return x
	case x > expMax:
		return float32(math.Inf(1))
	case x < expMin:
		return 0
	}
	// x = n*ln2 + r, n = round(x/ln2), |r| <= ln2/2.
	f := x*log2e32 + magic32
	n := int32(math.Float32bits(f)) - magic32Bits
	fn := f - magic32
	r := x - fn*ln2Hi32
	r -= fn * ln2Lo32
	z := r * r
	p := ((((1.9875691500e-4*r+1.3981999507e-3)*r+8.3334519073e-3)*r+4.1665795894e-2)*r+1.6666665459e-1)*r + 5.0000001201e-1
	p = p*z + r + 1
	return ldexp32(p, n)
}

// ldexp32 returns p * 2**n for p in [0.5, 2) and n in [-151, 129].
func ldexp32(p float32, n int32) float32 {
	if n > 127 {
		p *= 2
		n--
	}
	if n < -126 {
		p *= math.Float32frombits(uint32(n+64+127) << 23)
		return p * math.Float32frombits(uint32(-64+127)<<23)
	}
	return p * math.Float32frombits(uint32(n+127)<<23)
}

// tanh32 returns tanh(x) in float32.
func tanh32(x float32) float32 {
	ax := x
	if ax < 0 {
		ax = -ax
	}
	if ax > 0.625 {
		if ax > 10 { // tanh rounds to ±1 in float32 (NaN fails this test)
			return float32(math.Copysign(1, float64(x)))
		}
		z := 1 - 2/(exp32(2*ax)+1)
		if x < 0 {
			z = -z
		}
		return z
	}
	if x != x {
		return x
	}
	z := x * x
	return ((((-5.70498872745e-3*z+2.06390887954e-2)*z-5.37397155531e-2)*z+1.33314422036e-1)*z-3.33332819422e-1)*z*x + x
}

// sigmoid32 returns 1/(1+e**-x) in float32.
func sigmoid32(x float32) float32 { return 1 / (1 + exp32(-x)) }

// expSplit returns e**v for a float64 v, accurate to about 1e-7 relative:
// exp32 of v rounded to float32, corrected by the rounding error (which is
// small, so e**lo ≈ 1 + lo).
func expSplit(v float64) float64 {
	hi := float32(v)
	e := exp32(hi)
	if e == 0 || e > math.MaxFloat32 || e != e {
		return float64(e)
	}
	return float64(e) * (1 + (v - float64(hi)))
}

// erfPoly returns erf(x)/x for |x| <= 1: a least-squares polynomial in x²
// (relative error below 2e-9).
func erfPoly(z2 float64) float64 {
	return (((((7.933381445604515e-05*z2-0.0008034813441033872)*z2+0.005191214648390002)*z2-0.026855397472906266)*z2+
		0.11283625675140528)*z2-0.37612629872467124)*z2 + 1.128379166591716
}

// erfcTail returns erfc(a) for a >= 1 as e**(-a²)·R(t), t = 1/(1+a/2), with
// R a least-squares polynomial (relative error below 5e-9, fitted on
// [0.9, 10.5]); the exponential makes the result accurate to ~1e-7.
func erfcTail(a float64) float64 {
	t := 1 / (1 + 0.5*a)
	r := ((((((((-0.06910116660874564*t+0.3321189819152334)*t-0.5812399331908609)*t+0.38025214673970104)*t-
		0.09385257727420607)*t+0.23041459263861153)*t+0.23595064074981362)*t+0.2834855289365896)*t+
		0.2819925578559194)*t + 3.286782469975047e-06
	return expSplit(-a*a) * r
}

// erf32 returns erf(x) for float32, within about 1 ulp.
func erf32(x float32) float32 {
	v := float64(x)
	a := math.Abs(v)
	switch {
	case a <= 1:
		return float32(v * erfPoly(v*v))
	case a >= 4: // erf rounds to ±1 in float32 (NaN fails both tests)
		return float32(math.Copysign(1, v))
	case v != v:
		return x
	}
	return float32(math.Copysign(1-erfcTail(a), v))
}

// gelu32 is GELU (approximate "none"), x·Φ(x) = x/2·(1+erf(x/√2)), for
// float32. 1+erf(z) is computed as erfc(-z) for negative z, so the
// negative tail keeps its relative accuracy (where 1+erf in float32 would
// cancel).
func gelu32(x float32) float32 {
	v := float64(x)
	z := v * (1 / math.Sqrt2)
	a := math.Abs(z)
	var c float64 // 1 + erf(z)
	switch {
	case a <= 1:
		c = 1 + z*erfPoly(z*z)
	case a >= 10:
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

// geluTanh32 is GELU (approximate "tanh") for float32, using the identity
// 1+tanh(u) = 2/(1+e**(-2u)), which does not cancel for negative u.
func geluTanh32(x float32) float32 {
	const beta = 0.7978845608028654 // √(2/π)
	v := float64(x)
	u := beta * (v + 0.044715*v*v*v)
	return float32(v / (1 + expSplit(-2*u)))
}

// expShifted sets dst[i] = e**(src[i] - m) and returns Σ dst[i] in float64,
// for a finite m that is at least every src[i] (so every argument is <= 0;
// the softmax case). It is exp32 inlined into the loop, without the
// checks such arguments do not need.
func expShifted(dst, src []float32, m float32) float64 {
	dst = dst[:len(src)]
	var s0, s1 float64
	for i, v := range src {
		x := v - m
		var e float32
		if x >= expMin {
			f := x*log2e32 + magic32
			n := int32(math.Float32bits(f)) - magic32Bits
			fn := f - magic32
			r := x - fn*ln2Hi32
			r -= fn * ln2Lo32
			z := r * r
			p := ((((1.9875691500e-4*r+1.3981999507e-3)*r+8.3334519073e-3)*r+4.1665795894e-2)*r+1.6666665459e-1)*r + 5.0000001201e-1
			p = p*z + r + 1
			if n >= -126 {
				e = p * math.Float32frombits(uint32(n+127)<<23)
			} else {
				e = ldexp32(p, n)
			}
		}
		dst[i] = e
		if i&1 == 0 {
			s0 += float64(e)
		} else {
			s1 += float64(e)
		}
	}
	return s0 + s1
}
