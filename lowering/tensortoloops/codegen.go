package tensortoloops

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
)

// The loop-body generator. A kernel's tensor ops are never turned into
// buffers: scalar(v, idx) builds the code computing element idx of tensor v
// (PT2's inner_fn), recursively through v's producers, at the outermost
// loop where everything it depends on is defined (loop-invariant code is
// hoisted by construction), and memoizes it per loop, so that a value used
// twice at one index is computed once.
//
// Code is built with the dialects' infallible builders. What cannot be
// generated (an op the generator does not know, a size it cannot compute)
// is recorded as the kernel's error (gen.fail) and replaced by a
// placeholder value, so that generation goes on without error checks at
// every step; the kernel reports the error when it is done. What the
// builders got wrong the verifier reports when the pass ends.

// frame is one level of the loop nest being generated: a block and the
// position new ops go to.
type frame struct {
	parent *frame
	depth  int
	block  *ir.Block
	ip     *ir.Operation // insert before; nil: at the end of the block
	memo   map[string]ir.Value
	// guard marks the region of a loops.if whose loads must not be
	// hoisted out of it.
	guard bool
	// empty marks the body of a loop that never runs (a static extent of
	// 0): what it loads is never read.
	empty bool
}

// gen generates the loops of one kernel (or of a function-level value
// materialization).
type gen struct {
	lw    *lowerer
	b     *ir.Builder
	ix    *affine.Indexer
	env   map[ir.Value]ir.Value // kernel block arguments -> function-level values
	root  *frame
	cur   *frame
	floor *frame // loads and trapping ops go no higher than this
	first *frame // the outermost loop of the kernel's own nest
	at    map[ir.Value]*frame
	ids   map[ir.Value]int
	sizes map[dimKey]ir.Value
	dense map[ir.Value]ir.Value
	// err is the first thing the generator could not do.
	err error
}

// dimKey names dimension d of a value.
type dimKey struct {
	v ir.Value
	d int
}

func newGen(lw *lowerer, root *ir.Block, before *ir.Operation, loc ir.Location) *gen {
	f := &frame{block: root, ip: before, memo: map[string]ir.Value{}}
	b := ir.NewBuilder(lw.ctx)
	b.Loc = loc
	return &gen{lw: lw, b: b, ix: affine.NewIndexer(), env: map[ir.Value]ir.Value{},
		root: f, cur: f, floor: f, at: map[ir.Value]*frame{}, ids: map[ir.Value]int{}, sizes: map[dimKey]ir.Value{},
		dense: map[ir.Value]ir.Value{}}
}

func (g *gen) ctx() *ir.Context { return g.lw.ctx }

// fail records err as the generator's error unless it has one already.
func (g *gen) fail(err error) {
	if g.err == nil {
		g.err = err
	}
}

// failf records a formatted error and returns a placeholder of type t
// for the value that could not be computed.
func (g *gen) failf(t ir.Type, format string, args ...any) ir.Value {
	g.fail(fmt.Errorf(format, args...))
	return g.placeholder(t)
}

// placeholder returns a zero of scalar type t (or of its element type),
// standing for a value the generator could not compute.
func (g *gen) placeholder(t ir.Type) ir.Value {
	t = ir.ElementTypeOrSelf(t)
	if !ir.IsFloat(t) && !ir.IsInteger(t) && !ir.IsIndex(t) {
		t = g.ctx().I64()
	}
	return g.scalarConst(t, 0)
}

// frameOf returns the frame a value is defined in (the root for values
// defined outside the kernel's loops).
func (g *gen) frameOf(v ir.Value) *frame {
	if f, ok := g.at[v]; ok {
		return f
	}
	return g.root
}

// deeper returns the deeper of two frames on one ancestor chain.
func deeper(a, b *frame) *frame {
	if a == nil {
		return b
	}
	if b == nil || a.depth >= b.depth {
		return a
	}
	return b
}

// deepest returns the deepest frame among the values' frames and min.
func (g *gen) deepest(min *frame, vs ...ir.Value) *frame {
	f := min
	if f == nil {
		f = g.root
	}
	for _, v := range vs {
		f = deeper(f, g.frameOf(v))
	}
	return f
}

// setIP points the builder at frame f's insertion position.
func (g *gen) setIP(f *frame) {
	if f.ip == nil {
		g.b.SetInsertionPointToEnd(f.block)
	} else {
		g.b.SetInsertionPointBefore(f.ip)
	}
}

// record notes that op's results live in frame f.
func (g *gen) record(f *frame, op *ir.Operation) *ir.Operation {
	for _, r := range op.Results() {
		g.at[r] = f
	}
	return op
}

// build builds an op with a builder pointed at frame f and records it
// there (not memoized: stores, loop terminators).
func (g *gen) build(f *frame, build func(b *ir.Builder) *ir.Operation) *ir.Operation {
	g.setIP(f)
	return g.record(f, build(g.b))
}

// share returns the value memoized under key visible from frame f, or
// builds it at f and memoizes it there.
func (g *gen) share(f *frame, key string, build func(b *ir.Builder) ir.Value) ir.Value {
	if v := g.lookupIn(f, key); v != nil {
		return v
	}
	g.setIP(f)
	v := build(g.b)
	g.record(f, ir.DefiningOp(v))
	f.memo[key] = v
	return v
}

