package rt

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

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
		ttMatmul(1, m, n, k, a, 1, b, 1, c)
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
	ttMatmul(batch, m, n, k, a, batch, b, 1, c)
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
	ttMatmul(1, m, n, k, a, 1, b, 1, c)
	ttMatmul(1, m, n, k, af, 1, bf, 1, cf)
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
		ttMatmul(1, m, n, k, a, 1, b, 1, c)
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
		ttMatmul(1, m, n, k, a[p*m*k:(p+1)*m*k], 1, b[p*k*n:(p+1)*k*n], 1, want[p*m*n:(p+1)*m*n])
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 3, 8} {
		runtime.GOMAXPROCS(procs)
		c := randF32(r, batch*m*n)
		ttMatmul(batch, m, n, k, a, batch, b, batch, c)
		for i := range want {
			if math.Float32bits(c[i]) != math.Float32bits(want[i]) {
				t.Fatalf("GOMAXPROCS=%d: c[%d] = %g, the products alone gave %g", procs, i, c[i], want[i])
			}
		}
	}
}

func TestMatmulSizeMismatchFails(t *testing.T) {
	err := catch(func() { ttMatmul(1, 2, 2, 2, make([]float32, 3), 1, make([]float32, 4), 1, make([]float32, 4)) })
	if err == nil || !strings.Contains(err.Error(), "tt.matmul") {
		t.Fatalf("err = %v, want a tt.matmul size error", err)
	}
}

// catch runs f the way an exported function does and returns its error.
func catch(f func()) (err error) {
	defer ttRecover("@f", &err)
	f()
	return nil
}

// naiveConv is the direct definition of conv2d, in float64.
func naiveConv(x []float32, xs [4]int, w []float32, ws [4]int, stride, pad, dil [2]int, groups int) ([]float64, [4]int) {
	oh := ttConvOut(xs[2], pad[0], dil[0], ws[2], stride[0])
	ow := ttConvOut(xs[3], pad[1], dil[1], ws[3], stride[1])
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
		if err := catch(func() { ttConv2D(x, tc.xs, w, tc.ws, out, os, tc.stride, tc.pad, tc.dil, tc.groups) }); err != nil {
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
	err := catch(func() {
		ttConv2D(x, [4]int{1, 1, 4, 4}, w, [4]int{1, 1, 3, 3}, out, [4]int{1, 1, 3, 3}, [2]int{1, 1}, [2]int{0, 0}, [2]int{1, 1}, 1)
	})
	if err == nil || !strings.Contains(err.Error(), "output is 3x3, want 2x2") {
		t.Fatalf("err = %v", err)
	}
}

func TestParallelForCoversEveryIterationOnce(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, procs := range []int{1, 2, 5} {
		runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 2, 7, 1000, 100003} {
			hits := make([]int32, n)
			ttParallelFor(n, 1000, func(lo, hi int) {
				for i := lo; i < hi; i++ {
					atomic.AddInt32(&hits[i], 1)
				}
			})
			for i, h := range hits {
				if h != 1 {
					t.Fatalf("procs %d, n %d: iteration %d ran %d times", procs, n, i, h)
				}
			}
		}
	}
}

func TestParallelForNestedDoesNotDeadlock(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	runtime.GOMAXPROCS(4)
	var total atomic.Int64
	ttParallelFor(64, 1<<20, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			ttParallelFor(64, 1<<20, func(lo, hi int) {
				total.Add(int64(hi - lo))
			})
		}
	})
	if total.Load() != 64*64 {
		t.Fatalf("ran %d inner iterations, want %d", total.Load(), 64*64)
	}
}

func TestParallelForPanicBecomesError(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	runtime.GOMAXPROCS(4)
	zero := 0
	err := catch(func() {
		ttParallelFor(100, 1<<20, func(lo, hi int) {
			if lo > 0 {
				_ = lo / zero
			}
		})
	})
	var te *ttError
	if !errors.As(err, &te) || !strings.Contains(err.Error(), "integer division by zero") {
		t.Fatalf("err = %v, want an integer division error", err)
	}
}

