package loopstogpu

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// KindColumnReduction is the kind of a pointwise nest whose points (the
// columns) each reduce over an outer dimension (column sums, bias
// gradients): blocks of colWidth columns × colGroups row groups, the
// threads along the columns so that each row's loads are coalesced, each
// row group striding over the rows, the groups' partial values combined
// through workgroup memory.
const KindColumnReduction = "column_reduction"

// The column reduction's block: colWidth columns (a warp) by colGroups
// row groups.
const (
	colWidth  = 32
	colGroups = 8
)

// minColumnRows is the fewest rows for which a column reduction splits
// them over row groups (below, one thread per column is as good).
const minColumnRows = 64

// columnReduction returns the loop of the innermost body of the pointwise
// chain that reduces over rows, when the body is a column reduction: pure
// ops and loads, one loops.for carrying only declared reductions of
// simple kinds on 32- or 64-bit values, without nested regions and with
// at least minColumnRows iterations (or a dynamic count), whose loads read
// along the chain's innermost loop (coalesced across the columns), none
// along the loop itself or along another loop of the chain (those are
// matmuls' operands), and
// whose stores index with its induction variable (each row its own
// elements, the buffers not read in the loop), then pure ops, loads and
// stores.
func columnReduction(l *ir.Operation, chain []*ir.Operation) (*ir.Operation, bool) {
	body := chain[len(chain)-1].Region(0).Front()
	var red *ir.Operation
	for op := range body.Ops() {
		switch {
		case op.HasTrait(ir.ReturnLike):
		case op.Name() == loops.ForName:
			if red != nil || op.NumResults() == 0 || hasNested(op) {
				return nil, false
			}
			red = op
		case op.NumRegions() > 0:
			return nil, false
		case op.Name() == loops.StoreName:
			if red == nil {
				return nil, false
			}
		case op.Name() == loops.LoadName || ir.IsMemoryEffectFree(op):
		default:
			return nil, false
		}
	}
	if red == nil {
		return nil, false
	}
	if n, ok := tripCount(red); ok && n < minColumnRows {
		return nil, false
	}
	reds, err := loops.ReductionsOf(red)
	if err != nil || len(reds) != red.NumResults() {
		return nil, false
	}
	for i, r := range reds {
		if r.Kind.Combiner() == "" || r.Kind == loops.ReduceOnlineMax || r.Kind == loops.ReduceOnlineSum || r.Combiner == nil ||
			!shuffleable(red.Result(i).Type()) {
			return nil, false
		}
	}
	deps := ivDeps(l, chain)
	inner := uint64(1) << (len(chain) - 1)
	iv := loops.ForOp{Op: red}.InductionVar()
	stored := map[ir.Value]bool{}
	coalesced, ok := false, true
	onIV := map[ir.Value]bool{iv: true}
	red.Walk(func(op *ir.Operation) {
		for _, v := range op.Operands() {
			if onIV[v] {
				for _, r := range op.Results() {
					onIV[r] = true
				}
			}
		}
	})
	red.Walk(func(op *ir.Operation) {
		switch op.Name() {
		case loops.StoreName:
			stored[op.Operand(1)] = true
			hasIV := false
			for _, v := range op.Operands()[2:] {
				hasIV = hasIV || v == iv
			}
			ok = ok && hasIV
		case loops.LoadName:
			idx := op.Operands()[1:]
			if len(idx) > 0 && deps[idx[len(idx)-1]]&inner != 0 {
				coalesced = true
			}
			// A load along the reduced loop is a row operand (a
			// matmul's A): not a column reduction.
			if len(idx) > 0 && onIV[idx[len(idx)-1]] {
				ok = false
			}
			// So is one read along another output dimension (the
			// transposed operand of a weight gradient).
			if len(idx) > 0 && deps[idx[len(idx)-1]]&^inner != 0 {
				ok = false
			}
		}
	})
	red.Walk(func(op *ir.Operation) {
		if op.Name() == loops.LoadName && stored[op.Operand(0)] {
			ok = false
		}
	})
	return red, ok && coalesced
}

