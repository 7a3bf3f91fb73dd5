package corpustest

import (
	"math"
	"math/rand/v2"
)

// rng makes the kernels' inputs: a fixed seed per kernel, so every run
// (and every target) sees the same data.
type rng struct{ *rand.Rand }

func newRand(seed uint64) rng { return rng{rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))} }

// wideFloat64 returns a random value with a random sign, a random 53-bit
// significand and a binary exponent uniform in [minExp, maxExp].
func (r rng) wideFloat64(minExp, maxExp int) float64 {
	m := 1 + r.Float64()
	if r.IntN(2) == 0 {
		m = -m
	}
	return math.Ldexp(m, minExp+r.IntN(maxExp-minExp+1))
}

// f32s returns n floats uniform in [lo, hi).
func (r rng) f32s(n int, lo, hi float64) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(lo + (hi-lo)*r.Float64())
	}
	return out
}

func (r rng) f64s(n int, lo, hi float64) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = lo + (hi-lo)*r.Float64()
	}
	return out
}

// i32s returns n integers uniform in [lo, hi].
func (r rng) i32s(n int, lo, hi int64) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(lo + r.Int64N(hi-lo+1))
	}
	return out
}

func (r rng) u32s(n int) []uint32 {
	out := make([]uint32, n)
	for i := range out {
		out[i] = r.Uint32()
	}
	return out
}

// grid returns n multiples of 1/4 in [-2, 2]: exact in f16, bf16 and tf32,
// with products and short sums exact in f32.
func (r rng) grid(n int) []float32 {
	out := make([]float32, n)
	for i := range out {
		out[i] = float32(r.IntN(17)-8) / 4
	}
	return out
}
