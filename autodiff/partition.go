package autodiff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tt-compiler/tt/autodiff/mincut"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// Recompute modes of the partitioner.
const (
	// RecomputeMinCut chooses the saved values with a minimum cut that
	// weighs each value by its size, recomputing cheap ops in the backward.
	RecomputeMinCut = "mincut"
	// RecomputeNone saves every forward value the backward uses.
	RecomputeNone = "none"
)

// Split is the result of partitioning a joint function.
type Split struct {
	// Fwd is @NAME_fwd(args...) -> (results..., saved...).
	Fwd *ir.Operation
	// Bwd is @NAME_bwd(saved..., tangents...) -> (grads...).
	Bwd *ir.Operation
	// Saved are the joint function's values passed from Fwd to Bwd.
	Saved []ir.Value
	// SavedBytes is the total size of the saved values (dynamic dimensions
	// counted as dynamicDimGuess elements).
	SavedBytes int64
	// Recomputed counts the forward ops cloned into Bwd.
	Recomputed int
	// Decisions describe the saved values and the recomputed ops, each at
	// the forward op it concerns, in program order.
	Decisions []Decision
}

// Decision is one choice of the partitioner: a forward value saved for
// the backward, or a forward op the backward runs again.
type Decision struct {
	Saved bool   // saved (else recomputed)
	Op    string // the forward op ("" for a saved argument)
	Type  string // the value's type
	Bytes int64  // its size (dynamic dimensions counted as dynamicDimGuess)
	Loc   ir.Location
}

// dynamicDimGuess is the size assumed for a dynamic dimension when weighing values.
const dynamicDimGuess = 1024

// jointGraph classifies the ops of a joint function.
type jointGraph struct {
	j        *Joint
	entry    *ir.Block
	ret      *ir.Operation
	forward  []*ir.Operation // ops that do not depend on a tangent
	backward []*ir.Operation // ops that do
	isFwd    map[*ir.Operation]bool
	// needed are the forward values (arguments or op results) the backward uses.
	needed map[ir.Value]bool
	// order numbers forward values in definition order.
	order map[ir.Value]int
}

func analyzeJoint(j *Joint) *jointGraph {
	entry := j.Func.Region(0).Front()
	g := &jointGraph{j: j, entry: entry, isFwd: map[*ir.Operation]bool{}, needed: map[ir.Value]bool{}, order: map[ir.Value]int{}}
	tangent := map[ir.Value]bool{}
	for _, a := range entry.Args()[j.NumArgs:] {
		tangent[a] = true
	}
	for _, a := range entry.Args()[:j.NumArgs] {
		g.order[a] = len(g.order)
	}
	for op := range entry.Ops() {
		if op.HasTrait(ir.ReturnLike) {
			g.ret = op
			continue
		}
		dep := false
		for _, v := range op.Operands() {
			dep = dep || tangent[v]
		}
		if dep {
			for _, r := range op.Results() {
				tangent[r] = true
			}
			g.backward = append(g.backward, op)
			continue
		}
		g.forward = append(g.forward, op)
		g.isFwd[op] = true
		for _, r := range op.Results() {
			g.order[r] = len(g.order)
		}
	}
	uses := func(v ir.Value) {
		if _, fwd := g.order[v]; fwd {
			g.needed[v] = true
		}
	}
	for _, op := range g.backward {
		for _, v := range op.Operands() {
			uses(v)
		}
	}
	for _, v := range g.ret.Operands()[j.NumResults:] {
		uses(v)
	}
	return g
}

// bytesOf estimates the memory a value occupies.
func bytesOf(v ir.Value) int64 {
	t, ok := v.Type().(*ir.RankedTensorType)
	if !ok {
		return 8
	}
	n := int64(1)
	for _, d := range t.Shape() {
		if d == ir.Dynamic {
			d = dynamicDimGuess
		}
		n *= d
	}
	return n * elemBytes(t.Elem)
}

func elemBytes(t ir.Type) int64 {
	switch {
	case ir.IsFloat(t):
		return int64(t.(*ir.FloatType).Width() / 8)
	case ir.IntWidth(t) == 1:
		return 1
	case ir.IsInteger(t) || ir.IsIndex(t):
		return int64(max(ir.IntWidth(t)/8, 1))
	}
	return 8
}

