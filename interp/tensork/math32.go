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
	// x = n*ln2 + r, |r| <= ln2/2.
	t := x*log2e32 + 0.5
	n := int32(t)
	if t < float32(n) {
		n-- // floor for negative t
	}
	fn := float32(n)
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
