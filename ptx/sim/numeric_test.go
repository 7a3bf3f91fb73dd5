package sim

import (
	"math"
	"math/big"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/tt-compiler/tt/numerics"
)

var modes = []Rounding{RN, RZ, RM, RP}

// exact returns x as a big.Float with enough precision for exact sums
// and products of float64 values.
func exact(x float64) *big.Float { return new(big.Float).SetPrec(3500).SetFloat64(x) }

// refQuo and refSqrt return a value inside the same float64/float32
// rounding interval as the true quotient or root: the truncation to 3000
// bits, moved off any representable value when inexact.
func refQuo(a, b float64) *big.Float {
	z := new(big.Float).SetPrec(3500).SetMode(big.ToZero).Quo(exact(a), exact(b))
	return nudge(z, z.Acc() != big.Exact)
}

func refSqrt(a float64) *big.Float {
	z := new(big.Float).SetPrec(3500).SetMode(big.ToZero).Sqrt(exact(a))
	sq := new(big.Float).SetPrec(7100).Mul(z, z)
	return nudge(z, sq.Cmp(exact(a)) != 0)
}

func nudge(z *big.Float, inexact bool) *big.Float {
	if !inexact || z.Sign() == 0 {
		return z
	}
	u := new(big.Float).SetPrec(3500).SetMantExp(big.NewFloat(1), z.MantExp(nil)-2990)
	if z.Sign() < 0 {
		u.Neg(u)
	}
	return new(big.Float).SetPrec(3600).Add(z, u)
}

// refRound32 rounds z to float32 under m through math/big's
// nearest-even conversion and its accuracy report.
func refRound32(z *big.Float, m Rounding) float32 {
	f, acc := z.Float32()
	switch {
	case acc == big.Exact || m == RN:
		return f
	case m == RZ && (z.Sign() > 0 && acc == big.Above || z.Sign() < 0 && acc == big.Below):
		return float32(math.Nextafter32(f, 0))
	case m == RM && acc == big.Above:
		return math.Nextafter32(f, float32(math.Inf(-1)))
	case m == RP && acc == big.Below:
		return math.Nextafter32(f, float32(math.Inf(1)))
	}
	return f
}

func refRound64(z *big.Float, m Rounding) float64 { return roundBig64Ref(z, m) }

func roundBig64Ref(z *big.Float, m Rounding) float64 {
	f, acc := z.Float64()
	switch {
	case acc == big.Exact || m == RN:
		return f
	case m == RZ && (z.Sign() > 0 && acc == big.Above || z.Sign() < 0 && acc == big.Below):
		return math.Nextafter(f, 0)
	case m == RM && acc == big.Above:
		return math.Nextafter(f, math.Inf(-1))
	case m == RP && acc == big.Below:
		return math.Nextafter(f, math.Inf(1))
	}
	return f
}

// randF32Wide draws float32 values over the whole exponent range, with
// subnormals, zeros of both signs, and values near powers of two.
func randF32Wide(r *rand.Rand) float32 {
	switch r.IntN(10) {
	case 0:
		return math.Float32frombits(r.Uint32() & 0x807fffff) // subnormal
	case 1:
		return float32(math.Copysign(0, float64(r.IntN(2)*2-1)))
	case 2:
		return math.Float32frombits(r.Uint32()&0x80000000 | uint32(r.IntN(254)+1)<<23 | uint32(r.IntN(4)))
	}
	for {
		x := math.Float32frombits(r.Uint32())
		if !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) {
			return x
		}
	}
}

func randF32Near(r *rand.Rand, x float32) float32 {
	// An operand with a close exponent, so that sums cancel and products
	// stay in range.
	e := math.Float32bits(x) >> 23 & 0xff
	e = uint32(max(1, min(254, int(e)+r.IntN(50)-25)))
	return math.Float32frombits(r.Uint32()&0x807fffff | e<<23)
}

func same32(a, b float32) bool {
	return math.Float32bits(a) == math.Float32bits(b) || a != a && b != b
}

func same64(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || a != a && b != b
}

