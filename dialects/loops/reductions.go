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
// one carried value, located in its body.
type Reduction struct {
	Kind ReductionKind
	// Combiner is the first op of the body combining the carried value
	// with an element (the kind's combining op), and AccOperand the
	// position of the carried value among its operands. nil for none and
	// online_sum, and when the value first goes to a nested loop.
	Combiner   *ir.Operation
	AccOperand int
	// Nested is the first loops.for of the body that carries the value on
	// (the outer loops of a nest reducing several dimensions), declaring
	// it of the same kind; nil when there is none.
	Nested *ir.Operation
}

// ReductionsOf returns the reductions a loops.for declares, one per
// carried value (nil when it declares none), checked against its body:
//
//   - one kind per carried value, each known, float kinds on floats
//     (or vectors of floats) and integer kinds on integers;
//   - a carried value of a simple kind goes from the body's argument to
//     the yield through a chain of ops, each the only user of the
//     previous value: the kind's combining op applied to it and an element
//     (acc ⊕ x), or a nested loops.for it initializes that declares it of
//     the same kind;
//   - online_max and online_sum come as adjacent pairs (m, s), carried
//     through nested loops.for declaring them so, or combined in the body:
//     the body yields arith.maxf(m, x) for m, and what m, s and the values
//     computed from them reach is the pair's yields only, through ops
//     without memory effects.
//
// The error is the verifier's message.
func ReductionsOf(op *ir.Operation) ([]Reduction, error) {
	out, errs, err := checkReductions(op)
	if err != nil {
		return nil, err
	}
	for _, e := range errs {
		if e != nil {
			return nil, e
		}
	}
	return out, nil
}

// PruneReductions makes the declarations of a loops.for that no longer
// hold (after a transform rewrote its body) none, and drops a malformed
// attribute: transforms that change how an enclosing loop carries a value
// keep the IR's declarations true.
func PruneReductions(op *ir.Operation) {
	if op.Attr(ReductionsAttrName) == nil {
		return
	}
	out, errs, err := checkReductions(op)
	if err != nil {
		op.RemoveAttr(ReductionsAttrName)
		return
	}
	kinds := make([]ReductionKind, len(out))
	changed := false
	for k, r := range out {
		kinds[k] = r.Kind
		partner := -1
		switch r.Kind {
		case ReduceOnlineMax:
			partner = k + 1
		case ReduceOnlineSum:
			partner = k - 1
		}
		if errs[k] != nil || partner >= 0 && errs[partner] != nil {
			kinds[k], changed = ReduceNone, true
		}
	}
	if changed {
		op.SetAttr(ReductionsAttrName, ReductionsAttr(kinds))
	}
}

// checkReductions checks the declarations of a loops.for: err for the
// attribute as a whole (arity, kinds, types, pairs), errs per carried
// value for its chain in the body.
func checkReductions(op *ir.Operation) ([]Reduction, []error, error) {
	if op.Attr(ReductionsAttrName) == nil {
		return nil, nil, nil
	}
	kinds := ReductionKinds(op)
	n := op.NumOperands() - 3
	if len(kinds) != n {
		return nil, nil, fmt.Errorf("expects '%s' to list one reduction kind per carried value (%d), got %d", ReductionsAttrName, n, len(kinds))
	}
	body := op.Region(0).Front()
	if body == nil || body.NumArgs() != 1+n || body.Terminator() == nil || body.Terminator().NumOperands() != n {
		return nil, nil, fmt.Errorf("expects a body yielding its %d carried values", n)
	}
	yield := body.Terminator()
	out := make([]Reduction, n)
	for k, kind := range kinds {
		if !kind.known() {
			return nil, nil, fmt.Errorf("carried value #%d has the unknown reduction kind '%s' (expected one of %s)", k, kind, reductionKindNames())
		}
		out[k].Kind = kind
		if kind == ReduceNone {
			continue
		}
		t := ir.ElementTypeOrSelf(body.Arg(1 + k).Type())
		if kind.IsFloat() != ir.IsFloat(t) || !kind.IsFloat() && !ir.IsInteger(t) {
			return nil, nil, fmt.Errorf("carried value #%d of reduction kind '%s' has type %s", k, kind, body.Arg(1+k).Type())
		}
		switch {
		case kind == ReduceOnlineMax && (k+1 >= n || kinds[k+1] != ReduceOnlineSum),
			kind == ReduceOnlineSum && (k == 0 || kinds[k-1] != ReduceOnlineMax):
			return nil, nil, fmt.Errorf("carried value #%d: '%s' and '%s' come as adjacent pairs (the running maximum, then the sum)", k, ReduceOnlineMax, ReduceOnlineSum)
		}
	}
	errs := make([]error, n)
	for k, kind := range kinds {
		var err error
		switch kind {
		case ReduceNone:
		case ReduceOnlineMax:
			if err = followNested(body, yield, kinds, k, &out[k]); err != nil {
				if err = combinedOnline(body, yield, k, &out[k]); err == nil {
					if err := onlineConfined(body, yield, k); err != nil {
						errs[k] = fmt.Errorf("carried values #%d and #%d (%s, %s): %v", k, k+1, ReduceOnlineMax, ReduceOnlineSum, err)
						continue
					}
				}
			}
		case ReduceOnlineSum:
			if out[k-1].Nested != nil {
				err = followNested(body, yield, kinds, k, &out[k])
			}
		default:
			err = followChain(body, yield, kinds, k, &out[k])
		}
		if err != nil {
			errs[k] = fmt.Errorf("carried value #%d (%s): %v", k, kind, err)
		}
	}
	return out, errs, nil
}

