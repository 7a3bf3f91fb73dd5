package loopstogpu

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// KindStagedRows is the kind of a pointwise nest whose threads (one per
// point, a row) loop over short rows of their own (a cross-entropy over a
// few classes): adjacent threads' row loads and stores are a row apart,
// so the block's rows are moved between global and workgroup memory
// cooperatively, adjacent threads on adjacent elements, and the threads
// read and write their rows in workgroup memory.
const KindStagedRows = "staged_rows"

// maxStagedRow bounds the row length of a staged row loop, and
// maxStagedBytes the workgroup memory of the staged rows.
const (
	maxStagedRow   = 32
	maxStagedBytes = 40 << 10
)

// stagedRow is one buffer row staged through workgroup memory: the
// buffer, its indices before the last (the row, defined outside the row
// loops), the row length, and whether it is stored (else loaded).
type stagedRow struct {
	buf    ir.Value
	prefix []ir.Value
	n      int64
	store  bool
	elem   ir.Type
}

// stagingPlan lists the staged rows of a nest and the loads and stores
// they replace.
type stagingPlan struct {
	rows []*stagedRow
	// of maps each replaced load or store to its staged row.
	of map[*ir.Operation]int
}

func samePrefix(a, b []ir.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// stagedRows reports whether the pointwise nest l (collapsed loops chain)
// should stage rows: its innermost body holds pure ops, loads, stores and
// loops over 0..n (n ≤ maxStagedRow, constant) without nested regions;
// some loads or stores in those loops index a buffer's last dimension
// with the loop's induction variable and its other dimensions with values
// that depend on the point's innermost position only (a row per thread);
// a staged buffer is either
// only loaded or only stored in the nest, a stored row is stored by one
// store directly in its loop.
func (o *outliner) stagedRows(l *ir.Operation, chain []*ir.Operation) (*stagingPlan, bool) {
	body := chain[len(chain)-1].Region(0).Front()
	deps := ivDeps(l, chain)
	sp := &stagingPlan{of: map[*ir.Operation]int{}}
	loaded, stored := map[ir.Value]bool{}, map[ir.Value]bool{}
	l.Walk(func(op *ir.Operation) {
		switch op.Name() {
		case loops.LoadName:
			loaded[op.Operand(0)] = true
		case loops.StoreName:
			stored[op.Operand(1)] = true
		}
	})
	for op := range body.Ops() {
		switch {
		case op.HasTrait(ir.ReturnLike):
		case op.Name() == loops.ForName:
			lb, ok1 := constInt(op.Operand(0))
			n, ok2 := constInt(op.Operand(1))
			st, ok3 := constInt(op.Operand(2))
			if !ok1 || !ok2 || !ok3 || lb != 0 || st != 1 || n <= 0 || n > maxStagedRow || hasNested(op) {
				return nil, false
			}
			iv := loops.ForOp{Op: op}.InductionVar()
			for in := range op.Region(0).Front().Ops() {
				isStore := in.Name() == loops.StoreName
				if in.Name() != loops.LoadName && !isStore {
					continue
				}
				buf, idx := in.Operand(0), in.Operands()[1:]
				if isStore {
					buf, idx = in.Operand(1), in.Operands()[2:]
				}
				if len(idx) < 2 || idx[len(idx)-1] != iv {
					continue
				}
				prefix := idx[:len(idx)-1]
				var d uint64
				outside := true
				for _, v := range prefix {
					d |= deps[v]
					outside = outside && !ir.IsDefinedInside(v, op)
				}
				if d == 0 || !outside {
					continue
				}
				if d&^(uint64(1)<<(len(chain)-1)) != 0 {
					// A row chosen by an outer loop of the points is a
					// matmul's operand (shared by many threads), not
					// the thread's own row.
					return nil, false
				}
				if loaded[buf] && stored[buf] {
					return nil, false
				}
				k := -1
				for i, r := range sp.rows {
					if r.buf == buf && samePrefix(r.prefix, prefix) && r.n == n {
						k = i
					}
				}
				if k < 0 {
					k = len(sp.rows)
					elem := in.Operand(0).Type()
					if !isStore {
						elem = in.Result(0).Type()
					}
					sp.rows = append(sp.rows, &stagedRow{buf: buf, prefix: prefix, n: n, store: isStore, elem: elem})
				} else if isStore {
					// One store per staged row.
					return nil, false
				}
				sp.of[in] = k
			}
		case op.NumRegions() > 0:
			return nil, false
		case op.Name() == loops.LoadName || op.Name() == loops.StoreName || ir.IsMemoryEffectFree(op):
		default:
			return nil, false
		}
	}
	if len(sp.rows) == 0 || len(sp.rows) > 4 {
		return nil, false
	}
	// A stored row's buffer is written by its staged stores only (they
	// are deferred to the end of the kernel).
	ok := true
	l.Walk(func(op *ir.Operation) {
		if op.Name() != loops.StoreName {
			return
		}
		for _, r := range sp.rows {
			if _, staged := sp.of[op]; r.store && r.buf == op.Operand(1) && !staged {
				ok = false
			}
		}
	})
	if !ok {
		return nil, false
	}
	bytes := int64(0)
	for _, r := range sp.rows {
		if !shuffleable(r.elem) {
			return nil, false
		}
		bytes += o.blockSize * stagedStride(r.n) * int64(elemSize(r.elem))
	}
	return sp, bytes <= maxStagedBytes
}

func elemSize(t ir.Type) int {
	if ir.IsFloat(t) {
		return t.(*ir.FloatType).Width() / 8
	}
	return ir.IntWidth(t) / 8
}

// stagedStride is the row stride of a staged row in workgroup memory: odd,
// so that the threads reading the same column of their rows touch
// different banks.
func stagedStride(n int64) int64 { return n | 1 }

// stagedTypes returns the workgroup buffers of the staged rows.
func stagedTypes(ctx *ir.Context, sp *stagingPlan, blockSize int64) []ir.Type {
	space := gpu.AddressSpaceAttrDef.Get(gpu.Workgroup)
	out := make([]ir.Type, len(sp.rows))
	for i, r := range sp.rows {
		out[i] = ctx.MemRefWith([]int64{blockSize, stagedStride(r.n)}, r.elem, nil, space)
	}
	return out
}

// stagedBody builds the kernel: the block's loaded rows are copied to
// workgroup memory with adjacent threads on adjacent elements, a barrier,
// each thread runs its point reading and writing its rows there, a
// barrier, and the stored rows are copied out the same way.
func (o *outliner) stagedBody(b *ir.Builder, l *ir.Operation, p plan, m *ir.Mapping, tiles []ir.Value) {
	sp := p.staging
	chain := p.chain
	body := chain[len(chain)-1].Region(0).Front()
	ns, total := trips(b, chain, m)
	bs := indexConst(b, o.blockSize)
	tid := gpu.ThreadID(b, gpu.DimX)
	base := arith.MulI(b, gpu.BlockID(b, gpu.DimX), bs)
	caps := captures(l)
	fresh := func() *ir.Mapping {
		mr := ir.NewMapping()
		for _, v := range caps {
			mr.Map(v, m.Lookup(v))
		}
		return mr
	}
	// The ops of the innermost body the staged rows' indices need.
	slice := map[*ir.Operation]bool{}
	var mark func(v ir.Value)
	mark = func(v ir.Value) {
		op := ir.DefiningOp(v)
		if op == nil || slice[op] || !ir.IsDefinedInside(v, l) {
			return
		}
		slice[op] = true
		for _, x := range op.Operands() {
			mark(x)
		}
	}
	for _, r := range sp.rows {
		for _, v := range r.prefix {
			mark(v)
		}
	}
	// copyRows moves the staged rows selected by want between global and
	// workgroup memory, element e = tid, tid + block, ... of the block's
	// rows.
	copyRows := func(want bool) {
		for i, r := range sp.rows {
			if r.store != want {
				continue
			}
			// The elements are numbered in the padded layout, so that a
			// warp's workgroup accesses are consecutive words (the
			// padding column's lanes idle).
			sc := indexConst(b, stagedStride(r.n))
			f := loops.For(b, tid, indexConst(b, o.blockSize*stagedStride(r.n)), bs)
			save := b.SaveInsertionPoint()
			b.SetInsertionPointToEnd(f.BodyBlock())
			e := f.InductionVar()
			t, k := arith.DivUI(b, e, sc), arith.RemUI(b, e, sc)
			point := arith.AddI(b, base, t)
			in := arith.AndI(b, arith.CmpI(b, "ult", point, total), arith.CmpI(b, "ult", k, indexConst(b, r.n)))
			g := loops.If(b, in)
			g.Op.Region(1).Front().Erase()
			b.SetInsertionPointToEnd(g.ThenBlock())
			mr := fresh()
			mapIVs(b, chain, ns, point, mr)
			for op := range body.Ops() {
				if slice[op] {
					b.Clone(op, mr)
				}
			}
			idx := make([]ir.Value, 0, len(r.prefix)+1)
			for _, v := range r.prefix {
				idx = append(idx, mr.Lookup(v))
			}
			idx = append(idx, k)
			if r.store {
				loops.Store(b, loops.Load(b, tiles[i], t, k), mr.Lookup(r.buf), idx...)
			} else {
				loops.Store(b, loops.Load(b, mr.Lookup(r.buf), idx...), tiles[i], t, k)
			}
			loops.Yield(b)
			b.SetInsertionPointToEnd(f.BodyBlock())
			loops.Yield(b)
			b.RestoreInsertionPoint(save)
		}
	}
	copyRows(false)
	b.Build(&ir.OperationState{Name: gpu.BarrierName})
	gid := arith.AddI(b, base, tid)
	g := loops.If(b, arith.CmpI(b, "ult", gid, total))
	g.Op.Region(1).Front().Erase()
	save := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(g.ThenBlock())
	mapIVs(b, chain, ns, gid, m)
	for op := range body.Ops() {
		if op.HasTrait(ir.ReturnLike) {
			continue
		}
		if op.Name() != loops.ForName {
			b.Clone(op, m)
			continue
		}
		// The row loop with its staged accesses in workgroup memory.
		var orig []*ir.Operation
		op.Walk(func(x *ir.Operation) { orig = append(orig, x) })
		nl := b.Clone(op, m)
		var cloned []*ir.Operation
		nl.Walk(func(x *ir.Operation) { cloned = append(cloned, x) })
		for j, x := range orig {
			i, ok := sp.of[x]
			if !ok {
				continue
			}
			c := cloned[j]
			inner := ir.NewBuilder(b.Ctx)
			inner.Loc = c.Loc()
			inner.SetInsertionPointBefore(c)
			if x.Name() == loops.StoreName {
				idx := c.Operands()[2:]
				loops.Store(inner, c.Operand(0), tiles[i], tid, idx[len(idx)-1])
			} else {
				idx := c.Operands()[1:]
				c.Result(0).ReplaceAllUsesWith(loops.Load(inner, tiles[i], tid, idx[len(idx)-1]))
			}
			c.Erase()
		}
	}
	loops.Yield(b)
	b.RestoreInsertionPoint(save)
	b.Build(&ir.OperationState{Name: gpu.BarrierName})
	copyRows(true)
}
