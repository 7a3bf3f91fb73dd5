package tensortoloops

import (
	"slices"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// Ops whose element reads another tensor at a computed index, or a
// constant: dense constants, pad and concat (guarded reads), gather
// (indirect reads).

// constantElem reads element idx of a tensor.constant.
func (g *gen) constantElem(op *ir.Operation, idx []affine.Expr) ir.Value {
	t := opclass.Elem(op.Result(0))
	d, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return g.failf(t, "tensor.constant without a dense value")
	}
	if d.Splat || d.Len() <= 1 {
		if d.Len() == 0 {
			return g.scalarConst(t, 0)
		}
		a, err := convertAttr(d, t)
		if err != nil {
			g.fail(err)
			return g.placeholder(t)
		}
		return g.constant(a)
	}
	if coef, c0, ok := opclass.AffineConstant(d); ok {
		e := affine.Const(c0)
		for k, c := range coef {
			e = e.Add(idx[k].Scale(c))
		}
		return g.fromIndex(g.index(e), t)
	}
	buf, ok := g.dense[op.Result(0)]
	if !ok {
		var err error
		if buf, err = g.lw.denseBuffer(g, op); err != nil {
			g.fail(err)
			return g.placeholder(t)
		}
		g.dense[op.Result(0)] = buf
	}
	return g.load(buf, idx)
}

// pad reads x at idx - low inside its bounds, else the padding value.
func (g *gen) pad(op *ir.Operation, idx []affine.Expr) ir.Value {
	t := opclass.Elem(op.Result(0))
	low, _, err := opclass.PadAmounts(op)
	if err != nil {
		g.fail(err)
		return g.placeholder(t)
	}
	x := op.Operand(0)
	pv, err := convertAttr(tensor.PadValue(op), t)
	if err != nil {
		g.fail(err)
		return g.placeholder(t)
	}
	oi := make([]affine.Expr, len(idx))
	var conds []ir.Value
	for d := range idx {
		oi[d] = idx[d].AddConst(-low[d])
		size := g.size(x, d)
		// 0 <= idx-low < size, as idx < low + size when low = 0 needs one test.
		lo, hi, hiOK := oi[d].Bounds()
		sc, sok := size.IsConst()
		if lo < 0 {
			conds = append(conds, g.cmpi("sge", g.index(idx[d]), g.indexConst(low[d])))
		}
		if !(hiOK && sok && hi < sc) {
			conds = append(conds, g.cmpi("slt", g.index(idx[d]), g.index(size.AddConst(low[d]))))
		}
	}
	pad := g.constant(pv)
	if len(conds) == 0 {
		return g.scalar(x, oi)
	}
	cond := g.all(conds)
	return g.ifThenElse(g.guardFrame(cond, idx), cond, t, func() ir.Value { return g.scalar(x, oi) },
		func() ir.Value { return pad })
}

// all returns the conjunction of conditions.
func (g *gen) all(conds []ir.Value) ir.Value {
	cond := conds[0]
	for _, c := range conds[1:] {
		cond = g.binary(arith.AndI, cond, c)
	}
	return cond
}

// guardFrame is where a conditional computing element idx goes: the
// deepest frame of the condition and the index, and no higher than the
// current floor.
func (g *gen) guardFrame(cond ir.Value, idx []affine.Expr) *frame {
	f := g.deepest(deeper(g.floor, g.first), cond)
	for _, e := range idx {
		for _, a := range e.Atoms() {
			if a.Value() != nil {
				f = deeper(f, g.frameOf(a.Value()))
			}
		}
	}
	return f
}

// concat picks the operand whose range along dim holds idx[dim].
func (g *gen) concat(op *ir.Operation, idx []affine.Expr) ir.Value {
	t := opclass.Elem(op.Result(0))
	d, ok := tensor.NormalizedDim(op)
	if !ok || d >= len(idx) {
		return g.failf(t, "bad concat dim")
	}
	type piece struct {
		x   ir.Value
		off affine.Expr
	}
	var pieces []piece
	off := affine.Const(0)
	for _, x := range op.Operands() {
		s := g.size(x, d)
		if c, ok := s.IsConst(); ok && c == 0 {
			continue
		}
		pieces = append(pieces, piece{x, off})
		off = off.Add(s)
	}
	if len(pieces) == 0 {
		return g.scalarConst(t, 0)
	}
	var pick func(k int) ir.Value
	pick = func(k int) ir.Value {
		p := pieces[k]
		oi := slices.Clone(idx)
		oi[d] = idx[d].Sub(p.off)
		if k == len(pieces)-1 {
			return g.scalar(p.x, oi)
		}
		// idx[dim] < the next piece's offset: this piece.
		in := g.cmpi("slt", g.index(idx[d]), g.index(pieces[k+1].off))
		return g.ifThenElse(g.guardFrame(in, idx), in, t, func() ir.Value { return g.scalar(p.x, oi) },
			func() ir.Value { return pick(k + 1) })
	}
	return pick(0)
}

// gather reads x with the index along dim taken from the index tensor.
func (g *gen) gather(op *ir.Operation, idx []affine.Expr) ir.Value {
	t := opclass.Elem(op.Result(0))
	d, ok := tensor.NormalizedDim(op)
	if !ok || op.NumOperands() != 2 {
		return g.failf(t, "bad gather")
	}
	x, ids := op.Operand(0), op.Operand(1)
	var ii []affine.Expr
	if len(opclass.Shape(ids)) == 1 {
		if d >= len(idx) {
			return g.failf(t, "bad gather dim")
		}
		ii = []affine.Expr{idx[d]}
	}
	kv := g.toIndex(g.scalar(ids, ii))
	if len(opclass.Shape(x)) == 0 {
		return g.scalar(x, nil)
	}
	kv = g.checkIndex(op, kv, g.sizeValue(x, d))
	hi := int64(-1)
	if s := opclass.Shape(x)[d]; s != ir.Dynamic {
		hi = s - 1
	}
	oi := slices.Clone(idx)
	oi[d] = g.ix.Value(kv, hi)
	return g.scalar(x, oi)
}

// checkIndex checks a data-dependent index (a gather or scatter index)
// against the size it indexes: loops.check_index fails at op's location
// unless 0 <= i < size, and the access uses its result. Without it, an
// index out of range would read another row of the buffer (the Go and GPU
// code see one flat array) instead of failing as PyTorch does. The check
// stays under the guards of the access, as a trapping op does.
func (g *gen) checkIndex(op *ir.Operation, i, size ir.Value) ir.Value {
	f := g.deepest(deeper(g.floor, g.first), i, size)
	if g.inEmptyLoop() {
		// An invariant index in a loop that never runs (an index read
		// from an empty constant, folded to 0) must not be checked
		// outside that loop: nothing is accessed, so nothing may fail.
		f = g.cur
	}
	return g.emit(f, func(b *ir.Builder) ir.Value {
		what := op.Name()
		if l, ok := op.Loc().(*ir.NameLoc); ok {
			what = l.Name // what the op checks, named by the decomposition that built it
		}
		v := loops.CheckIndex(b, i, size, what)
		ir.DefiningOp(v).SetLoc(op.Loc())
		return v
	})
}
