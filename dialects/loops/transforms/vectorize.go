package transforms

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/loops/analysis"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// Vector widths of the vectorize pass: 8 lanes of f32 and 4 of f64 (256
// bits, AVX2's registers; the Go backend holds lanes in scalar registers,
// so the width is also the unrolling factor).
const (
	DefaultWidthF32 = 8
	DefaultWidthF64 = 4
)

// VectorizeOptions configure Vectorize.
type VectorizeOptions struct {
	// WidthF32 and WidthF64 are the lanes of loops whose narrowest float
	// type is f32 or f64; 0 means the defaults.
	WidthF32, WidthF64 int
}

// VectorizeStats reports what Vectorize did.
type VectorizeStats struct {
	Loops      int // innermost loops vectorized
	Reductions int // carried values turned into vector accumulators
	Online     int // online softmax normalizers vectorized lane by lane
	Tails      int // scalar tail loops kept (trip counts not known to be multiples of the width)
	Scalar     int // innermost loops over buffers left scalar
	Outer      int // loops.parallel ops vectorized lane by lane (see outer.go)
}

// Vectorize turns the innermost loops of unit step over f32/f64 elements
// into loops over vectors of WidthF32 (or WidthF64, when no f32 is
// involved) lanes followed by the original loop as the scalar tail:
//
//   - a loops.load whose last index is iv + c (c invariant, every other
//     index invariant) becomes vector.load; a load at invariant indices
//     stays a scalar load (once per vector iteration);
//   - a loops.store at such indices becomes vector.store;
//   - arith and math ops on values that vary with iv apply to vectors,
//     invariant scalar operands being broadcast with vector.broadcast
//     (before the loop when defined outside it);
//   - index arithmetic on iv stays scalar (it computes the first lane's
//     indices), quotients and remainders by constants included where the
//     lanes stay in one block of the divisor (see laneIndex);
//   - a carried value the loop declares a reduction (its reductions
//     attribute, see loops.ReductionsAttrName: acc' = acc ⊕ x for ⊕ addf,
//     mulf, maxf/maximumf, minf/minimumf and the integer add, mul, and, or,
//     xor, min and max) gets a vector accumulator initialized to the
//     identity of ⊕, combined after the loop by vector.reduction and ⊕
//     with the initial value; the tail continues from it;
//   - an online softmax normalizer (the pair online_max, online_sum) runs
//     lane by lane (see online.go).
//
// A loop is left scalar when anything else is in its body: nested loops or
// conditionals, other loads and stores (strided or gathered accesses, a
// buffer read and written at different indices), index values used as
// data, carried values it does not declare reductions (or declares none,
// or i1 reductions), calls. Vectorize reads the declarations; it does not
// look for reductions in the body. Then loops.parallel ops whose inner
// loops stayed scalar run their iterations as lanes where their accesses
// are unit-stride in the parallel loop's variable (outer.go: reductions
// over leading dimensions). Loops with fewer iterations than lanes
// are left alone, and the tail is omitted when the trip count is a known
// multiple of the width.
//
// Vector reductions change the order of the combination: lane l sums the
// elements l, l+W, l+2W, ... and the lanes are then combined in order, so
// floating-point sums and products may differ from the scalar loop in the
// last bits (max and min do not). tensor-to-loops accumulates f32 sums in
// f64, which keeps the difference far below f32 rounding.
func Vectorize(root *ir.Operation, o VectorizeOptions) (VectorizeStats, error) {
	if o.WidthF32 <= 0 {
		o.WidthF32 = DefaultWidthF32
	}
	if o.WidthF64 <= 0 {
		o.WidthF64 = DefaultWidthF64
	}
	var cands []*ir.Operation
	root.Walk(func(op *ir.Operation) {
		if op.Name() == loops.ForName && straightLine(op.Region(0).Front()) {
			cands = append(cands, op)
		}
	})
	var st VectorizeStats
	for _, l := range cands {
		p := planVector(l, o)
		if p == nil {
			if touchesBuffers(l) {
				st.Scalar++
			}
			continue
		}
		parent := l.ParentOp()
		p.rewrite(&st)
		// The loops around l carry its values on differently now (through
		// the lanes' merge): keep their declarations true.
		for ; parent != nil && parent.Name() == loops.ForName; parent = parent.ParentOp() {
			loops.PruneReductions(parent)
		}
	}
	vectorizeOuter(root, o, &st)
	return st, ir.Verify(root)
}

// straightLine reports whether a block holds no op with regions.
func straightLine(b *ir.Block) bool {
	if b == nil {
		return false
	}
	for op := range b.Ops() {
		if op.NumRegions() > 0 {
			return false
		}
	}
	return true
}

