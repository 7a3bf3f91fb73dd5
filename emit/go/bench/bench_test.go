package bench

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"

	"github.com/tt-compiler/tt/emit/go/bench/model"
)

func random(r *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = float32(r.Float64()*2 - 1)
	}
	return s
}

// TestAgreement checks that the four products agree.
func TestAgreement(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const m, n, k = 100, 70, 130
	a, b := random(r, m*k), random(r, k*n)
	tt, _, _, err := model.Matmul(a, m, k, b, k, n)
	if err != nil {
		t.Fatal(err)
	}
	gen, _, _, err := model.Naive(a, m, k, b, k, n)
	if err != nil {
		t.Fatal(err)
	}
	naive := make([]float32, m*n)
	naiveMatmul(m, n, k, a, b, naive)
	gn := make([]float32, m*n)
	gonum.Implementation{}.Sgemm(blas.NoTrans, blas.NoTrans, m, n, k, 1, a, k, b, n, 0, gn, n)
	for i := range naive {
		for _, x := range []float32{tt[i], gen[i], gn[i]} {
			if math.Abs(float64(x-naive[i])) > 1e-4 {
				t.Fatalf("element %d: %v, naive %v", i, x, naive[i])
			}
		}
	}
}

var sizes = []int{64, 128, 256, 512, 1024}

func gflops(b *testing.B, n int) {
	b.ReportMetric(2*float64(n)*float64(n)*float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e9, "GFLOP/s")
}

// BenchmarkMatmul times square products: tt's generated tt.matmul, the
// generated plain loop nest, a hand-written naive loop and gonum's Sgemm.
// The naive variants stop at 512.
func BenchmarkMatmul(b *testing.B) {
	b.Logf("GOMAXPROCS=%d", runtime.GOMAXPROCS(0))
	for _, n := range sizes {
		r := rand.New(rand.NewPCG(uint64(n), 1))
		a, bb := random(r, n*n), random(r, n*n)
		c := make([]float32, n*n)
		b.Run(fmt.Sprintf("tt/%d", n), func(b *testing.B) {
			for range b.N {
				if _, _, _, err := model.Matmul(a, n, n, bb, n, n); err != nil {
					b.Fatal(err)
				}
			}
			gflops(b, n)
		})
		b.Run(fmt.Sprintf("gonum/%d", n), func(b *testing.B) {
			for range b.N {
				gonum.Implementation{}.Sgemm(blas.NoTrans, blas.NoTrans, n, n, n, 1, a, n, bb, n, 0, c, n)
			}
			gflops(b, n)
		})
		if n > 512 {
			continue
		}
		b.Run(fmt.Sprintf("generated-loops/%d", n), func(b *testing.B) {
			for range b.N {
				if _, _, _, err := model.Naive(a, n, n, bb, n, n); err != nil {
					b.Fatal(err)
				}
			}
			gflops(b, n)
		})
		b.Run(fmt.Sprintf("naive-go/%d", n), func(b *testing.B) {
			for range b.N {
				naiveMatmul(n, n, n, a, bb, c)
			}
			gflops(b, n)
		})
	}
}
