package loopstogpu

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	looptransforms "github.com/tt-compiler/tt/dialects/loops/transforms"
	"github.com/tt-compiler/tt/ir"
)

type outliner struct {
	blockSize int64
	stats     *Stats
	// vectorize lets pointwise threads handle vectorWidth points.
	vectorize bool
}

// plan is the mapping chosen for one loop nest.
type plan struct {
	kind string
	// chain is the collapsed outer loops (outermost first); empty for a
	// serial kernel.
	chain []*ir.Operation
	// rowThreads is the block size of a row reduction.
	rowThreads int64
	// workgroup holds the element types of the workgroup buffers of a row
	// reduction, one per reduced value when the block has several warps.
	workgroup []ir.Type
	// tile is the plan of a tiled transpose.
	tile *transposePlan
	// colLoop is the loop over the rows of a column reduction.
	colLoop *ir.Operation
	// staging is the plan of a nest with staged rows.
	staging *stagingPlan
	// vector is the plan of a pointwise nest whose threads handle
	// vectorWidth consecutive points (nil: one point per thread).
	vector *vectorPlan
}

// captures returns the values used inside l but defined outside it, in
// order of first use.
func captures(l *ir.Operation) []ir.Value {
	seen := map[ir.Value]bool{}
	var out []ir.Value
	l.Walk(func(o *ir.Operation) {
		for _, v := range o.Operands() {
			if !seen[v] && !ir.IsDefinedInside(v, l) {
				seen[v] = true
				out = append(out, v)
			}
		}
	})
	return out
}

// soleInnerLoop returns the loops.for that l's body holds when it is the
// only op with regions there and every other op is pure.
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

func boundsOutside(l, l0 *ir.Operation) bool {
	for _, v := range l.Operands()[:3] {
		if ir.IsDefinedInside(v, l0) {
			return false
		}
	}
	return true
}

// choose decides the mapping of the nest l.
func (o *outliner) choose(l *ir.Operation) plan {
	var chain []*ir.Operation
	for c := l; c != nil; c = soleInnerLoop(c) {
		if !looptransforms.IndependentIterations(c) || (len(chain) > 0 && !boundsOutside(c, l)) {
			break
		}
		chain = append(chain, c)
	}
	if len(chain) == 0 {
		return plan{kind: KindSerial}
	}
	if p, ok := o.rowReduction(l, chain); ok {
		body := chain[len(chain)-1].Region(0).Front()
		if _, persistent := persistentRow(body, p.rowThreads); !persistent && onlineSoftmax(body) {
			// The rewritten body (two passes) is a row reduction too.
			if q, ok := o.rowReduction(l, chain); ok {
				return q
			}
		}
		return p
	}
	if red, ok := columnReduction(l, chain); ok {
		return plan{kind: KindColumnReduction, chain: chain, colLoop: red}
	}
	if tp, ok := tiledTranspose(l, chain); ok {
		return plan{kind: KindTiledTranspose, chain: chain, tile: tp}
	}
	if sp, ok := o.stagedRows(l, chain); ok {
		return plan{kind: KindStagedRows, chain: chain, staging: sp}
	}
	if vp, ok := vectorizable(chain); ok && o.vectorize {
		return plan{kind: KindPointwise, chain: chain, vector: &vp}
	}
	return plan{kind: KindPointwise, chain: chain}
}

// shuffleable reports whether gpu.shuffle can carry a value of type t
// (directly or as two 32-bit halves).
func shuffleable(t ir.Type) bool {
	switch tt := t.(type) {
	case *ir.FloatType:
		return tt.Width() == 32 || tt.Width() == 64
	case *ir.IntegerType:
		return tt.Width == 32 || tt.Width == 64
	}
	return false
}

