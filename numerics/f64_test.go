package numerics

import (
	"math"
	"math/rand"
	"testing"
)

// ulpsF64 is how many float64 steps lie between a and b (same sign).
func ulpsF64(a, b float64) uint64 {
	ia, ib := int64(math.Float64bits(a)), int64(math.Float64bits(b))
	if ia < 0 {
		ia = math.MinInt64 - ia
	}
	if ib < 0 {
		ib = math.MinInt64 - ib
	}
	if ia > ib {
		return uint64(ia - ib)
	}
	return uint64(ib - ia)
}

// TestExpTanhF64 checks the written-out exp and tanh against Go's math
// (both within 1 ulp of the true value, so at most 2 apart) over random arguments of every magnitude they handle, and their
// special values exactly. Bit equality with the PTX kernels is tested in
// emit/ptx.
func TestExpTanhF64(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	worstExp, worstTanh := uint64(0), uint64(0)
	for i := 0; i < 200000; i++ {
		x := (r.Float64()*2 - 1) * math.Ldexp(1, r.Intn(14)-4) // |x| up to 512
		if d := ulpsF64(ExpF64(x), math.Exp(x)); d > worstExp {
			worstExp = d
		}
		if d := ulpsF64(TanhF64(x), math.Tanh(x)); d > worstTanh {
			worstTanh = d
		}
	}
	if worstExp > 2 || worstTanh > 2 {
		t.Errorf("ExpF64 %d ulp, TanhF64 %d ulp from Go's math, want at most 2", worstExp, worstTanh)
	}
	for _, c := range []struct{ x, exp, tanh float64 }{
		{0, 1, 0},
		{math.Copysign(0, -1), 1, math.Copysign(0, -1)},
		{math.Inf(1), math.Inf(1), 1},
		{math.Inf(-1), 0, -1},
		{710, math.Inf(1), 1},
		{-746, 0, -1},
		{1, math.E, math.Tanh(1)},
	} {
		if e := ExpF64(c.x); ulpsF64(e, c.exp) > 1 {
			t.Errorf("ExpF64(%v) = %v, want %v", c.x, e, c.exp)
		}
		if th := TanhF64(c.x); ulpsF64(th, c.tanh) > 1 || math.Signbit(th) != math.Signbit(c.tanh) {
			t.Errorf("TanhF64(%v) = %v, want %v", c.x, th, c.tanh)
		}
	}
	if !math.IsNaN(ExpF64(math.NaN())) || !math.IsNaN(TanhF64(math.NaN())) {
		t.Error("NaN does not stay NaN")
	}
	// The reason for writing them out: the value above 709 that amd64's
	// assembly overflowed early on stays finite.
	if e := ExpF64(709.5); math.IsInf(e, 0) || ulpsF64(e, math.Exp(709.5-1)*math.E) > 2 {
		t.Errorf("ExpF64(709.5) = %v", e)
	}
}
