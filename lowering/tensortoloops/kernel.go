package tensortoloops

import (
	"fmt"
	"slices"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// Loop nests of kernels: a pointwise kernel is one nest over its outputs;
// a reduction kernel loops over its rows and, inside, once over the
// reduced dimensions per stage.

// lowerKernel turns one loops.kernel into loops in place.
func (lw *lowerer) lowerKernel(k *ir.Operation) error {
	name, _ := k.StringAttr("name")
	fail := func(err error) error {
		if d, ok := err.(*ir.Diagnostic); ok {
			return d
		}
		return ir.OpError(k, "tensor-to-loops: kernel %q: %v", name, err)
	}
	if err := tensor.Decompose(k, nil); err != nil {
		return err
	}
	body := k.Region(0).Front()
	if body == nil || body.Terminator() == nil || body.Terminator().Name() != loops.YieldName {
		return ir.OpError(k, "tensor-to-loops: kernel %q has no loops.yield", name)
	}
	widenHalf(body)
	g := newGen(lw, k.Block(), k, k.Loc())
	for i, a := range body.Args() {
		g.env[a] = k.Operand(i)
	}
	// Every op in the body must be one the generator knows.
	for op := range body.Ops() {
		if op == body.Terminator() {
			continue
		}
		if op.NumRegions() > 0 || opclass.Classify(op) == opclass.None && op.Name() != tensor.DimName {
			return ir.OpError(op, "tensor-to-loops: '%s' is not supported inside a loops.kernel", op.Name())
		}
		for _, r := range op.Results() {
			if _, err := elemType(r); ir.IsTensor(r.Type()) && err != nil {
				return ir.OpError(op, "tensor-to-loops: %v", err)
			}
		}
	}
	outs := body.Terminator().Operands()
	bufs := make([]ir.Value, len(outs))
	var computed []ir.Value
	for i, v := range outs {
		if j := slices.Index(outs, v); j < i {
			bufs[i] = bufs[j]
			continue
		}
		if x, ok := g.env[v]; ok {
			bufs[i] = x
			continue
		}
		if !ir.IsTensor(v.Type()) {
			return ir.OpError(k, "tensor-to-loops: kernel %q yields a %s", name, v.Type())
		}
		buf, err := lw.alloc(g, v)
		if err != nil {
			return fail(err)
		}
		bufs[i] = buf
		computed = append(computed, v)
	}
	bufOf := map[ir.Value]ir.Value{}
	for i, v := range outs {
		bufOf[v] = bufs[i]
	}
	if len(computed) > 0 {
		switch kind, _ := k.StringAttr("kind"); kind {
		case "opaque", "matmul", "conv":
			g.lowerSpecial(computed, bufOf)
		default:
			g.lowerLoops(computed, bufOf)
		}
	}
	if g.err != nil {
		return fail(g.err)
	}
	lw.stats.Kernels++
	for i, r := range k.Results() {
		r.ReplaceAllUsesWith(bufs[i])
	}
	k.Erase()
	return nil
}

// lowerWidened lowers a kernel whose output is the rounding cast of an
// extern or opaque op widenHalf made compute in f32: the op writes an f32
// buffer, which a loop nest rounds into out. It reports false for other
// casts.
func (g *gen) lowerWidened(cast *ir.Operation, out ir.Value) bool {
	p := ir.DefiningOp(cast.Operand(0))
	if p == nil || !isHalf(opclass.Elem(cast.Result(0))) {
		return false
	}
	switch p.Name() {
	case tensor.ScatterAddName:
	case tensor.MatMulName, tensor.Conv2DName:
		if r := len(opclass.Shape(p.Result(0))); !g.lw.opts.Extern || p.Name() == tensor.MatMulName && r != 2 && r != 3 {
			return false // computed as loops
		}
	default:
		return false
	}
	tmp, err := g.lw.alloc(g, p.Result(0))
	if err != nil {
		g.fail(err)
		return true
	}
	if p.Name() == tensor.ScatterAddName {
		g.scatterAdd(p, tmp)
	} else if !g.externCall(p, tmp, nil) {
		return false // matmul and conv2d as loops
	}
	g.env[p.Result(0)] = tmp
	g.storeAll(cast.Result(0), out)
	return true
}

// lowerSpecial lowers extern (matmul, conv2d) and opaque (scatter_add)
// kernels, falling back to loop nests.
func (g *gen) lowerSpecial(outs []ir.Value, bufOf map[ir.Value]ir.Value) {
	if len(outs) == 1 {
		if op := ir.DefiningOp(outs[0]); op != nil {
			switch op.Name() {
			case tensor.MatMulName, tensor.Conv2DName:
				if g.externCall(op, bufOf[outs[0]], nil) {
					return
				}
			case tensor.ScatterAddName:
				g.scatterAdd(op, bufOf[outs[0]])
				return
			case tensor.CastName:
				if g.lowerWidened(op, bufOf[outs[0]]) {
					return
				}
			default:
				// A matmul with the epilogue fuse put into its kernel.
				if ep, ok := opclass.MatchEpilogue(outs[0]); ok && g.externCall(ep.Matmul, bufOf[outs[0]], &ep) {
					return
				}
			}
		}
	}
	g.lowerLoops(outs, bufOf)
}

// lowerLoops lowers a pointwise or reduction kernel.
func (g *gen) lowerLoops(outs []ir.Value, bufOf map[ir.Value]ir.Value) {
	if len(outs) == 1 {
		if op := ir.DefiningOp(outs[0]); op != nil && op.Name() == tensor.MaxPool2DName && g.poolCall(op, bufOf[outs[0]]) {
			return
		}
	}
	var reds []*ir.Operation
	if body := outs[0].ParentBlock(); body != nil {
		for op := range body.Ops() {
			if opclass.Classify(op) == opclass.Reduce {
				reds = append(reds, op)
			}
		}
	}
	if len(reds) > 0 && g.reductionKernel(reds, outs, bufOf) {
		return
	}
	// Pointwise: loops over the (common) shape of the outputs.
	for _, v := range outs[1:] {
		if !slices.Equal(opclass.Shape(v), opclass.Shape(outs[0])) {
			g.fail(fmt.Errorf("the kernel's outputs have different shapes (%s and %s); fuse did not form it", outs[0].Type(), v.Type()))
			return
		}
	}
	g.loopNest(g.root, g.sizesOf(outs[0]), nil, nil, func(w []affine.Expr, _ []ir.Value) []ir.Value {
		g.markFirst()
		for _, v := range outs {
			g.store(g.scalar(v, w), bufOf[v], w)
		}
		return nil
	})
}

// output is an output of a reduction kernel.
type output struct {
	v    ir.Value
	full bool // of the reduction domain's shape (else a row value)
	keep bool // a row value with the reduced dimensions kept as 1
}

// reductionKernel lowers a kernel whose reductions share one domain: loops
// over the kept dimensions, and inside them one loop over the reduced
// dimensions per stage (see the package documentation). It reports false
// when the kernel does not have that form (then it is lowered as a
// pointwise kernel with inner reductions).
func (g *gen) reductionKernel(reds []*ir.Operation, outs []ir.Value, bufOf map[ir.Value]ir.Value) bool {
	dom := reds[0].Operand(0)
	reduced, ok := opclass.ReducedDims(reds[0])
	if !ok {
		g.fail(fmt.Errorf("bad reduction attributes"))
		return true
	}
	for _, r := range reds[1:] {
		rd, ok := opclass.ReducedDims(r)
		if !ok || !slices.Equal(rd, reduced) || !slices.Equal(opclass.Shape(r.Operand(0)), opclass.Shape(dom)) {
			return false
		}
	}
	red := map[int]bool{}
	for _, d := range reduced {
		red[d] = true
	}
	var kept []int
	for d := range opclass.Shape(dom) {
		if !red[d] {
			kept = append(kept, d)
		}
	}
	// Output roles.
	var outputs []output
	var fulls []ir.Value
	for _, v := range outs {
		r := roleOfShape(opclass.Shape(v), opclass.Shape(dom), red, kept)
		if r == opclass.RoleNone {
			return false
		}
		if r == opclass.RoleFull && len(reds) > 0 && isRowShape(opclass.Shape(v), opclass.Shape(dom), red) {
			// A row-shaped output of a domain whose reduced sizes are 1:
			// a row output when it depends on a reduction.
			if len(newStaging(g, reds, red, nil).deps(v)) > 0 {
				r = opclass.RoleRowKeep
			}
		}
		outputs = append(outputs, output{v: v, full: r == opclass.RoleFull, keep: r == opclass.RoleRowKeep})
		if r == opclass.RoleFull {
			fulls = append(fulls, v)
		}
	}
	sched := newStaging(g, reds, red, fulls)
	infos := sched.plan()
	// Outputs stored through their rescale source: the pass before
	// theirs stores the source, their own pass reads it back.
	rescale := map[ir.Value]ir.Value{}
	claimed := map[ir.Value]bool{}
	for _, o := range outputs {
		if !o.full || rescale[o.v] != nil {
			continue
		}
		if e := sched.rescaleSource(o.v); e != nil && !claimed[e] {
			rescale[o.v] = e
			claimed[e] = true
		}
	}
	last := -1
	for _, r := range infos {
		last = max(last, r.stage)
	}
	for _, o := range outputs {
		if o.full {
			last = max(last, sched.level(o.v))
		}
	}
	var keptSizes []affine.Expr
	for _, d := range kept {
		keptSizes = append(keptSizes, g.size(dom, d))
	}
	p := &reductionPlan{dom: dom, reduced: reduced, infos: infos, outs: outputs, sched: sched, rescale: rescale, bufOf: bufOf}
	rank := len(opclass.Shape(dom))
	g.loopNest(g.root, keptSizes, nil, nil, func(w []affine.Expr, _ []ir.Value) []ir.Value {
		g.markFirst()
		row := g.cur
		ri := rowIndex{kept: map[int]affine.Expr{}, full: make([]affine.Expr, rank)}
		for d := 0; d < rank; d++ {
			ri.full[d] = affine.Const(0)
		}
		for j, d := range kept {
			ri.kept[d] = w[j]
			ri.full[d] = w[j]
			ri.drop = append(ri.drop, w[j])
		}
		ri.keep = slices.Clone(ri.full)
		for stage := 0; stage <= last; stage++ {
			g.reductionStage(p, stage, row, ri)
		}
		for _, o := range outputs {
			if o.full {
				continue
			}
			idx := ri.drop
			if o.keep {
				idx = ri.keep
			}
			g.store(g.scalar(o.v, idx), bufOf[o.v], idx)
		}
		return nil
	})
	return true
}

// reductionPlan is what the passes of a reduction kernel share.
type reductionPlan struct {
	dom     ir.Value // a value of the reductions' input shape
	reduced []int    // the reduced dimensions
	infos   []*redInfo
	outs    []output
	sched   *staging
	rescale map[ir.Value]ir.Value // outputs stored through a rescale source
	bufOf   map[ir.Value]ir.Value
}

// rowIndex indexes one row of a reduction kernel.
type rowIndex struct {
	kept map[int]affine.Expr // the kept dimensions' index
	full []affine.Expr       // the full index, reduced dimensions at 0
	keep []affine.Expr       // a row value's index with the reduced dimensions kept (at 0)
	drop []affine.Expr       // a row value's index without them
}

// reductionStage emits the pass of one stage of a reduction kernel over a
// row: the loop over the reduced dimensions with the accumulators of the
// stage's reductions, storing the full-shape outputs that the stage
// computes (and the rescale sources of the next stage's), then the
// reductions' results, memoized for the row.
func (g *gen) reductionStage(p *reductionPlan, stage int, row *frame, ri rowIndex) {
	as := newAccums()
	var here []*redInfo
	for _, r := range p.infos {
		if r.stage == stage {
			here = append(here, r)
		}
	}
	// Online normalizers first: a maximum of the same values shares theirs.
	for _, r := range here {
		if r.pattern == patOnline {
			g.planAccums(r, as)
		}
	}
	for _, r := range here {
		if r.pattern != patOnline {
			g.planAccums(r, as)
		}
	}
	var stores, early []output
	for _, o := range p.outs {
		if o.full && p.sched.level(o.v) == stage {
			stores = append(stores, o)
		}
		if o.full && p.rescale[o.v] != nil && p.sched.level(o.v) == stage+1 {
			early = append(early, o)
		}
	}
	if len(as.order) == 0 && len(stores) == 0 && len(early) == 0 {
		return
	}
	extra := func(full []affine.Expr) {
		for _, o := range stores {
			if p.rescale[o.v] != nil {
				g.store(g.rescaled(p.sched, o.v, full), p.bufOf[o.v], full)
			} else {
				g.store(g.scalar(o.v, full), p.bufOf[o.v], full)
			}
		}
		for _, o := range early {
			g.store(g.scalar(p.rescale[o.v], full), p.bufOf[o.v], full)
		}
	}
	// This pass reads the rescale sources stored by the previous one from
	// the outputs' buffers (every element is read before the output's
	// value overwrites it, at the same index).
	var reread []ir.Value
	for _, o := range stores {
		if e := p.rescale[o.v]; e != nil {
			g.env[e] = p.bufOf[o.v]
			reread = append(reread, e)
		}
	}
	g.reductionLoop(row, p.dom, p.reduced, ri.kept, as.order, extra)
	for _, e := range reread {
		delete(g.env, e)
	}
	g.cur = row
	for _, r := range here {
		v, w := g.finalize(r, ri.full)
		idx := ri.drop
		if tensor.KeepDim(r.op) {
			idx = ri.keep
		}
		key := fmt.Sprint(g.id(r.op.Result(0))) + affine.IndexKey(idx)
		row.memo["v"+key] = v
		if w != nil {
			row.memo["w"+key] = w
		}
	}
}

// rescaled computes element full of an output stored through its rescale
// source. A float division by a row value, o = a / c (softmax's E / Σ E),
// becomes a multiplication by the reciprocal of c, computed once per row
// (from c's f64 value when it is an f32 row statistic: 1/Σ rounded once),
// as ATen's softmax kernel does; the result is within 1 ulp of the
// quotient, and special values behave alike (c is NaN when the row holds
// NaN or +Inf, or is all -Inf).
func (g *gen) rescaled(s *staging, o ir.Value, full []affine.Expr) ir.Value {
	op := ir.DefiningOp(o)
	if op == nil || op.Name() != tensor.DivName || !ir.IsFloat(opclass.Elem(o)) || !s.rowConstant(op.Operand(1)) {
		return g.scalar(o, full)
	}
	t := opclass.Elem(o)
	num := g.scalar(op.Operand(0), full)
	c, wide := g.wide(op.Operand(1), full)
	if !wide {
		c = g.scalar(op.Operand(1), full)
	}
	r := g.convert(g.binary(arith.DivF, g.scalarConst(c.Type(), 1), c), t)
	return g.binary(arith.MulF, num, r)
}

// roleOfShape classifies an output shape against a reduction domain.
func roleOfShape(s, dom []int64, red map[int]bool, kept []int) opclass.Role {
	if slices.Equal(s, dom) {
		return opclass.RoleFull
	}
	if isRowShape(s, dom, red) {
		return opclass.RoleRowKeep
	}
	if len(s) == len(kept) {
		for j, d := range kept {
			if s[j] != dom[d] {
				return opclass.RoleNone
			}
		}
		return opclass.RoleRowDrop
	}
	return opclass.RoleNone
}

// isRowShape reports whether s is dom with the reduced dimensions set to 1.
func isRowShape(s, dom []int64, red map[int]bool) bool {
	if len(s) != len(dom) {
		return false
	}
	for d := range s {
		if red[d] && s[d] != 1 || !red[d] && s[d] != dom[d] {
			return false
		}
	}
	return true
}
