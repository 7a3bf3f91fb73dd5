package linalg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tt-compiler/tt/numerics"
)

// reference is a product computed in float64 with the bound on its
// rounding error: for every element, Σ|a||b|.
type reference struct {
	c, mag []float64
}

// naiveGemm is the float64 product of row-major m×k by k×n matrices.
func naiveGemm(m, n, k int, a, b []float32) reference {
	r := reference{make([]float64, m*n), make([]float64, m*n)}
	for i := 0; i < m; i++ {
		for p := 0; p < k; p++ {
			av := float64(a[i*k+p])
			for j := 0; j < n; j++ {
				bv := float64(b[p*n+j])
				r.c[i*n+j] += av * bv
				r.mag[i*n+j] += math.Abs(av * bv)
			}
		}
	}
	return r
}

// transposed returns the rows×cols row-major matrix x as a cols×rows one.
func transposed[T any](x []T, rows, cols int) []T {
	t := make([]T, len(x))
	for i := 0; i < rows; i++ {
		for j := 0; j < cols; j++ {
			t[j*rows+i] = x[i*cols+j]
		}
	}
	return t
}

// checkNear fails unless got is within the rounding error of a k-term
// f32 sum of the reference (k·2⁻²⁴·Σ|a||b|, any summation order, FMA or
// not) plus the rounding of the result.
func checkNear(t *testing.T, what string, got []float32, want reference, k int) {
	t.Helper()
	u := math.Ldexp(1, -24)
	for i, w := range want.c {
		tol := float64(k+1)*u*want.mag[i] + u*math.Abs(w)
		if d := math.Abs(float64(got[i]) - w); !(d <= tol) {
			t.Fatalf("%s: c[%d] = %g, want %g (tolerance %g)", what, i, got[i], w, tol)
		}
	}
}

var layouts = []Layout{{}, {TransA: true}, {TransB: true}, {TransA: true, TransB: true}}

// operands returns A (m×k) and B (k×n) stored as layout says.
func operands(l Layout, m, n, k int, a, b []float32) ([]float32, []float32) {
	if l.TransA && a != nil {
		a = transposed(a, m, k)
	}
	if l.TransB && b != nil {
		b = transposed(b, k, n)
	}
	return a, b
}

// Every micro-kernel of the build (kernelLevels), every layout, against a
// float64 reference, over odd shapes: 1, 7, 17, 255 and 1023 in each of
// m, n and k (the triples of at most 5·10⁶ multiply-adds), which exercise
// partial tiles, several KC slices, MC blocks and column groups, and the
// small-product path.
func TestGemmOddShapes(t *testing.T) {
	sizes := []int{1, 7, 17, 255, 1023}
	r := rand.New(rand.NewPCG(21, 22))
	for _, m := range sizes {
		for _, n := range sizes {
			for _, k := range sizes {
				if m*n*k > 5_000_000 {
					continue
				}
				a, b := randF32(r, m*k), randF32(r, k*n)
				want := naiveGemm(m, n, k, a, b)
				for _, level := range kernelLevels() {
					for _, l := range layouts {
						as, bs := operands(l, m, n, k, a, b)
						c := randF32(r, m*n)
						withLevel(level, func() {
							if err := Gemm(goroutines, 1, m, n, k, as, 1, bs, 1, c, l, Epilogue[float32]{}); err != nil {
								t.Fatal(err)
							}
						})
						checkNear(t, fmt.Sprintf("%dx%dx%d %+v level %d", m, n, k, l, level), c, want, k)
					}
				}
			}
		}
	}
}

// Batched products with A or B shared by the batch (a [M, K] or [K, N]
// matrix against [B, ...] ones), in every layout.
func TestGemmBatchedShared(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	const batch, m, n, k = 3, 37, 70, 300
	for _, shared := range []string{"A", "B", "none"} {
		batchA, batchB := batch, batch
		switch shared {
		case "A":
			batchA = 1
		case "B":
			batchB = 1
		}
		a, b := randF32(r, batchA*m*k), randF32(r, batchB*k*n)
		for _, level := range kernelLevels() {
			for _, l := range layouts {
				var as, bs []float32
				for p := 0; p < batchA; p++ {
					x, _ := operands(l, m, n, k, a[p*m*k:(p+1)*m*k], nil)
					as = append(as, x...)
				}
				for p := 0; p < batchB; p++ {
					_, y := operands(l, m, n, k, nil, b[p*k*n:(p+1)*k*n])
					bs = append(bs, y...)
				}
				c := make([]float32, batch*m*n)
				withLevel(level, func() {
					if err := Gemm(goroutines, batch, m, n, k, as, batchA, bs, batchB, c, l, Epilogue[float32]{}); err != nil {
						t.Fatal(err)
					}
				})
				for p := 0; p < batch; p++ {
					want := naiveGemm(m, n, k, a[p%batchA*m*k:][:m*k], b[p%batchB*k*n:][:k*n])
					checkNear(t, fmt.Sprintf("shared %s %+v level %d batch %d", shared, l, level, p), c[p*m*n:(p+1)*m*n], want, k)
				}
			}
		}
	}
}