// TestF32Rounding checks f32 add, sub, mul, fma, div and sqrt in every
// rounding mode against math/big.
func TestF32Rounding(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for i := 0; i < 8000; i++ {
		a := randF32Wide(r)
		b := randF32Wide(r)
		if r.IntN(2) == 0 {
			b = randF32Near(r, a)
		}
		c := randF32Near(r, a*b)
		if r.IntN(3) == 0 {
			c = -a * b // near-total cancellation
		}
		x, y, z := float64(a), float64(b), float64(c)
		p := new(big.Float).SetPrec(3500).Mul(exact(x), exact(y))
		refs := []struct {
			op  string
			ref *big.Float
			f   func(Rounding) float32
		}{
			{"add", new(big.Float).SetPrec(3500).Add(exact(x), exact(y)), func(m Rounding) float32 { return addF32(a, b, m) }},
			{"sub", new(big.Float).SetPrec(3500).Sub(exact(x), exact(y)), func(m Rounding) float32 { return addF32(a, -b, m) }},
			{"mul", p, func(m Rounding) float32 { return mulF32(a, b, m) }},
			{"fma", new(big.Float).SetPrec(3500).Add(p, exact(z)), func(m Rounding) float32 { return fmaF32(a, b, c, m) }},
		}
		if b != 0 {
			refs = append(refs, struct {
				op  string
				ref *big.Float
				f   func(Rounding) float32
			}{"div", refQuo(x, y), func(m Rounding) float32 { return divF32(a, b, m) }})
		}
		if a > 0 && i%4 == 0 {
			refs = append(refs, struct {
				op  string
				ref *big.Float
				f   func(Rounding) float32
			}{"sqrt", refSqrt(x), func(m Rounding) float32 { return sqrtF32(a, m) }})
		}
		for _, rf := range refs {
			if rf.ref.Sign() == 0 {
				continue // signed-zero rules are tested separately
			}
			for _, m := range modes {
				got, want := rf.f(m), refRound32(rf.ref, m)
				if !same32(got, want) {
					t.Fatalf("%s.%s(%g, %g, %g) = %g (%#x), want %g (%#x)", rf.op, m, a, b, c, got,
						math.Float32bits(got), want, math.Float32bits(want))
				}
			}
		}
	}
}

// TestF32FMADoubleRounding is the case where float32(math.FMA(...))
// rounds twice: a·b + c = 1 + 2^-24 + 2^-54 lies just above the midpoint
// of 1 and 1+2^-23, but float64 rounds it onto the midpoint, which then
// ties to the even 1.
func TestF32FMADoubleRounding(t *testing.T) {
	a := float32(0x1p-4 * (1 + 0x1p-11 + 0x1p-23))
	b := float32(0x1p-4 * (1 - 0x1p-11 + 0x1p-23))
	c := float32(1 - 0x1p-8 + 0x1p-24)
	want := float32(1 + 0x1p-23)
	if got := fmaF32(a, b, c, RN); got != want {
		t.Fatalf("fma.rn.f32 = %.10g, want %.10g", got, want)
	}
	if naive := float32(math.FMA(float64(a), float64(b), float64(c))); naive != 1 {
		t.Fatalf("the crafted case does not double-round: float32(math.FMA) = %.10g", naive)
	}
}

func TestSignedZeros(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	for _, m := range modes {
		wantCancel := float32(0)
		if m == RM {
			wantCancel = negZero
		}
		if got := addF32(1.5, -1.5, m); !same32(got, wantCancel) {
			t.Errorf("add.%s(1.5, -1.5) = %v (sign %v)", m, got, math.Signbit(float64(got)))
		}
		if got := fmaF32(2, 3, -6, m); !same32(got, wantCancel) {
			t.Errorf("fma.%s(2, 3, -6) = %v", m, got)
		}
		if got := addF32(negZero, negZero, m); !same32(got, negZero) {
			t.Errorf("add.%s(-0, -0) = %v", m, got)
		}
		if got := addF64(1.5, -1.5, m); !same64(got, float64(wantCancel)) {
			t.Errorf("add.%s.f64(1.5, -1.5) = %v", m, got)
		}
	}
}

