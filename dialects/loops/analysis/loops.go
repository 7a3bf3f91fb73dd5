package analysis

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// ConstInt returns the value of an integer or index arith.constant.
func ConstInt(v ir.Value) (int64, bool) {
	def := ir.DefiningOp(v)
	if def == nil || def.Name() != arith.ConstantName {
		return 0, false
	}
	a, ok := def.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int64(), true
}

// DefinedIn reports whether v is defined inside op (in one of its regions,
// at any depth).
func DefinedIn(v ir.Value, op *ir.Operation) bool {
	b := v.ParentBlock()
	if b == nil {
		return false
	}
	for p := b.ParentOp(); p != nil; p = p.ParentOp() {
		if p == op {
			return true
		}
	}
	return false
}

// ForBounds returns the lower bound, upper bound and step of a loops.for.
func ForBounds(op *ir.Operation) (lb, ub, step ir.Value) {
	return op.Operand(0), op.Operand(1), op.Operand(2)
}

// TripCount returns the trip count of a loops.for with constant bounds.
func TripCount(op *ir.Operation) (int64, bool) {
	lbV, ubV, stV := ForBounds(op)
	lb, ok1 := ConstInt(lbV)
	ub, ok2 := ConstInt(ubV)
	st, ok3 := ConstInt(stV)
	if !ok1 || !ok2 || !ok3 || st <= 0 {
		return 0, false
	}
	if ub <= lb {
		return 0, true
	}
	return (ub - lb + st - 1) / st, true
}

// UnknownTrips is the trip count assumed for loops whose bounds are not
// constants (Inductor's size-hint fallback).
const UnknownTrips = 8192

// TripHint is TripCount, or UnknownTrips.
func TripHint(op *ir.Operation) float64 {
	if n, ok := TripCount(op); ok {
		return float64(n)
	}
	return UnknownTrips
}

// BlockWork estimates the work of one execution of a block: the number of
// iterations of innermost loops it runs (at least 1), Inductor's measure
// of a kernel's work (elements times reduction elements).
func BlockWork(b *ir.Block) float64 {
	if b == nil {
		return 1
	}
	w := 0.0
	for op := range b.Ops() {
		switch op.Name() {
		case loops.ForName:
			w += TripHint(op) * BlockWork(op.Region(0).Front())
		case loops.ParallelName:
			n := 1.0
			lbs, ubs, sts := op.OperandGroup(0), op.OperandGroup(1), op.OperandGroup(2)
			for i := range lbs {
				lb, ok1 := ConstInt(lbs[i])
				ub, ok2 := ConstInt(ubs[i])
				st, ok3 := ConstInt(sts[i])
				if ok1 && ok2 && ok3 && st > 0 {
					n *= float64(max(0, (ub-lb+st-1)/st))
				} else {
					n *= UnknownTrips
				}
			}
			w += n * BlockWork(op.Region(0).Front())
		case loops.IfName:
			m := 0.0
			for _, r := range op.Regions() {
				if f := r.Front(); f != nil && HasLoop(f) {
					m = max(m, BlockWork(f))
				}
			}
			w += m
		}
	}
	return max(w, 1)
}

// HasLoop reports whether a block holds a loop at any depth.
func HasLoop(b *ir.Block) bool {
	found := false
	for op := range b.Ops() {
		op.Walk(func(o *ir.Operation) {
			if o.Name() == loops.ForName || o.Name() == loops.ParallelName {
				found = true
			}
		})
		if found {
			return true
		}
	}
	return false
}

// InductionRange returns the smallest and largest value of an induction
// variable of a loops.for or loops.parallel with constant bounds.
func InductionRange(v ir.Value) (int64, int64, bool) {
	arg, ok := v.(*ir.BlockArgument)
	if !ok || arg.Owner() == nil || arg.Owner().ParentOp() == nil {
		return 0, 0, false
	}
	op := arg.Owner().ParentOp()
	var lbV, ubV, stV ir.Value
	switch {
	case op.Name() == loops.ForName && arg.Index() == 0:
		lbV, ubV, stV = ForBounds(op)
	case op.Name() == loops.ParallelName && arg.Index() < len(op.OperandGroup(0)):
		i := arg.Index()
		lbV, ubV, stV = op.OperandGroup(0)[i], op.OperandGroup(1)[i], op.OperandGroup(2)[i]
	default:
		return 0, 0, false
	}
	lb, ok1 := ConstInt(lbV)
	ub, ok2 := ConstInt(ubV)
	st, ok3 := ConstInt(stV)
	if !ok1 || !ok2 || !ok3 || st <= 0 || !small(lb) || !small(ub) {
		return 0, 0, false
	}
	if ub <= lb {
		return lb, lb, true
	}
	return lb, lb + (ub-lb-1)/st*st, true
}
