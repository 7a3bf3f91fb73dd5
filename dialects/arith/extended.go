package arith

import (
	"fmt"
	"math/bits"

	"github.com/tt-compiler/tt/ir"
)

// The extended integer ops of MLIR 16: an add with its carry and the two
// halves of a full-width product. They have two results, so they fold
// through their own Fold hooks rather than foldHook.

// extendedOp declares one of the extended ops: two operands of one
// integer-like type and two results.
func extendedOp(s opSpec, results []ir.ArgDef, names []string) *ir.OpDef {
	d := newOp(s, []ir.ArgDef{
		operand("lhs", SignlessIntegerLike, "the left operand"),
		operand("rhs", SignlessIntegerLike, "the right operand, of the left operand's type"),
	}, results)
	d.Traits |= ir.Commutative
	d.ResultNames = func(*ir.Operation) []string { return names }
	return d
}

var (
	// AddUIExtendedDef is arith.addui_extended.
	AddUIExtendedDef = func() *ir.OpDef {
		d := extendedOp(opSpec{name: "arith.addui_extended", goName: "AddUIExtended",
			summary: "extended unsigned integer addition operation returning sum and overflow bit",
			description: "The wrapped sum of two integers read as unsigned, and an i1 (i1 elements in the operands' " +
				"shape) that is set when the sum overflowed (the carry out).\n\n" +
				"Example: `%sum, %overflow = arith.addui_extended %a, %b : i64, i1`",
			canonicalize: []ir.RewritePattern{unusedHighPattern("arith.addui_extended", "AddUIExtendedToAddI", AddIName)}},
			[]ir.ArgDef{
				operand("sum", SignlessIntegerLike, "the wrapped sum, of the operands' type"),
				operand("overflow", BoolLike, "the carry out, i1 in the operands' shape"),
			}, []string{"sum", "overflow"})
		d.Print = printAddUIExtended
		d.Parse = parseAddUIExtended
		d.Verify = chain(verifyAllTypesMatch("lhs, rhs, sum", 0, 1, -1), verifyElementwise)
		d.Fold = foldAddUIExtended
		return d
	}()
	// MulSIExtendedDef is arith.mulsi_extended.
	MulSIExtendedDef = mulExtendedOp("arith.mulsi_extended", "MulSIExtended", "signed", true)
	// MulUIExtendedDef is arith.mului_extended.
	MulUIExtendedDef = mulExtendedOp("arith.mului_extended", "MulUIExtended", "unsigned", false)
)

func mulExtendedOp(name, goName, sign string, signed bool) *ir.OpDef {
	patterns := []ir.RewritePattern{unusedHighPattern(name, goName+"ToMulI", MulIName)}
	if signed {
		patterns = append(patterns, pattern(name, "MulSIExtendedRHSOne", 1, mulSIExtendedRHSOne))
	}
	d := extendedOp(opSpec{name: name, goName: goName,
		summary: "extended " + sign + " integer multiplication operation",
		description: "The low and high halves of the full-width (twice the bit width) product of two integers read as " +
			sign + ", both of the operands' type.\n\n" +
			"Example: `%low, %high = " + name + " %a, %b : i32`",
		canonicalize: patterns},
		[]ir.ArgDef{
			operand("low", SignlessIntegerLike, "the low half of the product"),
			operand("high", SignlessIntegerLike, "the high half of the product"),
		}, []string{"low", "high"})
	d.Print = printMulExtended
	d.Parse = parseMulExtended
	d.Verify = chain(verifyAllTypesMatch("lhs, rhs, low, high", 0, 1, -1, -2), verifyElementwise)
	d.Fold = foldMulExtended(signed)
	return d
}

