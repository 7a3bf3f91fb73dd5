package numerics

import "math"

// Float rules other than the minimum and maximum. Functions generic in T
// compute in T's precision: float32 arithmetic for f32 (correctly rounded
// for +, -, ×, ÷ and sqrt), float64 for f64.

// Rem is arith.remf: the remainder of a / b with the quotient truncated
// toward zero, with a's sign (C's fmod, LLVM's frem, torch.fmod): Rem(5, 3)
// = 2, Rem(-5, 3) = -2. It is exact. NaN when a is infinite or b is 0, or
// either is NaN; a when b is infinite and a finite.
//
// tt picks fmod: it is what LLVM's frem computes, hence what MLIR's
// lowering of remf computes; MLIR 16's folder used IEEE remainder (the
// quotient rounded to nearest: remainder(5, 3) = -1), which later MLIR
// versions replaced by mod semantics; so tt's folder differs from
// mlir-opt-16 here on purpose.
func Rem[T Float](a, b T) T { return T(math.Mod(float64(a), float64(b))) }

// Pow is math.powf and tensor.pow on floats: a**b computed in float64 and
// rounded once to T (C's pow for f64; for f32, Go's math.Pow is within an
// ulp of float64, so the result is powf's correctly rounded value except
// in rare double-rounding cases). Special values as C's pow: Pow(x, ±0) =
// 1 for any x, NaN included; Pow(1, y) = 1; a negative finite a with a
// non-integer b gives NaN.
func Pow[T Float](a, b T) T { return T(math.Pow(float64(a), float64(b))) }

// PowI is math.fpowi: a raised to an integer power, as Pow with the
// exponent converted to float64 (exact for |e| <= 2**53).
func PowI[T Float, I Signed](a T, e I) T { return T(math.Pow(float64(a), float64(e))) }

// Rsqrt is math.rsqrt and tensor.rsqrt: 1 / sqrt(x), the square root
// rounded to T, then the division rounded to T (PyTorch's CPU kernel
// computes 1 / sqrtf(x) in float for f32; MLIR's expansion of rsqrt is
// divf(1, sqrt(x)) in the type). Rsqrt(+0) = +Inf, Rsqrt(-0) = -Inf,
// negative x gives NaN, Rsqrt(+Inf) = 0.
func Rsqrt[T Float](x T) T { return 1 / T(math.Sqrt(float64(x))) }

// Sqrt is math.sqrt and tensor.sqrt, correctly rounded (the float64 square
// root of a float32, rounded to float32, is the correctly rounded float32
// square root). Sqrt(-0) = -0, negative x gives NaN.
func Sqrt[T Float](x T) T { return T(math.Sqrt(float64(x))) }

// Reciprocal is tensor.reciprocal: 1 / x in T (torch.reciprocal);
// Reciprocal(±0) = ±Inf.
func Reciprocal[T Float](x T) T { return 1 / x }

// Relu is tensor.relu on floats: x < 0 ? 0 : x, so NaN and -0 pass
// through unchanged (torch.relu(tensor(-0.)) is -0, of NaN NaN; the
// lowering is select(cmpf olt x 0, 0, x)).
func Relu[T Float](x T) T {
	if x < 0 {
		return 0
	}
	return x
}

// ReluI is tensor.relu on integers: max(x, 0).
func ReluI[T Signed](x T) T { return max(x, 0) }

// Sign is tensor.sign on floats: 1 for x > 0, -1 for x < 0, and 0 for
// ±0 and NaN (torch.sign(tensor(nan)) is 0; the zero is +0 for -0 too,
// as torch.sign(tensor(-0.)) gives 0).
func Sign[T Float](x T) T {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// SignI is tensor.sign on integers.
func SignI[T Signed](x T) T {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// SigmoidF64 is tensor.sigmoid on f64: 1 / (1 + e**-x) with ExpF64,
// the formula PyTorch and the lowering compute (see SigmoidF32).
func SigmoidF64(x float64) float64 { return 1 / (1 + ExpF64(-x)) }

// FMAF32 is math.fma and vector.fma on f32: a·b + c rounded once to
// float32 (IEEE fusedMultiplyAdd, C's fmaf, LLVM's llvm.fma). The
// product of two float32 values is exact in float64; the sum is rounded
// to odd (FMAOdd) and then to float32, which gives the correctly rounded
// result where a plain float64 sum rounded again may not.
func FMAF32(a, b, c float32) float32 {
	return float32(FMAOdd(float64(a), float64(b), float64(c)))
}

// FMAOdd returns a·b + c rounded to float64 by rounding to odd, for a, b
// and c of at most 26 significant bits (f32, f16 and bf16 values), whose
// product float64 holds exactly. Rounding the result once more to a format
// of at most 51 significant bits gives a·b + c correctly rounded to that
// format (Boldo and Melquiond, "Emulation of FMA and correctly rounded
// sums: proved algorithms using rounding to odd", 2008).
func FMAOdd(a, b, c float64) float64 {
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
	// s is even and inexact: the odd neighbour on e's side of s.
	if e > 0 {
		return math.Nextafter(s, math.Inf(1))
	}
	return math.Nextafter(s, math.Inf(-1))
}
