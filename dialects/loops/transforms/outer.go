package transforms

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/loops/analysis"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// Outer-loop vectorization: a loops.parallel (or a loops.for whose
// iterations are independent, as parallelize decides it, left sequential
// for lack of work) whose body holds loops the
// innermost vectorization left scalar, and whose accesses are unit-stride
// in the parallel loop's own induction variable, runs W of its iterations
// as the lanes of vectors. This is the form of a reduction over leading
// dimensions, which tensor-to-loops lowers as
//
//	loops.parallel (%j) = (0) to (C) {          // the kept (contiguous) dim
//	  %s = loops.for %i = 0 to N iter_args(%a = 0) {  // the reduced dim
//	    %x = loops.load %in[%i, %j]             // strided in %i
//	    ... loops.yield (%a + %x)
//	  }
//	  loops.store %s, %out[%j]
//	}
//
// (bias gradients, softmax over dim 0): vectorized, each vector iteration
// loads W consecutive elements of a row, %in[%i, %j..%j+W), into a vector
// accumulator whose lane l is the scalar loop of column %j+l. Every lane
// combines its elements in the scalar loop's order, so the results are
// bitwise the scalar code's (unlike the reductions of innermost loops,
// which split a sum over lanes). Iterations of a loops.parallel are
// independent by definition, so running W of them in lock step is valid
// whatever memory they touch; a loops.for qualifies when parallelize's
// independentIterations says so.
//
// The parallel loop must have one dimension of constant step 1, and its
// body only straight-line ops and loops.for nests (no loops.if, calls,
// allocations or vector ops: a body already vectorized inside is left
// alone); nested loops' bounds must not vary with the vectorized variable
// (their induction variables are then the same in every lane). Loads and
// stores that vary must be unit-stride in the last index and uniform in
// the others, as laneIndex defines it; a store must vary. Values computed
// only from uniform and invariant values stay scalars. The width is the
// one of the narrowest float type involved (WidthF32 or WidthF64); a loop
// with no float, or known to run fewer iterations, stays as it is. The
// rest of the iterations run in the original loop, now from the end of
// the vector iterations.

// outerPlan is a loops.parallel found vectorizable lane by lane.
type outerPlan struct {
	l       *ir.Operation
	width   int64
	varying map[ir.Value]bool
	index   map[ir.Value]bool // varying index values (kept scalar)
}

// planOuter checks a loops.parallel (or a loops.for whose iterations are
// independent) and returns its plan, or nil.
func planOuter(l *ir.Operation, o VectorizeOptions) *outerPlan {
	body := l.Region(0).Front()
	if l.NumOperands() != 3 || l.NumResults() != 0 || body == nil || body.NumArgs() != 1 {
		return nil
	}
	if s, ok := analysis.ConstInt(l.Operand(2)); !ok || s != 1 {
		return nil
	}
	nested := false
	okOps := true
	l.Walk(func(op *ir.Operation) {
		switch {
		case op == l:
		case op.Name() == loops.ForName:
			nested = true
		case op.NumRegions() > 0, op.Dialect() == "vector", op.Name() == loops.CallExternName, op.Name() == loops.AllocName,
			op.Name() == loops.DeallocName, op.Name() == loops.CopyName:
			okOps = false
		}
	})
	if !nested || !okOps || l.Name() == loops.ForName && !independentIterations(l) {
		return nil
	}
	iv := body.Arg(0)
	p := &outerPlan{l: l, varying: map[ir.Value]bool{iv: true}, index: map[ir.Value]bool{iv: true}}
	// Carried values that vary make the loops carrying them vary: analyze
	// until nothing more varies.
	for {
		n := len(p.varying)
		li, floatBits, ok := p.analyze(body)
		if !ok {
			return nil
		}
		if len(p.varying) != n {
			continue
		}
		switch floatBits {
		case 32:
			p.width = int64(o.WidthF32)
		case 64:
			p.width = int64(o.WidthF64)
		default:
			return nil
		}
		if n, ok := parallelTrips(l); ok && n < p.width || !li.check(p.width) {
			return nil
		}
		return p
	}
}

