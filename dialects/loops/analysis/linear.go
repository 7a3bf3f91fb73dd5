package analysis

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/ir"
)

// Linear is Σ coef·atom + Const over index values: the atoms are the values
// that are not sums, differences, products by constants or constants
// (block arguments such as induction variables, loads, divisions...).
type Linear struct {
	Terms map[ir.Value]int64 // coefficient of each atom (non-zero)
	Const int64
}

// LinearOf decomposes an index value into a Linear form, memoized in memo.
// Forms whose coefficients overflow int32 ranges are not useful and are
// returned as the value itself (an atom).
func LinearOf(v ir.Value, memo map[ir.Value]Linear) Linear {
	if f, ok := memo[v]; ok {
		return f
	}
	f := Linear{Terms: map[ir.Value]int64{v: 1}}
	if def := ir.DefiningOp(v); def != nil {
		switch def.Name() {
		case arith.ConstantName:
			if c, ok := ConstInt(v); ok {
				f = Linear{Const: c}
			}
		case arith.AddIName, arith.SubIName:
			a, b := LinearOf(def.Operand(0), memo), LinearOf(def.Operand(1), memo)
			sign := int64(1)
			if def.Name() == arith.SubIName {
				sign = -1
			}
			if g, ok := combineLinear(a, b, sign); ok {
				f = g
			}
		case arith.MulIName:
			a, b := LinearOf(def.Operand(0), memo), LinearOf(def.Operand(1), memo)
			if len(a.Terms) == 0 {
				a, b = b, a
			}
			if len(b.Terms) == 0 && small(b.Const) {
				if g, ok := scaleLinear(a, b.Const); ok {
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

func combineLinear(a, b Linear, sign int64) (Linear, bool) {
	out := Linear{Terms: make(map[ir.Value]int64, len(a.Terms)+len(b.Terms)), Const: a.Const + sign*b.Const}
	for v, k := range a.Terms {
		out.Terms[v] = k
	}
	for v, k := range b.Terms {
		out.Terms[v] += sign * k
		if out.Terms[v] == 0 {
			delete(out.Terms, v)
		}
	}
	for _, k := range out.Terms {
		if !small(k) {
			return Linear{}, false
		}
	}
	return out, small(out.Const)
}

func scaleLinear(a Linear, k int64) (Linear, bool) {
	out := Linear{Terms: make(map[ir.Value]int64, len(a.Terms)), Const: a.Const * k}
	for v, x := range a.Terms {
		if k != 0 {
			out.Terms[v] = x * k
			if !small(x * k) {
				return Linear{}, false
			}
		}
	}
	return out, small(out.Const)
}
