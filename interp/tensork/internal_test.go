package tensork

import (
	"math"
	"math/rand/v2"
	"testing"
)

func randF32(rng *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.NormFloat64())
	}
	return x
}

// The blocked GEMM agrees with a float64 triple loop for shapes that
// exercise every edge: partial micro-tiles, several KC slices, several MC
// blocks and NG groups, the unpacked small path and strided operands.
func TestGemmAgainstNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, s := range []struct{ m, n, k int }{
		{1, 1, 1}, {3, 5, 2}, {4, 4, 4}, {17, 16, 16}, {5, 4100, 3}, {67, 300, 513}, {130, 7, 260}, {2, 600, 40}, {64, 64, 0},
	} {
		lda, ldb, ldc := s.k+3, s.n+1, s.n+2
		a, b := randF32(rng, s.m*lda), randF32(rng, max(1, s.k)*ldb)
		c := randF32(rng, s.m*ldc) // gemm accumulates into c
		want := make([]float64, len(c))
		for i := range c {
			want[i] = float64(c[i])
		}
		for i := 0; i < s.m; i++ {
			for j := 0; j < s.n; j++ {
				for p := 0; p < s.k; p++ {
					want[i*ldc+j] += float64(a[i*lda+p]) * float64(b[p*ldb+j])
				}
			}
		}
		gemm(s.m, s.n, s.k, a, lda, b, ldb, c, ldc, true)
		for i := 0; i < s.m; i++ {
			for j := 0; j < ldc; j++ {
				tol := 1e-5 * (1 + math.Sqrt(float64(s.k)))
				if j >= s.n {
					tol = 0 // outside the product: untouched
				}
				if d := math.Abs(float64(c[i*ldc+j]) - want[i*ldc+j]); d > tol*(1+math.Abs(want[i*ldc+j])) {
					t.Fatalf("%v: c[%d,%d] = %g, want %g", s, i, j, c[i*ldc+j], want[i*ldc+j])
				}
			}
		}
	}
}

// Long rows split into rowBlock pieces, and wide columns split into chunks,
// reduce like a plain float64 loop.
func TestReductionPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	n := 2*rowBlock + 17
	x := randF32(rng, 2*n)
	out := make([]float32, 2)
	reduceRows(redSum, x, 2, n, out)
	for r := 0; r < 2; r++ {
		want := 0.0
		for _, v := range x[r*n : (r+1)*n] {
			want += float64(v)
		}
		if math.Abs(float64(out[r])-want) > 1e-3 {
			t.Errorf("row %d sum = %g, want %g", r, out[r], want)
		}
	}
	x[n+5] = float32(math.NaN())
	reduceRows(redMax, x, 2, n, out)
	if out[0] != maxOf(x[:n]) || !math.IsNaN(float64(out[1])) {
		t.Errorf("row max = %v", out)
	}
	// [outer=3, R=5, inner=2500]: inner spans several chunks.
	outer, r, inner := 3, 5, 2500
	y := randF32(rng, outer*r*inner)
	got := make([]float32, outer*inner)
	reduceCols(redMean, y, outer, r, inner, got)
	for o := 0; o < outer; o++ {
		for i := 0; i < inner; i += 97 {
			want := 0.0
			for k := 0; k < r; k++ {
				want += float64(y[(o*r+k)*inner+i])
			}
			want /= float64(r)
			if math.Abs(float64(got[o*inner+i])-want) > 1e-6 {
				t.Fatalf("mean[%d,%d] = %g, want %g", o, i, got[o*inner+i], want)
			}
		}
	}
}