// parallelTrips returns the trip count of a one-dimensional loops.parallel
// (or a loops.for without carried values) with constant bounds.
func parallelTrips(l *ir.Operation) (int64, bool) {
	lb, ok1 := analysis.ConstInt(l.Operand(0))
	ub, ok2 := analysis.ConstInt(l.Operand(1))
	st, ok3 := analysis.ConstInt(l.Operand(2))
	if !ok1 || !ok2 || !ok3 || st <= 0 {
		return 0, false
	}
	return max(0, (ub-lb+st-1)/st), true
}

// analyze makes one pass over the body marking the values that vary
// lane by lane; it returns the lane analysis, the narrowest float width
// among varying values, and false when an op prevents vectorization.
func (p *outerPlan) analyze(body *ir.Block) (*laneIndex, int, bool) {
	li := newLaneIndex(body.Arg(0), p.l.Operand(0))
	isVarying := func(v ir.Value) bool { return p.varying[v] }
	floatBits := 0
	noteFloat := func(t ir.Type) {
		if ft, ok := t.(*ir.FloatType); ok {
			if w := ft.Width(); floatBits == 0 || w < floatBits {
				floatBits = w
			}
		}
	}
	// access checks the indices of a load or store; varies reports whether
	// it differs lane by lane.
	access := func(idx []ir.Value) (varies, ok bool) {
		for i, v := range idx {
			if !p.varying[v] {
				continue
			}
			s, known := li.laneStride(v, isVarying)
			if !known || !p.index[v] || i == len(idx)-1 && s != 1 || i < len(idx)-1 && s != 0 {
				return true, false
			}
			varies = varies || s != 0
		}
		if !varies {
			for _, v := range idx {
				if p.varying[v] {
					return false, false // lane-uniform but varying: not handled
				}
			}
		}
		return varies, true
	}
	var walk func(b *ir.Block) bool
	walk = func(b *ir.Block) bool {
		for op := range b.Ops() {
			varies := false
			for _, v := range op.Operands() {
				varies = varies || p.varying[v]
			}
			switch op.Name() {
			case loops.YieldName:
				continue
			case loops.ForName:
				for _, v := range op.Operands()[:3] {
					if p.varying[v] {
						return false
					}
				}
				fb := op.Region(0).Front()
				li.uniform(fb.Arg(0))
				y := fb.Terminator()
				for k := 3; k < op.NumOperands(); k++ {
					if p.varying[op.Operand(k)] || y != nil && p.varying[y.Operand(k-3)] {
						p.varying[fb.Arg(k-2)] = true
						p.varying[op.Result(k-3)] = true
						if !vectorElem(op.Result(k-3).Type()) || ir.IsIndex(op.Result(k-3).Type()) {
							return false
						}
						noteFloat(op.Result(k - 3).Type())
					}
				}
				if !walk(fb) {
					return false
				}
				continue
			case loops.LoadName:
				v, ok := access(op.Operands()[1:])
				if !ok {
					return false
				}
				if v {
					t := op.Result(0).Type()
					if !vectorElem(t) || ir.IsIndex(t) {
						return false
					}
					noteFloat(t)
					p.varying[op.Result(0)] = true
				}
				continue
			case loops.StoreName:
				v, ok := access(op.Operands()[2:])
				if !ok || !v || !vectorElem(op.Operand(0).Type()) || p.index[op.Operand(0)] {
					return false
				}
				noteFloat(op.Operand(0).Type())
				continue
			}
			if !varies {
				if !ir.IsMemoryEffectFree(op) {
					return false
				}
				continue
			}
			if d := op.Dialect(); d != "arith" && d != "math" || op.Name() == arith.ConstantName || op.NumResults() != 1 {
				return false
			}
			t := op.Result(0).Type()
			if ir.IsIndex(t) {
				switch op.Name() {
				case arith.AddIName, arith.SubIName, arith.MulIName:
				default:
					if !li.divRem(op, isVarying) {
						return false
					}
				}
				for _, v := range op.Operands() {
					if p.varying[v] && !p.index[v] {
						return false
					}
				}
				p.index[op.Result(0)] = true
			} else {
				if !vectorElem(t) {
					return false
				}
				for _, v := range op.Operands() {
					if p.index[v] || !p.varying[v] && !vectorElem(v.Type()) {
						return false
					}
				}
				noteFloat(t)
			}
			p.varying[op.Result(0)] = true
		}
		return true
	}
	if !walk(body) {
		return nil, 0, false
	}
	// Varying index values may only index buffers or feed index arithmetic.
	for v := range p.index {
		for u := range v.Uses() {
			o := u.Owner()
			switch {
			case o.Name() == loops.LoadName && u.Index() >= 1, o.Name() == loops.StoreName && u.Index() >= 2, o.NumResults() > 0 && p.index[o.Result(0)]:
			default:
				return nil, 0, false
			}
		}
	}
	return li, floatBits, true
}

