package goemit

import (
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// vectorAccess returns the buffer and the Go expression of an array
// pointer to the lanes a vector.load or vector.store accesses:
// (*[N]T)(buf[off:]), one bounds check for all lanes.
func (f *fnEmitter) vectorAccess(op *ir.Operation, vec valueType, bufV ir.Value, indices []ir.Value) (string, error) {
	b, err := f.value(op, bufV)
	if err != nil {
		return "", err
	}
	if b.t.kind != kBuffer || vec.kind != kVector || b.t.elem != vec.elem || len(b.t.shape) == 0 {
		return "", errAt(op, "expects a memref and a 1-D vector of its element type")
	}
	off, err := f.offset(op, b, indices)
	if err != nil {
		return "", err
	}
	p := f.fresh("p")
	f.line("%s := (*[%d]%s)(%s[%s:])", p, vec.lanes, vec.elem.GoType(), b.comps[0], off)
	return p, nil
}

func (f *fnEmitter) emitVectorLoad(op *ir.Operation) error {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return errAt(op, "malformed")
	}
	vt, err := typeOf(op.Result(0).Type())
	if err != nil {
		return errAt(op, "%v", err)
	}
	p, err := f.vectorAccess(op, vt, op.Operand(0), op.Operands()[1:])
	if err != nil {
		return err
	}
	lanes := make([]string, vt.lanes)
	for l := range lanes {
		lanes[l] = p + "[" + strconv.Itoa(l) + "]"
	}
	return f.define(op, lanes, false)
}

func (f *fnEmitter) emitVectorStore(op *ir.Operation) error {
	if op.NumOperands() < 2 {
		return errAt(op, "malformed")
	}
	v, err := f.value(op, op.Operand(0))
	if err != nil {
		return err
	}
	p, err := f.vectorAccess(op, v.t, op.Operand(1), op.Operands()[2:])
	if err != nil {
		return err
	}
	lhs := make([]string, v.t.lanes)
	for l := range lhs {
		lhs[l] = p + "[" + strconv.Itoa(l) + "]"
	}
	f.line("%s = %s", strings.Join(lhs, ", "), strings.Join(v.comps, ", "))
	return nil
}

// emitBroadcast binds every lane to the scalar (no code).
func (f *fnEmitter) emitBroadcast(op *ir.Operation) error {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return errAt(op, "malformed")
	}
	x, err := f.value(op, op.Operand(0))
	if err != nil {
		return err
	}
	vt, err := typeOf(op.Result(0).Type())
	if err != nil {
		return errAt(op, "%v", err)
	}
	if x.t.kind != kScalar || vt.kind != kVector || x.t.elem != vt.elem {
		return errAt(op, "expects a scalar of the vector's element type")
	}
	s := f.scalar(x)
	if !isIdent(s) {
		// A literal gets a variable, so that lanes never fold into
		// constant expressions.
		tmp := f.fresh("v")
		f.line("%s := %s", tmp, s)
		s = tmp
	}
	lanes := make([]string, vt.lanes)
	for l := range lanes {
		lanes[l] = s
	}
	f.vals[op.Result(0)] = &gval{t: vt, comps: lanes}
	return nil
}

// emitReduction folds the lanes in lane order.
func (f *fnEmitter) emitReduction(op *ir.Operation) error {
	if op.NumOperands() != 1 || op.NumResults() != 1 {
		return errAt(op, "malformed")
	}
	v, err := f.value(op, op.Operand(0))
	if err != nil {
		return err
	}
	if v.t.kind != kVector {
		return errAt(op, "expects a vector")
	}
	kind := vector.Kind(op)
	e := v.t.elem
	T := e.GoType()
	var combine func(acc, x string) string
	switch {
	case kind == "add" && e != I1:
		combine = func(acc, x string) string { return acc + " + " + x }
	case kind == "mul" && e.IsFloat():
		combine = func(acc, x string) string { return T + "(" + acc + " * " + x + ")" }
	case kind == "mul" && e != I1:
		combine = func(acc, x string) string { return acc + " * " + x }
	case (kind == "maxf" || kind == "minf") && e.IsFloat():
		fn := map[string]string{"maxf": "Maximum", "minf": "Minimum"}[kind]
		combine = func(acc, x string) string { return f.numCall(fn, acc, x) }
	case (kind == "maxsi" || kind == "minsi") && e.isInt():
		fn := kind[:3]
		combine = func(acc, x string) string { return fn + "(" + acc + ", " + x + ")" }
	case (kind == "maxui" || kind == "minui") && e.isInt():
		U, fn := e.unsigned(), kind[:3]
		combine = func(acc, x string) string { return T + "(" + fn + "(" + U + "(" + acc + "), " + U + "(" + x + ")))" }
	case kind == "and" && e.isInt():
		combine = func(acc, x string) string { return acc + " & " + x }
	case kind == "or" && e.isInt():
		combine = func(acc, x string) string { return acc + " | " + x }
	case kind == "xor" && e.isInt():
		combine = func(acc, x string) string { return acc + " ^ " + x }
	case e == I1 && (kind == "and" || kind == "mul" || kind == "minui" || kind == "maxsi"):
		combine = func(acc, x string) string { return acc + " && " + x }
	case e == I1 && (kind == "or" || kind == "maxui" || kind == "minsi"):
		combine = func(acc, x string) string { return acc + " || " + x }
	case e == I1 && (kind == "xor" || kind == "add"):
		combine = func(acc, x string) string { return acc + " != " + x }
	default:
		return errAt(op, "reduction <%s> is not supported on %s", commentText(kind), op.Operand(0).Type())
	}
	// One statement per step keeps every intermediate rounded to the
	// element type.
	acc := v.comps[0]
	for l := 1; l < len(v.comps); l++ {
		next := f.fresh("r")
		f.line("%s := %s", next, combine(acc, v.comps[l]))
		acc = next
	}
	return f.define(op, []string{acc}, false)
}
