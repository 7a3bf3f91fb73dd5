package tensortoloops

import (
	"math"
	"slices"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// Ops whose element is a small reduction of its own, computed by an inner
// loop nest where the element's index is known: max_pool2d's window, and
// the matmul and conv2d elements of products the runtime kernels do not
// take.

// maxPool computes a window maximum with an inner loop nest.
func (g *gen) maxPool(op *ir.Operation, idx []affine.Expr) ir.Value {
	t := opclass.Elem(op.Result(0))
	k, s, p, dl, err := opclass.MaxPoolWindow(op)
	if err != nil {
		g.fail(err)
		return g.placeholder(t)
	}
	x := op.Operand(0)
	r := len(idx)
	if r < 2 {
		return g.failf(t, "bad max_pool2d rank")
	}
	lowest := g.lowest(t)
	res := g.loopNest(g.atomFrame(idx), []affine.Expr{affine.Const(k[0]), affine.Const(k[1])}, []ir.Value{lowest},
		[]loops.ReductionKind{maxKind(t)}, func(w []affine.Expr, acc []ir.Value) []ir.Value {
			oi := slices.Clone(idx)
			var conds []ir.Value
			for i := 0; i < 2; i++ {
				e := idx[r-2+i].Scale(s[i]).AddConst(-p[i]).Add(w[i].Scale(dl[i]))
				oi[r-2+i] = e
				if p[i] == 0 {
					continue
				}
				conds = append(conds, g.inRange(e, x, r-2+i)...)
			}
			var v ir.Value
			if len(conds) == 0 {
				v = g.scalar(x, oi)
			} else {
				cond := g.all(conds)
				v = g.ifThenElse(g.guardFrame(cond, oi), cond, t, func() ir.Value { return g.scalar(x, oi) },
					func() ir.Value { return lowest })
			}
			return []ir.Value{g.better(v, acc[0])}
		})
	return res[0]
}

// maxKind is the reduction kind of better's running maximum of type t:
// floats take the first NaN with a select, which is no reduction kind.
func maxKind(t ir.Type) loops.ReductionKind {
	switch {
	case ir.IsFloat(t):
		return loops.ReduceNone
	case ir.IntWidth(t) == 1:
		return loops.ReduceOrI
	}
	return loops.ReduceMaxSI
}

// inRange returns the conditions 0 <= e < size(x, d) that are not known.
func (g *gen) inRange(e affine.Expr, x ir.Value, d int) []ir.Value {
	size := g.size(x, d)
	var out []ir.Value
	lo, hi, hiOK := e.Bounds()
	sc, sok := size.IsConst()
	if lo < 0 {
		out = append(out, g.cmpi("sge", g.index(e), g.indexConst(0)))
	}
	if !(hiOK && sok && hi < sc) {
		out = append(out, g.cmpi("slt", g.index(e), g.index(size)))
	}
	return out
}

// better returns the running maximum after seeing v: v if v > m or v is
// NaN (so a NaN, once taken, stays), else m.
func (g *gen) better(v, m ir.Value) ir.Value {
	if !ir.IsFloat(v.Type()) {
		if ir.IntWidth(v.Type()) == 1 {
			return g.binary(arith.OrI, v, m)
		}
		return g.binary(arith.MaxSI, v, m)
	}
	gt := g.cmpf("ogt", v, m)
	nan := g.cmpf("uno", v, v)
	return g.selectOp(g.binary(arith.OrI, gt, nan), v, m)
}

// lowest returns the smallest value of an element type (-Inf for floats).
func (g *gen) lowest(t ir.Type) ir.Value {
	switch {
	case ir.IsFloat(t):
		return g.constant(ir.Float(t, math.Inf(-1)))
	case ir.IntWidth(t) == 1:
		return g.intConst(t, 0)
	case ir.IntWidth(t) == 32:
		return g.intConst(t, math.MinInt32)
	}
	return g.intConst(t, math.MinInt64)
}

// atomFrame is the frame where a computation over index idx may go: the
// deepest frame of its atoms, no higher than the floor and the kernel's
// outermost loop.
func (g *gen) atomFrame(idx []affine.Expr) *frame {
	at := g.deepest(deeper(g.floor, g.first))
	for _, e := range idx {
		for _, a := range e.Atoms() {
			if a.Value() != nil {
				at = deeper(at, g.frameOf(a.Value()))
			}
		}
	}
	return at
}

// matmulElem computes one element of a matmul with an inner loop over K
// (for products the runtime kernel does not take: rank > 3, integers).
func (g *gen) matmulElem(op *ir.Operation, idx []affine.Expr) ir.Value {
	t := opclass.Elem(op.Result(0))
	a, b := op.Operand(0), op.Operand(1)
	r := len(idx)
	if r < 2 || len(opclass.Shape(a)) != r || len(opclass.Shape(b)) != r {
		return g.failf(t, "matmul operands must have equal ranks of at least 2")
	}
	k := g.size(a, r-1)
	z := g.scalarConst(t, 0)
	mul, add, kind := binaryBuilder(arith.MulF), binaryBuilder(arith.AddF), loops.ReduceAddF
	if !ir.IsFloat(t) {
		mul, add, kind = arith.MulI, arith.AddI, loops.ReduceAddI
		if ir.IntWidth(t) == 1 {
			mul, add, kind = arith.AndI, arith.OrI, loops.ReduceOrI
		}
	}
	res := g.loopNest(g.atomFrame(idx), []affine.Expr{k}, []ir.Value{z}, []loops.ReductionKind{kind}, func(w []affine.Expr, cur []ir.Value) []ir.Value {
		ai := append(append([]affine.Expr{}, idx[:r-1]...), w[0])
		bi := append(append([]affine.Expr{}, idx[:r-2]...), w[0], idx[r-1])
		x := g.scalar(a, ai)
		y := g.scalar(b, bi)
		return []ir.Value{g.binary(add, cur[0], g.binary(mul, x, y))}
	})
	return res[0]
}

// convElem computes one element of a conv2d with inner loops (used when
// the runtime kernel cannot take the operands).
func (g *gen) convElem(op *ir.Operation, idx []affine.Expr) ir.Value {
	t := opclass.Elem(op.Result(0))
	p, ok := tensor.Conv2DOptions(op)
	if !ok || len(idx) != 4 {
		return g.failf(t, "bad conv2d")
	}
	x, w := op.Operand(0), op.Operand(1)
	var ext []affine.Expr
	for d := 1; d < 4; d++ {
		ext = append(ext, g.size(w, d))
	}
	o := g.size(w, 0)
	og := g.ix.Div(o, affine.Const(max(p.Groups, 1)))
	grp := g.ix.Div(idx[1], og)
	z := g.scalarConst(t, 0)
	res := g.loopNest(g.atomFrame(idx), ext, []ir.Value{z}, []loops.ReductionKind{loops.ReduceAddF}, func(k []affine.Expr, cur []ir.Value) []ir.Value {
		c := g.ix.Mul(grp, ext[0]).Add(k[0])
		iy := idx[2].Scale(p.Stride[0]).AddConst(-p.Padding[0]).Add(k[1].Scale(p.Dilation[0]))
		ixx := idx[3].Scale(p.Stride[1]).AddConst(-p.Padding[1]).Add(k[2].Scale(p.Dilation[1]))
		xi := []affine.Expr{idx[0], c, iy, ixx}
		var conds []ir.Value
		for i, e := range []affine.Expr{iy, ixx} {
			conds = append(conds, g.inRange(e, x, 2+i)...)
		}
		var xv ir.Value
		if len(conds) == 0 {
			xv = g.scalar(x, xi)
		} else {
			cond := g.all(conds)
			xv = g.ifThenElse(g.guardFrame(cond, xi), cond, t, func() ir.Value { return g.scalar(x, xi) },
				func() ir.Value { return z })
		}
		wv := g.scalar(w, []affine.Expr{idx[1], k[0], k[1], k[2]})
		return []ir.Value{g.binary(arith.AddF, cur[0], g.binary(arith.MulF, xv, wv))}
	})
	return res[0]
}