// rowReduction reports whether the body of the innermost collapsed loop is
// a row reduction: pure ops and loads around single loops over the row,
// at least one a declared reduction of simple kinds, the others with
// independent iterations.
func (o *outliner) rowReduction(l *ir.Operation, chain []*ir.Operation) (plan, bool) {
	body := chain[len(chain)-1].Region(0).Front()
	reductions, longest := 0, int64(0)
	var wg []ir.Type
	for op := range body.Ops() {
		switch {
		case op.Name() == loops.ForName:
			if hasNested(op) || !readsRows(op) {
				return plan{}, false
			}
			if n, ok := tripCount(op); ok {
				longest = max(longest, n)
			} else {
				longest = o.blockSize
			}
			if op.NumResults() == 0 {
				if !looptransforms.IndependentIterations(op) {
					return plan{}, false
				}
				continue
			}
			reds, err := loops.ReductionsOf(op)
			if err != nil || len(reds) != op.NumResults() {
				return plan{}, false
			}
			for i, r := range reds {
				online := r.Kind == loops.ReduceOnlineMax && i+1 < len(reds) && reds[i+1].Kind == loops.ReduceOnlineSum ||
					r.Kind == loops.ReduceOnlineSum && i > 0 && reds[i-1].Kind == loops.ReduceOnlineMax
				if !online && (r.Kind.Combiner() == "" || r.Kind == loops.ReduceOnlineMax || r.Combiner == nil) || !shuffleable(op.Result(i).Type()) {
					return plan{}, false
				}
				wg = append(wg, op.Result(i).Type())
			}
			reductions++
		case op.HasTrait(ir.ReturnLike):
		case op.NumRegions() > 0:
			return plan{}, false
		case op.Name() == loops.LoadName || ir.IsMemoryEffectFree(op):
		default:
			return plan{}, false
		}
	}
	if reductions == 0 {
		return plan{}, false
	}
	threads := int64(32)
	for threads < longest && threads < o.blockSize {
		threads *= 2
	}
	if threads == 32 {
		wg = nil
	}
	return plan{kind: KindRowReduction, chain: chain, rowThreads: threads, workgroup: wg}, true
}

func hasNested(l *ir.Operation) bool {
	nested := false
	for op := range l.Region(0).Front().Ops() {
		if op.NumRegions() > 0 {
			nested = true
		}
	}
	return nested
}

// tripCount returns the constant trip count of a loops.for.
func tripCount(l *ir.Operation) (int64, bool) {
	lb, ok1 := constInt(l.Operand(0))
	ub, ok2 := constInt(l.Operand(1))
	st, ok3 := constInt(l.Operand(2))
	if !ok1 || !ok2 || !ok3 || st <= 0 {
		return 0, false
	}
	return max(0, (ub-lb+st-1)/st), true
}

