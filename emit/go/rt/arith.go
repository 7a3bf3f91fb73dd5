package rt

import (
	"math"
	"math/bits"
)

// Helpers for arith and math ops whose semantics are not a single Go
// operator. They match the interpreter (package interp/arithk) exactly:
// IEEE 754 floats, two's-complement integers, and the same choices where
// MLIR leaves a result undefined (see the package comment of arithk).

// ttFloat is the float element types.
type ttFloat interface{ ~float32 | ~float64 }

// ttSigned is the signed integer element types (i32, i64, index).
type ttSigned interface{ ~int32 | ~int64 | ~int }

// ttUnsigned is the unsigned views of the integer element types.
type ttUnsigned interface{ ~uint32 | ~uint64 | ~uint }

// ttSelect is arith.select on one element.
func ttSelect[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}

// ttB2I converts an i1 to 0 or 1.
func ttB2I[T ttSigned | ttUnsigned | ttFloat](b bool) T {
	if b {
		return 1
	}
	return 0
}

// ttMaximum is arith.maximumf (and MLIR 16's maxf): IEEE 754-2019
// maximum, NaN-propagating (a NaN operand is returned as it is, a's first),
// -0 < +0. The ordered comparisons come first: in a running maximum they
// are the cases that occur, and they predict well.
func ttMaximum[T ttFloat](a, b T) T {
	if a > b {
		return a
	}
	if b > a {
		return b
	}
	// Equal or unordered.
	if a != a || b == b && a == 0 && !math.Signbit(float64(a)) {
		return a
	}
	return b
}

// ttMinimum is arith.minimumf (and minf): IEEE 754-2019 minimum.
func ttMinimum[T ttFloat](a, b T) T {
	if a < b {
		return a
	}
	if b < a {
		return b
	}
	// Equal or unordered.
	if a != a || b == b && a == 0 && math.Signbit(float64(a)) {
		return a
	}
	return b
}

// ttMaxNum is arith.maxnumf: a NaN operand is ignored.
func ttMaxNum[T ttFloat](a, b T) T {
	switch {
	case a != a:
		return b
	case b != b:
		return a
	}
	return ttMaximum(a, b)
}

// ttMinNum is arith.minnumf: a NaN operand is ignored.
func ttMinNum[T ttFloat](a, b T) T {
	switch {
	case a != a:
		return b
	case b != b:
		return a
	}
	return ttMinimum(a, b)
}

// ttCeilDivS is arith.ceildivsi (MIN / -1 wraps to MIN).
func ttCeilDivS[T ttSigned](a, b T) T {
	q, r := a/b, a%b
	if r != 0 && (r > 0) == (b > 0) {
		q++
	}
	return q
}

// ttFloorDivS is arith.floordivsi.
func ttFloorDivS[T ttSigned](a, b T) T {
	q, r := a/b, a%b
	if r != 0 && (r < 0) != (b < 0) {
		q--
	}
	return q
}

// ttCeilDivU is arith.ceildivui on the unsigned view.
func ttCeilDivU[T ttUnsigned](a, b T) T {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}

// ttAbsI is math.absi (the minimum stays the minimum).
func ttAbsI[T ttSigned](a T) T {
	if a < 0 {
		return -a
	}
	return a
}

// ttIPow is math.ipowi with wraparound; a negative exponent gives 1 for
// base 1, ±1 for base -1 and 0 otherwise.
func ttIPow[T ttSigned](a, e T) T {
	if e < 0 {
		switch a {
		case 1:
			return 1
		case -1:
			if e%2 != 0 {
				return -1
			}
			return 1
		}
		return 0
	}
	r := T(1)
	for e > 0 {
		if e&1 != 0 {
			r *= a
		}
		a *= a
		e >>= 1
	}
	return r
}

// ttFPToSI converts like arith.fptosi to a w-bit integer (w = 32 or 64):
// truncation toward zero; NaN and out-of-range values give 1 << (w-1).
func ttFPToSI(f float64, w int) int64 {
	t := math.Trunc(f)
	lim := math.Ldexp(1, w-1)
	if t != t || t < -lim || t >= lim {
		return -1 << (w - 1)
	}
	return int64(t)
}

