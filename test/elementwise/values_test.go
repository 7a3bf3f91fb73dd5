package elementwise_test

import (
	"math"
	"slices"
)

// The edge values each element type is tested on. Unary ops see every
// value of unary; binary ops see every pair of binary (the first operand
// varying slowest).

var (
	negZero = math.Copysign(0, -1)
	inf     = math.Inf(1)
	nan     = math.NaN()
)

// floatEdges are the values both float types test: signed zeros and
// infinities, NaN, values near 1, halves (rounding ties), the exp-like
// ops' range ends (±80 ... ±104: where e**x under- and overflows in f32,
// and sigmoid's tail), integers around the i32 limits (casts), and
// subnormals and extremes of f32.
var floatEdges = []float64{
	0, negZero, inf, -inf, nan,
	1, -1, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3, -3, 5, -5, 0.1, -0.1, 1e-7, -1e-7, 0.625, -0.625,
	10, -10, 20, -20, 80, -80, 87, -87, 87.5, -87.5, 88, -88, 88.72, -88.72, 88.73, -88.73, 89, -89, 90, -90,
	100, -100, 103.97, -103.97, 104, -104, 1e30, -1e30,
	2147483647, -2147483648, 2147483648, -2147483649, 3e9, -3e9, 9.3e18, -9.3e18, 1.9e19,
	float64(math.SmallestNonzeroFloat32), -float64(math.SmallestNonzeroFloat32),
	0x1p-126, -0x1p-126, 0x1.8p-130, math.MaxFloat32, -math.MaxFloat32,
}

// f64Edges adds the f64 range ends.
var f64Edges = slices.Concat(floatEdges, []float64{
	700, -700, 709.78, 709.79, -745.2, -745.1, math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64,
	0x1p-1022, math.MaxFloat64, -math.MaxFloat64, 0x1p63, -0x1p63, 0x1p64,
})

// floatPairs are the operands of the binary float ops.
var floatPairs = []float64{
	0, negZero, inf, -inf, nan, 1, -1, 0.5, -1.5, 2.5, 3, -3, 5, -5, 7, 0.1, -88.72, 90,
	float64(math.SmallestNonzeroFloat32), -0x1p-126, math.MaxFloat32, 1e30, -2147483648,
}

// i32Edges and i64Edges are the integer values: 0, small values, shift
// widths, and the extremes.
var (
	i32Edges = []int64{0, 1, -1, 2, -2, 3, -3, 7, -7, 31, 32, 33, 64, 100, -100, 65536,
		math.MaxInt32, math.MinInt32, math.MaxInt32 - 1, math.MinInt32 + 1, 1 << 24, (1 << 24) + 1}
	i64Edges = []int64{0, 1, -1, 2, -2, 3, -3, 7, -7, 31, 32, 63, 64, 65, 100, -100, 1 << 32,
		math.MaxInt64, math.MinInt64, math.MaxInt64 - 1, math.MinInt64 + 1, math.MaxInt32, math.MinInt32,
		1 << 53, (1 << 53) + 1, (1 << 62) + 1}
	i32Pairs = []int64{0, 1, -1, 2, -2, 3, -3, 7, -7, 31, 32, 33, math.MaxInt32, math.MinInt32, 100, -100, 1 << 16}
	i64Pairs = []int64{0, 1, -1, 2, -2, 3, -3, 7, -7, 63, 64, 65, math.MaxInt64, math.MinInt64, 100, -100, 1 << 32}
)

// pairs returns the first and second operands of every pair of vals; with
// nonzero, pairs whose second operand is 0 are left out (divisions).
func pairs[T comparable](vals []T, nonzero bool) (a, b []T) {
	var zero T
	for _, x := range vals {
		for _, y := range vals {
			if nonzero && y == zero {
				continue
			}
			a, b = append(a, x), append(b, y)
		}
	}
	return a, b
}