// bannedFromRecompute lists ops the backward never recomputes: they are
// expensive (matmul, conv2d) or gather-scatter heavy.
var bannedFromRecompute = map[string]bool{
	tensor.MatMulDef.Name: true, tensor.Conv2DDef.Name: true, tensor.MaxPool2DDef.Name: true,
	tensor.ScatterAddDef.Name: true,
}

// shrinkingReductions may not be recomputed when they make a tensor more
// than 4x smaller (AOTAutograd's heuristic: the input would have to be
// saved instead, costing more than the result).
var shrinkingReductions = map[string]bool{
	tensor.ReduceSumDef.Name: true, tensor.ReduceMeanDef.Name: true, tensor.ReduceMaxDef.Name: true,
	tensor.ReduceMinDef.Name: true, tensor.CrossEntropyDef.Name: true, tensor.ArgMaxDef.Name: true,
}

func recomputable(op *ir.Operation) bool {
	if bannedFromRecompute[op.Name()] || !ir.IsMemoryEffectFree(op) {
		return false
	}
	if shrinkingReductions[op.Name()] {
		return bytesOf(op.Operand(0)) <= 4*bytesOf(op.Result(0))
	}
	return op.Dialect() == "tensor"
}

// chooseSaved returns the values to save, in definition order.
func (g *jointGraph) chooseSaved(mode string) []ir.Value {
	var saved []ir.Value
	if mode == RecomputeNone {
		for v := range g.needed {
			saved = append(saved, v)
		}
	} else {
		saved = g.minCut()
	}
	slices.SortFunc(saved, func(a, b ir.Value) int { return g.order[a] - g.order[b] })
	return saved
}

// minCut builds AOTAutograd's flow network: every forward value v is split
// into v_in -> v_out with capacity = its size; a use u -> v is an edge
// u_out -> v_in of infinite capacity; arguments and values that must not be
// recomputed hang from the source; values the backward needs drain into the
// sink. The cut edges v_in -> v_out are the values to save.
func (g *jointGraph) minCut() []ir.Value {
	vals := make([]ir.Value, len(g.order))
	for v, i := range g.order {
		vals[i] = v
	}
	n := len(vals)
	net := mincut.New(2*n + 2)
	src, sink := 2*n, 2*n+1
	in := func(i int) int { return 2 * i }
	out := func(i int) int { return 2*i + 1 }
	for i, v := range vals {
		net.AddEdge(in(i), out(i), max(bytesOf(v), 1))
		if g.needed[v] {
			net.AddEdge(out(i), sink, mincut.Inf)
		}
		def := ir.DefiningOp(v)
		if def == nil || !recomputable(def) {
			net.AddEdge(src, in(i), mincut.Inf)
		}
	}
	for _, op := range g.forward {
		for _, u := range op.Operands() {
			ui, ok := g.order[u]
			if !ok {
				continue
			}
			for _, r := range op.Results() {
				net.AddEdge(out(ui), in(g.order[r]), mincut.Inf)
			}
		}
	}
	_, side := net.MinCut(src, sink)
	var saved []ir.Value
	for i, v := range vals {
		if side[in(i)] && !side[out(i)] {
			saved = append(saved, v)
		}
	}
	return saved
}

// Partition splits a joint function into forward and backward functions
// named name+"_fwd" and name+"_bwd" (detached).
func Partition(j *Joint, name, mode string) (*Split, error) {
	if mode != RecomputeMinCut && mode != RecomputeNone {
		return nil, fmt.Errorf("recompute must be %q or %q, got %q", RecomputeMinCut, RecomputeNone, mode)
	}
	g := analyzeJoint(j)
	s := &Split{Saved: g.chooseSaved(mode)}
	for _, v := range s.Saved {
		s.SavedBytes += bytesOf(v)
	}
	s.Fwd = g.buildFwd(name+"_fwd", s.Saved)
	bwd, recomputed, err := g.buildBwd(name+"_bwd", s.Saved)
	if err != nil {
		return nil, err
	}
	s.Bwd, s.Recomputed = bwd, len(recomputed)
	for _, v := range s.Saved {
		d := Decision{Saved: true, Type: v.Type().String(), Bytes: bytesOf(v), Loc: j.Func.Loc()}
		if op := ir.DefiningOp(v); op != nil {
			d.Op, d.Loc = op.Name(), op.Loc()
		}
		s.Decisions = append(s.Decisions, d)
	}
	for _, op := range recomputed {
		var bytes int64
		for _, r := range op.Results() {
			bytes += bytesOf(r)
		}
		s.Decisions = append(s.Decisions, Decision{Op: op.Name(), Type: resultTypes(op), Bytes: bytes, Loc: op.Loc()})
	}
	return s, nil
}

