package numerics

import "math"

// Float is the Go types of tt's float elements (f16 and bf16 values are
// computed as float32 or float64, see the package comment).
type Float interface{ ~float32 | ~float64 }

// Signed is the Go types of tt's signed integer elements (i32, i64, and
// index as int).
type Signed interface{ ~int32 | ~int64 | ~int }

// Unsigned is the unsigned views of the integer elements, for the ops that
// read their operands as unsigned (divui, remui, ceildivui, maxui, ...).
type Unsigned interface{ ~uint32 | ~uint64 | ~uint }

// Maximum is the float maximum of tt: IEEE 754-2019 maximum. A NaN
// operand gives NaN (a's first); otherwise the larger operand, with
// -0 < +0.
//
//   - MLIR: arith.maximumf (MLIR 16's arith.maxf) and vector.reduction
//     <maxf> are exactly this (llvm::maximum, LLVM's llvm.maximum).
//   - PyTorch: torch.maximum, torch.amax and max_pool2d propagate NaN
//     too, but do not order signed zeros: ATen returns the first operand
//     of equal ones in its scalar loop (torch.maximum(tensor(0.), tensor(-0.))
//     is 0, with the operands swapped -0) and the second in its vectorized
//     loop (tensors of 16 or more elements, measured with PyTorch 1.13), so
//     either zero is one of PyTorch's answers. tt's tensor.max,
//     tensor.reduce_max and the running maxima of softmax use this
//     function, which makes them agree with their lowering to
//     arith.maximumf bit for bit.
//   - C: fmax ignores NaN (that is MaxNum).
//
// The ordered comparisons come first: in a running maximum they are the
// cases that occur, and they predict well.
func Maximum[T Float](a, b T) T {
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

// Minimum is the float minimum of tt: IEEE 754-2019 minimum, NaN
// propagating (a's first), -0 < +0. It is arith.minimumf (MLIR 16's
// arith.minf), vector.reduction <minf>, tensor.min and tensor.reduce_min;
// see Maximum for PyTorch's signed zeros.
func Minimum[T Float](a, b T) T {
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

// MaxNum is arith.maxnumf (MLIR 17's name; C's fmax, IEEE 754-2008
// maxNum): a NaN operand is ignored (NaN only when both are), and tt
// orders -0 < +0 as Maximum does (IEEE 754-2008 leaves the sign of an
// equal zero open; IEEE 754-2019 maximumNumber orders them).
func MaxNum[T Float](a, b T) T {
	switch {
	case a != a:
		return b
	case b != b:
		return a
	}
	return Maximum(a, b)
}

// MinNum is arith.minnumf (C's fmin): a NaN operand is ignored, -0 < +0.
func MinNum[T Float](a, b T) T {
	switch {
	case a != a:
		return b
	case b != b:
		return a
	}
	return Minimum(a, b)
}

// PoolMax is one step of tensor.max_pool2d's running maximum over a
// window: v replaces the maximum m so far when v > m or v is NaN, ATen's
// max_pool2d test (val > maxval || isnan(val)), so the first NaN of a
// window is its result and of equal values (±0) the first is kept. The
// lowering of max_pool2d computes select(cmpf ogt v m || cmpf uno v v, v,
// m), the same function.
func PoolMax[T Float](m, v T) T {
	if v > m || v != v {
		return v
	}
	return m
}
