package interp

import (
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
)

func TestParallelForCoversOnce(t *testing.T) {
	for _, n := range []int{0, 1, 7, 100, 1000, 100003} {
		for _, grain := range []int{1, 3, 64, 1 << 20} {
			hits := make([]int32, n)
			var chunks atomic.Int32
			ParallelFor(n, grain, func(lo, hi int) {
				chunks.Add(1)
				if lo%grain != 0 || (hi-lo != grain && hi != n) {
					t.Errorf("n=%d grain=%d: chunk [%d,%d) is not a fixed chunk", n, grain, lo, hi)
				}
				for i := lo; i < hi; i++ {
					atomic.AddInt32(&hits[i], 1)
				}
			})
			for i, h := range hits {
				if h != 1 {
					t.Fatalf("n=%d grain=%d: index %d visited %d times", n, grain, i, h)
				}
			}
			if int(chunks.Load()) != ChunkCount(n, grain) {
				t.Errorf("n=%d grain=%d: %d chunks, want %d", n, grain, chunks.Load(), ChunkCount(n, grain))
			}
		}
	}
}

func TestParallelForPanics(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	defer func() {
		r := recover()
		if r == nil || !strings.Contains(r.(string), "boom") {
			t.Errorf("recovered %v, want the worker's panic", r)
		}
	}()
	ParallelFor(100, 1, func(lo, hi int) {
		if lo == 57 {
			panic("boom")
		}
	})
}
