package linalg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// goroutines is a ParallelFor that runs every chunk of a static split
// into GOMAXPROCS parts on its own goroutine (a stand-in for the
// interpreter's and generated code's runners).
func goroutines(n, _ int, body func(lo, hi int)) {
	parts := min(n, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for c := 0; c < parts; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body(c*n/parts, (c+1)*n/parts)
		}()
	}
	wg.Wait()
}

// mustMatmul runs Matmul on goroutines and fails the test on an error.
func mustMatmul[T Number](t *testing.T, batch, m, n, k int, a []T, batchA int, b []T, batchB int, c []T) {
	t.Helper()
	if err := Matmul(goroutines, batch, m, n, k, a, batchA, b, batchB, c); err != nil {
		t.Fatal(err)
	}
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
		a, b := randNorm(rng, s.m*lda), randNorm(rng, max(1, s.k)*ldb)
		c := randNorm(rng, s.m*ldc) // gemm accumulates into c
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
		blockedGemm(goroutines, s.m, s.n, s.k, matrix[float32]{a, lda, 1}, matrix[float32]{b, ldb, 1}, c, ldc, nil)
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

func randNorm(rng *rand.Rand, n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(rng.NormFloat64())
	}
	return x
}

// naiveMatmul is the reference product in float64.
func naiveMatmul(m, n, k int, a, b []float32) []float64 {
	c := make([]float64, m*n)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			s := 0.0
			for p := 0; p < k; p++ {
				s += float64(a[i*k+p]) * float64(b[p*n+j])
			}
			c[i*n+j] = s
		}
	}
	return c
}

func randF32(r *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(r.Float64()*2 - 1)
	}
	return s
}

func TestMatmulShapes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	shapes := [][3]int{{1, 1, 1}, {3, 5, 7}, {4, 2, 1}, {33, 33, 33}, {64, 64, 64}, {65, 63, 257}, {5, 300, 513}, {128, 3, 200}, {200, 130, 9}}
	for _, s := range shapes {
		m, n, k := s[0], s[1], s[2]
		a, b := randF32(r, m*k), randF32(r, k*n)
		c := randF32(r, m*n) // garbage: tt.matmul overwrites
		mustMatmul(t, 1, m, n, k, a, 1, b, 1, c)
		want := naiveMatmul(m, n, k, a, b)
		for i := range want {
			if d := math.Abs(float64(c[i]) - want[i]); d > 1e-5*float64(k) {
				t.Fatalf("%dx%dx%d: c[%d] = %g, want %g", m, n, k, i, c[i], want[i])
			}
		}
	}
}

func TestMatmulBatchBroadcast(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const batch, m, n, k = 3, 9, 70, 40
	a, b := randF32(r, batch*m*k), randF32(r, k*n)
	c := make([]float32, batch*m*n)
	mustMatmul(t, batch, m, n, k, a, batch, b, 1, c)
	for p := 0; p < batch; p++ {
		want := naiveMatmul(m, n, k, a[p*m*k:(p+1)*m*k], b)
		for i := range want {
			if d := math.Abs(float64(c[p*m*n+i]) - want[i]); d > 1e-4 {
				t.Fatalf("batch %d: c[%d] = %g, want %g", p, i, c[p*m*n+i], want[i])
			}
		}
	}
}

func TestMatmulIntAndF64(t *testing.T) {
	const m, n, k = 37, 41, 300
	a, b := make([]int64, m*k), make([]int64, k*n)
	af, bf := make([]float64, m*k), make([]float64, k*n)
	for i := range a {
		a[i] = int64(i%13 - 6)
		af[i] = float64(a[i])
	}
	for i := range b {
		b[i] = int64(i%7 - 3)
		bf[i] = float64(b[i])
	}
	c := make([]int64, m*n)
	cf := make([]float64, m*n)
	mustMatmul(t, 1, m, n, k, a, 1, b, 1, c)
	mustMatmul(t, 1, m, n, k, af, 1, bf, 1, cf)
	for i := 0; i < m; i++ {
		for j := 0; j < n; j++ {
			var s int64
			for p := 0; p < k; p++ {
				s += a[i*k+p] * b[p*n+j]
			}
			if c[i*n+j] != s || cf[i*n+j] != float64(s) {
				t.Fatalf("c[%d,%d] = %d (f64 %g), want %d", i, j, c[i*n+j], cf[i*n+j], s)
			}
		}
	}
}

