// Command gonumbench times gonum's pure-Go single-precision GEMM
// (blas32.Gemm, which calls gonum's native Sgemm: blocked, parallel over
// GOMAXPROCS goroutines, SSE assembly for its inner axpy/dot loops on
// amd64) on an n×n×n product, for tt-bench --gonum. It is a module of its
// own so that tt's module does not depend on gonum.
//
//	cd tools/gonumbench && go run . -n 1024 -runs 10
//
// It prints one line:
//
//	gonum blas32.Gemm 1024x1024x1024 f32: median 12.345 ms, min 12.001 ms, 174.0 GFLOP/s (median), 10 runs, GOMAXPROCS 2
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"time"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"
)

func main() {
	n := flag.Int("n", 1024, "matrix size")
	runs := flag.Int("runs", 10, "timed runs after one warm-up run")
	flag.Parse()
	if *n <= 0 || *runs <= 0 {
		fmt.Fprintln(os.Stderr, "gonumbench: -n and -runs must be positive")
		os.Exit(2)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	mat := func() blas32.General {
		d := make([]float32, *n**n)
		for i := range d {
			d[i] = rng.Float32()*2 - 1
		}
		return blas32.General{Rows: *n, Cols: *n, Stride: *n, Data: d}
	}
	a, b, c := mat(), mat(), mat()
	blas32.Gemm(blas.NoTrans, blas.NoTrans, 1, a, b, 0, c) // warm-up
	ms := make([]float64, *runs)
	for i := range ms {
		t := time.Now()
		blas32.Gemm(blas.NoTrans, blas.NoTrans, 1, a, b, 0, c)
		ms[i] = float64(time.Since(t).Nanoseconds()) / 1e6
	}
	slices.Sort(ms)
	med := ms[len(ms)/2]
	if len(ms)%2 == 0 {
		med = (ms[len(ms)/2-1] + ms[len(ms)/2]) / 2
	}
	flops := 2 * float64(*n) * float64(*n) * float64(*n)
	fmt.Printf("gonum blas32.Gemm %dx%dx%d f32: median %.3f ms, min %.3f ms, %.1f GFLOP/s (median), %d runs, GOMAXPROCS %d\n",
		*n, *n, *n, med, ms[0], flops/med/1e6, *runs, runtime.GOMAXPROCS(0))
}
