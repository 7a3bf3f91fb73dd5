package transforms

import (
	"runtime"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/loops/analysis"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// DefaultMinChunk is the least work per thread (iterations of innermost
// loops) worth parallelizing: Inductor's cpp.min_chunk_size.
const DefaultMinChunk = 512

// DefaultParallelBlock is the number of iterations of an innermost loop
// per parallel iteration when parallelize strip-mines it.
const DefaultParallelBlock = 512

// ParallelizeOptions configure Parallelize.
type ParallelizeOptions struct {
	// Threads is the number of threads the code runs on (Inductor's
	// torch.get_num_threads()); 0 means runtime.GOMAXPROCS(0).
	Threads int
	// MinChunk is the least work per thread, in iterations of innermost
	// loops; 0 means DefaultMinChunk.
	MinChunk int
	// Block is the number of iterations of a strip-mined innermost loop
	// per parallel iteration; 0 means DefaultParallelBlock.
	Block int
}

// ParallelizeStats reports what Parallelize did.
type ParallelizeStats struct {
	Nests      int // outermost loop nests examined
	Parallel   int // loops.parallel ops created
	Loops      int // loops.for ops that became (part of) a parallel dimension
	StripMined int // innermost loops split into blocks to run in parallel
	Small      int // nests left sequential because their work is below the minimum chunk
	Dependent  int // nests left sequential because their outermost loop is not parallel (a reduction, or iterations that may touch the same elements)
}

// Parallelize turns the outer loops of the loop nests in root whose
// iterations are independent into loops.parallel, with Inductor's CPU
// heuristic (decide_parallel_depth): walking a nest's perfectly nested
// loops from the outermost, it stops when the parallel iteration count
// reaches 2·threads (or equals threads), when the work per thread of what
// is left falls below the minimum chunk, or at the first loop whose
// iterations are not independent. A loop's iterations are independent when
// it carries no values (so reductions are never split across the reduced
// dimension) and every buffer it writes (other than buffers it allocates
// itself) is accessed, element by element, at indices whose component in
// some dimension is a·iv + c + r, with the same a ≠ 0 and loop-invariant c
// for every access and r, a combination of inner induction variables and
// constants, spanning less than |a·step|: each iteration then owns its own
// slice of the buffer. Calls, copies into written buffers and ops of
// unknown effect keep a loop sequential.
//
// The chosen loops of a nest collapse into one 1-D loops.parallel (several
// loops are linearized: the induction variables are recovered with divui
// and remui, like OpenMP's collapse). When the innermost loop of a nest
// would become parallel it is strip-mined first: the parallel dimension
// runs over blocks of o.Block iterations and a loops.for runs each block,
// so that vectorize still sees a unit-stride innermost loop.
func Parallelize(root *ir.Operation, o ParallelizeOptions) (ParallelizeStats, error) {
	pz := &parallelizer{threads: float64(o.Threads), minChunk: float64(o.MinChunk), block: int64(o.Block)}
	if pz.threads <= 0 {
		pz.threads = float64(runtime.GOMAXPROCS(0))
	}
	if pz.minChunk <= 0 {
		pz.minChunk = DefaultMinChunk
	}
	if pz.block <= 0 {
		pz.block = DefaultParallelBlock
	}
	var nests []*ir.Operation
	root.Walk(func(op *ir.Operation) {
		if op.Name() == loops.ForName && outermostLoop(op) {
			nests = append(nests, op)
		}
	})
	for _, l := range nests {
		pz.nest(l)
	}
	return pz.stats, ir.Verify(root)
}

type parallelizer struct {
	threads, minChunk float64
	block             int64
	stats             ParallelizeStats
}

// outermostLoop reports whether op is inside no loop of its function (any
// op with the loop interface counts; the search stops at the callable op).
func outermostLoop(op *ir.Operation) bool {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		switch {
		case ir.LoopInterfaceOf(p) != nil:
			return false
		case ir.CallableInterfaceOf(p) != nil:
			return true
		}
	}
	return true
}

