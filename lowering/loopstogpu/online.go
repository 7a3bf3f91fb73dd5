package loopstogpu

import (
	"math"
	"reflect"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// onlineSoftmax rewrites the three passes over a row that tensor-to-loops
// gives softmax (it stores E = exp(x - max) once and rescales it, which
// suits a CPU's cache) into two for a looped row reduction on the GPU,
// where each pass re-reads the row from global memory (Triton's and
// Inductor's online softmax):
//
//	L1: m = max over the row of v          L1': (m, s) = online_max, online_sum of v
//	L2: s = Σ exp(v - m), storing E to B   (removed)
//	L3: B[j] = f(B[j], row values)          L3': B[j] = f(exp(v - m) recomputed, row values)
//
// It applies when L2's stored value is its summand before the widening
// (E itself), L2's v is the same expression of its induction variable as
// L1's, and L3 loads B where L2 stored it and stores B there (so L2's
// store is dead). The sum changes association (the online update rescales
// the running sum when the maximum grows), within the fixtures'
// tolerances; the exponentials are computed twice per element instead of
// reading E back. It reports whether it rewrote body.
func onlineSoftmax(body *ir.Block) bool {
	var fors []*ir.Operation
	for op := range body.Ops() {
		if op.Name() == loops.ForName {
			fors = append(fors, op)
		}
	}
	for i := 0; i+2 < len(fors); i++ {
		if rewriteOnline(fors[i], fors[i+1], fors[i+2]) {
			return true
		}
	}
	return false
}

// sameBounds reports whether loops a and b run over the same range.
func sameBounds(a, b *ir.Operation) bool {
	for k := range 3 {
		if a.Operand(k) != b.Operand(k) {
			return false
		}
	}
	return true
}

// sameExpr reports whether x (in loop la) and y (in loop lb) compute the
// same value: the same op with the same attributes on operands that are
// the same, the loops' induction variables standing for each other.
func sameExpr(x, y ir.Value, la, lb *ir.Operation) bool {
	ivA, ivB := loops.ForOp{Op: la}.InductionVar(), loops.ForOp{Op: lb}.InductionVar()
	if x == ivA && y == ivB {
		return true
	}
	inA, inB := ir.IsDefinedInside(x, la), ir.IsDefinedInside(y, lb)
	if !inA || !inB {
		return !inA && !inB && x == y
	}
	dx, dy := ir.DefiningOp(x), ir.DefiningOp(y)
	if dx == nil || dy == nil || dx.Name() != dy.Name() || dx.NumOperands() != dy.NumOperands() ||
		dx.NumResults() != 1 || dy.NumResults() != 1 || dx.NumRegions() > 0 || dy.NumRegions() > 0 {
		return false
	}
	if dx.Name() != loops.LoadName && !ir.IsMemoryEffectFree(dx) {
		return false
	}
	if !reflect.DeepEqual(attrStrings(dx), attrStrings(dy)) {
		return false
	}
	for k := range dx.NumOperands() {
		if !sameExpr(dx.Operand(k), dy.Operand(k), la, lb) {
			return false
		}
	}
	return true
}

func attrStrings(op *ir.Operation) map[string]string {
	out := map[string]string{}
	for _, a := range op.Attrs() {
		out[a.Name] = a.Value.String()
	}
	return out
}

// yielded returns the value the body of loop l yields for its carried
// value k.
func yielded(l *ir.Operation, k int) ir.Value {
	return loops.ForOp{Op: l}.BodyBlock().Terminator().Operand(k)
}

// singleReduction returns the kind of loop l's only carried value.
func singleReduction(l *ir.Operation) (loops.ReductionKind, bool) {
	if l.NumResults() != 1 {
		return "", false
	}
	reds, err := loops.ReductionsOf(l)
	if err != nil || len(reds) != 1 {
		return "", false
	}
	return reds[0].Kind, true
}

func rewriteOnline(l1, l2, l3 *ir.Operation) bool {
	if k, ok := singleReduction(l1); !ok || k != loops.ReduceMaxF {
		return false
	}
	if k, ok := singleReduction(l2); !ok || k != loops.ReduceAddF {
		return false
	}
	if l3.NumResults() != 0 || !sameBounds(l1, l2) || !sameBounds(l2, l3) {
		return false
	}
	m := l1.Result(0)
	acc1 := loops.ForOp{Op: l1}.RegionIterArgs()[0]
	mx := ir.DefiningOp(yielded(l1, 0))
	if mx == nil || mx.Name() != arith.MaxFName || mx.Operand(0) != acc1 {
		return false
	}
	v1 := mx.Operand(1)
	// L2: acc + widen(E), E = exp(v - m), one store of E.
	acc2 := loops.ForOp{Op: l2}.RegionIterArgs()[0]
	add := ir.DefiningOp(yielded(l2, 0))
	if add == nil || add.Name() != arith.AddFName || add.Operand(0) != acc2 {
		return false
	}
	e := add.Operand(1)
	if d := ir.DefiningOp(e); d != nil && d.Name() == arith.ExtFName {
		e = d.Operand(0)
	}
	exp := ir.DefiningOp(e)
	if exp == nil || exp.Name() != arith.MathExpName {
		return false
	}
	sub := ir.DefiningOp(exp.Operand(0))
	if sub == nil || sub.Name() != arith.SubFName || sub.Operand(1) != m || !sameExpr(v1, sub.Operand(0), l1, l2) ||
		v1.Type() != m.Type() {
		return false
	}
	var store *ir.Operation
	for op := range (loops.ForOp{Op: l2}).BodyBlock().Ops() {
		if op.Name() == loops.StoreName {
			if store != nil {
				return false
			}
			store = op
		}
	}
	iv2 := loops.ForOp{Op: l2}.InductionVar()
	if store == nil || store.Operand(0) != e || !lastIndexIs(store.Operands()[2:], iv2, l2) {
		return false
	}
	buf := store.Operand(1)
	// L3 reads B only where L2 wrote it and overwrites it there.
	iv3 := loops.ForOp{Op: l3}.InductionVar()
	var loadsB []*ir.Operation
	overwritten := false
	ok := true
	l3.Walk(func(op *ir.Operation) {
		switch op.Name() {
		case loops.LoadName:
			if op.Operand(0) == buf {
				if !sameIndices(op.Operands()[1:], store.Operands()[2:], iv3, iv2) {
					ok = false
				}
				loadsB = append(loadsB, op)
			}
		case loops.StoreName:
			if op.Operand(1) == buf {
				if !sameIndices(op.Operands()[2:], store.Operands()[2:], iv3, iv2) || op.ParentOp() != l3 {
					ok = false
				}
				overwritten = true
			}
		}
	})
	if !ok || !overwritten || len(loadsB) == 0 {
		return false
	}
	// Nothing between the loops may touch memory.
	for op := l1.Next(); op != l3; op = op.Next() {
		if op != l2 && !ir.IsMemoryEffectFree(op) {
			return false
		}
	}

	b := ir.NewBuilder(l1.Context())
	b.Loc = l1.Loc()
	b.SetInsertionPointBefore(l1)
	mt, st := m.Type(), acc2.Type()
	f := loops.For(b, l1.Operand(0), l1.Operand(1), l1.Operand(2), l1.Operand(3), l2.Operand(3))
	f.SetReductionKinds([]loops.ReductionKind{loops.ReduceOnlineMax, loops.ReduceOnlineSum})
	bm := ir.NewMapping()
	bm.Map(loops.ForOp{Op: l1}.InductionVar(), f.InductionVar())
	b.SetInsertionPointToEnd(f.BodyBlock())
	for op := range (loops.ForOp{Op: l1}).BodyBlock().Ops() {
		if op == mx || op.HasTrait(ir.ReturnLike) {
			continue
		}
		b.Clone(op, bm)
	}
	v := bm.Lookup(v1)
	mc, sc := f.RegionIterArgs()[0], f.RegionIterArgs()[1]
	// The online update (tensor-to-loops's): m' = max(m, v); with
	// t = exp(-|v - m|), s' = s·t + 1 when v > m, else s + t; s kept while
	// m' is -Inf.
	m2 := arith.MaxF(b, mc, v)
	t := arith.MathExp(b, arith.NegF(b, arith.MathAbsF(b, arith.SubF(b, v, mc))))
	if st != mt {
		t = arith.ExtF(b, st, t)
	}
	one := arith.Constant(b, ir.Float(st, 1))
	grown := arith.AddF(b, arith.MulF(b, sc, t), one)
	kept := arith.AddF(b, sc, t)
	s2 := arith.Select(b, arith.CmpF(b, "ogt", v, mc), grown, kept)
	s2 = arith.Select(b, arith.CmpF(b, "oeq", m2, arith.Constant(b, ir.Float(mt, math.Inf(-1)))), sc, s2)
	loops.Yield(b, m2, s2)
	m.ReplaceAllUsesWith(f.Op.Result(0))
	l2.Result(0).ReplaceAllUsesWith(f.Op.Result(1))
	// L3: E recomputed from v where it was loaded back.
	for _, ld := range loadsB {
		b.SetInsertionPointBefore(ld)
		em := ir.NewMapping()
		em.Map(iv2, iv3)
		var clone func(x ir.Value) ir.Value
		clone = func(x ir.Value) ir.Value {
			if !ir.IsDefinedInside(x, l2) {
				return em.Lookup(x)
			}
			if y := em.Lookup(x); y != x {
				return y
			}
			d := ir.DefiningOp(x)
			for _, o := range d.Operands() {
				clone(o)
			}
			return b.Clone(d, em).Result(0)
		}
		ld.Result(0).ReplaceAllUsesWith(clone(e))
		ld.Erase()
	}
	l2.Erase()
	l1.Erase()
	return true
}

// lastIndexIs reports whether idx ends with iv and its other indices are
// defined outside l.
func lastIndexIs(idx []ir.Value, iv ir.Value, l *ir.Operation) bool {
	if len(idx) == 0 || idx[len(idx)-1] != iv {
		return false
	}
	for _, v := range idx[:len(idx)-1] {
		if ir.IsDefinedInside(v, l) {
			return false
		}
	}
	return true
}

// sameIndices reports whether a (with induction variable ivA) and b (with
// ivB) are the same indices.
func sameIndices(a, b []ir.Value, ivA, ivB ir.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a[k] != b[k] && !(a[k] == ivA && b[k] == ivB) {
			return false
		}
	}
	return true
}
