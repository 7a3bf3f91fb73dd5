package lowering

import (
	"fmt"
	"math"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// Reductions keep their accumulators in loops.for iter_args. Float sums
// (and means) accumulate in f64 by default, as the interpreter does, and
// are rounded to the element type once; max/min accumulate in the element
// type (exact), integer sums in i64 (wrapping), argmax carries the value
// and the index.

// accum is one set of loop-carried accumulators.
type accum struct {
	key    string
	inits  []ir.Value
	update func(full []Expr, cur []ir.Value) ([]ir.Value, error)
	res    []ir.Value
	// cur and next are the values before and after the current step,
	// inside the loop (accumulators created earlier can be read by later
	// ones: the online normalizer reads the running maximum).
	cur, next []ir.Value
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
	return shortName(op)[len("reduce_"):]
}

// accumFor returns the accumulator called key, creating it with mk.
func accumFor(accs map[string]*accum, order *[]*accum, key string, mk func() (*accum, error)) (*accum, error) {
	if a, ok := accs[key]; ok {
		return a, nil
	}
	a, err := mk()
	if err != nil {
		return nil, err
	}
	a.key = key
	accs[key] = a
	*order = append(*order, a)
	return a, nil
}

// sumType is the accumulation type of a float sum of element type t.
func (g *gen) sumType(t ir.Type) ir.Type {
	if g.lw.opts.AccumulateF32InF64 || t.(*ir.FloatType).Kind == ir.F64 {
		return g.ctx().F64()
	}
	return t
}

// planAccums creates (or shares) the accumulators a reduction needs.
func (g *gen) planAccums(r *redInfo, accs map[string]*accum, order *[]*accum) error {
	op := r.op
	x := op.Operand(0)
	t, err := elemType(x)
	if err != nil {
		return err
	}
	xid := fmt.Sprint(g.id(x))
	float := ir.IsFloat(t)
	f64 := g.ctx().F64()
	i64 := g.ctx().I64()
	sumOf := func(v ir.Value, at ir.Type) (*accum, error) {
		return accumFor(accs, order, fmt.Sprintf("sum %d %s", g.id(v), at), func() (*accum, error) {
			z, err := g.scalarConst(at, 0)
			if err != nil {
				return nil, err
			}
			return &accum{inits: []ir.Value{z}, update: func(full []Expr, cur []ir.Value) ([]ir.Value, error) {
				s, err := g.scalar(v, full)
				if err != nil {
					return nil, err
				}
				if s, err = g.convert(s, at); err != nil {
					return nil, err
				}
				name := arith.AddFName
				if !ir.IsFloat(at) {
					name = arith.AddIName
				}
				n, err := g.arithOp(name, false, cur[0], s)
				return []ir.Value{n}, err
			}}, nil
		})
	}
	switch {
	case r.pattern == patOnline:
		a := r.a
		at, err := elemType(a)
		if err != nil {
			return err
		}
		mx, err := g.maxAccum(a, at, "max", accs, order)
		if err != nil {
			return err
		}
		acc, err := accumFor(accs, order, fmt.Sprintf("online %d", g.id(a)), func() (*accum, error) {
			z, err := g.scalarConst(f64, 0)
			if err != nil {
				return nil, err
			}
			return &accum{inits: []ir.Value{z}, update: func(full []Expr, cur []ir.Value) ([]ir.Value, error) {
				s, err := g.onlineStep(a, full, mx.cur[0], mx.next[0], cur[0])
				return []ir.Value{s}, err
			}}, nil
		})
		if err != nil {
			return err
		}
		r.accs = []*accum{mx, acc}
		return nil
	case r.pattern == patMoments:
		a := r.a
		s1, err := sumOf(a, f64)
		if err != nil {
			return err
		}
		s2, err := accumFor(accs, order, fmt.Sprintf("sumsq %d", g.id(a)), func() (*accum, error) {
			z, err := g.scalarConst(f64, 0)
			if err != nil {
				return nil, err
			}
			return &accum{inits: []ir.Value{z}, update: func(full []Expr, cur []ir.Value) ([]ir.Value, error) {
				s, err := g.scalar(a, full)
				if err != nil {
					return nil, err
				}
				if s, err = g.convert(s, f64); err != nil {
					return nil, err
				}
				sq, err := g.arithOp(arith.MulFName, false, s, s)
				if err != nil {
					return nil, err
				}
				n, err := g.arithOp(arith.AddFName, false, cur[0], sq)
				return []ir.Value{n}, err
			}}, nil
		})
		if err != nil {
			return err
		}
		r.accs = []*accum{s1, s2}
		return nil
	}
	switch r.kind {
	case "sum", "mean":
		at := i64
		if float {
			at = g.sumType(t)
		} else if r.kind == "mean" {
			return fmt.Errorf("reduce_mean needs a floating-point tensor")
		}
		acc, err := sumOf(x, at)
		if err != nil {
			return err
		}
		r.accs = []*accum{acc}
	case "max", "min":
		acc, err := g.maxAccum(x, t, r.kind, accs, order)
		if err != nil {
			return err
		}
		r.accs = []*accum{acc}
	case "argmax":
		reduced := r.reduced
		acc, err := accumFor(accs, order, "argmax "+xid, func() (*accum, error) {
			lo, err := g.lowest(t)
			if err != nil {
				return nil, err
			}
			z, err := g.intConst(i64, 0)
			if err != nil {
				return nil, err
			}
			return &accum{inits: []ir.Value{lo, z}, update: func(full []Expr, cur []ir.Value) ([]ir.Value, error) {
				return g.argmaxStep(x, full, reduced, cur[0], cur[1])
			}}, nil
		})
		if err != nil {
			return err
		}
		r.accs = []*accum{acc}
	default:
		return fmt.Errorf("unknown reduction '%s'", op.Name())
	}
	return nil
}

// maxAccum returns the running maximum (kind max) or minimum (min) of
// kernel value x of element type t.
func (g *gen) maxAccum(x ir.Value, t ir.Type, kind string, accs map[string]*accum, order *[]*accum) (*accum, error) {
	return accumFor(accs, order, fmt.Sprintf("%s %d", kind, g.id(x)), func() (*accum, error) {
		var init ir.Value
		var err error
		name := arith.MaxFName
		at := t
		isMax := kind == "max"
		switch {
		case ir.IsFloat(t):
			v := math.Inf(1)
			if isMax {
				v = math.Inf(-1)
			} else {
				name = arith.MinFName
			}
			init, err = g.constant(ir.Float(t, v))
		case ir.IntWidth(t) == 1:
			v := int64(1)
			name = arith.AndIName
			if isMax {
				v, name = 0, arith.OrIName
			}
			init, err = g.intConst(t, v)
		default:
			at = g.ctx().I64()
			v := int64(math.MaxInt64)
			name = arith.MinSIName
			if isMax {
				v, name = math.MinInt64, arith.MaxSIName
			}
			init, err = g.intConst(at, v)
		}
		if err != nil {
			return nil, err
		}
		return &accum{inits: []ir.Value{init}, update: func(full []Expr, cur []ir.Value) ([]ir.Value, error) {
			s, err := g.scalar(x, full)
			if err != nil {
				return nil, err
			}
			if s, err = g.convert(s, at); err != nil {
				return nil, err
			}
			n, err := g.arithOp(name, false, cur[0], s)
			return []ir.Value{n}, err
		}}, nil
	})
}

// onlineStep is one step of the online softmax normalizer: with a = A[i]
// and m' = max(m, a), s' = s·exp(m - m') + exp(a - m'). One of the two
// exponents is 0, so with e = exp(-|a - m|) (a - m and the exponential in
// the element type, as the interpreter computes exp(x - max); f32 uses the
// fast single-precision exp, within 1 ulp; e is then extended to s's f64),
// s' = s + e when a <= m and s' = s·e + 1 when a > m: one exponential per
// element. While m' is -Inf (every element so far is -Inf), s stays 0;
// NaN propagates.
func (g *gen) onlineStep(a ir.Value, full []Expr, m, m2, s ir.Value) (ir.Value, error) {
	f64 := g.ctx().F64()
	x, err := g.scalar(a, full)
	if err != nil {
		return nil, err
	}
	d, err := g.arithOp(arith.SubFName, false, x, m)
	if err != nil {
		return nil, err
	}
	ad, err := g.arithOp(arith.MathAbsFName, false, d)
	if err != nil {
		return nil, err
	}
	nd, err := g.arithOp(arith.NegFName, false, ad)
	if err != nil {
		return nil, err
	}
	e, err := g.arithOp(arith.MathExpName, false, nd)
	if err != nil {
		return nil, err
	}
	if e, err = g.convert(e, f64); err != nil {
		return nil, err
	}
	one, err := g.scalarConst(f64, 1)
	if err != nil {
		return nil, err
	}
	se, err := g.arithOp(arith.MulFName, false, s, e)
	if err != nil {
		return nil, err
	}
	grown, err := g.arithOp(arith.AddFName, false, se, one)
	if err != nil {
		return nil, err
	}
	same, err := g.arithOp(arith.AddFName, false, s, e)
	if err != nil {
		return nil, err
	}
	gt, err := g.cmp(true, "ogt", x, m)
	if err != nil {
		return nil, err
	}
	s2, err := g.arithOp(arith.SelectName, false, gt, grown, same)
	if err != nil {
		return nil, err
	}
	ninf, err := g.constant(ir.Float(m2.Type(), math.Inf(-1)))
	if err != nil {
		return nil, err
	}
	empty, err := g.cmp(true, "oeq", m2, ninf)
	if err != nil {
		return nil, err
	}
	return g.arithOp(arith.SelectName, false, empty, s, s2)
}

// argmaxStep updates (m, i) with element full of x: the first maximum
// wins, and NaN counts as larger than everything (the first NaN wins).
func (g *gen) argmaxStep(x ir.Value, full []Expr, reduced []int, m, i ir.Value) ([]ir.Value, error) {
	v, err := g.scalar(x, full)
	if err != nil {
		return nil, err
	}
	var c ir.Value
	t := v.Type()
	switch {
	case ir.IsFloat(t):
		gt, err := g.cmp(true, "ogt", v, m)
		if err != nil {
			return nil, err
		}
		vn, err := g.cmp(true, "uno", v, v)
		if err != nil {
			return nil, err
		}
		mo, err := g.cmp(true, "ord", m, m)
		if err != nil {
			return nil, err
		}
		nan, err := g.arithOp(arith.AndIName, false, vn, mo)
		if err != nil {
			return nil, err
		}
		if c, err = g.arithOp(arith.OrIName, false, gt, nan); err != nil {
			return nil, err
		}
	case ir.IntWidth(t) == 1:
		tr, err := g.intConst(t, 1)
		if err != nil {
			return nil, err
		}
		nm, err := g.arithOp(arith.XOrIName, false, m, tr)
		if err != nil {
			return nil, err
		}
		if c, err = g.arithOp(arith.AndIName, false, v, nm); err != nil {
			return nil, err
		}
	default:
		if c, err = g.cmp(false, "sgt", v, m); err != nil {
			return nil, err
		}
	}
	// The position along the reduced dimensions, row-major.
	var pos []Expr
	var sizes []Expr
	for _, d := range reduced {
		pos = append(pos, full[d])
		s, err := g.size(x, d)
		if err != nil {
			return nil, err
		}
		sizes = append(sizes, s)
	}
	li, err := g.index(g.ix.linearize(pos, sizes))
	if err != nil {
		return nil, err
	}
	l64, err := g.cast(arith.IndexCastName, li, g.ctx().I64())
	if err != nil {
		return nil, err
	}
	m2, err := g.arithOp(arith.SelectName, false, c, v, m)
	if err != nil {
		return nil, err
	}
	i2, err := g.arithOp(arith.SelectName, false, c, l64, i)
	if err != nil {
		return nil, err
	}
	return []ir.Value{m2, i2}, nil
}

// redCount returns the number of reduced elements as an f64.
func (g *gen) redCount(x ir.Value, reduced []int) (ir.Value, error) {
	n := cnst(1)
	for _, d := range reduced {
		s, err := g.size(x, d)
		if err != nil {
			return nil, err
		}
		n = g.ix.mul(n, s)
	}
	if c, ok := n.isConst(); ok {
		return g.scalarConst(g.ctx().F64(), float64(c))
	}
	v, err := g.index(n)
	if err != nil {
		return nil, err
	}
	return g.fromIndex(v, g.ctx().F64())
}

// finalize computes a reduction's result from its accumulators, after the
// loop. rowFull is the full index with the reduced dimensions at 0, where
// the row-constant c of a pattern is evaluated.
func (g *gen) finalize(r *redInfo, rowFull []Expr) (ir.Value, ir.Value, error) {
	v, err := g.finalizeWide(r, rowFull)
	if err != nil {
		return nil, nil, err
	}
	t, err := elemType(r.op.Result(0))
	if err != nil {
		return nil, nil, err
	}
	n, err := g.convert(v, t)
	if err != nil {
		return nil, nil, err
	}
	if v.Type() == ir.Type(g.ctx().F64()) && t == ir.Type(g.ctx().F32()) {
		return n, v, nil
	}
	return n, nil, nil
}

// finalizeWide computes a reduction's result in its accumulation type.
func (g *gen) finalizeWide(r *redInfo, rowFull []Expr) (ir.Value, error) {
	f64 := g.ctx().F64()
	x := r.op.Operand(0)
	switch r.pattern {
	case patOnline:
		m, s := r.accs[0].res[0], r.accs[1].res[0]
		c, err := g.scalar(r.c, rowFull)
		if err != nil {
			return nil, err
		}
		cw, err := g.convert(c, f64)
		if err != nil {
			return nil, err
		}
		mw, err := g.convert(m, f64)
		if err != nil {
			return nil, err
		}
		d, err := g.arithOp(arith.SubFName, false, mw, cw)
		if err != nil {
			return nil, err
		}
		e, err := g.arithOp(arith.MathExpName, false, d)
		if err != nil {
			return nil, err
		}
		v, err := g.arithOp(arith.MulFName, false, s, e)
		if err != nil {
			return nil, err
		}
		return v, nil
	case patMoments:
		s1, s2 := r.accs[0].res[0], r.accs[1].res[0]
		c, err := g.scalar(r.c, rowFull)
		if err != nil {
			return nil, err
		}
		cw, err := g.convert(c, f64)
		if err != nil {
			return nil, err
		}
		n, err := g.redCount(x, r.reduced)
		if err != nil {
			return nil, err
		}
		// Σ(a-c)² = Σa² - c·Σa - c·(Σa - n·c)
		nc, err := g.arithOp(arith.MulFName, false, n, cw)
		if err != nil {
			return nil, err
		}
		u, err := g.arithOp(arith.SubFName, false, s1, nc)
		if err != nil {
			return nil, err
		}
		cu, err := g.arithOp(arith.MulFName, false, cw, u)
		if err != nil {
			return nil, err
		}
		cs, err := g.arithOp(arith.MulFName, false, cw, s1)
		if err != nil {
			return nil, err
		}
		v, err := g.arithOp(arith.SubFName, false, s2, cs)
		if err != nil {
			return nil, err
		}
		if v, err = g.arithOp(arith.SubFName, false, v, cu); err != nil {
			return nil, err
		}
		z, err := g.scalarConst(f64, 0)
		if err != nil {
			return nil, err
		}
		if v, err = g.arithOp(arith.MaxFName, false, v, z); err != nil {
			return nil, err
		}
		return v, nil
	}
	res := r.accs[0].res
	switch r.kind {
	case "mean":
		n, err := g.redCount(x, r.reduced)
		if err != nil {
			return nil, err
		}
		if n, err = g.convert(n, res[0].Type()); err != nil {
			return nil, err
		}
		v, err := g.arithOp(arith.DivFName, false, res[0], n)
		if err != nil {
			return nil, err
		}
		return v, nil
	case "argmax":
		return res[1], nil
	}
	return res[0], nil
}

// reductionLoop emits, in frame at, the loops over the reduced dimensions
// of domain (a value of the reduction input's shape) with the accumulators
// carried, calling extra at each point with the full index (for stores),
// and sets the accumulators' results. kept gives the index of the kept
// dimensions.
func (g *gen) reductionLoop(at *frame, domain ir.Value, reduced []int, kept map[int]Expr, accs []*accum, extra func(full []Expr) error) error {
	var inits []ir.Value
	for _, a := range accs {
		inits = append(inits, a.inits...)
	}
	var extents []Expr
	for _, d := range reduced {
		s, err := g.size(domain, d)
		if err != nil {
			return err
		}
		extents = append(extents, s)
	}
	rank := len(shapeOf(domain))
	results, err := g.loopNest(at, extents, inits, func(w []Expr, cur []ir.Value) ([]ir.Value, error) {
		full := make([]Expr, rank)
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
			a.cur = cur[k : k+n]
			out, err := a.update(full, a.cur)
			if err != nil {
				return nil, err
			}
			a.next = out
			next = append(next, out...)
			k += n
		}
		if extra != nil {
			if err := extra(full); err != nil {
				return nil, err
			}
		}
		return next, nil
	})
	if err != nil {
		return err
	}
	k := 0
	for _, a := range accs {
		n := len(a.inits)
		a.res = results[k : k+n]
		k += n
	}
	return nil
}

