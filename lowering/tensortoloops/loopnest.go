package tensortoloops

import (
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
)

// Loop nests and conditionals: the frames the generator builds code in.

// openFor creates a loops.for from 0 to ub in frame parent, carrying inits
// of the given reduction kinds (nil: none carried), and returns it with its
// body frame. The parent's insertion point moves before the loop until
// closeFor.
func (g *gen) openFor(parent *frame, ub ir.Value, inits []ir.Value, kinds []loops.ReductionKind) (loops.ForOp, *frame, *ir.Operation) {
	lb, one := g.indexConst(0), g.indexConst(1)
	var l loops.ForOp
	g.build(parent, func(b *ir.Builder) *ir.Operation {
		l = loops.For(b, lb, ub, one, inits...)
		return l.Op
	})
	if len(inits) > 0 {
		l.SetReductionKinds(kinds)
	}
	body := &frame{parent: parent, depth: parent.depth + 1, block: l.BodyBlock(), memo: map[string]ir.Value{}}
	for _, a := range l.BodyBlock().Args() {
		g.at[a] = body
	}
	saved := parent.ip
	parent.ip = l.Op
	return l, body, saved
}

// closeFor ends a loop body with loops.yield of the carried values and
// restores the parent's insertion point.
func (g *gen) closeFor(body *frame, saved *ir.Operation, yields []ir.Value) {
	g.build(body, func(b *ir.Builder) *ir.Operation { return loops.Yield(b, yields...).Op })
	body.parent.ip = saved
}

// loopNest emits nested loops.for over the given extents in frame at,
// carrying values of the given reduction kinds (every loop of the nest
// declares them); extents of 1 get no loop. It returns the carried values
// after the loops.
func (g *gen) loopNest(at *frame, extents []affine.Expr, inits []ir.Value, kinds []loops.ReductionKind, body func(w []affine.Expr, cur []ir.Value) []ir.Value) []ir.Value {
	oldCur := g.cur
	defer func() { g.cur = oldCur }()
	type level struct {
		l     loops.ForOp
		fr    *frame
		saved *ir.Operation
	}
	var levels []level
	w := make([]affine.Expr, len(extents))
	cur := inits
	parent := at
	for i, n := range extents {
		if c, ok := n.IsConst(); ok && c == 1 {
			w[i] = affine.Const(0)
			continue
		}
		ub := g.index(n)
		g.cur = parent
		l, fr, saved := g.openFor(parent, ub, cur, kinds)
		if c, ok := n.IsConst(); ok && c == 0 {
			fr.empty = true
		}
		levels = append(levels, level{l, fr, saved})
		w[i] = g.ix.NewVar("i", n, l.InductionVar())
		cur = l.RegionIterArgs()
		parent = fr
	}
	g.cur = parent
	next := body(w, cur)
	for i := len(levels) - 1; i >= 0; i-- {
		g.closeFor(levels[i].fr, levels[i].saved, next)
		next = levels[i].l.Results()
	}
	if at == g.root && len(levels) > 0 && g.first == levels[0].fr {
		// The kernel's loop nest is closed: loads may go to the root again.
		g.first = nil
	}
	return next
}

// markFirst records the kernel's outermost loop (the child of the root on
// the current frame's chain), under which loads stay.
func (g *gen) markFirst() {
	g.first = nil
	for f := g.cur; f != nil && f.parent != nil; f = f.parent {
		if f.parent == g.root {
			g.first = f
			return
		}
	}
}

// ifThenElse emits loops.if cond -> (t) { then() } else { els() } in frame
// at, with guarded branch frames, and returns the result.
func (g *gen) ifThenElse(at *frame, cond ir.Value, t ir.Type, then, els func() ir.Value) ir.Value {
	var op loops.IfOp
	g.build(at, func(b *ir.Builder) *ir.Operation {
		op = loops.If(b, cond, t)
		return op.Op
	})
	saved := at.ip
	at.ip = op.Op
	defer func() { at.ip = saved }()
	for i, fn := range []func() ir.Value{then, els} {
		blk := []*ir.Block{op.ThenBlock(), op.ElseBlock()}[i]
		fr := &frame{parent: at, depth: at.depth + 1, block: blk, memo: map[string]ir.Value{}, guard: true}
		oldCur, oldFloor := g.cur, g.floor
		g.cur, g.floor = fr, fr
		v := fn()
		g.cur, g.floor = oldCur, oldFloor
		g.build(fr, func(b *ir.Builder) *ir.Operation { return loops.Yield(b, v).Op })
	}
	return op.Results()[0]
}
