package arith

import (
	"github.com/tt-compiler/tt/ir"
)

// This file is tt's counterpart of MLIR's CommonFolders.h: element-wise
// constant folding of scalar attributes, splats and dense vectors/tensors.

// val is one constant element: an integer (i) or a float (f), depending on
// the element type it belongs to.
type val struct {
	i apInt
	f float64
}

// constView is a constant attribute taken apart into its elements.
type constView struct {
	typ    ir.Type // the attribute's type
	elem   ir.Type // the element type (typ itself for scalars)
	scalar bool
	splat  bool  // one stored element stands for all
	vals   []val // one value for scalars and splats
	n      int   // element count
}

func (c constView) at(i int) val {
	if c.scalar || c.splat {
		return c.vals[0]
	}
	return c.vals[i]
}

func (c constView) isFloat() bool { return ir.IsFloat(c.elem) }

// view decomposes an integer, float or dense attribute whose element type tt
// folds (integers of at most 64 bits and index; f16, bf16, tf32, f32, f64).
func view(a ir.Attribute) (constView, bool) {
	switch a := a.(type) {
	case *ir.IntegerAttr:
		x, ok := intOf(a)
		if !ok {
			return constView{}, false
		}
		return constView{typ: a.Type, elem: a.Type, scalar: true, vals: []val{{i: x}}, n: 1}, true
	case *ir.FloatAttr:
		if !floatFoldable(a.Type) {
			return constView{}, false
		}
		return constView{typ: a.Type, elem: a.Type, scalar: true, vals: []val{{f: a.Value}}, n: 1}, true
	case *ir.DenseElementsAttr:
		et := a.Type.ElementType()
		c := constView{typ: a.Type, elem: et, splat: a.Splat, n: a.Len()}
		switch {
		case ir.IsFloat(et):
			if !floatFoldable(et) {
				return constView{}, false
			}
			for _, f := range a.Floats {
				c.vals = append(c.vals, val{f: f})
			}
		case intWidth(et) > 0:
			w := intWidth(et)
			for _, v := range a.Ints {
				c.vals = append(c.vals, val{i: mkInt(w, uint64(v))})
			}
		default:
			return constView{}, false
		}
		if len(c.vals) == 0 || (!c.splat && len(c.vals) != c.n) {
			return constView{}, false
		}
		if len(c.vals) == 1 {
			c.splat = true
		}
		return c, true
	}
	return constView{}, false
}

// scalarAttr builds a scalar attribute of type t from v.
func scalarAttr(t ir.Type, v val) ir.Attribute {
	if ir.IsFloat(t) {
		return ir.Float(t, v.f)
	}
	return intAttr(t, v.i)
}

// makeConst builds a constant of type t (scalar, or a statically shaped
// vector/tensor) from its element values. A shaped constant whose elements
// are all equal is a splat, as MLIR's DenseElementsAttr::get makes it.
func makeConst(t ir.Type, vals []val) ir.Attribute {
	st, shaped := t.(ir.ShapedType)
	if !shaped {
		if len(vals) != 1 {
			return nil
		}
		return scalarAttr(t, vals[0])
	}
	if !ir.HasStaticShape(t) {
		return nil
	}
	et := st.ElementType()
	isF := ir.IsFloat(et)
	if !isF && intWidth(et) == 0 {
		return nil
	}
	n := int(ir.NumElements(st.Shape()))
	if len(vals) != 1 && len(vals) != n {
		return nil
	}
	allEq := true
	for _, v := range vals[1:] {
		if !sameVal(isF, et, v, vals[0]) {
			allEq = false
			break
		}
	}
	if allEq {
		vals = vals[:1]
	}
	d := &ir.DenseElementsAttr{Type: st, Splat: len(vals) == 1 && n != 1}
	for _, v := range vals {
		if isF {
			d.Floats = append(d.Floats, ir.RoundToType(et, v.f))
		} else {
			d.Ints = append(d.Ints, intAttr(et, v.i).Val)
		}
	}
	return d
}

func sameVal(isFloat bool, et ir.Type, a, b val) bool {
	if isFloat {
		return ir.FloatBits(et, a.f) == ir.FloatBits(et, b.f)
	}
	return a.i == b.i
}

