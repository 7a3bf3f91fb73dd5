package tensor

import (
	"github.com/tt-compiler/tt/ir"
)

// boolLike returns the i1 tensor type of t's shape, or nil when t is not a
// ranked tensor.
func boolLike(ctx *ir.Context, t ir.Type) ir.Type {
	rt, ok := asTensor(t)
	if !ok {
		return nil
	}
	return ctx.Tensor(rt.Shape(), ctx.I1())
}

// printSelect prints "%c, %a, %b : type(a)", or all three operand types
// when they are not the implied ones.
func printSelect(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperands(op.Operands())
	p.PrintOptionalAttrDict(op.Attrs())
	p.Print(" : ")
	ts := op.OperandTypes()
	if len(ts) == 3 && ts[1] == ts[2] && ts[0] == boolLike(op.Context(), ts[1]) {
		p.PrintType(ts[1])
		return
	}
	p.PrintTypes(ts)
}

// parseSelect reads printSelect's form.
func parseSelect(p ir.OpParser, st *ir.OperationState) error {
	us, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return err
	}
	if len(us) != 3 {
		return p.Errorf("expected 3 operands (cond, a, b), but found %d", len(us))
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	loc := p.Loc()
	ts, err := p.ParseColonTypeList()
	if err != nil {
		return err
	}
	switch len(ts) {
	case 1:
		c := boolLike(p.Context(), ts[0])
		if c == nil {
			return ir.Errorf(loc, "expected a ranked tensor type, but got '%s'", ts[0])
		}
		ts = []ir.Type{c, ts[0], ts[0]}
	case 3:
	default:
		return ir.Errorf(loc, "expected 1 type (of a and b) or 3 types (of cond, a and b), but found %d", len(ts))
	}
	for i, u := range us {
		v, err := p.ResolveOperand(u, ts[i])
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	return nil
}
