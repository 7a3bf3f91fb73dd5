package arith

import (
	"github.com/tt-compiler/tt/ir"
)

// Custom assembly forms that MLIR 16 writes and the declarative format
// engine cannot express: float ops with their fastmath<...> suffix,
// comparisons with a keyword predicate stored as an integer, and select
// with its optional condition type.

// printResultType writes the type of the first result (or of the first
// operand when the op is malformed and has no result).
func printResultType(p ir.OpPrinter, op *ir.Operation) {
	switch {
	case op.NumResults() > 0:
		p.PrintType(op.Result(0).Type())
	case op.NumOperands() > 0:
		p.PrintType(op.Operand(0).Type())
	}
}

// printFastMath writes " fastmath<flags>" unless the flags are none.
func printFastMath(p ir.OpPrinter, op *ir.Operation) {
	if f, ok := FastMathOf(op.Attr(FastMathAttrName)); ok && f != FastMathNone {
		p.Print(" fastmath")
		FastMathAttrDef.Print(p, f)
	}
}

// fastMathElided returns the attribute names the custom form of a float op
// prints itself (fastmath, when it is valid).
func fastMathElided(op *ir.Operation) []string {
	if _, ok := FastMathOf(op.Attr(FastMathAttrName)); ok {
		return []string{FastMathAttrName}
	}
	return nil
}

// printFloatOp prints the form "$operands (fastmath<f>)? attr-dict : type"
// shared by float unary, binary and ternary ops.
func printFloatOp(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperands(op.Operands())
	printFastMath(p, op)
	p.PrintOptionalAttrDict(op.Attrs(), fastMathElided(op)...)
	p.Print(" : ")
	printResultType(p, op)
}

// parseFloatOp returns the parser of printFloatOp's form with n operands.
func parseFloatOp(n int) func(p ir.OpParser, st *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		var uses []ir.UnresolvedOperand
		for i := 0; i < n; i++ {
			if i > 0 {
				if err := p.ParsePunct(","); err != nil {
					return err
				}
			}
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			uses = append(uses, u)
		}
		if err := parseOptionalFastMath(p, st); err != nil {
			return err
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		for _, u := range uses {
			v, err := p.ResolveOperand(u, t)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
		}
		st.ResultTypes = []ir.Type{t}
		if st.Attr(FastMathAttrName) == nil {
			st.AddAttr(FastMathAttrName, FastMathAttr(FastMathNone))
		}
		return nil
	}
}

// parseOptionalFastMath reads "fastmath<flags>" when present: the keyword,
// then the attribute's parameters without its name (MLIR's stripped form).
func parseOptionalFastMath(p ir.OpParser, st *ir.OperationState) error {
	if !p.ParseOptionalKeyword("fastmath") {
		return nil
	}
	a, err := FastMathAttrDef.ParseAttribute(p)
	if err != nil {
		return err
	}
	st.AddAttr(FastMathAttrName, a)
	return nil
}

// ---- Comparisons ----

// printCmp prints "pred, %lhs, %rhs attr-dict : type($lhs)".
func printCmp(names []string) func(p ir.OpPrinter, op *ir.Operation) {
	return func(p ir.OpPrinter, op *ir.Operation) {
		p.Print(" ")
		elided := []string{}
		if v, ok := predicateOf(op); ok && v >= 0 && int(v) < len(names) {
			p.Print(names[v])
			elided = append(elided, PredicateAttrName)
		} else if a := op.Attr(PredicateAttrName); a != nil {
			p.PrintAttributeWithoutType(a)
			elided = append(elided, PredicateAttrName)
		}
		if op.NumOperands() > 0 {
			p.Print(", ")
			p.PrintOperands(op.Operands())
		}
		p.PrintOptionalAttrDict(op.Attrs(), elided...)
		p.Print(" : ")
		if op.NumOperands() > 0 {
			p.PrintType(op.Operand(0).Type())
		}
	}
}

// parseCmp parses printCmp's form; the result type is i1 in the operands' shape.
func parseCmp(names []string, operandType ir.TypeConstraint) func(p ir.OpParser, st *ir.OperationState) error {
	return func(p ir.OpParser, st *ir.OperationState) error {
		loc := p.Loc()
		word, err := p.ParseIdentifier()
		if err != nil {
			if word, err = p.ParseString(); err != nil {
				return ir.Errorf(loc, "custom op '%s' expected string or keyword containing one of the following enum values for attribute '%s' [%s]", st.Name, PredicateAttrName, joinNames(names))
			}
		}
		pred := -1
		for i, n := range names {
			if n == word {
				pred = i
			}
		}
		if pred < 0 {
			return ir.Errorf(loc, "custom op '%s' expected string or keyword containing one of the following enum values for attribute '%s' [%s]", st.Name, PredicateAttrName, joinNames(names))
		}
		st.AddAttr(PredicateAttrName, ir.Int(p.Context().I64(), int64(pred)))
		var uses [2]ir.UnresolvedOperand
		for i := range uses {
			if err := p.ParsePunct(","); err != nil {
				return err
			}
			if uses[i], err = p.ParseOperand(); err != nil {
				return err
			}
		}
		if err := p.ParseOptionalAttrDict(st); err != nil {
			return err
		}
		typeLoc := p.Loc()
		t, err := p.ParseColonType()
		if err != nil {
			return err
		}
		for _, u := range uses {
			v, err := p.ResolveOperand(u, t)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
		}
		if !operandType.Check(t) {
			return ir.Errorf(typeLoc, "'lhs' must be %s, but got '%s'", operandType.Desc, t)
		}
		st.ResultTypes = []ir.Type{i1SameShape(p.Context(), t)}
		return nil
	}
}

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		s += n
	}
	return s
}

// ---- Select ----

// printSelect prints "%c, %t, %f attr-dict : [cond-type, ] type".
func printSelect(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.Print(" : ")
	if op.NumOperands() > 0 {
		if _, shaped := op.Operand(0).Type().(ir.ShapedType); shaped {
			p.PrintType(op.Operand(0).Type())
			p.Print(", ")
		}
	}
	printResultType(p, op)
}

// parseSelect parses printSelect's form.
func parseSelect(p ir.OpParser, st *ir.OperationState) error {
	loc := p.Loc()
	uses, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(uses) != 3 {
		return ir.Errorf(loc, "expected 3 operands")
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	resultType, err := p.ParseColonType()
	if err != nil {
		return err
	}
	condType := p.Context().I1()
	if p.ParseOptionalPunct(",") {
		condType = resultType
		if resultType, err = p.ParseType(); err != nil {
			return err
		}
	}
	for i, u := range uses {
		t := resultType
		if i == 0 {
			t = condType
		}
		v, err := p.ResolveOperand(u, t)
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	st.ResultTypes = []ir.Type{resultType}
	return nil
}

// ---- Constant ----

// constantResultNames names constants like MLIR: %c42_i32, %c0 (index),
// %true/%false, %cst for floats and dense constants.
func constantResultNames(op *ir.Operation) []string {
	if op.NumResults() != 1 {
		return nil
	}
	a, ok := op.Attr(ValueAttrName).(*ir.IntegerAttr)
	if !ok {
		return []string{"cst"}
	}
	t := op.Result(0).Type()
	it, isInt := t.(*ir.IntegerType)
	if isInt && it.Width == 1 {
		if a.Int64() != 0 || (a.Big != nil && a.Big.Sign() != 0) {
			return []string{"true"}
		}
		return []string{"false"}
	}
	name := "c" + a.ValueString()
	if isInt {
		name += "_" + t.String()
	}
	return []string{name}
}
