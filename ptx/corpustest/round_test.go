package corpustest

import (
	"math"
	"math/big"
	"math/bits"
	"testing"

	"github.com/tt-compiler/tt/runtime/npy"
)

// This file holds the exact arithmetic the references are written with:
// every IEEE operation is computed exactly (math/big) and rounded once,
// in the instruction's rounding mode, to the destination format. It is
// independent of the simulator's own implementation.

// rmode is an IEEE rounding direction.
type rmode int

const (
	rn rmode = iota // to nearest, ties to even
	rz              // toward zero
	ru              // toward +infinity
	rd              // toward -infinity
)

// modes lists the four directions in the order the corpus kernels use:
// _rn, _rz, _ru, _rd.
var modes = [4]rmode{rn, rz, ru, rd}

// format is a binary floating-point format.
type format struct {
	name      string
	prec      int     // significand bits, the implicit one included
	minExp    int     // exponent e (x = m·2^e, 0.5 ≤ |m| < 1) of the smallest normal number
	maxFinite float64 // largest finite value
}

var (
	f16  = format{"f16", 11, -13, 65504}
	bf16 = format{"bf16", 8, -125, 0x1.fep127}
	f32  = format{"f32", 24, -125, math.MaxFloat32}
	f64  = format{"f64", 53, -1021, math.MaxFloat64}
)

// exactPrec is the precision of exact intermediate results: the sum of
// two f64 values whose exponents differ by the whole f64 range, or an
// f64 product plus an f64, fit in it.
const exactPrec = 4096

func exact(v float64) *big.Float { return new(big.Float).SetPrec(exactPrec).SetFloat64(v) }

func exactAdd(a, b float64) *big.Float { return exact(a).Add(exact(a), exact(b)) }

func exactMul(a, b float64) *big.Float { return exact(a).Mul(exact(a), exact(b)) }

func exactFMA(a, b, c float64) *big.Float {
	p := exactMul(a, b)
	return p.Add(p, exact(c))
}

// inexactPrec is the precision of quotients and square roots before the
// sticky nudge of sticky().
const inexactPrec = 256

// exactQuo returns a/b truncated to inexactPrec bits, nudged by sticky so
// that rounding it to at most 54 bits gives the correctly rounded quotient
// in any direction. b must not be zero.
func exactQuo(a, b float64) *big.Float {
	q := new(big.Float).SetPrec(inexactPrec).SetMode(big.ToZero).Quo(exact(a), exact(b))
	back := new(big.Float).SetPrec(exactPrec).Mul(q, exact(b))
	return sticky(q, back.Cmp(exact(a)) == 0)
}

// exactSqrt returns sqrt(a) like exactQuo returns a quotient; a ≥ 0.
func exactSqrt(a float64) *big.Float {
	if a == 0 {
		return exact(a)
	}
	q := new(big.Float).SetPrec(inexactPrec).SetMode(big.ToZero).Sqrt(exact(a))
	back := new(big.Float).SetPrec(exactPrec).Mul(q, q)
	return sticky(q, back.Cmp(exact(a)) == 0)
}

// sticky returns q, or when q is not the exact value (isExact false) q
// moved away from zero by far less than its last bit: the exact value lies
// strictly between q and the next inexactPrec-bit number, so the nudged
// value rounds like it at any precision well below inexactPrec.
func sticky(q *big.Float, isExact bool) *big.Float {
	r := new(big.Float).SetPrec(exactPrec).Set(q)
	if isExact || q.Sign() == 0 {
		return r
	}
	tiny := new(big.Float).SetMantExp(big.NewFloat(float64(q.Sign())), q.MantExp(nil)-inexactPrec-8)
	return r.Add(r, tiny)
}

