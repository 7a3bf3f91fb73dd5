package lowering

import (
	"math"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// The online softmax normalizer (tensor-to-loops' onlineStep) carries two
// values over a row: the running maximum m and s = Σ exp(x - m), updated
// per element x by
//
//	m' = maxf(m, x)
//	e  = ext(exp(-|x - m|))   (or exp(ext(-|x - m|)))
//	s' = m' == -Inf ? s : (x > m ? s·e + 1 : s + e)
//
// It is not a reduction vector.reduction can finish, but it vectorizes lane
// by lane: lane l keeps (m_l, s_l) over the elements l, l+W, ... and the
// lanes merge exactly like two partial softmax sums do: with M = max m_l,
// S = Σ s_l·exp(m_l - M). Vectorize recognizes the pattern, runs the lanes
// in vector accumulators starting at (-Inf, 0), and merges them after the
// loop (then the initial values, the same way). The merge is only valid for
// a finite M: a row whose maximum is ±Inf or NaN is run again by the scalar
// loop, so special values behave exactly as before.

// onlinePair is an online normalizer among a loop's carried values.
type onlinePair struct {
	mPos, sPos int      // positions of m and s among the carried values
	mType      ir.Type  // the element type (of x and m)
	sType      ir.Type  // the type of s (f64 for f32 elements)
	x          ir.Value // the element
}

// defOf returns v's defining op when its name is name.
func defOf(v ir.Value, name string) *ir.Operation {
	if v == nil {
		return nil
	}
	if d := ir.DefiningOp(v); d != nil && d.Name() == name {
		return d
	}
	return nil
}

// isFloatConst reports whether v is an arith.constant float equal to c.
func isFloatConst(v ir.Value, c float64) bool {
	d := defOf(v, arith.ConstantName)
	if d == nil {
		return false
	}
	a, ok := d.Attr("value").(*ir.FloatAttr)
	return ok && a.Value == c
}

// cmpfPred returns the predicate keyword of an arith.cmpf.
func cmpfPred(op *ir.Operation) string {
	switch a := op.Attr(arith.PredicateAttrName).(type) {
	case *ir.IntegerAttr:
		if i := a.Int64(); i >= 0 && int(i) < len(arith.CmpFPredicates) {
			return arith.CmpFPredicates[i]
		}
	case *ir.StringAttr:
		return a.Value
	}
	return ""
}

// matchOnlinePairs finds the online normalizers among the carried values
// of a loop body (see above; the operand orders are tensor-to-loops').
func matchOnlinePairs(body *ir.Block, yield *ir.Operation) []*onlinePair {
	var out []*onlinePair
	carried := func(v ir.Value) int {
		if a, ok := v.(*ir.BlockArgument); ok && a.Owner() == body && a.Index() > 0 {
			return a.Index() - 1
		}
		return -1
	}
	for ks := range yield.NumOperands() {
		s := body.Arg(1 + ks)
		// s' = select(m' == -Inf, s, select(x > m, s·e + 1, s + e))
		outer := defOf(yield.Operand(ks), arith.SelectName)
		if outer == nil || outer.Operand(1) != s {
			continue
		}
		empty := defOf(outer.Operand(0), arith.CmpFName)
		inner := defOf(outer.Operand(2), arith.SelectName)
		if empty == nil || inner == nil || cmpfPred(empty) != "oeq" || !isFloatConst(empty.Operand(1), math.Inf(-1)) {
			continue
		}
		mx := ir.DefiningOp(empty.Operand(0))
		if mx == nil || (mx.Name() != arith.MaxFName && mx.Name() != arith.MaximumFName) {
			continue
		}
		km := carried(mx.Operand(0))
		if km < 0 || km == ks || yield.Operand(km) != ir.Value(mx.Result(0)) {
			continue
		}
		m, x := body.Arg(1+km), mx.Operand(1)
		gt := defOf(inner.Operand(0), arith.CmpFName)
		grown := defOf(inner.Operand(1), arith.AddFName)
		same := defOf(inner.Operand(2), arith.AddFName)
		if gt == nil || grown == nil || same == nil || cmpfPred(gt) != "ogt" || gt.Operand(0) != x || gt.Operand(1) != ir.Value(m) {
			continue
		}
		se := defOf(grown.Operand(0), arith.MulFName)
		if se == nil || !isFloatConst(grown.Operand(1), 1) || se.Operand(0) != ir.Value(s) || same.Operand(0) != ir.Value(s) {
			continue
		}
		e := se.Operand(1)
		if same.Operand(1) != e {
			continue
		}
		ee := e
		if ext := defOf(ee, arith.ExtFName); ext != nil {
			ee = ext.Operand(0)
		}
		exp := defOf(ee, arith.MathExpName)
		if exp == nil {
			continue
		}
		arg := exp.Operand(0)
		if ext := defOf(arg, arith.ExtFName); ext != nil {
			arg = ext.Operand(0)
		}
		neg := defOf(arg, arith.NegFName)
		if neg == nil {
			continue
		}
		abs := defOf(neg.Operand(0), arith.MathAbsFName)
		if abs == nil {
			continue
		}
		d := defOf(abs.Operand(0), arith.SubFName)
		if d == nil || d.Operand(0) != x || d.Operand(1) != ir.Value(m) {
			continue
		}
		if carried(x) >= 0 || !ir.IsFloat(m.Type()) || !ir.IsFloat(s.Type()) {
			continue
		}
		// m and s may be used by the pattern only.
		pattern := map[*ir.Operation]bool{mx: true, d: true, gt: true, outer: true, se: true, same: true, yield: true}
		ok := true
		for _, v := range []ir.Value{m, s} {
			for u := range v.Uses() {
				ok = ok && pattern[u.Owner()]
			}
		}
		if !ok {
			continue
		}
		out = append(out, &onlinePair{mPos: km, sPos: ks, mType: m.Type(), sType: s.Type(), x: x})
	}
	return out
}

// splat returns a vector of type vt with every lane c, created at b.
func splat(b *ir.Builder, loc ir.Location, c ir.Attribute, vt ir.Type) (ir.Value, error) {
	k, err := arith.BuildConstant(b, loc, c)
	if err != nil {
		return nil, err
	}
	op, err := b.Create(&ir.OperationState{Name: vector.BroadcastName, Loc: loc, Operands: []ir.Value{k.Result(0)}, ResultTypes: []ir.Type{vt}})
	if err != nil {
		return nil, err
	}
	return op.Result(0), nil
}

// emitter creates ops at a builder, remembering the first error.
type emitter struct {
	b   *ir.Builder
	loc ir.Location
	err error
}

func (e *emitter) op(name string, t ir.Type, operands []ir.Value, attrs ...ir.NamedAttr) ir.Value {
	if e.err != nil {
		return nil
	}
	var types []ir.Type
	if t != nil {
		types = []ir.Type{t}
	}
	st := &ir.OperationState{Name: name, Loc: e.loc, Operands: operands, ResultTypes: types, Attrs: attrs}
	if def := e.b.Ctx.LookupOp(name); def != nil && def.AttrDef(arith.FastMathAttrName) != nil {
		st.AddAttr(arith.FastMathAttrName, arith.FastMathAttr(arith.FastMathNone))
	}
	op, err := e.b.Create(st)
	if err != nil {
		e.err = err
		return nil
	}
	if op.NumResults() == 0 {
		return nil
	}
	return op.Result(0)
}

func (e *emitter) arith(name string, xs ...ir.Value) ir.Value {
	if e.err != nil {
		return nil
	}
	op, err := arith.Build(e.b, name, e.loc, xs...)
	if err != nil {
		e.err = err
		return nil
	}
	return op.Result(0)
}

func (e *emitter) cmpf(pred string, x, y ir.Value) ir.Value {
	if e.err != nil {
		return nil
	}
	op, err := arith.BuildCmpF(e.b, e.loc, pred, x, y)
	if err != nil {
		e.err = err
		return nil
	}
	return op.Result(0)
}

func (e *emitter) constant(a ir.Attribute) ir.Value {
	if e.err != nil {
		return nil
	}
	op, err := arith.BuildConstant(e.b, e.loc, a)
	if err != nil {
		e.err = err
		return nil
	}
	return op.Result(0)
}

func (e *emitter) reduce(kind string, v ir.Value, t ir.Type) ir.Value {
	return e.op(vector.ReductionName, t, []ir.Value{v}, ir.NamedAttr{Name: "kind", Value: vector.KindAttr(kind)})
}

// exp returns exp(ext(d)) in type st (d of type mt).
func (e *emitter) exp(d ir.Value, st ir.Type) ir.Value {
	if e.err != nil {
		return nil
	}
	t := d.Type()
	if vt, ok := t.(*ir.VectorType); ok {
		if vt.Elem != st {
			d = e.op(arith.ExtFName, e.b.Ctx.Vector(vt.Shape(), nil, st), []ir.Value{d})
		}
	} else if t != st {
		d = e.op(arith.ExtFName, st, []ir.Value{d})
	}
	return e.arith(arith.MathExpName, d)
}

// finish combines the vector accumulators of vloop into the scalar values
// the tail starts from: reductions by vector.reduction and their combining
// op with the initial value; online normalizers by the merge above, under a
// loops.if on their maxima being finite whose else branch runs the scalar
// loop over [lb, vub) instead.
func (p *vecPlan) finish(b *ir.Builder, vloop *ir.Operation, vub ir.Value) ([]ir.Value, error) {
	l := p.l
	e := &emitter{b: b, loc: l.Loc()}
	reduction := func(k int) ir.Value {
		r := p.carried[k].red
		t := l.Result(k).Type()
		red := e.reduce(r.kind, vloop.Result(k), t)
		operands := []ir.Value{red, red}
		operands[r.accPos] = l.Operand(3 + k)
		return e.op(r.combine.Name(), t, operands, r.combine.Attrs()...)
	}
	n := len(p.carried)
	finals := make([]ir.Value, n)
	if len(p.pairs) == 0 {
		for k := range finals {
			finals[k] = reduction(k)
		}
		return finals, e.err
	}
	maxima := make([]ir.Value, len(p.pairs))
	var finite ir.Value
	for i, pr := range p.pairs {
		maxima[i] = e.reduce("maxf", vloop.Result(pr.mPos), pr.mType)
		abs := e.arith(arith.MathAbsFName, maxima[i])
		c := e.cmpf("olt", abs, e.constant(ir.Float(pr.mType, math.Inf(1))))
		if finite == nil {
			finite = c
		} else {
			finite = e.arith(arith.AndIName, finite, c)
		}
	}
	if e.err != nil {
		return nil, e.err
	}
	types := l.ResultTypes()
	st := &ir.OperationState{Name: loops.IfName, Loc: e.loc, Operands: []ir.Value{finite}, ResultTypes: types}
	thenR, elseR := st.AddRegion(), st.AddRegion()
	ifOp, err := b.Create(st)
	if err != nil {
		return nil, err
	}
	thenB, elseB := ir.NewBlock(nil, nil), ir.NewBlock(nil, nil)
	thenR.PushBack(thenB)
	elseR.PushBack(elseB)
	// Else: the scalar loop over the vector loop's range.
	b.SetInsertionPointToEnd(elseB)
	again := b.Clone(l, ir.NewMapping())
	again.SetOperand(1, vub)
	if _, err := b.Create(&ir.OperationState{Name: loops.YieldName, Loc: e.loc, Operands: again.Results()}); err != nil {
		return nil, err
	}
	// Then: merge the lanes.
	b.SetInsertionPointToEnd(thenB)
	for k, c := range p.carried {
		if c.red != nil {
			finals[k] = reduction(k)
		}
	}
	for i, pr := range p.pairs {
		m0, s0 := l.Operand(3+pr.mPos), l.Operand(3+pr.sPos)
		vm, vs := vloop.Result(pr.mPos), vloop.Result(pr.sPos)
		big := maxima[i]
		// S = Σ s_l·exp(m_l - M)
		mb := e.op(vector.BroadcastName, vm.Type(), []ir.Value{big})
		terms := e.arith(arith.MulFName, vs, e.exp(e.arith(arith.SubFName, vm, mb), pr.sType))
		sum := e.reduce("add", terms, pr.sType)
		// Merge (M, S) into the initial (m0, s0).
		m1 := e.arith(arith.MaxFName, m0, big)
		grown := e.arith(arith.AddFName, e.arith(arith.MulFName, s0, e.exp(e.arith(arith.SubFName, m0, big), pr.sType)), sum)
		same := e.arith(arith.AddFName, s0, e.arith(arith.MulFName, sum, e.exp(e.arith(arith.SubFName, big, m0), pr.sType)))
		s1 := e.arith(arith.SelectName, e.cmpf("ogt", big, m0), grown, same)
		s1 = e.arith(arith.SelectName, e.cmpf("oeq", m1, e.constant(ir.Float(pr.mType, math.Inf(-1)))), s0, s1)
		finals[pr.mPos], finals[pr.sPos] = m1, s1
	}
	e.op(loops.YieldName, nil, finals)
	if e.err != nil {
		return nil, e.err
	}
	b.SetInsertionPointAfter(ifOp)
	return ifOp.Results(), nil
}