// nest parallelizes the outer loops of the nest rooted at l0.
func (pz *parallelizer) nest(l0 *ir.Operation) {
	pz.stats.Nests++
	var chain []*ir.Operation
	par, seq := 1.0, analysis.TripHint(l0)*analysis.BlockWork(l0.Region(0).Front())
	small, dependent := false, false
	for l := l0; l != nil; l = soleInnerLoop(l) {
		if par >= 2*pz.threads || par == pz.threads {
			break
		}
		if seq/pz.threads < pz.minChunk {
			small = true
			break
		}
		if !independentIterations(l) || (len(chain) > 0 && !boundsOutside(l, l0)) {
			dependent = true
			break
		}
		t := analysis.TripHint(l)
		chain = append(chain, l)
		par *= t
		seq /= max(t, 1)
	}
	if n := len(chain); n > 0 && !analysis.HasLoop(chain[n-1].Region(0).Front()) {
		// The innermost loop: run blocks of it in parallel.
		if trips, ok := analysis.TripCount(chain[n-1]); ok && trips <= pz.block {
			chain = chain[:n-1]
		} else {
			chain[n-1] = pz.stripMine(chain[n-1], chain[0])
			pz.stats.StripMined++
		}
	}
	if len(chain) == 0 {
		switch {
		case small:
			pz.stats.Small++
		case dependent:
			pz.stats.Dependent++
		}
		return
	}
	pz.collapse(chain)
}

// soleInnerLoop returns the loops.for that l's body holds when it is the
// only op with regions there and every other op is pure (so the nest can
// collapse), else nil.
func soleInnerLoop(l *ir.Operation) *ir.Operation {
	var inner *ir.Operation
	for op := range l.Region(0).Front().Ops() {
		switch {
		case op.Name() == loops.ForName:
			if inner != nil {
				return nil
			}
			inner = op
		case op.HasTrait(ir.ReturnLike):
		case op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op):
			return nil
		}
	}
	return inner
}

// boundsOutside reports whether the bounds of l are defined outside l0.
func boundsOutside(l, l0 *ir.Operation) bool {
	for _, v := range l.Operands()[:3] {
		if ir.IsDefinedInside(v, l0) {
			return false
		}
	}
	return true
}

// access is one access of a buffer: its indices and the number of
// consecutive elements along the last dimension it touches.
type access struct {
	idx   []ir.Value
	lanes int64
}

// effectsAllowParallel records the buffers an op other than an indexed
// load or store touches, from its declared memory effects: a buffer it
// reads or writes is touched whole (a copy, an extern kernel), so no other
// iteration may write it. It reports false for effects that forbid running
// iterations at once: unknown ones, effects on unknown memory, and freeing
// a buffer allocated outside the loop. Ops with regions contribute the
// effects of their nested ops, which the caller's walk visits.
func effectsAllowParallel(o, l *ir.Operation, written, whole map[ir.Value]bool) bool {
	if o.HasTrait(ir.RecursiveMemoryEffects) {
		return true
	}
	effs, known := ir.Effects(o)
	if !known {
		return false
	}
	for _, e := range effs {
		switch {
		case e.Kind == ir.EffectAlloc:
		case e.Value == nil:
			return false
		case e.Kind == ir.EffectFree:
			if !ir.IsDefinedInside(e.Value, l) {
				return false
			}
		case e.Kind == ir.EffectWrite:
			whole[e.Value], written[e.Value] = true, true
		default:
			whole[e.Value] = true
		}
	}
	return true
}

// independentIterations reports whether the iterations of the loops.for l
// may run in any order or at once (see Parallelize).
func independentIterations(l *ir.Operation) bool {
	if l.NumResults() > 0 || l.NumOperands() != 3 {
		return false
	}
	body := l.Region(0).Front()
	if body == nil || body.NumArgs() != 1 {
		return false
	}
	accs := map[ir.Value][]access{}
	written := map[ir.Value]bool{}
	whole := map[ir.Value]bool{}
	ok := true
	vectorLanes := func(t ir.Type) int64 {
		if v, isVec := t.(*ir.VectorType); isVec && v.Rank() == 1 {
			return v.Shape()[0]
		}
		ok = false
		return 1
	}
	for op := range body.Ops() {
		op.Walk(func(o *ir.Operation) {
			switch o.Name() {
			case loops.LoadName:
				accs[o.Operand(0)] = append(accs[o.Operand(0)], access{o.Operands()[1:], 1})
			case loops.StoreName:
				accs[o.Operand(1)] = append(accs[o.Operand(1)], access{o.Operands()[2:], 1})
				written[o.Operand(1)] = true
			case vector.LoadName:
				accs[o.Operand(0)] = append(accs[o.Operand(0)], access{o.Operands()[1:], vectorLanes(o.Result(0).Type())})
			case vector.StoreName:
				accs[o.Operand(1)] = append(accs[o.Operand(1)], access{o.Operands()[2:], vectorLanes(o.Operand(0).Type())})
				written[o.Operand(1)] = true
			default:
				ok = ok && effectsAllowParallel(o, l, written, whole)
			}
		})
	}
	if !ok {
		return false
	}
	step := int64(1)
	if s, isConst := analysis.ConstInt(l.Operand(2)); isConst && s > 0 {
		step = s
	}
	memo := map[ir.Value]analysis.Linear{}
	for buf := range written {
		if ir.IsDefinedInside(buf, l) {
			continue
		}
		if whole[buf] || !disjointSlices(accs[buf], l, body.Arg(0), step, memo) {
			return false
		}
	}
	return true
}

