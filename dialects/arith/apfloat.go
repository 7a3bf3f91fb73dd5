package arith

import (
	"math"
	"math/big"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// Float values are held as float64 already rounded to their type (as
// ir.FloatAttr does). Every IEEE format tt folds (f16, bf16, tf32, f32, f64)
// has at most 53 bits of precision. An operation computed in float64 and
// rounded once to a narrower format is correctly rounded for +, -, *, /
// and sqrt (53 >= 2p+2 for p <= 24), and the remainder (fmod) is exact.

// floatFoldable reports whether tt folds values of float type t.
func floatFoldable(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	switch ft.Kind {
	case ir.F16, ir.BF16, ir.F32, ir.F64, ir.TF32:
		return true
	}
	return false
}

// floatWidth is APFloat::getSizeInBits of the format (0 for non-floats).
func floatWidth(t ir.Type) int {
	if ft, ok := t.(*ir.FloatType); ok {
		return ft.Width()
	}
	return 0
}

// precision is the significand precision of a foldable format.
func precision(t ir.Type) uint {
	switch t.(*ir.FloatType).Kind {
	case ir.F16, ir.TF32:
		return 11
	case ir.BF16:
		return 8
	case ir.F32:
		return 24
	}
	return 53
}

// defaultNaN is APFloat's default NaN (positive, quiet).
var defaultNaN = math.Float64frombits(0x7FF8000000000000)

// quiet sets the quiet bit of a NaN.
func quiet(v float64) float64 { return math.Float64frombits(math.Float64bits(v) | 1<<51) }

// clearSign returns v with its sign bit cleared.
func clearSign(v float64) float64 { return math.Float64frombits(math.Float64bits(v) &^ (1 << 63)) }

// fbin applies f to a and b with APFloat's NaN rules: a NaN operand is
// propagated (the left one first), a NaN produced from non-NaN operands is
// the default NaN; the result is rounded to t.
func fbin(t ir.Type, a, b float64, f func(a, b float64) float64) float64 {
	switch {
	case math.IsNaN(a):
		return quiet(a)
	case math.IsNaN(b):
		return quiet(b)
	}
	r := f(a, b)
	if math.IsNaN(r) {
		return defaultNaN
	}
	return ir.RoundToType(t, r)
}

func fadd(t ir.Type, a, b float64) float64 {
	return fbin(t, a, b, func(a, b float64) float64 { return a + b })
}
func fsub(t ir.Type, a, b float64) float64 {
	return fbin(t, a, b, func(a, b float64) float64 { return a - b })
}

// fmul and fdiv clear the sign of a propagated NaN, as APFloat does.
func fmul(t ir.Type, a, b float64) float64 {
	r := fbin(t, a, b, func(a, b float64) float64 { return a * b })
	if math.IsNaN(r) {
		return clearSign(r)
	}
	return r
}
func fdiv(t ir.Type, a, b float64) float64 {
	r := fbin(t, a, b, func(a, b float64) float64 { return a / b })
	if math.IsNaN(r) {
		return clearSign(r)
	}
	return r
}

// frem is arith.remf: numerics.Rem (C's fmod, later MLIR's folder;
// MLIR 16 folded with APFloat::remainder), with APFloat's NaN rules.
func frem(t ir.Type, a, b float64) float64 {
	return fbin(t, a, b, numerics.Rem[float64])
}

// fcmp results, as APFloat::cmpResult.
const (
	cmpLess = iota
	cmpEqual
	cmpGreater
	cmpUnordered
)

func fcompare(a, b float64) int {
	switch {
	case math.IsNaN(a) || math.IsNaN(b):
		return cmpUnordered
	case a < b:
		return cmpLess
	case a > b:
		return cmpGreater
	}
	return cmpEqual
}

// intToFloat converts an integer (signed or unsigned interpretation) to
// float type t, rounding to nearest even, overflowing to infinity.
func intToFloat(t ir.Type, a apInt, signed bool) float64 {
	x := new(big.Float).SetMode(big.ToNearestEven).SetPrec(precision(t))
	if signed {
		x.SetInt64(a.s())
	} else {
		x.SetUint64(a.v)
	}
	f, _ := x.Float64()
	return ir.RoundToType(t, f)
}

// floatToInt converts to a w-bit integer rounding toward zero, as
// APFloat::convertToInteger; ok is false for NaN, infinities and values out
// of range (opInvalidOp).
func floatToInt(v float64, w uint, signed bool) (apInt, bool) {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return apInt{}, false
	}
	t := math.Trunc(v)
	if t == 0 {
		return apInt{w, 0}, true
	}
	bf := new(big.Float).SetFloat64(t)
	bi, _ := bf.Int(nil)
	var lo, hi *big.Int
	if signed {
		lo = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), w-1))
		hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), w-1), big.NewInt(1))
	} else {
		lo = big.NewInt(0)
		hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), w), big.NewInt(1))
	}
	if bi.Cmp(lo) < 0 || bi.Cmp(hi) > 0 {
		return apInt{}, false
	}
	if bi.Sign() < 0 {
		return mkInt(w, uint64(bi.Int64())), true
	}
	return mkInt(w, bi.Uint64()), true
}

// bitsOfFloat returns the IEEE bit pattern of v in the format of t.
func bitsOfFloat(t ir.Type, v float64) uint64 { return ir.FloatBits(t, v) }

// floatOfBits decodes an IEEE bit pattern of the format of t.
func floatOfBits(t ir.Type, b uint64) float64 { return ir.FloatFromBits(t, b) }
