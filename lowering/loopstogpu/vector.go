package loopstogpu

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// VectorWidthAttrName records on the launch of a vectorized pointwise
// kernel how many consecutive innermost points each thread handles. The
// first of each group of cloned loops.load or loops.store ops reading or
// writing those points consecutively carries it too: it promises emit/ptx
// that the group's address is aligned to width × element size, so that
// the group may become one ld/st.global.v4 (emit/ptx checks the group's
// shape and falls back to scalar accesses otherwise).
const VectorWidthAttrName = "tt.vector_width"

// vectorWidth is the number of consecutive elements a thread of a
// vectorized pointwise kernel handles: one 16-byte access for 32-bit
// elements, two for 64-bit ones.
const vectorWidth = 4

// vectorPlan is the plan of a vectorized pointwise nest.
type vectorPlan struct {
	// tail is set when the innermost trip count is not known to be a
	// multiple of vectorWidth, or a buffer's row length is not known to
	// keep the groups aligned: the kernel then checks each group (a
	// branch uniform but for one thread per row) and runs the scalar body
	// for incomplete or unaligned groups.
	tail bool
	// dynRows are the buffers (outside the kernel) of rank > 1 whose
	// dynamic last dimension must be a multiple of vectorWidth for the
	// groups to be aligned.
	dynRows []ir.Value
}

// vectorElem reports whether groups of vectorWidth elements of type t
// move with 16-byte accesses: one for 32-bit elements, two (v2) for
// 64-bit ones.
func vectorElem(t ir.Type) bool {
	switch tt := t.(type) {
	case *ir.FloatType:
		return tt.Width() == 32 || tt.Width() == 64
	case *ir.IntegerType:
		return tt.Width == 32 || tt.Width == 64
	}
	return false
}

// vectorizable reports whether the pointwise nest chain can give each
// thread vectorWidth consecutive points of its innermost loop: the loop
// runs from 0 by 1, its body holds only pure ops, loads and stores, every
// store and every load indexed by the loop writes or reads a 32- or
// 64-bit element along the buffer's last dimension with the loop's induction
// variable (stride 1), and other loads do not depend on it (broadcasts,
// loaded once per group).
func vectorizable(chain []*ir.Operation) (vectorPlan, bool) {
	inner := chain[len(chain)-1]
	if lb, ok := constInt(inner.Operand(0)); !ok || lb != 0 {
		return vectorPlan{}, false
	}
	if st, ok := constInt(inner.Operand(2)); !ok || st != 1 {
		return vectorPlan{}, false
	}
	var vp vectorPlan
	if n, ok := tripCount(inner); ok {
		if n < vectorWidth {
			return vectorPlan{}, false
		}
		vp.tail = n%vectorWidth != 0
	} else {
		vp.tail = true
	}
	iv := loops.ForOp{Op: inner}.InductionVar()
	inside := func(v ir.Value) bool { return v == iv || ir.IsDefinedInside(v, inner) }
	stores, seen := 0, map[ir.Value]bool{}
	for op := range inner.Region(0).Front().Ops() {
		switch {
		case op.HasTrait(ir.ReturnLike):
		case op.Name() == loops.LoadName || op.Name() == loops.StoreName:
			store := op.Name() == loops.StoreName
			buf, idx := op.Operand(0), op.Operands()[1:]
			if store {
				buf, idx = op.Operand(1), op.Operands()[2:]
			}
			mt, ok := buf.Type().(*ir.MemRefType)
			if !ok || mt.Layout != nil || inside(buf) {
				return vectorPlan{}, false
			}
			if len(idx) == 0 || idx[len(idx)-1] != iv {
				if store {
					return vectorPlan{}, false
				}
				for _, x := range idx {
					if inside(x) {
						return vectorPlan{}, false
					}
				}
				continue
			}
			for _, x := range idx[:len(idx)-1] {
				if inside(x) {
					return vectorPlan{}, false
				}
			}
			if !vectorElem(mt.Elem) {
				return vectorPlan{}, false
			}
			if r := mt.Rank(); r > 1 {
				switch last := mt.Shape()[r-1]; {
				case last == ir.Dynamic:
					if !seen[buf] {
						seen[buf] = true
						vp.dynRows = append(vp.dynRows, buf)
						vp.tail = true
					}
				case last%vectorWidth != 0:
					return vectorPlan{}, false
				}
			}
			if store {
				stores++
			}
		case op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op):
			return vectorPlan{}, false
		}
	}
	return vp, stores > 0
}

// vectorGroups builds the number of threads of a vectorized pointwise
// nest: one per group of vectorWidth innermost points.
func vectorGroups(b *ir.Builder, chain []*ir.Operation, m *ir.Mapping) ([]ir.Value, ir.Value) {
	ns, _ := trips(b, chain, m)
	last := len(ns) - 1
	groups := append([]ir.Value(nil), ns...)
	groups[last] = arith.CeilDivSI(b, ns[last], indexConst(b, vectorWidth))
	total := groups[0]
	for _, g := range groups[1:] {
		total = arith.MulI(b, total, g)
	}
	return groups, total
}

