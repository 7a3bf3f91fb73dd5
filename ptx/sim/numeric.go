package sim

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/tt-compiler/tt/numerics"
)

// This file holds what PTX's instructions compute on one lane's values,
// independent of the syntax tree and of the execution model. Values are
// bit patterns in the low bits of a uint64, as registers hold them.

// toF64 returns the value of float bits x of type t exactly as a float64.
func toF64(t Type, x uint64) float64 {
	switch t {
	case TF16:
		return float64(numerics.F16ToF32(uint16(x)))
	case TBF16:
		return float64(numerics.BF16ToF32(uint16(x)))
	case TF32, TTF32:
		return float64(math.Float32frombits(uint32(x)))
	case TF64:
		return math.Float64frombits(x)
	}
	return math.NaN() // not a float type: decoding rejects these uses
}

// fromF64 rounds x (exact or rounded to odd, see roundToFormat) to float
// type t under m and returns its bits. NaNs become the canonical NaN
// NVIDIA GPUs produce (all significand bits set, positive).
func fromF64(t Type, x float64, m Rounding) uint64 {
	switch t {
	case TF16:
		return roundToFormat(x, fmtF16, m)
	case TBF16:
		return roundToFormat(x, fmtBF16, m)
	case TTF32:
		return roundToFormat(x, fmtTF32, m)
	case TF32:
		if x != x {
			return 0x7fffffff
		}
		return uint64(math.Float32bits(roundF32(x, m)))
	case TF64:
		if x != x {
			return 0x7fffffffffffffff
		}
		return math.Float64bits(x)
	}
	return 0 // not a float type: decoding rejects these uses
}

// f32Bits returns f's bits with NaN canonicalized.
func f32Bits(f float32) uint64 {
	if f != f {
		return 0x7fffffff
	}
	return uint64(math.Float32bits(f))
}

// f64Bits returns f's bits with NaN canonicalized.
func f64Bits(f float64) uint64 {
	if f != f {
		return 0x7fffffffffffffff
	}
	return math.Float64bits(f)
}

func f32of(x uint64) float32 { return math.Float32frombits(uint32(x)) }
func f64of(x uint64) float64 { return math.Float64frombits(x) }

// isSubnormal reports a nonzero value of t below its smallest normal.
func isSubnormal(t Type, x uint64) bool {
	switch t {
	case TF16:
		return x&0x7c00 == 0 && x&0x3ff != 0
	case TBF16:
		return x&0x7f80 == 0 && x&0x7f != 0
	case TF32, TTF32:
		return x&0x7f800000 == 0 && x&0x7fffff != 0
	case TF64:
		return x&0x7ff0000000000000 == 0 && x&0xfffffffffffff != 0
	}
	return false
}

// flush returns x with subnormals of t replaced by zero of the same sign.
func flush(t Type, x uint64) uint64 {
	if isSubnormal(t, x) {
		return x & (1 << uint(t.Bits()-1))
	}
	return x
}

// roundInt rounds x to an integral value under m (.rni, .rzi, .rmi, .rpi).
func roundInt(x float64, m Rounding) float64 {
	switch m {
	case RZ:
		return math.Trunc(x)
	case RM:
		return math.Floor(x)
	case RP:
		return math.Ceil(x)
	}
	return math.RoundToEven(x)
}

// CvtMode is the set of modifiers of a cvt instruction.
type CvtMode struct {
	Round    Rounding // .rn/.rz/.rm/.rp or, with IntRound, .rni/.rzi/.rmi/.rpi
	IntRound bool     // the rounding modifier is an integer one (.rXi)
	Sat      bool     // .sat
	FTZ      bool     // .ftz
}

// Cvt converts x of type src to type dst as PTX's cvt does: integer
// narrowing truncates (or clamps with .sat); float to integer rounds with
// the integer rounding mode and saturates, NaN giving 0; integer to float
// and float narrowing round with the rounding mode; .sat on a float
// destination clamps to [0, 1]; .ftz flushes f32 subnormal inputs and
// results.
func Cvt(dst, src Type, x uint64, m CvtMode) uint64 {
	switch {
	case src.IsInt() && dst.IsInt():
		return cvtIntInt(dst, src, x, m.Sat)
	case src.IsFloat() && dst.IsInt():
		if m.FTZ && src == TF32 {
			x = flush(TF32, x)
		}
		return floatToInt(dst, roundInt(toF64(src, x), m.Round))
	case src.IsInt() && dst.IsFloat():
		return intToFloat(dst, src, x, m)
	case src.IsFloat() && dst.IsFloat():
		if m.FTZ && src == TF32 {
			x = flush(TF32, x)
		}
		v := toF64(src, x)
		if m.IntRound {
			v = roundInt(v, m.Round)
		}
		if m.Sat {
			v = sat01(v)
		}
		r := fromF64(dst, v, m.Round)
		if m.IntRound {
			r = fromF64(dst, v, RN) // already integral: exact unless it overflows
		}
		if m.FTZ && dst == TF32 {
			r = flush(TF32, r)
		}
		return r
	}
	return x & dst.mask()
}

