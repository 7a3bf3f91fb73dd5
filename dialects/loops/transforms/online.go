package transforms

import (
	"math"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// The online softmax normalizer (loops.ReduceOnlineMax and
// loops.ReduceOnlineSum, as tensor-to-loops declares them) carries two
// values over a row: the running maximum m and s = Σ exp(x - m), updated
// per element x by
//
//	m' = maxf(m, x)
//	s' = s·exp(m - m') + exp(x - m')
//
// It is not a reduction vector.reduction can finish, but it vectorizes lane
// by lane: lane l keeps (m_l, s_l) over the elements l, l+W, ... and the
// lanes merge exactly like two partial softmax sums do: with M = max m_l,
// S = Σ s_l·exp(m_l - M). Vectorize runs the lanes in vector accumulators
// starting at (-Inf, 0), and merges them after the loop (then the initial
// values, the same way). The merge is only valid for a finite M: a row
// whose maximum is ±Inf or NaN is run again by the scalar loop, so special
// values behave exactly as before.

// onlinePair is an online normalizer among a loop's carried values.
type onlinePair struct {
	mPos, sPos int     // positions of m and s among the carried values
	mType      ir.Type // the element type (of x and m)
	sType      ir.Type // the type of s (f64 for f32 elements)
}

// expIn returns exp(d) computed in type st (d of st or of a narrower float
// type, scalar or vector).
func expIn(b *ir.Builder, d ir.Value, st ir.Type) ir.Value {
	if vt, ok := d.Type().(*ir.VectorType); ok {
		if vt.Elem != st {
			d = arith.ExtF(b, b.Ctx.Vector(vt.Shape(), nil, st), d)
		}
	} else if d.Type() != st {
		d = arith.ExtF(b, st, d)
	}
	return arith.MathExp(b, d)
}

// finish combines the vector accumulators of vloop into the scalar values
// the tail starts from, at b: reductions by vector.reduction and their
// combining op with the initial value; online normalizers by the merge
// above, under a loops.if on their maxima being finite whose else branch
// runs the scalar loop over [lb, vub) instead.
func (p *vecPlan) finish(b *ir.Builder, vloop *ir.Operation, vub ir.Value) []ir.Value {
	l := p.l
	reduction := func(k int) ir.Value {
		r := p.carried[k].red
		t := l.Result(k).Type()
		red := vector.Reduction(b, t, vloop.Result(k), vector.KindAttr(vectorKinds[r.kind]))
		operands := []ir.Value{red, red}
		operands[r.accPos] = l.Operand(3 + k)
		// The loop's own combining op (with its attributes: fastmath).
		return b.Build(&ir.OperationState{Name: r.kind.Combiner(), Operands: operands, ResultTypes: []ir.Type{t}, Attrs: r.combine.Attrs()}).Result(0)
	}
	n := len(p.carried)
	finals := make([]ir.Value, n)
	if len(p.pairs) == 0 {
		for k := range finals {
			finals[k] = reduction(k)
		}
		return finals
	}
	maxima := make([]ir.Value, len(p.pairs))
	var finite ir.Value
	for i, pr := range p.pairs {
		maxima[i] = vector.Reduction(b, pr.mType, vloop.Result(pr.mPos), vector.KindAttr("maxf"))
		abs := arith.MathAbsF(b, maxima[i])
		c := arith.CmpF(b, "olt", abs, arith.Constant(b, ir.Float(pr.mType, math.Inf(1))))
		if finite == nil {
			finite = c
		} else {
			finite = arith.AndI(b, finite, c)
		}
	}
	ifOp := loops.If(b, finite, l.ResultTypes()...)
	// Else: the scalar loop over the vector loop's range.
	b.SetInsertionPointToEnd(ifOp.ElseBlock())
	again := b.Clone(l, ir.NewMapping())
	again.SetOperand(1, vub)
	loops.Yield(b, again.Results()...)
	// Then: merge the lanes.
	b.SetInsertionPointToEnd(ifOp.ThenBlock())
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
		mb := vector.Broadcast(b, vm.Type(), big)
		terms := arith.MulF(b, vs, expIn(b, arith.SubF(b, vm, mb), pr.sType))
		sum := vector.Reduction(b, pr.sType, terms, vector.KindAttr("add"))
		// Merge (M, S) into the initial (m0, s0).
		m1 := arith.MaxF(b, m0, big)
		grown := arith.AddF(b, arith.MulF(b, s0, expIn(b, arith.SubF(b, m0, big), pr.sType)), sum)
		same := arith.AddF(b, s0, arith.MulF(b, sum, expIn(b, arith.SubF(b, big, m0), pr.sType)))
		s1 := arith.Select(b, arith.CmpF(b, "ogt", big, m0), grown, same)
		s1 = arith.Select(b, arith.CmpF(b, "oeq", m1, arith.Constant(b, ir.Float(pr.mType, math.Inf(-1)))), s0, s1)
		finals[pr.mPos], finals[pr.sPos] = m1, s1
	}
	loops.Yield(b, finals...)
	b.SetInsertionPointAfter(ifOp.Op)
	return ifOp.Results()
}