func randF64Wide(r *rand.Rand) float64 {
	switch r.IntN(8) {
	case 0:
		return math.Float64frombits(r.Uint64() & 0x800fffffffffffff)
	case 1:
		return math.Float64frombits(r.Uint64()&0x800fffffffffffff | uint64(r.IntN(60)+990)<<52)
	}
	for {
		x := math.Float64frombits(r.Uint64())
		if !math.IsNaN(x) && !math.IsInf(x, 0) {
			return x
		}
	}
}

func TestF64Rounding(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	for i := 0; i < 2000; i++ {
		a, b := randF64Wide(r), randF64Wide(r)
		if r.IntN(2) == 0 {
			b = a * (1 + r.Float64()*1e-3) * float64(r.IntN(3)-1)
		}
		c := randF64Wide(r)
		p := new(big.Float).SetPrec(3500).Mul(exact(a), exact(b))
		type ref struct {
			op  string
			ref *big.Float
			f   func(Rounding) float64
		}
		refs := []ref{
			{"add", new(big.Float).SetPrec(3500).Add(exact(a), exact(b)), func(m Rounding) float64 { return addF64(a, b, m) }},
			{"mul", p, func(m Rounding) float64 { return mulF64(a, b, m) }},
			{"fma", new(big.Float).SetPrec(3500).Add(p, exact(c)), func(m Rounding) float64 { return fmaF64(a, b, c, m) }},
		}
		if b != 0 {
			refs = append(refs, ref{"div", refQuo(a, b), func(m Rounding) float64 { return divF64(a, b, m) }})
		}
		if a > 0 && i%4 == 0 {
			refs = append(refs, ref{"sqrt", refSqrt(a), func(m Rounding) float64 { return sqrtF64(a, m) }})
		}
		for _, rf := range refs {
			if rf.ref.Sign() == 0 {
				continue
			}
			for _, m := range modes {
				if got, want := rf.f(m), refRound64(rf.ref, m); !same64(got, want) {
					t.Fatalf("%s.%s.f64(%g, %g, %g) = %g, want %g", rf.op, m, a, b, c, got, want)
				}
			}
		}
	}
}

// halfValues lists every finite non-negative value of a 16-bit format.
func halfValues(t Type) []float64 {
	var out []float64
	for b := 0; b < 0x8000; b++ {
		v := toF64(t, uint64(b))
		if !math.IsInf(v, 0) && v == v {
			out = append(out, v)
		}
	}
	sort.Float64s(out)
	return out
}

// refHalf rounds x to a 16-bit format by searching its sorted values.
func refHalf(vals []float64, t Type, x float64, m Rounding) uint64 {
	neg := math.Signbit(x)
	ax := math.Abs(x)
	if neg { // mirror the directed modes
		switch m {
		case RM:
			m = RP
		case RP:
			m = RM
		}
	}
	maxV := vals[len(vals)-1]
	i := sort.SearchFloat64s(vals, ax) // vals[i] >= ax
	var r float64
	switch {
	case i < len(vals) && vals[i] == ax:
		r = ax
	case i == len(vals): // beyond the largest finite value
		ulp := maxV - vals[len(vals)-2]
		switch {
		case m == RZ || m == RM:
			r = maxV
		case m == RP:
			r = math.Inf(1)
		case ax >= maxV+ulp/2:
			r = math.Inf(1)
		default:
			r = maxV
		}
	default:
		lo, hi := vals[i-1], vals[i]
		switch m {
		case RZ, RM:
			r = lo
		case RP:
			r = hi
		default:
			switch d1, d2 := ax-lo, hi-ax; {
			case d1 < d2:
				r = lo
			case d2 < d1:
				r = hi
			default: // tie: the even significand
				if fromF64(t, lo, RZ)&1 == 0 {
					r = lo
				} else {
					r = hi
				}
			}
		}
	}
	if neg {
		r = -r
	}
	return fromF64(t, r, RZ) // r is representable
}

