package tensork

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tt-compiler/tt/numerics"
)

func randF32(rng *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.NormFloat64())
	}
	return x
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

// The f32 transcendental kernels are package numerics's functions, bit for
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
	}{{opExp, numerics.ExpF32}, {opLog, numerics.LogF32}, {opTanh, numerics.TanhF32}, {opSigmoid, numerics.SigmoidF32}, {opErf, numerics.ErfF32}} {
		unaryF32(c.op, x, out)
		for i, v := range x {
			if want := c.f(v); math.Float32bits(out[i]) != math.Float32bits(want) && !(want != want && out[i] != out[i]) {
				t.Fatalf("op %d (%g) = %g, numerics gives %g", c.op, v, out[i], want)
			}
		}
	}
}
