package arith

import (
	"math"

	"github.com/tt-compiler/tt/ir"
)

// Canonicalization patterns of the arith ops: the patterns of MLIR 16's
// ArithCanonicalization.td and ArithOps.cpp. Each is small and returns
// false before changing anything when it does not match.

// pattern makes an ir.Pattern; benefit is the number of ops the source
// pattern matches, as DRR computes it.
func pattern(root, label string, benefit int, fn func(op *ir.Operation, rw *ir.PatternRewriter) bool) ir.RewritePattern {
	return &ir.Pattern{Root: root, Label: label, Priority: benefit, Rewrite: fn}
}

// operandDef returns the op defining operand i of op when it is named name
// and has n operands.
func operandDef(op *ir.Operation, i int, name string, n int) *ir.Operation {
	if i >= op.NumOperands() {
		return nil
	}
	d := definingOp(op.Operand(i), name)
	if d == nil || d.NumOperands() != n || d.NumResults() != 1 {
		return nil
	}
	return d
}

// scalarIntConst returns the value of v when it is a scalar integer
// constant (DRR's ConstantLikeMatcher APIntAttr).
func scalarIntConst(v ir.Value) (*ir.IntegerAttr, apInt, bool) {
	a, ok := constantOf(v).(*ir.IntegerAttr)
	if !ok {
		return nil, apInt{}, false
	}
	x, ok := intOf(a)
	return a, x, ok
}

// create builds an op before `before`; nil results are inferred.
func create(rw *ir.PatternRewriter, before *ir.Operation, name string, operands []ir.Value, results []ir.Type, attrs ...ir.NamedAttr) *ir.Operation {
	rw.SetInsertionPointBefore(before)
	st := &ir.OperationState{Name: name, Loc: before.Loc(), Operands: operands, ResultTypes: results, Attrs: attrs}
	if def := rw.Ctx.LookupOp(name); def != nil && def.AttrDef(FastMathAttrName) != nil && st.Attr(FastMathAttrName) == nil {
		st.AddAttr(FastMathAttrName, FastMathAttr(FastMathNone))
	}
	op, err := rw.Create(st)
	if err != nil {
		return nil
	}
	return op
}

// createConstant builds arith.constant value before `before`.
func createConstant(rw *ir.PatternRewriter, before *ir.Operation, value ir.Attribute) *ir.Operation {
	t := attrType(value)
	if t == nil {
		return nil
	}
	return create(rw, before, ConstantName, nil, []ir.Type{t}, ir.NamedAttr{Name: ValueAttrName, Value: value})
}

// replace replaces op's single result with the result of the new op.
func replace(rw *ir.PatternRewriter, op, with *ir.Operation) bool {
	if with == nil {
		return false
	}
	rw.ReplaceOp(op, []ir.Value{with.Result(0)})
	return true
}

// ---- addi / subi with constants ----

// constArithPattern matches root(inner(a, b), c) or root(c, inner(a, b))
// with the constants as described by the shape and rewrites to
// newOp(x, k) or newOp(k, x), where k = combine(c0, c1).
type constShape struct {
	root, inner    string
	rootConstLeft  bool // the root's constant is its left operand
	innerConstLeft bool // the inner op's constant is its left operand
	newOp          string
	newConstLeft   bool
	combine        func(c0, c1 apInt) apInt // c0: inner constant, c1: root constant
	label          string
}

func (s constShape) pattern() ir.RewritePattern {
	return pattern(s.root, s.label, 2, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 2, 1) {
			return false
		}
		innerIdx, rootCstIdx := 0, 1
		if s.rootConstLeft {
			innerIdx, rootCstIdx = 1, 0
		}
		inner := operandDef(op, innerIdx, s.inner, 2)
		if inner == nil {
			return false
		}
		_, c1, ok := scalarIntConst(op.Operand(rootCstIdx))
		if !ok {
			return false
		}
		xIdx, innerCstIdx := 0, 1
		if s.innerConstLeft {
			xIdx, innerCstIdx = 1, 0
		}
		_, c0, ok := scalarIntConst(inner.Operand(innerCstIdx))
		if !ok || c0.w != c1.w {
			return false
		}
		t := op.Result(0).Type()
		k := createConstant(rw, op, intAttr(t, s.combine(c0, c1)))
		if k == nil {
			return false
		}
		x := inner.Operand(xIdx)
		operands := []ir.Value{x, k.Result(0)}
		if s.newConstLeft {
			operands = []ir.Value{k.Result(0), x}
		}
		return replace(rw, op, create(rw, op, s.newOp, operands, []ir.Type{t}))
	})
}

