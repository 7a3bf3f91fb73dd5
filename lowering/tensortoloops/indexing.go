package tensortoloops

import (
	"slices"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
)

// Index arithmetic: symbolic index expressions (package affine) become
// arith ops on index values, shared per loop like every other value, and
// the loads and stores they index.

// index materializes an index expression.
func (g *gen) index(e affine.Expr) ir.Value {
	if c, ok := e.IsConst(); ok {
		return g.indexConst(c)
	}
	key := "idx " + e.Key()
	if v := g.lookup(key); v != nil {
		return v
	}
	var acc ir.Value
	for _, t := range e.Terms() {
		v := g.atomValue(t.Atom)
		switch t.Coef {
		case 1:
		case -1:
			z := g.indexConst(0)
			if acc != nil {
				acc = g.binary(arith.SubI, acc, v)
				continue
			}
			v = g.binary(arith.SubI, z, v)
		default:
			v = g.binary(arith.MulI, v, g.indexConst(t.Coef))
		}
		if acc == nil {
			acc = v
		} else {
			acc = g.binary(arith.AddI, acc, v)
		}
	}
	if c := e.Offset(); c != 0 {
		acc = g.binary(arith.AddI, acc, g.indexConst(c))
	}
	g.frameOf(acc).memo[key] = acc
	return acc
}

// atomValue materializes an atom.
func (g *gen) atomValue(a *affine.Atom) ir.Value {
	switch a.Kind() {
	case affine.AtomVar, affine.AtomValue:
		if a.Value() == nil {
			return g.failf(g.ctx().Index(), "internal error: index symbol %s has no value", a.Key())
		}
		return a.Value()
	}
	ea, eb := a.Operands()
	x, y := g.index(ea), g.index(eb)
	c, constDivisor := eb.IsConst()
	if constDivisor && c == 0 {
		// Division by an extent of 0: the index addresses an empty buffer
		// (the delinearization of a reshape with no elements), so it is
		// never used at run time; a division by the constant 0 would
		// still trap where it is hoisted out of the loop that never runs.
		return g.indexConst(0)
	}
	switch a.Kind() {
	case affine.AtomDiv:
		if constDivisor {
			return g.binary(arith.DivSI, x, y)
		}
		return g.trapping(arith.DivSI, x, y)
	case affine.AtomMod:
		if constDivisor {
			return g.binary(arith.RemSI, x, y)
		}
		return g.trapping(arith.RemSI, x, y)
	}
	return g.binary(arith.MulI, x, y)
}

// indices materializes a multi-index.
func (g *gen) indices(idx []affine.Expr) []ir.Value {
	out := make([]ir.Value, len(idx))
	for i, e := range idx {
		out[i] = g.index(e)
	}
	return out
}

// load emits loops.load buf[idx] (memoized per loop) no higher than the
// floor and the kernel's outermost loop.
func (g *gen) load(buf ir.Value, idx []affine.Expr) ir.Value {
	if t, ok := buf.Type().(*ir.MemRefType); ok && slices.Contains(t.Shape(), 0) {
		// Nothing is read from an empty buffer; but a load with invariant
		// indices (an index divided by an extent of 0) would be hoisted out
		// of the loop that never runs and read out of bounds.
		return g.scalarConst(t.Elem, 0)
	}
	vs := g.indices(idx)
	f := g.deepest(deeper(g.floor, g.first), append([]ir.Value{buf}, vs...)...)
	if g.inEmptyLoop() {
		// In a loop that never runs, a load with invariant indices (the
		// start of an empty slice) must not be hoisted out of it, where it
		// would run and read out of bounds. (Not a constant instead: what
		// is computed from it is shared with code outside the loop.)
		f = g.cur
	}
	return g.share(f, "load"+g.keyOf(buf)+affine.IndexKey(idx), func(b *ir.Builder) ir.Value { return loops.Load(b, buf, vs...) })
}

// inEmptyLoop reports whether code generated now is in the body of a loop
// that never runs.
func (g *gen) inEmptyLoop() bool {
	for f := g.cur; f != nil; f = f.parent {
		if f.empty {
			return true
		}
	}
	return false
}

// store emits loops.store v, buf[idx] at the deepest frame of its operands.
func (g *gen) store(v, buf ir.Value, idx []affine.Expr) {
	vs := g.indices(idx)
	f := g.deepest(g.floor, append([]ir.Value{v, buf}, vs...)...)
	g.build(f, func(b *ir.Builder) *ir.Operation { return loops.Store(b, v, buf, vs...).Op })
}
