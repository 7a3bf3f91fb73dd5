package numerics

import (
	"flag"
	"math"
	"testing"
)

// ulps returns |got - want| in units of the float32 spacing at want (the
// spacing of the smallest subnormal below 2^-126); 0 when got is want
// rounded to float32, +Inf when exactly one of them is NaN or infinite.
func ulps(got float32, want float64) float64 {
	w := float32(want)
	if got == w || got != got && want != want {
		return 0
	}
	if got != got || want != want || math.IsInf(float64(got), 0) || math.IsInf(float64(w), 0) {
		return math.Inf(1)
	}
	a := float32(math.Abs(float64(w)))
	ulp := float64(math.Nextafter32(a, float32(math.Inf(1))) - a)
	if math.IsInf(ulp, 0) {
		ulp = float64(a - math.Nextafter32(a, 0))
	}
	return math.Abs(float64(got)-want) / ulp
}

// sweep calls f with float32 values of both signs spread over all
// exponents: every stride-th bit pattern, plus every pattern near the
// powers of two (the 8 on each side of each).
func sweep(stride uint32, f func(x float32)) {
	for b := uint64(0); b < 0x7f800000; b += uint64(stride) {
		f(math.Float32frombits(uint32(b)))
		f(-math.Float32frombits(uint32(b)))
	}
	for e := uint32(0); e < 255; e++ {
		for d := int32(-8); d <= 8; d++ {
			b := int64(e<<23) + int64(d)
			if b < 0 || b >= 0x7f800000 {
				continue
			}
			f(math.Float32frombits(uint32(b)))
			f(-math.Float32frombits(uint32(b)))
		}
	}
}

// worst tracks the largest error of a function and where it occurred.
type worst struct {
	err float64
	at  float32
}

func (w *worst) add(e float64, x float32) {
	if e > w.err || e != e {
		w.err, w.at = e, x
	}
}

func TestExpAccuracy(t *testing.T) {
	var normal, sub worst
	sweep(stride(), func(x float32) {
		want := math.Exp(float64(x))
		e := ulps(ExpF32(x), want)
		if want < 0x1p-126 {
			sub.add(e, x)
		} else {
			normal.add(e, x)
		}
	})
	t.Logf("Exp: worst %.3f ulp at %g (normal results), %.3f ulp at %g (subnormal)", normal.err, normal.at, sub.err, sub.at)
	if normal.err > 1 || sub.err > 1 {
		t.Errorf("Exp: worst %.3f ulp at %g (normal results), %.3f ulp at %g (subnormal), want <= 1", normal.err, normal.at, sub.err, sub.at)
	}
}

func TestLogAccuracy(t *testing.T) {
	var w worst
	sweep(stride(), func(x float32) {
		w.add(ulps(LogF32(x), math.Log(float64(x))), x)
	})
	t.Logf("Log: worst %.3f ulp at %g", w.err, w.at)
	if w.err > 1 {
		t.Errorf("Log: worst %.3f ulp at %g, want <= 1", w.err, w.at)
	}
}

func TestTanhAccuracy(t *testing.T) {
	var w worst
	sweep(stride(), func(x float32) {
		w.add(ulps(TanhF32(x), math.Tanh(float64(x))), x)
	})
	t.Logf("Tanh: worst %.3f ulp at %g", w.err, w.at)
	if w.err > 2 {
		t.Errorf("Tanh: worst %.3f ulp at %g, want <= 2", w.err, w.at)
	}
}

func TestErfAccuracy(t *testing.T) {
	var w worst
	sweep(stride(), func(x float32) {
		w.add(ulps(ErfF32(x), math.Erf(float64(x))), x)
	})
	t.Logf("Erf: worst %.3f ulp at %g", w.err, w.at)
	if w.err > 1 {
		t.Errorf("Erf: worst %.3f ulp at %g, want <= 1", w.err, w.at)
	}
}

func TestSigmoidAccuracy(t *testing.T) {
	var w worst
	sweep(stride(), func(x float32) {
		v := float64(x)
		if x < -88.72 {
			// e**-x overflows float32: 0, as PyTorch (TestSpecialValues).
			return
		}
		w.add(ulps(SigmoidF32(x), 1/(1+math.Exp(-v))), x)
	})
	t.Logf("Sigmoid: worst %.3f ulp at %g", w.err, w.at)
	if w.err > 3 {
		t.Errorf("Sigmoid: worst %.3f ulp at %g, want <= 3", w.err, w.at)
	}
}

// geluRef is x·Φ(x) in float64, with erfc so that the negative tail does
// not cancel.
func geluRef(v float64) float64 { return 0.5 * v * math.Erfc(-v/math.Sqrt2) }

// geluTanhRef is the tanh approximation in float64, with 1+tanh(u) =
// 2/(1+e**(-2u)) so that the negative tail does not cancel.
func geluTanhRef(v float64) float64 {
	u := 0.7978845608028654 * (v + 0.044715*v*v*v)
	return v / (1 + math.Exp(-2*u))
}

// GeluF32 and GeluTanhF32 are PyTorch's float formulas: within a few ulp
// where 1 + erf (1 + tanh) does not cancel, and within a small absolute
// error of x·Φ(x) in the negative tail, where they lose relative accuracy
// as PyTorch does.
func TestGeluAccuracy(t *testing.T) {
	var g, gt worst
	var ga, gta float64 // absolute errors for x < -1
	sweep(stride(), func(x float32) {
		v := float64(x)
		if x >= -1 {
			g.add(ulps(GeluF32(x), geluRef(v)), x)
			gt.add(ulps(GeluTanhF32(x), geluTanhRef(v)), x)
			return
		}
		if x == x && !math.IsInf(v, 0) {
			ga = max(ga, math.Abs(float64(GeluF32(x))-geluRef(v)))
			gta = max(gta, math.Abs(float64(GeluTanhF32(x))-geluTanhRef(v)))
		}
	})
	t.Logf("x >= -1: Gelu worst %.3f ulp at %g, GeluTanh worst %.3f ulp at %g; x < -1: absolute errors %.3g and %.3g",
		g.err, g.at, gt.err, gt.at, ga, gta)
	if g.err > 4 || gt.err > 4 || ga > 1e-6 || gta > 1e-6 {
		t.Errorf("Gelu: worst %.3f ulp at %g; GeluTanh: worst %.3f ulp at %g (want <= 4); absolute errors below -1: %.3g and %.3g (want <= 1e-6)",
			g.err, g.at, gt.err, gt.at, ga, gta)
	}
}

var long = flag.Bool("long", false, "sweep 9 times more values in the accuracy tests (about 35 million per sign)")

// stride is the stride of the accuracy sweeps over the bit patterns:
// every 61st pattern (4 million values per sign), every 7th with -long.
func stride() uint32 {
	if *long {
		return 7
	}
	return 61
}