// A fused epilogue gives exactly the bits of the product followed by the
// bias add and the activation as separate element-wise steps (what the
// unfused program computes), for every activation, with and without bias,
// in every layout and kernel, also on batches and on the small-product
// path; and the product is within the reference's tolerance.
func TestGemmEpilogue(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	shapes := []struct{ batch, m, n, k int }{{1, 3, 5, 2}, {1, 17, 255, 7}, {2, 37, 100, 513}, {1, 255, 17, 300}, {1, 9, 9, 0}}
	acts := []Activation{ActNone, ActReLU, ActGELU, ActGELUTanh}
	for _, s := range shapes {
		a, b := randF32(r, s.batch*s.m*s.k), randF32(r, s.k*s.n)
		bias := randF32(r, s.n)
		for _, level := range kernelLevels() {
			for _, l := range layouts {
				var as []float32
				for p := 0; p < s.batch; p++ {
					x, _ := operands(l, s.m, s.n, s.k, a[p*s.m*s.k:(p+1)*s.m*s.k], nil)
					as = append(as, x...)
				}
				_, bs := operands(l, s.m, s.n, s.k, nil, b)
				plain := make([]float32, s.batch*s.m*s.n)
				withLevel(level, func() {
					if err := Gemm(goroutines, s.batch, s.m, s.n, s.k, as, s.batch, bs, 1, plain, l, Epilogue[float32]{}); err != nil {
						t.Fatal(err)
					}
				})
				for _, act := range acts {
					for _, withBias := range []bool{false, true} {
						ep := Epilogue[float32]{Act: act}
						if withBias {
							ep.Bias = bias
						}
						fused := randF32(r, len(plain))
						withLevel(level, func() {
							if err := Gemm(goroutines, s.batch, s.m, s.n, s.k, as, s.batch, bs, 1, fused, l, ep); err != nil {
								t.Fatal(err)
							}
						})
						for i, v := range plain {
							if withBias {
								v += bias[i%s.n]
							}
							v = unfusedActivation(act, v)
							if math.Float32bits(fused[i]) != math.Float32bits(v) {
								t.Fatalf("%+v %+v level %d act %d bias %v: c[%d] = %g, unfused %g", s, l, level, act, withBias, i, fused[i], v)
							}
						}
					}
				}
				for p := 0; p < s.batch; p++ {
					want := naiveGemm(s.m, s.n, s.k, a[p*s.m*s.k:][:s.m*s.k], b)
					checkNear(t, fmt.Sprintf("%+v %+v level %d", s, l, level), plain[p*s.m*s.n:][:s.m*s.n], want, s.k)
				}
			}
		}
	}
}

// unfusedActivation is the tensor op an activation stands for.
func unfusedActivation(act Activation, v float32) float32 {
	switch act {
	case ActReLU:
		return numerics.Relu(v)
	case ActGELU:
		return numerics.GeluF32(v)
	case ActGELUTanh:
		return numerics.GeluTanhF32(v)
	}
	return v
}

// f64 products (their own micro-kernels in SIMD builds) against a
// float64 reference computed in long double-like compensated sums.
func TestGemmF64(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	for _, s := range [][3]int{{1, 1, 1}, {7, 17, 255}, {255, 7, 17}, {67, 300, 513}, {17, 1023, 7}} {
		m, n, k := s[0], s[1], s[2]
		a32, b32 := randF32(r, m*k), randF32(r, k*n)
		want := naiveGemm(m, n, k, a32, b32) // exact: products of f32 values summed in f64
		a, b := make([]float64, m*k), make([]float64, k*n)
		for i, v := range a32 {
			a[i] = float64(v)
		}
		for i, v := range b32 {
			b[i] = float64(v)
		}
		for _, level := range kernelLevels() {
			for _, l := range layouts {
				as, bs := a, b
				if l.TransA {
					as = transposed(a, m, k)
				}
				if l.TransB {
					bs = transposed(b, k, n)
				}
				c := make([]float64, m*n)
				withLevel(level, func() {
					if err := Gemm(goroutines, 1, m, n, k, as, 1, bs, 1, c, l, Epilogue[float64]{Act: ActReLU}); err != nil {
						t.Fatal(err)
					}
				})
				for i, w := range want.c {
					w = max(w, 0)
					if d := math.Abs(c[i] - w); d > 2*float64(k)*math.Ldexp(1, -52)*want.mag[i] {
						t.Fatalf("%v %+v level %d: c[%d] = %g, want %g", s, l, level, i, c[i], w)
					}
				}
			}
		}
	}
}

