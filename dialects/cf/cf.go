// Package cf defines MLIR's unstructured control flow dialect: cf.br,
// cf.cond_br and cf.assert, with MLIR 16's names, attributes, custom
// forms and verifier messages. Multi-block regions branch with them; the
// inliner creates cf.br when it inlines a function of several blocks.
package cf

import (
	"github.com/tt-compiler/tt/ir"
)

// MsgAttr is the name of cf.assert's message attribute.
const MsgAttr = "msg"

// BrDef is cf.br: an unconditional branch.
//
//	cf.br ^bb3(%x : i32)
var BrDef = &ir.OpDef{
	Name:    "cf.br",
	GoName:  "Br",
	Summary: "Branch operation",
	Description: "Transfers control to the successor block, whose arguments receive the operands: " +
		"`cf.br ^bb3(%x : i32)`.",
	Traits:     ir.Pure | ir.Terminator,
	Operands:   []ir.ArgDef{{Name: "destOperands", Type: ir.AnyType, Variadic: true, Doc: "the successor's arguments"}},
	Successors: 1,
	Branch:     &ir.BranchInterface{SuccessorOperands: []int{0}},
	Print: func(p ir.OpPrinter, op *ir.Operation) {
		p.Print(" ")
		printSuccessor(p, op.Successor(0), op.Operands())
		p.PrintOptionalAttrDict(op.Attrs())
	},
	Parse: func(p ir.OpParser, st *ir.OperationState) error {
		dest, args, err := parseSuccessor(p)
		if err != nil {
			return err
		}
		st.Successors, st.Operands = []*ir.Block{dest}, args
		return p.ParseOptionalAttrDict(st)
	},
}

// CondBrDef is cf.cond_br: a two-way conditional branch.
//
//	cf.cond_br %c, ^bb1(%x : i32), ^bb2
var CondBrDef = &ir.OpDef{
	Name:    "cf.cond_br",
	GoName:  "CondBr",
	Summary: "Conditional branch operation",
	Description: "Transfers control to the first successor when the condition is true, else to the second; each " +
		"successor's arguments receive its operand group: `cf.cond_br %c, ^bb1(%x : i32), ^bb2`.",
	Traits: ir.Pure | ir.Terminator | ir.AttrSizedOperandSegments,
	Operands: []ir.ArgDef{
		{Name: "condition", Type: ir.I1},
		{Name: "trueDestOperands", Type: ir.AnyType, Variadic: true, Doc: "the first successor's arguments"},
		{Name: "falseDestOperands", Type: ir.AnyType, Variadic: true, Doc: "the second successor's arguments"},
	},
	Successors: 2,
	Branch:     &ir.BranchInterface{SuccessorOperands: []int{1, 2}},
	Print: func(p ir.OpPrinter, op *ir.Operation) {
		p.Print(" ")
		p.PrintOperand(op.Operand(0))
		p.Print(", ")
		printSuccessor(p, op.Successor(0), op.OperandGroup(1))
		p.Print(", ")
		printSuccessor(p, op.Successor(1), op.OperandGroup(2))
		p.PrintOptionalAttrDict(op.Attrs(), ir.OperandSegmentSizesAttr)
	},
	Parse: parseCondBr,
}

func parseCondBr(p ir.OpParser, st *ir.OperationState) error {
	u, err := p.ParseOperand()
	if err != nil {
		return err
	}
	cond, err := p.ResolveOperand(u, p.Context().I1())
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	t, tArgs, err := parseSuccessor(p)
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	f, fArgs, err := parseSuccessor(p)
	if err != nil {
		return err
	}
	st.Operands = append(append([]ir.Value{cond}, tArgs...), fArgs...)
	st.Successors = []*ir.Block{t, f}
	st.AddAttr(ir.OperandSegmentSizesAttr, &ir.DenseArrayAttr{Elem: p.Context().I32(), Ints: []int64{1, int64(len(tArgs)), int64(len(fArgs))}})
	return p.ParseOptionalAttrDict(st)
}

