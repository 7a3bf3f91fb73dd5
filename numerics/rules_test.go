package numerics

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestFPToInt(t *testing.T) {
	cases := []struct {
		f  float64
		w  int
		si int64
		ui uint64
	}{
		{1.9, 32, 1, 1},
		{-1.9, 32, -1, 1 << 31},
		{math.NaN(), 32, math.MinInt32, 1 << 31},
		{3e9, 32, math.MinInt32, 3000000000},
		{5e9, 32, math.MinInt32, 1 << 31},
		{-0.5, 64, 0, 0},
		{9.3e18, 64, math.MinInt64, 9300000000000000000},
	}
	for _, c := range cases {
		if got := FPToSI(c.f, c.w); got != c.si {
			t.Errorf("FPToSI(%g, %d) = %d, want %d", c.f, c.w, got, c.si)
		}
		if got := FPToUI(c.f, c.w); got != c.ui {
			t.Errorf("FPToUI(%g, %d) = %d, want %d", c.f, c.w, got, c.ui)
		}
	}
}

func TestIntToF32IsCorrectlyRounded(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 100000; i++ {
		u := r.Uint64() >> (r.IntN(64))
		got := UIToF32(u)
		// Reference: exact comparison of the two neighbours.
		f := float32(u) // candidate
		if got != f && !closer(u, got, f) {
			t.Fatalf("UIToF32(%d) = %g, float32() = %g", u, got, f)
		}
	}
	if SIToF32(math.MinInt64) != -9.223372e18 {
		t.Fatalf("SIToF32(MinInt64) = %g", SIToF32(math.MinInt64))
	}
}

// closer reports whether a is at least as close to u as b, exactly.
func closer(u uint64, a, b float32) bool {
	da, db := diff(u, a), diff(u, b)
	return da <= db
}

func diff(u uint64, f float32) float64 {
	// f is an integer here (u >= 2^24 when they disagree); compare in big
	// float precision through float64 of the difference's halves.
	x := uint64(f)
	if f >= 1<<64 {
		return math.Inf(1)
	}
	if x > u {
		return float64(x - u)
	}
	return float64(u - x)
}

func TestFloatHelpers(t *testing.T) {
	nan := float32(math.NaN())
	negz := float32(math.Copysign(0, -1))
	check := func(name string, got, want float32) {
		t.Helper()
		if math.Float32bits(got) != math.Float32bits(want) && !(got != got && want != want) {
			t.Errorf("%s = %v, want %v", name, got, want)
		}
	}
	check("maximum(nan, 1)", Maximum(nan, 1), nan)
	check("maximum(1, nan)", Maximum(float32(1), nan), nan)
	check("maximum(-0, 0)", Maximum(negz, 0), 0)
	check("minimum(0, -0)", Minimum(0, negz), negz)
	check("maxnum(nan, 1)", MaxNum(nan, 1), 1)
	check("minnum(2, nan)", MinNum(float32(2), nan), 2)
	check("maximum(2, 3)", Maximum(float32(2), 3), 3)
}

// Maximum and Minimum agree bit for bit with the reference
// definitions ( the NaN operand, a's
// first, as it is; -0 < +0), NaN payloads and signed zeros included.
func TestMinMaxBitwise(t *testing.T) {
	refMax := func(a, b float32) float32 {
		switch {
		case a != a:
			return a
		case b != b:
			return b
		case a == b && a == 0:
			if math.Signbit(float64(a)) {
				return b
			}
			return a
		}
		return max(a, b)
	}
	refMin := func(a, b float32) float32 {
		switch {
		case a != a:
			return a
		case b != b:
			return b
		case a == b && a == 0:
			if math.Signbit(float64(a)) {
				return a
			}
			return b
		}
		return min(a, b)
	}
	vals := []float32{float32(math.NaN()), math.Float32frombits(0x7fc00123), math.Float32frombits(0xffc00456),
		float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)), 1, -1, 1e-40, -1e-40, 3.5, math.MaxFloat32}
	for _, a := range vals {
		for _, b := range vals {
			if g, w := Maximum(a, b), refMax(a, b); math.Float32bits(g) != math.Float32bits(w) {
				t.Errorf("Maximum(%v, %v) = %#x, want %#x", a, b, math.Float32bits(g), math.Float32bits(w))
			}
			if g, w := Minimum(a, b), refMin(a, b); math.Float32bits(g) != math.Float32bits(w) {
				t.Errorf("Minimum(%v, %v) = %#x, want %#x", a, b, math.Float32bits(g), math.Float32bits(w))
			}
			if g, w := Maximum(float64(a), float64(b)), float64(refMax(a, b)); math.Float64bits(g) != math.Float64bits(w) {
				t.Errorf("Maximum[float64](%v, %v) = %#x, want %#x", a, b, math.Float64bits(g), math.Float64bits(w))
			}
		}
	}
}