// TestHalfConversions checks cvt to f16 and bf16 from f32 in every mode
// against a search of all 16-bit values.
func TestHalfConversions(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for _, ht := range []Type{TF16, TBF16} {
		vals := halfValues(ht)
		for i := 0; i < 30000; i++ {
			var x float32
			if ht == TF16 {
				x = float32(math.Ldexp(r.Float64()*2-1, r.IntN(46)-28))
			} else {
				x = randF32Wide(r)
			}
			for _, m := range modes {
				got := Cvt(ht, TF32, uint64(math.Float32bits(x)), CvtMode{Round: m})
				want := refHalf(vals, ht, float64(x), m)
				if got != want {
					t.Fatalf("cvt.%s.%s.f32(%g) = %#04x, want %#04x", m, ht, x, got, want)
				}
			}
		}
		// Round trips are exact.
		for b := uint64(0); b < 0x10000; b++ {
			f := Cvt(TF32, ht, b, CvtMode{})
			if back := Cvt(ht, TF32, f, CvtMode{Round: RN}); back != b && !isNaNBits(ht, b) {
				t.Fatalf("%s %#04x -> f32 -> %#04x", ht, b, back)
			}
		}
	}
	if got := numerics.F16ToF32(uint16(Cvt(TF16, TF32, uint64(math.Float32bits(65520)), CvtMode{Round: RN}))); !math.IsInf(float64(got), 1) {
		t.Errorf("cvt.rn.f16.f32(65520) = %v, want +Inf", got)
	}
}

func TestCvtIntFloat(t *testing.T) {
	f32 := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	f64 := func(x float64) uint64 { return math.Float64bits(x) }
	ir := func(m Rounding) CvtMode { return CvtMode{Round: m, IntRound: true} }
	cases := []struct {
		name     string
		dst, src Type
		x        uint64
		m        CvtMode
		want     uint64
	}{
		{"rni tie even", TS32, TF32, f32(2.5), ir(RN), 2},
		{"rni tie even neg", TS32, TF32, f32(-2.5), ir(RN), uint64(uint32(0xfffffffe))},
		{"rzi", TS32, TF32, f32(-2.7), ir(RZ), uint64(uint32(0xfffffffe))},
		{"rmi", TS32, TF32, f32(-2.1), ir(RM), uint64(uint32(0xfffffffd))},
		{"rpi", TS32, TF32, f32(2.1), ir(RP), 3},
		{"NaN to 0", TS32, TF32, f32(float32(math.NaN())), ir(RN), 0},
		{"saturate high", TS32, TF32, f32(3e9), ir(RZ), 0x7fffffff},
		{"saturate low", TS32, TF32, f32(-3e9), ir(RZ), 0x80000000},
		{"unsigned negative", TU32, TF32, f32(-5), ir(RZ), 0},
		{"u64 saturate", TU64, TF64, f64(1e30), ir(RZ), math.MaxUint64},
		{"s64 saturate", TS64, TF64, f64(-1e30), ir(RZ), 1 << 63},
		{"u8 saturate", TU8, TF32, f32(300), ir(RN), 255},
		{"s8 saturate", TS8, TF32, f32(-300), ir(RN), 0x80},
		{"s32 to f32 rn", TF32, TS32, uint64(uint32(16777217)), CvtMode{Round: RN}, f32(16777216)},
		{"s32 to f32 rp", TF32, TS32, uint64(uint32(16777217)), CvtMode{Round: RP}, f32(16777218)},
		{"s32 to f32 rm neg", TF32, TS32, uint64(uint32(0xff000001)) /* -16777215 */, CvtMode{Round: RM}, f32(-16777215)},
		{"u64 to f64 rz", TF64, TU64, 1<<63 + 1, CvtMode{Round: RZ}, f64(0x1p63)},
		{"u64 to f64 rp", TF64, TU64, 1<<63 + 1, CvtMode{Round: RP}, f64(0x1p63 + 0x1p11)},
		{"s16 sign", TS32, TS16, 0x8000, CvtMode{}, 0xffff8000},
		{"u16 zero", TU32, TU16, 0x8000, CvtMode{}, 0x8000},
		{"s32 to s64", TS64, TS32, 0xfffffffe, CvtMode{}, math.MaxUint64 - 1},
		{"u32 to u64", TU64, TU32, 0xfffffffe, CvtMode{}, 0xfffffffe},
		{"sat s32->u8", TU8, TS32, uint64(uint32(0xffffffff)), CvtMode{Sat: true}, 0},
		{"sat u32->s8", TS8, TU32, 200, CvtMode{Sat: true}, 127},
		{"trunc s32->u8", TU8, TS32, 0x1ff, CvtMode{}, 0xff},
		{"f64 to f32 rz", TF32, TF64, f64(1 + 0x1p-30), CvtMode{Round: RZ}, f32(1)},
		{"f64 to f32 rp", TF32, TF64, f64(1 + 0x1p-30), CvtMode{Round: RP}, f32(1 + 0x1p-23)},
		{"f64 to f32 rz overflow", TF32, TF64, f64(1e300), CvtMode{Round: RZ}, f32(math.MaxFloat32)},
		{"f32 ftz", TF64, TF32, 1, CvtMode{FTZ: true}, 0},
		{"f32 sat", TF32, TF32, f32(1.5), CvtMode{Sat: true}, f32(1)},
		{"f32 rni to f32", TF32, TF32, f32(2.5), ir(RN), f32(2)},
		{"f32 rmi to f32", TF32, TF32, f32(-0.5), ir(RM), f32(-1)},
	}
	for _, c := range cases {
		if got := Cvt(c.dst, c.src, c.x, c.m); got != c.want {
			t.Errorf("%s: cvt.%s.%s(%#x) = %#x, want %#x", c.name, c.dst, c.src, c.x, got, c.want)
		}
	}
}

