package rt

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

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

// The extern kernels raise linalg's errors as run failures naming the
// kernel.
func TestKernelErrorsFailTheRun(t *testing.T) {
	err := catch(func() { ttMatmul(1, 2, 2, 2, make([]float32, 3), 1, make([]float32, 4), 1, make([]float32, 4)) })
	if err == nil || !strings.Contains(err.Error(), "tt.matmul: buffer sizes") {
		t.Fatalf("err = %v, want a tt.matmul size error", err)
	}
	x, w, out := make([]float32, 16), make([]float32, 9), make([]float32, 4)
	err = catch(func() {
		ttConv2D(x, [4]int{1, 1, 4, 4}, w, [4]int{1, 1, 3, 3}, out, [4]int{1, 1, 3, 3}, [2]int{1, 1}, [2]int{0, 0}, [2]int{1, 1}, 1)
	})
	if err == nil || !strings.Contains(err.Error(), "tt.conv2d: output is 3x3, want 2x2") {
		t.Fatalf("err = %v", err)
	}
}

// catch runs f the way an exported function does and returns its error.
func catch(f func()) (err error) {
	defer ttRecover("@f", &err)
	f()
	return nil
}

// randF32 returns n values in [-1, 1).
func randF32(r *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(r.Float64()*2 - 1)
	}
	return s
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
