package numerics

import (
	"math"
	"math/rand/v2"
	"testing"
)

var (
	inf    = float32(math.Inf(1))
	nan    = float32(math.NaN())
	negZ   = float32(math.Copysign(0, -1))
	maxF   = float32(math.MaxFloat32)
	minSub = math.Float32frombits(1)
	minNor = math.Float32frombits(0x00800000)
)

// same reports whether a and b are the same float32, NaNs equal, zeros
// by sign.
func same(a, b float32) bool {
	if a != a || b != b {
		return a != a && b != b
	}
	return math.Float32bits(a) == math.Float32bits(b)
}

func TestSpecialValues(t *testing.T) {
	fns := map[string]func(float32) float32{
		"Exp": ExpF32, "Log": LogF32, "Tanh": TanhF32, "Erf": ErfF32, "Sigmoid": SigmoidF32, "Gelu": GeluF32, "GeluTanh": GeluTanhF32,
	}
	cases := []struct {
		fn      string
		x, want float32
	}{
		{"Exp", nan, nan}, {"Exp", inf, inf}, {"Exp", -inf, 0}, {"Exp", 0, 1}, {"Exp", negZ, 1},
		{"Exp", 88.72283, 3.4027985e38}, {"Exp", 88.7229, inf}, {"Exp", 89, inf}, {"Exp", maxF, inf},
		{"Exp", -103.9721, 0}, {"Exp", -104, 0}, {"Exp", -maxF, 0},
		{"Exp", -103.97, minSub}, {"Exp", 1, 2.7182817},
		{"Log", nan, nan}, {"Log", inf, inf}, {"Log", -inf, nan}, {"Log", 0, -inf}, {"Log", negZ, -inf},
		{"Log", -1, nan}, {"Log", -minSub, nan}, {"Log", 1, 0}, {"Log", minSub, -103.27893}, {"Log", maxF, 88.72284},
		{"Log", minNor, -87.33655},
		{"Tanh", nan, nan}, {"Tanh", inf, 1}, {"Tanh", -inf, -1}, {"Tanh", 0, 0}, {"Tanh", negZ, negZ},
		{"Tanh", minSub, minSub}, {"Tanh", -minSub, -minSub}, {"Tanh", 20, 1}, {"Tanh", -20, -1},
		{"Erf", nan, nan}, {"Erf", inf, 1}, {"Erf", -inf, -1}, {"Erf", 0, 0}, {"Erf", negZ, negZ}, {"Erf", 5, 1}, {"Erf", -5, -1},
		{"Sigmoid", nan, nan}, {"Sigmoid", inf, 1}, {"Sigmoid", -inf, 0}, {"Sigmoid", 0, 0.5}, {"Sigmoid", 100, 1},
		{"Sigmoid", -104, 0}, {"Sigmoid", -90, 0}, {"Sigmoid", -88.8, 0}, {"Sigmoid", -maxF, 0},
		{"Gelu", nan, nan}, {"Gelu", inf, inf}, {"Gelu", -inf, nan}, {"Gelu", 0, 0}, {"Gelu", negZ, negZ}, {"Gelu", 30, 30},
		{"GeluTanh", nan, nan}, {"GeluTanh", inf, inf}, {"GeluTanh", -inf, nan}, {"GeluTanh", 0, 0}, {"GeluTanh", negZ, negZ},
		{"GeluTanh", 30, 30}, {"GeluTanh", -30, negZ},
	}
	for _, c := range cases {
		got := fns[c.fn](c.x)
		ok := same(got, c.want)
		if !ok && c.want != 0 && !math.IsInf(float64(c.want), 0) && c.want == c.want {
			// Finite nonzero expectations are rounded decimals: within 1 ulp.
			ok = ulps(got, float64(c.want)) <= 1
		}
		if !ok {
			t.Errorf("%s(%g) = %g, want %g", c.fn, c.x, got, c.want)
		}
	}
	// Subnormal arguments and results, against float64.
	for b := uint32(1); b < 0x00800000; b = b*3 + 1 {
		x := math.Float32frombits(b)
		for _, v := range []float32{x, -x} {
			if e := ulps(LogF32(v), math.Log(float64(v))); v > 0 && e > 1 {
				t.Errorf("LogF32(%g): %.2f ulp", v, e)
			}
			if e := ulps(TanhF32(v), math.Tanh(float64(v))); e > 1 {
				t.Errorf("TanhF32(%g): %.2f ulp", v, e)
			}
			if e := ulps(ErfF32(v), math.Erf(float64(v))); e > 1 {
				t.Errorf("ErfF32(%g): %.2f ulp", v, e)
			}
		}
	}
	for x := float32(-87.3); x > -104; x -= 0.01 {
		if e := ulps(ExpF32(x), math.Exp(float64(x))); e > 1 {
			t.Errorf("ExpF32(%g) = %g (subnormal): %.2f ulp", x, ExpF32(x), e)
		}
	}
}

// SigmoidF32 gives torch.sigmoid's float32 results (PyTorch 1.13 on the
// CPU, bit patterns printed with struct.pack), including the subnormal
// results near -88 and the 0 below -88.72 where e**-x overflows.
func TestSigmoidMatchesPyTorch(t *testing.T) {
	for _, c := range []struct {
		x    float32
		want uint32
	}{
		{-104, 0}, {-90, 0}, {-88.72, 0x00201748}, {-88.7, 0x0020bd47}, {-88, 0x0041edc4}, {-87, 0x00b33687},
		{-80, 0x05bfecba}, {-50, 0x1b692beb}, {-10, 0x383e6998}, {-1, 0x3e89b2b1}, {0, 0x3f000000},
		{1, 0x3f3b26a8}, {10, 0x3f7ffd06}, {20, 0x3f800000},
	} {
		if got := SigmoidF32(c.x); math.Float32bits(got) != c.want {
			t.Errorf("SigmoidF32(%g) = %g (%#08x), torch.sigmoid gives %g (%#08x)", c.x, got, math.Float32bits(got),
				math.Float32frombits(c.want), c.want)
		}
	}
}

// ExpShiftedF32 gives Exp's results and their float64 sum.
func TestExpShifted(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	src := make([]float32, 5001)
	for i := range src {
		src[i] = float32(rng.Float64()*80 - 40)
	}
	src[7] = -1e30
	src[8] = -inf
	m := float32(40)
	dst := make([]float32, len(src)+3)
	sum := ExpShiftedF32(dst, src, m)
	want := 0.0
	for i, v := range src {
		e := ExpF32(v - m)
		if !same(dst[i], e) {
			t.Fatalf("ExpShifted[%d] = %g, ExpF32 = %g", i, dst[i], e)
		}
		want += float64(e)
	}
	if math.Abs(sum-want) > 1e-12*want {
		t.Errorf("sum %g, want %g", sum, want)
	}
}
