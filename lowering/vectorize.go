package lowering

import (
	"math"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
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
//     indices);
//   - a carried value that is a reduction (acc' = acc ⊕ x, acc used only
//     there, for ⊕ addf, mulf, maxf/maximumf, minf/minimumf and the integer
//     add, mul, and, or, xor, min and max) gets a vector accumulator
//     initialized to the identity of ⊕, combined after the loop by
//     vector.reduction and ⊕ with the initial value; the tail continues
//     from it.
//
// A loop is left scalar when anything else is in its body: nested loops or
// conditionals, other loads and stores (strided or gathered accesses, a
// buffer read and written at different indices), index values used as
// data, carried values that are not reductions, calls. Loops with fewer
// iterations than lanes are left alone, and the tail is omitted when the
// trip count is a known multiple of the width.
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
		if err := p.rewrite(&st); err != nil {
			return st, err
		}
	}
	return st, nil
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

// reductionKinds maps the combining ops of reductions to vector.reduction
// kinds.
var reductionKinds = map[string]string{
	arith.AddFName: "add", arith.MulFName: "mul", arith.MaxFName: "maxf", arith.MaximumFName: "maxf",
	arith.MinFName: "minf", arith.MinimumFName: "minf", arith.AddIName: "add", arith.MulIName: "mul",
	arith.AndIName: "and", arith.OrIName: "or", arith.XOrIName: "xor", arith.MaxSIName: "maxsi",
	arith.MinSIName: "minsi", arith.MaxUIName: "maxui", arith.MinUIName: "minui",
}