// ttFPToUI converts like arith.fptoui to a w-bit integer (w = 32 or 64),
// returning the bit pattern.
func ttFPToUI(f float64, w int) uint64 {
	t := math.Trunc(f)
	if t != t || t < 0 || t >= math.Ldexp(1, w) {
		return 1 << (w - 1)
	}
	return uint64(t)
}

// ttUIToFP32 is arith.uitofp from a 64-bit pattern to f32, correctly
// rounded (through float64 rounded to odd, as the interpreter does).
func ttUIToFP32(u uint64) float32 {
	if u < 1<<53 {
		return float32(float64(u))
	}
	shift := bits.Len64(u) - 53
	m := u >> uint(shift)
	if u&(1<<uint(shift)-1) != 0 {
		m |= 1
	}
	return float32(math.Ldexp(float64(m), shift))
}

// ttSIToFP32 is arith.sitofp from a 64-bit integer to f32, correctly
// rounded.
func ttSIToFP32(v int64) float32 {
	if v < 0 {
		return -ttUIToFP32(uint64(-v))
	}
	return ttUIToFP32(uint64(v))
}

// ttAddUIExtended32 is arith.addui_extended on i32: the wrapped sum and
// the carry.
func ttAddUIExtended32(a, b int32) (int32, bool) {
	s, c := bits.Add32(uint32(a), uint32(b), 0)
	return int32(s), c != 0
}

// ttAddUIExtended64 is arith.addui_extended on i64 and index.
func ttAddUIExtended64(a, b int64) (int64, bool) {
	s, c := bits.Add64(uint64(a), uint64(b), 0)
	return int64(s), c != 0
}

// ttMulExtended32 is arith.mulsi_extended (signed) or mului_extended on
// i32: the low and high halves of the 64-bit product.
func ttMulExtended32(a, b int32, signed bool) (int32, int32) {
	var p uint64
	if signed {
		p = uint64(int64(a) * int64(b))
	} else {
		p = uint64(uint32(a)) * uint64(uint32(b))
	}
	return int32(uint32(p)), int32(uint32(p >> 32))
}

// ttMulExtended64 is arith.mulsi_extended or mului_extended on i64 and
// index.
func ttMulExtended64(a, b int64, signed bool) (int64, int64) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if signed {
		if a < 0 {
			hi -= uint64(b)
		}
		if b < 0 {
			hi -= uint64(a)
		}
	}
	return int64(lo), int64(hi)
}

// ttIsInf is math.isinf.
func ttIsInf[T ttFloat](a T) bool { return math.IsInf(float64(a), 0) }

// ttIsFinite is math.isfinite.
func ttIsFinite[T ttFloat](a T) bool { return !math.IsNaN(float64(a)) && !math.IsInf(float64(a), 0) }

// ttDivI1 is integer division (rem false) or remainder (rem true) on i1:
// the divisor must be true (1); a/1 = a, a%1 = 0.
func ttDivI1(a, b, rem bool) bool {
	if !b {
		ttFailf("integer division by zero")
	}
	return a && !rem
}

// ttFMAOdd returns a*b + c rounded to float64 by rounding to odd, for a, b
// and c of at most 26 significant bits (f32 values), whose product float64
// holds exactly; rounding it once more to f32 gives a*b + c correctly
// rounded (vector.fma on f32, as the interpreter computes it; Boldo and
// Melquiond, "Emulation of FMA and correctly rounded sums: proved
// algorithms using rounding to odd", 2008).
func ttFMAOdd(a, b, c float64) float64 {
	p := a * b // exact
	s := p + c
	if math.IsInf(s, 0) || math.IsNaN(s) || math.IsInf(p, 0) {
		return s
	}
	// TwoSum: s + e == p + c exactly.
	bb := s - p
	e := (p - (s - bb)) + (c - bb)
	if e == 0 || math.Float64bits(s)&1 == 1 {
		return s
	}
	if e > 0 {
		return math.Nextafter(s, math.Inf(1))
	}
	return math.Nextafter(s, math.Inf(-1))
}
