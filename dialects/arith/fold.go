package arith

import (
	"math"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// Folders of the arith ops, following MLIR 16's ArithOps.cpp.

// ---- Integer arithmetic ----

// intFn lifts an integer function to element values.
func intFn(f func(a, b apInt) apInt) func(a, b val) (val, bool) {
	return func(a, b val) (val, bool) { return val{i: f(a.i, b.i)}, true }
}

func floatFn(t func() ir.Type, f func(t ir.Type, a, b float64) float64) func(a, b val) (val, bool) {
	return func(a, b val) (val, bool) { return val{f: f(t(), a.f, b.f)}, true }
}

func foldAddI(op *ir.Operation, ops []ir.Attribute) fres {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZeroInt(ops[1]) { // addi(x, 0) -> x
		return foldToValue(lhs)
	}
	if sub := definingOp(lhs, "arith.subi"); sub != nil && sub.NumOperands() == 2 && sub.Operand(1) == rhs {
		return foldToValue(sub.Operand(0)) // addi(subi(a, b), b) -> a
	}
	if sub := definingOp(rhs, "arith.subi"); sub != nil && sub.NumOperands() == 2 && sub.Operand(1) == lhs {
		return foldToValue(sub.Operand(0)) // addi(b, subi(a, b)) -> a
	}
	return foldTo(foldBinary(ops, nil, intFn(apInt.add)))
}

func foldSubI(op *ir.Operation, ops []ir.Attribute) fres {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if lhs == rhs { // subi(x, x) -> 0
		return foldTo(zeroAttr(op.Result(0).Type()))
	}
	if isZeroInt(ops[1]) { // subi(x, 0) -> x
		return foldToValue(lhs)
	}
	if add := definingOp(lhs, "arith.addi"); add != nil && add.NumOperands() == 2 {
		if rhs == add.Operand(1) { // subi(addi(a, b), b) -> a
			return foldToValue(add.Operand(0))
		}
		if rhs == add.Operand(0) { // subi(addi(a, b), a) -> b
			return foldToValue(add.Operand(1))
		}
	}
	return foldTo(foldBinary(ops, nil, intFn(apInt.sub)))
}

func foldMulI(op *ir.Operation, ops []ir.Attribute) fres {
	if isZeroInt(ops[1]) { // muli(x, 0) -> 0
		return foldToValue(op.Operand(1))
	}
	if isOneInt(ops[1]) { // muli(x, 1) -> x
		return foldToValue(op.Operand(0))
	}
	return foldTo(foldBinary(ops, nil, intFn(apInt.mul)))
}

// divFold folds an integer division-like op: x / 1 -> x (when divByOne),
// and constants unless some element divides by zero or overflows.
func divFold(oneIsIdentity bool, f func(a, b apInt) (apInt, bool)) folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		if oneIsIdentity && isOneInt(ops[1]) {
			return foldToValue(op.Operand(0))
		}
		return foldTo(foldBinary(ops, nil, func(a, b val) (val, bool) {
			if b.i.isZero() {
				return val{}, false
			}
			r, ok := f(a.i, b.i)
			return val{i: r}, ok
		}))
	}
}

var foldDivUI = divFold(true, func(a, b apInt) (apInt, bool) { return a.udiv(b), true })

var foldDivSI = divFold(true, func(a, b apInt) (apInt, bool) {
	r, ov := a.sdivOv(b)
	return r, !ov
})

var foldCeilDivUI = divFold(true, func(a, b apInt) (apInt, bool) {
	q := a.udiv(b)
	if a.urem(b).isZero() {
		return q, true
	}
	r := q.add(apInt{a.w, 1})
	return r, !r.ult(q) // uadd_ov: overflow when the sum wraps
})

// MLIR 16 folds ceildivsi and floordivsi with APInt's *_ov operations,
// each of which overwrites the overflow flag, so only the overflow of the
// last operation of an element's computation stops the fold. ovInt mimics
// that to decide which elements fold as in MLIR 16; the folded value is
// then numerics' (CeilDivS, FloorDivS), the value that runs, where MLIR 16
// lets wrong results through (ceildivsi(INT_MIN, 2) = -(INT_MIN) / 2
// computed with a wrapped negation).
type ovInt struct{ ov bool }