func add(c0, c1 apInt) apInt   { return c0.add(c1) }
func sub01(c0, c1 apInt) apInt { return c0.sub(c1) }
func sub10(c0, c1 apInt) apInt { return c1.sub(c0) }

var addIPatterns = []ir.RewritePattern{
	// addi(addi(x, c0), c1) -> addi(x, c0 + c1)
	constShape{root: AddIName, inner: AddIName, newOp: AddIName, combine: add, label: "AddIAddConstant"}.pattern(),
	// addi(subi(x, c0), c1) -> addi(x, c1 - c0)
	constShape{root: AddIName, inner: SubIName, newOp: AddIName, combine: sub10, label: "AddISubConstantRHS"}.pattern(),
	// addi(subi(c0, x), c1) -> subi(c0 + c1, x)
	constShape{root: AddIName, inner: SubIName, innerConstLeft: true, newOp: SubIName, newConstLeft: true, combine: add, label: "AddISubConstantLHS"}.pattern(),
}

var subIPatterns = []ir.RewritePattern{
	// subi(addi(x, c0), c1) -> addi(x, c0 - c1)
	constShape{root: SubIName, inner: AddIName, newOp: AddIName, combine: sub01, label: "SubIRHSAddConstant"}.pattern(),
	// subi(c1, addi(x, c0)) -> subi(c1 - c0, x)
	constShape{root: SubIName, inner: AddIName, rootConstLeft: true, newOp: SubIName, newConstLeft: true, combine: sub10, label: "SubILHSAddConstant"}.pattern(),
	// subi(subi(x, c0), c1) -> subi(x, c0 + c1)
	constShape{root: SubIName, inner: SubIName, newOp: SubIName, combine: add, label: "SubIRHSSubConstantRHS"}.pattern(),
	// subi(subi(c0, x), c1) -> subi(c0 - c1, x)
	constShape{root: SubIName, inner: SubIName, innerConstLeft: true, newOp: SubIName, newConstLeft: true, combine: sub01, label: "SubIRHSSubConstantLHS"}.pattern(),
	// subi(c1, subi(x, c0)) -> subi(c0 + c1, x)
	constShape{root: SubIName, inner: SubIName, rootConstLeft: true, newOp: SubIName, newConstLeft: true, combine: add, label: "SubILHSSubConstantRHS"}.pattern(),
	// subi(c1, subi(c0, x)) -> addi(x, c1 - c0)
	constShape{root: SubIName, inner: SubIName, rootConstLeft: true, innerConstLeft: true, newOp: AddIName, combine: sub10, label: "SubILHSSubConstantLHS"}.pattern(),
	// subi(subi(a, b), a) -> subi(0, b)
	pattern(SubIName, "SubISubILHSRHSLHS", 2, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 2, 1) {
			return false
		}
		inner := operandDef(op, 0, SubIName, 2)
		if inner == nil || inner.Operand(0) != op.Operand(1) {
			return false
		}
		b := inner.Operand(1)
		z := zeroAttr(b.Type())
		if z == nil {
			return false
		}
		k := createConstant(rw, op, z)
		if k == nil {
			return false
		}
		return replace(rw, op, create(rw, op, SubIName, []ir.Value{k.Result(0), b}, []ir.Type{op.Result(0).Type()}))
	}),
}

// ---- Bitwise ops of extensions ----

