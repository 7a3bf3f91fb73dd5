package loopstogpu

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// KindTiledTranspose is the kind of a pointwise nest that reads some
// buffer along a different loop than the one it writes along (a transpose
// or permuted copy): it runs in 32×32 tiles staged through workgroup memory
// so that both the reads and the writes are coalesced.
const KindTiledTranspose = "tiled_transpose"

// The tile: tileDim × tileDim points per block, blocks of tileDim ×
// tileRows threads, each thread moving tileDim/tileRows points per phase.
// The workgroup tile has one padding column, so that reading a column of
// it (stride tileDim+1 words) touches 32 different banks.
const (
	tileDim  = 32
	tileRows = 8
)

// transposePlan is a pointwise nest mapped as a tiled transpose.
type transposePlan struct {
	// a and j are the chain positions of the loop the staged loads read
	// along and of the loop the stores write along (the innermost).
	a, j int
	// staged are the loads read along loop a, each staged through its
	// own workgroup tile.
	staged []*ir.Operation
}

// ivDeps returns, for every value defined in the nest l, the set of
// chain positions whose induction variables it depends on (as a bit set).
func ivDeps(l *ir.Operation, chain []*ir.Operation) map[ir.Value]uint64 {
	deps := map[ir.Value]uint64{}
	for i, c := range chain {
		deps[loops.ForOp{Op: c}.InductionVar()] = 1 << i
	}
	l.Walk(func(o *ir.Operation) {
		var d uint64
		for _, v := range o.Operands() {
			d |= deps[v]
		}
		for _, r := range o.Results() {
			deps[r] = d
		}
	})
	return deps
}

// tiledTranspose reports whether the pointwise nest l (collapsed loops
// chain) is a transpose: the innermost body holds only pure ops, loads and
// stores; every store writes along the innermost loop j (its last index
// depends on j's induction variable); and some loads read along another
// loop a of the chain and not along j (their last index depends on a's
// induction variable and not on j's), the same a for all of them.
func tiledTranspose(l *ir.Operation, chain []*ir.Operation) (*transposePlan, bool) {
	n := len(chain)
	if n < 2 || n > 64 {
		return nil, false
	}
	deps := ivDeps(l, chain)
	j := n - 1
	tp := &transposePlan{a: -1, j: j}
	stored := map[ir.Value]bool{}
	nstores := 0
	for op := range chain[j].Region(0).Front().Ops() {
		switch {
		case op.HasTrait(ir.ReturnLike):
		case op.Name() == loops.StoreName:
			idx := op.Operands()[2:]
			if len(idx) == 0 || deps[idx[len(idx)-1]]&(1<<j) == 0 {
				return nil, false
			}
			stored[op.Operand(1)] = true
			nstores++
		case op.Name() == loops.LoadName:
			idx := op.Operands()[1:]
			if len(idx) == 0 {
				continue
			}
			d := deps[idx[len(idx)-1]]
			if d&(1<<j) != 0 || d == 0 {
				continue
			}
			a := 63 - leadingZeros(d)
			if tp.a >= 0 && a != tp.a {
				return nil, false
			}
			tp.a = a
			tp.staged = append(tp.staged, op)
		case op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op):
			return nil, false
		}
	}
	if nstores == 0 || len(tp.staged) == 0 || len(tp.staged) > 4 {
		return nil, false
	}
	for _, ld := range tp.staged {
		// A staged load of a buffer the nest writes could see another
		// point's store through the tile's reordering.
		if stored[ld.Operand(0)] {
			return nil, false
		}
		if _, ok := ld.Result(0).Type().(*ir.IntegerType); !ok && !ir.IsFloat(ld.Result(0).Type()) {
			return nil, false
		}
	}
	return tp, true
}

func leadingZeros(x uint64) int {
	n := 0
	for i := 63; i >= 0 && x&(1<<i) == 0; i-- {
		n++
	}
	return n
}

// tileTypes returns the workgroup tiles of tp: one (tileDim)×(tileDim+1)
// buffer per staged load.
func tileTypes(ctx *ir.Context, tp *transposePlan) []ir.Type {
	space := gpu.AddressSpaceAttrDef.Get(gpu.Workgroup)
	out := make([]ir.Type, len(tp.staged))
	for i, ld := range tp.staged {
		out[i] = ctx.MemRefWith([]int64{tileDim, tileDim + 1}, ld.Result(0).Type(), nil, space)
	}
	return out
}

// transposeGrid returns the number of blocks of a tiled transpose: one per
// tile of the (a, j) plane times the points of the other loops.
func transposeGrid(b *ir.Builder, chain []*ir.Operation, tp *transposePlan) ir.Value {
	ns, _ := trips(b, chain, ir.NewMapping())
	td := indexConst(b, tileDim)
	total := arith.MulI(b, arith.CeilDivSI(b, ns[tp.j], td), arith.CeilDivSI(b, ns[tp.a], td))
	for i, n := range ns {
		if i != tp.a && i != tp.j {
			total = arith.MulI(b, total, n)
		}
	}
	return total
}