func (o *ovInt) ssub(a, b apInt) apInt {
	r := a.sub(b)
	o.ov = a.isNegative() != b.isNegative() && r.isNegative() != a.isNegative()
	return r
}

func (o *ovInt) sadd(a, b apInt) apInt {
	r := a.add(b)
	o.ov = a.isNegative() == b.isNegative() && r.isNegative() != a.isNegative()
	return r
}

func (o *ovInt) sdiv(a, b apInt) apInt {
	r, ov := a.sdivOv(b)
	o.ov = ov
	return r
}

// signedCeilNonneg returns (a-1)/b + 1 (MLIR's signedCeilNonnegInputs).
func (o *ovInt) signedCeilNonneg(a, b apInt) apInt {
	one := apInt{a.w, 1}
	return o.sadd(o.sdiv(o.ssub(a, one), b), one)
}

var foldCeilDivSI = divFold(true, func(a, b apInt) (apInt, bool) {
	if a.isZero() {
		return a, true
	}
	var o ovInt
	zero := apInt{a.w, 0}
	aPos, bPos := zero.slt(a), zero.slt(b)
	var r apInt
	switch {
	case aPos && bPos: // ceil(a, b)
		r = o.signedCeilNonneg(a, b)
	case !aPos && !bPos: // ceil(-a, -b)
		pa := o.ssub(zero, a)
		pb := o.ssub(zero, b)
		r = o.signedCeilNonneg(pa, pb)
	case !aPos && bPos: // -(-a / b)
		pa := o.ssub(zero, a)
		r = o.ssub(zero, o.sdiv(pa, b))
	default: // -(a / -b)
		pb := o.ssub(zero, b)
		r = o.ssub(zero, o.sdiv(a, pb))
	}
	return signedRule(a, b, numerics.CeilDivS[int64]), !o.ov && r.w > 0
})

// signedRule applies a signed rule of package numerics to two w-bit
// values (computed in int64, exact modulo 2**w).
func signedRule(a, b apInt, f func(x, y int64) int64) apInt {
	return mkInt(a.w, uint64(f(a.s(), b.s())))
}

var foldFloorDivSI = divFold(true, func(a, b apInt) (apInt, bool) {
	if a.isZero() {
		return a, true
	}
	var o ovInt
	zero := apInt{a.w, 0}
	aPos, bPos := zero.slt(a), zero.slt(b)
	var r apInt
	switch {
	case aPos && bPos: // a / b
		r = o.sdiv(a, b)
	case !aPos && !bPos: // -a / -b
		pa := o.ssub(zero, a)
		pb := o.ssub(zero, b)
		r = o.sdiv(pa, pb)
	case !aPos && bPos: // -ceil(-a, b)
		pa := o.ssub(zero, a)
		r = o.ssub(zero, o.signedCeilNonneg(pa, b))
	default: // -ceil(a, -b)
		pb := o.ssub(zero, b)
		r = o.ssub(zero, o.signedCeilNonneg(a, pb))
	}
	return signedRule(a, b, numerics.FloorDivS[int64]), !o.ov && r.w > 0
})

// remFold folds remainders: x % 1 -> 0, constants unless dividing by zero.
func remFold(f func(a, b apInt) apInt) folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		if isOneInt(ops[1]) {
			return foldTo(zeroAttr(op.Result(0).Type()))
		}
		return divFold(false, func(a, b apInt) (apInt, bool) { return f(a, b), true })(op, ops)
	}
}

var (
	foldRemUI = remFold(apInt.urem)
	foldRemSI = remFold(apInt.srem)
)

// isNotOf reports whether v is xori(x, all-ones).
func isNotOf(v, x ir.Value) bool {
	xor := definingOp(v, "arith.xori")
	if xor == nil || xor.NumOperands() != 2 || xor.Operand(0) != x {
		return false
	}
	c, ok := constInt(constantOf(xor.Operand(1)))
	return ok && c.isAllOnes()
}

