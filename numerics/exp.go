package numerics

import "math"

// ExpF32 follows Cephes' expf: x = n·ln2 + r with |r| <= ln2/2, e**r by a
// degree-7 polynomial, scaled by 2**n through the exponent bits.

const (
	log2e  = 1.44269504088896341
	ln2Hi  = 0.693359375
	ln2Lo  = -2.12194440e-4
	expMax = 88.72283935546875 // the largest x whose e**x is finite in float32
	expMin = -103.972084       // below: e**x rounds to +0
	// expFastLo and expFastHi bound the arguments whose result is found
	// with a single scaling by a normal power of two (n in [-126, 127]).
	expFastLo = -87.0
	expFastHi = 88.0
	// magic is 1.5·2^23: adding it to a float32 of magnitude below 2^22
	// rounds it to an integer (to nearest even) held in the low mantissa
	// bits, which avoids float↔int conversions in the range reduction.
	magic     = 12582912.0
	magicBits = 0x4b400000
)

// The coefficients of expPoly, highest degree first (Cephes' expf).
const (
	expP0 = 1.9875691500e-4
	expP1 = 1.3981999507e-3
	expP2 = 8.3334519073e-3
	expP3 = 4.1665795894e-2
	expP4 = 1.6666665459e-1
	expP5 = 5.0000001201e-1
)

// ExpF32 returns e**x, within 1 ulp of the exact result for normal results
// (a few ulp in the subnormal range, where the result has few bits).
// ExpF32(NaN) is NaN, ExpF32(+Inf) = +Inf, ExpF32(-Inf) = 0; results that overflow
// are +Inf.
func ExpF32(x float32) float32 {
	if x >= expFastLo && x <= expFastHi { // NaN fails
		f := float32(x*log2e) + magic
		n := int32(math.Float32bits(f)) - magicBits
		fn := f - magic
		r := x - float32(fn*ln2Hi)
		r -= float32(fn * ln2Lo)
		return float32(expPoly(r) * math.Float32frombits(uint32(n+127)<<23))
	}
	return expSlow(x)
}

// expPoly returns e**r for |r| <= ln2/2 (Cephes' expf polynomial).
func expPoly(r float32) float32 {
	p := float32(expP0*r) + expP1
	p = float32(p*r) + expP2
	p = float32(p*r) + expP3
	p = float32(p*r) + expP4
	p = float32(p*r) + expP5
	return float32(p*float32(r*r)) + r + 1
}

// expSlow is ExpF32 outside [expFastLo, expFastHi]: special values,
// overflow, and results near the float32 range's ends.
func expSlow(x float32) float32 {
	switch {
	case x != x:
		return x
	case x > expMax:
		return float32(math.Inf(1))
	case x < expMin:
		return 0
	}
	f := float32(x*log2e) + magic
	n := int32(math.Float32bits(f)) - magicBits
	fn := f - magic
	r := x - float32(fn*ln2Hi)
	r -= float32(fn * ln2Lo)
	return ldexp(expPoly(r), n)
}

// ldexp returns p * 2**n for p in [0.5, 2) and n in [-151, 128],
// correctly rounded: p·2**(n>>1) is exact (a normal number), and the
// second scaling by 2**(n - n>>1) rounds once. The vector forms scale the
// same way in every lane (ExpF32x8), whatever n.
func ldexp(p float32, n int32) float32 {
	h := n >> 1
	p *= math.Float32frombits(uint32(h+127) << 23)
	return float32(p * math.Float32frombits(uint32(n-h+127)<<23))
}

// SigmoidF32 is tt's sigmoid on f32 (tensor.sigmoid): exactly
// 1 / (1 + ExpF32(-x)), each step rounded to float32, which is what
// PyTorch computes on the CPU (ATen's float kernel, no special branch) and
// what the lowering's expansion negf, math.exp, addf, divf computes with
// ExpF32 for math.exp, so every level agrees bit for bit. Within 3 ulp of
// the exact logistic function for x >= -88.72; below, e**-x overflows to
// +Inf and the result is 0 where the exact value is a subnormal (PyTorch:
// torch.sigmoid(tensor(-90.)) = 0). SigmoidF32(NaN) is NaN,
// SigmoidF32(+Inf) = 1, SigmoidF32(-Inf) = 0.
func SigmoidF32(x float32) float32 {
	return 1 / (1 + ExpF32(-x))
}

// ExpShiftedF32 sets dst[i] = ExpF32(src[i] - m) for every i < len(src) and
// returns the sum of the results, accumulated in float64: the
// exponentials of a softmax row shifted by its maximum m. dst must be at
// least as long as src.
func ExpShiftedF32(dst, src []float32, m float32) float64 {
	dst = dst[:len(src)]
	var s0, s1 float64
	for i, v := range src {
		e := ExpF32(v - m)
		dst[i] = e
		if i&1 == 0 {
			s0 += float64(e)
		} else {
			s1 += float64(e)
		}
	}
	return s0 + s1
}
