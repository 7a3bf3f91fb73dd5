package lowering

import (
	"runtime"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
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
		if err := pz.nest(l); err != nil {
			return pz.stats, err
		}
	}
	return pz.stats, nil
}

type parallelizer struct {
	threads, minChunk float64
	block             int64
	stats             ParallelizeStats
}

// outermostLoop reports whether op is inside no loop.
func outermostLoop(op *ir.Operation) bool {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		switch p.Name() {
		case loops.ForName, loops.ParallelName:
			return false
		case function.FuncName:
			return true
		}
	}
	return true
}

// nest parallelizes the outer loops of the nest rooted at l0.
func (pz *parallelizer) nest(l0 *ir.Operation) error {
	pz.stats.Nests++
	var chain []*ir.Operation
	par, seq := 1.0, tripHint(l0)*blockWork(l0.Region(0).Front())
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
		t := tripHint(l)
		chain = append(chain, l)
		par *= t
		seq /= max(t, 1)
	}
	if n := len(chain); n > 0 && !hasLoop(chain[n-1].Region(0).Front()) {
		// The innermost loop: run blocks of it in parallel.
		if trips, ok := tripCount(chain[n-1]); ok && trips <= pz.block {
			chain = chain[:n-1]
		} else {
			blocks, err := pz.stripMine(chain[n-1], chain[0])
			if err != nil {
				return err
			}
			chain[n-1] = blocks
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
		return nil
	}
	return pz.collapse(chain)
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
		case op.Name() == loops.YieldName:
		case op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op):
			return nil
		}
	}
	return inner
}

