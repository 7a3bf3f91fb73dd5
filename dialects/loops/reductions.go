package loops

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/ir"
)

// ReductionsAttrName names the attribute of loops.for that declares, for
// each carried value, how the loop combines it (one ReductionKind per
// iter_arg, like affine.parallel's reductions attribute). Producers that
// know a carried value is a reduction (tensor-to-loops) say so; loop
// transforms that reorder iterations (vectorize) read the declaration
// instead of recognizing patterns in the body.
const ReductionsAttrName = "reductions"

// ReductionKind is how a loops.for combines one carried value.
type ReductionKind string

// The reduction kinds. The simple kinds are named after the arith op that
// combines the carried value acc with the iteration's element x:
// acc' = op(acc, x) (either operand order).
const (
	// ReduceNone declares a carried value that is not a reduction (an
	// argmax's running index, a loop-carried state): its order matters.
	ReduceNone ReductionKind = "none"

	ReduceAddF     ReductionKind = "addf"
	ReduceMulF     ReductionKind = "mulf"
	ReduceMaxF     ReductionKind = "maxf"
	ReduceMinF     ReductionKind = "minf"
	ReduceMaximumF ReductionKind = "maximumf"
	ReduceMinimumF ReductionKind = "minimumf"
	ReduceAddI     ReductionKind = "addi"
	ReduceMulI     ReductionKind = "muli"
	ReduceAndI     ReductionKind = "andi"
	ReduceOrI      ReductionKind = "ori"
	ReduceXOrI     ReductionKind = "xori"
	ReduceMaxSI    ReductionKind = "maxsi"
	ReduceMinSI    ReductionKind = "minsi"
	ReduceMaxUI    ReductionKind = "maxui"
	ReduceMinUI    ReductionKind = "minui"

	// ReduceOnlineMax and ReduceOnlineSum are the online softmax
	// normalizer, two adjacent carried values (m, s): the running maximum
	// m' = arith.maxf(m, x) of the elements, and s = Σ exp(x - m) rescaled
	// whenever m grows, s' = s·exp(m - m') + exp(x - m'). Two partial pairs
	// (m1, s1), (m2, s2) merge into M = max(m1, m2) and
	// S = s1·exp(m1 - M) + s2·exp(m2 - M) for a finite M, so the pair may
	// be split over lanes like a reduction. The update of s may read m and
	// m'; nothing else reads either.
	ReduceOnlineMax ReductionKind = "online_max"
	ReduceOnlineSum ReductionKind = "online_sum"
)

// combiners maps the kinds with a combining op to its name.
var combiners = map[ReductionKind]string{
	ReduceAddF: arith.AddFName, ReduceMulF: arith.MulFName, ReduceMaxF: arith.MaxFName, ReduceMinF: arith.MinFName,
	ReduceMaximumF: arith.MaximumFName, ReduceMinimumF: arith.MinimumFName, ReduceAddI: arith.AddIName,
	ReduceMulI: arith.MulIName, ReduceAndI: arith.AndIName, ReduceOrI: arith.OrIName, ReduceXOrI: arith.XOrIName,
	ReduceMaxSI: arith.MaxSIName, ReduceMinSI: arith.MinSIName, ReduceMaxUI: arith.MaxUIName, ReduceMinUI: arith.MinUIName,
	ReduceOnlineMax: arith.MaxFName,
}

// Combiner returns the name of the arith op that combines a carried value
// of kind k with an element ("" for none and online_sum).
func (k ReductionKind) Combiner() string { return combiners[k] }

// IsFloat reports whether k combines floating-point values.
func (k ReductionKind) IsFloat() bool {
	switch k {
	case ReduceAddF, ReduceMulF, ReduceMaxF, ReduceMinF, ReduceMaximumF, ReduceMinimumF, ReduceOnlineMax, ReduceOnlineSum:
		return true
	}
	return false
}

// known reports whether k is one of the kinds above.
func (k ReductionKind) known() bool {
	return k == ReduceNone || k == ReduceOnlineSum || combiners[k] != ""
}

// reductionKindNames lists the kinds for messages and documentation.
func reductionKindNames() string {
	names := []string{string(ReduceNone), string(ReduceOnlineMax), string(ReduceOnlineSum)}
	for k := range combiners {
		if k != ReduceOnlineMax {
			names = append(names, string(k))
		}
	}
	slices.Sort(names[3:])
	return strings.Join(names, ", ")
}