func TestMatmulDeterministicAcrossGOMAXPROCS(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const m, n, k = 150, 260, 530
	a, b := randF32(r, m*k), randF32(r, k*n)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	var first []float32
	for _, procs := range []int{1, 2, 3, 8} {
		runtime.GOMAXPROCS(procs)
		c := make([]float32, m*n)
		mustMatmul(t, 1, m, n, k, a, 1, b, 1, c)
		if first == nil {
			first = c
			continue
		}
		for i := range c {
			if math.Float32bits(c[i]) != math.Float32bits(first[i]) {
				t.Fatalf("GOMAXPROCS=%d: c[%d] = %g, GOMAXPROCS=1 gave %g", procs, i, c[i], first[i])
			}
		}
	}
}

// A batch of small products runs one product per goroutine: the results
// are those of each product computed alone (split over the pool), bitwise,
// for any GOMAXPROCS.
func TestMatmulSmallBatchesBitwise(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	const batch, m, n, k = 7, 37, 70, 129
	a, b := randF32(r, batch*m*k), randF32(r, batch*k*n)
	want := make([]float32, batch*m*n)
	for p := 0; p < batch; p++ {
		mustMatmul(t, 1, m, n, k, a[p*m*k:(p+1)*m*k], 1, b[p*k*n:(p+1)*k*n], 1, want[p*m*n:(p+1)*m*n])
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 3, 8} {
		runtime.GOMAXPROCS(procs)
		c := randF32(r, batch*m*n)
		mustMatmul(t, batch, m, n, k, a, batch, b, batch, c)
		for i := range want {
			if math.Float32bits(c[i]) != math.Float32bits(want[i]) {
				t.Fatalf("GOMAXPROCS=%d: c[%d] = %g, the products alone gave %g", procs, i, c[i], want[i])
			}
		}
	}
}

func TestMatmulSizeMismatchFails(t *testing.T) {
	c := []float32{1, 2, 3, 4}
	err := Matmul(goroutines, 1, 2, 2, 2, make([]float32, 3), 1, make([]float32, 4), 1, c)
	if err == nil || !strings.Contains(err.Error(), "buffer sizes 3, 4, 4 do not match") {
		t.Fatalf("err = %v, want a size error", err)
	}
	if c[0] != 1 || c[3] != 4 {
		t.Fatalf("c = %v: written despite the error", c)
	}
}

// naiveConv is the direct definition of conv2d, in float64.
func naiveConv(x []float32, xs [4]int, w []float32, ws [4]int, stride, pad, dil [2]int, groups int) ([]float64, [4]int) {
	oh := convOut(xs[2], pad[0], dil[0], ws[2], stride[0])
	ow := convOut(xs[3], pad[1], dil[1], ws[3], stride[1])
	os := [4]int{xs[0], ws[0], oh, ow}
	out := make([]float64, os[0]*os[1]*oh*ow)
	cg, og := xs[1]/groups, ws[0]/groups
	for n := 0; n < xs[0]; n++ {
		for o := 0; o < ws[0]; o++ {
			gr := o / og
			for i := 0; i < oh; i++ {
				for j := 0; j < ow; j++ {
					s := 0.0
					for c := 0; c < cg; c++ {
						for ki := 0; ki < ws[2]; ki++ {
							for kj := 0; kj < ws[3]; kj++ {
								ih, iw := i*stride[0]-pad[0]+ki*dil[0], j*stride[1]-pad[1]+kj*dil[1]
								if ih < 0 || ih >= xs[2] || iw < 0 || iw >= xs[3] {
									continue
								}
								s += float64(x[((n*xs[1]+gr*cg+c)*xs[2]+ih)*xs[3]+iw]) * float64(w[((o*cg+c)*ws[2]+ki)*ws[3]+kj])
							}
						}
					}
					out[((n*ws[0]+o)*oh+i)*ow+j] = s
				}
			}
		}
	}
	return out, os
}