func foldAndI(op *ir.Operation, ops []ir.Attribute) fres {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZeroInt(ops[1]) { // and(x, 0) -> 0
		return foldToValue(rhs)
	}
	if c, ok := constInt(ops[1]); ok && c.isAllOnes() { // and(x, allOnes) -> x
		return foldToValue(lhs)
	}
	if isNotOf(rhs, lhs) || isNotOf(lhs, rhs) { // and(x, not(x)) -> 0
		return foldTo(zeroAttr(op.Result(0).Type()))
	}
	// and(a, and(a, b)) -> and(a, b)
	for _, swap := range []bool{false, true} {
		prevV, other := lhs, rhs
		if swap {
			prevV, other = rhs, lhs
		}
		prev := definingOp(prevV, "arith.andi")
		if prev == nil || prev.NumOperands() != 2 {
			continue
		}
		if other == prev.Operand(0) || other == prev.Operand(1) {
			return foldToValue(prev.Result(0))
		}
	}
	return foldTo(foldBinary(ops, nil, intFn(apInt.and)))
}

func foldOrI(op *ir.Operation, ops []ir.Attribute) fres {
	if isZeroInt(ops[1]) { // or(x, 0) -> x
		return foldToValue(op.Operand(0))
	}
	if a, ok := ops[1].(*ir.IntegerAttr); ok { // or(x, allOnes) -> allOnes
		if c, ok := intOf(a); ok && c.isAllOnes() {
			return foldTo(a)
		}
	}
	return foldTo(foldBinary(ops, nil, intFn(apInt.or)))
}

func foldXOrI(op *ir.Operation, ops []ir.Attribute) fres {
	lhs, rhs := op.Operand(0), op.Operand(1)
	if isZeroInt(ops[1]) { // xor(x, 0) -> x
		return foldToValue(lhs)
	}
	if lhs == rhs { // xor(x, x) -> 0
		return foldTo(zeroAttr(op.Result(0).Type()))
	}
	if prev := definingOp(lhs, "arith.xori"); prev != nil && prev.NumOperands() == 2 {
		if prev.Operand(1) == rhs { // xor(xor(x, a), a) -> x
			return foldToValue(prev.Operand(0))
		}
		if prev.Operand(0) == rhs { // xor(xor(a, x), a) -> x
			return foldToValue(prev.Operand(1))
		}
	}
	if prev := definingOp(rhs, "arith.xori"); prev != nil && prev.NumOperands() == 2 {
		if prev.Operand(1) == lhs { // xor(a, xor(x, a)) -> x
			return foldToValue(prev.Operand(0))
		}
		if prev.Operand(0) == lhs { // xor(a, xor(a, x)) -> x
			return foldToValue(prev.Operand(1))
		}
	}
	return foldTo(foldBinary(ops, nil, intFn(apInt.xor)))
}

// shiftFold folds shifts: x << 0 -> x; constants when the shift amount is
// at most the bit width (as MLIR 16, the bound of the last element decides).
func shiftFold(f func(a, b apInt) apInt) folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		if isZeroInt(ops[1]) {
			return foldToValue(op.Operand(0))
		}
		bounded := false
		r := foldBinary(ops, nil, func(a, b val) (val, bool) {
			bounded = b.i.v <= uint64(b.i.w)
			return val{i: f(a.i, b.i)}, true
		})
		if !bounded {
			return noFold()
		}
		return foldTo(r)
	}
}

var (
	foldShLI  = shiftFold(apInt.shl)
	foldShRUI = shiftFold(apInt.lshr)
	foldShRSI = shiftFold(apInt.ashr)
)

// minMaxIFold folds integer min/max: op(x, x) -> x, op(x, absorbing) ->
// absorbing, op(x, identity) -> x, and constants.
func minMaxIFold(f func(a, b apInt) apInt, absorbing, identity func(apInt) bool) folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		if op.Operand(0) == op.Operand(1) {
			return foldToValue(op.Operand(1))
		}
		if c, ok := constInt(ops[1]); ok {
			if absorbing(c) {
				return foldToValue(op.Operand(1))
			}
			if identity(c) {
				return foldToValue(op.Operand(0))
			}
		}
		return foldTo(foldBinary(ops, nil, intFn(f)))
	}
}