// followChain follows carried value k of a simple kind from the body's
// argument to the yield (see ReductionsOf).
func followChain(body *ir.Block, yield *ir.Operation, kinds []ReductionKind, k int, r *Reduction) error {
	kind := kinds[k]
	name := kind.Combiner()
	var v ir.Value = body.Arg(1 + k)
	for {
		if !v.HasOneUse() {
			return fmt.Errorf("expects it to reach '%s' through '%s' and nested '%s' only, each the only user of the value before", YieldName, name, ForName)
		}
		var u *ir.OpOperand
		for x := range v.Uses() {
			u = x
		}
		o := u.Owner()
		switch {
		case o == yield && u.Index() == k:
			return nil
		case o.Block() != body:
		case o.Name() == ForName && u.Index() >= 3:
			j := u.Index() - 3
			if nk := ReductionKinds(o); j >= len(nk) || nk[j] != kind {
				return fmt.Errorf("expects the nested '%s' that carries it on to declare it '%s'", ForName, kind)
			}
			if r.Nested == nil && r.Combiner == nil {
				r.Nested = o
			}
			v = o.Result(j)
			continue
		case o.Name() == name && o.NumOperands() == 2 && o.Operand(0) != o.Operand(1):
			if r.Nested == nil && r.Combiner == nil {
				r.Combiner, r.AccOperand = o, u.Index()
			}
			v = o.Result(0)
			continue
		}
		return fmt.Errorf("expects it to reach '%s' through '%s' and nested '%s' only, but '%s' uses it", YieldName, name, ForName, o.Name())
	}
}

// followNested follows carried value k through nested loops.for only (an
// outer loop of a nest carrying an online pair).
func followNested(body *ir.Block, yield *ir.Operation, kinds []ReductionKind, k int, r *Reduction) error {
	var v ir.Value = body.Arg(1 + k)
	for steps := 0; ; steps++ {
		if !v.HasOneUse() {
			return fmt.Errorf("expects it to be carried by nested '%s' ops only", ForName)
		}
		var u *ir.OpOperand
		for x := range v.Uses() {
			u = x
		}
		o := u.Owner()
		switch {
		case o == yield && u.Index() == k && steps > 0:
			return nil
		case o.Block() == body && o.Name() == ForName && u.Index() >= 3:
			j := u.Index() - 3
			if nk := ReductionKinds(o); j >= len(nk) || nk[j] != kinds[k] {
				return fmt.Errorf("expects the nested '%s' that carries it on to declare it '%s'", ForName, kinds[k])
			}
			if r.Nested == nil {
				r.Nested = o
			}
			v = o.Result(j)
			continue
		}
		return fmt.Errorf("expects it to be carried by nested '%s' ops only", ForName)
	}
}

// combinedOnline checks that the body yields arith.maxf(m, x) for the
// running maximum m of an online pair combined in the body.
func combinedOnline(body *ir.Block, yield *ir.Operation, k int, r *Reduction) error {
	acc := body.Arg(1 + k)
	def := ir.DefiningOp(yield.Operand(k))
	if def == nil || def.Block() != body || def.Name() != arith.MaxFName || def.NumOperands() != 2 || def.Operand(0) == def.Operand(1) ||
		def.Operand(0) != ir.Value(acc) && def.Operand(1) != ir.Value(acc) {
		return fmt.Errorf("expects the body to yield '%s' of it and an element, or nested '%s' ops to carry it", arith.MaxFName, ForName)
	}
	r.Combiner, r.AccOperand, r.Nested = def, 0, nil
	if def.Operand(1) == ir.Value(acc) {
		r.AccOperand = 1
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