// printSuccessor writes "^bb1" or "^bb1(%a, %b : i32, f32)".
func printSuccessor(p ir.OpPrinter, dest *ir.Block, args []ir.Value) {
	p.PrintSuccessor(dest)
	if len(args) == 0 {
		return
	}
	p.Print("(")
	p.PrintOperands(args)
	p.Print(" : ")
	types := make([]ir.Type, len(args))
	for i, a := range args {
		types[i] = a.Type()
	}
	p.PrintTypes(types)
	p.Print(")")
}

// parseSuccessor reads what printSuccessor writes.
func parseSuccessor(p ir.OpParser) (*ir.Block, []ir.Value, error) {
	dest, err := p.ParseSuccessor()
	if err != nil {
		return nil, nil, err
	}
	if !p.ParseOptionalPunct("(") {
		return dest, nil, nil
	}
	loc := p.Loc()
	uses, err := p.ParseOperandList(ir.DelimNone)
	if err != nil {
		return nil, nil, err
	}
	types, err := p.ParseColonTypeList()
	if err != nil {
		return nil, nil, err
	}
	if len(types) != len(uses) {
		return nil, nil, ir.Errorf(loc, "%d operands present, but expected %d", len(uses), len(types))
	}
	if err := p.ParsePunct(")"); err != nil {
		return nil, nil, err
	}
	args := make([]ir.Value, len(uses))
	for i, u := range uses {
		if args[i], err = p.ResolveOperand(u, types[i]); err != nil {
			return nil, nil, err
		}
	}
	return dest, args, nil
}

// AssertDef is cf.assert: a run-time check.
//
//	cf.assert %ok, "n must be positive"
var AssertDef = &ir.OpDef{
	Name:    "cf.assert",
	Summary: "Assert operation with message attribute",
	Description: "Fails the program with the message when the condition is false at run time. Canonicalization " +
		"erases asserts of a constant true condition.",
	Operands: []ir.ArgDef{{Name: "arg", Type: ir.I1, Doc: "the condition that must hold"}},
	Attrs:    []ir.AttrDef{{Name: MsgAttr, Constraint: ir.StringAttrC, Doc: "the message of the failure"}},
	Format:   "$arg `,` $msg attr-dict",
	Canonicalize: []ir.RewritePattern{&ir.Pattern{Root: AssertName, Label: "EraseAssertOfTrue", Priority: 1,
		Rewrite: func(op *ir.Operation, rw *ir.PatternRewriter) bool {
			c := ir.DefiningOp(op.Operand(0))
			if c == nil || !c.HasTrait(ir.ConstantLike) {
				return false
			}
			if v, ok := ir.BoolValue(c.Attr("value")); !ok || !v {
				return false
			}
			rw.EraseOp(op)
			return true
		}}},
}

// Br builds cf.br to dest with args at b's insertion point, with location
// b.Loc.
func Br(b *ir.Builder, dest *ir.Block, args ...ir.Value) BrOp {
	return BrOp{Op: b.Build(&ir.OperationState{Name: BrName, Operands: args, Successors: []*ir.Block{dest}, ResultTypes: []ir.Type{}})}
}

// CondBr builds cf.cond_br at b's insertion point, with location b.Loc: to
// trueDest with trueArgs when cond holds, else to falseDest with falseArgs.
func CondBr(b *ir.Builder, cond ir.Value, trueDest *ir.Block, trueArgs []ir.Value, falseDest *ir.Block, falseArgs []ir.Value) CondBrOp {
	st := &ir.OperationState{
		Name:        CondBrName,
		Operands:    append(append([]ir.Value{cond}, trueArgs...), falseArgs...),
		Successors:  []*ir.Block{trueDest, falseDest},
		ResultTypes: []ir.Type{},
	}
	st.AddAttr(ir.OperandSegmentSizesAttr, &ir.DenseArrayAttr{Elem: b.Ctx.I32(), Ints: []int64{1, int64(len(trueArgs)), int64(len(falseArgs))}})
	return CondBrOp{Op: b.Build(st)}
}

// Dialect is the cf dialect.
var Dialect = &ir.Dialect{
	Name:        "cf",
	Summary:     "Unstructured control flow: branches between blocks",
	Description: "MLIR's cf dialect (MLIR 16 names and syntax): unconditional and conditional branches that pass values to their successors' block arguments, and run-time assertions.",
	Ops:         []*ir.OpDef{BrDef, CondBrDef, AssertDef},
}
