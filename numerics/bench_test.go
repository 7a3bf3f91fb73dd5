package numerics

import (
	"math"
	"testing"
)

// The benchmarks apply each function to 4096 values in [-10, 10) (Log:
// (0, 20)); ns/op is per 4096 results.

func benchArgs(pos bool) []float32 {
	x := make([]float32, 4096)
	for i := range x {
		x[i] = float32(i)/4096*20 - 10
		if pos {
			x[i] += 10.001
		}
	}
	return x
}

func bench(b *testing.B, pos bool, f func(float32) float32) {
	x := benchArgs(pos)
	y := make([]float32, len(x))
	for b.Loop() {
		for i, v := range x {
			y[i] = f(v)
		}
	}
}

func BenchmarkExp(b *testing.B) { bench(b, false, ExpF32) }
func BenchmarkExpFloat64(b *testing.B) {
	bench(b, false, func(x float32) float32 { return float32(math.Exp(float64(x))) })
}
func BenchmarkLog(b *testing.B) { bench(b, true, LogF32) }
func BenchmarkLogFloat64(b *testing.B) {
	bench(b, true, func(x float32) float32 { return float32(math.Log(float64(x))) })
}
func BenchmarkTanh(b *testing.B) { bench(b, false, TanhF32) }
func BenchmarkTanhFloat64(b *testing.B) {
	bench(b, false, func(x float32) float32 { return float32(math.Tanh(float64(x))) })
}
func BenchmarkErf(b *testing.B) { bench(b, false, ErfF32) }
func BenchmarkErfFloat64(b *testing.B) {
	bench(b, false, func(x float32) float32 { return float32(math.Erf(float64(x))) })
}
func BenchmarkSigmoid(b *testing.B) { bench(b, false, SigmoidF32) }
func BenchmarkGelu(b *testing.B)    { bench(b, false, GeluF32) }

func BenchmarkExpShifted(b *testing.B) {
	x := benchArgs(false)
	y := make([]float32, len(x))
	for b.Loop() {
		ExpShiftedF32(y, x, 10)
	}
}