// opOfExts rewrites root(ext(x), ext(y)) with x and y of one type into
// ext(root(x, y)).
func opOfExts(root, ext, label string) ir.RewritePattern {
	return pattern(root, label, 3, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 2, 1) {
			return false
		}
		a, b := operandDef(op, 0, ext, 1), operandDef(op, 1, ext, 1)
		if a == nil || b == nil {
			return false
		}
		x, y := a.Operand(0), b.Operand(0)
		if x.Type() != y.Type() {
			return false
		}
		inner := create(rw, op, root, []ir.Value{x, y}, []ir.Type{x.Type()})
		if inner == nil {
			return false
		}
		return replace(rw, op, create(rw, op, ext, []ir.Value{inner.Result(0)}, []ir.Type{op.Result(0).Type()}))
	})
}

var andIPatterns = []ir.RewritePattern{
	opOfExts(AndIName, ExtUIName, "AndOfExtUI"),
	opOfExts(AndIName, ExtSIName, "AndOfExtSI"),
}

var orIPatterns = []ir.RewritePattern{
	opOfExts(OrIName, ExtUIName, "OrOfExtUI"),
	opOfExts(OrIName, ExtSIName, "OrOfExtSI"),
}

var xorIPatterns = []ir.RewritePattern{
	// xori(cmpi(pred, a, b), true) -> cmpi(~pred, a, b)
	pattern(XOrIName, "XOrINotCmpI", 2, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 2, 1) {
			return false
		}
		cmp := operandDef(op, 0, CmpIName, 2)
		if cmp == nil {
			return false
		}
		c, x, ok := scalarIntConst(op.Operand(1))
		if !ok || !c.IsBool() || !x.isOne() {
			return false
		}
		pred, ok := predicateOf(cmp)
		if !ok || pred < predEQ || pred > predUGE {
			return false
		}
		return replace(rw, op, create(rw, op, CmpIName, []ir.Value{cmp.Operand(0), cmp.Operand(1)}, []ir.Type{op.Result(0).Type()},
			ir.NamedAttr{Name: PredicateAttrName, Value: ir.Int(rw.Ctx.I64(), invertCmpI(pred))}))
	}),
	opOfExts(XOrIName, ExtUIName, "XOrIOfExtUI"),
	opOfExts(XOrIName, ExtSIName, "XOrIOfExtSI"),
}

// ---- Comparisons ----

// cmpIOfExts rewrites cmpi(eq|ne, ext(a), ext(b)) with a, b of one type to cmpi(pred, a, b).
func cmpIOfExts(ext, label string) ir.RewritePattern {
	return pattern(CmpIName, label, 3, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 2, 1) {
			return false
		}
		pred, ok := predicateOf(op)
		if !ok || (pred != predEQ && pred != predNE) {
			return false
		}
		a, b := operandDef(op, 0, ext, 1), operandDef(op, 1, ext, 1)
		if a == nil || b == nil || a.Operand(0).Type() != b.Operand(0).Type() {
			return false
		}
		return replace(rw, op, create(rw, op, CmpIName, []ir.Value{a.Operand(0), b.Operand(0)}, []ir.Type{op.Result(0).Type()},
			ir.NamedAttr{Name: PredicateAttrName, Value: ir.Int(rw.Ctx.I64(), pred)}))
	})
}

var cmpIPatterns = []ir.RewritePattern{
	cmpIOfExts(ExtSIName, "CmpIExtSI"),
	cmpIOfExts(ExtUIName, "CmpIExtUI"),
}

var cmpFPatterns = []ir.RewritePattern{
	pattern(CmpFName, "CmpFIntToFPConst", 1, cmpFIntToFPConst),
}

// fpMantissaWidth is FloatType::getFPMantissaWidth (precision including the implicit bit).
func fpMantissaWidth(t ir.Type) int {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return 0
	}
	switch ft.Kind {
	case ir.F16, ir.TF32:
		return 11
	case ir.BF16:
		return 8
	case ir.F32:
		return 24
	case ir.F64:
		return 53
	case ir.F80:
		return 64
	case ir.F128:
		return 113
	}
	return 0
}

// maxExponent is ilogb(APFloat::getLargest(t)).
func maxExponent(t ir.Type) int {
	switch t.(*ir.FloatType).Kind {
	case ir.F16:
		return 15
	case ir.BF16, ir.F32, ir.TF32:
		return 127
	}
	return 1023
}