// disjointSlices reports whether some dimension d separates the accesses
// of different iterations of l: every access's index d is a·iv + c + r
// with the same a and the same loop-invariant c, and the offsets r (inner
// induction variables and constants) span less than |a·step|.
func disjointSlices(accs []access, l *ir.Operation, iv ir.Value, step int64, memo map[ir.Value]analysis.Linear) bool {
	if len(accs) == 0 {
		return true
	}
	rank := len(accs[0].idx)
	for _, a := range accs {
		if len(a.idx) != rank {
			return false
		}
	}
	for d := range rank {
		if separates(accs, d, rank, l, iv, step, memo) {
			return true
		}
	}
	return false
}

func separates(accs []access, d, rank int, l *ir.Operation, iv ir.Value, step int64, memo map[ir.Value]analysis.Linear) bool {
	var coef int64
	var outer map[ir.Value]int64
	var lo, hi int64
	for n, a := range accs {
		f := analysis.LinearOf(a.idx[d], memo)
		k := f.Terms[iv]
		if k == 0 || (n > 0 && k != coef) {
			return false
		}
		inv := map[ir.Value]int64{}
		olo, ohi := f.Const, f.Const
		for v, x := range f.Terms {
			if v == iv {
				continue
			}
			if !ir.IsDefinedInside(v, l) {
				inv[v] = x
				continue
			}
			vlo, vhi, ok := analysis.InductionRange(v)
			if !ok {
				return false
			}
			a, b := x*vlo, x*vhi
			olo += min(a, b)
			ohi += max(a, b)
		}
		if d == rank-1 {
			ohi += a.lanes - 1
		}
		if n == 0 {
			coef, outer, lo, hi = k, inv, olo, ohi
			continue
		}
		if len(inv) != len(outer) {
			return false
		}
		for v, x := range inv {
			if outer[v] != x {
				return false
			}
		}
		lo, hi = min(lo, olo), max(hi, ohi)
	}
	span := coef * step
	if span < 0 {
		span = -span
	}
	return hi-lo < span
}

// tripValue returns the trip count of a loops.for as a value created at
// b's insertion point: max(ub - lb, 0) ceildiv step.
func tripValue(b *ir.Builder, l *ir.Operation) ir.Value {
	if n, ok := analysis.TripCount(l); ok {
		return indexConst(b, n)
	}
	lb, ub, st := analysis.ForBounds(l)
	span := arith.MaxSI(b, arith.SubI(b, ub, lb), indexConst(b, 0))
	if s, ok := analysis.ConstInt(st); ok && s == 1 {
		return span
	}
	return arith.CeilDivSI(b, span, st)
}

// stripMine rewrites the innermost loop l as
//
//	loops.for %b = 0 to ceildiv(trips, B) step 1 {
//	  %lo = lb + %b·B·step ; %hi = minsi(%lo + B·step, ub)
//	  loops.for %i = %lo to %hi step step { ... }
//	}
//
// and returns the outer loop. The sizes are computed before the op at,
// the outermost loop of the nest (l's bounds are defined before it).
func (pz *parallelizer) stripMine(l, at *ir.Operation) *ir.Operation {
	b := ir.NewBuilder(l.Context())
	b.Loc = l.Loc()
	b.SetInsertionPointBefore(at)
	lb, ub, st := analysis.ForBounds(l)
	n := tripValue(b, l)
	var nb, chunk ir.Value
	if c, ok := analysis.ConstInt(n); ok {
		nb = indexConst(b, (c+pz.block-1)/pz.block)
	} else {
		nb = arith.CeilDivSI(b, n, indexConst(b, pz.block))
	}
	if s, ok := analysis.ConstInt(st); ok {
		chunk = indexConst(b, s*pz.block)
	} else {
		chunk = arith.MulI(b, indexConst(b, pz.block), st)
	}
	zero, one := indexConst(b, 0), indexConst(b, 1)
	b.SetInsertionPointBefore(l)
	outer := loops.For(b, zero, nb, one)
	body := outer.BodyBlock()
	b.SetInsertionPointToEnd(body)
	lo := arith.AddI(b, lb, arith.MulI(b, body.Arg(0), chunk))
	hi := arith.MinSI(b, arith.AddI(b, lo, chunk), ub)
	yield := loops.Yield(b)
	l.MoveBefore(yield.Op)
	l.SetOperand(0, lo)
	l.SetOperand(1, hi)
	return outer.Op
}