// loopNest emits nested loops.for over the given extents in frame at,
// carrying values; extents of 1 get no loop. It returns the carried values
// after the loops.
func (g *gen) loopNest(at *frame, extents []Expr, inits []ir.Value, body func(w []Expr, cur []ir.Value) ([]ir.Value, error)) ([]ir.Value, error) {
	oldCur := g.cur
	defer func() { g.cur = oldCur }()
	type level struct {
		op    *ir.Operation
		fr    *frame
		saved *ir.Operation
	}
	var levels []level
	w := make([]Expr, len(extents))
	cur := inits
	parent := at
	for i, n := range extents {
		if c, ok := n.isConst(); ok && c == 1 {
			w[i] = cnst(0)
			continue
		}
		ub, err := g.index(n)
		if err != nil {
			return nil, err
		}
		g.cur = parent
		op, fr, iv, carried, saved, err := g.openFor(parent, ub, cur)
		if err != nil {
			return nil, err
		}
		levels = append(levels, level{op, fr, saved})
		w[i] = g.newLoopVar(iv, n)
		cur = carried
		parent = fr
	}
	g.cur = parent
	next, err := body(w, cur)
	if err != nil {
		return nil, err
	}
	for i := len(levels) - 1; i >= 0; i-- {
		if err := g.closeFor(levels[i].op, levels[i].fr, levels[i].saved, next); err != nil {
			return nil, err
		}
		next = levels[i].op.Results()
	}
	if at == g.root && len(levels) > 0 && g.first == levels[0].fr {
		// The kernel's loop nest is closed: loads may go to the root again.
		g.first = nil
	}
	return next, nil
}