// rewrite builds the vector loop before the parallel loop and makes the
// loop its tail (or erases it when the vector loop covers every
// iteration).
func (p *outerPlan) rewrite() {
	l := p.l
	ctx := l.Context()
	b := ir.NewBuilder(ctx)
	b.Loc = l.Loc()
	b.SetInsertionPointBefore(l)
	lb, ub := l.Operand(0), l.Operand(1)
	w := indexConst(b, p.width)
	trips, known := parallelTrips(l)
	lbc, lbConst := analysis.ConstInt(lb)
	var vub ir.Value
	switch {
	case known && lbConst && trips%p.width == 0:
		vub = ub
	case known && lbConst:
		vub = indexConst(b, lbc+trips/p.width*p.width)
	default:
		vub = arith.SubI(b, ub, arith.RemSI(b, arith.SubI(b, ub, lb), w))
	}
	var vbody *ir.Block
	if l.Name() == loops.ParallelName {
		vbody = loops.Parallel(b, []ir.Value{lb}, []ir.Value{vub}, []ir.Value{w}).BodyBlock()
	} else {
		vbody = loops.For(b, lb, vub, w).BodyBlock()
	}
	e := &laneEmitter{p: p, scalars: ir.NewMapping(), vecs: map[ir.Value]ir.Value{}, bcast: map[ir.Value]ir.Value{}, outside: l}
	body := l.Region(0).Front()
	e.scalars.Map(body.Arg(0), vbody.Arg(0))
	nb := ir.NewBuilder(ctx)
	nb.SetInsertionPointToEnd(vbody)
	e.block(nb, body, nil)
	if known && lbConst && trips%p.width == 0 {
		l.Erase()
		return
	}
	l.SetOperand(0, vub)
}

// laneEmitter builds the vectorized body.
type laneEmitter struct {
	p       *outerPlan
	scalars *ir.Mapping
	vecs    map[ir.Value]ir.Value // varying values: their vectors
	bcast   map[ir.Value]ir.Value // scalars broadcast to vectors
	outside *ir.Operation         // the original loop: values defined outside it are broadcast before the new one
}

func (e *laneEmitter) vt(t ir.Type) ir.Type {
	return e.p.l.Context().Vector([]int64{e.p.width}, nil, t)
}

// vec returns the vector of a value: its vectorized form, or the
// broadcast of its scalar (right after the scalar's definition, or before
// the loop for values from outside it).
func (e *laneEmitter) vec(v ir.Value) ir.Value {
	if x, ok := e.vecs[v]; ok {
		return x
	}
	s := e.scalars.Lookup(v)
	if x, ok := e.bcast[s]; ok {
		return x
	}
	at := ir.NewBuilder(e.p.l.Context())
	at.Loc = e.p.l.Loc()
	switch {
	case !ir.IsDefinedInside(v, e.outside):
		at.SetInsertionPointBefore(e.outside)
		// Before the vector loop, which sits right before the original.
		if prev := e.outside.Prev(); prev != nil && prev.Name() == e.outside.Name() {
			at.SetInsertionPointBefore(prev)
		}
	case ir.DefiningOp(s) != nil:
		at.SetInsertionPointAfter(ir.DefiningOp(s))
	default:
		at.SetInsertionPointToStart(s.(*ir.BlockArgument).Owner())
	}
	e.bcast[s] = vector.Broadcast(at, e.vt(s.Type()), s)
	return e.bcast[s]
}