func TestConv2D(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	cases := []struct {
		xs, ws           [4]int
		stride, pad, dil [2]int
		groups           int
	}{
		{[4]int{1, 1, 5, 5}, [4]int{1, 1, 3, 3}, [2]int{1, 1}, [2]int{0, 0}, [2]int{1, 1}, 1},
		{[4]int{2, 3, 9, 8}, [4]int{4, 3, 3, 2}, [2]int{2, 1}, [2]int{1, 2}, [2]int{1, 2}, 1},
		{[4]int{3, 4, 7, 7}, [4]int{6, 2, 3, 3}, [2]int{1, 1}, [2]int{1, 1}, [2]int{1, 1}, 2},
		{[4]int{2, 8, 6, 6}, [4]int{16, 8, 1, 1}, [2]int{1, 1}, [2]int{0, 0}, [2]int{1, 1}, 1},
		{[4]int{1, 16, 40, 40}, [4]int{32, 16, 3, 3}, [2]int{1, 1}, [2]int{1, 1}, [2]int{1, 1}, 1},
		{[4]int{8, 3, 12, 12}, [4]int{5, 3, 5, 5}, [2]int{3, 3}, [2]int{2, 2}, [2]int{1, 1}, 1},
	}
	for _, tc := range cases {
		x := randF32(r, tc.xs[0]*tc.xs[1]*tc.xs[2]*tc.xs[3])
		w := randF32(r, tc.ws[0]*tc.ws[1]*tc.ws[2]*tc.ws[3])
		want, os := naiveConv(x, tc.xs, w, tc.ws, tc.stride, tc.pad, tc.dil, tc.groups)
		out := randF32(r, len(want))
		if err := Conv2D(goroutines, x, tc.xs, w, tc.ws, out, os, tc.stride, tc.pad, tc.dil, tc.groups); err != nil {
			t.Fatalf("%+v: %v", tc, err)
		}
		for i := range want {
			if d := math.Abs(float64(out[i]) - want[i]); d > 1e-4 {
				t.Fatalf("%+v: out[%d] = %g, want %g", tc, i, out[i], want[i])
			}
		}
	}
}

func TestConv2DRejectsBadGeometry(t *testing.T) {
	x, w, out := make([]float32, 16), make([]float32, 9), make([]float32, 4)
	err := Conv2D(goroutines, x, [4]int{1, 1, 4, 4}, w, [4]int{1, 1, 3, 3}, out, [4]int{1, 1, 3, 3}, [2]int{1, 1}, [2]int{0, 0}, [2]int{1, 1}, 1)
	if err == nil || !strings.Contains(err.Error(), "output is 3x3, want 2x2") {
		t.Fatalf("err = %v", err)
	}
}

// Serial and goroutines give the same bits: a kernel never splits a sum
// between chunks.
func TestRunnersGiveTheSameBits(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	const batch, m, n, k = 3, 70, 90, 300
	a, b := randF32(r, batch*m*k), randF32(r, batch*k*n)
	c1, c2 := make([]float32, batch*m*n), make([]float32, batch*m*n)
	if err := Matmul(Serial, batch, m, n, k, a, batch, b, batch, c1); err != nil {
		t.Fatal(err)
	}
	if err := Matmul(goroutines, batch, m, n, k, a, batch, b, batch, c2); err != nil {
		t.Fatal(err)
	}
	for i := range c1 {
		if math.Float32bits(c1[i]) != math.Float32bits(c2[i]) {
			t.Fatalf("c[%d]: Serial %g, goroutines %g", i, c1[i], c2[i])
		}
	}
}

// C may be A: the product is computed aside.
func TestMatmulAliasing(t *testing.T) {
	a := []float64{1, 2, 3, 4}
	b := []float64{5, 6, 7, 8}
	if err := Matmul(Serial, 1, 2, 2, 2, a, 1, b, 1, a); err != nil {
		t.Fatal(err)
	}
	if want := []float64{19, 22, 43, 50}; fmt.Sprint(a) != fmt.Sprint(want) {
		t.Fatalf("a·b into a = %v, want %v", a, want)
	}
}

// BenchmarkMatmul is the f32 GEMM on the goroutines runner (the
// interpreter's and generated code's own runners are benchmarked in
// interp and emit/go/rt).
func BenchmarkMatmul(b *testing.B) {
	for _, s := range []int{64, 256, 512, 1024} {
		b.Run(fmt.Sprint(s), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 1))
			a, bb, c := randF32(r, s*s), randF32(r, s*s), make([]float32, s*s)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := Matmul(goroutines, 1, s, s, s, a, 1, bb, 1, c); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(2*float64(s*s*s)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}

// BenchmarkConv2D is a small CNN's 3x3 convolution (padding 1) over a
// batch of feature maps: per image a GEMM of 32 × 784 × 144 after im2col.
func BenchmarkConv2D(b *testing.B) {
	xs, ws := [4]int{32, 16, 28, 28}, [4]int{32, 16, 3, 3}
	r := rand.New(rand.NewPCG(1, 1))
	x, w := randF32(r, xs[0]*xs[1]*xs[2]*xs[3]), randF32(r, ws[0]*ws[1]*ws[2]*ws[3])
	os := [4]int{32, 32, 28, 28}
	out := make([]float32, os[0]*os[1]*os[2]*os[3])
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Conv2D(goroutines, x, xs, w, ws, out, os, [2]int{1, 1}, [2]int{1, 1}, [2]int{1, 1}, 1); err != nil {
			b.Fatal(err)
		}
	}
	flops := 2 * float64(os[0]*os[1]*os[2]*os[3]) * float64(ws[1]*ws[2]*ws[3])
	b.ReportMetric(flops*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}