func TestIntHelpers(t *testing.T) {
	if CeilDivS(int32(7), 2) != 4 || CeilDivS(int32(-7), 2) != -3 || FloorDivS(int32(-7), 2) != -4 || FloorDivS(int32(7), -2) != -4 {
		t.Error("ceil/floor division")
	}
	if CeilDivS(int32(math.MinInt32), -1) != math.MinInt32 {
		t.Error("ceildivsi MIN / -1 must wrap")
	}
	if CeilDivU(uint32(7), 2) != 4 || CeilDivU(uint32(8), 2) != 4 {
		t.Error("ceildivui")
	}
	if IPow(int32(3), 4) != 81 || IPow(int32(-1), -3) != -1 || IPow(int32(2), -1) != 0 || IPow(int64(2), 64) != 0 {
		t.Error("ipowi")
	}
	if AbsI(int32(math.MinInt32)) != math.MinInt32 || AbsI(int64(-5)) != 5 {
		t.Error("absi")
	}
	if lo, hi := MulSIExtended32(-3, 5); lo != -15 || hi != -1 {
		t.Errorf("mulsi_extended(-3, 5) = %d, %d", lo, hi)
	}
	if lo, hi := MulUIExtended32(-1, -1); lo != 1 || hi != -2 {
		t.Errorf("mului_extended(-1, -1) = %d, %d", lo, hi)
	}
	if lo, hi := MulSIExtended64(math.MinInt64, -1); lo != math.MinInt64 || hi != 0 {
		t.Errorf("mulsi_extended64(MIN, -1) = %d, %d", lo, hi)
	}
	if s, c := AddUIExtended32(-1, 1); s != 0 || !c {
		t.Errorf("addui_extended(-1, 1) = %d, %v", s, c)
	}
}

// exactFMA is a*b+c rounded once to float32, with math/big.
func exactFMA(a, b, c float32) float32 {
	x := new(big.Float).SetPrec(300).SetFloat64(float64(a))
	x.Mul(x, new(big.Float).SetPrec(300).SetFloat64(float64(b)))
	x.Add(x, new(big.Float).SetPrec(300).SetFloat64(float64(c)))
	f, _ := x.Float32()
	return f
}

func TestFMAOddMatchesBig(t *testing.T) {
	// FMAOdd then a rounding to f32 is the correctly rounded f32 FMA.
	rng := rand.New(rand.NewPCG(1, 1))
	for range 100000 {
		a, b := float32(rng.NormFloat64()), float32(rng.NormFloat64())
		c := math.Float32frombits(math.Float32bits(a*b) + uint32(rng.IntN(64)) - 32)
		if rng.IntN(2) == 0 {
			c = -c
		}
		if got, want := float32(FMAOdd(float64(a), float64(b), float64(c))), exactFMA(a, b, c); got != want {
			t.Fatalf("FMAOdd(%x, %x, %x) rounds to %x, want %x", math.Float32bits(a), math.Float32bits(b), math.Float32bits(c), math.Float32bits(got), math.Float32bits(want))
		}
	}
}

// FMAF32 is correctly rounded where a float64 FMA rounded again to
// float32 is not (operands found by search against math/big).
func TestFMAF32(t *testing.T) {
	bits := math.Float32frombits
	for _, c := range [][3]float32{
		{bits(0x3fafd379), bits(0x333a5db2), bits(0x3fbed31f)},
		{bits(0x3fbfffe8), bits(0xb32aaac0), bits(0x3fd5ced1)},
		{bits(0x3f94c863), bits(0xb35c3d96), bits(0x3ff5a5ac)},
	} {
		a, b, cc := c[0], c[1], c[2]
		want := exactFMA(a, b, cc)
		if got := FMAF32(a, b, cc); got != want {
			t.Errorf("FMAF32(%x, %x, %x) = %x, want %x", math.Float32bits(a), math.Float32bits(b), math.Float32bits(cc), math.Float32bits(got), math.Float32bits(want))
		}
		if twice := float32(math.FMA(float64(a), float64(b), float64(cc))); twice == want {
			t.Errorf("case %x: double rounding is right too; the case shows nothing", math.Float32bits(a))
		}
	}
}

