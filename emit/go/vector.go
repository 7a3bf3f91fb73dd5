package goemit

import (
	"fmt"
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
	if l := f.m.naturalLayout(vt); l != nil && vt.elem != I1 {
		p, err := f.simdAccess(op, vt, op.Operand(0), op.Operands()[1:])
		if err != nil {
			return err
		}
		exprs := make([]string, l.parts)
		for i := range exprs {
			exprs[i] = "archsimd.Load" + l.typeName() + "(" + partPointer(l, p, i) + ")"
		}
		return f.defineParts(op, l, exprs)
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
	if l := f.m.naturalLayout(v.t); l != nil && v.t.elem != I1 {
		p, err := f.simdAccess(op, v.t, op.Operand(1), op.Operands()[2:])
		if err != nil {
			return err
		}
		for i, part := range f.partsOf(v, l) {
			f.line("%s.Store(%s)", part, partPointer(l, p, i))
		}
		return nil
	}
	p, err := f.vectorAccess(op, v.t, op.Operand(1), op.Operands()[2:])
	if err != nil {
		return err
	}
	lhs := make([]string, v.t.lanes)
	for l := range lhs {
		lhs[l] = p + "[" + strconv.Itoa(l) + "]"
	}
	f.line("%s = %s", strings.Join(lhs, ", "), strings.Join(f.lanesOf(v), ", "))
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
	if l := f.m.naturalLayout(vt); l != nil && vt.elem != I1 {
		part := f.fresh("v")
		f.m.imports["simd/archsimd"] = true
		lhs := part
		if f.liveUses(op.Result(0)) == 0 {
			lhs = "_"
		}
		f.line("%s := archsimd.Broadcast%s(%s)", lhs, l.typeName(), s)
		g := &gval{t: vt, simd: l}
		for range l.parts {
			g.comps = append(g.comps, part)
		}
		f.vals[op.Result(0)] = g
		return nil
	}
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
	lanes := f.lanesOf(v)
	acc := lanes[0]
	for l := 1; l < len(lanes); l++ {
		next := f.fresh("r")
		f.line("%s := %s", next, combine(acc, lanes[l]))
		acc = next
	}
	return f.define(op, []string{acc}, false)
}

// simdAccess returns the Go expression of a *[N]T pointer to the lanes of
// a vector access held in registers: the loop's view when the access goes
// through one (no bounds check), else (*[N]T)(buf[off:]).
func (f *fnEmitter) simdAccess(op *ir.Operation, vec valueType, bufV ir.Value, indices []ir.Value) (string, error) {
	if vv := f.views[op]; vv != nil && vv.group.ptr != "" {
		return vv.group.ptr, nil
	}
	return f.vectorAccess(op, vec, bufV, indices)
}

// partPointer returns the *[lanes]T pointer to part i of the lanes at p.
func partPointer(l *simdLayout, p string, i int) string {
	if l.parts == 1 {
		return p
	}
	p = strings.TrimPrefix(p, "&") // &w[k]: w[k] is an addressable array
	return fmt.Sprintf("(*%s)(%s[%d:%d])", l.arrayType(), p, i*l.lanes, (i+1)*l.lanes)
}
