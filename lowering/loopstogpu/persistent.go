package loopstogpu

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// maxPersistent bounds the row elements each thread of a persistent row
// reduction keeps in registers.
const maxPersistent = 8

// persistentRow reports the row length of a row body whose loops can be
// unrolled so that each thread keeps its elements in registers (Inductor's
// persistent reduction): every loop over the row runs from 0 to the same
// constant n, a multiple of threads with n/threads <= maxPersistent, step
// 1, and every load and store in the loops indexes its buffer's last
// dimension with the loop's induction variable and its other dimensions
// with values defined outside the loop. Then each thread only ever touches
// the columns j ≡ tid (mod threads), so no barrier is needed between the
// loops, and values stored or loaded by one loop can be forwarded to the
// next (the input read once, the output written once).
func persistentRow(body *ir.Block, threads int64) (int64, bool) {
	n := int64(-1)
	for op := range body.Ops() {
		if op.Name() != loops.ForName {
			continue
		}
		lb, ok1 := constInt(op.Operand(0))
		ub, ok2 := constInt(op.Operand(1))
		st, ok3 := constInt(op.Operand(2))
		if !ok1 || !ok2 || !ok3 || lb != 0 || st != 1 || (n >= 0 && ub != n) {
			return 0, false
		}
		n = ub
		iv := loops.ForOp{Op: op}.InductionVar()
		ok := true
		op.Walk(func(o *ir.Operation) {
			var idx []ir.Value
			switch o.Name() {
			case loops.LoadName:
				idx = o.Operands()[1:]
			case loops.StoreName:
				idx = o.Operands()[2:]
			default:
				return
			}
			if len(idx) == 0 || idx[len(idx)-1] != iv {
				ok = false
				return
			}
			for _, v := range idx[:len(idx)-1] {
				if ir.IsDefinedInside(v, op) {
					ok = false
				}
			}
		})
		if !ok {
			return 0, false
		}
	}
	if n <= 0 || n%threads != 0 || n/threads > maxPersistent {
		return 0, false
	}
	return n, true
}

// persistentBody builds the row body with every loop unrolled over the
// thread's columns tid + c·threads, then forwards loads and stores
// between the unrolled copies.
func (o *outliner) persistentBody(b *ir.Builder, body *ir.Block, n, threads int64, tid ir.Value, m *ir.Mapping, wg []ir.Value) {
	per := n / threads
	cols := make([]ir.Value, per)
	for c := range per {
		cols[c] = arith.AddI(b, tid, indexConst(b, c*threads))
	}
	next := 0
	for op := range body.Ops() {
		if op.HasTrait(ir.ReturnLike) {
			continue
		}
		if op.Name() != loops.ForName {
			b.Clone(op, m)
			continue
		}
		f := loops.ForOp{Op: op}
		reds, _ := loops.ReductionsOf(op)
		accs := make([]ir.Value, len(reds))
		for i, r := range reds {
			id, _ := r.Kind.Identity(op.Result(i).Type())
			accs[i] = arith.Constant(b, id)
		}
		inner := f.BodyBlock()
		for c := range per {
			m.Map(f.InductionVar(), cols[c])
			for i, a := range f.RegionIterArgs() {
				m.Map(a, accs[i])
			}
			cloneBody(b, inner, m)
			for i, v := range inner.Terminator().Operands() {
				accs[i] = m.Lookup(v)
			}
		}
		reduceAll(b, op, reds, accs, tid, wg, &next, threads/warpSize, m)
	}
	forward(b.InsertionBlock(), cols)
}

// memKey is an element of a buffer named by SSA index values.
type memKey struct {
	buf ir.Value
	idx string
}

type access struct {
	key  memKey
	idx  []ir.Value
	op   *ir.Operation
	seen bool // a load may have read the stored value
}