func TestIntegerSemantics(t *testing.T) {
	u := func(x int64) uint64 { return uint64(x) }
	cases := []struct {
		name string
		got  uint64
		want uint64
	}{
		{"div.s32 min/-1", DivInt(TS32, 0x80000000, 0xffffffff), 0x80000000},
		{"rem.s32 min/-1", RemInt(TS32, 0x80000000, 0xffffffff), 0},
		{"div.s32 by 0", DivInt(TS32, 5, 0), 0xffffffff},
		{"div.u32 by 0", DivInt(TU32, 5, 0), 0xffffffff},
		{"rem.s32 by 0", RemInt(TS32, u(-5)&0xffffffff, 0), u(-5) & 0xffffffff},
		{"div.s32 trunc", DivInt(TS32, u(-7)&0xffffffff, 2), u(-3) & 0xffffffff},
		{"rem.s32 sign", RemInt(TS32, u(-7)&0xffffffff, 2), u(-1) & 0xffffffff},
		{"div.s64", DivInt(TS64, u(-100), 7), u(-14)},
		{"shl 32", Shl(TB32, 1, 32), 0},
		{"shl 100", Shl(TB32, 1, 100), 0},
		{"shr.u32 32", Shr(TU32, 0x80000000, 32), 0},
		{"shr.s32 40", Shr(TS32, 0x80000000, 40), 0xffffffff},
		{"shr.s32 40 pos", Shr(TS32, 0x7fffffff, 40), 0},
		{"shr.s64 64", Shr(TS64, 1<<63, 64), math.MaxUint64},
		{"shl.b64 63", Shl(TB64, 1, 63), 1 << 63},
		{"shl amount is 32-bit", Shl(TB64, 1, 1<<32|1), 2},
		{"mul.hi.s32", MulHi(TS32, u(-3)&0xffffffff, 0x40000000), u(-1) & 0xffffffff},
		{"mul.hi.u32", MulHi(TU32, 0xffffffff, 0xffffffff), 0xfffffffe},
		{"mul.hi.s64", MulHi(TS64, u(-1), u(-1)), 0},
		{"mul.hi.s64 neg", MulHi(TS64, u(-2), 1<<62), u(-1)},
		{"mul.hi.u64", MulHi(TU64, math.MaxUint64, 2), 1},
		{"mul.wide.s32", MulWide(TS32, u(-2)&0xffffffff, 3), u(-6)},
		{"mul.wide.u32", MulWide(TU32, 0xffffffff, 2), 0x1fffffffe},
		{"mul.wide.s16", MulWide(TS16, 0x8000, 0x8000), 0x40000000},
		{"popc", Popc(TB64, 0xf0f0), 8},
		{"clz 0", Clz(TB32, 0), 32},
		{"clz", Clz(TB32, 1), 31},
		{"clz.b64", Clz(TB64, 1<<40), 23},
		{"brev", Brev(TB32, 1), 0x80000000},
		{"brev.b64", Brev(TB64, 3), 0xc000000000000000},
		{"bfe.u32", Bfe(TU32, 0xabcd1234, 8, 8), 0x12},
		{"bfe.s32 sign", Bfe(TS32, 0x00008000, 8, 8), 0xffffff80},
		{"bfe.u32 len 0", Bfe(TU32, 0xffffffff, 4, 0), 0},
		{"bfe.u32 past end", Bfe(TU32, 0xf0000000, 28, 8), 0xf},
		{"bfe.s32 past end", Bfe(TS32, 0xf0000000, 28, 8), 0xffffffff},
		{"bfe.s32 pos beyond", Bfe(TS32, 0x80000000, 40, 4), 0xffffffff},
		{"bfi", Bfi(TB32, 0xff, 0x12345678, 8, 8), 0x1234ff78},
		{"bfi clipped", Bfi(TB32, 0xff, 0, 28, 8), 0xf0000000},
		{"bfi len 0", Bfi(TB32, 0xff, 7, 8, 0), 7},
		{"prmt default", Prmt(PrmtDefault, 0x33221100, 0x77665544, 0x7531), 0x77553311},
		{"prmt sign replicate", Prmt(PrmtDefault, 0x000080ff, 0, 0x4489), 0x0000ffff},
		{"prmt f4e 1", Prmt(PrmtF4E, 0x33221100, 0x77665544, 1), 0x44332211},
		{"prmt b4e 1", Prmt(PrmtB4E, 0x33221100, 0x77665544, 1), 0x66770011},
		{"prmt rc8 2", Prmt(PrmtRC8, 0x33221100, 0, 2), 0x22222222},
		{"prmt ecl 1", Prmt(PrmtECL, 0x33221100, 0, 1), 0x33221111},
		{"prmt ecr 2", Prmt(PrmtECR, 0x33221100, 0, 2), 0x22221100},
		{"prmt rc16 1", Prmt(PrmtRC16, 0x33221100, 0, 1), 0x33223322},
		{"copysign", Copysign(TF32, 0x80000000, 0x3f800000), 0xbf800000},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s = %#x, want %#x", c.name, c.got, c.want)
		}
	}
}