func TestChunksAreStaticAndBalanced(t *testing.T) {
	for _, n := range []int{1, 5, 64, 1001} {
		for chunks := 1; chunks <= min(n, 9); chunks++ {
			prev := 0
			for c := 0; c < chunks; c++ {
				lo, hi := ttChunk(n, chunks, c)
				if lo != prev || hi-lo < n/chunks || hi-lo > n/chunks+1 {
					t.Fatalf("n %d chunks %d: chunk %d = [%d, %d)", n, chunks, c, lo, hi)
				}
				prev = hi
			}
			if prev != n {
				t.Fatalf("n %d chunks %d: chunks end at %d", n, chunks, prev)
			}
		}
	}
}

func TestArenaReuse(t *testing.T) {
	var p ttArenaPool[struct{ b []float32 }]
	a := p.get()
	s := ttSlot(&a.b, 10)
	s[3] = 7
	p.put(a)
	a2 := p.get()
	if a2 != a {
		t.Fatal("arena not reused")
	}
	s2 := ttSlot(&a2.b, 8)
	if &s2[0] != &s[0] || s2[3] != 0 {
		t.Fatalf("slot not reused or not zeroed: %v", s2)
	}
	if d := ttSlotDirty(&a2.b, 10); d[3] != 0 || len(d) != 10 {
		t.Fatalf("dirty slot = %v", d)
	}
	if allocs := testing.AllocsPerRun(100, func() {
		a := p.get()
		_ = ttSlot(&a.b, 10)
		p.put(a)
	}); allocs != 0 {
		t.Fatalf("arena reuse allocates %v times per call", allocs)
	}
}

func TestTripAndSize(t *testing.T) {
	for _, c := range [][4]int{{0, 10, 3, 4}, {0, 9, 3, 3}, {5, 5, 1, 0}, {5, 2, 1, 0}, {-3, 3, 2, 3}} {
		if got := ttTrip(c[0], c[1], c[2]); got != c[3] {
			t.Errorf("ttTrip(%d, %d, %d) = %d, want %d", c[0], c[1], c[2], got, c[3])
		}
	}
	if err := catch(func() { ttTrip(0, 1, 0) }); err == nil {
		t.Error("step 0 accepted")
	}
	if err := catch(func() { ttSize(3, -1) }); err == nil {
		t.Error("negative size accepted")
	}
	if err := catch(func() { ttSize(1<<40, 1<<40) }); err == nil {
		t.Error("overflowing size accepted")
	}
}

func TestRecoverLeavesForeignPanics(t *testing.T) {
	defer func() {
		if r := recover(); r != "not ours" {
			t.Fatalf("recovered %v, want the foreign panic", r)
		}
	}()
	_ = catch(func() { panic("not ours") })
}

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
		if got := ttFPToSI(c.f, c.w); got != c.si {
			t.Errorf("ttFPToSI(%g, %d) = %d, want %d", c.f, c.w, got, c.si)
		}
		if got := ttFPToUI(c.f, c.w); got != c.ui {
			t.Errorf("ttFPToUI(%g, %d) = %d, want %d", c.f, c.w, got, c.ui)
		}
	}
}