var (
	foldMaxSI = minMaxIFold(apInt.smax, apInt.isMaxSigned, apInt.isMinSigned)
	foldMaxUI = minMaxIFold(apInt.umax, apInt.isAllOnes, apInt.isZero)
	foldMinSI = minMaxIFold(apInt.smin, apInt.isMinSigned, apInt.isMaxSigned)
	foldMinUI = minMaxIFold(apInt.umin, apInt.isZero, apInt.isAllOnes)
)

// ---- Float arithmetic ----

func resultElemType(op *ir.Operation) func() ir.Type {
	return func() ir.Type { return elemType(op.Result(0).Type()) }
}

// isFloatConst reports whether a is a scalar or splat float equal to x
// (compared bit for bit, so -0.0 and +0.0 differ).
func isFloatConst(a ir.Attribute, x float64) bool {
	f, ok := constFloat(a)
	return ok && math.Float64bits(f) == math.Float64bits(x)
}

func floatBinFold(f func(t ir.Type, a, b float64) float64) func(op *ir.Operation, ops []ir.Attribute) fres {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		return foldTo(foldBinary(ops, nil, floatFn(resultElemType(op), f)))
	}
}

func foldNegF(op *ir.Operation, ops []ir.Attribute) fres {
	if neg := definingOp(op.Operand(0), "arith.negf"); neg != nil && neg.NumOperands() == 1 {
		return foldToValue(neg.Operand(0)) // negf(negf(x)) -> x
	}
	return foldTo(foldUnary(ops, func(a val) (val, bool) { return val{f: -a.f}, true }))
}

func foldAddF(op *ir.Operation, ops []ir.Attribute) fres {
	if isFloatConst(ops[1], math.Copysign(0, -1)) { // addf(x, -0) -> x
		return foldToValue(op.Operand(0))
	}
	return floatBinFold(fadd)(op, ops)
}

func foldSubF(op *ir.Operation, ops []ir.Attribute) fres {
	if isFloatConst(ops[1], 0) { // subf(x, +0) -> x
		return foldToValue(op.Operand(0))
	}
	return floatBinFold(fsub)(op, ops)
}

func foldMaxF(op *ir.Operation, ops []ir.Attribute) fres {
	if op.Operand(0) == op.Operand(1) { // maxf(x, x) -> x
		return foldToValue(op.Operand(1))
	}
	if isFloatConst(ops[1], math.Inf(-1)) { // maxf(x, -inf) -> x
		return foldToValue(op.Operand(0))
	}
	return floatBinFold(func(_ ir.Type, a, b float64) float64 { return numerics.Maximum(a, b) })(op, ops)
}

func foldMinF(op *ir.Operation, ops []ir.Attribute) fres {
	if op.Operand(0) == op.Operand(1) { // minf(x, x) -> x
		return foldToValue(op.Operand(1))
	}
	if isFloatConst(ops[1], math.Inf(1)) { // minf(x, +inf) -> x
		return foldToValue(op.Operand(0))
	}
	return floatBinFold(func(_ ir.Type, a, b float64) float64 { return numerics.Minimum(a, b) })(op, ops)
}

func foldMulF(op *ir.Operation, ops []ir.Attribute) fres {
	if isFloatConst(ops[1], 1) { // mulf(x, 1) -> x
		return foldToValue(op.Operand(0))
	}
	return floatBinFold(fmul)(op, ops)
}

func foldDivF(op *ir.Operation, ops []ir.Attribute) fres {
	if isFloatConst(ops[1], 1) { // divf(x, 1) -> x
		return foldToValue(op.Operand(0))
	}
	return floatBinFold(fdiv)(op, ops)
}

var foldRemF = floatBinFold(frem)

// ---- Casts ----

func resultWidth(op *ir.Operation) uint { return intWidth(elemType(op.Result(0).Type())) }

func foldExtUI(op *ir.Operation, ops []ir.Attribute) fres {
	if prev := definingOp(op.Operand(0), "arith.extui"); prev != nil && prev.NumOperands() == 1 {
		op.SetOperand(0, prev.Operand(0)) // extui(extui(x)) -> extui(x)
		return foldedInPlace()
	}
	w := resultWidth(op)
	if w == 0 {
		return noFold()
	}
	return foldTo(foldCast(ops, op.Result(0).Type(), func(a val) (val, bool) { return val{i: a.i.zext(w)}, true }))
}