// emit builds the single-result op of build at frame f, unless an equal
// op (same name, operands, attributes and result type) is visible from f:
// then it returns that one's result and the new op goes away. This is how
// a value the generator asks for twice at one loop level is computed once.
func (g *gen) emit(f *frame, build func(b *ir.Builder) ir.Value) ir.Value {
	g.setIP(f)
	v := build(g.b)
	op := ir.DefiningOp(v)
	key := g.opKey(op)
	if old := g.lookupIn(f, key); old != nil {
		op.Erase()
		return old
	}
	g.record(f, op)
	f.memo[key] = v
	return v
}

// opKey spells an op for emit's memo.
func (g *gen) opKey(op *ir.Operation) string {
	var sb strings.Builder
	sb.WriteString("op ")
	sb.WriteString(op.Name())
	sb.WriteString(g.keyOf(op.Operands()...))
	for _, a := range op.Attrs() {
		sb.WriteString(" " + a.Name + "=" + a.Value.String())
	}
	for _, t := range op.ResultTypes() {
		sb.WriteString(" : " + t.String())
	}
	return sb.String()
}

// The builders the generator uses, by shape.
type (
	unaryBuilder  = func(b *ir.Builder, x ir.Value) ir.Value
	binaryBuilder = func(b *ir.Builder, x, y ir.Value) ir.Value
	castBuilder   = func(b *ir.Builder, t ir.Type, x ir.Value) ir.Value
)

// unary builds op(x) at the deepest frame of x.
func (g *gen) unary(op unaryBuilder, x ir.Value) ir.Value {
	return g.emit(g.deepest(nil, x), func(b *ir.Builder) ir.Value { return op(b, x) })
}

// binary builds op(x, y) at the deepest frame of its operands.
func (g *gen) binary(op binaryBuilder, x, y ir.Value) ir.Value {
	return g.emit(g.deepest(nil, x, y), func(b *ir.Builder) ir.Value { return op(b, x, y) })
}

// trapping builds op(x, y) for an op that may trap (an integer division
// by a value that may be 0): no higher than the floor (a guarded branch)
// and the kernel's outermost loop.
func (g *gen) trapping(op binaryBuilder, x, y ir.Value) ir.Value {
	return g.emit(g.deepest(deeper(g.floor, g.first), x, y), func(b *ir.Builder) ir.Value { return op(b, x, y) })
}

// selectOp builds arith.select c, x, y.
func (g *gen) selectOp(c, x, y ir.Value) ir.Value {
	return g.emit(g.deepest(nil, c, x, y), func(b *ir.Builder) ir.Value { return arith.Select(b, c, x, y) })
}

// cmpf builds arith.cmpf with a predicate keyword.
func (g *gen) cmpf(pred string, x, y ir.Value) ir.Value {
	return g.emit(g.deepest(nil, x, y), func(b *ir.Builder) ir.Value { return arith.CmpF(b, pred, x, y) })
}

// cmpi builds arith.cmpi with a predicate keyword.
func (g *gen) cmpi(pred string, x, y ir.Value) ir.Value {
	return g.emit(g.deepest(nil, x, y), func(b *ir.Builder) ir.Value { return arith.CmpI(b, pred, x, y) })
}

// cast builds a conversion op (extf, sitofp, ...) of x to type t.
func (g *gen) cast(op castBuilder, t ir.Type, x ir.Value) ir.Value {
	return g.emit(g.deepest(nil, x), func(b *ir.Builder) ir.Value { return op(b, t, x) })
}

// lookupIn finds a memoized value visible from frame f.
func (g *gen) lookupIn(f *frame, key string) ir.Value {
	for ; f != nil; f = f.parent {
		if v, ok := f.memo[key]; ok {
			return v
		}
	}
	return nil
}

// lookup finds a memoized value visible from the current frame.
func (g *gen) lookup(key string) ir.Value { return g.lookupIn(g.cur, key) }

// keyOf spells values for memo keys.
func (g *gen) keyOf(vs ...ir.Value) string {
	out := "("
	for _, v := range vs {
		out += strconv.Itoa(g.id(v)) + ","
	}
	return out + ")"
}

func (g *gen) id(v ir.Value) int {
	if i, ok := g.ids[v]; ok {
		return i
	}
	g.ids[v] = len(g.ids) + 1
	return g.ids[v]
}

// constant returns an arith.constant in the root frame.
func (g *gen) constant(a ir.Attribute) ir.Value {
	return g.emit(g.root, func(b *ir.Builder) ir.Value { return arith.Constant(b, a) })
}

func (g *gen) indexConst(c int64) ir.Value { return g.constant(ir.Int(g.ctx().Index(), c)) }

// scalarConst returns the constant v of element type t.
func (g *gen) scalarConst(t ir.Type, v float64) ir.Value {
	switch {
	case ir.IsFloat(t):
		return g.constant(ir.Float(t, v))
	case ir.IntWidth(t) == 1:
		b := int64(0)
		if v != 0 {
			b = 1
		}
		return g.constant(ir.Int(t, b))
	}
	return g.constant(ir.Int(t, int64(v)))
}

// intConst returns the integer constant v of type t.
func (g *gen) intConst(t ir.Type, v int64) ir.Value { return g.constant(ir.Int(t, v)) }