// verifyAllTypesMatch checks MLIR's AllTypesMatch constraint over operands
// (index >= 0) and results (index -1 for result 0, -2 for result 1, ...).
func verifyAllTypesMatch(names string, idx ...int) func(*ir.Operation) error {
	return func(op *ir.Operation) error {
		var first ir.Type
		for _, i := range idx {
			var t ir.Type
			switch {
			case i >= 0 && i < op.NumOperands():
				t = op.Operand(i).Type()
			case i < 0 && -i-1 < op.NumResults():
				t = op.Result(-i - 1).Type()
			default:
				return nil // the arity check reports it
			}
			if first == nil {
				first = t
			} else if t != first {
				return fmt.Errorf("failed to verify that all of {%s} have same type", names)
			}
		}
		return nil
	}
}

// printAddUIExtended prints "$lhs, $rhs attr-dict : type($sum), type($overflow)".
func printAddUIExtended(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.Print(" : ")
	p.PrintTypes(op.ResultTypes())
}

// printMulExtended prints "$lhs, $rhs attr-dict : type($lhs)".
func printMulExtended(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.Print(" : ")
	if op.NumOperands() > 0 {
		p.PrintType(op.Operand(0).Type())
	}
}

// parseBinaryUses reads "%lhs, %rhs attr-dict".
func parseBinaryUses(p ir.OpParser, st *ir.OperationState) ([]ir.UnresolvedOperand, error) {
	lhs, err := p.ParseOperand()
	if err != nil {
		return nil, err
	}
	if err := p.ParsePunct(","); err != nil {
		return nil, err
	}
	rhs, err := p.ParseOperand()
	if err != nil {
		return nil, err
	}
	return []ir.UnresolvedOperand{lhs, rhs}, p.ParseOptionalAttrDict(st)
}

func resolveAll(p ir.OpParser, st *ir.OperationState, uses []ir.UnresolvedOperand, t ir.Type) error {
	for _, u := range uses {
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	return nil
}

func parseAddUIExtended(p ir.OpParser, st *ir.OperationState) error {
	uses, err := parseBinaryUses(p, st)
	if err != nil {
		return err
	}
	sum, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	overflow, err := p.ParseType()
	if err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{sum, overflow}
	return resolveAll(p, st, uses, sum)
}

func parseMulExtended(p ir.OpParser, st *ir.OperationState) error {
	uses, err := parseBinaryUses(p, st)
	if err != nil {
		return err
	}
	t, err := p.ParseColonType()
	if err != nil {
		return err
	}
	st.ResultTypes = []ir.Type{t, t}
	return resolveAll(p, st, uses, t)
}

// extendedFoldable reports whether op has the shape the folders expect.
func extendedFoldable(op *ir.Operation) bool {
	return hasArity(op, 2, 2) && op.Operand(0) != nil && op.Operand(1) != nil &&
		op.Operand(0).Type() == op.Operand(1).Type() && op.Result(0).Type() == op.Operand(0).Type()
}

// foldAddUIExtended folds addui_extended(x, 0) to x, false and two
// constants to their sum and carry, as MLIR 16 does; otherwise constants
// move to the right (Commutative).
func foldAddUIExtended(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
	if !extendedFoldable(op) {
		return nil, false
	}
	ops := operandConstants(op, given)
	carryType := op.Result(1).Type()
	if isZeroInt(ops[1]) {
		if z := zeroAttr(carryType); z != nil {
			return []ir.FoldResult{{Value: op.Operand(0)}, {Attr: z}}, true
		}
	}
	sum := foldBinary(ops, nil, func(a, b val) (val, bool) { return val{i: a.i.add(b.i)}, true })
	carry := foldBinary(ops, func(ir.Type) ir.Type { return carryType }, func(a, b val) (val, bool) {
		return val{i: boolInt(a.i.add(b.i).ult(a.i))}, true
	})
	if sum != nil && carry != nil {
		return []ir.FoldResult{{Attr: sum}, {Attr: carry}}, true
	}
	return commuteConstant(op, ops)
}

// foldMulExtended folds x * 0 to 0, 0, (unsigned) x * 1 to x, 0 and two
// constants to the halves of their product, as MLIR 16 does.
func foldMulExtended(signed bool) func(*ir.Operation, []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
		if !extendedFoldable(op) {
			return nil, false
		}
		ops := operandConstants(op, given)
		if isZeroInt(ops[1]) {
			return []ir.FoldResult{{Attr: ops[1]}, {Attr: ops[1]}}, true
		}
		if !signed && isOneInt(ops[1]) {
			if z := zeroAttr(op.Operand(0).Type()); z != nil {
				return []ir.FoldResult{{Value: op.Operand(0)}, {Attr: z}}, true
			}
		}
		low := foldBinary(ops, nil, func(a, b val) (val, bool) { return val{i: a.i.mul(b.i)}, true })
		high := foldBinary(ops, nil, func(a, b val) (val, bool) { return val{i: mulHigh(a.i, b.i, signed)}, true })
		if low != nil && high != nil {
			return []ir.FoldResult{{Attr: low}, {Attr: high}}, true
		}
		return commuteConstant(op, ops)
	}
}

