package goemit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// Vector loops without bounds checks. A loops.for of constant step W whose
// body loads and stores vectors of W lanes at consecutive positions (the
// last index is the induction variable plus an invariant, the other
// indices and the buffer invariant) reads them through views of the
// buffers, made before the loop:
//
//	n := ttTrip(lb, ub, W)
//	w := ttView8(buf, start, n) // [][8]T: buf[start:start+8n], checked once
//	for k := range n {
//		i := lb + k*W
//		x := archsimd.LoadFloat32x8(&w[k])
//
// Go's prove pass knows k < n = len(w), so the loop has no bounds checks
// (an access through a slice of the buffer, (*[8]T)(buf[off:]), costs two
// per vector). The view checks the whole range the loop touches before the
// first iteration: an out-of-range access fails before the loop instead of
// in the iteration that makes it, with the same error.

// viewGroup is the accesses of one loop to one buffer at one position
// relative to the induction variable: one view.
type viewGroup struct {
	buf     ir.Value   // the buffer (defined outside the loop)
	indices []ir.Value // every index but the last (defined outside the loop)
	cConst  int64      // the last index is iv + cConst + cVal
	cVal    ir.Value   // nil, or defined outside the loop
	lanes   int
	elem    Elem
	ptr     string // while the loop's body is emitted: the Go expression of the current vector's *[lanes]T
}

// vectorView is a vector.load or vector.store emitted through a view.
type vectorView struct {
	group *viewGroup
}

// lastIndexPos returns the operand position of the last index of a vector
// access.
func lastIndexPos(op *ir.Operation) int { return op.NumOperands() - 1 }

// skipsOperand reports whether operand i of op is not read by its emitted
// code: the last index of an access through a view (the view's start
// holds it).
func (f *fnEmitter) skipsOperand(op *ir.Operation, i int) bool {
	return f.views[op] != nil && i == lastIndexPos(op)
}

