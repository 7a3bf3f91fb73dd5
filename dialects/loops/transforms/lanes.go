package transforms

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops/analysis"
	"github.com/tt-compiler/tt/ir"
)

// laneIndex tracks how the index values of a loop being vectorized change
// from lane to lane of one vector iteration. A vector iteration runs the
// lanes iv0, iv0+1, ..., iv0+W-1 and computes its index values once, for
// the first lane; a vector access is right when its last index grows by
// exactly 1 from lane to lane (its stride) and the others stay the same
// (stride 0).
//
// Index values are linear forms (analysis.LinearOf) over atoms: the
// induction variable (stride 1), values that do not vary with it (0), and
// the atoms laneIndex admits: induction variables of loops nested in the
// vectorized one (the lanes run them in lock step: 0), and quotients and
// remainders by a constant c of a stride-1 dividend e, which tensor-to-
// loops makes when it delinearizes a reshaped index. When W divides c and
// the first lane's e is a multiple of W (aligned), the lanes' e stay in
// one block [kc, kc+c), so e / c is the same for every lane (0) and e % c
// grows by 1 (1, and aligned itself). The alignment and W | c are
// conditions on the width, checked once it is chosen (check); e must also
// be non-negative (signed division truncates towards zero).
type laneIndex struct {
	iv     ir.Value
	lb     ir.Value           // the loop's lower bound: the first lane of every vector iteration is lb + k·W
	stride map[ir.Value]int64 // varying atoms: their stride
	memo   map[ir.Value]analysis.Linear
	conds  []func(w int64) bool // conditions on the width
}

func newLaneIndex(iv, lb ir.Value) *laneIndex {
	return &laneIndex{iv: iv, lb: lb, stride: map[ir.Value]int64{iv: 1}, memo: map[ir.Value]analysis.Linear{}}
}

// uniform declares an index value that varies between vector iterations
// but is the same in every lane (an inner loop's induction variable).
func (li *laneIndex) uniform(v ir.Value) { li.stride[v] = 0 }

// laneStride returns the stride of an index value; ok is false when it
// depends on a varying atom laneIndex does not know (varying reports which
// values vary with the vectorized loop).
func (li *laneIndex) laneStride(v ir.Value, varying func(ir.Value) bool) (stride int64, ok bool) {
	f := analysis.LinearOf(v, li.memo)
	for a, k := range f.Terms {
		s, known := li.stride[a]
		switch {
		case known:
			stride += k * s
		case varying(a):
			return 0, false
		}
	}
	return stride, true
}

// divRem admits a division or remainder (divsi, divui, remsi, remui) of a
// varying index value by a constant, recording its stride and the
// conditions on the width; it reports false when the op does not qualify.
func (li *laneIndex) divRem(op *ir.Operation, varying func(ir.Value) bool) bool {
	var stride int64
	switch op.Name() {
	case arith.DivSIName, arith.DivUIName:
	case arith.RemSIName, arith.RemUIName:
		stride = 1
	default:
		return false
	}
	c, ok := analysis.ConstInt(op.Operand(1))
	if !ok || c <= 0 {
		return false
	}
	e := op.Operand(0)
	if s, ok := li.laneStride(e, varying); !ok || s != 1 || !li.nonNegative(e) {
		return false
	}
	aligned := li.aligned(e, varying)
	li.conds = append(li.conds, func(w int64) bool { return c%w == 0 && aligned(w) })
	li.stride[op.Result(0)] = stride
	return true
}

// aligned returns the condition on W for the first lane's value of e (a
// stride-1 index value) to be a multiple of W.
func (li *laneIndex) aligned(e ir.Value, varying func(ir.Value) bool) func(w int64) bool {
	f := analysis.LinearOf(e, li.memo)
	lb, lbConst := analysis.ConstInt(li.lb)
	var coefs []int64 // of the atoms whose first-lane value is arbitrary
	ivTerm := false
	for a, k := range f.Terms {
		switch {
		case a == li.iv:
			ivTerm = true
		case li.stride[a] == 1:
			// A remainder admitted above: aligned by its own conditions.
		default:
			coefs = append(coefs, k)
		}
	}
	return func(w int64) bool {
		if f.Const%w != 0 || ivTerm && (!lbConst || lb%w != 0) {
			return false
		}
		for _, k := range coefs {
			if k%w != 0 {
				return false
			}
		}
		return true
	}
}

// check reports whether the conditions hold for width w.
func (li *laneIndex) check(w int64) bool {
	for _, c := range li.conds {
		if !c(w) {
			return false
		}
	}
	return true
}

// nonNegative reports whether an index value is known to be >= 0:
// non-negative constants, induction variables of loops from a
// non-negative constant lower bound by a positive constant step, and sums,
// products, quotients and remainders of such.
func (li *laneIndex) nonNegative(v ir.Value) bool {
	if c, ok := analysis.ConstInt(v); ok {
		return c >= 0
	}
	if arg, ok := v.(*ir.BlockArgument); ok {
		owner := arg.Owner()
		if owner == nil || owner.ParentOp() == nil {
			return false
		}
		loop := owner.ParentOp()
		l := ir.LoopInterfaceOf(loop)
		if l == nil || l.Bounds == nil {
			return false
		}
		lbs, _, steps := l.Bounds(loop)
		for i, iv := range l.InductionVars(loop) {
			if iv == v && i < len(lbs) {
				lb, ok1 := analysis.ConstInt(lbs[i])
				st, ok2 := analysis.ConstInt(steps[i])
				return ok1 && ok2 && lb >= 0 && st > 0
			}
		}
		return false
	}
	def := ir.DefiningOp(v)
	if def == nil {
		return false
	}
	switch def.Name() {
	case arith.AddIName, arith.MulIName:
		return li.nonNegative(def.Operand(0)) && li.nonNegative(def.Operand(1))
	case arith.DivSIName, arith.DivUIName, arith.RemSIName, arith.RemUIName:
		c, ok := analysis.ConstInt(def.Operand(1))
		return ok && c > 0 && li.nonNegative(def.Operand(0))
	}
	return false
}