func foldExtSI(op *ir.Operation, ops []ir.Attribute) fres {
	if prev := definingOp(op.Operand(0), "arith.extsi"); prev != nil && prev.NumOperands() == 1 {
		op.SetOperand(0, prev.Operand(0)) // extsi(extsi(x)) -> extsi(x)
		return foldedInPlace()
	}
	w := resultWidth(op)
	if w == 0 {
		return noFold()
	}
	return foldTo(foldCast(ops, op.Result(0).Type(), func(a val) (val, bool) { return val{i: a.i.sext(w)}, true }))
}

func foldTruncI(op *ir.Operation, ops []ir.Attribute) fres {
	in := op.Operand(0)
	if ext := definingOp(in, "arith.extui"); ext != nil || definingOp(in, "arith.extsi") != nil {
		if ext == nil {
			ext = definingOp(in, "arith.extsi")
		}
		if ext.NumOperands() == 1 {
			src := ext.Operand(0)
			sw, dw := ir.IntWidth(elemType(src.Type())), ir.IntWidth(elemType(op.Result(0).Type()))
			if sw > dw { // trunci(ext(a)) -> trunci(a)
				op.SetOperand(0, src)
				return foldedInPlace()
			}
			if elemType(src.Type()) == elemType(op.Result(0).Type()) { // trunci(ext(a)) -> a
				return foldToValue(src)
			}
		}
	}
	if prev := definingOp(in, "arith.trunci"); prev != nil && prev.NumOperands() == 1 {
		op.SetOperand(0, prev.Operand(0)) // trunci(trunci(a)) -> trunci(a)
		return foldedInPlace()
	}
	w := resultWidth(op)
	if w == 0 {
		return noFold()
	}
	return foldTo(foldCast(ops, op.Result(0).Type(), func(a val) (val, bool) { return val{i: a.i.trunc(w)}, true }))
}

// foldTruncF folds scalar constants that the narrower type holds exactly.
func foldTruncF(op *ir.Operation, ops []ir.Attribute) fres {
	a, ok := ops[0].(*ir.FloatAttr)
	rt := op.Result(0).Type()
	if !ok || !floatFoldable(a.Type) || !floatFoldable(rt) {
		return noFold()
	}
	t := ir.Float(rt, a.Value)
	if t.Value != a.Value { // NaN never compares equal: not folded, as in MLIR
		return noFold()
	}
	return foldTo(t)
}

func intToFPFold(signed bool) folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		rt := op.Result(0).Type()
		et := elemType(rt)
		if !floatFoldable(et) {
			return noFold()
		}
		return foldTo(foldCast(ops, rt, func(a val) (val, bool) {
			return val{f: intToFloat(et, a.i, signed)}, true
		}))
	}
}

func fpToIntFold(signed bool) folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		rt := op.Result(0).Type()
		w := resultWidth(op)
		if w == 0 || !ir.IsFloat(elemType(op.Operand(0).Type())) {
			return noFold()
		}
		return foldTo(foldCast(ops, rt, func(a val) (val, bool) {
			r, ok := floatToInt(a.f, w, signed)
			return val{i: r}, ok
		}))
	}
}

var (
	foldSIToFP = intToFPFold(true)
	foldUIToFP = intToFPFold(false)
	foldFPToSI = fpToIntFold(true)
	foldFPToUI = fpToIntFold(false)
)

// indexCastFold folds scalar constants only (MLIR 16 converts through the
// attribute's int64 value: sign-extended for index_cast, zero-extended for
// index_castui).
func indexCastFold(signed bool) folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		a, ok := ops[0].(*ir.IntegerAttr)
		rt := op.Result(0).Type()
		w := intWidth(rt)
		if !ok || w == 0 {
			return noFold()
		}
		x, ok := intOf(a)
		if !ok {
			return noFold()
		}
		if signed {
			return foldTo(intAttr(rt, x.sext(w)))
		}
		return foldTo(intAttr(rt, x.zext(w)))
	}
}

var (
	foldIndexCast   = indexCastFold(true)
	foldIndexCastUI = indexCastFold(false)
)