// roundTo rounds the finite exact value x to format f in mode m. The
// result is exact in a float64 (every format here fits in one). Overflow
// gives ±Inf or ±maxFinite as IEEE prescribes for the mode; results that
// round to zero keep the sign of x.
func roundTo(x *big.Float, f format, m rmode) float64 {
	if x.Sign() == 0 {
		if x.Signbit() {
			return math.Copysign(0, -1)
		}
		return 0
	}
	q := max(x.MantExp(nil), f.minExp) - f.prec
	i := roundInt(new(big.Float).SetMantExp(x, -q), m)
	r, _ := new(big.Float).SetMantExp(new(big.Float).SetInt(i), q).Float64()
	if math.Abs(r) > f.maxFinite {
		away := m == rn || m == ru && r > 0 || m == rd && r < 0
		if away {
			return math.Inf(x.Sign())
		}
		return math.Copysign(f.maxFinite, r)
	}
	if r == 0 && x.Sign() < 0 {
		return math.Copysign(0, -1)
	}
	return r
}

// roundInt rounds the finite exact value x to an integer in mode m.
func roundInt(x *big.Float, m rmode) *big.Int {
	i, acc := x.Int(nil) // toward zero
	if acc == big.Exact {
		return i
	}
	one := big.NewInt(int64(x.Sign()))
	switch m {
	case ru:
		if x.Sign() > 0 {
			i.Add(i, one)
		}
	case rd:
		if x.Sign() < 0 {
			i.Add(i, one)
		}
	case rn:
		frac := new(big.Float).SetPrec(exactPrec).Sub(x, new(big.Float).SetInt(i))
		frac.Abs(frac)
		switch c := frac.Cmp(big.NewFloat(0.5)); {
		case c > 0, c == 0 && i.Bit(0) == 1:
			i.Add(i, one)
		}
	}
	return i
}

// sumZero is IEEE 754's sign of an exact zero sum p + c, given the signs
// of the addends: -0 when both are negative, +0 when both are positive,
// and for opposite signs +0, except -0 when rounding toward -infinity.
func sumZero(pNeg, cNeg bool, m rmode) *big.Float {
	z := exact(0)
	if pNeg && cNeg || pNeg != cNeg && m == rd {
		z.Neg(z)
	}
	return z
}

// roundSum rounds the exact sum s of addends with the given signs.
func roundSum(s *big.Float, pNeg, cNeg bool, f format, m rmode) float64 {
	if s.Sign() == 0 {
		s = sumZero(pNeg, cNeg, m)
	}
	return roundTo(s, f, m)
}

// float32 and float64 operations in a rounding mode (NaN and infinite
// operands are the callers' business: the kernels' inputs are finite).
func add32(a, b float32, m rmode) float32 {
	return float32(roundSum(exactAdd(float64(a), float64(b)), math.Signbit(float64(a)), math.Signbit(float64(b)), f32, m))
}
func sub32(a, b float32, m rmode) float32 { return add32(a, -b, m) }
func mul32(a, b float32, m rmode) float32 {
	return float32(roundTo(exactMul(float64(a), float64(b)), f32, m))
}
func fma32(a, b, c float32, m rmode) float32 {
	return float32(fmaRound(float64(a), float64(b), float64(c), f32, m))
}

// fmaRound rounds a·b + c computed exactly.
func fmaRound(a, b, c float64, f format, m rmode) float64 {
	return roundSum(exactFMA(a, b, c), math.Signbit(a) != math.Signbit(b), math.Signbit(c), f, m)
}
func div32(a, b float32, m rmode) float32 {
	return float32(roundTo(exactQuo(float64(a), float64(b)), f32, m))
}
func sqrt32(a float32, m rmode) float32 { return float32(roundTo(exactSqrt(float64(a)), f32, m)) }

func add64(a, b float64, m rmode) float64 {
	return roundSum(exactAdd(a, b), math.Signbit(a), math.Signbit(b), f64, m)
}
func mul64(a, b float64, m rmode) float64    { return roundTo(exactMul(a, b), f64, m) }
func fma64(a, b, c float64, m rmode) float64 { return fmaRound(a, b, c, f64, m) }
func div64(a, b float64, m rmode) float64    { return roundTo(exactQuo(a, b), f64, m) }
func sqrt64(a float64, m rmode) float64      { return roundTo(exactSqrt(a), f64, m) }