// touchesBuffers reports whether a loop body loads or stores.
func touchesBuffers(l *ir.Operation) bool {
	for op := range l.Region(0).Front().Ops() {
		switch op.Name() {
		case loops.LoadName, loops.StoreName:
			return true
		}
	}
	return false
}

// vectorKinds maps the simple reduction kinds of loops.for to the kinds
// of vector.reduction.
var vectorKinds = map[loops.ReductionKind]string{
	loops.ReduceAddF: "add", loops.ReduceMulF: "mul", loops.ReduceMaxF: "maxf", loops.ReduceMaximumF: "maxf",
	loops.ReduceMinF: "minf", loops.ReduceMinimumF: "minf", loops.ReduceAddI: "add", loops.ReduceMulI: "mul",
	loops.ReduceAndI: "and", loops.ReduceOrI: "or", loops.ReduceXOrI: "xor", loops.ReduceMaxSI: "maxsi",
	loops.ReduceMinSI: "minsi", loops.ReduceMaxUI: "maxui", loops.ReduceMinUI: "minui",
}

// vectorElem reports whether vectors of t are supported.
func vectorElem(t ir.Type) bool {
	if ir.IsFloat(t) {
		w := t.(*ir.FloatType).Width()
		return w == 32 || w == 64
	}
	it, ok := t.(*ir.IntegerType)
	return ok && (it.Width == 1 || it.Width == 32 || it.Width == 64)
}

// reduction is a carried value of a loop being vectorized.
type reduction struct {
	kind    loops.ReductionKind
	combine *ir.Operation // acc' = combine(acc, x)
	accPos  int           // operand position of acc in combine
}

// vecPlan is an innermost loop found vectorizable.
type vecPlan struct {
	l       *ir.Operation
	width   int64
	varying map[ir.Value]bool // values that vary with the iteration
	index   map[ir.Value]bool // varying index values (kept scalar)
	carried []carriedPlan     // one per carried value
	pairs   []*onlinePair
}

// carriedPlan is how a carried value is vectorized: a reduction, or one of
// the two values of an online softmax normalizer.
type carriedPlan struct {
	red  *reduction
	pair *onlinePair
}

