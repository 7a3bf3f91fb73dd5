// Package builtink holds the interpreter kernels of the builtin, func and cf
// dialects: func.return, func.call, func.constant, func.call_indirect,
// builtin.unrealized_conversion_cast, and
// MLIR's unstructured control flow cf.br, cf.cond_br and cf.assert (so that
// multi-block functions run).
//
// func.func and builtin.module are containers, not executed ops: the
// interpreter runs a function's body when it is called.
package builtink

import (
	"errors"
	"fmt"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/cf"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

// Register adds the kernels of this package to r.
func Register(r *interp.Registry) {
	r.Register(function.ReturnName, funcReturn)
	r.Register(function.CallName, funcCall)
	r.Register(function.ConstantName, funcConstant)
	r.Register(function.CallIndirectName, funcCallIndirect)
	r.Register(builtin.UnrealizedConversionCastName, unrealizedCast)
	r.Register(cf.BrName, cfBr)
	r.Register(cf.CondBrName, cfCondBr)
	r.Register(cf.AssertName, cfAssert)
}

// maxCallNotes bounds the "called from here" notes a diagnostic collects
// while unwinding deep recursion.
const maxCallNotes = 8

// funcReturn ends the function with its operands as results.
func funcReturn(e *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	e.Yield(args)
	return nil, nil
}

// funcCall calls the function named by the callee attribute. Errors inside
// the callee keep their location and get a note at the call site.
func funcCall(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ref, ok := op.Attr("callee").(*ir.SymbolRefAttr)
	if !ok {
		return nil, errors.New("missing symbol attribute 'callee'")
	}
	fn := e.Interpreter().LookupSymbol(op, ref)
	if fn == nil {
		return nil, fmt.Errorf("no function named %s", ref)
	}
	res, err := e.CallFunction(fn, args)
	if err != nil {
		var d *ir.Diagnostic
		if errors.As(err, &d) {
			if len(d.Notes) < maxCallNotes {
				d.AttachNote(op.Loc(), "called from here")
			}
			return nil, d
		}
		return nil, err
	}
	return res, nil
}

// FuncValue is the run-time value of a func.constant: the function it names.
type FuncValue struct {
	Fn *ir.Operation
}

// CheckType reports whether t is the function's type.
func (f FuncValue) CheckType(t ir.Type) error {
	if ft := function.FuncType(f.Fn); ft != t {
		return fmt.Errorf("function of type %s, not %s", ft, t)
	}
	return nil
}

// String names the function.
func (f FuncValue) String() string {
	name, _ := f.Fn.StringAttr(ir.SymbolAttrName)
	return "@" + name
}

// funcConstant looks up the function a func.constant names.
func funcConstant(e *interp.Exec, op *ir.Operation, _ []interp.Value) ([]interp.Value, error) {
	ref, ok := op.Attr(function.ValueAttr).(*ir.SymbolRefAttr)
	if !ok {
		return nil, errors.New("missing symbol attribute 'value'")
	}
	fn := e.Interpreter().LookupSymbol(op, ref)
	if fn == nil {
		return nil, fmt.Errorf("no function named %s", ref)
	}
	return []interp.Value{FuncValue{Fn: fn}}, nil
}

// funcCallIndirect calls the function value of its first operand.
func funcCallIndirect(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) == 0 {
		return nil, errors.New("missing callee operand")
	}
	f, ok := args[0].(FuncValue)
	if !ok {
		return nil, fmt.Errorf("callee is %s, not a function value", args[0])
	}
	res, err := e.CallFunction(f.Fn, args[1:])
	var d *ir.Diagnostic
	if errors.As(err, &d) && len(d.Notes) < maxCallNotes {
		d.AttachNote(op.Loc(), "called from here")
		return nil, d
	}
	return res, err
}

// unrealizedCast passes values through when they already have the result
// types (a cast left between two type systems that agree at run time).
func unrealizedCast(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != op.NumResults() {
		return nil, fmt.Errorf("cannot run a cast of %d values to %d", len(args), op.NumResults())
	}
	for i, a := range args {
		if err := a.CheckType(op.Result(i).Type()); err != nil {
			return nil, fmt.Errorf("cannot convert operand #%d at run time: %v", i, err)
		}
	}
	return args, nil
}

// cfBr jumps to its single successor with its operands.
func cfBr(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if op.NumSuccessors() != 1 {
		return nil, fmt.Errorf("expected 1 successor, got %d", op.NumSuccessors())
	}
	e.Branch(op.Successor(0), args)
	return nil, nil
}

// cfCondBr jumps to the first successor when the i1 condition is true, else
// to the second, passing the matching operand group.
func cfCondBr(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if op.NumSuccessors() != 2 || len(args) < 1 {
		return nil, errors.New("expected a condition and 2 successors")
	}
	nTrue, nFalse, err := condBrSegments(op, len(args))
	if err != nil {
		return nil, err
	}
	cond, err := scalarBool(args[0])
	if err != nil {
		return nil, fmt.Errorf("condition: %v", err)
	}
	if cond {
		e.Branch(op.Successor(0), args[1:1+nTrue])
	} else {
		e.Branch(op.Successor(1), args[1+nTrue:1+nTrue+nFalse])
	}
	return nil, nil
}

// condBrSegments returns the sizes of cond_br's true and false operand
// groups: from operandSegmentSizes (operand_segment_sizes before MLIR 17),
// or else from the successors' argument counts.
func condBrSegments(op *ir.Operation, n int) (int, int, error) {
	for _, name := range []string{"operandSegmentSizes", "operand_segment_sizes"} {
		if op.Attr(name) == nil {
			continue
		}
		seg, err := interp.AttrInts(op, name)
		if err != nil {
			return 0, 0, err
		}
		if len(seg) != 3 || seg[0] != 1 || seg[1] < 0 || seg[2] < 0 || int(1+seg[1]+seg[2]) != n {
			return 0, 0, fmt.Errorf("'%s' %v does not describe %d operands", name, seg, n)
		}
		return int(seg[1]), int(seg[2]), nil
	}
	nt, nf := op.Successor(0).NumArgs(), op.Successor(1).NumArgs()
	if 1+nt+nf != n {
		return 0, 0, fmt.Errorf("%d operands do not match the successors' %d + %d arguments", n-1, nt, nf)
	}
	return nt, nf, nil
}

// cfAssert fails the run with the op's message when the condition is false.
func cfAssert(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 1 {
		return nil, errors.New("expected one condition operand")
	}
	ok, err := scalarBool(args[0])
	if err != nil {
		return nil, err
	}
	if !ok {
		msg, _ := op.StringAttr("msg")
		return nil, fmt.Errorf("assertion failed: %s", msg)
	}
	return nil, nil
}

// scalarBool reads an i1 scalar.
func scalarBool(v interp.Value) (bool, error) {
	t, ok := v.(*interp.Tensor)
	if !ok || t.DType() != interp.I1 || t.Len() != 1 {
		return false, fmt.Errorf("expected an i1 scalar, got %v", v)
	}
	return t.Bool()[0], nil
}