// vectorBody builds one thread per group of vectorWidth consecutive
// innermost points: the body's ops cloned once per point, op by op (the
// iterations are independent, so the loads of the later points may move
// before the stores of the earlier ones), the accesses along the row
// marked for 16-byte vector loads and stores.
func (o *outliner) vectorBody(b *ir.Builder, p plan, m *ir.Mapping) {
	inner := p.chain[len(p.chain)-1]
	n, _ := trips(b, p.chain[len(p.chain)-1:], m)
	groups, total := vectorGroups(b, p.chain, m)
	gid := arith.AddI(b, arith.MulI(b, gpu.BlockID(b, gpu.DimX), gpu.BlockDim(b, gpu.DimX)), gpu.ThreadID(b, gpu.DimX))
	guard := loops.If(b, arith.CmpI(b, "ult", gid, total))
	guard.Op.Region(1).Front().Erase()
	ip := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(guard.ThenBlock())
	mapIVs(b, p.chain, groups, gid, m)
	iv := loops.ForOp{Op: inner}.InductionVar()
	width := indexConst(b, vectorWidth)
	base := arith.MulI(b, m.Lookup(iv), width)
	body := inner.Region(0).Front()
	if !p.vector.tail {
		cloneLanes(b, body, m, iv, base)
	} else {
		end := arith.AddI(b, base, width)
		full := arith.CmpI(b, "sle", end, n[0])
		zero := indexConst(b, 0)
		for _, buf := range p.vector.dynRows {
			buf := m.Lookup(buf)
			rank := buf.Type().(*ir.MemRefType).Rank()
			row := loops.Dim(b, buf, int64(rank-1))
			full = arith.AndI(b, full, arith.CmpI(b, "eq", arith.RemUI(b, row, width), zero))
		}
		split := loops.If(b, full)
		b.SetInsertionPointToEnd(split.ThenBlock())
		cloneLanes(b, body, m, iv, base)
		loops.Yield(b)
		b.SetInsertionPointToEnd(split.ElseBlock())
		rest := loops.For(b, base, arith.MinSI(b, end, n[0]), indexConst(b, 1))
		b.SetInsertionPointToEnd(rest.BodyBlock())
		m.Map(iv, rest.InductionVar())
		cloneBody(b, body, m)
		loops.Yield(b)
		b.SetInsertionPointAfter(rest.Op)
		loops.Yield(b)
		b.SetInsertionPointAfter(split.Op)
	}
	loops.Yield(b)
	b.RestoreInsertionPoint(ip)
}

// cloneLanes clones the ops of body (but its terminator) for the
// vectorWidth points base, base+1, ... of the induction variable iv, op
// by op: an op whose operands are the same for every point is cloned
// once; the first clone of a group of accesses along the row carries
// VectorWidthAttrName.
func cloneLanes(b *ir.Builder, body *ir.Block, m *ir.Mapping, iv, base ir.Value) {
	var lanes [vectorWidth]map[ir.Value]ir.Value
	for j := range lanes {
		v := base
		if j > 0 {
			v = arith.AddI(b, base, indexConst(b, int64(j)))
		}
		lanes[j] = map[ir.Value]ir.Value{iv: v}
	}
	resolve := func(j int, v ir.Value) ir.Value {
		if w, ok := lanes[j][v]; ok {
			return w
		}
		return m.Lookup(v)
	}
	for op := range body.Ops() {
		if op.HasTrait(ir.ReturnLike) {
			continue
		}
		uniform := op.Name() != loops.StoreName
		for _, v := range op.Operands() {
			for j := 1; j < vectorWidth && uniform; j++ {
				uniform = resolve(j, v) == resolve(0, v)
			}
		}
		clones := vectorWidth
		if uniform {
			clones = 1
		}
		var first *ir.Operation
		for j := range clones {
			lm := ir.NewMapping()
			for _, v := range op.Operands() {
				lm.Map(v, resolve(j, v))
			}
			c := b.Clone(op, lm)
			if j == 0 {
				first = c
			}
			for i := range op.NumResults() {
				for l := range vectorWidth {
					if uniform || l == j {
						lanes[l][op.Result(i)] = c.Result(i)
					}
				}
			}
		}
		if !uniform && (op.Name() == loops.LoadName || op.Name() == loops.StoreName) {
			idx := op.Operands()[1:]
			if op.Name() == loops.StoreName {
				idx = op.Operands()[2:]
			}
			if len(idx) > 0 && idx[len(idx)-1] == iv {
				first.SetAttr(VectorWidthAttrName, ir.Int(b.Ctx.I64(), vectorWidth))
			}
		}
	}
}