// transposeBody builds the tiled transpose: the block's tile of the
// (a, j) plane is read with the threads along a (phase 1: each staged load
// evaluated at (a0 + tx, j0 + ty + 8r) and written to tile[ty + 8r][tx]),
// then, after a barrier, the body runs with the threads along j (phase 2:
// the point (a0 + ty + 8r, j0 + tx), each staged load replaced by
// tile[tx][ty + 8r]).
func (o *outliner) transposeBody(b *ir.Builder, l *ir.Operation, p plan, m *ir.Mapping, tiles []ir.Value) {
	tp := p.tile
	chain := p.chain
	ns, total := trips(b, chain, m)
	c0 := indexConst(b, 0)
	nonEmpty := loops.If(b, arith.CmpI(b, "ugt", total, c0))
	nonEmpty.Op.Region(1).Front().Erase()
	ip := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(nonEmpty.ThenBlock())

	td := indexConst(b, tileDim)
	tid := gpu.ThreadID(b, gpu.DimX)
	tx, ty := arith.RemUI(b, tid, td), arith.DivUI(b, tid, td)
	rest := gpu.BlockID(b, gpu.DimX)
	tilesJ, tilesA := arith.CeilDivSI(b, ns[tp.j], td), arith.CeilDivSI(b, ns[tp.a], td)
	j0 := arith.MulI(b, arith.RemUI(b, rest, tilesJ), td)
	rest = arith.DivUI(b, rest, tilesJ)
	a0 := arith.MulI(b, arith.RemUI(b, rest, tilesA), td)
	rest = arith.DivUI(b, rest, tilesA)
	// The other loops' points, innermost fastest; the outermost takes
	// what is left.
	pos := make([]ir.Value, len(chain))
	first := -1
	for i := range chain {
		if i != tp.a && i != tp.j {
			first = i
			break
		}
	}
	for i := len(chain) - 1; i >= 0; i-- {
		if i == tp.a || i == tp.j {
			continue
		}
		if i == first {
			pos[i] = rest
			break
		}
		pos[i] = arith.RemUI(b, rest, ns[i])
		rest = arith.DivUI(b, rest, ns[i])
	}
	caps := captures(l)
	// point maps the chain's induction variables for the point whose a
	// and j positions are aa and jj, under a guard for the tile's edge,
	// and runs fill in the guard.
	point := func(aa, jj ir.Value, fill func(mr *ir.Mapping)) {
		inA := arith.CmpI(b, "ult", aa, ns[tp.a])
		inJ := arith.CmpI(b, "ult", jj, ns[tp.j])
		g := loops.If(b, arith.AndI(b, inA, inJ))
		g.Op.Region(1).Front().Erase()
		save := b.SaveInsertionPoint()
		b.SetInsertionPointToEnd(g.ThenBlock())
		mr := ir.NewMapping()
		for _, v := range caps {
			mr.Map(v, m.Lookup(v))
		}
		for i, c := range chain {
			k := pos[i]
			switch i {
			case tp.a:
				k = aa
			case tp.j:
				k = jj
			}
			mr.Map(loops.ForOp{Op: c}.InductionVar(), arith.AddI(b, m.Lookup(c.Operand(0)), arith.MulI(b, k, m.Lookup(c.Operand(2)))))
		}
		fill(mr)
		loops.Yield(b)
		b.RestoreInsertionPoint(save)
	}
	// The ops the staged loads need, in program order.
	slice := map[*ir.Operation]bool{}
	var mark func(op *ir.Operation)
	mark = func(op *ir.Operation) {
		if op == nil || slice[op] || op.NumResults() == 0 || !ir.IsDefinedInside(op.Result(0), l) {
			return
		}
		slice[op] = true
		for _, v := range op.Operands() {
			mark(ir.DefiningOp(v))
		}
	}
	for _, ld := range tp.staged {
		mark(ld)
	}
	nestOps := func(keep func(*ir.Operation) bool, mr *ir.Mapping, replace map[*ir.Operation]ir.Value) {
		for i, c := range chain {
			for op := range c.Region(0).Front().Ops() {
				if (i+1 < len(chain) && op == chain[i+1]) || op.HasTrait(ir.ReturnLike) || !keep(op) {
					continue
				}
				if v, ok := replace[op]; ok {
					mr.Map(op.Result(0), v)
					continue
				}
				b.Clone(op, mr)
			}
		}
	}
	for r := int64(0); r < tileDim/tileRows; r++ {
		row := arith.AddI(b, ty, indexConst(b, r*tileRows))
		point(arith.AddI(b, a0, tx), arith.AddI(b, j0, row), func(mr *ir.Mapping) {
			nestOps(func(op *ir.Operation) bool { return slice[op] }, mr, nil)
			for i, ld := range tp.staged {
				loops.Store(b, mr.Lookup(ld.Result(0)), tiles[i], row, tx)
			}
		})
	}
	b.Build(&ir.OperationState{Name: gpu.BarrierName})
	for r := int64(0); r < tileDim/tileRows; r++ {
		row := arith.AddI(b, ty, indexConst(b, r*tileRows))
		point(arith.AddI(b, a0, row), arith.AddI(b, j0, tx), func(mr *ir.Mapping) {
			replace := map[*ir.Operation]ir.Value{}
			for i, ld := range tp.staged {
				replace[ld] = loops.Load(b, tiles[i], tx, row)
			}
			nestOps(func(*ir.Operation) bool { return true }, mr, replace)
		})
	}
	loops.Yield(b)
	b.RestoreInsertionPoint(ip)
}
