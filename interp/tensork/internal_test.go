package tensork

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tt-compiler/tt/runtime/f32math"
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

// The f32 transcendental kernels are runtime/f32math's functions, bit for
// bit (the loop-level interpreter and the generated Go code use them too).
func TestUnaryF32IsF32Math(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	x := randF32(rng, 3000)
	for i := range x {
		x[i] *= 30
	}
	x = append(x, float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)), 1e-40, -1e-40, 89, -104)
	out := make([]float32, len(x))
	for _, c := range []struct {
		op unOp
		f  func(float32) float32
	}{{opExp, f32math.Exp}, {opLog, f32math.Log}, {opTanh, f32math.Tanh}, {opSigmoid, f32math.Sigmoid}, {opErf, f32math.Erf}} {
		unaryF32(c.op, x, out)
		for i, v := range x {
			if want := c.f(v); math.Float32bits(out[i]) != math.Float32bits(want) && !(want != want && out[i] != out[i]) {
				t.Fatalf("op %d (%g) = %g, f32math gives %g", c.op, v, out[i], want)
			}
		}
	}
}
