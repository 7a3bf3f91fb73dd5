package numerics

import "math/bits"

// Integer rules. Integers are two's complement at the element's width
// (i1, i32, i64, index = 64 bits); results wrap. Where MLIR leaves a
// result undefined, tt defines it as below, so that a tensor op and its
// lowering agree.
//
// Division and remainder by zero are errors in tt: PyTorch raises
// ZeroDivisionError ("ZeroDivisionError" for integer tensors), MLIR and C
// leave them undefined. The functions here divide with Go's / and %,
// which panic with the run-time error "integer divide by zero"; the
// interpreters check the divisor first and return the error, generated
// code turns the panic into its error result.

// DivS is arith.divsi and tensor.div on integers: the quotient truncated
// toward zero (C, LLVM sdiv, torch.div(rounding_mode="trunc")). MIN / -1,
// undefined in MLIR and C, wraps to MIN (Go's definition; ATen's integer
// division gives the same on x86-64 only by trapping, tt does not trap).
func DivS[T Signed](a, b T) T { return a / b }

// RemS is arith.remsi: the remainder of DivS, with the sign of a (C's %,
// LLVM srem; torch.fmod on integers). MIN % -1 is 0.
func RemS[T Signed](a, b T) T { return a % b }

// DivU is arith.divui: the unsigned quotient.
func DivU[T Unsigned](a, b T) T { return a / b }

// RemU is arith.remui: the unsigned remainder.
func RemU[T Unsigned](a, b T) T { return a % b }

// CeilDivS is arith.ceildivsi: the quotient rounded toward +Inf. MIN / -1
// wraps to MIN.
func CeilDivS[T Signed](a, b T) T {
	q, r := a/b, a%b
	if r != 0 && (r > 0) == (b > 0) {
		q++
	}
	return q
}

// FloorDivS is arith.floordivsi: the quotient rounded toward -Inf
// (Python's //). MIN / -1 wraps to MIN.
func FloorDivS[T Signed](a, b T) T {
	q, r := a/b, a%b
	if r != 0 && (r < 0) != (b < 0) {
		q--
	}
	return q
}

// CeilDivU is arith.ceildivui on the unsigned view.
func CeilDivU[T Unsigned](a, b T) T {
	q := a / b
	if a%b != 0 {
		q++
	}
	return q
}

// AbsI is math.absi, tensor.abs on integers: |a|, where the minimum
// stays the minimum (wraps; as MLIR's folder, C's abs is undefined there,
// torch.abs gives the minimum too).
func AbsI[T Signed](a T) T {
	if a < 0 {
		return -a
	}
	return a
}

// IPow is math.ipowi and tensor.pow on integers: a**e by repeated
// squaring with wraparound (ATen's integer pow, and MLIR's expansion of
// ipowi). For a negative exponent the exact result is 1/a**|e|, truncated
// toward zero: 1 for a = 1, ±1 for a = -1 (by the parity of e), and 0
// otherwise, including a = 0 (ATen gives 0; MLIR's folder leaves 0**-n
// unfolded, its expansion divides by zero). 0**0 = 1.
func IPow[T Signed](a, e T) T {
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

// ShiftLeft is arith.shli: a << b, and 0 when b (read as unsigned) is the
// width or more (LLVM: poison; Go's shift gives 0).
func ShiftLeft[T Signed](a, b T) T { return a << shiftCount(b) }

// ShiftRightS is arith.shrsi: the arithmetic shift a >> b, and the sign
// (0 or -1) when b (read as unsigned) is the width or more.
func ShiftRightS[T Signed](a, b T) T { return a >> shiftCount(b) }

// ShiftRightU is arith.shrui: the logical shift, and 0 for oversized b.
func ShiftRightU[T Unsigned](a, b T) T { return a >> uint64(b) }

// shiftCount reads a shift amount as unsigned, so that a negative amount
// is an oversized one.
func shiftCount[T Signed](b T) uint64 {
	if b < 0 {
		return ^uint64(0)
	}
	return uint64(b)
}

// AddUIExtended32 is arith.addui_extended on i32: the wrapped sum and the
// unsigned carry out.
func AddUIExtended32(a, b int32) (int32, bool) {
	s, c := bits.Add32(uint32(a), uint32(b), 0)
	return int32(s), c != 0
}

// AddUIExtended64 is arith.addui_extended on i64 and index.
func AddUIExtended64(a, b int64) (int64, bool) {
	s, c := bits.Add64(uint64(a), uint64(b), 0)
	return int64(s), c != 0
}

// MulSIExtended32 is arith.mulsi_extended on i32: the low and high halves
// of the signed 64-bit product.
func MulSIExtended32(a, b int32) (int32, int32) {
	p := uint64(int64(a) * int64(b))
	return int32(uint32(p)), int32(uint32(p >> 32))
}

// MulUIExtended32 is arith.mului_extended on i32: the halves of the
// unsigned product.
func MulUIExtended32(a, b int32) (int32, int32) {
	p := uint64(uint32(a)) * uint64(uint32(b))
	return int32(uint32(p)), int32(uint32(p >> 32))
}

// MulSIExtended64 is arith.mulsi_extended on i64 and index: the halves of
// the signed 128-bit product.
func MulSIExtended64(a, b int64) (int64, int64) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if a < 0 {
		hi -= uint64(b)
	}
	if b < 0 {
		hi -= uint64(a)
	}
	return int64(lo), int64(hi)
}

// MulUIExtended64 is arith.mului_extended on i64 and index.
func MulUIExtended64(a, b int64) (int64, int64) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	return int64(lo), int64(hi)
}