// planVector checks a loop (whose body is straight-line) and returns its
// plan, or nil when it stays scalar.
func planVector(l *ir.Operation, o VectorizeOptions) *vecPlan {
	if s, ok := analysis.ConstInt(l.Operand(2)); !ok || s != 1 {
		return nil
	}
	body := l.Region(0).Front()
	nCarried := l.NumOperands() - 3
	if body.NumArgs() != 1+nCarried || l.NumResults() != nCarried {
		return nil
	}
	iv := body.Arg(0)
	yield := body.Terminator()
	if yield == nil || yield.Name() != loops.YieldName || yield.NumOperands() != nCarried {
		return nil
	}
	p := &vecPlan{l: l, varying: map[ir.Value]bool{iv: true}, index: map[ir.Value]bool{iv: true}}
	// Carried values must be declared reductions, or online normalizers.
	reds, err := loops.ReductionsOf(l)
	if err != nil || len(reds) != nCarried {
		return nil
	}
	p.carried = make([]carriedPlan, nCarried)
	for k, r := range reds {
		acc := body.Arg(1 + k)
		p.varying[acc] = true
		t := acc.Type()
		switch r.Kind {
		case loops.ReduceOnlineMax:
			s := body.Arg(2 + k)
			if !vectorElem(t) || !vectorElem(s.Type()) {
				return nil
			}
			pr := &onlinePair{mPos: k, sPos: k + 1, mType: t, sType: s.Type()}
			p.carried[k].pair, p.carried[k+1].pair = pr, pr
			p.pairs = append(p.pairs, pr)
		case loops.ReduceOnlineSum:
			// With its online_max.
		default:
			if _, ok := r.Kind.Identity(t); !ok || r.Combiner == nil || vectorKinds[r.Kind] == "" || !vectorElem(t) || ir.IntWidth(t) == 1 {
				return nil
			}
			p.carried[k].red = &reduction{kind: r.Kind, combine: r.Combiner, accPos: r.AccOperand}
		}
	}
	li := newLaneIndex(iv, l.Operand(0))
	isVarying := func(v ir.Value) bool { return p.varying[v] }
	// unitStride reports whether indices access consecutive elements of the
	// last dimension lane by lane, the others the same (see laneIndex).
	unitStride := func(idx []ir.Value) (varies, ok bool) {
		for i, v := range idx {
			if !p.varying[v] {
				continue
			}
			if !p.index[v] {
				return true, false
			}
			s, known := li.laneStride(v, isVarying)
			if !known || i == len(idx)-1 && s != 1 || i < len(idx)-1 && s != 0 {
				return true, false
			}
			varies = true
		}
		if varies && !p.varying[idx[len(idx)-1]] {
			return true, false // the same element in every lane
		}
		return varies, true
	}
	type bufUse struct {
		idx    []ir.Value
		stored bool
	}
	uses := map[ir.Value][]bufUse{}
	floatBits := 0
	noteFloat := func(t ir.Type) {
		if ft, ok := t.(*ir.FloatType); ok {
			if w := ft.Width(); floatBits == 0 || w < floatBits {
				floatBits = w
			}
		}
	}
	for op := range body.Ops() {
		if op == yield {
			continue
		}
		varies := false
		for _, v := range op.Operands() {
			varies = varies || p.varying[v]
		}
		switch op.Name() {
		case loops.LoadName:
			v, ok := unitStride(op.Operands()[1:])
			if !ok {
				return nil
			}
			uses[op.Operand(0)] = append(uses[op.Operand(0)], bufUse{idx: op.Operands()[1:]})
			if v {
				if !vectorElem(op.Result(0).Type()) || ir.IsIndex(op.Result(0).Type()) {
					return nil
				}
				noteFloat(op.Result(0).Type())
				p.varying[op.Result(0)] = true
			}
			continue
		case loops.StoreName:
			v, ok := unitStride(op.Operands()[2:])
			if !ok || !v || !vectorElem(op.Operand(0).Type()) || p.index[op.Operand(0)] {
				return nil
			}
			noteFloat(op.Operand(0).Type())
			uses[op.Operand(1)] = append(uses[op.Operand(1)], bufUse{idx: op.Operands()[2:], stored: true})
			continue
		}
		if !varies {
			if !ir.IsMemoryEffectFree(op) {
				return nil
			}
			continue
		}
		d := op.Dialect()
		if (d != "arith" && d != "math") || op.Name() == arith.ConstantName {
			return nil
		}
		indexResult := false
		for _, t := range op.ResultTypes() {
			if ir.IsIndex(t) {
				indexResult = true
			} else if !vectorElem(t) {
				return nil
			}
		}
		if indexResult {
			switch op.Name() {
			case arith.AddIName, arith.SubIName, arith.MulIName:
			default:
				if !li.divRem(op, isVarying) {
					return nil
				}
			}
			for _, v := range op.Operands() {
				if p.varying[v] && !p.index[v] {
					return nil
				}
			}
			p.index[op.Result(0)] = true
		} else {
			for _, v := range op.Operands() {
				if p.index[v] || (!p.varying[v] && !vectorElem(v.Type())) {
					return nil
				}
			}
			for _, t := range op.ResultTypes() {
				noteFloat(t)
			}
		}
		for _, r := range op.Results() {
			p.varying[r] = true
		}
	}
	// Varying index values may only index buffers or feed index arithmetic.
	for v := range p.index {
		for u := range v.Uses() {
			o := u.Owner()
			switch {
			case o.Name() == loops.LoadName && u.Index() >= 1, o.Name() == loops.StoreName && u.Index() >= 2, o.NumResults() > 0 && p.index[o.Result(0)]:
			default:
				return nil
			}
		}
	}
	// A buffer both read and written must be accessed at the same indices
	// throughout (each iteration then reads what it writes itself).
	for _, us := range uses {
		stored := false
		for _, u := range us {
			stored = stored || u.stored
		}
		if !stored {
			continue
		}
		for _, u := range us[1:] {
			for i := range u.idx {
				if u.idx[i] != us[0].idx[i] {
					return nil
				}
			}
		}
	}
	switch floatBits {
	case 32:
		p.width = int64(o.WidthF32)
	case 64:
		p.width = int64(o.WidthF64)
	default:
		return nil
	}
	if n, ok := analysis.TripCount(l); ok && n < p.width || !li.check(p.width) {
		return nil
	}
	return p
}