func (e *laneEmitter) mapped(vs []ir.Value) []ir.Value {
	out := make([]ir.Value, len(vs))
	for i, v := range vs {
		out[i] = e.scalars.Lookup(v)
	}
	return out
}

// block emits the vectorized ops of src at b; loop is the loops.for whose
// body src is (nil for the parallel loop's).
func (e *laneEmitter) block(b *ir.Builder, src *ir.Block, loop *ir.Operation) {
	p := e.p
	for op := range src.Ops() {
		b.Loc = op.Loc()
		switch {
		case op.Name() == loops.YieldName:
			var ys []ir.Value
			for k, v := range op.Operands() {
				if loop != nil && p.varying[loop.Result(k)] {
					ys = append(ys, e.vec(v))
				} else {
					ys = append(ys, e.scalars.Lookup(v))
				}
			}
			loops.Yield(b, ys...)
		case op.Name() == loops.ForName:
			var inits []ir.Value
			for k, v := range op.Operands()[3:] {
				if p.varying[op.Result(k)] {
					inits = append(inits, e.vec(v))
				} else {
					inits = append(inits, e.scalars.Lookup(v))
				}
			}
			f := loops.For(b, e.scalars.Lookup(op.Operand(0)), e.scalars.Lookup(op.Operand(1)), e.scalars.Lookup(op.Operand(2)), inits...)
			if kinds := loops.ReductionKinds(op); kinds != nil {
				f.SetReductionKinds(kinds) // lane by lane, in the same order
			}
			fb := op.Region(0).Front()
			e.scalars.Map(fb.Arg(0), f.InductionVar())
			for k := range op.Results() {
				if p.varying[op.Result(k)] {
					e.vecs[fb.Arg(1+k)] = f.BodyBlock().Arg(1 + k)
					e.vecs[op.Result(k)] = f.Op.Result(k)
				} else {
					e.scalars.Map(fb.Arg(1+k), f.BodyBlock().Arg(1+k))
					e.scalars.Map(op.Result(k), f.Op.Result(k))
				}
			}
			inner := ir.NewBuilder(b.Ctx)
			inner.SetInsertionPointToEnd(f.BodyBlock())
			e.block(inner, fb, op)
		case op.Name() == loops.LoadName && p.varying[op.Result(0)]:
			e.vecs[op.Result(0)] = vector.Load(b, e.vt(op.Result(0).Type()), e.scalars.Lookup(op.Operand(0)), e.mapped(op.Operands()[1:])...)
		case op.Name() == loops.StoreName:
			vector.Store(b, e.vec(op.Operand(0)), e.scalars.Lookup(op.Operand(1)), e.mapped(op.Operands()[2:])...)
		case op.NumResults() == 1 && p.varying[op.Result(0)] && !p.index[op.Result(0)]:
			var operands []ir.Value
			for _, v := range op.Operands() {
				operands = append(operands, e.vec(v))
			}
			nv := b.Build(&ir.OperationState{Name: op.Name(), Operands: operands, ResultTypes: []ir.Type{e.vt(op.Result(0).Type())}, Attrs: op.Attrs()})
			e.vecs[op.Result(0)] = nv.Result(0)
		default:
			b.Clone(op, e.scalars)
		}
	}
}

// vectorizeOuter vectorizes the loops planOuter accepts, outermost first
// (the loops nested in a vectorized one are not considered again).
func vectorizeOuter(root *ir.Operation, o VectorizeOptions, st *VectorizeStats) {
	var cands []*ir.Operation
	root.WalkPreOrder(func(op *ir.Operation) ir.WalkResult {
		if op.Name() == loops.ParallelName || op.Name() == loops.ForName {
			cands = append(cands, op)
		}
		return ir.WalkAdvance
	})
	done := map[*ir.Operation]bool{}
	for _, l := range cands {
		if done[l] {
			continue
		}
		if p := planOuter(l, o); p != nil {
			l.Walk(func(op *ir.Operation) { done[op] = true })
			p.rewrite()
			st.Outer++
		}
	}
}
