package sim

import (
	"math"
	"math/big"
)

// Rounding is a PTX floating-point rounding modifier (.rn, .rz, .rm, .rp).
type Rounding uint8

// The four IEEE 754 rounding directions PTX names.
const (
	RN Rounding = iota // to nearest, ties to even
	RZ                 // toward zero
	RM                 // toward minus infinity
	RP                 // toward plus infinity
)

// String returns the PTX modifier without its dot.
func (r Rounding) String() string {
	return [...]string{"rn", "rz", "rm", "rp"}[r]
}

// format describes a binary floating-point format narrower than float64.
type format struct {
	prec  int // significand bits including the implicit one
	emin  int // exponent of the smallest normal number
	emax  int // exponent of the largest finite number
	ebits int // width of the exponent field
	qnan  uint64
}

var (
	fmtF32  = format{prec: 24, emin: -126, emax: 127, ebits: 8, qnan: 0x7fffffff}
	fmtF16  = format{prec: 11, emin: -14, emax: 15, ebits: 5, qnan: 0x7fff}
	fmtBF16 = format{prec: 8, emin: -126, emax: 127, ebits: 8, qnan: 0x7fff}
	// tf32 keeps f32's layout with the low 13 significand bits zero; it is
	// rounded as a 11-bit-significand format and encoded as f32.
	fmtTF32 = format{prec: 11, emin: -126, emax: 127, ebits: 8, qnan: 0x7fffffff}
)

// roundToFormat rounds x to format f under mode m and returns the encoded
// bits (tf32 is returned in f32's encoding). x must be either the exact
// value or the value rounded to odd in float64: both round to the same
// result in any format of at most 51 significand bits (Boldo and
// Melquiond, 2008). NaNs become the format's canonical NaN.
func roundToFormat(x float64, f format, m Rounding) uint64 {
	mbits := f.prec - 1
	if f == fmtTF32 {
		mbits = 23
	}
	signShift := uint(f.ebits + mbits)
	if math.IsNaN(x) {
		return f.qnan
	}
	var sign uint64
	neg := math.Signbit(x)
	if neg {
		sign = 1 << signShift
	}
	expMask := uint64(1)<<f.ebits - 1
	if math.IsInf(x, 0) {
		return sign | expMask<<mbits
	}
	if x == 0 {
		return sign
	}
	// |x| = m53 · 2^e53 with m53 holding 53 significant bits.
	fr, ex := math.Frexp(math.Abs(x)) // |x| = fr·2^ex, fr in [0.5, 1)
	m53 := uint64(math.Ldexp(fr, 53))
	e53 := ex - 53
	top := ex - 1 // exponent of the leading bit
	q := max(top, f.emin) - (f.prec - 1)
	shift := q - e53
	var n uint64
	var inc bool
	if shift <= 0 {
		n = m53 << uint(-shift) // exact (only for formats as wide as float64)
	} else {
		var rem, half uint64
		if shift >= 60 {
			n, rem, half = 0, 1, 1<<62 // nonzero, below half
		} else {
			n = m53 >> uint(shift)
			rem = m53 & (1<<uint(shift) - 1)
			half = 1 << uint(shift-1)
		}
		switch m {
		case RN:
			inc = rem > half || rem == half && n&1 == 1
		case RP:
			inc = !neg && rem != 0
		case RM:
			inc = neg && rem != 0
		}
	}
	if inc {
		n++
	}
	if n == 1<<uint(f.prec) {
		n >>= 1
		q++
	}
	if n < 1<<uint(f.prec-1) { // subnormal or zero
		return sign | n<<uint(mbits-(f.prec-1))
	}
	e := q + f.prec - 1
	if e > f.emax {
		maxFinite := (expMask-1)<<mbits | (uint64(1)<<uint(f.prec-1)-1)<<uint(mbits-(f.prec-1))
		switch {
		case m == RN, m == RP && !neg, m == RM && neg:
			return sign | expMask<<mbits
		}
		return sign | maxFinite
	}
	bias := 1<<(f.ebits-1) - 1
	frac := (n & (1<<uint(f.prec-1) - 1)) << uint(mbits-(f.prec-1))
	return sign | uint64(e+bias)<<mbits | frac
}

// roundF32 rounds x (exact or rounded to odd) to float32 under m.
func roundF32(x float64, m Rounding) float32 {
	if m == RN {
		return float32(x)
	}
	return math.Float32frombits(uint32(roundToFormat(x, fmtF32, m)))
}