// exp32 and tanh32 stay within 2 ulp of the correctly rounded results.
func TestMath32Accuracy(t *testing.T) {
	ulps := func(got float32, want float64) float64 {
		w := float32(want)
		if got == w {
			return 0
		}
		if math.IsInf(float64(w), 0) || w == 0 {
			return math.Inf(1)
		}
		ulp := math.Nextafter32(float32(math.Abs(float64(w))), float32(math.Inf(1))) - float32(math.Abs(float64(w)))
		return math.Abs(float64(got)-want) / float64(ulp)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	worstExp, worstTanh := 0.0, 0.0
	for i := 0; i < 300000; i++ {
		x := float32(rng.Float64()*190 - 100)
		if e := ulps(exp32(x), math.Exp(float64(x))); e > worstExp && math.Exp(float64(x)) > 1.2e-38 {
			worstExp = e
		}
		y := float32(rng.NormFloat64() * 3)
		if e := ulps(tanh32(y), math.Tanh(float64(y))); e > worstTanh {
			worstTanh = e
		}
	}
	if worstExp > 2 || worstTanh > 2 {
		t.Errorf("worst error: exp32 %.2f ulp, tanh32 %.2f ulp (want <= 2)", worstExp, worstTanh)
	}
	// Subnormal results and the overflow boundary.
	for _, x := range []float32{-87.5, -100, -103.9, 88.7, 88.72} {
		want := math.Exp(float64(x))
		if got := exp32(x); math.Abs(float64(got)-want) > 2e-7*want+1.5e-45 {
			t.Errorf("exp32(%g) = %g, want %g", x, got, want)
		}
	}
}

// Strided copies (transposes, slices, broadcasts) large enough to run in
// parallel agree with direct index arithmetic.
func TestCopyViewLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const a, b, c = 37, 129, 23
	src := randF32(rng, a*b*c)
	dst := make([]float32, a*b*c)
	// dst[k, i, j] = src[i, j, k] (perm [2, 0, 1]).
	copyT(dst, view{st: []int{a * b, b, 1}}, src, view{st: []int{1, b * c, c}}, []int{c, a, b})
	for k := 0; k < c; k++ {
		for i := 0; i < a; i += 5 {
			for j := 0; j < b; j += 7 {
				if dst[(k*a+i)*b+j] != src[(i*b+j)*c+k] {
					t.Fatalf("transpose mismatch at %d,%d,%d", k, i, j)
				}
			}
		}
	}
}

// The float32 erf and GELU routines are accurate to a few ulp (relative
// 3e-7) against float64 references, tails included.
func TestErfGeluAccuracy(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	rel := func(got float32, want float64) float64 {
		if want == 0 {
			return math.Abs(float64(got))
		}
		return math.Abs(float64(got)-want) / math.Abs(want)
	}
	worst := map[string]float64{}
	for i := 0; i < 300000; i++ {
		x := float32(rng.Float64()*30 - 15)
		if i%3 == 0 {
			x = float32(rng.NormFloat64())
		}
		v := float64(x)
		check := func(name string, got float32, want float64) {
			if math.Abs(want) < 1e-30 {
				return
			}
			if e := rel(got, want); e > worst[name] {
				worst[name] = e
			}
		}
		check("erf", erf32(x), math.Erf(v))
		if x > -5 { // below, 1+erf cancels even in float64
			check("gelu", gelu32(x), geluErf(v))
		}
		check("gelu tail", gelu32(x), 0.5*v*math.Erfc(-v/math.Sqrt2))
		check("gelu tanh", geluTanh32(x), v/(1+math.Exp(-2*0.7978845608028654*(v+0.044715*v*v*v))))
	}
	for name, w := range worst {
		if w > 3e-7 {
			t.Errorf("%s: worst relative error %.3g, want <= 3e-7", name, w)
		}
	}
	for _, x := range []float32{float32(math.Inf(1)), 0, negZero()} {
		if got, want := gelu32(x), float32(geluErf(float64(x))); got != want {
			t.Errorf("gelu32(%g) = %g, want %g", x, got, want)
		}
	}
	if !math.IsNaN(float64(gelu32(float32(math.NaN())))) || !math.IsNaN(float64(erf32(float32(math.NaN())))) {
		t.Error("NaN does not propagate")
	}
}

func negZero() float32 { return float32(math.Copysign(0, -1)) }

// The inlined exponential of the softmax fast path is exp32.
func TestExpShifted(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	src := randF32(rng, 5000)
	for i := range src {
		src[i] *= 40
	}
	src[7] = -1e30
	m := maxOf(src)
	dst := make([]float32, len(src))
	sum := expShifted(dst, src, m)
	want := 0.0
	for i, v := range src {
		e := exp32(v - m)
		if dst[i] != e {
			t.Fatalf("expShifted[%d] = %g, exp32 = %g", i, dst[i], e)
		}
		want += float64(e)
	}
	if math.Abs(sum-want) > 1e-12*want {
		t.Errorf("sum = %g, want %g", sum, want)
	}
}