// Identity returns the identity element of kind k for element type t
// (-0.0 for addf, -Inf for the maxima, ...): what an accumulator that has
// seen no element holds. online_sum's is 0, online_max's -Inf; none has
// none.
func (k ReductionKind) Identity(t ir.Type) (ir.Attribute, bool) {
	if ir.IsFloat(t) {
		switch k {
		case ReduceAddF:
			return ir.Float(t, math.Copysign(0, -1)), true
		case ReduceOnlineSum:
			return ir.Float(t, 0), true
		case ReduceMulF:
			return ir.Float(t, 1), true
		case ReduceMaxF, ReduceMaximumF, ReduceOnlineMax:
			return ir.Float(t, math.Inf(-1)), true
		case ReduceMinF, ReduceMinimumF:
			return ir.Float(t, math.Inf(1)), true
		}
		return nil, false
	}
	it, ok := t.(*ir.IntegerType)
	if !ok || it.Width < 1 || it.Width > 64 {
		return nil, false
	}
	w := uint(it.Width)
	minS, maxS := int64(-1)<<(w-1), int64(uint64(1)<<(w-1)-1)
	switch k {
	case ReduceAddI, ReduceOrI, ReduceXOrI, ReduceMaxUI:
		return ir.Int(t, 0), true
	case ReduceMulI:
		return ir.Int(t, 1), true
	case ReduceAndI, ReduceMinUI:
		return ir.Int(t, -1), true
	case ReduceMaxSI:
		return ir.Int(t, minS), true
	case ReduceMinSI:
		return ir.Int(t, maxS), true
	}
	return nil, false
}

// ReductionsAttr returns the reductions attribute declaring kinds.
func ReductionsAttr(kinds []ReductionKind) ir.Attribute {
	elems := make([]ir.Attribute, len(kinds))
	for i, k := range kinds {
		elems[i] = ir.String(string(k))
	}
	return &ir.ArrayAttr{Elems: elems}
}

// reductionsAttrC is the constraint of the reductions attribute.
var reductionsAttrC = ir.AttrConstraint{Desc: "array of reduction kind strings", Check: func(a ir.Attribute) bool {
	arr, ok := a.(*ir.ArrayAttr)
	if !ok {
		return false
	}
	for _, e := range arr.Elems {
		if _, ok := e.(*ir.StringAttr); !ok {
			return false
		}
	}
	return true
}}

// ReductionKinds returns the kinds a loops.for declares, one per carried
// value, or nil when it declares none (or the attribute is malformed: the
// verifier reports that).
func ReductionKinds(op *ir.Operation) []ReductionKind {
	arr, ok := op.Attr(ReductionsAttrName).(*ir.ArrayAttr)
	if !ok {
		return nil
	}
	kinds := make([]ReductionKind, len(arr.Elems))
	for i, e := range arr.Elems {
		s, ok := e.(*ir.StringAttr)
		if !ok {
			return nil
		}
		kinds[i] = ReductionKind(s.Value)
	}
	return kinds
}

// Reduction is what the reductions attribute of a loops.for declares for
// one carried value, located in the loop's body.
type Reduction struct {
	Kind ReductionKind
	// Combiner is the op of the body combining the carried value with the
	// element (the kind's combining op, whose result the body yields), and
	// AccOperand the position of the carried value among its operands.
	// Combiner is nil for none and online_sum, and when Nested is set.
	Combiner   *ir.Operation
	AccOperand int
	// Nested is the loops.for of the body that carries the value on, for
	// the outer loops of a nest reducing several dimensions (the body
	// passes the value as an init of Nested and yields Nested's result,
	// declared of the same kind).
	Nested *ir.Operation
}