// oddStep turns the nearest-even result s of an operation whose exact
// value is s+err (err's sign is all that matters) into the result rounded
// to odd.
func oddStep(s float64, errSign int) float64 {
	if errSign == 0 || math.Float64bits(s)&1 == 1 || math.IsInf(s, 0) {
		return s
	}
	if errSign > 0 {
		return math.Nextafter(s, math.Inf(1))
	}
	return math.Nextafter(s, math.Inf(-1))
}

func sgn(x float64) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// addOdd returns a+b rounded to odd in float64 (TwoSum gives the exact
// error where the sum does not overflow).
func addOdd(a, b float64) float64 {
	s := a + b
	if math.IsInf(s, 0) || math.IsNaN(s) {
		return s
	}
	bb := s - a
	e := (a - (s - bb)) + (b - bb)
	return oddStep(s, sgn(e))
}

// divOdd returns a/b rounded to odd for operands of at most 24 significant
// bits and exponents within f32's range: the quotient is then a normal
// float64 and its remainder a - q·b is exact in float64.
func divOdd(a, b float64) float64 {
	q := a / b
	if q == 0 || math.IsInf(q, 0) || math.IsNaN(q) {
		return q
	}
	r := math.FMA(-q, b, a)
	return oddStep(q, sgn(r)*sgn(b))
}

// sqrtOdd returns sqrt(a) rounded to odd for a float32 value a.
func sqrtOdd(a float64) float64 {
	s := math.Sqrt(a)
	if s == 0 || math.IsInf(s, 0) || math.IsNaN(s) {
		return s
	}
	return oddStep(s, sgn(math.FMA(-s, s, a)))
}

// zeroSign fixes the sign of an exactly zero sum x+y: IEEE 754 gives +0
// for a sum of opposite-signed operands in every mode except toward minus
// infinity, which gives -0.
func zeroSign(x, y float64, m Rounding) float64 {
	if math.Signbit(x) && math.Signbit(y) {
		return math.Copysign(0, -1)
	}
	if !math.Signbit(x) && !math.Signbit(y) {
		return 0
	}
	if m == RM {
		return math.Copysign(0, -1)
	}
	return 0
}

// roundBig64 rounds z to float64 under m. z must be exact or carry a
// sticky bit far below float64's precision (see stickyQuo).
func roundBig64(z *big.Float, m Rounding) float64 {
	f, acc := z.Float64()
	if acc == big.Exact || m == RN {
		return f
	}
	switch m {
	case RZ:
		if z.Sign() > 0 && acc == big.Above || z.Sign() < 0 && acc == big.Below {
			return math.Nextafter(f, 0)
		}
	case RM:
		if acc == big.Above {
			return math.Nextafter(f, math.Inf(-1))
		}
	case RP:
		if acc == big.Below {
			return math.Nextafter(f, math.Inf(1))
		}
	}
	return f
}

const bigExactPrec = 3500 // holds a float64 product plus a float64 exactly (exponents 2^-2148 to 2^1024)

func bigOf(x float64) *big.Float { return new(big.Float).SetPrec(bigExactPrec).SetFloat64(x) }

// sticky marks an inexact truncated z by adding a unit far below
// float64's precision, so that z lies strictly inside the same rounding
// interval as the exact value.
func sticky(z *big.Float, acc big.Accuracy) *big.Float {
	if acc == big.Exact {
		return z
	}
	u := new(big.Float).SetPrec(bigExactPrec).SetMantExp(big.NewFloat(1), z.MantExp(nil)-201)
	if z.Sign() < 0 {
		u.Neg(u)
	}
	return new(big.Float).SetPrec(bigExactPrec).Add(z, u)
}

// Float64 arithmetic under a rounding mode. RN uses the hardware (Go's
// float64 operations are IEEE round to nearest even); the directed modes
// compute exactly with math/big, a rare path.

func addF64(a, b float64, m Rounding) float64 {
	if m == RN || math.IsNaN(a) || math.IsNaN(b) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a + b
	}
	if s := a + b; s == 0 && (a == -b) {
		return zeroSign(a, b, m)
	}
	return roundBig64(new(big.Float).SetPrec(bigExactPrec).Add(bigOf(a), bigOf(b)), m)
}