func foldBitcast(op *ir.Operation, ops []ir.Attribute) fres {
	rt := op.Result(0).Type()
	src, dst := elemType(op.Operand(0).Type()), elemType(rt)
	if !(ir.IsFloat(src) && floatFoldable(src) || intWidth(src) > 0) ||
		!(ir.IsFloat(dst) && floatFoldable(dst) || intWidth(dst) > 0) {
		return noFold()
	}
	return foldTo(foldCast(ops, rt, func(a val) (val, bool) {
		var b uint64
		if ir.IsFloat(src) {
			b = bitsOfFloat(src, a.f)
		} else {
			b = a.i.v
		}
		if ir.IsFloat(dst) {
			return val{f: floatOfBits(dst, b)}, true
		}
		return val{i: mkInt(intWidth(dst), b)}, true
	}))
}

// ---- Comparisons ----

// Integer comparison predicates (CmpIPredicate), in attribute-value order.
var CmpIPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

// Float comparison predicates (CmpFPredicate), in attribute-value order.
var CmpFPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

// cmpi predicate values.
const (
	predEQ int64 = iota
	predNE
	predSLT
	predSLE
	predSGT
	predSGE
	predULT
	predULE
	predUGT
	predUGE
)

// predicateOf returns the predicate attribute's value.
func predicateOf(op *ir.Operation) (int64, bool) {
	a, ok := op.Attr(PredicateAttrName).(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int64(), true
}

// applyCmpI evaluates an integer comparison.
func applyCmpI(pred int64, a, b apInt) bool {
	switch pred {
	case predEQ:
		return a == b
	case predNE:
		return a != b
	case predSLT:
		return a.slt(b)
	case predSLE:
		return !b.slt(a)
	case predSGT:
		return b.slt(a)
	case predSGE:
		return !a.slt(b)
	case predULT:
		return a.ult(b)
	case predULE:
		return !b.ult(a)
	case predUGT:
		return b.ult(a)
	case predUGE:
		return !a.ult(b)
	}
	return false
}

// cmpIEqualOperands is the result of comparing a value with itself.
func cmpIEqualOperands(pred int64) bool {
	switch pred {
	case predEQ, predSLE, predSGE, predULE, predUGE:
		return true
	}
	return false
}

// swappedCmpI is the predicate of the comparison with swapped operands.
func swappedCmpI(pred int64) int64 {
	switch pred {
	case predSLT:
		return predSGT
	case predSGT:
		return predSLT
	case predSLE:
		return predSGE
	case predSGE:
		return predSLE
	case predULT:
		return predUGT
	case predUGT:
		return predULT
	case predULE:
		return predUGE
	case predUGE:
		return predULE
	}
	return pred
}

// invertCmpI is the predicate of the negated comparison.
func invertCmpI(pred int64) int64 {
	switch pred {
	case predEQ:
		return predNE
	case predNE:
		return predEQ
	case predSLT:
		return predSGE
	case predSLE:
		return predSGT
	case predSGT:
		return predSLE
	case predSGE:
		return predSLT
	case predULT:
		return predUGE
	case predULE:
		return predUGT
	case predUGT:
		return predULE
	case predUGE:
		return predULT
	}
	return pred
}

func isI1Ext(v ir.Value) ir.Value {
	for _, name := range []string{"arith.extsi", "arith.extui"} {
		if ext := definingOp(v, name); ext != nil && ext.NumOperands() == 1 {
			t := ext.Operand(0).Type()
			if vt, ok := t.(*ir.VectorType); ok {
				t = vt.Elem
			}
			if it, ok := t.(*ir.IntegerType); ok && it.Width == 1 {
				return ext.Operand(0)
			}
			return nil
		}
	}
	return nil
}

func foldCmpI(op *ir.Operation, ops []ir.Attribute) fres {
	pred, ok := predicateOf(op)
	if !ok || pred < 0 || pred > predUGE {
		return noFold()
	}
	lhs, rhs := op.Operand(0), op.Operand(1)
	if lhs == rhs { // cmpi(pred, x, x)
		return foldTo(boolAttr(op.Context(), op.Result(0).Type(), cmpIEqualOperands(pred)))
	}
	if isZeroInt(ops[1]) && pred == predNE {
		if x := isI1Ext(lhs); x != nil { // ext(x : i1) != 0 -> x
			return foldToValue(x)
		}
	}
	if ops[0] != nil && ops[1] == nil { // move the constant to the right
		op.SetAttr(PredicateAttrName, ir.Int(op.Context().I64(), swappedCmpI(pred)))
		op.SetOperand(0, rhs)
		op.SetOperand(1, lhs)
		return foldedInPlace()
	}
	l, okL := ops[0].(*ir.IntegerAttr)
	r, okR := ops[1].(*ir.IntegerAttr)
	if !okL || !okR || l.Type != r.Type {
		return noFold()
	}
	a, ok1 := intOf(l)
	b, ok2 := intOf(r)
	if !ok1 || !ok2 {
		return noFold()
	}
	return foldTo(ir.Bool(op.Context(), applyCmpI(pred, a, b)))
}

// applyCmpF evaluates a float comparison.
func applyCmpF(pred int64, a, b float64) bool {
	c := fcompare(a, b)
	switch CmpFPredicates[pred] {
	case "false":
		return false
	case "oeq":
		return c == cmpEqual
	case "ogt":
		return c == cmpGreater
	case "oge":
		return c == cmpGreater || c == cmpEqual
	case "olt":
		return c == cmpLess
	case "ole":
		return c == cmpLess || c == cmpEqual
	case "one":
		return c != cmpUnordered && c != cmpEqual
	case "ord":
		return c != cmpUnordered
	case "ueq":
		return c == cmpUnordered || c == cmpEqual
	case "ugt":
		return c == cmpUnordered || c == cmpGreater
	case "uge":
		return c == cmpUnordered || c == cmpGreater || c == cmpEqual
	case "ult":
		return c == cmpUnordered || c == cmpLess
	case "ule":
		return c == cmpUnordered || c == cmpLess || c == cmpEqual
	case "une":
		return c != cmpEqual
	case "uno":
		return c == cmpUnordered
	}
	return true // "true"
}

// foldCmpF folds scalar constants; a NaN operand makes the comparison
// unordered whatever the other operand is.
func foldCmpF(op *ir.Operation, ops []ir.Attribute) fres {
	pred, ok := predicateOf(op)
	if !ok || pred < 0 || pred >= int64(len(CmpFPredicates)) {
		return noFold()
	}
	l, _ := ops[0].(*ir.FloatAttr)
	r, _ := ops[1].(*ir.FloatAttr)
	if l != nil && math.IsNaN(l.Value) {
		r = l
	}
	if r != nil && math.IsNaN(r.Value) {
		l = r
	}
	if l == nil || r == nil {
		return noFold()
	}
	return foldTo(ir.Bool(op.Context(), applyCmpF(pred, l.Value, r.Value)))
}

// ---- Select ----

func foldSelect(op *ir.Operation, ops []ir.Attribute) fres {
	cond, tv, fv := op.Operand(0), op.Operand(1), op.Operand(2)
	if tv == fv {
		return foldToValue(tv)
	}
	if isOneInt(ops[0]) { // select true, a, b -> a
		return foldToValue(tv)
	}
	if isZeroInt(ops[0]) { // select false, a, b -> b
		return foldToValue(fv)
	}
	rt := op.Result(0).Type()
	if isI1(rt) && isOneInt(ops[1]) && isZeroInt(ops[2]) { // select c, true, false -> c
		return foldToValue(cond)
	}
	if cmp := definingOp(cond, "arith.cmpi"); cmp != nil && cmp.NumOperands() == 2 {
		if pred, ok := predicateOf(cmp); ok && (pred == predEQ || pred == predNE) {
			cl, cr := cmp.Operand(0), cmp.Operand(1)
			if (cl == tv && cr == fv) || (cr == tv && cl == fv) {
				if pred == predNE {
					return foldToValue(tv)
				}
				return foldToValue(fv)
			}
		}
	}
	return noFold()
}

// ---- Constant ----

func foldConstant(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
	a := op.Attr(ValueAttrName)
	if a == nil {
		return nil, false
	}
	return []ir.FoldResult{{Attr: a}}, true
}
