package analysis

import (
	"slices"

	"github.com/tt-compiler/tt/dialects/arith"
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

// ForBounds returns the lower bound, upper bound and step of a loops.for.
func ForBounds(op *ir.Operation) (lb, ub, step ir.Value) {
	return op.Operand(0), op.Operand(1), op.Operand(2)
}

// TripCount returns the trip count of a loops.for with constant bounds.
func TripCount(op *ir.Operation) (int64, bool) {
	lb, ub, st := ForBounds(op)
	return constTrips(lb, ub, st)
}

// constTrips returns the trip count of one loop dimension with constant
// bounds and a positive constant step.
func constTrips(lbV, ubV, stV ir.Value) (int64, bool) {
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

// loopTrips estimates the iterations of any op with the loop interface:
// the product over its dimensions of the constant trip counts, with
// UnknownTrips for a dimension whose bounds are not constants.
func loopTrips(op *ir.Operation, li *ir.LoopInterface) float64 {
	if li.Bounds == nil {
		return UnknownTrips
	}
	lbs, ubs, sts := li.Bounds(op)
	n := 1.0
	for i := range lbs {
		if t, ok := constTrips(lbs[i], ubs[i], sts[i]); ok {
			n *= float64(t)
		} else {
			n *= UnknownTrips
		}
	}
	return n
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
		if li := ir.LoopInterfaceOf(op); li != nil {
			w += loopTrips(op, li) * BlockWork(li.Body(op).Front())
			continue
		}
		// A conditional (or any other op with regions): its most
		// expensive region.
		m := 0.0
		for _, r := range op.Regions() {
			if f := r.Front(); f != nil && HasLoop(f) {
				m = max(m, BlockWork(f))
			}
		}
		w += m
	}
	return max(w, 1)
}

// HasLoop reports whether a block holds a loop at any depth.
func HasLoop(b *ir.Block) bool {
	found := false
	for op := range b.Ops() {
		op.Walk(func(o *ir.Operation) {
			if ir.LoopInterfaceOf(o) != nil {
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
// variable of a loop (an op with the loop interface) with constant bounds.
func InductionRange(v ir.Value) (int64, int64, bool) {
	arg, ok := v.(*ir.BlockArgument)
	if !ok || arg.Owner() == nil || arg.Owner().ParentOp() == nil {
		return 0, 0, false
	}
	op := arg.Owner().ParentOp()
	li := ir.LoopInterfaceOf(op)
	if li == nil || li.Bounds == nil {
		return 0, 0, false
	}
	dim := slices.Index(li.InductionVars(op), v)
	lbs, ubs, sts := li.Bounds(op)
	if dim < 0 || dim >= len(lbs) {
		return 0, 0, false
	}
	lbV, ubV, stV := lbs[dim], ubs[dim], sts[dim]
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