// ReductionsOf returns the reductions a loops.for declares, one per
// carried value (nil when it declares none), checked against its body:
//
//   - one kind per carried value, each known, float kinds on floats
//     (or vectors of floats) and integer kinds on integers;
//   - a carried value of a simple kind (or online_max) is yielded as the
//     result of its combining op applied to it, or of a nested loops.for
//     it initializes that declares the same kind there;
//   - nothing else reads the carried value or the combined value of a
//     simple kind;
//   - online_max and online_sum come as adjacent pairs (m, s); what m, s
//     and the values computed from them in the body reach is the pair's
//     yields only, through ops without memory effects.
//
// The error is the verifier's message.
func ReductionsOf(op *ir.Operation) ([]Reduction, error) {
	if op.Attr(ReductionsAttrName) == nil {
		return nil, nil
	}
	kinds := ReductionKinds(op)
	n := op.NumOperands() - 3
	if len(kinds) != n {
		return nil, fmt.Errorf("expects '%s' to list one reduction kind per carried value (%d), got %d", ReductionsAttrName, n, len(kinds))
	}
	body := op.Region(0).Front()
	if body == nil || body.NumArgs() != 1+n || body.Terminator() == nil || body.Terminator().NumOperands() != n {
		return nil, fmt.Errorf("expects a body yielding its %d carried values", n)
	}
	yield := body.Terminator()
	out := make([]Reduction, n)
	for k, kind := range kinds {
		if !kind.known() {
			return nil, fmt.Errorf("carried value #%d has the unknown reduction kind '%s' (expected one of %s)", k, kind, reductionKindNames())
		}
		out[k].Kind = kind
		if kind == ReduceNone {
			continue
		}
		t := ir.ElementTypeOrSelf(body.Arg(1 + k).Type())
		if kind.IsFloat() != ir.IsFloat(t) || !kind.IsFloat() && !ir.IsInteger(t) {
			return nil, fmt.Errorf("carried value #%d of reduction kind '%s' has type %s", k, kind, body.Arg(1+k).Type())
		}
		switch {
		case kind == ReduceOnlineMax && (k+1 >= n || kinds[k+1] != ReduceOnlineSum),
			kind == ReduceOnlineSum && (k == 0 || kinds[k-1] != ReduceOnlineMax):
			return nil, fmt.Errorf("carried value #%d: '%s' and '%s' come as adjacent pairs (the running maximum, then the sum)", k, ReduceOnlineMax, ReduceOnlineSum)
		}
	}
	for k := range kinds {
		if err := locateReduction(body, yield, kinds, k, &out[k]); err != nil {
			return nil, fmt.Errorf("carried value #%d (%s): %v", k, kinds[k], err)
		}
	}
	for k := range kinds {
		if kinds[k] == ReduceOnlineMax && out[k].Nested == nil {
			if err := onlineConfined(body, yield, k); err != nil {
				return nil, fmt.Errorf("carried values #%d and #%d (%s, %s): %v", k, k+1, ReduceOnlineMax, ReduceOnlineSum, err)
			}
		}
	}
	return out, nil
}

// locateReduction finds the op that yields carried value k of a declared
// kind (its combining op, or a nested loop carrying it on).
func locateReduction(body *ir.Block, yield *ir.Operation, kinds []ReductionKind, k int, r *Reduction) error {
	kind := kinds[k]
	if kind == ReduceNone {
		return nil
	}
	acc, next := body.Arg(1+k), yield.Operand(k)
	def := ir.DefiningOp(next)
	if def != nil && def.Block() == body && def.Name() == ForName {
		j := slices.Index(def.Results(), next)
		if j < 0 || def.Operand(3+j) != ir.Value(acc) {
			return fmt.Errorf("expects the nested '%s' it yields the result #%d of to be initialized with it", ForName, j)
		}
		if nk := ReductionKinds(def); j >= len(nk) || nk[j] != kind {
			return fmt.Errorf("expects the nested '%s' that carries it on to declare it '%s'", ForName, kind)
		}
		if !acc.HasOneUse() || !next.HasOneUse() {
			return fmt.Errorf("expects it to be used only to initialize the nested '%s' that carries it on", ForName)
		}
		r.Nested = def
		return nil
	}
	if kind == ReduceOnlineSum {
		return nil
	}
	name := kind.Combiner()
	if def == nil || def.Block() != body || def.Name() != name || def.NumOperands() != 2 || def.Operand(0) == def.Operand(1) {
		return fmt.Errorf("expects the body to yield '%s' of it and an element", name)
	}
	switch acc {
	case def.Operand(0):
		r.AccOperand = 0
	case def.Operand(1):
		r.AccOperand = 1
	default:
		return fmt.Errorf("expects the body to yield '%s' of it and an element", name)
	}
	r.Combiner = def
	if kind != ReduceOnlineMax && (!acc.HasOneUse() || !next.HasOneUse()) {
		return fmt.Errorf("expects it and its combined value to be used by '%s' and '%s' only", name, YieldName)
	}
	return nil
}

// onlineConfined checks that the online pair at carried values k, k+1 is
// read only by the computation of its next values: the values computed
// from m and s in the body reach nothing but the pair's yields, through
// ops without regions or memory effects.
func onlineConfined(body *ir.Block, yield *ir.Operation, k int) error {
	slice := map[ir.Value]bool{body.Arg(1 + k): true, body.Arg(2 + k): true}
	for op := range body.Ops() {
		if op == yield {
			continue
		}
		reads := false
		for _, x := range op.Operands() {
			reads = reads || slice[x]
		}
		if !reads {
			continue
		}
		if op.NumRegions() > 0 || !ir.IsMemoryEffectFree(op) {
			return fmt.Errorf("'%s' reads them", op.Name())
		}
		for _, r := range op.Results() {
			slice[r] = true
		}
	}
	for v := range slice {
		for u := range v.Uses() {
			o := u.Owner()
			if o == yield && u.Index() != k && u.Index() != k+1 {
				return fmt.Errorf("the body yields a value computed from them as carried value #%d", u.Index())
			}
			if o != yield && o.Block() != body {
				return fmt.Errorf("'%s' in a nested region reads a value computed from them", o.Name())
			}
		}
	}
	return nil
}