func constInt(v ir.Value) (int64, bool) {
	d := ir.DefiningOp(v)
	if d == nil || d.Name() != arith.ConstantName {
		return 0, false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Val, true
}

func indexConst(b *ir.Builder, v int64) ir.Value { return arith.Constant(b, ir.Int(b.Ctx.Index(), v)) }

// trips builds the trip count of each loop of chain (bounds mapped
// through m), clamped at 0, and their product.
func trips(b *ir.Builder, chain []*ir.Operation, m *ir.Mapping) ([]ir.Value, ir.Value) {
	zero, one := indexConst(b, 0), indexConst(b, 1)
	total := one
	ns := make([]ir.Value, len(chain))
	for i, l := range chain {
		lb, ub, st := m.Lookup(l.Operand(0)), m.Lookup(l.Operand(1)), m.Lookup(l.Operand(2))
		n := arith.MaxSI(b, arith.CeilDivSI(b, arith.SubI(b, ub, lb), st), zero)
		ns[i] = n
		if i == 0 {
			total = n
		} else {
			total = arith.MulI(b, total, n)
		}
	}
	return ns, total
}

// mapIVs maps the induction variables of chain to the point idx of the
// collapsed index space (innermost fastest) and clones the pure ops of
// every loop body but the last's.
func mapIVs(b *ir.Builder, chain []*ir.Operation, ns []ir.Value, idx ir.Value, m *ir.Mapping) {
	ivs := make([]ir.Value, len(chain))
	rest := idx
	for i := len(chain) - 1; i >= 0; i-- {
		l := chain[i]
		k := rest
		if i > 0 {
			k = arith.RemUI(b, rest, ns[i])
			rest = arith.DivUI(b, rest, ns[i])
		}
		ivs[i] = arith.AddI(b, m.Lookup(l.Operand(0)), arith.MulI(b, k, m.Lookup(l.Operand(2))))
	}
	for i, l := range chain {
		loops.ForOp{Op: l}.InductionVar()
		m.Map(loops.ForOp{Op: l}.InductionVar(), ivs[i])
		if i == len(chain)-1 {
			break
		}
		for op := range l.Region(0).Front().Ops() {
			if op == chain[i+1] || op.HasTrait(ir.ReturnLike) {
				continue
			}
			b.Clone(op, m)
		}
	}
}

// cloneBody clones the ops of block but its terminator.
func cloneBody(b *ir.Builder, blk *ir.Block, m *ir.Mapping) {
	for op := range blk.Ops() {
		if op.HasTrait(ir.ReturnLike) {
			continue
		}
		b.Clone(op, m)
	}
}

// outline replaces the loop nest l by a launch of a new kernel name of gm.
func (o *outliner) outline(gm gpu.ModuleOp, l *ir.Operation, name string) error {
	ctx := l.Context()
	p := o.choose(l)
	if l.NumResults() > 0 {
		p = plan{kind: KindSerial}
	}
	caps := captures(l)
	var args []ir.Value
	var consts []ir.Value
	for _, v := range caps {
		if d := ir.DefiningOp(v); d != nil && d.Name() == arith.ConstantName {
			consts = append(consts, v)
		} else {
			args = append(args, v)
		}
	}
	if l.NumResults() > 0 {
		// A nest whose results the host reads stays on the host.
		return nil
	}
	inputs := make([]ir.Type, len(args))
	for i, a := range args {
		inputs[i] = a.Type()
	}
	kb := ir.NewBuilder(ctx)
	kb.Loc = l.Loc()
	kb.SetInsertionPointBefore(gm.Body().Terminator())
	wg := make([]ir.Type, len(p.workgroup))
	space := gpu.AddressSpaceAttrDef.Get(gpu.Workgroup)
	for i, t := range p.workgroup {
		wg[i] = ctx.MemRefWith([]int64{p.rowThreads / 32}, t, nil, space)
	}
	if p.tile != nil {
		wg = tileTypes(ctx, p.tile)
	}
	if p.colLoop != nil {
		wg = columnTypes(ctx, p.colLoop)
	}
	if p.staging != nil {
		wg = stagedTypes(ctx, p.staging, o.blockSize)
	}
	fn := gpu.Func(kb, name, ctx.Function(inputs, nil), true, wg, nil)
	entry := fn.Entry()
	kb.SetInsertionPointToEnd(entry)
	m := ir.NewMapping()
	for i, a := range args {
		m.Map(a, entry.Arg(i))
	}
	for _, c := range consts {
		kb.Clone(ir.DefiningOp(c), m)
	}
	wgArgs := entry.ArgValues()[len(args):]

	hb := ir.NewBuilder(ctx)
	hb.Loc = l.Loc()
	hb.SetInsertionPointBefore(l)
	one := indexConst(hb, 1)
	grid, block := [3]ir.Value{one, one, one}, [3]ir.Value{one, one, one}
	persistent := false
	switch p.kind {
	case KindSerial:
		kb.Clone(l, m)
		o.stats.Serial++
	case KindPointwise:
		_, total := trips(hb, p.chain, ir.NewMapping())
		if p.vector != nil {
			_, total = vectorGroups(hb, p.chain, ir.NewMapping())
		}
		bs := indexConst(hb, o.blockSize)
		grid[0] = arith.MaxSI(hb, arith.CeilDivSI(hb, total, bs), one)
		block[0] = bs
		if p.vector != nil {
			o.vectorBody(kb, p, m)
			o.stats.Vectorized++
		} else {
			o.pointwiseBody(kb, p, m)
		}
		o.stats.Pointwise++
	case KindTiledTranspose:
		grid[0] = arith.MaxSI(hb, transposeGrid(hb, p.chain, p.tile), one)
		block[0] = indexConst(hb, tileDim*tileRows)
		o.transposeBody(kb, l, p, m, wgArgs)
		o.stats.Transposes++
	case KindStagedRows:
		_, total := trips(hb, p.chain, ir.NewMapping())
		bs := indexConst(hb, o.blockSize)
		grid[0] = arith.MaxSI(hb, arith.CeilDivSI(hb, total, bs), one)
		block[0] = bs
		o.stagedBody(kb, l, p, m, wgArgs)
		o.stats.StagedRows++
	case KindColumnReduction:
		_, total := trips(hb, p.chain, ir.NewMapping())
		grid[0] = arith.MaxSI(hb, arith.CeilDivSI(hb, total, indexConst(hb, colWidth)), one)
		block[0] = indexConst(hb, colWidth*colGroups)
		o.columnBody(kb, p, m, wgArgs)
		o.stats.ColumnReductions++
	case KindRowReduction:
		var strided bool
		persistent, strided = o.rowBody(kb, l, p, m, wgArgs)
		_, total := trips(hb, p.chain, ir.NewMapping())
		if strided {
			total = arith.MinSI(hb, total, indexConst(hb, maxRowBlocks))
		}
		grid[0] = arith.MaxSI(hb, total, one)
		block[0] = indexConst(hb, p.rowThreads)
		o.stats.RowReductions++
	}
	kb.Build(&ir.OperationState{Name: gpu.ReturnName})
	launch := gpu.LaunchFunc(hb, ir.SymbolRef(gm.Op.Attr(ir.SymbolAttrName).(*ir.StringAttr).Value, name), grid, block, args...)
	launch.Op.SetAttr(KernelKindAttrName, ir.String(p.kind))
	if p.vector != nil {
		launch.Op.SetAttr(VectorWidthAttrName, ir.Int(ctx.I64(), vectorWidth))
	}
	if persistent {
		// The row stays in registers: the input is read once.
		launch.Op.SetAttr(PersistentAttrName, ir.UnitAttr{})
	}
	l.Erase()
	return nil
}

// pointwiseBody builds one thread per point of the collapsed loops, with a
// guard for the threads past the last point.
func (o *outliner) pointwiseBody(b *ir.Builder, p plan, m *ir.Mapping) {
	ns, total := trips(b, p.chain, m)
	gid := arith.AddI(b, arith.MulI(b, gpu.BlockID(b, gpu.DimX), gpu.BlockDim(b, gpu.DimX)), gpu.ThreadID(b, gpu.DimX))
	guard := loops.If(b, arith.CmpI(b, "ult", gid, total))
	guard.Op.Region(1).Front().Erase()
	ip := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(guard.ThenBlock())
	mapIVs(b, p.chain, ns, gid, m)
	cloneBody(b, p.chain[len(p.chain)-1].Region(0).Front(), m)
	loops.Yield(b)
	b.RestoreInsertionPoint(ip)
}

// readsRows reports whether every load in the loop l reads along the
// buffer's last dimension with l's induction variable (a row, so that the
// threads striding over it read contiguous memory).
func readsRows(l *ir.Operation) bool {
	iv := loops.ForOp{Op: l}.InductionVar()
	ok := true
	l.Walk(func(o *ir.Operation) {
		if o.Name() == loops.LoadName {
			idx := o.Operands()[1:]
			if len(idx) == 0 || idx[len(idx)-1] != iv {
				ok = false
			}
		}
	})
	return ok
}
