package tensortoloops

import (
	"slices"

	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// staging assigns the reductions of a reduction kernel to passes over the
// reduced dimensions (stages). A reduction whose input depends on another
// reduction of the kernel normally runs in the pass after it; the online
// softmax normalizer and the moments pattern (see the package
// documentation) let Σ exp(A - c) and Σ (A - c)² run in the same pass as
// the reduction c depends on. A full-shape output that is an element-wise
// function of one costly value E and of row values (softmax's E / Σ E) is
// stored through E instead (see rescaleSource), and then Σ E does not use
// the online normalizer, which would compute E's exponential twice.
type staging struct {
	g      *gen
	reds   []*ir.Operation
	isRed  map[*ir.Operation]bool
	red    map[int]bool
	outs   []ir.Value // the kernel's full-shape outputs
	memo   map[ir.Value]map[*ir.Operation]bool
	stages map[*ir.Operation]int
	infos  map[*ir.Operation]*redInfo
}

func newStaging(g *gen, reds []*ir.Operation, red map[int]bool, outs []ir.Value) *staging {
	s := &staging{g: g, reds: reds, isRed: map[*ir.Operation]bool{}, red: red, outs: outs,
		memo: map[ir.Value]map[*ir.Operation]bool{}, stages: map[*ir.Operation]int{}, infos: map[*ir.Operation]*redInfo{}}
	for _, r := range reds {
		s.isRed[r] = true
	}
	return s
}

// deps returns the kernel's reductions v depends on.
func (s *staging) deps(v ir.Value) map[*ir.Operation]bool {
	if d, ok := s.memo[v]; ok {
		return d
	}
	out := map[*ir.Operation]bool{}
	s.memo[v] = out
	op := ir.DefiningOp(v)
	if op == nil || op.ParentOp() == nil || op.ParentOp().Name() != loops.KernelName {
		return out
	}
	if s.isRed[op] {
		out[op] = true
		return out
	}
	for _, x := range op.Operands() {
		for r := range s.deps(x) {
			out[r] = true
		}
	}
	return out
}

// level is the pass in which a value of the full domain can be computed:
// 0 without reduction dependences, else one after the latest stage it
// depends on.
func (s *staging) level(v ir.Value) int {
	l := 0
	for r := range s.deps(v) {
		l = max(l, s.stage(r)+1)
	}
	return l
}

// stage returns the pass computing reduction r.
func (s *staging) stage(r *ir.Operation) int {
	if st, ok := s.stages[r]; ok {
		return st
	}
	s.stages[r] = 0 // (the graph is acyclic; this only guards the recursion)
	info := s.info(r)
	st := 0
	if info.pattern != patNone {
		st = s.level(info.a)
		for d := range s.deps(info.c) {
			st = max(st, s.stage(d))
		}
	} else {
		st = s.level(r.Operand(0))
	}
	info.stage = st
	s.stages[r] = st
	return st
}

// info returns the plan of a reduction, detecting the patterns.
func (s *staging) info(r *ir.Operation) *redInfo {
	if i, ok := s.infos[r]; ok {
		return i
	}
	reduced, _ := opclass.ReducedDims(r)
	i := &redInfo{op: r, kind: redKind(r), reduced: reduced}
	s.infos[r] = i
	if i.kind != "sum" || !ir.IsFloat(opclass.Elem(r.Result(0))) {
		return i
	}
	e := s.local(r.Operand(0))
	if e == nil {
		return i
	}
	var diff *ir.Operation
	pattern := patNone
	switch {
	case e.Name() == tensor.ExpName:
		diff, pattern = s.local(e.Operand(0)), patOnline
	case e.Name() == tensor.MulName && e.Operand(0) == e.Operand(1):
		diff, pattern = s.local(e.Operand(0)), patMoments
	}
	if diff == nil || diff.Name() != tensor.SubName {
		return i
	}
	a, c := diff.Operand(0), diff.Operand(1)
	if len(s.deps(c)) == 0 || !s.rowConstant(c) || s.deps(a)[r] {
		return i
	}
	if pattern == patOnline {
		// An output computed from E = exp(A - c) and row values, Σ E
		// among them, stores E in the pass of Σ E and rescales it
		// (rescaleSource): one exponential per element, where the online
		// normalizer would need a second one for the output.
		for _, o := range s.outs {
			if src, ok := s.frontier(o, func(v ir.Value) bool { return v == e.Result(0) }); ok && src == e.Result(0) && s.deps(o)[r] {
				return i
			}
		}
	}
	i.pattern, i.a, i.c = pattern, a, c
	return i
}

// frontier descends from the full-shape value v through the element-wise
// ops of the kernel, stopping at row-constant values and at values where
// stop holds, and returns the one value where it stopped (ok is false when
// it stopped at several, or reached anything else: a view, a kernel
// argument, a reduction).
func (s *staging) frontier(v ir.Value, stop func(ir.Value) bool) (ir.Value, bool) {
	var src ir.Value
	ok := true
	seen := map[ir.Value]bool{}
	var walk func(v ir.Value)
	walk = func(v ir.Value) {
		if !ok || seen[v] {
			return
		}
		seen[v] = true
		if s.rowConstant(v) {
			return
		}
		if stop(v) {
			if src != nil {
				ok = false
			}
			src = v
			return
		}
		op := s.local(v)
		if op == nil || !opclass.IsElementwise(op.Name()) {
			ok = false
			return
		}
		for _, x := range op.Operands() {
			walk(x)
		}
	}
	walk(v)
	return src, ok && src != nil
}

// rescaleSource returns, for a full-shape output o computed in pass L >= 1,
// the value E it is computed from when o is an element-wise function of E
// and of row values only, E can be computed in pass L-1 (it depends on no
// reduction of pass L-1), has o's shape and element type, and is costly (a
// transcendental function): pass L-1 then stores E into o's buffer, and
// pass L computes o from that buffer instead of recomputing E from the
// kernel's inputs (softmax: exp(x - max) is stored while Σ is summed, and
// the last pass divides the output by Σ in place). It returns nil
// otherwise.
func (s *staging) rescaleSource(o ir.Value) ir.Value {
	l := s.level(o)
	if l == 0 {
		return nil
	}
	src, ok := s.frontier(o, func(v ir.Value) bool { return s.level(v) < l })
	if !ok || src == o {
		return nil
	}
	op := s.local(src)
	if op == nil || !opclass.IsElementwise(op.Name()) || !s.costly(src) ||
		!slices.Equal(opclass.Shape(src), opclass.Shape(o)) || opclass.Elem(src) != opclass.Elem(o) {
		return nil
	}
	return src
}

// costly reports whether computing an element of the kernel value v
// evaluates a transcendental function (outside row-constant values).
func (s *staging) costly(v ir.Value) bool {
	seen := map[ir.Value]bool{}
	var walk func(v ir.Value) bool
	walk = func(v ir.Value) bool {
		if seen[v] || s.rowConstant(v) {
			return false
		}
		seen[v] = true
		op := s.local(v)
		if op == nil || !opclass.IsElementwise(op.Name()) && opclass.Classify(op) != opclass.View {
			return false
		}
		if opclass.Cost(op) >= 8 {
			return true
		}
		for _, x := range op.Operands() {
			if walk(x) {
				return true
			}
		}
		return false
	}
	return walk(v)
}

// local returns the defining op of v when it is inside the kernel.
func (s *staging) local(v ir.Value) *ir.Operation {
	op := ir.DefiningOp(v)
	if op == nil || op.ParentOp() == nil || op.ParentOp().Name() != loops.KernelName {
		return nil
	}
	return op
}

// rowConstant reports whether a value of the full domain is the same for
// every index along the reduced dimensions.
func (s *staging) rowConstant(v ir.Value) bool {
	op := s.local(v)
	if op == nil {
		return false
	}
	switch {
	case op.Name() == tensor.BroadcastName:
		dims, ok := tensor.Ints(op, "dims")
		xs := opclass.Shape(op.Operand(0))
		if !ok || len(dims) != len(xs) {
			return false
		}
		for i, d := range dims {
			if s.red[int(d)] && xs[i] != 1 {
				return false
			}
		}
		return true
	case opclass.IsElementwise(op.Name()):
		for _, x := range op.Operands() {
			if !s.rowConstant(x) {
				return false
			}
		}
		return true
	case opclass.Classify(op) == opclass.Const && op.Name() != tensor.IotaName:
		return true
	}
	return false
}

// plan returns the reductions with their stages, in kernel order.
func (s *staging) plan() []*redInfo {
	out := make([]*redInfo, len(s.reds))
	for k, r := range s.reds {
		s.stage(r)
		out[k] = s.info(r)
	}
	return out
}