func TestCompareUnordered(t *testing.T) {
	nan := uint64(math.Float32bits(float32(math.NaN())))
	one := uint64(math.Float32bits(1))
	two := uint64(math.Float32bits(2))
	for _, c := range []struct {
		op   CmpOp
		a, b uint64
		want bool
	}{
		{CmpEQ, nan, nan, false}, {CmpNE, nan, one, false}, {CmpNEU, nan, one, true},
		{CmpEQU, nan, one, true}, {CmpLTU, nan, one, true}, {CmpLT, nan, one, false},
		{CmpLTU, one, two, true}, {CmpGTU, one, two, false}, {CmpGEU, two, two, true},
		{CmpLEU, two, one, false}, {CmpNUM, one, two, true}, {CmpNUM, one, nan, false},
		{CmpNAN, nan, one, true}, {CmpNAN, one, two, false}, {CmpNE, one, two, true},
	} {
		if got := Compare(c.op, TF32, c.a, c.b); got != c.want {
			t.Errorf("setp.%s.f32(%#x, %#x) = %v, want %v", cmpNames[c.op], c.a, c.b, got, c.want)
		}
	}
	if !Compare(CmpLT, TS32, 0xffffffff, 0) || Compare(CmpLO, TU32, 0xffffffff, 0) || !Compare(CmpHI, TU32, 0xffffffff, 0) {
		t.Error("signed/unsigned integer comparisons")
	}
}

