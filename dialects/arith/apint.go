package arith

import (
	"math/bits"

	"github.com/tt-compiler/tt/ir"
)

// apInt is a fixed-width two's-complement integer of 1 to 64 bits, like
// LLVM's APInt for the widths tt folds. v holds the bit pattern, always
// masked to w bits.
type apInt struct {
	w uint
	v uint64
}

func widthMask(w uint) uint64 {
	if w >= 64 {
		return ^uint64(0)
	}
	return 1<<w - 1
}

func mkInt(w uint, v uint64) apInt { return apInt{w, v & widthMask(w)} }

// s returns the value as a signed integer.
func (a apInt) s() int64 {
	if a.w >= 64 {
		return int64(a.v)
	}
	shift := 64 - a.w
	return int64(a.v<<shift) >> shift
}

func (a apInt) isZero() bool     { return a.v == 0 }
func (a apInt) isOne() bool      { return a.v == 1 }
func (a apInt) isAllOnes() bool  { return a.v == widthMask(a.w) }
func (a apInt) isNegative() bool { return a.v>>(a.w-1)&1 == 1 }
func (a apInt) isMaxSigned() bool {
	return a.v == widthMask(a.w)>>1
}
func (a apInt) isMinSigned() bool { return a.v == uint64(1)<<(a.w-1) }

func (a apInt) add(b apInt) apInt { return mkInt(a.w, a.v+b.v) }
func (a apInt) sub(b apInt) apInt { return mkInt(a.w, a.v-b.v) }
func (a apInt) mul(b apInt) apInt { return mkInt(a.w, a.v*b.v) }
func (a apInt) and(b apInt) apInt { return apInt{a.w, a.v & b.v} }
func (a apInt) or(b apInt) apInt  { return apInt{a.w, a.v | b.v} }
func (a apInt) xor(b apInt) apInt { return apInt{a.w, a.v ^ b.v} }

// udiv, urem, sdiv and srem require a non-zero divisor.
func (a apInt) udiv(b apInt) apInt { return apInt{a.w, a.v / b.v} }
func (a apInt) urem(b apInt) apInt { return apInt{a.w, a.v % b.v} }

// sdivOv divides as signed integers and reports overflow (MIN / -1).
func (a apInt) sdivOv(b apInt) (apInt, bool) {
	if a.isMinSigned() && b.isAllOnes() {
		return a, true
	}
	if a.w == 1 {
		// i1: the only non-zero divisor is -1, handled above for a = -1; 0 / -1 = 0.
		return apInt{1, 0}, false
	}
	return mkInt(a.w, uint64(a.s()/b.s())), false
}

func (a apInt) srem(b apInt) apInt {
	if b.isAllOnes() {
		return apInt{a.w, 0}
	}
	return mkInt(a.w, uint64(a.s()%b.s()))
}

// shift amounts of w or more produce 0 (APInt semantics); callers decide
// whether such shifts fold at all.
func (a apInt) shl(b apInt) apInt {
	if b.v >= uint64(a.w) {
		return apInt{a.w, 0}
	}
	return mkInt(a.w, a.v<<b.v)
}

func (a apInt) lshr(b apInt) apInt {
	if b.v >= uint64(a.w) {
		return apInt{a.w, 0}
	}
	return apInt{a.w, a.v >> b.v}
}

func (a apInt) ashr(b apInt) apInt {
	if b.v >= uint64(a.w) {
		if a.isNegative() {
			return apInt{a.w, widthMask(a.w)}
		}
		return apInt{a.w, 0}
	}
	return mkInt(a.w, uint64(a.s()>>b.v))
}

func (a apInt) sext(w uint) apInt  { return mkInt(w, uint64(a.s())) }
func (a apInt) zext(w uint) apInt  { return mkInt(w, a.v) }
func (a apInt) trunc(w uint) apInt { return mkInt(w, a.v) }

func (a apInt) slt(b apInt) bool { return a.s() < b.s() }
func (a apInt) ult(b apInt) bool { return a.v < b.v }

func (a apInt) smax(b apInt) apInt {
	if a.slt(b) {
		return b
	}
	return a
}
func (a apInt) smin(b apInt) apInt {
	if b.slt(a) {
		return b
	}
	return a
}
func (a apInt) umax(b apInt) apInt {
	if a.ult(b) {
		return b
	}
	return a
}
func (a apInt) umin(b apInt) apInt {
	if b.ult(a) {
		return b
	}
	return a
}

func (a apInt) abs() apInt {
	if a.isNegative() {
		return mkInt(a.w, -a.v)
	}
	return a
}

func (a apInt) ctlz() apInt {
	return apInt{a.w, uint64(bits.LeadingZeros64(a.v) - (64 - int(a.w)))}.norm()
}
func (a apInt) cttz() apInt {
	n := bits.TrailingZeros64(a.v)
	if n > int(a.w) {
		n = int(a.w)
	}
	return mkInt(a.w, uint64(n))
}
func (a apInt) ctpop() apInt { return mkInt(a.w, uint64(bits.OnesCount64(a.v))) }
func (a apInt) norm() apInt  { return mkInt(a.w, a.v) }

// intWidth returns the folding width of an integer or index type (index is
// 64 bits, as MLIR's IndexType::kInternalStorageBitWidth), or 0 when tt
// does not fold integers of that type.
func intWidth(t ir.Type) uint {
	w := ir.IntWidth(t)
	if w < 1 || w > 64 {
		return 0
	}
	return uint(w)
}

// intOf returns the value of an integer attribute.
func intOf(a *ir.IntegerAttr) (apInt, bool) {
	w := intWidth(a.Type)
	if w == 0 {
		return apInt{}, false
	}
	v := uint64(a.Val)
	if a.Big != nil {
		v = a.Big.Uint64()
		if a.Big.Sign() < 0 {
			v = uint64(a.Big.Int64())
		}
	}
	return mkInt(w, v), true
}

// intAttr builds an integer attribute of type t (integer or index).
func intAttr(t ir.Type, a apInt) *ir.IntegerAttr {
	if ir.IsIndex(t) {
		return ir.Int(t, a.s())
	}
	return ir.Int(t, int64(a.v))
}