// constIndex returns the value of an integer constant.
func constIndex(v ir.Value) (int64, bool) {
	d := ir.DefiningOp(v)
	if d == nil || d.Name() != arith.ConstantName {
		return 0, false
	}
	a, ok := d.Attr("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int64(), true
}

// planViews finds the vector accesses that go through views (SIMD levels
// only), and returns the view groups of each loop.
func (f *fnEmitter) planViews() map[*ir.Operation][]*viewGroup {
	f.views = map[*ir.Operation]*vectorView{}
	out := map[*ir.Operation][]*viewGroup{}
	if f.m.opts.SIMD == SIMDOff {
		return out
	}
	f.fn.Walk(func(l *ir.Operation) {
		if l.Name() != loops.ForName || l.NumOperands() < 3 {
			return
		}
		step, ok := constIndex(l.Operand(2))
		body := l.Region(0).Front()
		if !ok || step <= 0 || body == nil || body.NumArgs() < 1 {
			return
		}
		iv := body.Arg(0)
		for op := body.First(); op != nil; op = op.Next() {
			g := f.viewAccess(l, iv, op, step)
			if g == nil {
				continue
			}
			i := slices.IndexFunc(out[l], func(h *viewGroup) bool {
				return h.buf == g.buf && slices.Equal(h.indices, g.indices) && h.cConst == g.cConst && h.cVal == g.cVal && h.lanes == g.lanes
			})
			if i < 0 {
				out[l] = append(out[l], g)
				i = len(out[l]) - 1
			}
			f.views[op] = &vectorView{group: out[l][i]}
		}
	})
	return out
}

// viewAccess returns the view group of op when it is a vector access of
// loop l that can go through a view, else nil.
func (f *fnEmitter) viewAccess(l *ir.Operation, iv ir.Value, op *ir.Operation, step int64) *viewGroup {
	var buf ir.Value
	var vt ir.Type
	var idx []ir.Value
	switch op.Name() {
	case vector.LoadName:
		if op.NumOperands() < 2 || op.NumResults() != 1 {
			return nil
		}
		buf, vt, idx = op.Operand(0), op.Result(0).Type(), op.Operands()[1:]
	case vector.StoreName:
		if op.NumOperands() < 3 {
			return nil
		}
		buf, vt, idx = op.Operand(1), op.Operand(0).Type(), op.Operands()[2:]
	default:
		return nil
	}
	t, err := typeOf(vt)
	if err != nil || t.kind != kVector || int64(t.lanes) != step || t.elem == I1 || f.m.naturalLayout(t) == nil {
		return nil
	}
	bt, err := typeOf(buf.Type())
	if err != nil || bt.kind != kBuffer || bt.elem != t.elem || len(bt.shape) != len(idx) || ir.IsDefinedInside(buf, l) {
		return nil
	}
	for _, v := range idx[:len(idx)-1] {
		if ir.IsDefinedInside(v, l) {
			return nil
		}
	}
	g := &viewGroup{buf: buf, indices: idx[:len(idx)-1], lanes: t.lanes, elem: t.elem}
	last := idx[len(idx)-1]
	if last == iv {
		return g
	}
	d := ir.DefiningOp(last)
	if d == nil || d.Name() != arith.AddIName || d.NumOperands() != 2 {
		return nil
	}
	var other ir.Value
	switch {
	case d.Operand(0) == iv:
		other = d.Operand(1)
	case d.Operand(1) == iv:
		other = d.Operand(0)
	default:
		return nil
	}
	if c, ok := constIndex(other); ok {
		g.cConst = c
		return g
	}
	if ir.IsDefinedInside(other, l) {
		return nil
	}
	g.cVal = other
	return g
}

// dropDeadViews forgets the views of accesses that are not emitted (once
// liveness is known), and the groups left without one.
func (f *fnEmitter) dropDeadViews() {
	used := map[*viewGroup]bool{}
	for op, v := range f.views {
		if f.live[op] {
			used[v.group] = true
		} else {
			delete(f.views, op)
		}
	}
	for l, groups := range f.loopViews {
		f.loopViews[l] = slices.DeleteFunc(groups, func(g *viewGroup) bool { return !used[g] })
	}
}

// viewUses counts the uses of v by the starts of views (the invariant
// offsets of their last index).
func (f *fnEmitter) viewUses(v ir.Value) int {
	n := 0
	for _, groups := range f.loopViews {
		for _, g := range groups {
			if g.cVal == v {
				n++
			}
		}
	}
	return n
}

// emitViewLoop writes the header of a loop whose vector accesses go
// through views (see the top of this file) and returns the name of its
// iteration counter. bounds are lb, ub and step, konst their known values.
func (f *fnEmitter) emitViewLoop(op *ir.Operation, groups []*viewGroup, bounds [3]string, konst [3]*int64) (string, error) {
	trips := ""
	if konst[0] != nil && konst[1] != nil {
		n := int64(0)
		if *konst[1] > *konst[0] {
			n = int64((uint64(*konst[1]-*konst[0]) + uint64(*konst[2]) - 1) / uint64(*konst[2]))
		}
		trips = strconv.FormatInt(n, 10)
	} else {
		trips = f.fresh("n")
		f.m.useRT("ttTrip")
		f.line("%s := ttTrip(%s, %s, %s)", trips, bounds[0], bounds[1], bounds[2])
	}
	for _, g := range groups {
		b, err := f.value(op, g.buf)
		if err != nil {
			return "", err
		}
		idx := make([]*gval, 0, len(g.indices)+1)
		for _, v := range g.indices {
			ig, err := f.value(op, v)
			if err != nil {
				return "", err
			}
			idx = append(idx, ig)
		}
		// The last index at the first iteration: lb + cConst + cVal.
		last := &gval{t: valueType{kind: kScalar, elem: Index}}
		if konst[0] != nil && g.cVal == nil && !addOverflows(*konst[0], g.cConst) {
			k := *konst[0] + g.cConst
			last.konst, last.comps = &k, []string{strconv.FormatInt(k, 10)}
		} else {
			terms := []string{bounds[0]}
			if g.cConst != 0 {
				terms = append(terms, paren(strconv.FormatInt(g.cConst, 10)))
			}
			if g.cVal != nil {
				cg, err := f.value(op, g.cVal)
				if err != nil {
					return "", err
				}
				terms = append(terms, f.scalar(cg))
			}
			last.comps = []string{"(" + strings.Join(terms, "+") + ")"}
		}
		start, err := f.offsetOf(op, b, append(idx, last))
		if err != nil {
			return "", err
		}
		w := f.fresh("w")
		fn := fmt.Sprintf("ttView%d", g.lanes)
		f.m.useRT(fn)
		f.line("%s := %s(%s, %s, %s)", w, fn, b.comps[0], start, trips)
		g.ptr = w
	}
	k := f.fresh("k")
	f.line("for %s := range %s {", k, trips)
	for _, g := range groups {
		g.ptr = "&" + g.ptr + "[" + k + "]"
	}
	return k, nil
}

// addOverflows reports whether a+b overflows int64.
func addOverflows(a, b int64) bool {
	s := a + b
	return (b > 0 && s < a) || (b < 0 && s > a)
}