// cvtFloat converts v to format f in mode m, passing NaN and infinities
// through.
func cvtFloat(v float64, f format, m rmode) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	return roundTo(exact(v), f, m)
}

// cvtInt converts v to an integer in [lo, hi] as PTX's cvt.rni/rzi/rpi/rmi
// do: rounded in mode m, clamped to the destination's range, NaN to 0.
func cvtInt(v float64, m rmode, lo, hi *big.Int) *big.Int {
	switch {
	case math.IsNaN(v):
		return new(big.Int)
	case math.IsInf(v, 1):
		return new(big.Int).Set(hi)
	case math.IsInf(v, -1):
		return new(big.Int).Set(lo)
	}
	i := roundInt(exact(v), m)
	if i.Cmp(lo) < 0 {
		return new(big.Int).Set(lo)
	}
	if i.Cmp(hi) > 0 {
		return new(big.Int).Set(hi)
	}
	return i
}

var (
	minI32 = big.NewInt(math.MinInt32)
	maxI32 = big.NewInt(math.MaxInt32)
	maxU32 = new(big.Int).SetUint64(math.MaxUint32)
	minI64 = big.NewInt(math.MinInt64)
	maxI64 = big.NewInt(math.MaxInt64)
	zero   = new(big.Int)
)

// f16Bits and bf16Bits encode a value of the format (as roundTo returns
// it, or NaN) into its bits.
func f16Bits(v float64) uint16 {
	if math.IsNaN(v) {
		return 0x7fff
	}
	return float32ToF16Exact(float32(v))
}

// float32ToF16Exact encodes a float32 that is exactly representable in
// f16 (or infinite) as f16 bits.
func float32ToF16Exact(v float32) uint16 {
	b := math.Float32bits(v)
	sign := uint16(b>>16) & 0x8000
	a := math.Abs(float64(v))
	switch {
	case math.IsInf(float64(v), 0):
		return sign | 0x7c00
	case a == 0:
		return sign
	case a < 0x1p-14: // subnormal: a = k·2^-24
		return sign | uint16(a*0x1p24)
	}
	e := int(b>>23&0xff) - 127
	return sign | uint16(e+15)<<10 | uint16(b>>13&0x3ff)
}

func f16Value(h uint16) float64 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	e, m := int(h>>10&0x1f), float64(h&0x3ff)
	switch e {
	case 0:
		return sign * m * 0x1p-24
	case 31:
		if m != 0 {
			return math.NaN()
		}
		return math.Inf(int(sign))
	}
	return sign * (1 + m/1024) * math.Ldexp(1, e-15)
}

func bf16Value(b uint16) float32 { return math.Float32frombits(uint32(b) << 16) }

// bf16Bits encodes a value exactly representable in bf16 (or NaN) into
// its bits.
func bf16Bits(v float64) uint16 {
	if math.IsNaN(v) {
		return 0x7fc0
	}
	return uint16(math.Float32bits(float32(v)) >> 16)
}

// ulp32 is the distance from |v| to the next float32 away from zero.
func ulp32(v float32) float64 {
	a := float32(math.Abs(float64(v)))
	return float64(math.Nextafter32(a, float32(math.Inf(1))) - a)
}

// mulHi64 is the high half of the signed 128-bit product of a and b.
func mulHi64(a, b int64) int64 {
	hi, _ := bits.Mul64(uint64(a), uint64(b))
	h := int64(hi)
	if a < 0 {
		h -= b
	}
	if b < 0 {
		h -= a
	}
	return h
}