// rowLayout returns, for a reduction op and the index of one element of its
// result, the kept dimensions' index and the full index with the reduced
// dimensions at 0.
func rowLayout(op *ir.Operation, reduced []int, idx []Expr) (map[int]Expr, []Expr, error) {
	rank := len(shapeOf(op.Operand(0)))
	red := map[int]bool{}
	for _, d := range reduced {
		red[d] = true
	}
	keep := tensor.KeepDim(op)
	kept := map[int]Expr{}
	full := make([]Expr, rank)
	j := 0
	for d := 0; d < rank; d++ {
		if red[d] {
			full[d] = cnst(0)
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
func (g *gen) reduceOnDemand(op *ir.Operation, idx []Expr, key string) (ir.Value, error) {
	reduced, ok := reducedDims(op)
	if !ok {
		return nil, fmt.Errorf("bad reduction attributes")
	}
	kept, rowFull, err := rowLayout(op, reduced, idx)
	if err != nil {
		return nil, err
	}
	if len(reduced) == 0 {
		// A reduction over nothing: a conversion (argmax: 0).
		t, err := elemType(op.Result(0))
		if err != nil {
			return nil, err
		}
		if op.Name() == tensor.ArgMaxName {
			return g.scalarConst(t, 0)
		}
		x, err := g.scalar(op.Operand(0), rowFull)
		if err != nil {
			return nil, err
		}
		return g.convert(x, t)
	}
	at := g.deepest(deeper(g.floor, g.first))
	for _, e := range idx {
		for _, a := range e.atomsOf() {
			if a.val != nil {
				at = deeper(at, g.frameOf(a.val))
			}
		}
	}
	r := &redInfo{op: op, kind: redKind(op), reduced: reduced}
	accs := map[string]*accum{}
	var order []*accum
	if err := g.planAccums(r, accs, &order); err != nil {
		return nil, err
	}
	if err := g.reductionLoop(at, op.Operand(0), reduced, kept, order, nil); err != nil {
		return nil, err
	}
	oldCur := g.cur
	g.cur = at
	defer func() { g.cur = oldCur }()
	v, w, err := g.finalize(r, rowFull)
	if w != nil {
		at.memo["w"+key[1:]] = w
	}
	return v, err
}

// matmulElem computes one element of a matmul with an inner loop over K
// (for products the runtime kernel does not take: rank > 3, integers).
func (g *gen) matmulElem(op *ir.Operation, idx []Expr) (ir.Value, error) {
	a, b := op.Operand(0), op.Operand(1)
	r := len(idx)
	if r < 2 || len(shapeOf(a)) != r || len(shapeOf(b)) != r {
		return nil, fmt.Errorf("matmul operands must have equal ranks of at least 2")
	}
	t, err := elemType(op.Result(0))
	if err != nil {
		return nil, err
	}
	k, err := g.size(a, r-1)
	if err != nil {
		return nil, err
	}
	z, err := g.scalarConst(t, 0)
	if err != nil {
		return nil, err
	}
	at := g.atomFrame(idx)
	mul, addName := arith.MulFName, arith.AddFName
	if !ir.IsFloat(t) {
		mul, addName = arith.MulIName, arith.AddIName
		if ir.IntWidth(t) == 1 {
			mul, addName = arith.AndIName, arith.OrIName
		}
	}
	res, err := g.loopNest(at, []Expr{k}, []ir.Value{z}, func(w []Expr, cur []ir.Value) ([]ir.Value, error) {
		ai := append(append([]Expr{}, idx[:r-1]...), w[0])
		bi := append(append([]Expr{}, idx[:r-2]...), w[0], idx[r-1])
		x, err := g.scalar(a, ai)
		if err != nil {
			return nil, err
		}
		y, err := g.scalar(b, bi)
		if err != nil {
			return nil, err
		}
		p, err := g.arithOp(mul, false, x, y)
		if err != nil {
			return nil, err
		}
		s, err := g.arithOp(addName, false, cur[0], p)
		return []ir.Value{s}, err
	})
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// atomFrame is the frame where a computation over index idx may go: the
// deepest frame of its atoms, no higher than the floor and the kernel's
// outermost loop.
func (g *gen) atomFrame(idx []Expr) *frame {
	at := g.deepest(deeper(g.floor, g.first))
	for _, e := range idx {
		for _, a := range e.atomsOf() {
			if a.val != nil {
				at = deeper(at, g.frameOf(a.val))
			}
		}
	}
	return at
}

// convElem computes one element of a conv2d with inner loops (used when
// the runtime kernel cannot take the operands).
func (g *gen) convElem(op *ir.Operation, idx []Expr) (ir.Value, error) {
	p, ok := tensor.Conv2DOptions(op)
	if !ok || len(idx) != 4 {
		return nil, fmt.Errorf("bad conv2d")
	}
	x, w := op.Operand(0), op.Operand(1)
	t, err := elemType(op.Result(0))
	if err != nil {
		return nil, err
	}
	var ext []Expr
	for d := 1; d < 4; d++ {
		s, err := g.size(w, d)
		if err != nil {
			return nil, err
		}
		ext = append(ext, s)
	}
	o, err := g.size(w, 0)
	if err != nil {
		return nil, err
	}
	og := g.ix.div(o, cnst(max(p.Groups, 1)))
	grp := g.ix.div(idx[1], og)
	z, err := g.scalarConst(t, 0)
	if err != nil {
		return nil, err
	}
	res, err := g.loopNest(g.atomFrame(idx), ext, []ir.Value{z}, func(k []Expr, cur []ir.Value) ([]ir.Value, error) {
		c := add(g.ix.mul(grp, ext[0]), k[0])
		iy := add(addc(scale(idx[2], p.Stride[0]), -p.Padding[0]), scale(k[1], p.Dilation[0]))
		ixx := add(addc(scale(idx[3], p.Stride[1]), -p.Padding[1]), scale(k[2], p.Dilation[1]))
		xi := []Expr{idx[0], c, iy, ixx}
		var conds []ir.Value
		for i, e := range []Expr{iy, ixx} {
			cs, err := g.inRange(e, x, 2+i)
			if err != nil {
				return nil, err
			}
			conds = append(conds, cs...)
		}
		var xv ir.Value
		var err error
		if len(conds) == 0 {
			xv, err = g.scalar(x, xi)
		} else {
			cond := conds[0]
			for _, c := range conds[1:] {
				if cond, err = g.arithOp(arith.AndIName, false, cond, c); err != nil {
					return nil, err
				}
			}
			xv, err = g.ifThenElse(g.guardFrame(cond, xi), cond, t, func() (ir.Value, error) { return g.scalar(x, xi) },
				func() (ir.Value, error) { return z, nil })
		}
		if err != nil {
			return nil, err
		}
		wv, err := g.scalar(w, []Expr{idx[1], k[0], k[1], k[2]})
		if err != nil {
			return nil, err
		}
		pr, err := g.arithOp(arith.MulFName, false, xv, wv)
		if err != nil {
			return nil, err
		}
		s, err := g.arithOp(arith.AddFName, false, cur[0], pr)
		return []ir.Value{s}, err
	})
	if err != nil {
		return nil, err
	}
	return res[0], nil
}