// collapse replaces the perfectly nested loops of chain (outermost first)
// by one loops.parallel over their linearized iteration space.
func (pz *parallelizer) collapse(chain []*ir.Operation) {
	l0 := chain[0]
	b := ir.NewBuilder(l0.Context())
	b.Loc = l0.Loc()
	b.SetInsertionPointBefore(l0)
	lb, ub, st := analysis.ForBounds(l0)
	trips := make([]ir.Value, len(chain))
	if len(chain) > 1 {
		for m, l := range chain {
			trips[m] = tripValue(b, l)
		}
		total := trips[0]
		for _, n := range trips[1:] {
			total = mulIndex(b, total, n)
		}
		lb, st, ub = indexConst(b, 0), indexConst(b, 1), total
	}
	par := loops.Parallel(b, []ir.Value{lb}, []ir.Value{ub}, []ir.Value{st})
	body := par.BodyBlock()
	b.SetInsertionPointToEnd(body)
	ivs := make([]ir.Value, len(chain))
	if len(chain) == 1 {
		ivs[0] = body.Arg(0)
	} else {
		var rest ir.Value = body.Arg(0)
		for m := len(chain) - 1; m >= 0; m-- {
			idx := rest
			if m > 0 {
				idx = arith.RemUI(b, rest, trips[m])
				rest = arith.DivUI(b, rest, trips[m])
			}
			mlb, _, mst := analysis.ForBounds(chain[m])
			ivs[m] = affineIV(b, mlb, idx, mst)
		}
	}
	yield := loops.Yield(b)
	inlineBody(chain[0], ivs[0], yield.Op)
	for m := 1; m < len(chain); m++ {
		inlineBody(chain[m], ivs[m], chain[m])
		chain[m].Erase()
	}
	chain[0].Erase()
	pz.stats.Parallel++
	pz.stats.Loops += len(chain)
}

// indexConst creates an index constant at b's insertion point.
func indexConst(b *ir.Builder, v int64) ir.Value { return arith.Constant(b, ir.Int(b.Ctx.Index(), v)) }

// mulIndex multiplies two index values, folding constants.
func mulIndex(b *ir.Builder, x, y ir.Value) ir.Value {
	cx, okx := analysis.ConstInt(x)
	cy, oky := analysis.ConstInt(y)
	if okx && oky && cx > -1<<31 && cx < 1<<31 && cy > -1<<31 && cy < 1<<31 {
		return indexConst(b, cx*cy)
	}
	return arith.MulI(b, x, y)
}

// affineIV returns lb + idx·step, without the operations that constants
// make useless.
func affineIV(b *ir.Builder, lb, idx, step ir.Value) ir.Value {
	v := idx
	if s, ok := analysis.ConstInt(step); !ok || s != 1 {
		v = arith.MulI(b, v, step)
	}
	if c, ok := analysis.ConstInt(lb); !ok || c != 0 {
		v = arith.AddI(b, lb, v)
	}
	return v
}

// inlineBody moves the body of loop l (but its terminator) before pos,
// with the induction variable replaced by iv.
func inlineBody(l *ir.Operation, iv ir.Value, pos *ir.Operation) {
	body := l.Region(0).Front()
	body.Arg(0).ReplaceAllUsesWith(iv)
	for op := body.First(); op != nil; {
		next := op.Next()
		if op.HasTrait(ir.Terminator) {
			break
		}
		op.MoveBefore(pos)
		op = next
	}
}

// IndependentIterations reports whether the iterations of the loops.for l
// may run in any order or at once: it carries no values, and the buffers
// it writes are written at disjoint slices per iteration (the test
// Parallelize uses; the GPU mapping uses it too).
func IndependentIterations(l *ir.Operation) bool { return independentIterations(l) }