// forward replaces loads of elements whose value the thread already holds
// (loaded or stored earlier in blk) by that value, and removes stores that
// a later store to the same element overwrites before any load. Two
// accesses of a buffer are known to touch different elements when their
// last indices are different columns of cols; any other pair may alias.
func forward(blk *ir.Block, cols []ir.Value) {
	col := map[ir.Value]int{}
	for i, c := range cols {
		col[c] = i
	}
	distinct := func(a, b []ir.Value) bool {
		if len(a) != len(b) || len(a) == 0 {
			return false
		}
		ca, ok1 := col[a[len(a)-1]]
		cb, ok2 := col[b[len(b)-1]]
		return ok1 && ok2 && ca != cb
	}
	keyOf := func(buf ir.Value, idx []ir.Value) memKey {
		s := ""
		for _, v := range idx {
			s += fmt.Sprintf("%p,", v)
		}
		return memKey{buf, s}
	}
	avail := map[memKey]ir.Value{}
	stores := map[memKey]*access{}
	var dead []*ir.Operation
	clobber := func(buf ir.Value, idx []ir.Value, key memKey, isStore bool) {
		for k := range avail {
			if k.buf == buf && k != key {
				if s := stores[k]; s == nil || !distinct(s.idx, idx) {
					if isStore {
						delete(avail, k)
					}
				}
			}
		}
		for k, s := range stores {
			if k.buf == buf && k != key && !distinct(s.idx, idx) {
				s.seen = true
				if isStore {
					delete(stores, k)
				}
			}
		}
	}
	for op := range blk.Ops() {
		switch op.Name() {
		case loops.LoadName:
			buf, idx := op.Operand(0), op.Operands()[1:]
			key := keyOf(buf, idx)
			clobber(buf, idx, key, false)
			if v, ok := avail[key]; ok {
				op.Result(0).ReplaceAllUsesWith(v)
				dead = append(dead, op)
				continue
			}
			if s := stores[key]; s != nil {
				s.seen = true
			}
			avail[key] = op.Result(0)
		case loops.StoreName:
			buf, idx := op.Operand(1), op.Operands()[2:]
			key := keyOf(buf, idx)
			clobber(buf, idx, key, true)
			if s := stores[key]; s != nil && !s.seen {
				dead = append(dead, s.op)
			}
			stores[key] = &access{key: key, idx: idx, op: op}
			avail[key] = op.Operand(0)
		default:
			if op.Name() == gpu.BarrierName || op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op) {
				// Workgroup memory changes across barriers and in the
				// lane-0 branches; forget it (global memory of the
				// thread's own columns only this thread writes).
				for k := range avail {
					if sp, _ := gpu.MemorySpace(k.buf.Type()); sp == gpu.Workgroup {
						delete(avail, k)
					}
				}
			}
		}
	}
	for _, op := range dead {
		op.Erase()
	}
}

// maxRowBlocks is the grid of a persistent row reduction whose rows share
// loads (layer_norm's gamma and beta): each block strides over the rows,
// and the shared values are loaded once per block instead of once per row.
const maxRowBlocks = 1024

// rowInvariantLoads reports whether a row loop of body loads a buffer that
// the nest l does not store, at indices before the last that do not
// depend on the row (defined outside l): values every row uses.
func rowInvariantLoads(l *ir.Operation, body *ir.Block) bool {
	stored := map[ir.Value]bool{}
	l.Walk(func(op *ir.Operation) {
		if op.Name() == loops.StoreName {
			stored[op.Operand(1)] = true
		}
	})
	found := false
	for op := range body.Ops() {
		if op.Name() != loops.ForName {
			continue
		}
		op.Walk(func(ld *ir.Operation) {
			if ld.Name() != loops.LoadName || stored[ld.Operand(0)] {
				return
			}
			idx := ld.Operands()[1:]
			for _, v := range idx[:max(len(idx)-1, 0)] {
				if ir.IsDefinedInside(v, l) {
					return
				}
			}
			found = true
		})
	}
	return found
}

// stridedRows builds a persistent row reduction whose block strides over
// the rows bid, bid + gridDim, ...: the row body as persistentBody builds
// it, a barrier at the end of each row (the next row's reductions reuse
// the workgroup buffers), then the loads and pure ops that do not depend
// on the row are hoisted out of the loop.
func (o *outliner) stridedRows(b *ir.Builder, body *ir.Block, n int64, p plan, ns []ir.Value, total, row, tid ir.Value, m *ir.Mapping, wg []ir.Value) {
	f := loops.For(b, row, total, gpu.GridDim(b, gpu.DimX))
	ip := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(f.BodyBlock())
	mapIVs(b, p.chain, ns, f.InductionVar(), m)
	o.persistentBody(b, body, n, p.rowThreads, tid, m, wg)
	b.Build(&ir.OperationState{Name: gpu.BarrierName})
	loops.Yield(b)
	b.RestoreInsertionPoint(ip)
	stored := map[ir.Value]bool{}
	f.Op.Walk(func(op *ir.Operation) {
		if op.Name() == loops.StoreName {
			stored[op.Operand(1)] = true
		}
	})
	var ops []*ir.Operation
	for op := range f.BodyBlock().Ops() {
		ops = append(ops, op)
	}
	for _, op := range ops {
		if op.NumRegions() > 0 || op.HasTrait(ir.ReturnLike) || op.NumResults() == 0 {
			continue
		}
		if op.Name() == loops.LoadName {
			if sp, _ := gpu.MemorySpace(op.Operand(0).Type()); sp == gpu.Workgroup || stored[op.Operand(0)] {
				continue
			}
		} else if !ir.IsMemoryEffectFree(op) {
			continue
		}
		invariant := true
		for _, v := range op.Operands() {
			if ir.IsDefinedInside(v, f.Op) {
				invariant = false
			}
		}
		if invariant {
			// Later ops see this one as outside once it moves.
			op.MoveBefore(f.Op)
		}
	}
}