// TestRoundToMatchesHardware checks roundTo against the rounding the Go
// runtime gets from the CPU: float32(x) of a float64 (round to nearest
// even, including subnormal and overflowing results), float32 and float64
// division and square root, and math.FMA.
func TestRoundToMatchesHardware(t *testing.T) {
	r := newRand(1)
	for i := range 20000 {
		// Finite f32 values (a few subnormal) and float64s.
		a := r.wideFloat64(-140, 120)
		b := r.wideFloat64(-140, 120)
		if got, want := float32(roundTo(exact(a), f32, rn)), float32(a); !sameBits32(got, want) {
			t.Fatalf("#%d: roundTo(%g, f32, rn) = %g, want %g", i, a, got, want)
		}
		a32, b32 := float32(a), float32(b)
		if got, want := div32(a32, b32, rn), a32/b32; !sameBits32(got, want) && !math.IsInf(float64(want), 0) {
			t.Fatalf("#%d: div32(%g, %g) = %g, want %g", i, a32, b32, got, want)
		}
		if got, want := sqrt32(float32(math.Abs(float64(a32))), rn), float32(math.Sqrt(math.Abs(float64(a32)))); !sameBits32(got, want) {
			t.Fatalf("#%d: sqrt32(|%g|) = %g, want %g", i, a32, got, want)
		}
		c := r.wideFloat64(-100, 100)
		if got, want := fma64(a, b, c, rn), math.FMA(a, b, c); got != want && !math.IsInf(want, 0) {
			t.Fatalf("#%d: fma64(%g, %g, %g) = %g, want %g", i, a, b, c, got, want)
		}
		if got, want := div64(a, b, rn), a/b; got != want {
			t.Fatalf("#%d: div64(%g, %g) = %g, want %g", i, a, b, got, want)
		}
	}
}

// TestRoundToDirected checks the directed modes on values whose roundings
// are known: each result brackets the exact value, adjacent results differ
// by one ulp, and a few hand-picked cases.
func TestRoundToDirected(t *testing.T) {
	tests := []struct {
		x    float64
		f    format
		m    rmode
		want float64
	}{
		{1 + 0x1p-24, f32, rn, 1},                     // tie, to even
		{1 + 0x1p-23 + 0x1p-24, f32, rn, 1 + 0x1p-22}, // tie, to even (up)
		{1 + 0x1p-30, f32, ru, 1 + 0x1p-23},
		{-1 - 0x1p-30, f32, ru, -1},
		{-1 - 0x1p-30, f32, rd, -1 - 0x1p-23},
		{1 - 0x1p-30, f32, rz, 1 - 0x1p-24},
		{0x1p-150, f32, rn, 0},                   // half the smallest subnormal: tie to even (0)
		{0x1p-150 + 0x1p-160, f32, rn, 0x1p-149}, // just above half
		{0x1p-160, f32, ru, 0x1p-149},
		{-0x1p-160, f32, ru, math.Copysign(0, -1)},
		{1e39, f32, rz, math.MaxFloat32},
		{1e39, f32, rn, math.Inf(1)},
		{-1e39, f32, ru, -math.MaxFloat32},
		{65519, f16, rn, 65504},       // below the overflow threshold 65520
		{65520, f16, rn, math.Inf(1)}, // at it
		{70000, f16, rz, 65504},
		{0x1p-25, f16, rn, 0}, // tie between 0 and the smallest subnormal 2^-24
		{0x1p-25 * 3, f16, rn, 0x1p-23},
		{1.00390625, bf16, rn, 1},        // 1 + 2^-8: tie, to even
		{1.01171875, bf16, rn, 1.015625}, // 1 + 3·2^-8: tie, to even (up)
		{1.00390625, bf16, ru, 1.0078125},
	}
	for _, tc := range tests {
		if got := roundTo(exact(tc.x), tc.f, tc.m); got != tc.want || math.Signbit(got) != math.Signbit(tc.want) {
			t.Errorf("roundTo(%g, %s, %d) = %g, want %g", tc.x, tc.f.name, tc.m, got, tc.want)
		}
	}
	r := newRand(2)
	for i := range 5000 {
		x := exactQuo(r.wideFloat64(-140, 120), r.wideFloat64(-20, 20))
		xv, _ := x.Float64()
		down, up := roundTo(x, f32, rd), roundTo(x, f32, ru)
		if down > xv || up < xv {
			t.Fatalf("#%d: rd/ru of %g = %g, %g do not bracket it", i, xv, down, up)
		}
		if down != up && float32(up) != math.Nextafter32(float32(down), float32(math.Inf(1))) {
			t.Fatalf("#%d: rd/ru of %g = %g, %g are not adjacent", i, xv, down, up)
		}
		if z := roundTo(x, f32, rz); math.Abs(z) > math.Abs(xv) {
			t.Fatalf("#%d: rz of %g = %g is larger in magnitude", i, xv, z)
		}
	}
}