func TestFloatMinMaxTestp(t *testing.T) {
	b := func(x float32) uint64 { return uint64(math.Float32bits(x)) }
	nan := b(float32(math.NaN()))
	negZero := b(float32(math.Copysign(0, -1)))
	if FMin(TF32, nan, b(3), false) != b(3) || FMax(TF32, b(3), nan, false) != b(3) {
		t.Error("min/max with one NaN return the other operand")
	}
	if FMin(TF32, b(0), negZero, false) != negZero || FMax(TF32, negZero, b(0), false) != b(0) {
		t.Error("min/max order -0 below +0")
	}
	if FMin(TF32, nan, b(3), true) != 0x7fffffff {
		t.Error("min.NaN propagates a canonical NaN")
	}
	if !Testp(TestpSubnormal, TF32, 1) || Testp(TestpNormal, TF32, 1) || !Testp(TestpNotANumber, TF32, nan) ||
		!Testp(TestpInfinite, TF32, b(float32(math.Inf(-1)))) || Testp(TestpFinite, TF32, nan) || !Testp(TestpNormal, TF32, b(1)) {
		t.Error("testp")
	}
}

// TestApproxBounds measures the .approx functions against float64
// references with the bounds this simulator documents (its results are
// the float64 functions rounded once, well inside the ISA's bounds).
func TestApproxBounds(t *testing.T) {
	sinCosBound := math.Pow(2, -20.9) // the ISA's absolute error bound of sin/cos.approx
	r := rand.New(rand.NewPCG(27, 28))
	ulp := func(got float32, want float64) float64 {
		w := float32(want)
		u := math.Abs(float64(math.Nextafter32(w, float32(math.Inf(1)))) - float64(w))
		return math.Abs(float64(got)-want) / u
	}
	for i := 0; i < 20000; i++ {
		x := float32(r.Float64()*200 - 100)
		if e := ulp(Ex2Approx(x), math.Exp2(float64(x))); e > 1 && !math.IsInf(math.Exp2(float64(x)), 0) && math.Exp2(float64(x)) > 0x1p-126 {
			t.Fatalf("ex2.approx(%v) is %.2f ulp off", x, e)
		}
		if x > 0 {
			if d := math.Abs(float64(Lg2Approx(x)) - math.Log2(float64(x))); d > 0x1p-22 && d > 1e-7*math.Abs(math.Log2(float64(x))) {
				t.Fatalf("lg2.approx(%v) is off by %g", x, d)
			}
			if e := ulp(RsqrtApprox(x), 1/math.Sqrt(float64(x))); e > 1 {
				t.Fatalf("rsqrt.approx(%v) is %.2f ulp off", x, e)
			}
		}
		if d := math.Abs(float64(SinApprox(x)) - math.Sin(float64(x))); d > sinCosBound {
			t.Fatalf("sin.approx(%v) is off by %g", x, d)
		}
		if d := math.Abs(float64(CosApprox(x)) - math.Cos(float64(x))); d > sinCosBound {
			t.Fatalf("cos.approx(%v) is off by %g", x, d)
		}
		if want := math.Tanh(float64(x)); math.Abs(float64(TanhApprox(x))-want) > 0x1p-11*math.Abs(want) {
			t.Fatalf("tanh.approx(%v) beyond 2^-11 relative", x)
		}
		y := float32(r.Float64()*20 - 10)
		if y != 0 {
			if e := ulp(DivApprox(x, y, false), float64(x)/float64(y)); e > 2 {
				t.Fatalf("div.approx(%v, %v) is %.2f ulp off", x, y, e)
			}
		}
	}
	if DivApprox(1, 0x1p127, false) != 0 || DivApprox(1, 0x1p127, true) == 0 {
		t.Error("div.approx flushes a quotient by |b| > 2^126 to zero; div.full does not")
	}
}

