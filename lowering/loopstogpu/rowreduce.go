package loopstogpu

import (
	"math"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// warpSize is the number of lanes of a warp.
const warpSize = 32

// rowBody builds one block per point of the collapsed loops (a row): the
// loops over the row are strided over the block's threads, each declared
// reduction combined across the block, and a barrier follows every loop
// that stores (a later loop may read what other threads wrote).
func (o *outliner) rowBody(b *ir.Builder, l *ir.Operation, p plan, m *ir.Mapping, wg []ir.Value) (persistent, strided bool) {
	ns, total := trips(b, p.chain, m)
	row := gpu.BlockID(b, gpu.DimX)
	tid := gpu.ThreadID(b, gpu.DimX)
	body := p.chain[len(p.chain)-1].Region(0).Front()
	if n, ok := persistentRow(body, p.rowThreads); ok && rowInvariantLoads(l, body) {
		o.stridedRows(b, body, n, p, ns, total, row, tid, m, wg)
		return true, true
	}
	guard := loops.If(b, arith.CmpI(b, "ult", row, total))
	guard.Op.Region(1).Front().Erase()
	ip := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(guard.ThenBlock())
	mapIVs(b, p.chain, ns, row, m)
	if n, ok := persistentRow(body, p.rowThreads); ok {
		o.persistentBody(b, body, n, p.rowThreads, tid, m, wg)
		loops.Yield(b)
		b.RestoreInsertionPoint(ip)
		return true, false
	}
	threads := indexConst(b, p.rowThreads)
	next := 0
	for op := range body.Ops() {
		if op.HasTrait(ir.ReturnLike) {
			continue
		}
		if op.Name() != loops.ForName {
			b.Clone(op, m)
			continue
		}
		lb, st := m.Lookup(op.Operand(0)), m.Lookup(op.Operand(2))
		start := arith.AddI(b, lb, arith.MulI(b, tid, st))
		stride := arith.MulI(b, st, threads)
		reds, _ := loops.ReductionsOf(op)
		ids := make([]ir.Value, len(reds))
		for i, r := range reds {
			id, _ := r.Kind.Identity(op.Result(i).Type())
			ids[i] = arith.Constant(b, id)
		}
		nl := b.Clone(op, m)
		nl.SetOperand(0, start)
		nl.SetOperand(2, stride)
		for i := range reds {
			nl.SetOperand(3+i, ids[i])
		}
		reduceAll(b, op, reds, nl.Results(), tid, wg, &next, p.rowThreads/warpSize, m)
		if stores(op) {
			b.Build(&ir.OperationState{Name: gpu.BarrierName})
		}
	}
	loops.Yield(b)
	b.RestoreInsertionPoint(ip)
	return false, false
}

// stores reports whether op stores to memory.
func stores(op *ir.Operation) bool {
	found := false
	op.Walk(func(o *ir.Operation) {
		if o.Name() == loops.StoreName {
			found = true
		}
	})
	return found
}

// combine builds the combining op of kind k on x and y.
func combine(b *ir.Builder, k loops.ReductionKind, x, y ir.Value) ir.Value {
	return b.Build(&ir.OperationState{Name: k.Combiner(), Operands: []ir.Value{x, y}, ResultTypes: []ir.Type{x.Type()}}).Result(0)
}

// blockReduce combines v over the block: a butterfly of xor shuffles in
// each warp, then, with several warps, each warp's lane 0 writes its value
// to buf and every thread combines the warps' values in order after a
// barrier, so every thread holds the block's result.
func blockReduce(b *ir.Builder, v ir.Value, k loops.ReductionKind, tid, buf ir.Value, warps int64) ir.Value {
	for off := int64(warpSize / 2); off >= 1; off /= 2 {
		v = combine(b, k, v, shuffleXor(b, v, off))
	}
	if buf == nil {
		return v
	}
	c0, c32 := indexConst(b, 0), indexConst(b, warpSize)
	lane, warp := arith.RemUI(b, tid, c32), arith.DivUI(b, tid, c32)
	first := loops.If(b, arith.CmpI(b, "eq", lane, c0))
	first.Op.Region(1).Front().Erase()
	ip := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(first.ThenBlock())
	loops.Store(b, v, buf, warp)
	loops.Yield(b)
	b.RestoreInsertionPoint(ip)
	b.Build(&ir.OperationState{Name: gpu.BarrierName})
	acc := loops.Load(b, buf, c0)
	for w := int64(1); w < warps; w++ {
		acc = combine(b, k, acc, loops.Load(b, buf, indexConst(b, w)))
	}
	return acc
}

// shuffleXor builds the value of lane (lane xor off): one gpu.shuffle for
// 32-bit values, two of the halves for 64-bit ones.
func shuffleXor(b *ir.Builder, v ir.Value, off int64) ir.Value {
	ctx := b.Ctx
	i32, i64 := ctx.I32(), ctx.I64()
	offset := arith.Constant(b, ir.Int(i32, off))
	width := arith.Constant(b, ir.Int(i32, warpSize))
	shfl := func(x ir.Value) ir.Value {
		r, _ := gpu.Shuffle(b, gpu.ShuffleXor, x, offset, width)
		return r
	}
	t := v.Type()
	isFloat := ir.IsFloat(t)
	if ir.IntWidth(t) == 32 || isFloat && t.(*ir.FloatType).Width() == 32 {
		return shfl(v)
	}
	x := v
	if isFloat {
		x = arith.Bitcast(b, i64, v)
	}
	c32 := arith.Constant(b, ir.Int(i64, 32))
	lo := shfl(arith.TruncI(b, i32, x))
	hi := shfl(arith.TruncI(b, i32, arith.ShRUI(b, x, c32)))
	r := arith.OrI(b, arith.ExtUI(b, i64, lo), arith.ShLI(b, arith.ExtUI(b, i64, hi), c32))
	if isFloat {
		r = arith.Bitcast(b, t, r)
	}
	return r
}

// reduceAll combines each carried value of the row loop op (the thread's
// partial values parts) over the block, merges the result with the loop's
// initial value and maps op's results to it in m. An online_max and
// online_sum pair merges as the online softmax normalizer does.
func reduceAll(b *ir.Builder, op *ir.Operation, reds []loops.Reduction, parts []ir.Value, tid ir.Value, wg []ir.Value, next *int, warps int64, m *ir.Mapping) {
	buf := func() ir.Value {
		if len(wg) == 0 {
			return nil
		}
		*next++
		return wg[*next-1]
	}
	for i := 0; i < len(reds); i++ {
		r := reds[i]
		if r.Kind == loops.ReduceOnlineMax {
			bm, bs := buf(), buf()
			mx, sm := blockReduceOnline(b, parts[i], parts[i+1], tid, bm, bs, warps)
			mx, sm = mergeOnline(b, m.Lookup(op.Operand(3+i)), m.Lookup(op.Operand(4+i)), mx, sm)
			m.Map(op.Result(i), mx)
			m.Map(op.Result(i+1), sm)
			i++
			continue
		}
		v := blockReduce(b, parts[i], r.Kind, tid, buf(), warps)
		m.Map(op.Result(i), combine(b, r.Kind, m.Lookup(op.Operand(3+i)), v))
	}
}

// mergeOnline merges two online softmax normalizers (m1, s1) and (m2,
// s2): M = max(m1, m2) and S = s1·exp(m1 - M) + s2·exp(m2 - M), the
// exponentials computed in m's type and the products in s's (as the
// loop's update does); S = s1 + s2 when M is -Inf (both empty).
func mergeOnline(b *ir.Builder, m1, s1, m2, s2 ir.Value) (ir.Value, ir.Value) {
	mt, st := m1.Type(), s1.Type()
	mx := combine(b, loops.ReduceMaxF, m1, m2)
	scale := func(mm, ss ir.Value) ir.Value {
		e := mathOp(b, arith.MathExpName, arith.SubF(b, mm, mx))
		if mt != st {
			e = arith.ExtF(b, st, e)
		}
		return arith.MulF(b, ss, e)
	}
	merged := arith.AddF(b, scale(m1, s1), scale(m2, s2))
	empty := arith.CmpF(b, "oeq", mx, arith.Constant(b, ir.Float(mt, math.Inf(-1))))
	return mx, arith.Select(b, empty, arith.AddF(b, s1, s2), merged)
}

// blockReduceOnline is blockReduce for an online softmax normalizer pair.
func blockReduceOnline(b *ir.Builder, mv, sv, tid, bm, bs ir.Value, warps int64) (ir.Value, ir.Value) {
	for off := int64(warpSize / 2); off >= 1; off /= 2 {
		mv, sv = mergeOnline(b, mv, sv, shuffleXor(b, mv, off), shuffleXor(b, sv, off))
	}
	if bm == nil {
		return mv, sv
	}
	c0, c32 := indexConst(b, 0), indexConst(b, warpSize)
	lane, warp := arith.RemUI(b, tid, c32), arith.DivUI(b, tid, c32)
	first := loops.If(b, arith.CmpI(b, "eq", lane, c0))
	first.Op.Region(1).Front().Erase()
	ip := b.SaveInsertionPoint()
	b.SetInsertionPointToEnd(first.ThenBlock())
	loops.Store(b, mv, bm, warp)
	loops.Store(b, sv, bs, warp)
	loops.Yield(b)
	b.RestoreInsertionPoint(ip)
	b.Build(&ir.OperationState{Name: gpu.BarrierName})
	am, as := loops.Load(b, bm, c0), loops.Load(b, bs, c0)
	for w := int64(1); w < warps; w++ {
		iw := indexConst(b, w)
		am, as = mergeOnline(b, am, as, loops.Load(b, bm, iw), loops.Load(b, bs, iw))
	}
	return am, as
}