// TestZeroSums checks the signs of exact zero sums against the CPU (round
// to nearest) and IEEE 754's rule for the other modes.
func TestZeroSums(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for _, tc := range []struct{ a, b float64 }{{3, -3}, {-3, 3}, {0, 0}, {negZero, negZero}, {0, negZero}, {negZero, 0}} {
		for _, m := range modes {
			got := add64(tc.a, tc.b, m)
			want := tc.a + tc.b // the CPU rounds to nearest
			if m == rd && got == 0 && !(math.Signbit(tc.a) == false && math.Signbit(tc.b) == false) {
				want = negZero
			}
			if got != 0 || math.Signbit(got) != math.Signbit(want) {
				t.Errorf("add64(%g, %g, %d) = %g, want %g", tc.a, tc.b, m, got, want)
			}
		}
	}
	if got := fma64(2, -3, 6, rd); !math.Signbit(got) || got != 0 {
		t.Errorf("fma64(2, -3, 6, rd) = %g, want -0", got)
	}
	if got := fma64(2, -3, 6, rn); math.Signbit(got) || got != 0 {
		t.Errorf("fma64(2, -3, 6, rn) = %g, want +0", got)
	}
}

// TestCvtInt checks the saturating float-to-integer conversion.
func TestCvtInt(t *testing.T) {
	tests := []struct {
		v    float64
		m    rmode
		want int64
	}{
		{2.5, rn, 2}, {3.5, rn, 4}, {-2.5, rn, -2}, {-0.5, rn, 0},
		{2.5, rz, 2}, {-2.5, rz, -2}, {2.1, ru, 3}, {-2.1, ru, -2}, {-2.1, rd, -3},
		{3e9, rn, math.MaxInt32}, {-3e9, rn, math.MinInt32},
		{math.NaN(), rn, 0}, {math.Inf(1), rz, math.MaxInt32}, {math.Inf(-1), rz, math.MinInt32},
	}
	for _, tc := range tests {
		if got := cvtInt(tc.v, tc.m, minI32, maxI32).Int64(); got != tc.want {
			t.Errorf("cvtInt(%g, %d) = %d, want %d", tc.v, tc.m, got, tc.want)
		}
	}
	if got := cvtInt(-0.7, rn, zero, maxU32).Int64(); got != 0 {
		t.Errorf("cvtInt(-0.7, rn, u32) = %d, want 0", got)
	}
}

// TestF16Bits checks the f16 decoder against runtime/npy's conversion and
// the encoder against the decoder, on every f16 bit pattern.
func TestF16Bits(t *testing.T) {
	for h := range 1 << 16 {
		v := f16Value(uint16(h))
		if math.IsNaN(v) {
			continue
		}
		if got := f16Bits(v); got != uint16(h) {
			t.Fatalf("f16Bits(f16Value(%#04x) = %g) = %#04x", h, v, got)
		}
		if want := npy.Float16ToFloat32(uint16(h)); float32(v) != want {
			t.Fatalf("f16Value(%#04x) = %g, runtime/npy says %g", h, v, want)
		}
	}
}

func sameBits32(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
}