// commuteConstant moves a constant left operand to the right, the fold of
// MLIR's Commutative trait.
func commuteConstant(op *ir.Operation, ops []ir.Attribute) ([]ir.FoldResult, bool) {
	if ops[0] != nil && ops[1] == nil {
		lhs, rhs := op.Operand(0), op.Operand(1)
		op.SetOperand(0, rhs)
		op.SetOperand(1, lhs)
		return nil, true
	}
	return nil, false
}

// boolInt is an i1 value.
func boolInt(b bool) apInt {
	if b {
		return mkInt(1, 1)
	}
	return mkInt(1, 0)
}

// mulHigh returns the high half of the 2w-bit product of a and b (w bits
// each). The signed high half is the unsigned one minus b when a is
// negative and minus a when b is negative (mod 2^w).
func mulHigh(a, b apInt, signed bool) apInt {
	w := a.w
	hi, lo := bits.Mul64(a.v, b.v)
	h := hi
	if w < 64 {
		h = lo>>w | hi<<(64-w)
	}
	r := mkInt(w, h)
	if signed {
		if a.isNegative() {
			r = r.sub(b)
		}
		if b.isNegative() {
			r = r.sub(a)
		}
	}
	return r
}

// unusedHighPattern replaces an extended op whose second result is unused
// with the plain op (AddUIExtendedToAddI, MulSIExtendedToMulI, ...).
func unusedHighPattern(root, label, plain string) ir.RewritePattern {
	return pattern(root, label, 1, func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		if !hasArity(op, 2, 2) || !op.Result(1).UseEmpty() {
			return false
		}
		with := create(rw, op, plain, op.Operands(), []ir.Type{op.Result(0).Type()})
		if with == nil {
			return false
		}
		rw.ReplaceOp(op, []ir.Value{with.Result(0)}) // the second result has no uses
		return true
	})
}

// mulSIExtendedRHSOne rewrites mulsi_extended(x, 1) to x and the sign of x
// spread over the high half: extsi(cmpi slt, x, 0) (MLIR 16's pattern, for
// a scalar constant 1; i1 is left alone, where the constant 1 is -1).
func mulSIExtendedRHSOne(op *ir.Operation, rw *ir.PatternRewriter) bool {
	if !hasArity(op, 2, 2) {
		return false
	}
	// A scalar constant only, as DRR's ConstantLikeMatcher matches.
	if _, one, ok := scalarIntConst(op.Operand(1)); !ok || !one.isOne() || one.w <= 1 {
		return false
	}
	x := op.Operand(0)
	t := x.Type()
	zero := createConstant(rw, op, zeroAttr(t))
	if zero == nil {
		return false
	}
	cmp := create(rw, op, CmpIName, []ir.Value{x, zero.Result(0)}, []ir.Type{i1SameShape(rw.Ctx, t)},
		ir.NamedAttr{Name: PredicateAttrName, Value: ir.Int(rw.Ctx.I64(), predSLT)})
	if cmp == nil {
		return false
	}
	ext := create(rw, op, ExtSIName, []ir.Value{cmp.Result(0)}, []ir.Type{t})
	if ext == nil {
		return false
	}
	rw.ReplaceOp(op, []ir.Value{x, ext.Result(0)})
	return true
}