// cmpFIntToFPConst rewrites cmpf(pred, sitofp/uitofp(x), C) into an integer
// comparison of x with an integer constant (or a constant result) when the
// conversion cannot affect the comparison (MLIR's CmpFIntToFPConst).
func cmpFIntToFPConst(op *ir.Operation, rw *ir.PatternRewriter) bool {
	if !hasArity(op, 2, 1) {
		return false
	}
	flt, ok := constantOf(op.Operand(1)).(*ir.FloatAttr)
	if !ok || !floatFoldable(flt.Type) {
		return false
	}
	rhs := flt.Value
	if math.IsNaN(rhs) {
		return false
	}
	floatTy := flt.Type
	mantissaWidth := fpMantissaWidth(floatTy)
	if mantissaWidth <= 0 {
		return false
	}
	var intVal ir.Value
	var isUnsigned bool
	if si := operandDef(op, 0, SIToFPName, 1); si != nil {
		intVal = si.Operand(0)
	} else if ui := operandDef(op, 0, UIToFPName, 1); ui != nil {
		intVal, isUnsigned = ui.Operand(0), true
	} else {
		return false
	}
	intTy, ok := intVal.Type().(*ir.IntegerType)
	if !ok || intTy.Width > 64 {
		return false
	}
	intWidth := intTy.Width
	valueBits := intWidth
	if !isUnsigned {
		valueBits--
	}
	if intWidth > mantissaWidth {
		if math.IsInf(rhs, 0) {
			if maxExponent(floatTy) < valueBits {
				return false // the conversion could create infinity
			}
		} else if rhs != 0 {
			if e := math.Ilogb(rhs); mantissaWidth <= e && e <= valueBits {
				return false // the conversion could affect the comparison
			}
		}
	}
	pred, ok := predicateOf(op)
	if !ok || pred < 0 || pred >= int64(len(CmpFPredicates)) {
		return false
	}
	constBool := func(b bool) bool {
		return replace(rw, op, createConstant(rw, op, ir.Bool(rw.Ctx, b)))
	}
	var ipred int64
	switch CmpFPredicates[pred] {
	case "ord":
		return constBool(true) // int-to-fp conversions make no NaN
	case "uno":
		return constBool(false)
	case "oeq", "ueq":
		ipred = predEQ
	case "ogt", "ugt":
		ipred = pick(isUnsigned, predUGT, predSGT)
	case "oge", "uge":
		ipred = pick(isUnsigned, predUGE, predSGE)
	case "olt", "ult":
		ipred = pick(isUnsigned, predULT, predSLT)
	case "ole", "ule":
		ipred = pick(isUnsigned, predULE, predSLE)
	case "one", "une":
		ipred = predNE
	default:
		return false // always true/false: MLIR hits llvm_unreachable; leave it alone
	}
	w := uint(intWidth)
	// Constants beyond the integer range decide the comparison.
	if !isUnsigned {
		smax := intToFloat(floatTy, mkInt(w, widthMask(w)>>1), true)
		if smax < rhs {
			return constBool(ipred == predNE || ipred == predSLT || ipred == predSLE)
		}
		smin := intToFloat(floatTy, mkInt(w, uint64(1)<<(w-1)), true)
		if smin > rhs {
			return constBool(ipred == predNE || ipred == predSGT || ipred == predSGE)
		}
	} else {
		umax := intToFloat(floatTy, mkInt(w, widthMask(w)), false)
		if umax < rhs {
			return constBool(ipred == predNE || ipred == predULT || ipred == predULE)
		}
		if 0 > rhs {
			return constBool(ipred == predNE || ipred == predUGT || ipred == predUGE)
		}
	}
	rhsInt, ok := floatToInt(rhs, w, !isUnsigned)
	if !ok {
		return false
	}
	if rhs != 0 {
		back := intToFloat(floatTy, rhsInt, !isUnsigned)
		if back != rhs { // a fractional constant: adjust the predicate
			neg := rhs < 0
			switch ipred {
			case predNE:
				return constBool(true)
			case predEQ:
				return constBool(false)
			case predULE:
				if neg {
					return constBool(false)
				}
			case predSLE:
				if neg {
					ipred = predSLT
				}
			case predULT:
				if neg {
					return constBool(false)
				}
				ipred = predULE
			case predSLT:
				if !neg {
					ipred = predSLE
				}
			case predUGT:
				if neg {
					return constBool(true)
				}
			case predSGT:
				if neg {
					ipred = predSGE
				}
			case predUGE:
				if neg {
					return constBool(true)
				}
				ipred = predUGT
			case predSGE:
				if !neg {
					ipred = predSGT
				}
			}
		}
	}
	k := createConstant(rw, op, intAttr(intTy, rhsInt))
	if k == nil {
		return false
	}
	return replace(rw, op, create(rw, op, CmpIName, []ir.Value{intVal, k.Result(0)}, []ir.Type{op.Result(0).Type()},
		ir.NamedAttr{Name: PredicateAttrName, Value: ir.Int(rw.Ctx.I64(), ipred)}))
}

