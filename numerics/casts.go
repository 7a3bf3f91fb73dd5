package numerics

import (
	"math"
	"math/bits"
)

// Conversions between element types. Integer to integer conversions wrap
// (truncate or extend at the bit level, Go's conversions); float to float
// conversions round to nearest even (see half.go for f16 and bf16).

// FPToSI is arith.fptosi and tensor.cast from a float to a signed w-bit
// integer (w = 1, 32 or 64): truncation toward zero. NaN, ±Inf and values
// whose truncation is out of range give -2**(w-1), the pattern 1 << (w-1):
// MLIR makes them poison and C undefined; x86's conversions return that
// "integer indefinite" value, and so does PyTorch on x86-64
// (torch.tensor([nan, 3e9]).to(torch.int32) is [-2147483648,
// -2147483648]), so tensor.cast and its lowering to fptosi agree with
// PyTorch. For w = 1 the result is 0 or -1 (true).
func FPToSI(f float64, w int) int64 {
	t := math.Trunc(f)
	lim := math.Ldexp(1, w-1)
	if t != t || t < -lim || t >= lim {
		return -1 << (w - 1)
	}
	return int64(t)
}

// FPToUI is arith.fptoui to a w-bit integer (w = 32 or 64), returning the
// bit pattern: truncation toward zero; NaN, ±Inf and values out of
// [0, 2**w) give 1 << (w-1), as FPToSI.
func FPToUI(f float64, w int) uint64 {
	t := math.Trunc(f)
	if t != t || t < 0 || t >= math.Ldexp(1, w) {
		return 1 << (w - 1)
	}
	return uint64(t)
}

// FloatToBool is tensor.cast from a float to i1: x != 0, so NaN is true
// (bool(float('nan')) in Python, PyTorch's .to(torch.bool)).
func FloatToBool[T Float](x T) bool { return x != 0 }

// UIToF32 is arith.uitofp from a 64-bit pattern to f32, correctly rounded
// (IEEE convertFromInt, C's conversion, LLVM's uitofp): the magnitude is
// first rounded to float64 by rounding to odd, which makes the second
// rounding to float32 exact to nearest even.
func UIToF32(u uint64) float32 { return float32(UIToF64Odd(u)) }

// SIToF32 is arith.sitofp and tensor.cast from a 64-bit integer to f32,
// correctly rounded.
func SIToF32(v int64) float32 {
	if v < 0 {
		return -float32(UIToF64Odd(uint64(-v)))
	}
	return float32(UIToF64Odd(uint64(v)))
}

// UIToF64Odd converts a 64-bit magnitude to float64 rounding to odd, so
// that rounding the result again to a format of at most 51 bits of
// precision (f32, f16, bf16) gives the correctly rounded conversion.
func UIToF64Odd(u uint64) float64 {
	if u < 1<<53 {
		return float64(u)
	}
	shift := bits.Len64(u) - 53
	m := u >> uint(shift)
	if u&(1<<uint(shift)-1) != 0 {
		m |= 1
	}
	return math.Ldexp(float64(m), shift)
}