// TestMmaLayouts checks that every fragment layout covers each matrix
// element exactly once and that Mma computes A·B + C.
func TestMmaLayouts(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 30))
	for _, c := range []struct {
		shape MmaShape
		elem  Type
	}{{MmaShape{16, 8, 16}, TF16}, {MmaShape{16, 8, 8}, TF16}, {MmaShape{16, 8, 16}, TBF16},
		{MmaShape{16, 8, 8}, TBF16}, {MmaShape{16, 8, 8}, TTF32}, {MmaShape{16, 8, 4}, TTF32}} {
		lay, err := mmaLayoutFor(c.shape, c.elem)
		if err != nil {
			t.Fatal(err)
		}
		M, N, K := c.shape.M, c.shape.N, c.shape.K
		seenA := map[[2]int]int{}
		seenB := map[[2]int]int{}
		seenC := map[[2]int]int{}
		for lane := 0; lane < 32; lane++ {
			for i := 0; i < lay.aRegs*lay.perReg; i++ {
				row, col := lay.aCoord(lane>>2, lane&3, i)
				seenA[[2]int{row, col}]++
			}
			for i := 0; i < lay.bRegs*lay.perReg; i++ {
				row, col := lay.bCoord(lane>>2, lane&3, i)
				seenB[[2]int{row, col}]++
			}
			for i := 0; i < 4; i++ {
				row, col := cCoord(lane>>2, lane&3, i)
				seenC[[2]int{row, col}]++
			}
		}
		for name, s := range map[string]struct {
			m    map[[2]int]int
			r, c int
		}{"A": {seenA, M, K}, "B": {seenB, K, N}, "C": {seenC, M, N}} {
			if len(s.m) != s.r*s.c {
				t.Errorf("%v %s: fragment %s covers %d elements, want %d", c.shape, c.elem, name, len(s.m), s.r*s.c)
			}
			for k, n := range s.m {
				if n != 1 || k[0] >= s.r || k[1] >= s.c {
					t.Errorf("%v %s: fragment %s element %v covered %d times", c.shape, c.elem, name, k, n)
				}
			}
		}
		// Random matrices, scattered into fragments, multiplied.
		A := make([][]float64, M)
		enc := func(v float64) uint32 { return uint32(fromF64(c.elem, v, RN)) }
		var fa [32][4]uint32
		var fb [32][2]uint32
		var fc [32][4]uint32
		for i := range A {
			A[i] = make([]float64, K)
			for k := range A[i] {
				A[i][k] = float64(r.IntN(17) - 8)
			}
		}
		B := make([][]float64, K)
		for k := range B {
			B[k] = make([]float64, N)
			for j := range B[k] {
				B[k][j] = float64(r.IntN(17)-8) / 4
			}
		}
		for lane := 0; lane < 32; lane++ {
			g, tig := lane>>2, lane&3
			for i := 0; i < lay.aRegs*lay.perReg; i++ {
				row, col := lay.aCoord(g, tig, i)
				fa[lane][i/lay.perReg] |= enc(A[row][col]) << (16 * uint(i%lay.perReg))
			}
			for i := 0; i < lay.bRegs*lay.perReg; i++ {
				row, col := lay.bCoord(g, tig, i)
				fb[lane][i/lay.perReg] |= enc(B[row][col]) << (16 * uint(i%lay.perReg))
			}
			for i := 0; i < 4; i++ {
				row, col := cCoord(g, tig, i)
				fc[lane][i] = math.Float32bits(float32(row*10 + col))
			}
		}
		D, err := Mma(c.shape, c.elem, fa, fb, fc)
		if err != nil {
			t.Fatal(err)
		}
		for lane := 0; lane < 32; lane++ {
			for i := 0; i < 4; i++ {
				row, col := cCoord(lane>>2, lane&3, i)
				want := float64(row*10 + col)
				for k := 0; k < K; k++ {
					want += A[row][k] * B[k][col]
				}
				if got := math.Float32frombits(D[lane][i]); float64(got) != want {
					t.Fatalf("%v %s: D[%d][%d] = %v, want %v", c.shape, c.elem, row, col, got, want)
				}
			}
		}
	}
}