func cvtIntInt(dst, src Type, x uint64, sat bool) uint64 {
	db := dst.Bits()
	if !sat {
		if src.IsSigned() { // widening sign-extends, narrowing truncates
			return uint64(sext(x, src.Bits())) & dst.mask()
		}
		return x & src.mask() & dst.mask()
	}
	if src.IsSigned() {
		v := sext(x, src.Bits())
		if dst.IsSigned() {
			lo, hi := -int64(1)<<uint(db-1), int64(1)<<uint(db-1)-1
			if db == 64 {
				lo, hi = math.MinInt64, math.MaxInt64
			}
			return uint64(min(max(v, lo), hi)) & dst.mask()
		}
		if v < 0 {
			return 0
		}
		return min(uint64(v), dst.mask())
	}
	u := x & src.mask()
	if dst.IsSigned() {
		return min(u, dst.mask()>>1)
	}
	return min(u, dst.mask())
}

// floatToInt converts an integral float64 to integer type t, saturating;
// NaN gives 0.
func floatToInt(t Type, v float64) uint64 {
	if v != v {
		return 0
	}
	n := t.Bits()
	if t.IsSigned() {
		lo := -math.Ldexp(1, n-1)
		hi := math.Ldexp(1, n-1)
		switch {
		case v <= lo:
			return uint64(int64(-1)<<uint(n-1)) & t.mask()
		case v >= hi:
			return t.mask() >> 1
		}
		return uint64(int64(v)) & t.mask()
	}
	switch {
	case v <= 0:
		return 0
	case v >= math.Ldexp(1, n):
		return t.mask()
	}
	return uint64(v) & t.mask()
}

func intToFloat(dst, src Type, x uint64, m CvtMode) uint64 {
	var neg bool
	var mag uint64
	if src.IsSigned() {
		v := sext(x, src.Bits())
		neg, mag = v < 0, uint64(v)
		if neg {
			mag = -mag
		}
	} else {
		mag = x & src.mask()
	}
	var v float64
	if dst == TF64 {
		if mag>>53 != 0 && m.Round != RN {
			z := new(big.Float).SetPrec(64).SetUint64(mag)
			if neg {
				z.Neg(z)
			}
			return math.Float64bits(roundBig64(z, m.Round))
		}
		v = float64(mag) // exact, or rounded to nearest even
	} else {
		v = numerics.UIToF64Odd(mag)
	}
	if neg {
		v = -v
	}
	if m.Sat {
		v = sat01(v)
	}
	return fromF64(dst, v, m.Round)
}

// CmpOp is a comparison of setp, set and slct.
type CmpOp uint8

// The PTX comparison operators.
const (
	CmpEQ CmpOp = iota
	CmpNE
	CmpLT
	CmpLE
	CmpGT
	CmpGE
	CmpLO // unsigned <
	CmpLS // unsigned <=
	CmpHI // unsigned >
	CmpHS // unsigned >=
	CmpEQU
	CmpNEU
	CmpLTU
	CmpLEU
	CmpGTU
	CmpGEU
	CmpNUM
	CmpNAN
)

var cmpNames = [...]string{"eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
	"equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"}

func cmpByName(s string) (CmpOp, bool) {
	for i, n := range cmpNames {
		if n == s {
			return CmpOp(i), true
		}
	}
	return 0, false
}