// foldBinary folds a binary element-wise op over two constants of the same
// type (constFoldBinaryOpConditional). resType maps the operand type to
// the result type (nil: the same). fn returning false stops the fold.
func foldBinary(ops []ir.Attribute, resType func(ir.Type) ir.Type, fn func(a, b val) (val, bool)) ir.Attribute {
	if len(ops) != 2 || ops[0] == nil || ops[1] == nil {
		return nil
	}
	l, ok1 := view(ops[0])
	r, ok2 := view(ops[1])
	if !ok1 || !ok2 || l.typ != r.typ || l.scalar != r.scalar {
		return nil
	}
	rt := l.typ
	if resType != nil {
		rt = resType(l.typ)
	}
	if l.scalar || (l.splat && r.splat) {
		v, ok := fn(l.vals[0], r.vals[0])
		if !ok {
			return nil
		}
		return makeConst(rt, []val{v})
	}
	out := make([]val, l.n)
	for i := range out {
		v, ok := fn(l.at(i), r.at(i))
		if !ok {
			return nil
		}
		out[i] = v
	}
	return makeConst(rt, out)
}

// foldUnary folds a unary element-wise op whose result has the operand's
// type (constFoldUnaryOpConditional).
func foldUnary(ops []ir.Attribute, fn func(a val) (val, bool)) ir.Attribute {
	if len(ops) != 1 || ops[0] == nil {
		return nil
	}
	c, ok := view(ops[0])
	if !ok {
		return nil
	}
	return mapConst(c, c.typ, fn)
}

// foldCast folds a cast to result type rt element by element (constFoldCastOp).
func foldCast(ops []ir.Attribute, rt ir.Type, fn func(a val) (val, bool)) ir.Attribute {
	if len(ops) != 1 || ops[0] == nil || rt == nil {
		return nil
	}
	c, ok := view(ops[0])
	if !ok {
		return nil
	}
	if _, shaped := rt.(ir.ShapedType); shaped == c.scalar {
		return nil
	}
	return mapConst(c, rt, fn)
}

func mapConst(c constView, rt ir.Type, fn func(a val) (val, bool)) ir.Attribute {
	if c.scalar || c.splat {
		v, ok := fn(c.vals[0])
		if !ok {
			return nil
		}
		return makeConst(rt, []val{v})
	}
	out := make([]val, c.n)
	for i := range out {
		v, ok := fn(c.at(i))
		if !ok {
			return nil
		}
		out[i] = v
	}
	return makeConst(rt, out)
}

// ---- Matching constants (MLIR's m_Zero, m_One, m_ConstantInt, ...) ----

// constantOf returns the value of v when it is defined by a constant-like
// op (whose Fold hook returns its value), else nil.
func constantOf(v ir.Value) ir.Attribute {
	if v == nil {
		return nil
	}
	def := ir.DefiningOp(v)
	if def == nil || !def.HasTrait(ir.ConstantLike) || def.Def().Fold == nil {
		return nil
	}
	res, ok := def.Def().Fold(def, nil)
	if !ok || len(res) != 1 {
		return nil
	}
	return res[0].Attr
}

// splatOf returns the single element of a scalar or splat constant.
func splatOf(a ir.Attribute) (val, ir.Type, bool) {
	if a == nil {
		return val{}, nil, false
	}
	c, ok := view(a)
	if !ok || !(c.scalar || c.splat) {
		return val{}, nil, false
	}
	return c.vals[0], c.elem, true
}

// constInt returns the integer of a scalar or splat integer constant.
func constInt(a ir.Attribute) (apInt, bool) {
	v, et, ok := splatOf(a)
	if !ok || ir.IsFloat(et) {
		return apInt{}, false
	}
	return v.i, true
}

// constFloat returns the float of a scalar or splat float constant.
func constFloat(a ir.Attribute) (float64, bool) {
	v, et, ok := splatOf(a)
	if !ok || !ir.IsFloat(et) {
		return 0, false
	}
	return v.f, true
}

func isZeroInt(a ir.Attribute) bool {
	x, ok := constInt(a)
	return ok && x.isZero()
}

func isOneInt(a ir.Attribute) bool {
	x, ok := constInt(a)
	return ok && x.isOne()
}

// zeroAttr returns the zero constant of an integer or float type (scalar or
// statically shaped), like Builder::getZeroAttr; nil when there is none.
func zeroAttr(t ir.Type) ir.Attribute {
	et := elemType(t)
	var v val
	switch {
	case ir.IsFloat(et):
	case intWidth(et) > 0:
		v.i = apInt{intWidth(et), 0}
	default:
		return nil
	}
	return makeConst(t, []val{v})
}

// boolAttr returns true or false in the shape of t (i1, or a splat of i1).
func boolAttr(ctx *ir.Context, t ir.Type, b bool) ir.Attribute {
	x := apInt{1, 0}
	if b {
		x.v = 1
	}
	if _, shaped := t.(ir.ShapedType); shaped {
		return makeConst(t, []val{{i: x}})
	}
	return ir.Bool(ctx, b)
}
