package rt

import (
	"fmt"
	"runtime"
	"testing"
	"time"
)

// spinSink keeps the benchmark's work from being optimized away.
var spinSink float32

// spin does about k dependent multiply-adds (roughly k nanoseconds on the
// machines this was tuned on: a float32 FMA latency is 4 cycles).
func spin(k int) {
	x := float32(1)
	for range k {
		x = x*0.9999999 + 1e-7
	}
	spinSink += x
}

// BenchmarkPoolDispatch measures what one ttParallelFor costs beyond its
// work: a loop of 64 iterations (the rows of a small kernel) of w spin
// steps each, run inline (fn(0, 64) on the caller, what a loop below
// ttMinParallelWork does) and on the pool (cost forced above the
// threshold). With P = GOMAXPROCS, the pool's overhead per call is
// pool - inline/P; it reports that as overhead-ns/op, and the work of one
// call in ns as work-ns/op (the inline time). Run it with -cpu 1,2,...:
//
//	go test ./emit/go/rt -run '^$' -bench PoolDispatch -cpu 2
func BenchmarkPoolDispatch(b *testing.B) {
	const n = 64
	for _, w := range []int{0, 16, 64, 256, 1024} {
		fn := func(lo, hi int) {
			for range hi - lo {
				spin(w)
			}
		}
		b.Run(fmt.Sprintf("work=%dx64", w), func(b *testing.B) {
			// The inline time of the same work, measured alongside.
			inline := measure(func() { fn(0, n) })
			for b.Loop() {
				ttParallelFor(n, 1<<30, fn)
			}
			per := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			procs := float64(min(runtime.GOMAXPROCS(0), n))
			b.ReportMetric(float64(inline.Nanoseconds()), "work-ns/op")
			b.ReportMetric(per-float64(inline.Nanoseconds())/procs, "overhead-ns/op")
		})
	}
}

// measure returns the median time of f over a few hundred runs.
func measure(f func()) time.Duration {
	const runs = 301
	ts := make([]time.Duration, runs)
	for i := range ts {
		start := time.Now()
		f()
		ts[i] = time.Since(start)
	}
	for i := 1; i < runs; i++ { // insertion sort: runs is small
		for j := i; j > 0 && ts[j] < ts[j-1]; j-- {
			ts[j], ts[j-1] = ts[j-1], ts[j]
		}
	}
	return ts[runs/2]
}