func pick(c bool, a, b int64) int64 {
	if c {
		return a
	}
	return b
}

// ---- Select ----

var selectPatterns = []ir.RewritePattern{
	// select(c, x, y) : i1 -> or(and(c, x), and(xor(c, true), y))
	pattern(SelectName, "SelectI1Simplify", 1, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 3, 1) || !isI1(op.Result(0).Type()) || !isI1(op.Operand(0).Type()) {
			return false
		}
		i1 := op.Result(0).Type()
		cond, tv, fv := op.Operand(0), op.Operand(1), op.Operand(2)
		t := createConstant(rw, op, ir.Bool(rw.Ctx, true))
		if t == nil {
			return false
		}
		not := create(rw, op, XOrIName, []ir.Value{cond, t.Result(0)}, []ir.Type{i1})
		a := create(rw, op, AndIName, []ir.Value{cond, tv}, []ir.Type{i1})
		if not == nil || a == nil {
			return false
		}
		b := create(rw, op, AndIName, []ir.Value{not.Result(0), fv}, []ir.Type{i1})
		if b == nil {
			return false
		}
		return replace(rw, op, create(rw, op, OrIName, []ir.Value{a.Result(0), b.Result(0)}, []ir.Type{i1}))
	}),
	// select(c, 1, 0) -> extui(c); select(c, 0, 1) -> extui(xor(c, true))
	pattern(SelectName, "SelectToExtUI", 1, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 3, 1) {
			return false
		}
		rt, ok := op.Result(0).Type().(*ir.IntegerType)
		if !ok || rt.Width == 1 || !isI1(op.Operand(0).Type()) {
			return false
		}
		tc, fc := constantOf(op.Operand(1)), constantOf(op.Operand(2))
		cond := op.Operand(0)
		switch {
		case isOneInt(tc) && isZeroInt(fc):
		case isZeroInt(tc) && isOneInt(fc):
			t := createConstant(rw, op, ir.Bool(rw.Ctx, true))
			if t == nil {
				return false
			}
			not := create(rw, op, XOrIName, []ir.Value{cond, t.Result(0)}, []ir.Type{cond.Type()})
			if not == nil {
				return false
			}
			cond = not.Result(0)
		default:
			return false
		}
		return replace(rw, op, create(rw, op, ExtUIName, []ir.Value{cond}, []ir.Type{rt}))
	}),
}

// ---- Casts ----

// castOfCast rewrites outer(inner(x)) to x when x has the result's type.
func castOfCastToValue(name, label string) ir.RewritePattern {
	return pattern(name, label, 2, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 1, 1) {
			return false
		}
		inner := operandDef(op, 0, name, 1)
		if inner == nil || inner.Operand(0).Type() != op.Result(0).Type() {
			return false
		}
		rw.ReplaceOp(op, []ir.Value{inner.Operand(0)})
		return true
	})
}

// castOfExt rewrites cast(ext(x)) to cast(x).
func castOfExt(name, ext, label string) ir.RewritePattern {
	return pattern(name, label, 2, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 1, 1) {
			return false
		}
		e := operandDef(op, 0, ext, 1)
		if e == nil {
			return false
		}
		return replace(rw, op, create(rw, op, name, []ir.Value{e.Operand(0)}, []ir.Type{op.Result(0).Type()}))
	})
}