// boundsOutside reports whether the bounds of l are defined outside l0.
func boundsOutside(l, l0 *ir.Operation) bool {
	for _, v := range l.Operands()[:3] {
		if definedIn(v, l0) {
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
			case loops.CopyName:
				whole[o.Operand(0)], whole[o.Operand(1)], written[o.Operand(1)] = true, true, true
			case loops.CallExternName:
				for _, v := range o.Operands() {
					if _, isBuf := v.Type().(*ir.MemRefType); isBuf {
						whole[v], written[v] = true, true
					}
				}
			case loops.DeallocName:
				ok = ok && definedIn(o.Operand(0), l)
			case loops.AllocName, loops.ForName, loops.IfName, loops.ParallelName, loops.YieldName, loops.DimName:
			default:
				if !ir.IsMemoryEffectFree(o) {
					ok = false
				}
			}
		})
	}
	if !ok {
		return false
	}
	step := int64(1)
	if s, isConst := constInt(l.Operand(2)); isConst && s > 0 {
		step = s
	}
	memo := map[ir.Value]linear{}
	for buf := range written {
		if definedIn(buf, l) {
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
func disjointSlices(accs []access, l *ir.Operation, iv ir.Value, step int64, memo map[ir.Value]linear) bool {
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

func separates(accs []access, d, rank int, l *ir.Operation, iv ir.Value, step int64, memo map[ir.Value]linear) bool {
	var coef int64
	var outer map[ir.Value]int64
	var lo, hi int64
	for n, a := range accs {
		f := linearOf(a.idx[d], memo)
		k := f.terms[iv]
		if k == 0 || (n > 0 && k != coef) {
			return false
		}
		inv := map[ir.Value]int64{}
		olo, ohi := f.c, f.c
		for v, x := range f.terms {
			if v == iv {
				continue
			}
			if !definedIn(v, l) {
				inv[v] = x
				continue
			}
			vlo, vhi, ok := inductionRange(v)
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

// inductionRange returns the smallest and largest value of an induction
// variable of a loops.for or loops.parallel with constant bounds.
func inductionRange(v ir.Value) (int64, int64, bool) {
	arg, ok := v.(*ir.BlockArgument)
	if !ok || arg.Owner() == nil || arg.Owner().ParentOp() == nil {
		return 0, 0, false
	}
	op := arg.Owner().ParentOp()
	var lbV, ubV, stV ir.Value
	switch {
	case op.Name() == loops.ForName && arg.Index() == 0:
		lbV, ubV, stV = forBounds(op)
	case op.Name() == loops.ParallelName && arg.Index() < len(op.OperandGroup(0)):
		i := arg.Index()
		lbV, ubV, stV = op.OperandGroup(0)[i], op.OperandGroup(1)[i], op.OperandGroup(2)[i]
	default:
		return 0, 0, false
	}
	lb, ok1 := constInt(lbV)
	ub, ok2 := constInt(ubV)
	st, ok3 := constInt(stV)
	if !ok1 || !ok2 || !ok3 || st <= 0 || !small(lb) || !small(ub) {
		return 0, 0, false
	}
	if ub <= lb {
		return lb, lb, true
	}
	return lb, lb + (ub-lb-1)/st*st, true
}

// tripValue returns the trip count of a loops.for as a value created at
// b's insertion point: max(ub - lb, 0) ceildiv step.
func tripValue(b *ir.Builder, l *ir.Operation) (ir.Value, error) {
	loc := l.Loc()
	if n, ok := tripCount(l); ok {
		return indexConst(b, loc, n)
	}
	lb, ub, st := forBounds(l)
	span, err := indexOp(b, loc, arith.SubIName, ub, lb)
	if err != nil {
		return nil, err
	}
	zero, err := indexConst(b, loc, 0)
	if err != nil {
		return nil, err
	}
	if span, err = indexOp(b, loc, arith.MaxSIName, span, zero); err != nil {
		return nil, err
	}
	if s, ok := constInt(st); ok && s == 1 {
		return span, nil
	}
	return indexOp(b, loc, arith.CeilDivSIName, span, st)
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
func (pz *parallelizer) stripMine(l, at *ir.Operation) (*ir.Operation, error) {
	loc := l.Loc()
	b := ir.NewBuilder(l.Context())
	b.SetInsertionPointBefore(at)
	lb, ub, st := forBounds(l)
	n, err := tripValue(b, l)
	if err != nil {
		return nil, err
	}
	var nb, chunk ir.Value
	if c, ok := constInt(n); ok {
		nb, err = indexConst(b, loc, (c+pz.block-1)/pz.block)
	} else {
		var bv ir.Value
		if bv, err = indexConst(b, loc, pz.block); err == nil {
			nb, err = indexOp(b, loc, arith.CeilDivSIName, n, bv)
		}
	}
	if err != nil {
		return nil, err
	}
	if s, ok := constInt(st); ok {
		chunk, err = indexConst(b, loc, s*pz.block)
	} else {
		var bv ir.Value
		if bv, err = indexConst(b, loc, pz.block); err == nil {
			chunk, err = indexOp(b, loc, arith.MulIName, bv, st)
		}
	}
	if err != nil {
		return nil, err
	}
	zero, err := indexConst(b, loc, 0)
	if err != nil {
		return nil, err
	}
	one, err := indexConst(b, loc, 1)
	if err != nil {
		return nil, err
	}
	b.SetInsertionPointBefore(l)
	outer, body, err := newFor(b, loc, zero, nb, one)
	if err != nil {
		return nil, err
	}
	b.SetInsertionPointToStart(body)
	off, err := indexOp(b, loc, arith.MulIName, body.Arg(0), chunk)
	if err != nil {
		return nil, err
	}
	lo, err := indexOp(b, loc, arith.AddIName, lb, off)
	if err != nil {
		return nil, err
	}
	hi, err := indexOp(b, loc, arith.AddIName, lo, chunk)
	if err != nil {
		return nil, err
	}
	if hi, err = indexOp(b, loc, arith.MinSIName, hi, ub); err != nil {
		return nil, err
	}
	l.MoveBefore(body.Terminator())
	l.SetOperand(0, lo)
	l.SetOperand(1, hi)
	return outer, nil
}

// newFor creates an empty loops.for without carried values (its body
// holds only loops.yield) at b's insertion point.
func newFor(b *ir.Builder, loc ir.Location, lb, ub, step ir.Value) (*ir.Operation, *ir.Block, error) {
	st := &ir.OperationState{Name: loops.ForName, Loc: loc, Operands: []ir.Value{lb, ub, step}, ResultTypes: []ir.Type{}}
	region := st.AddRegion()
	op, err := b.Create(st)
	if err != nil {
		return nil, nil, err
	}
	body := ir.NewBlock([]ir.Type{b.Ctx.Index()}, []ir.Location{loc})
	region.PushBack(body)
	ip := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(body)
	_, err = b.Create(&ir.OperationState{Name: loops.YieldName, Loc: loc})
	b.RestoreInsertionPoint(ip)
	return op, body, err
}

// collapse replaces the perfectly nested loops of chain (outermost first)
// by one loops.parallel over their linearized iteration space.
func (pz *parallelizer) collapse(chain []*ir.Operation) error {
	l0 := chain[0]
	loc := l0.Loc()
	b := ir.NewBuilder(l0.Context())
	b.SetInsertionPointBefore(l0)
	lb, ub, st := forBounds(l0)
	trips := make([]ir.Value, len(chain))
	if len(chain) > 1 {
		var err error
		for m, l := range chain {
			if trips[m], err = tripValue(b, l); err != nil {
				return err
			}
		}
		total := trips[0]
		for _, n := range trips[1:] {
			if total, err = mulIndex(b, loc, total, n); err != nil {
				return err
			}
		}
		if lb, err = indexConst(b, loc, 0); err != nil {
			return err
		}
		if st, err = indexConst(b, loc, 1); err != nil {
			return err
		}
		ub = total
	}
	state := &ir.OperationState{Name: loops.ParallelName, Loc: loc, Operands: []ir.Value{lb, ub, st}, ResultTypes: []ir.Type{}}
	state.AddAttr("operand_segment_sizes", &ir.DenseArrayAttr{Elem: b.Ctx.I32(), Ints: []int64{1, 1, 1}})
	region := state.AddRegion()
	par, err := b.Create(state)
	if err != nil {
		return err
	}
	body := ir.NewBlock([]ir.Type{b.Ctx.Index()}, []ir.Location{loc})
	region.PushBack(body)
	b.SetInsertionPointToEnd(body)
	ivs := make([]ir.Value, len(chain))
	if len(chain) == 1 {
		ivs[0] = body.Arg(0)
	} else {
		var rest ir.Value = body.Arg(0)
		for m := len(chain) - 1; m >= 0; m-- {
			idx := rest
			if m > 0 {
				if idx, err = indexOp(b, loc, arith.RemUIName, rest, trips[m]); err != nil {
					return err
				}
				if rest, err = indexOp(b, loc, arith.DivUIName, rest, trips[m]); err != nil {
					return err
				}
			}
			mlb, _, mst := forBounds(chain[m])
			if ivs[m], err = affineIV(b, loc, mlb, idx, mst); err != nil {
				return err
			}
		}
	}
	yield, err := b.Create(&ir.OperationState{Name: loops.YieldName, Loc: loc})
	if err != nil {
		return err
	}
	inlineBody(chain[0], ivs[0], yield)
	for m := 1; m < len(chain); m++ {
		inlineBody(chain[m], ivs[m], chain[m])
		chain[m].Erase()
	}
	chain[0].Erase()
	pz.stats.Parallel++
	pz.stats.Loops += len(chain)
	_ = par
	return nil
}

// mulIndex multiplies two index values, folding constants.
func mulIndex(b *ir.Builder, loc ir.Location, x, y ir.Value) (ir.Value, error) {
	cx, okx := constInt(x)
	cy, oky := constInt(y)
	if okx && oky && small(cx) && small(cy) {
		return indexConst(b, loc, cx*cy)
	}
	return indexOp(b, loc, arith.MulIName, x, y)
}

// affineIV returns lb + idx·step, without the operations that constants
// make useless.
func affineIV(b *ir.Builder, loc ir.Location, lb, idx, step ir.Value) (ir.Value, error) {
	v := idx
	var err error
	if s, ok := constInt(step); !ok || s != 1 {
		if v, err = indexOp(b, loc, arith.MulIName, v, step); err != nil {
			return nil, err
		}
	}
	if c, ok := constInt(lb); !ok || c != 0 {
		if v, err = indexOp(b, loc, arith.AddIName, lb, v); err != nil {
			return nil, err
		}
	}
	return v, nil
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

// parallelizePass is the parallelize pass.
type parallelizePass struct {
	pass.Base
	threads, minChunk, block                        *int
	nests, parallel, loopsStat, strip, small, depen *pass.Statistic
}

// NewParallelizePass returns the parallelize pass.
func NewParallelizePass() pass.Pass {
	p := &parallelizePass{Base: pass.NewBase(pass.Info{
		Argument: "parallelize",
		Name:     "Parallelize",
		Summary:  "Run the outer loops of independent iterations on threads (loops.parallel)",
		Description: "Walks every loop nest from its outermost loop and turns the loops whose iterations are " +
			"independent (no carried values, each iteration writing its own slice of every buffer) into one " +
			"loops.parallel, with Inductor's heuristic: stop once the parallel iteration count reaches 2·threads " +
			"(or equals threads), or when the work per thread falls below min-chunk iterations of innermost loops. " +
			"Reductions are never split across the reduced dimension. An innermost loop chosen to be parallel is " +
			"strip-mined into blocks first, so it stays a unit-stride loop for vectorize.",
	})}
	o := p.Options()
	p.threads = o.Int("threads", 0, "Number of threads the code runs on (0: GOMAXPROCS of the compiler)")
	p.minChunk = o.Int("min-chunk", DefaultMinChunk, "Least work per thread, in iterations of innermost loops (Inductor's min_chunk_size)")
	p.block = o.Int("block", DefaultParallelBlock, "Iterations per parallel block of a strip-mined innermost loop")
	p.nests = p.NewStatistic("num-nests", "Number of loop nests examined")
	p.parallel = p.NewStatistic("num-parallel", "Number of loops.parallel ops created")
	p.loopsStat = p.NewStatistic("num-parallel-loops", "Number of loops.for ops made parallel")
	p.strip = p.NewStatistic("num-strip-mined", "Number of innermost loops split into parallel blocks")
	p.small = p.NewStatistic("num-too-small", "Number of nests left sequential for lack of work")
	p.depen = p.NewStatistic("num-dependent", "Number of nests left sequential because their outer loop is a reduction or its iterations may touch the same elements")
	return p
}

// Run parallelizes the loop nests nested in op.
func (p *parallelizePass) Run(op *ir.Operation, am *pass.AnalysisManager) (err error) {
	defer internalError("parallelize", op, &err)
	st, err := Parallelize(op, ParallelizeOptions{Threads: *p.threads, MinChunk: *p.minChunk, Block: *p.block})
	p.nests.Add(int64(st.Nests))
	p.parallel.Add(int64(st.Parallel))
	p.loopsStat.Add(int64(st.Loops))
	p.strip.Add(int64(st.StripMined))
	p.small.Add(int64(st.Small))
	p.depen.Add(int64(st.Dependent))
	return err
}