// The float rules on the special values their comments name.
func TestFloatRules(t *testing.T) {
	nan, inf, negz := math.NaN(), math.Inf(1), math.Copysign(0, -1)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"Rem(5, 3)", Rem(5.0, 3), 2}, {"Rem(-5, 3)", Rem(-5.0, 3), -2}, {"Rem(5, -3)", Rem(5.0, -3), 2},
		{"Rem(-6, 3)", Rem(-6.0, 3), negz}, {"Rem(5, 0)", Rem(5.0, 0), nan}, {"Rem(Inf, 3)", Rem(inf, 3), nan},
		{"Rem(5, Inf)", Rem(5.0, inf), 5}, {"Rem(2.25, 1.5)", Rem(2.25, 1.5), 0.75},
		{"Rsqrt(+0)", Rsqrt(0.0), inf}, {"Rsqrt(-0)", Rsqrt(negz), -inf}, {"Rsqrt(-1)", Rsqrt(-1.0), nan}, {"Rsqrt(Inf)", Rsqrt(inf), 0},
		{"Relu(-0)", Relu(negz), negz}, {"Relu(NaN)", Relu(nan), nan}, {"Relu(-2)", Relu(-2.0), 0},
		{"Sign(NaN)", Sign(nan), 0}, {"Sign(-0)", Sign(negz), 0}, {"Sign(-3)", Sign(-3.0), -1},
		{"Reciprocal(-0)", Reciprocal(negz), -inf},
		{"PoolMax(-0, +0)", PoolMax(negz, 0), negz}, {"PoolMax(1, NaN)", PoolMax(1.0, nan), nan}, {"PoolMax(NaN, 5)", PoolMax(nan, 5.0), nan},
		{"Pow(NaN, 0)", Pow(nan, 0), 1}, {"Pow(-8, 1/3)", Pow(-8.0, 1.0/3), nan}, {"PowI(2, -2)", PowI(2.0, int32(-2)), 0.25},
		{"ExpF64(709.79)", ExpF64(709.79), inf},
		{"ExpF64(-745.14)", ExpF64(-745.14), 0},
		{"LogF64(5e-324)", LogF64(5e-324), -744.4400719213812}, {"LogF64(0x1p-1030)", LogF64(0x1p-1030), -1030 * math.Ln2},
		{"SigmoidF64(-800)", SigmoidF64(-800), 0},
	} {
		if !(c.got == c.want && math.Signbit(c.got) == math.Signbit(c.want) || c.got != c.got && c.want != c.want) {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// ExpF64 and Log10F64 are within their documented errors of the correctly
// rounded values (computed with mpmath at 200 bits: 2 and 1 ulp) where
// Go's amd64 assembly is wrong.
func TestF64Corrections(t *testing.T) {
	within := func(name string, got, want float64, ulps uint64) {
		t.Helper()
		d := math.Float64bits(got) - math.Float64bits(want)
		if math.Float64bits(got) < math.Float64bits(want) {
			d = -d
		}
		if math.Signbit(got) != math.Signbit(want) || d > ulps {
			t.Errorf("%s = %v, want %v within %d ulp", name, got, want, ulps)
		}
	}
	within("ExpF64(709.78)", ExpF64(709.78), 1.7928227943945155e+308, 2)
	within("ExpF64(709.5)", ExpF64(709.5), 1.3549863193146328e+308, 2)
	within("Log10F64(5e-324)", Log10F64(5e-324), -323.3062153431158, 1)
	within("LogF64(1e-310)", LogF64(1e-310), -713.8013788281542, 1)
}

// The integer rules at the extremes.
func TestIntegerRules(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want int64
	}{
		{"DivS(MIN, -1)", int64(DivS(int32(math.MinInt32), -1)), math.MinInt32},
		{"RemS(MIN, -1)", int64(RemS(int32(math.MinInt32), -1)), 0},
		{"RemS(-7, 2)", RemS(int64(-7), 2), -1},
		{"FloorDivS(MIN, -3)", int64(FloorDivS(int32(math.MinInt32), -3)), 715827882},
		{"CeilDivS(MIN, 2)", int64(CeilDivS(int32(math.MinInt32), 2)), -1073741824},
		{"IPow(0, -2)", IPow(int64(0), -2), 0}, {"IPow(0, 0)", IPow(int64(0), 0), 1}, {"IPow(-1, -4)", IPow(int64(-1), -4), 1},
		{"IPow(3, 21) i32", int64(IPow(int32(3), 21)), 1870418611},
		{"ShiftLeft(1, 32) i32", int64(ShiftLeft(int32(1), 32)), 0}, {"ShiftLeft(1, -1)", ShiftLeft(int64(1), -1), 0},
		{"ShiftRightS(-8, 70)", ShiftRightS(int64(-8), 70), -1}, {"ShiftRightU(8, 64)", int64(ShiftRightU(uint64(8), 64)), 0},
		{"AbsI(MIN)", AbsI(int64(math.MinInt64)), math.MinInt64},
		{"ReluI(-3)", ReluI(int64(-3)), 0}, {"SignI(-9)", SignI(int64(-9)), -1},
		{"FPToSI(-0.9, 32)", FPToSI(-0.9, 32), 0}, {"FPToSI(+Inf, 64)", FPToSI(math.Inf(1), 64), math.MinInt64},
		{"FPToSI(-1, 1)", FPToSI(-1, 1), -1}, {"FPToSI(2, 1)", FPToSI(2, 1), -1},
	} {
		if c.got != c.want {
			t.Errorf("%s = %d, want %d", c.name, c.got, c.want)
		}
	}
}