func (g *jointGraph) buildFwd(name string, saved []ir.Value) *ir.Operation {
	ctx := g.j.Func.Context()
	b := ir.NewBuilder(ctx)
	results := g.ret.Operands()[:g.j.NumResults]
	outs := valueTypes(results)
	outs = append(outs, valueTypes(saved)...)
	fn, entry := newFunc(b, name, ctx.Function(g.entry.ArgTypes()[:g.j.NumArgs], outs), g.j.Func.Loc())
	m := ir.NewMapping()
	for i := 0; i < g.j.NumArgs; i++ {
		m.Map(g.entry.Arg(i), entry.Arg(i))
	}
	for _, op := range g.forward {
		b.Insert(op.Clone(m))
	}
	rets := make([]ir.Value, 0, len(outs))
	for _, v := range append(append([]ir.Value{}, results...), saved...) {
		rets = append(rets, m.Lookup(v))
	}
	b.MustCreate(&ir.OperationState{Name: function.ReturnDef.Name, Operands: rets, Loc: g.ret.Loc()})
	return fn
}

func (g *jointGraph) buildBwd(name string, saved []ir.Value) (*ir.Operation, []*ir.Operation, error) {
	ctx := g.j.Func.Context()
	b := ir.NewBuilder(ctx)
	tangents := g.entry.Args()[g.j.NumArgs:]
	ins := append(valueTypes(saved), argTypes(tangents)...)
	grads := g.ret.Operands()[g.j.NumResults:]
	fn, entry := newFunc(b, name, ctx.Function(ins, valueTypes(grads)), g.j.Func.Loc())
	m := ir.NewMapping()
	avail := map[ir.Value]bool{}
	for i, v := range saved {
		m.Map(v, entry.Arg(i))
		avail[v] = true
	}
	for i, t := range tangents {
		m.Map(t, entry.Arg(len(saved)+i))
	}
	recompute, err := g.recomputeSet(avail)
	if err != nil {
		return nil, nil, err
	}
	var recomputed []*ir.Operation
	for op := range g.entry.Ops() {
		switch {
		case op == g.ret:
		case g.isFwd[op] && recompute[op]:
			b.Insert(op.Clone(m))
			recomputed = append(recomputed, op)
		case !g.isFwd[op]:
			b.Insert(op.Clone(m))
		}
	}
	rets := make([]ir.Value, len(grads))
	for i, v := range grads {
		rets[i] = m.Lookup(v)
	}
	b.MustCreate(&ir.OperationState{Name: function.ReturnDef.Name, Operands: rets, Loc: g.ret.Loc()})
	return fn, recomputed, nil
}

// resultTypes renders an op's result types, comma-separated.
func resultTypes(op *ir.Operation) string {
	var ts []string
	for _, r := range op.Results() {
		ts = append(ts, r.Type().String())
	}
	return strings.Join(ts, ", ")
}

// recomputeSet returns the forward ops the backward must run again to get
// the values it needs from the saved ones.
func (g *jointGraph) recomputeSet(avail map[ir.Value]bool) (map[*ir.Operation]bool, error) {
	set := map[*ir.Operation]bool{}
	var visit func(v ir.Value) error
	visit = func(v ir.Value) error {
		if avail[v] {
			return nil
		}
		def := ir.DefiningOp(v)
		if def == nil {
			return fmt.Errorf("aot-autograd: internal error: the backward needs argument #%d, which was not saved", v.(*ir.BlockArgument).Index())
		}
		if set[def] || !g.isFwd[def] {
			return nil
		}
		set[def] = true
		for _, u := range def.Operands() {
			if err := visit(u); err != nil {
				return err
			}
		}
		return nil
	}
	for v := range g.needed {
		if err := visit(v); err != nil {
			return nil, err
		}
	}
	return set, nil
}

func valueTypes(vs []ir.Value) []ir.Type {
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	return ts
}

func argTypes(as []*ir.BlockArgument) []ir.Type {
	ts := make([]ir.Type, len(as))
	for i, a := range as {
		ts[i] = a.Type()
	}
	return ts
}