func TestIntToF32IsCorrectlyRounded(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 100000; i++ {
		u := r.Uint64() >> (r.IntN(64))
		got := ttUIToFP32(u)
		// Reference: exact comparison of the two neighbours.
		f := float32(u) // candidate
		if got != f && !closer(u, got, f) {
			t.Fatalf("ttUIToFP32(%d) = %g, float32() = %g", u, got, f)
		}
	}
	if ttSIToFP32(math.MinInt64) != -9.223372e18 {
		t.Fatalf("ttSIToFP32(MinInt64) = %g", ttSIToFP32(math.MinInt64))
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
	check("maximum(nan, 1)", ttMaximum(nan, 1), nan)
	check("maximum(1, nan)", ttMaximum(float32(1), nan), nan)
	check("maximum(-0, 0)", ttMaximum(negz, 0), 0)
	check("minimum(0, -0)", ttMinimum(0, negz), negz)
	check("maxnum(nan, 1)", ttMaxNum(nan, 1), 1)
	check("minnum(2, nan)", ttMinNum(float32(2), nan), 2)
	check("maximum(2, 3)", ttMaximum(float32(2), 3), 3)
}

// ttMaximum and ttMinimum agree bit for bit with the interpreter's
// definitions (interp/arithk's maximumf and minimumf: the NaN operand, a's
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
			if g, w := ttMaximum(a, b), refMax(a, b); math.Float32bits(g) != math.Float32bits(w) {
				t.Errorf("ttMaximum(%v, %v) = %#x, want %#x", a, b, math.Float32bits(g), math.Float32bits(w))
			}
			if g, w := ttMinimum(a, b), refMin(a, b); math.Float32bits(g) != math.Float32bits(w) {
				t.Errorf("ttMinimum(%v, %v) = %#x, want %#x", a, b, math.Float32bits(g), math.Float32bits(w))
			}
			if g, w := ttMaximum(float64(a), float64(b)), float64(refMax(a, b)); math.Float64bits(g) != math.Float64bits(w) {
				t.Errorf("ttMaximum[float64](%v, %v) = %#x, want %#x", a, b, math.Float64bits(g), math.Float64bits(w))
			}
		}
	}
}

func TestIntHelpers(t *testing.T) {
	if ttCeilDivS(int32(7), 2) != 4 || ttCeilDivS(int32(-7), 2) != -3 || ttFloorDivS(int32(-7), 2) != -4 || ttFloorDivS(int32(7), -2) != -4 {
		t.Error("ceil/floor division")
	}
	if ttCeilDivS(int32(math.MinInt32), -1) != math.MinInt32 {
		t.Error("ceildivsi MIN / -1 must wrap")
	}
	if ttCeilDivU(uint32(7), 2) != 4 || ttCeilDivU(uint32(8), 2) != 4 {
		t.Error("ceildivui")
	}
	if ttIPow(int32(3), 4) != 81 || ttIPow(int32(-1), -3) != -1 || ttIPow(int32(2), -1) != 0 || ttIPow(int64(2), 64) != 0 {
		t.Error("ipowi")
	}
	if ttAbsI(int32(math.MinInt32)) != math.MinInt32 || ttAbsI(int64(-5)) != 5 {
		t.Error("absi")
	}
	if lo, hi := ttMulExtended32(-3, 5, true); lo != -15 || hi != -1 {
		t.Errorf("mulsi_extended(-3, 5) = %d, %d", lo, hi)
	}
	if lo, hi := ttMulExtended32(-1, -1, false); lo != 1 || hi != -2 {
		t.Errorf("mului_extended(-1, -1) = %d, %d", lo, hi)
	}
	if lo, hi := ttMulExtended64(math.MinInt64, -1, true); lo != math.MinInt64 || hi != 0 {
		t.Errorf("mulsi_extended64(MIN, -1) = %d, %d", lo, hi)
	}
	if s, c := ttAddUIExtended32(-1, 1); s != 0 || !c {
		t.Errorf("addui_extended(-1, 1) = %d, %v", s, c)
	}
}

func TestCopyChecksSizes(t *testing.T) {
	if err := catch(func() { ttCopy(make([]int32, 3), make([]int32, 4)) }); err == nil {
		t.Fatal("loops.copy of different sizes accepted")
	}
	dst := make([]int32, 2)
	ttCopy(dst, []int32{4, 5})
	if !slices.Equal(dst, []int32{4, 5}) {
		t.Fatal(dst)
	}
	_ = fmt.Sprint()
}

func BenchmarkMatmul(b *testing.B) {
	for _, s := range []int{64, 256, 512} {
		b.Run(fmt.Sprint(s), func(b *testing.B) {
			r := rand.New(rand.NewPCG(1, 1))
			a, bb, c := randF32(r, s*s), randF32(r, s*s), make([]float32, s*s)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				ttMatmul(1, s, s, s, a, 1, bb, 1, c)
			}
			b.ReportMetric(2*float64(s*s*s)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
		})
	}
}