// columnTypes returns the workgroup buffers of a column reduction: one
// colGroups × colWidth buffer per reduced value.
func columnTypes(ctx *ir.Context, red *ir.Operation) []ir.Type {
	space := gpu.AddressSpaceAttrDef.Get(gpu.Workgroup)
	out := make([]ir.Type, red.NumResults())
	for i := range out {
		out[i] = ctx.MemRefWith([]int64{colGroups, colWidth}, red.Result(i).Type(), nil, space)
	}
	return out
}

// columnBody builds the column reduction: thread (tx, ty) of block bid
// takes the point bid·colWidth + tx; the ops before the reduction loop run
// in every thread, the loop over the rows ty, ty + colGroups, ... from the
// reductions' identities; the partial values go to workgroup memory and,
// after a barrier, row group 0 combines them in order with the loop's
// initial values and runs the rest of the body.
func (o *outliner) columnBody(b *ir.Builder, p plan, m *ir.Mapping, bufs []ir.Value) {
	red := p.colLoop
	ns, total := trips(b, p.chain, m)
	cw := indexConst(b, colWidth)
	tid := gpu.ThreadID(b, gpu.DimX)
	tx, ty := arith.RemUI(b, tid, cw), arith.DivUI(b, tid, cw)
	point := arith.AddI(b, arith.MulI(b, gpu.BlockID(b, gpu.DimX), cw), tx)
	in := arith.CmpI(b, "ult", point, total)
	reds, _ := loops.ReductionsOf(red)
	// Phase 1: every thread's partial values, stored to the buffers.
	g := loops.If(b, in)
	g.Op.Region(1).Front().Erase()
	ip := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(g.ThenBlock())
	mapIVs(b, p.chain, ns, point, m)
	body := p.chain[len(p.chain)-1].Region(0).Front()
	for op := range body.Ops() {
		if op == red {
			break
		}
		b.Clone(op, m)
	}
	lb, st := m.Lookup(red.Operand(0)), m.Lookup(red.Operand(2))
	start := arith.AddI(b, lb, arith.MulI(b, ty, st))
	stride := arith.MulI(b, st, indexConst(b, colGroups))
	ids := make([]ir.Value, len(reds))
	for i, r := range reds {
		id, _ := r.Kind.Identity(red.Result(i).Type())
		ids[i] = arith.Constant(b, id)
	}
	nl := b.Clone(red, m)
	nl.SetOperand(0, start)
	nl.SetOperand(2, stride)
	for i := range reds {
		nl.SetOperand(3+i, ids[i])
	}
	for i := range reds {
		loops.Store(b, nl.Result(i), bufs[i], ty, tx)
	}
	loops.Yield(b)
	b.RestoreInsertionPoint(ip)
	b.Build(&ir.OperationState{Name: gpu.BarrierName})
	// Phase 2: row group 0 combines and finishes the point.
	first := arith.AndI(b, in, arith.CmpI(b, "eq", ty, indexConst(b, 0)))
	g = loops.If(b, first)
	g.Op.Region(1).Front().Erase()
	b.SetInsertionPointToEnd(g.ThenBlock())
	m2 := ir.NewMapping()
	for _, v := range captures(p.chain[0]) {
		m2.Map(v, m.Lookup(v))
	}
	mapIVs(b, p.chain, ns, point, m2)
	for op := range body.Ops() {
		if op == red {
			break
		}
		b.Clone(op, m2)
	}
	for i, r := range reds {
		acc := m2.Lookup(red.Operand(3 + i))
		for k := int64(0); k < colGroups; k++ {
			acc = combine(b, r.Kind, acc, loops.Load(b, bufs[i], indexConst(b, k), tx))
		}
		m2.Map(red.Result(i), acc)
	}
	after := false
	for op := range body.Ops() {
		if op.HasTrait(ir.ReturnLike) {
			continue
		}
		if after {
			b.Clone(op, m2)
		}
		after = after || op == red
	}
	loops.Yield(b)
	b.RestoreInsertionPoint(ip)
}