// Compare evaluates a PTX comparison of a and b of type t. Float
// comparisons without a U suffix are false when either operand is NaN;
// those with it (and nan) are true then.
func Compare(op CmpOp, t Type, a, b uint64) bool {
	if t.IsFloat() {
		x, y := toF64(t, a), toF64(t, b)
		unord := x != x || y != y
		switch op {
		case CmpEQ:
			return x == y
		case CmpNE:
			return !unord && x != y
		case CmpLT, CmpLO:
			return x < y
		case CmpLE, CmpLS:
			return x <= y
		case CmpGT, CmpHI:
			return x > y
		case CmpGE, CmpHS:
			return x >= y
		case CmpEQU:
			return unord || x == y
		case CmpNEU:
			return x != y
		case CmpLTU:
			return unord || x < y
		case CmpLEU:
			return unord || x <= y
		case CmpGTU:
			return unord || x > y
		case CmpGEU:
			return unord || x >= y
		case CmpNUM:
			return !unord
		case CmpNAN:
			return unord
		}
		return false
	}
	n := t.Bits()
	if t.IsSigned() && op <= CmpGE {
		x, y := sext(a, n), sext(b, n)
		switch op {
		case CmpEQ:
			return x == y
		case CmpNE:
			return x != y
		case CmpLT:
			return x < y
		case CmpLE:
			return x <= y
		case CmpGT:
			return x > y
		case CmpGE:
			return x >= y
		}
	}
	mk := t.mask()
	x, y := a&mk, b&mk
	switch op {
	case CmpEQ:
		return x == y
	case CmpNE:
		return x != y
	case CmpLT, CmpLO:
		return x < y
	case CmpLE, CmpLS:
		return x <= y
	case CmpGT, CmpHI:
		return x > y
	case CmpGE, CmpHS:
		return x >= y
	}
	return false
}

// Integer operations. Signed division by zero and remainder by zero are
// unspecified in PTX; the simulator returns what NVIDIA's division
// sequence gives: a quotient of all ones (-1 signed, the maximum
// unsigned) and the dividend as the remainder. MIN / -1 is MIN and
// MIN % -1 is 0 (two's complement wrap-around).

// DivInt is div.sN/uN on t's width.
func DivInt(t Type, a, b uint64) uint64 {
	n := t.Bits()
	if t.IsSigned() {
		x, y := sext(a, n), sext(b, n)
		switch {
		case y == 0:
			return t.mask()
		case y == -1:
			return uint64(-x) & t.mask()
		}
		return uint64(x/y) & t.mask()
	}
	x, y := a&t.mask(), b&t.mask()
	if y == 0 {
		return t.mask()
	}
	return x / y
}

// RemInt is rem.sN/uN on t's width.
func RemInt(t Type, a, b uint64) uint64 {
	n := t.Bits()
	if t.IsSigned() {
		x, y := sext(a, n), sext(b, n)
		switch {
		case y == 0:
			return a & t.mask()
		case y == -1:
			return 0
		}
		return uint64(x%y) & t.mask()
	}
	x, y := a&t.mask(), b&t.mask()
	if y == 0 {
		return x
	}
	return x % y
}

// MulHi is mul.hi: the upper half of the full 2n-bit product.
func MulHi(t Type, a, b uint64) uint64 {
	n := t.Bits()
	if n == 64 {
		if t.IsSigned() {
			hi, _ := bits.Mul64(a, b)
			// Signed correction: hi(a·b) = hi_u - (a<0 ? b : 0) - (b<0 ? a : 0).
			if int64(a) < 0 {
				hi -= b
			}
			if int64(b) < 0 {
				hi -= a
			}
			return hi
		}
		hi, _ := bits.Mul64(a, b)
		return hi
	}
	if t.IsSigned() {
		return uint64(sext(a, n)*sext(b, n)>>uint(n)) & t.mask()
	}
	return ((a & t.mask()) * (b & t.mask()) >> uint(n)) & t.mask()
}

// MulWide is mul.wide: the full product in twice t's width (t of 16 or 32 bits).
func MulWide(t Type, a, b uint64) uint64 {
	n := t.Bits()
	if t.IsSigned() {
		return uint64(sext(a, n) * sext(b, n))
	}
	return (a & t.mask()) * (b & t.mask())
}

// Shl is shl.bN: amounts of at least the width give 0.
func Shl(t Type, a, amt uint64) uint64 {
	amt &= 0xffffffff
	if amt >= uint64(t.Bits()) {
		return 0
	}
	return a << amt & t.mask()
}

// Shr is shr.sN/uN/bN: amounts of at least the width clamp to width-1
// for signed shifts (sign fill) and give 0 otherwise.
func Shr(t Type, a, amt uint64) uint64 {
	amt &= 0xffffffff
	n := t.Bits()
	if t.IsSigned() {
		amt = min(amt, uint64(n-1))
		return uint64(sext(a, n)>>amt) & t.mask()
	}
	if amt >= uint64(n) {
		return 0
	}
	return (a & t.mask()) >> amt
}