// rewrite builds the vector loop before the loop and makes the loop its
// tail.
func (p *vecPlan) rewrite(st *VectorizeStats) {
	l := p.l
	loc := l.Loc()
	ctx := l.Context()
	b := ir.NewBuilder(ctx)
	b.Loc = loc
	b.SetInsertionPointBefore(l)
	body := l.Region(0).Front()
	lb, ub := l.Operand(0), l.Operand(1)
	w := indexConst(b, p.width)
	// vub = ub - (ub - lb) rem W: the end of the whole vectors.
	var vub ir.Value
	trips, known := analysis.TripCount(l)
	lbc, lbConst := analysis.ConstInt(lb)
	switch {
	case known && lbConst && trips%p.width == 0:
		vub = ub
	case known && lbConst:
		vub = indexConst(b, lbc+trips/p.width*p.width)
	default:
		vub = arith.SubI(b, ub, arith.RemSI(b, arith.SubI(b, ub, lb), w))
	}
	vt := func(t ir.Type) ir.Type { return ctx.Vector([]int64{p.width}, nil, t) }
	// Vector accumulators start at the identity (online normalizers at
	// (-Inf, 0): no element yet).
	var inits []ir.Value
	for k, c := range p.carried {
		t := l.Result(k).Type()
		kind := loops.ReduceOnlineMax
		switch {
		case c.red != nil:
			kind = c.red.kind
		case k == c.pair.sPos:
			kind = loops.ReduceOnlineSum
		}
		id, _ := kind.Identity(t)
		inits = append(inits, vector.Broadcast(b, vt(t), arith.Constant(b, id)))
	}
	vloop := loops.For(b, lb, vub, w, inits...)
	if kinds := loops.ReductionKinds(l); kinds != nil {
		vloop.SetReductionKinds(kinds) // lane by lane
	}
	vbody := vloop.BodyBlock()
	before := ir.NewBuilder(ctx) // broadcasts of values defined outside
	before.Loc = loc
	before.SetInsertionPointBefore(vloop.Op)
	b.SetInsertionPointToEnd(vbody)
	scalars := ir.NewMapping()
	scalars.Map(body.Arg(0), vbody.Arg(0))
	vecs := map[ir.Value]ir.Value{}
	for k := range p.carried {
		vecs[body.Arg(1+k)] = vbody.Arg(1 + k)
	}
	bcast := map[ir.Value]ir.Value{}
	vec := func(v ir.Value) ir.Value {
		if x, ok := vecs[v]; ok {
			return x
		}
		s := scalars.Lookup(v)
		if x, ok := bcast[s]; ok {
			return x
		}
		at := before
		if ir.IsDefinedInside(s, vloop.Op) {
			at = b
		}
		saved := at.Loc
		at.Loc = loc
		bcast[s] = vector.Broadcast(at, vt(s.Type()), s)
		at.Loc = saved
		return bcast[s]
	}
	mapped := func(vs []ir.Value) []ir.Value {
		out := make([]ir.Value, len(vs))
		for i, v := range vs {
			out[i] = scalars.Lookup(v)
		}
		return out
	}
	yield := body.Terminator()
	for op := range body.Ops() {
		b.Loc = op.Loc()
		switch {
		case op == yield:
			var ys []ir.Value
			for _, v := range op.Operands() {
				ys = append(ys, vec(v))
			}
			loops.Yield(b, ys...)
		case op.Name() == loops.LoadName && p.varying[op.Result(0)]:
			vecs[op.Result(0)] = vector.Load(b, vt(op.Result(0).Type()), scalars.Lookup(op.Operand(0)), mapped(op.Operands()[1:])...)
		case op.Name() == loops.StoreName:
			vector.Store(b, vec(op.Operand(0)), scalars.Lookup(op.Operand(1)), mapped(op.Operands()[2:])...)
		case op.NumResults() > 0 && p.varying[op.Result(0)] && !p.index[op.Result(0)]:
			// The same op on vectors: the op's definition (an arith or
			// math op) applies lane by lane.
			var operands []ir.Value
			for _, v := range op.Operands() {
				operands = append(operands, vec(v))
			}
			var types []ir.Type
			for _, t := range op.ResultTypes() {
				types = append(types, vt(t))
			}
			nv := b.Build(&ir.OperationState{Name: op.Name(), Operands: operands, ResultTypes: types, Attrs: op.Attrs()})
			for i, r := range op.Results() {
				vecs[r] = nv.Result(i)
			}
		default:
			// Invariant ops and index arithmetic stay scalar.
			b.Clone(op, scalars)
		}
	}
	// Combine the lanes, then the initial values.
	b.Loc = loc
	b.SetInsertionPointAfter(vloop.Op)
	finals := p.finish(b, vloop.Op, vub)
	st.Loops++
	st.Reductions += len(p.carried) - len(p.pairs)
	st.Online += len(p.pairs)
	if known && lbConst && trips%p.width == 0 {
		for k, v := range finals {
			l.Result(k).ReplaceAllUsesWith(v)
		}
		l.Erase()
		return
	}
	l.SetOperand(0, vub)
	for k, v := range finals {
		l.SetOperand(3+k, v)
	}
	st.Tails++
}
