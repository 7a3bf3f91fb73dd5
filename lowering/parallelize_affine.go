package lowering

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// Helpers shared by the parallelize and vectorize passes: linear forms of
// index values, constants, loop bounds and work estimates.

// linear is Σ coef·atom + c over index values: the atoms are the values
// that are not sums, differences, products by constants or constants
// (block arguments such as induction variables, loads, divisions...).
type linear struct {
	terms map[ir.Value]int64
	c     int64
}

// linearOf decomposes an index value into a linear form, memoized in memo.
// Forms whose coefficients overflow int32 ranges are not useful and are
// returned as the value itself (an atom).
func linearOf(v ir.Value, memo map[ir.Value]linear) linear {
	if f, ok := memo[v]; ok {
		return f
	}
	f := linear{terms: map[ir.Value]int64{v: 1}}
	if def := ir.DefiningOp(v); def != nil {
		switch def.Name() {
		case arith.ConstantName:
			if c, ok := constInt(v); ok {
				f = linear{c: c}
			}
		case arith.AddIName, arith.SubIName:
			a, b := linearOf(def.Operand(0), memo), linearOf(def.Operand(1), memo)
			sign := int64(1)
			if def.Name() == arith.SubIName {
				sign = -1
			}
			if g, ok := combineLinear(a, b, sign); ok {
				f = g
			}
		case arith.MulIName:
			a, b := linearOf(def.Operand(0), memo), linearOf(def.Operand(1), memo)
			if len(a.terms) == 0 {
				a, b = b, a
			}
			if len(b.terms) == 0 && small(b.c) {
				if g, ok := scaleLinear(a, b.c); ok {
					f = g
				}
			}
		}
	}
	memo[v] = f
	return f
}

// small reports whether a coefficient is small enough that sums and
// products of a few of them cannot overflow.
func small(c int64) bool { return c > -1<<31 && c < 1<<31 }

func combineLinear(a, b linear, sign int64) (linear, bool) {
	out := linear{terms: make(map[ir.Value]int64, len(a.terms)+len(b.terms)), c: a.c + sign*b.c}
	for v, k := range a.terms {
		out.terms[v] = k
	}
	for v, k := range b.terms {
		out.terms[v] += sign * k
		if out.terms[v] == 0 {
			delete(out.terms, v)
		}
	}
	for _, k := range out.terms {
		if !small(k) {
			return linear{}, false
		}
	}
	return out, small(out.c)
}

func scaleLinear(a linear, k int64) (linear, bool) {
	out := linear{terms: make(map[ir.Value]int64, len(a.terms)), c: a.c * k}
	for v, x := range a.terms {
		if k != 0 {
			out.terms[v] = x * k
			if !small(x * k) {
				return linear{}, false
			}
		}
	}
	return out, small(out.c)
}

// constInt returns the value of an integer or index arith.constant.
func constInt(v ir.Value) (int64, bool) {
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

// definedIn reports whether v is defined inside op (in one of its regions,
// at any depth).
func definedIn(v ir.Value, op *ir.Operation) bool {
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

// forBounds returns the lower bound, upper bound and step of a loops.for.
func forBounds(op *ir.Operation) (lb, ub, step ir.Value) {
	return op.Operand(0), op.Operand(1), op.Operand(2)
}

// tripCount returns the trip count of a loops.for with constant bounds.
func tripCount(op *ir.Operation) (int64, bool) {
	lbV, ubV, stV := forBounds(op)
	lb, ok1 := constInt(lbV)
	ub, ok2 := constInt(ubV)
	st, ok3 := constInt(stV)
	if !ok1 || !ok2 || !ok3 || st <= 0 {
		return 0, false
	}
	if ub <= lb {
		return 0, true
	}
	return (ub - lb + st - 1) / st, true
}

// unknownTrips is the trip count assumed for loops whose bounds are not
// constants (Inductor's size-hint fallback).
const unknownTrips = 8192

// tripHint is tripCount, or unknownTrips.
func tripHint(op *ir.Operation) float64 {
	if n, ok := tripCount(op); ok {
		return float64(n)
	}
	return unknownTrips
}

// blockWork estimates the work of one execution of a block: the number of
// iterations of innermost loops it runs (at least 1), Inductor's measure
// of a kernel's work (elements times reduction elements).
func blockWork(b *ir.Block) float64 {
	if b == nil {
		return 1
	}
	w := 0.0
	for op := range b.Ops() {
		switch op.Name() {
		case loops.ForName:
			w += tripHint(op) * blockWork(op.Region(0).Front())
		case loops.ParallelName:
			n := 1.0
			lbs, ubs, sts := op.OperandGroup(0), op.OperandGroup(1), op.OperandGroup(2)
			for i := range lbs {
				lb, ok1 := constInt(lbs[i])
				ub, ok2 := constInt(ubs[i])
				st, ok3 := constInt(sts[i])
				if ok1 && ok2 && ok3 && st > 0 {
					n *= float64(max(0, (ub-lb+st-1)/st))
				} else {
					n *= unknownTrips
				}
			}
			w += n * blockWork(op.Region(0).Front())
		case loops.IfName:
			m := 0.0
			for _, r := range op.Regions() {
				if f := r.Front(); f != nil && hasLoop(f) {
					m = max(m, blockWork(f))
				}
			}
			w += m
		}
	}
	return max(w, 1)
}

// hasLoop reports whether a block holds a loop at any depth.
func hasLoop(b *ir.Block) bool {
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

// indexConst creates an index constant at the builder's insertion point.
func indexConst(b *ir.Builder, loc ir.Location, v int64) (ir.Value, error) {
	op, err := arith.BuildConstant(b, loc, ir.Int(b.Ctx.Index(), v))
	if err != nil {
		return nil, err
	}
	return op.Result(0), nil
}

// indexOp creates a binary arith op on index values.
func indexOp(b *ir.Builder, loc ir.Location, name string, x, y ir.Value) (ir.Value, error) {
	op, err := arith.Build(b, name, loc, x, y)
	if err != nil {
		return nil, err
	}
	return op.Result(0), nil
}