// Popc is popc.bN.
func Popc(t Type, a uint64) uint64 { return uint64(bits.OnesCount64(a & t.mask())) }

// Clz is clz.bN.
func Clz(t Type, a uint64) uint64 {
	return uint64(bits.LeadingZeros64(a&t.mask()) - (64 - t.Bits()))
}

// Brev is brev.bN.
func Brev(t Type, a uint64) uint64 { return bits.Reverse64(a) >> uint(64-t.Bits()) }

// Bfe is bfe.uN/sN: the field of len c bits at position b of a, zero- or
// sign-extended; position and length are the low 8 bits of b and c.
func Bfe(t Type, a, b, c uint64) uint64 {
	n := uint64(t.Bits())
	pos, ln := b&0xff, c&0xff
	var sbit uint64
	if t.IsSigned() && ln != 0 {
		i := min(pos+ln-1, n-1)
		sbit = a >> i & 1
	}
	var d uint64
	for i := uint64(0); i < n; i++ {
		bit := sbit
		if i < ln && pos+i <= n-1 {
			bit = a >> (pos + i) & 1
		}
		d |= bit << i
	}
	return d
}

// Bfi is bfi.bN d, f, b, pos, len: b with len bits at pos replaced by the
// low bits of f.
func Bfi(t Type, f, b, c, d uint64) uint64 {
	n := uint64(t.Bits())
	pos, ln := c&0xff, d&0xff
	r := b & t.mask()
	for i := uint64(0); i < ln && pos+i < n; i++ {
		bit := f >> i & 1
		r = r&^(1<<(pos+i)) | bit<<(pos+i)
	}
	return r
}

// PrmtMode is prmt's mode (none for the generic byte selector).
type PrmtMode uint8

// The prmt modes.
const (
	PrmtDefault PrmtMode = iota
	PrmtF4E
	PrmtB4E
	PrmtRC8
	PrmtECL
	PrmtECR
	PrmtRC16
)

