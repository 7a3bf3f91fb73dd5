package tensortoloops

import (
	"fmt"
	"math"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// Reductions keep their accumulators in loops.for iter_args, declared with
// their reduction kinds (loops.ReductionsAttrName) for the loop transforms.
// Float sums (and means) accumulate in f64 by default, as the interpreter
// does, and are rounded to the element type once; max/min accumulate in
// the element type (exact), integer sums in i64 (wrapping), argmax carries
// the value and the index.

// accum is one set of loop-carried accumulators.
type accum struct {
	key    string
	inits  []ir.Value
	kinds  []loops.ReductionKind // one per init: how the loop combines it
	update func(full []affine.Expr, cur []ir.Value) []ir.Value
	res    []ir.Value
}

// Reduction patterns that compute a dependent reduction in the same pass
// as the one it depends on.
const (
	patNone    = iota
	patOnline  // Σ exp(A - c): running max and rescaled sum (online softmax)
	patMoments // Σ (A - c)²: Σ A and Σ A² in f64
)

// redInfo is a reduction being lowered.
type redInfo struct {
	op      *ir.Operation
	kind    string // sum, mean, max, min, argmax
	pattern int
	a, c    ir.Value // the pattern's A and row-constant c
	reduced []int
	accs    []*accum
	stage   int
}

// redKind returns the kind of a reduction op.
func redKind(op *ir.Operation) string {
	switch op.Name() {
	case tensor.ArgMaxName:
		return "argmax"
	case tensor.ReduceMeanName:
		return "mean"
	}
	return opclass.ShortName(op)[len("reduce_"):]
}

// accums holds the accumulators of one loop over the reduced dimensions,
// shared by the reductions that need the same one, in creation order.
type accums struct {
	byKey map[string]*accum
	order []*accum
}

func newAccums() *accums { return &accums{byKey: map[string]*accum{}} }

// get returns the accumulator called key, creating it with mk.
func (as *accums) get(key string, mk func() *accum) *accum {
	if a, ok := as.byKey[key]; ok {
		return a
	}
	a := mk()
	a.key = key
	as.byKey[key] = a
	as.order = append(as.order, a)
	return a
}

// sumType is the accumulation type of a float sum of element type t.
func (g *gen) sumType(t ir.Type) ir.Type {
	if g.lw.opts.AccumulateF32InF64 || t.(*ir.FloatType).Kind == ir.F64 {
		return g.ctx().F64()
	}
	return t
}

// planAccums creates (or shares) the accumulators a reduction needs.
// Online normalizers are planned before the other reductions of their
// loop, so that a maximum of the same values shares their running maximum.
func (g *gen) planAccums(r *redInfo, as *accums) {
	op := r.op
	x := op.Operand(0)
	t := opclass.Elem(x)
	f64 := g.ctx().F64()
	sumOf := func(v ir.Value, at ir.Type) *accum {
		return as.get(fmt.Sprintf("sum %d %s", g.id(v), at), func() *accum {
			add, kind := binaryBuilder(arith.AddF), loops.ReduceAddF
			if !ir.IsFloat(at) {
				add, kind = arith.AddI, loops.ReduceAddI
			}
			return &accum{inits: []ir.Value{g.scalarConst(at, 0)}, kinds: []loops.ReductionKind{kind},
				update: func(full []affine.Expr, cur []ir.Value) []ir.Value {
					return []ir.Value{g.binary(add, cur[0], g.convert(g.scalar(v, full), at))}
				}}
		})
	}
	switch r.pattern {
	case patOnline:
		r.accs = []*accum{g.onlineAccum(r.a, as)}
		return
	case patMoments:
		a := r.a
		s1 := sumOf(a, f64)
		s2 := as.get(fmt.Sprintf("sumsq %d", g.id(a)), func() *accum {
			return &accum{inits: []ir.Value{g.scalarConst(f64, 0)}, kinds: []loops.ReductionKind{loops.ReduceAddF},
				update: func(full []affine.Expr, cur []ir.Value) []ir.Value {
					s := g.convert(g.scalar(a, full), f64)
					return []ir.Value{g.binary(arith.AddF, cur[0], g.binary(arith.MulF, s, s))}
				}}
		})
		r.accs = []*accum{s1, s2}
		return
	}
	switch r.kind {
	case "sum", "mean":
		at := g.ctx().I64()
		if ir.IsFloat(t) {
			at = g.sumType(t)
		} else if r.kind == "mean" {
			g.fail(fmt.Errorf("reduce_mean needs a floating-point tensor"))
			return
		}
		r.accs = []*accum{sumOf(x, at)}
	case "max", "min":
		r.accs = []*accum{g.maxAccum(x, t, r.kind, as)}
	case "argmax":
		reduced := r.reduced
		r.accs = []*accum{as.get(fmt.Sprintf("argmax %d", g.id(x)), func() *accum {
			return &accum{inits: []ir.Value{g.lowest(t), g.intConst(g.ctx().I64(), 0)},
				kinds: []loops.ReductionKind{loops.ReduceNone, loops.ReduceNone},
				update: func(full []affine.Expr, cur []ir.Value) []ir.Value {
					return g.argmaxStep(x, full, reduced, cur[0], cur[1])
				}}
		})}
	default:
		g.fail(fmt.Errorf("unknown reduction '%s'", op.Name()))
	}
}

// maxKey names the running maximum (kind max) or minimum (min) of x.
func (g *gen) maxKey(kind string, x ir.Value) string { return fmt.Sprintf("%s %d", kind, g.id(x)) }

// maxAccum returns the running maximum (kind max) or minimum (min) of
// kernel value x of element type t.
func (g *gen) maxAccum(x ir.Value, t ir.Type, kind string, as *accums) *accum {
	return as.get(g.maxKey(kind, x), func() *accum {
		var init ir.Value
		var op binaryBuilder
		var rk loops.ReductionKind
		at := t
		isMax := kind == "max"
		switch {
		case ir.IsFloat(t):
			v, f, k := math.Inf(1), binaryBuilder(arith.MinF), loops.ReduceMinF
			if isMax {
				v, f, k = math.Inf(-1), arith.MaxF, loops.ReduceMaxF
			}
			init, op, rk = g.constant(ir.Float(t, v)), f, k
		case ir.IntWidth(t) == 1:
			v, f, k := int64(1), binaryBuilder(arith.AndI), loops.ReduceAndI
			if isMax {
				v, f, k = 0, arith.OrI, loops.ReduceOrI
			}
			init, op, rk = g.intConst(t, v), f, k
		default:
			at = g.ctx().I64()
			v, f, k := int64(math.MaxInt64), binaryBuilder(arith.MinSI), loops.ReduceMinSI
			if isMax {
				v, f, k = math.MinInt64, arith.MaxSI, loops.ReduceMaxSI
			}
			init, op, rk = g.intConst(at, v), f, k
		}
		return &accum{inits: []ir.Value{init}, kinds: []loops.ReductionKind{rk},
			update: func(full []affine.Expr, cur []ir.Value) []ir.Value {
				return []ir.Value{g.binary(op, cur[0], g.convert(g.scalar(x, full), at))}
			}}
	})
}

// onlineAccum returns the online softmax normalizer of a (a float kernel
// value): the running maximum m of a and s = Σ exp(a - m), one
// accumulator of two values declared online_max and online_sum. A maximum
// of a planned after it in the same loop shares m.
func (g *gen) onlineAccum(a ir.Value, as *accums) *accum {
	at := opclass.Elem(a)
	acc := as.get(fmt.Sprintf("online %d", g.id(a)), func() *accum {
		return &accum{inits: []ir.Value{g.constant(ir.Float(at, math.Inf(-1))), g.scalarConst(g.ctx().F64(), 0)},
			kinds: []loops.ReductionKind{loops.ReduceOnlineMax, loops.ReduceOnlineSum},
			update: func(full []affine.Expr, cur []ir.Value) []ir.Value {
				m2 := g.binary(arith.MaxF, cur[0], g.convert(g.scalar(a, full), at))
				return []ir.Value{m2, g.onlineStep(a, full, cur[0], m2, cur[1])}
			}}
	})
	if _, ok := as.byKey[g.maxKey("max", a)]; !ok {
		as.byKey[g.maxKey("max", a)] = acc
	}
	return acc
}

// onlineStep is one step of the online softmax normalizer: with a = A[i]
// and m' = max(m, a), s' = s·exp(m - m') + exp(a - m'). One of the two
// exponents is 0, so with e = exp(-|a - m|) (a - m and the exponential in
// the element type, as the interpreter computes exp(x - max); f32 uses the
// fast single-precision exp, within 1 ulp; e is then extended to s's f64),
// s' = s + e when a <= m and s' = s·e + 1 when a > m: one exponential per
// element. While m' is -Inf (every element so far is -Inf), s stays 0;
// NaN propagates.
func (g *gen) onlineStep(a ir.Value, full []affine.Expr, m, m2, s ir.Value) ir.Value {
	x := g.scalar(a, full)
	d := g.binary(arith.SubF, x, m)
	e := g.unary(arith.MathExp, g.unary(arith.NegF, g.unary(arith.MathAbsF, d)))
	e = g.convert(e, g.ctx().F64())
	one := g.scalarConst(g.ctx().F64(), 1)
	grown := g.binary(arith.AddF, g.binary(arith.MulF, s, e), one)
	same := g.binary(arith.AddF, s, e)
	s2 := g.selectOp(g.cmpf("ogt", x, m), grown, same)
	empty := g.cmpf("oeq", m2, g.constant(ir.Float(m2.Type(), math.Inf(-1))))
	return g.selectOp(empty, s, s2)
}

// argmaxStep updates (m, i) with element full of x: the first maximum
// wins, and NaN counts as larger than everything (the first NaN wins).
func (g *gen) argmaxStep(x ir.Value, full []affine.Expr, reduced []int, m, i ir.Value) []ir.Value {
	v := g.scalar(x, full)
	var c ir.Value
	t := v.Type()
	switch {
	case ir.IsFloat(t):
		gt := g.cmpf("ogt", v, m)
		vn := g.cmpf("uno", v, v)
		mo := g.cmpf("ord", m, m)
		c = g.binary(arith.OrI, gt, g.binary(arith.AndI, vn, mo))
	case ir.IntWidth(t) == 1:
		nm := g.binary(arith.XOrI, m, g.intConst(t, 1))
		c = g.binary(arith.AndI, v, nm)
	default:
		c = g.cmpi("sgt", v, m)
	}
	// The position along the reduced dimensions, row-major.
	var pos, sizes []affine.Expr
	for _, d := range reduced {
		pos = append(pos, full[d])
		sizes = append(sizes, g.size(x, d))
	}
	l64 := g.cast(arith.IndexCast, g.ctx().I64(), g.index(g.ix.Linearize(pos, sizes)))
	return []ir.Value{g.selectOp(c, v, m), g.selectOp(c, l64, i)}
}

// redCount returns the number of reduced elements as an f64.
func (g *gen) redCount(x ir.Value, reduced []int) ir.Value {
	n := affine.Const(1)
	for _, d := range reduced {
		n = g.ix.Mul(n, g.size(x, d))
	}
	if c, ok := n.IsConst(); ok {
		return g.scalarConst(g.ctx().F64(), float64(c))
	}
	return g.fromIndex(g.index(n), g.ctx().F64())
}

// finalize computes a reduction's result from its accumulators, after the
// loop, and its f64 value when it is an f32 accumulated in f64 (nil
// otherwise). rowFull is the full index with the reduced dimensions at 0,
// where the row-constant c of a pattern is evaluated.
func (g *gen) finalize(r *redInfo, rowFull []affine.Expr) (ir.Value, ir.Value) {
	t := opclass.Elem(r.op.Result(0))
	if len(r.accs) == 0 { // planning failed (g.err says why)
		return g.placeholder(t), nil
	}
	v := g.finalizeWide(r, rowFull)
	n := g.convert(v, t)
	if v.Type() == ir.Type(g.ctx().F64()) && t == ir.Type(g.ctx().F32()) {
		return n, v
	}
	return n, nil
}

// finalizeWide computes a reduction's result in its accumulation type.
func (g *gen) finalizeWide(r *redInfo, rowFull []affine.Expr) ir.Value {
	f64 := g.ctx().F64()
	x := r.op.Operand(0)
	switch r.pattern {
	case patOnline:
		m, s := r.accs[0].res[0], r.accs[0].res[1]
		cw := g.convert(g.scalar(r.c, rowFull), f64)
		mw := g.convert(m, f64)
		return g.binary(arith.MulF, s, g.unary(arith.MathExp, g.binary(arith.SubF, mw, cw)))
	case patMoments:
		s1, s2 := r.accs[0].res[0], r.accs[1].res[0]
		cw := g.convert(g.scalar(r.c, rowFull), f64)
		n := g.redCount(x, r.reduced)
		// Σ(a-c)² = Σa² - c·Σa - c·(Σa - n·c)
		cu := g.binary(arith.MulF, cw, g.binary(arith.SubF, s1, g.binary(arith.MulF, n, cw)))
		v := g.binary(arith.SubF, s2, g.binary(arith.MulF, cw, s1))
		v = g.binary(arith.SubF, v, cu)
		return g.binary(arith.MaxF, v, g.scalarConst(f64, 0))
	}
	res := r.accs[0].res
	switch r.kind {
	case "mean":
		n := g.convert(g.redCount(x, r.reduced), res[0].Type())
		return g.binary(arith.DivF, res[0], n)
	case "argmax":
		return res[1]
	}
	return res[0]
}

// reductionLoop emits, in frame at, the loops over the reduced dimensions
// of domain (a value of the reduction input's shape) with the accumulators
// carried, calling extra at each point with the full index (for stores),
// and sets the accumulators' results. kept gives the index of the kept
// dimensions.
func (g *gen) reductionLoop(at *frame, domain ir.Value, reduced []int, kept map[int]affine.Expr, accs []*accum, extra func(full []affine.Expr)) {
	var inits []ir.Value
	var kinds []loops.ReductionKind
	for _, a := range accs {
		inits = append(inits, a.inits...)
		kinds = append(kinds, a.kinds...)
	}
	var extents []affine.Expr
	for _, d := range reduced {
		extents = append(extents, g.size(domain, d))
	}
	rank := len(opclass.Shape(domain))
	results := g.loopNest(at, extents, inits, kinds, func(w []affine.Expr, cur []ir.Value) []ir.Value {
		full := make([]affine.Expr, rank)
		for d, e := range kept {
			full[d] = e
		}
		for i, d := range reduced {
			full[d] = w[i]
		}
		var next []ir.Value
		k := 0
		for _, a := range accs {
			n := len(a.inits)
			next = append(next, a.update(full, cur[k:k+n])...)
			k += n
		}
		if extra != nil {
			extra(full)
		}
		return next
	})
	k := 0
	for _, a := range accs {
		n := len(a.inits)
		a.res = results[k : k+n]
		k += n
	}
}

// rowLayout returns, for a reduction op and the index of one element of its
// result, the kept dimensions' index and the full index with the reduced
// dimensions at 0.
func rowLayout(op *ir.Operation, reduced []int, idx []affine.Expr) (map[int]affine.Expr, []affine.Expr, error) {
	rank := len(opclass.Shape(op.Operand(0)))
	red := map[int]bool{}
	for _, d := range reduced {
		red[d] = true
	}
	keep := tensor.KeepDim(op)
	kept := map[int]affine.Expr{}
	full := make([]affine.Expr, rank)
	j := 0
	for d := 0; d < rank; d++ {
		if red[d] {
			full[d] = affine.Const(0)
			if keep {
				j++
			}
			continue
		}
		if j >= len(idx) {
			return nil, nil, fmt.Errorf("internal error: bad reduction index")
		}
		kept[d] = idx[j]
		full[d] = idx[j]
		j++
	}
	return kept, full, nil
}

// reduceOnDemand computes one element of a reduction result with its own
// loop, placed at the outermost loop where the element's index is known
// (used for reductions that are not the kernel's own, such as those in
// hand-written kernels).
func (g *gen) reduceOnDemand(op *ir.Operation, idx []affine.Expr, key string) ir.Value {
	t := opclass.Elem(op.Result(0))
	reduced, ok := opclass.ReducedDims(op)
	if !ok {
		return g.failf(t, "bad reduction attributes")
	}
	kept, rowFull, err := rowLayout(op, reduced, idx)
	if err != nil {
		g.fail(err)
		return g.placeholder(t)
	}
	if len(reduced) == 0 {
		// A reduction over nothing: a conversion (argmax: 0).
		if op.Name() == tensor.ArgMaxName {
			return g.scalarConst(t, 0)
		}
		return g.convert(g.scalar(op.Operand(0), rowFull), t)
	}
	at := g.atomFrame(idx)
	r := &redInfo{op: op, kind: redKind(op), reduced: reduced}
	as := newAccums()
	g.planAccums(r, as)
	g.reductionLoop(at, op.Operand(0), reduced, kept, as.order, nil)
	oldCur := g.cur
	g.cur = at
	defer func() { g.cur = oldCur }()
	v, w := g.finalize(r, rowFull)
	if w != nil {
		at.memo["w"+key[1:]] = w
	}
	return v
}