var indexCastPatterns = []ir.RewritePattern{
	castOfCastToValue(IndexCastName, "IndexCastOfIndexCast"),
	castOfExt(IndexCastName, ExtSIName, "IndexCastOfExtSI"),
}

var indexCastUIPatterns = []ir.RewritePattern{
	castOfCastToValue(IndexCastUIName, "IndexCastUIOfIndexCastUI"),
	castOfExt(IndexCastUIName, ExtUIName, "IndexCastUIOfExtUI"),
}

var bitcastPatterns = []ir.RewritePattern{
	// bitcast(bitcast(x)) -> x (or a single bitcast when x's type differs
	// from the result's, e.g. bf16 -> i16 -> f16, where MLIR 16's pattern
	// would produce a value of the wrong type).
	pattern(BitcastName, "BitcastOfBitcast", 2, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 1, 1) {
			return false
		}
		inner := operandDef(op, 0, BitcastName, 1)
		if inner == nil {
			return false
		}
		x := inner.Operand(0)
		if x.Type() == op.Result(0).Type() {
			rw.ReplaceOp(op, []ir.Value{x})
			return true
		}
		return replace(rw, op, create(rw, op, BitcastName, []ir.Value{x}, []ir.Type{op.Result(0).Type()}))
	}),
}

var extSIPatterns = []ir.RewritePattern{
	// extsi(extui(x)) -> extui(x)
	pattern(ExtSIName, "ExtSIOfExtUI", 2, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 1, 1) {
			return false
		}
		e := operandDef(op, 0, ExtUIName, 1)
		if e == nil {
			return false
		}
		return replace(rw, op, create(rw, op, ExtUIName, []ir.Value{e.Operand(0)}, []ir.Type{op.Result(0).Type()}))
	}),
}

var truncIPatterns = []ir.RewritePattern{
	// trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when c is the number of truncated bits.
	pattern(TruncIName, "TruncIShrSIToTrunciShrUI", 2, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 1, 1) {
			return false
		}
		shr := operandDef(op, 0, ShRSIName, 2)
		if shr == nil {
			return false
		}
		c := constantOf(shr.Operand(1))
		amount, ok := constInt(c)
		x := shr.Operand(0)
		diff := bitWidth(elemType(x.Type())) - bitWidth(elemType(op.Result(0).Type()))
		if !ok || diff <= 0 || amount.v != uint64(diff) {
			return false
		}
		k := createConstant(rw, op, c)
		if k == nil {
			return false
		}
		shru := create(rw, op, ShRUIName, []ir.Value{x, k.Result(0)}, []ir.Type{x.Type()})
		if shru == nil {
			return false
		}
		return replace(rw, op, create(rw, op, TruncIName, []ir.Value{shru.Result(0)}, []ir.Type{op.Result(0).Type()}))
	}),
}

// ---- Float ----

// opOfNegs rewrites root(negf(x), negf(y)) with x, y of one type to root(x, y), keeping root's fast-math flags.
func opOfNegs(root, label string) ir.RewritePattern {
	return pattern(root, label, 3, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 2, 1) {
			return false
		}
		a, b := operandDef(op, 0, NegFName, 1), operandDef(op, 1, NegFName, 1)
		if a == nil || b == nil || a.Operand(0).Type() != b.Operand(0).Type() {
			return false
		}
		var attrs []ir.NamedAttr
		if fm := op.Attr(FastMathAttrName); fm != nil {
			attrs = append(attrs, ir.NamedAttr{Name: FastMathAttrName, Value: fm})
		}
		return replace(rw, op, create(rw, op, root, []ir.Value{a.Operand(0), b.Operand(0)}, []ir.Type{op.Result(0).Type()}, attrs...))
	})
}

var (
	mulFPatterns = []ir.RewritePattern{opOfNegs(MulFName, "MulFOfNegF")}
	divFPatterns = []ir.RewritePattern{opOfNegs(DivFName, "DivFOfNegF")}
)