// identity returns the identity element of a reduction's combining op.
func identity(name string, t ir.Type) (ir.Attribute, bool) {
	if ir.IsFloat(t) {
		switch name {
		case arith.AddFName:
			return ir.Float(t, math.Copysign(0, -1)), true
		case arith.MulFName:
			return ir.Float(t, 1), true
		case arith.MaxFName, arith.MaximumFName:
			return ir.Float(t, math.Inf(-1)), true
		case arith.MinFName, arith.MinimumFName:
			return ir.Float(t, math.Inf(1)), true
		}
		return nil, false
	}
	it, ok := t.(*ir.IntegerType)
	if !ok || it.Width < 2 || it.Width > 64 {
		return nil, false
	}
	w := uint(it.Width)
	minS, maxS := int64(-1)<<(w-1), int64(uint64(1)<<(w-1)-1)
	switch name {
	case arith.AddIName, arith.OrIName, arith.XOrIName, arith.MaxUIName:
		return ir.Int(t, 0), true
	case arith.MulIName:
		return ir.Int(t, 1), true
	case arith.AndIName, arith.MinUIName:
		return ir.Int(t, -1), true
	case arith.MaxSIName:
		return ir.Int(t, minS), true
	case arith.MinSIName:
		return ir.Int(t, maxS), true
	}
	return nil, false
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
	combine *ir.Operation // acc' = combine(acc, x)
	kind    string
	accPos  int // operand position of acc in combine
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
	if s, ok := constInt(l.Operand(2)); !ok || s != 1 {
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
	// Carried values must be reductions, or online normalizers.
	p.carried = make([]carriedPlan, nCarried)
	for _, pr := range matchOnlinePairs(body, yield) {
		if p.carried[pr.mPos].pair != nil || p.carried[pr.sPos].pair != nil {
			continue
		}
		p.carried[pr.mPos].pair, p.carried[pr.sPos].pair = pr, pr
		p.pairs = append(p.pairs, pr)
	}
	for k := range nCarried {
		acc := body.Arg(1 + k)
		p.varying[acc] = true
		if p.carried[k].pair != nil {
			continue
		}
		if !acc.HasOneUse() || !vectorElem(acc.Type()) {
			return nil
		}
		var u *ir.OpOperand
		for x := range acc.Uses() {
			u = x
		}
		c := u.Owner()
		kind, ok := reductionKinds[c.Name()]
		if !ok || c.Block() != body || c.NumOperands() != 2 || c.Operand(0) == c.Operand(1) {
			return nil
		}
		if _, ok := identity(c.Name(), acc.Type()); !ok {
			return nil
		}
		r := c.Result(0)
		if !r.HasOneUse() || yield.Operand(k) != ir.Value(r) {
			return nil
		}
		p.carried[k].red = &reduction{combine: c, kind: kind, accPos: u.Index()}
	}
	memo := map[ir.Value]linear{}
	// unitStride reports whether indices access consecutive elements of the
	// last dimension as iv grows, from invariant others.
	unitStride := func(idx []ir.Value) (varies, ok bool) {
		for i, v := range idx {
			if !p.varying[v] {
				continue
			}
			if !p.index[v] {
				return true, false
			}
			f := linearOf(v, memo)
			for a, k := range f.terms {
				if a == iv {
					if i != len(idx)-1 || k != 1 {
						return true, false
					}
				} else if p.varying[a] {
					return true, false
				}
			}
			varies = true
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
				return nil
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
	if n, ok := tripCount(l); ok && n < p.width {
		return nil
	}
	return p
}

// rewrite builds the vector loop before the loop and makes the loop its
// tail.
func (p *vecPlan) rewrite(st *VectorizeStats) error {
	l := p.l
	loc := l.Loc()
	ctx := l.Context()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(l)
	body := l.Region(0).Front()
	lb, ub := l.Operand(0), l.Operand(1)
	w, err := indexConst(b, loc, p.width)
	if err != nil {
		return err
	}
	// vub = ub - (ub - lb) rem W: the end of the whole vectors.
	var vub ir.Value
	trips, known := tripCount(l)
	lbc, lbConst := constInt(lb)
	switch {
	case known && lbConst && trips%p.width == 0:
		vub = ub
	case known && lbConst:
		vub, err = indexConst(b, loc, lbc+trips/p.width*p.width)
	default:
		var span, r ir.Value
		if span, err = indexOp(b, loc, arith.SubIName, ub, lb); err == nil {
			if r, err = indexOp(b, loc, arith.RemSIName, span, w); err == nil {
				vub, err = indexOp(b, loc, arith.SubIName, ub, r)
			}
		}
	}
	if err != nil {
		return err
	}
	vt := func(t ir.Type) ir.Type { return ctx.Vector([]int64{p.width}, nil, t) }
	// Vector accumulators start at the identity (online normalizers at
	// (-Inf, 0): no element yet).
	inits := []ir.Value{lb, vub, w}
	for k, c := range p.carried {
		t := l.Result(k).Type()
		var id ir.Attribute
		switch {
		case c.red != nil:
			id, _ = identity(c.red.combine.Name(), t)
		case k == c.pair.mPos:
			id = ir.Float(t, math.Inf(-1))
		default:
			id = ir.Float(t, 0)
		}
		v, err := splat(b, loc, id, vt(t))
		if err != nil {
			return err
		}
		inits = append(inits, v)
	}
	state := &ir.OperationState{Name: loops.ForName, Loc: loc, Operands: inits}
	argTypes := []ir.Type{ctx.Index()}
	for _, v := range inits[3:] {
		state.ResultTypes = append(state.ResultTypes, v.Type())
		argTypes = append(argTypes, v.Type())
	}
	if state.ResultTypes == nil {
		state.ResultTypes = []ir.Type{}
	}
	region := state.AddRegion()
	vloop, err := b.Create(state)
	if err != nil {
		return err
	}
	locs := make([]ir.Location, len(argTypes))
	for i := range locs {
		locs[i] = loc
	}
	vbody := ir.NewBlock(argTypes, locs)
	region.PushBack(vbody)
	before := ir.NewBuilder(ctx) // broadcasts of values defined outside
	before.SetInsertionPointBefore(vloop)
	b.SetInsertionPointToEnd(vbody)
	scalars := ir.NewMapping()
	scalars.Map(body.Arg(0), vbody.Arg(0))
	vecs := map[ir.Value]ir.Value{}
	for k := range p.carried {
		vecs[body.Arg(1+k)] = vbody.Arg(1 + k)
	}
	bcast := map[ir.Value]ir.Value{}
	vec := func(v ir.Value) (ir.Value, error) {
		if x, ok := vecs[v]; ok {
			return x, nil
		}
		s := scalars.Lookup(v)
		if x, ok := bcast[s]; ok {
			return x, nil
		}
		at := b
		if !definedIn(s, vloop) {
			at = before
		}
		op, err := at.Create(&ir.OperationState{Name: vector.BroadcastName, Loc: loc, Operands: []ir.Value{s}, ResultTypes: []ir.Type{vt(s.Type())}})
		if err != nil {
			return nil, err
		}
		bcast[s] = op.Result(0)
		return op.Result(0), nil
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
		switch {
		case op == yield:
			var ys []ir.Value
			for _, v := range op.Operands() {
				y, err := vec(v)
				if err != nil {
					return err
				}
				ys = append(ys, y)
			}
			if _, err := b.Create(&ir.OperationState{Name: loops.YieldName, Loc: op.Loc(), Operands: ys}); err != nil {
				return err
			}
		case op.Name() == loops.LoadName && p.varying[op.Result(0)]:
			nv, err := b.Create(&ir.OperationState{Name: vector.LoadName, Loc: op.Loc(), Operands: mapped(op.Operands()),
				ResultTypes: []ir.Type{vt(op.Result(0).Type())}})
			if err != nil {
				return err
			}
			vecs[op.Result(0)] = nv.Result(0)
		case op.Name() == loops.StoreName:
			x, err := vec(op.Operand(0))
			if err != nil {
				return err
			}
			if _, err := b.Create(&ir.OperationState{Name: vector.StoreName, Loc: op.Loc(),
				Operands: append([]ir.Value{x}, mapped(op.Operands()[1:])...)}); err != nil {
				return err
			}
		case op.NumResults() > 0 && p.varying[op.Result(0)] && !p.index[op.Result(0)]:
			var operands []ir.Value
			for _, v := range op.Operands() {
				x, err := vec(v)
				if err != nil {
					return err
				}
				operands = append(operands, x)
			}
			var types []ir.Type
			for _, t := range op.ResultTypes() {
				types = append(types, vt(t))
			}
			nv, err := b.Create(&ir.OperationState{Name: op.Name(), Loc: op.Loc(), Operands: operands, ResultTypes: types, Attrs: op.Attrs()})
			if err != nil {
				return err
			}
			for i, r := range op.Results() {
				vecs[r] = nv.Result(i)
			}
		default:
			// Invariant ops and index arithmetic stay scalar.
			b.Clone(op, scalars)
		}
	}
	// Combine the lanes, then the initial values.
	b.SetInsertionPointAfter(vloop)
	finals, err := p.finish(b, vloop, vub)
	if err != nil {
		return err
	}
	st.Loops++
	st.Reductions += len(p.carried) - len(p.pairs)
	st.Online += len(p.pairs)
	if known && lbConst && trips%p.width == 0 {
		for k, v := range finals {
			l.Result(k).ReplaceAllUsesWith(v)
		}
		l.Erase()
		return nil
	}
	l.SetOperand(0, vub)
	for k, v := range finals {
		l.SetOperand(3+k, v)
	}
	st.Tails++
	return nil
}

// vectorizePass is the vectorize pass.
type vectorizePass struct {
	pass.Base
	w32, w64                                 *int
	loopsStat, reds, online, tails, scalarSt *pass.Statistic
}

// NewVectorizePass returns the vectorize pass.
func NewVectorizePass() pass.Pass {
	p := &vectorizePass{Base: pass.NewBase(pass.Info{
		Argument: "vectorize",
		Name:     "Vectorize",
		Summary:  "Turn innermost unit-stride loops over f32/f64 into vector ops with a scalar tail",
		Description: "Innermost loops.for of step 1 whose loads and stores are unit-stride along the last dimension " +
			"become loops over vector<8xf32> (or vector<4xf64> when no f32 is involved): vector.load/store, arith and " +
			"math on vectors, vector.broadcast of invariant scalars, and reductions (add, mul, max, min...) in vector " +
			"accumulators finished by vector.reduction; the original loop runs the remaining iterations. The online " +
			"softmax normalizer of tensor-to-loops runs lane by lane and its lanes are merged after the loop. Vector " +
			"reductions change the summation order (lane-wise partial sums).",
	})}
	o := p.Options()
	p.w32 = o.Int("width-f32", DefaultWidthF32, "Lanes of loops over f32")
	p.w64 = o.Int("width-f64", DefaultWidthF64, "Lanes of loops over f64 only")
	p.loopsStat = p.NewStatistic("num-vectorized", "Number of loops vectorized")
	p.reds = p.NewStatistic("num-vector-reductions", "Number of reductions given vector accumulators")
	p.online = p.NewStatistic("num-online-normalizers", "Number of online softmax normalizers vectorized lane by lane")
	p.tails = p.NewStatistic("num-tails", "Number of scalar tail loops kept")
	p.scalarSt = p.NewStatistic("num-scalar", "Number of innermost loops over buffers left scalar")
	return p
}

// Run vectorizes the innermost loops nested in op.
func (p *vectorizePass) Run(op *ir.Operation, am *pass.AnalysisManager) (err error) {
	defer internalError("vectorize", op, &err)
	st, err := Vectorize(op, VectorizeOptions{WidthF32: *p.w32, WidthF64: *p.w64})
	p.loopsStat.Add(int64(st.Loops))
	p.reds.Add(int64(st.Reductions))
	p.online.Add(int64(st.Online))
	p.tails.Add(int64(st.Tails))
	p.scalarSt.Add(int64(st.Scalar))
	return err
}
