package interp

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// Workers returns how many goroutines kernels split large work over:
// runtime.GOMAXPROCS(0).
func Workers() int { return runtime.GOMAXPROCS(0) }

// ParallelFor covers [0, n) with consecutive chunks of grain indices (the
// last one may be shorter) and calls body(lo, hi) once per chunk, on up to
// Workers() goroutines (the caller's included).
//
// Chunk boundaries depend only on n and grain, never on the number of
// workers, so a kernel that computes one partial result per chunk and
// combines the partials in chunk order gets bit-identical results whatever
// GOMAXPROCS is. Bodies for different chunks run concurrently and must not
// write to shared memory other than their own outputs. A panic in body is
// re-raised in the caller (so the interpreter can turn it into an error).
func ParallelFor(n, grain int, body func(lo, hi int)) {
	if n <= 0 {
		return
	}
	grain = max(grain, 1)
	chunks := (n + grain - 1) / grain
	w := min(Workers(), chunks)
	if w <= 1 {
		for lo := 0; lo < n; lo += grain {
			body(lo, min(lo+grain, n))
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failure any
	work := func() {
		defer func() {
			if r := recover(); r != nil {
				mu.Lock()
				if failure == nil {
					failure = r
				}
				mu.Unlock()
				next.Store(int64(chunks)) // stop handing out chunks
			}
		}()
		for {
			c := int(next.Add(1) - 1)
			if c >= chunks {
				return
			}
			lo := c * grain
			body(lo, min(lo+grain, n))
		}
	}
	wg.Add(w - 1)
	for i := 0; i < w-1; i++ {
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
	if failure != nil {
		panic(fmt.Sprintf("in a parallel worker: %v", failure))
	}
}

// ChunkCount returns the number of chunks ParallelFor(n, grain, ...) uses.
func ChunkCount(n, grain int) int {
	if n <= 0 {
		return 0
	}
	grain = max(grain, 1)
	return (n + grain - 1) / grain
}

// GrainFor picks a chunk size for items costing about cost units each (1
// unit ≈ one cheap arithmetic operation on one element): large enough that
// a chunk amortizes the cost of scheduling it (about 32K units), so that
// cheap element-wise work runs in parallel only above ~32K elements. It
// depends only on cost, which keeps chunking independent of the workers.
func GrainFor(cost int) int {
	const minWork = 32 << 10
	g := minWork / max(cost, 1)
	return max(g, 1)
}