func mulF64(a, b float64, m Rounding) float64 {
	p := a * b
	if m == RN || a == 0 || b == 0 || math.IsNaN(p) || math.IsInf(a, 0) || math.IsInf(b, 0) {
		return p
	}
	return roundBig64(new(big.Float).SetPrec(bigExactPrec).Mul(bigOf(a), bigOf(b)), m)
}

func fmaF64(a, b, c float64, m Rounding) float64 {
	r := math.FMA(a, b, c)
	if m == RN || math.IsNaN(r) || math.IsInf(a, 0) || math.IsInf(b, 0) || math.IsInf(c, 0) {
		return r
	}
	p := new(big.Float).SetPrec(bigExactPrec).Mul(bigOf(a), bigOf(b))
	z := new(big.Float).SetPrec(bigExactPrec).Add(p, bigOf(c))
	if z.Sign() == 0 {
		if a == 0 || b == 0 {
			return zeroSign(a*b, c, m)
		}
		return zeroSign(1, -1, m)
	}
	return roundBig64(z, m)
}

func divF64(a, b float64, m Rounding) float64 {
	q := a / b
	if m == RN || a == 0 || math.IsNaN(q) || math.IsInf(a, 0) || math.IsInf(b, 0) || b == 0 {
		return q
	}
	z := new(big.Float).SetPrec(200).SetMode(big.ToZero)
	z.Quo(bigOf(a), bigOf(b))
	return roundBig64(sticky(z, z.Acc()), m)
}

func sqrtF64(a float64, m Rounding) float64 {
	s := math.Sqrt(a)
	if m == RN || s == 0 || math.IsNaN(s) || math.IsInf(s, 0) {
		return s
	}
	// Scale subnormal inputs so that the residual a - s² is exact.
	scale := 1.0
	if a < 0x1p-900 {
		a *= 0x1p200
		scale = 0x1p-100
		s = math.Sqrt(a)
	}
	r := math.FMA(-s, s, a)
	switch {
	case r < 0 && (m == RZ || m == RM):
		s = math.Nextafter(s, 0)
	case r > 0 && m == RP:
		s = math.Nextafter(s, math.Inf(1))
	}
	return s * scale
}

// Float32 arithmetic under a rounding mode: RN uses Go's float32
// operations (IEEE); the directed modes round the float64 result rounded
// to odd, which is correct for every mode.

func addF32(a, b float32, m Rounding) float32 {
	if m == RN {
		return a + b
	}
	x, y := float64(a), float64(b)
	s := addOdd(x, y)
	if s == 0 {
		s = zeroSign(x, y, m)
	}
	return roundF32(s, m)
}

func mulF32(a, b float32, m Rounding) float32 {
	if m == RN {
		return a * b
	}
	return roundF32(float64(a)*float64(b), m) // the product is exact
}

func fmaF32(a, b, c float32, m Rounding) float32 {
	x, y, z := float64(a), float64(b), float64(c)
	p := x * y
	if p+z == 0 && !math.IsNaN(p+z) {
		if p == 0 && z == 0 || p == -z {
			return float32(zeroSign(p, z, m))
		}
	}
	return roundF32(fmaOdd(x, y, z), m)
}

func divF32(a, b float32, m Rounding) float32 {
	if m == RN {
		return a / b
	}
	return roundF32(divOdd(float64(a), float64(b)), m)
}

func sqrtF32(a float32, m Rounding) float32 {
	if m == RN {
		return float32(math.Sqrt(float64(a))) // 53 ≥ 2·24+2: no double rounding
	}
	return roundF32(sqrtOdd(float64(a)), m)
}

// fmaOdd is a·b+c rounded to odd for operands of at most 26 significant
// bits (the product is exact in float64).
func fmaOdd(a, b, c float64) float64 {
	p := a * b
	s := p + c
	if math.IsInf(s, 0) || math.IsNaN(s) || math.IsInf(p, 0) {
		return s
	}
	bb := s - p
	e := (p - (s - bb)) + (c - bb)
	return oddStep(s, sgn(e))
}

// ftz32 flushes an f32 subnormal to zero of the same sign (.ftz).
func ftz32(x float32) float32 {
	b := math.Float32bits(x)
	if b&0x7f800000 == 0 {
		return math.Float32frombits(b & 0x80000000)
	}
	return x
}

// sat01 clamps to [0, 1] with NaN becoming +0 (.sat on floats).
func sat01(x float64) float64 {
	switch {
	case x != x:
		return 0
	case x <= 0:
		return 0 // -0 becomes +0 as well
	case x > 1:
		return 1
	}
	return x
}