// The kernels of one build sum in the same order, so the vector kernels
// (AVX-512 and AVX2 in a SIMD build) give the same bits as each other.
func TestGemmKernelsAgreeBitwise(t *testing.T) {
	levels := kernelLevels()
	r := rand.New(rand.NewPCG(29, 30))
	const m, n, k = 131, 257, 600
	a, b := randF32(r, m*k), randF32(r, k*n)
	var first []float32
	for _, level := range levels {
		if level == 0 {
			continue // the scalar kernel may round its multiply-adds twice
		}
		c := make([]float32, m*n)
		withLevel(level, func() {
			if err := Matmul(goroutines, 1, m, n, k, a, 1, b, 1, c); err != nil {
				t.Fatal(err)
			}
		})
		if first == nil {
			first = c
			continue
		}
		for i := range c {
			if math.Float32bits(c[i]) != math.Float32bits(first[i]) {
				t.Fatalf("level %d: c[%d] = %g, level %d gave %g", level, i, c[i], levels[0], first[i])
			}
		}
	}
}

func TestGemmRejectsBadEpilogue(t *testing.T) {
	a, b, c := make([]float32, 4), make([]float32, 4), make([]float32, 4)
	if err := Gemm(Serial, 1, 2, 2, 2, a, 1, b, 1, c, Layout{}, Epilogue[float32]{Bias: make([]float32, 3)}); err == nil {
		t.Fatal("a bias of 3 elements for 2 columns was accepted")
	}
	ai, bi, ci := make([]int32, 4), make([]int32, 4), make([]int32, 4)
	if err := Gemm(Serial, 1, 2, 2, 2, ai, 1, bi, 1, ci, Layout{}, Epilogue[int32]{Act: ActGELU}); err == nil {
		t.Fatal("gelu on an integer product was accepted")
	}
	if err := Gemm(Serial, 1, 2, 2, 2, ai, 1, bi, 1, ci, Layout{}, Epilogue[int32]{Bias: []int32{1, -100}, Act: ActReLU}); err != nil {
		t.Fatal(err)
	}
	if ci[0] != 1 || ci[1] != 0 {
		t.Fatalf("relu(0 + bias) = %v, want [1 0 ...]", ci)
	}
}

func TestParseActivation(t *testing.T) {
	for _, act := range []Activation{ActReLU, ActGELU, ActGELUTanh} {
		if got, ok := ParseActivation(ActivationName(act)); !ok || got != act {
			t.Errorf("ParseActivation(%q) = %d, %v", ActivationName(act), got, ok)
		}
	}
	if _, ok := ParseActivation(""); ok {
		t.Error(`ParseActivation("") succeeded`)
	}
	if _, ok := ParseActivation("tanh"); ok {
		t.Error(`ParseActivation("tanh") succeeded`)
	}
}

// BenchmarkGemm1024 is the square f32 product of tt-bench's matmul model
// (GFLOP/s; compare with NumPy's sgemm:
// OPENBLAS_NUM_THREADS=2 python3 -c "import numpy as np, time; ...").
func BenchmarkGemm1024(b *testing.B) {
	for _, l := range layouts {
		b.Run(fmt.Sprintf("transA=%v,transB=%v", l.TransA, l.TransB), func(b *testing.B) {
			const s = 1024
			r := rand.New(rand.NewPCG(1, 1))
			a, bb, c := randF32(r, s*s), randF32(r, s*s), make([]float32, s*s)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := Gemm(goroutines, 1, s, s, s, a, 1, bb, 1, c, l, Epilogue[float32]{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(2*float64(s*s*s)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}

// BenchmarkGemmEpilogue is a transformer MLP's first layer (1024 tokens,
// 256 → 1024) with each epilogue: what fusing it adds to the product.
func BenchmarkGemmEpilogue(b *testing.B) {
	const m, n, k = 1024, 1024, 256
	r := rand.New(rand.NewPCG(1, 1))
	a, bb, bias, c := randF32(r, m*k), randF32(r, k*n), randF32(r, n), make([]float32, m*n)
	for _, ep := range []struct {
		name string
		ep   Epilogue[float32]
	}{{"none", Epilogue[float32]{}}, {"bias_relu", Epilogue[float32]{Bias: bias, Act: ActReLU}}, {"bias_gelu", Epilogue[float32]{Bias: bias, Act: ActGELU}}} {
		b.Run(ep.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if err := Gemm(goroutines, 1, m, n, k, a, 1, bb, 1, c, Layout{}, ep.ep); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(2*float64(m*n*k)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}