var prmtNames = [...]string{"", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16"}

// Prmt is prmt.b32: bytes of {b, a} selected by c.
func Prmt(mode PrmtMode, a, b, c uint64) uint64 {
	src := (b&0xffffffff)<<32 | a&0xffffffff
	byteOf := func(i uint64) uint64 { return src >> (8 * (i & 7)) & 0xff }
	var sel [4]uint64
	switch mode {
	case PrmtDefault:
		var d uint64
		for i := uint64(0); i < 4; i++ {
			s := c >> (4 * i) & 0xf
			v := byteOf(s & 7)
			if s&8 != 0 { // replicate the sign bit of the selected byte
				v = (v >> 7) * 0xff
			}
			d |= v << (8 * i)
		}
		return d
	case PrmtF4E:
		s := c & 3
		sel = [4]uint64{s, s + 1, s + 2, s + 3}
	case PrmtB4E:
		sel = b4eSel[c&3]
	case PrmtRC8:
		s := c & 3
		sel = [4]uint64{s, s, s, s}
	case PrmtECL:
		s := c & 3
		sel = [4]uint64{s, max(s, 1), max(s, 2), 3}
	case PrmtECR:
		s := c & 3
		sel = [4]uint64{0, min(s, 1), min(s, 2), s}
	case PrmtRC16:
		s := c & 1
		sel = [4]uint64{2 * s, 2*s + 1, 2 * s, 2*s + 1}
	}
	var d uint64
	for i, s := range sel {
		d |= byteOf(s) << (8 * uint(i))
	}
	return d
}

// b4eSel is the backward 4-extract table of the PTX ISA (selector 0..3 →
// bytes d.b0..d.b3).
var b4eSel = [4][4]uint64{{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}}

// TestpOp is testp's property.
type TestpOp uint8

// The testp properties.
const (
	TestpFinite TestpOp = iota
	TestpInfinite
	TestpNumber
	TestpNotANumber
	TestpNormal
	TestpSubnormal
)

var testpNames = [...]string{"finite", "infinite", "number", "notanumber", "normal", "subnormal"}

// Testp is testp.op.f32/f64.
func Testp(op TestpOp, t Type, a uint64) bool {
	v := toF64(t, a)
	switch op {
	case TestpFinite:
		return !math.IsInf(v, 0) && v == v
	case TestpInfinite:
		return math.IsInf(v, 0)
	case TestpNumber:
		return v == v
	case TestpNotANumber:
		return v != v
	case TestpNormal:
		return v == v && !math.IsInf(v, 0) && v != 0 && !isSubnormal(t, a)
	case TestpSubnormal:
		return isSubnormal(t, a)
	}
	return false
}

// Copysign is copysign.fN d, a, b: b with the sign of a.
func Copysign(t Type, a, b uint64) uint64 {
	s := uint64(1) << uint(t.Bits()-1)
	return b&^s | a&s
}

// FMin and FMax are min/max on floats: a NaN operand yields the other
// operand (both NaN: the canonical NaN), and -0 orders below +0. With
// propagateNaN (.NaN) any NaN operand gives the canonical NaN.
func FMin(t Type, a, b uint64, propagateNaN bool) uint64 { return fminmax(t, a, b, propagateNaN, true) }

// FMax is the maximum counterpart of FMin.
func FMax(t Type, a, b uint64, propagateNaN bool) uint64 {
	return fminmax(t, a, b, propagateNaN, false)
}

func fminmax(t Type, a, b uint64, propagateNaN, isMin bool) uint64 {
	x, y := toF64(t, a), toF64(t, b)
	switch {
	case x != x && y != y, propagateNaN && (x != x || y != y):
		return fromF64(t, math.NaN(), RN)
	case x != x:
		return b
	case y != y:
		return a
	}
	if x == y { // signed zeros: -0 < +0
		if math.Signbit(x) == isMin {
			return a
		}
		return b
	}
	if (x < y) == isMin {
		return a
	}
	return b
}

// halfOp computes a binary f16/bf16/f32 operation: the exact (or
// rounded-to-odd) float64 result rounded once to t.
func halfArith(t Type, op byte, a, b, c uint64, m Rounding) uint64 {
	x, y := toF64(t, a), toF64(t, b)
	var r float64
	switch op {
	case '+':
		r = addOdd(x, y)
		if r == 0 {
			r = zeroSign(x, y, m)
		}
	case '-':
		r = addOdd(x, -y)
		if r == 0 {
			r = zeroSign(x, -y, m)
		}
	case '*':
		r = x * y // exact: at most 2·11 or 2·8 significant bits
	case 'f':
		z := toF64(t, c)
		p := x * y
		r = fmaOdd(x, y, z)
		if r == 0 && (p == -z || p == 0 && z == 0) {
			r = zeroSign(p, z, m)
		}
	}
	return fromF64(t, r, m)
}

// Approximate functions. Each is the float64 function rounded once to
// float32, which is within the error bounds the PTX ISA states for the
// hardware's approximations (a few ulp or 2^-20 relative); results that
// the ISA says are flushed with .ftz are flushed by the caller.

// Ex2Approx is ex2.approx.f32.
func Ex2Approx(x float32) float32 { return float32(math.Exp2(float64(x))) }

// Lg2Approx is lg2.approx.f32 (lg2 of a negative number is NaN, of ±0 is -Inf).
func Lg2Approx(x float32) float32 { return float32(math.Log2(float64(x))) }

// SinApprox is sin.approx.f32.
func SinApprox(x float32) float32 { return float32(math.Sin(float64(x))) }

// CosApprox is cos.approx.f32.
func CosApprox(x float32) float32 { return float32(math.Cos(float64(x))) }

// RsqrtApprox is rsqrt.approx.f32.
func RsqrtApprox(x float32) float32 { return float32(1 / math.Sqrt(float64(x))) }

// TanhApprox is tanh.approx.f32.
func TanhApprox(x float32) float32 { return float32(math.Tanh(float64(x))) }

// DivApprox is div.approx.f32 and div.full.f32: a·(1/b) on hardware; the
// simulator returns the correctly rounded quotient, except that for
// 2^126 < |b| < 2^128 the approximation's reciprocal underflows and the
// ISA specifies a result of 0 for finite a (div.approx) — kept here.
func DivApprox(a, b float32, full bool) float32 {
	ab := math.Abs(float64(b))
	if !full && ab > 0x1p126 && !math.IsInf(float64(b), 0) && !math.IsInf(float64(a), 0) && a == a {
		return float32(math.Copysign(0, float64(a)*float64(b)))
	}
	return a / b
}
