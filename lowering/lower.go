package lowering

import (
	"fmt"
	"slices"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// OverwrittenAttr is the unit attribute tensor-to-loops puts on the
// loops.alloc ops whose buffers its code writes completely before reading
// them, so that they do not need loops.alloc's zero fill: plan-memory
// reuses only buffers allocated with it.
const OverwrittenAttr = "tt.overwritten"

// MaxDenseElements bounds the size of a tensor.constant with distinct
// elements that tensor-to-loops materializes with one store per element.
const MaxDenseElements = 1 << 16

// LowerOptions configure tensor-to-loops.
type LowerOptions struct {
	// AccumulateF32InF64 makes f32 sums and means accumulate in f64 (the
	// default, as the interpreter does); otherwise they accumulate in f32.
	AccumulateF32InF64 bool
	// Extern lowers matmul (rank 2 and 3, f32/f64) and conv2d (f32/f64) to
	// loops.call_extern of tt.matmul and tt.conv2d (the default); otherwise
	// they become loop nests.
	Extern bool
}

// DefaultLowerOptions returns the default options.
func DefaultLowerOptions() LowerOptions {
	return LowerOptions{AccumulateF32InF64: true, Extern: true}
}

// LowerStats counts what TensorToLoops did.
type LowerStats struct {
	Kernels     int // kernels lowered (including single ops outside kernels)
	ExternCalls int // loops.call_extern ops emitted
	Allocs      int // loops.alloc ops emitted
	// MaxInputPasses is the largest number of passes over one function
	// argument (see CountInputPasses).
	MaxInputPasses int
}

// lowerer lowers the functions of a module.
type lowerer struct {
	ctx     *ir.Context
	opts    LowerOptions
	stats   *LowerStats
	counter int
	// dims holds the loops.dim ops emitted in a function's blocks, reused
	// by the code lowered after them in the same block.
	dims map[dimKey]ir.Value
}

// TensorToLoops bufferizes every func.func nested in module and lowers its
// loops.kernel ops (and any computing tensor op left outside a kernel,
// which becomes a kernel of its own) to loop nests over buffers, following
// the loop-level contract of docs/design/lowering.md.
func TensorToLoops(module *ir.Operation, opts LowerOptions) (LowerStats, error) {
	var stats LowerStats
	lw := &lowerer{ctx: module.Context(), opts: opts, stats: &stats}
	var funcs []*ir.Operation
	module.Walk(func(op *ir.Operation) {
		if op.Name() == function.FuncDef.Name {
			funcs = append(funcs, op)
		}
	})
	for _, fn := range funcs {
		if err := lw.lowerFunc(fn); err != nil {
			return stats, err
		}
	}
	for _, fn := range funcs {
		if function.IsExternal(fn) {
			continue
		}
		for i := 0; i < fn.Region(0).Front().NumArgs(); i++ {
			stats.MaxInputPasses = max(stats.MaxInputPasses, CountInputPasses(fn, fn.Region(0).Front().Arg(i)))
		}
	}
	return stats, nil
}

// memrefType converts a tensor type to the buffer type of the same shape
// and element type.
func (lw *lowerer) memrefType(t ir.Type) (ir.Type, error) {
	switch tt := t.(type) {
	case *ir.RankedTensorType:
		if tt.Encoding != nil {
			return nil, fmt.Errorf("tensors with an encoding are not supported")
		}
		if _, err := elemTypeOf(tt.Elem); err != nil {
			return nil, err
		}
		return lw.ctx.MemRef(tt.Shape(), tt.Elem), nil
	case *ir.UnrankedTensorType:
		return nil, fmt.Errorf("unranked tensors are not supported by tensor-to-loops")
	}
	return t, nil
}

// elemTypeOf checks an element type for the loop level.
func elemTypeOf(t ir.Type) (ir.Type, error) {
	if ft, ok := t.(*ir.FloatType); ok && ft.Kind != ir.F32 && ft.Kind != ir.F64 {
		return nil, fmt.Errorf("element type %s is not supported at the loop level (f32, f64, i1, i32 and i64 are); compute in f32 instead", t)
	}
	if it, ok := t.(*ir.IntegerType); ok && it.Width != 1 && it.Width != 32 && it.Width != 64 {
		return nil, fmt.Errorf("element type %s is not supported at the loop level (f32, f64, i1, i32 and i64 are)", t)
	}
	return t, nil
}

func (lw *lowerer) convertTypes(ts []ir.Type) ([]ir.Type, error) {
	out := make([]ir.Type, len(ts))
	for i, t := range ts {
		m, err := lw.memrefType(t)
		if err != nil {
			return nil, err
		}
		out[i] = m
	}
	return out, nil
}

// lowerFunc bufferizes one function.
func (lw *lowerer) lowerFunc(fn *ir.Operation) error {
	name, _ := fn.StringAttr(ir.SymbolAttrName)
	ft := function.FuncType(fn)
	ins, err := lw.convertTypes(ft.Inputs)
	if err != nil {
		return ir.OpError(fn, "tensor-to-loops: @%s: %v", name, err)
	}
	outs, err := lw.convertTypes(ft.Results)
	if err != nil {
		return ir.OpError(fn, "tensor-to-loops: @%s: %v", name, err)
	}
	fn.SetAttr(function.FunctionTypeAttr, &ir.TypeAttr{Value: lw.ctx.Function(ins, outs)})
	if function.IsExternal(fn) {
		return nil
	}
	if err := tensor.Decompose(fn, nil); err != nil {
		return err
	}
	lw.counter = 0
	lw.dims = map[dimKey]ir.Value{}
	for _, blk := range fn.Region(0).Blocks() {
		if err := lw.wrapLooseOps(blk); err != nil {
			return err
		}
	}
	for _, blk := range fn.Region(0).Blocks() {
		for _, a := range blk.Args() {
			t, err := lw.memrefType(a.Type())
			if err != nil {
				return ir.Errorf(a.Loc(), "tensor-to-loops: %v", err)
			}
			a.SetType(t)
		}
		var ops []*ir.Operation
		for op := range blk.Ops() {
			ops = append(ops, op)
		}
		for _, op := range ops {
			if err := lw.lowerTopLevel(op); err != nil {
				return err
			}
		}
	}
	// Everything must be buffers now.
	var bad error
	fn.Walk(func(op *ir.Operation) {
		if bad != nil {
			return
		}
		for _, v := range append(op.Operands(), op.Results()...) {
			if ir.IsTensor(v.Type()) {
				bad = ir.OpError(op, "tensor-to-loops: cannot lower '%s' on tensors", op.Name())
				return
			}
		}
	})
	return bad
}

// wrapLooseOps puts every computing tensor op outside a kernel into a
// kernel of its own.
func (lw *lowerer) wrapLooseOps(blk *ir.Block) error {
	b := ir.NewBuilder(lw.ctx)
	var ops []*ir.Operation
	for op := range blk.Ops() {
		ops = append(ops, op)
	}
	for _, op := range ops {
		kind := ""
		switch classify(op) {
		case clsView, clsConst, clsPointwise:
			kind = "pointwise"
		case clsReduce:
			kind = "reduction"
		case clsExtern:
			kind = "matmul"
			if op.Name() == tensor.Conv2DName {
				kind = "conv"
			}
		case clsOpaque:
			kind = "opaque"
		default:
			continue
		}
		st := &ir.OperationState{Name: loops.KernelName, Loc: op.Loc(), Operands: op.Operands(), ResultTypes: op.ResultTypes(),
			Attrs: []ir.NamedAttr{{Name: "name", Value: ir.String(fmt.Sprintf("%s_%d", shortName(op), lw.counter))}, {Name: "kind", Value: ir.String(kind)}}}
		lw.counter++
		region := st.AddRegion()
		b.SetInsertionPointBefore(op)
		k, err := b.Create(st)
		if err != nil {
			return err
		}
		types := op.OperandTypes()
		locs := make([]ir.Location, len(types))
		for i := range locs {
			locs[i] = op.Loc()
		}
		body := b.CreateBlock(region, types, locs)
		m := ir.NewMapping()
		for i, x := range op.Operands() {
			m.Map(x, body.Arg(i))
		}
		c := b.Clone(op, m)
		b.MustCreate(&ir.OperationState{Name: loops.YieldName, Loc: op.Loc(), Operands: c.Results()})
		op.ReplaceAllUsesWith(k.Results())
		op.Erase()
	}
	return nil
}

// lowerTopLevel lowers one op of a function body.
func (lw *lowerer) lowerTopLevel(op *ir.Operation) error {
	switch op.Name() {
	case loops.KernelName:
		return lw.lowerKernel(op)
	case tensor.ConstantName:
		return lw.lowerConstant(op)
	case tensor.DimName:
		return lw.lowerDim(op)
	case function.CallName:
		for _, r := range op.Results() {
			t, err := lw.memrefType(r.Type())
			if err != nil {
				return ir.OpError(op, "tensor-to-loops: %v", err)
			}
			r.SetType(t)
		}
		return nil
	}
	return nil
}

// lowerDim replaces tensor.dim of a buffer by loops.dim (or a constant).
func (lw *lowerer) lowerDim(op *ir.Operation) error {
	d, ok := op.IntAttr("dim")
	shape := shapeOf(op.Operand(0))
	if !ok || d < 0 || int(d) >= len(shape) {
		return ir.OpError(op, "tensor-to-loops: bad tensor.dim")
	}
	g := newGen(lw, op.Block(), op, op.Loc())
	v, err := g.bufSize(op.Operand(0), int(d))
	if err != nil {
		return ir.OpError(op, "tensor-to-loops: %v", err)
	}
	op.Result(0).ReplaceAllUsesWith(v)
	op.Erase()
	return nil
}

// lowerConstant materializes a tensor.constant used outside kernels.
func (lw *lowerer) lowerConstant(op *ir.Operation) error {
	g := newGen(lw, op.Block(), op, op.Loc())
	var buf ir.Value
	var err error
	if classify(op) == clsDense {
		buf, err = lw.denseBuffer(g, op)
	} else {
		buf, err = lw.fillBuffer(g, op.Result(0))
	}
	if err != nil {
		return ir.OpError(op, "tensor-to-loops: %v", err)
	}
	op.Result(0).ReplaceAllUsesWith(buf)
	op.Erase()
	return nil
}

// alloc allocates a buffer for a kernel value (dynamic sizes from g).
func (lw *lowerer) alloc(g *gen, v ir.Value) (ir.Value, error) {
	t, err := lw.memrefType(v.Type())
	if err != nil {
		return nil, err
	}
	mt, ok := t.(*ir.MemRefType)
	if !ok {
		return nil, fmt.Errorf("internal error: allocating a %s", v.Type())
	}
	var sizes []ir.Value
	for d, s := range mt.Shape() {
		if s == ir.Dynamic {
			sv, err := g.sizeValue(v, d)
			if err != nil {
				return nil, err
			}
			sizes = append(sizes, sv)
		}
	}
	op, err := g.create(g.root, &ir.OperationState{Name: loops.AllocName, Operands: sizes, ResultTypes: []ir.Type{mt},
		Attrs: []ir.NamedAttr{{Name: OverwrittenAttr, Value: ir.UnitAttr{}}}})
	if err != nil {
		return nil, err
	}
	lw.stats.Allocs++
	return op.Result(0), nil
}

// denseBuffer materializes a constant with distinct elements: a buffer and
// one store per element, in g's root frame.
func (lw *lowerer) denseBuffer(g *gen, op *ir.Operation) (ir.Value, error) {
	d, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return nil, fmt.Errorf("tensor.constant without a dense value")
	}
	if d.Len() > MaxDenseElements {
		return nil, fmt.Errorf("a constant of %d distinct elements is too large to lower (at most %d); pass it as an argument", d.Len(), MaxDenseElements)
	}
	t, err := elemType(op.Result(0))
	if err != nil {
		return nil, err
	}
	buf, err := lw.alloc(g, op.Result(0))
	if err != nil {
		return nil, err
	}
	shape := shapeOf(op.Result(0))
	for i := 0; i < d.Len(); i++ {
		var a ir.Attribute
		if d.IsFloat() {
			a = ir.Float(t, d.FloatAt(i))
		} else if ir.IntWidth(t) == 1 {
			a = ir.Int(t, map[bool]int64{true: 1, false: 0}[d.IntAt(i) != 0])
		} else {
			a = ir.Int(t, d.IntAt(i))
		}
		c, err := g.constant(a)
		if err != nil {
			return nil, err
		}
		idx := make([]Expr, len(shape))
		rem := int64(i)
		for k := len(shape) - 1; k >= 0; k-- {
			idx[k] = cnst(rem % shape[k])
			rem /= shape[k]
		}
		if err := g.store(c, buf, idx); err != nil {
			return nil, err
		}
	}
	return buf, nil
}

// fillBuffer materializes a value computed without loads (a splat
// constant) into a new buffer.
func (lw *lowerer) fillBuffer(g *gen, v ir.Value) (ir.Value, error) {
	buf, err := lw.alloc(g, v)
	if err != nil {
		return nil, err
	}
	return buf, g.storeAll(v, buf)
}

// storeAll stores every element of kernel value v into buf with a loop nest
// over v's shape.
func (g *gen) storeAll(v, buf ir.Value) error {
	sizes, err := sizesOf(v, g.size)
	if err != nil {
		return err
	}
	_, err = g.loopNest(g.root, sizes, nil, func(w []Expr, _ []ir.Value) ([]ir.Value, error) {
		g.markFirst()
		s, err := g.scalar(v, w)
		if err != nil {
			return nil, err
		}
		return nil, g.store(s, buf, w)
	})
	return err
}

// markFirst records the kernel's outermost loop (the child of the root on
// the current frame's chain), under which loads stay.
func (g *gen) markFirst() {
	g.first = nil
	for f := g.cur; f != nil && f.parent != nil; f = f.parent {
		if f.parent == g.root {
			g.first = f
			return
		}
	}
}

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
	g := newGen(lw, k.Block(), k, k.Loc())
	for i, a := range body.Args() {
		g.env[a] = k.Operand(i)
	}
	// Every op in the body must be one the generator knows.
	for op := range body.Ops() {
		if op == body.Terminator() {
			continue
		}
		if op.NumRegions() > 0 || classify(op) == clsNone && op.Name() != tensor.DimName {
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
	kind, _ := k.StringAttr("kind")
	var err error
	if len(computed) > 0 {
		switch {
		case kind == "opaque" || kind == "matmul" || kind == "conv":
			err = g.lowerSpecial(computed, bufOf)
		default:
			err = g.lowerLoops(computed, bufOf)
		}
	}
	if err != nil {
		return fail(err)
	}
	lw.stats.Kernels++
	for i, r := range k.Results() {
		r.ReplaceAllUsesWith(bufs[i])
	}
	k.Erase()
	return nil
}

// lowerSpecial lowers extern (matmul, conv2d) and opaque (scatter_add)
// kernels, falling back to loop nests.
func (g *gen) lowerSpecial(outs []ir.Value, bufOf map[ir.Value]ir.Value) error {
	if len(outs) == 1 {
		op := ir.DefiningOp(outs[0])
		if op != nil {
			switch op.Name() {
			case tensor.MatMulName, tensor.Conv2DName:
				if ok, err := g.externCall(op, bufOf[outs[0]]); ok || err != nil {
					return err
				}
			case tensor.ScatterAddName:
				return g.scatterAdd(op, bufOf[outs[0]])
			}
		}
	}
	return g.lowerLoops(outs, bufOf)
}

// bufferOf returns a buffer holding kernel value v: the function-level
// buffer of an input, or a new one filled by a loop nest.
func (g *gen) bufferOf(v ir.Value) (ir.Value, error) {
	if x, ok := g.env[v]; ok {
		if _, isBuf := x.Type().(*ir.MemRefType); isBuf {
			return x, nil
		}
	}
	return g.lw.fillBuffer(g, v)
}

// externCall emits loops.call_extern of tt.matmul or tt.conv2d when the
// runtime kernel takes the operands; it reports false otherwise.
func (g *gen) externCall(op *ir.Operation, out ir.Value) (bool, error) {
	if !g.lw.opts.Extern {
		return false, nil
	}
	t := elemOf(op.Result(0))
	if ft, ok := t.(*ir.FloatType); !ok || (ft.Kind != ir.F32 && ft.Kind != ir.F64) {
		return false, nil
	}
	var attrs []ir.NamedAttr
	callee := "tt.matmul"
	if op.Name() == tensor.MatMulName {
		if r := len(shapeOf(op.Result(0))); r != 2 && r != 3 {
			return false, nil
		}
	} else {
		callee = "tt.conv2d"
		p, ok := tensor.Conv2DOptions(op)
		if !ok {
			return false, fmt.Errorf("bad conv2d attributes")
		}
		ctx := g.ctx()
		attrs = []ir.NamedAttr{
			{Name: "stride", Value: ir.I64Array(ctx, p.Stride[:]...)},
			{Name: "padding", Value: ir.I64Array(ctx, p.Padding[:]...)},
			{Name: "dilation", Value: ir.I64Array(ctx, p.Dilation[:]...)},
			{Name: "groups", Value: ir.Int(ctx.I64(), p.Groups)},
		}
	}
	a, err := g.bufferOf(op.Operand(0))
	if err != nil {
		return false, err
	}
	b, err := g.bufferOf(op.Operand(1))
	if err != nil {
		return false, err
	}
	attrs = append([]ir.NamedAttr{{Name: "callee", Value: ir.String(callee)}}, attrs...)
	if _, err := g.create(g.root, &ir.OperationState{Name: loops.CallExternName, Operands: []ir.Value{a, b, out}, Attrs: attrs, ResultTypes: []ir.Type{}}); err != nil {
		return false, err
	}
	g.lw.stats.ExternCalls++
	return true, nil
}

// scatterAdd lowers tensor.scatter_add: copy base, then add every source
// slice into the slice its index selects, in source order.
func (g *gen) scatterAdd(op *ir.Operation, out ir.Value) error {
	d, ok := tensor.NormalizedDim(op)
	if !ok || op.NumOperands() != 3 {
		return fmt.Errorf("bad scatter_add")
	}
	base, ids, src := op.Operand(0), op.Operand(1), op.Operand(2)
	if err := g.storeAll(base, out); err != nil {
		return err
	}
	t, err := elemType(op.Result(0))
	if err != nil {
		return err
	}
	sizes, err := sizesOf(src, g.size)
	if err != nil {
		return err
	}
	hi := int64(-1)
	if s := shapeOf(base)[d]; s != ir.Dynamic {
		hi = s - 1
	}
	_, err = g.loopNest(g.root, sizes, nil, func(w []Expr, _ []ir.Value) ([]ir.Value, error) {
		g.markFirst()
		var ii []Expr
		if len(shapeOf(ids)) == 1 {
			ii = []Expr{w[d]}
		}
		k, err := g.scalar(ids, ii)
		if err != nil {
			return nil, err
		}
		kv, err := g.toIndex(k)
		if err != nil {
			return nil, err
		}
		tgt := slices.Clone(w)
		tgt[d] = g.ix.value(kv, hi)
		s, err := g.scalar(src, w)
		if err != nil {
			return nil, err
		}
		// The current value: a plain load, not shared with other loads.
		vs, err := g.indices(tgt)
		if err != nil {
			return nil, err
		}
		at := g.deepest(g.cur, append([]ir.Value{out}, vs...)...)
		cur, err := g.create(at, &ir.OperationState{Name: loops.LoadName, Operands: append([]ir.Value{out}, vs...), ResultTypes: []ir.Type{t}})
		if err != nil {
			return nil, err
		}
		name := arith.AddFName
		switch {
		case !ir.IsFloat(t) && ir.IntWidth(t) == 1:
			name = arith.OrIName
		case !ir.IsFloat(t):
			name = arith.AddIName
		}
		sum, err := g.arithOp(name, false, cur.Result(0), s)
		if err != nil {
			return nil, err
		}
		return nil, g.store(sum, out, tgt)
	})
	return err
}

// lowerLoops lowers a pointwise or reduction kernel.
func (g *gen) lowerLoops(outs []ir.Value, bufOf map[ir.Value]ir.Value) error {
	body := outs[0].ParentBlock()
	var reds []*ir.Operation
	if body != nil {
		for op := range body.Ops() {
			if classify(op) == clsReduce {
				reds = append(reds, op)
			}
		}
	}
	if len(reds) > 0 {
		ok, err := g.reductionKernel(reds, outs, bufOf)
		if ok || err != nil {
			return err
		}
	}
	// Pointwise: loops over the (common) shape of the outputs.
	for _, v := range outs[1:] {
		if !slices.Equal(shapeOf(v), shapeOf(outs[0])) {
			return fmt.Errorf("the kernel's outputs have different shapes (%s and %s); fuse did not form it", outs[0].Type(), v.Type())
		}
	}
	sizes, err := sizesOf(outs[0], g.size)
	if err != nil {
		return err
	}
	_, err = g.loopNest(g.root, sizes, nil, func(w []Expr, _ []ir.Value) ([]ir.Value, error) {
		g.markFirst()
		for _, v := range outs {
			s, err := g.scalar(v, w)
			if err != nil {
				return nil, err
			}
			if err := g.store(s, bufOf[v], w); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	return err
}

// reductionKernel lowers a kernel whose reductions share one domain: loops
// over the kept dimensions, and inside them one loop over the reduced
// dimensions per stage (see the package documentation). It reports false
// when the kernel does not have that form (then it is lowered as a
// pointwise kernel with inner reductions).
func (g *gen) reductionKernel(reds []*ir.Operation, outs []ir.Value, bufOf map[ir.Value]ir.Value) (bool, error) {
	dom := reds[0].Operand(0)
	reduced, ok := reducedDims(reds[0])
	if !ok {
		return false, fmt.Errorf("bad reduction attributes")
	}
	for _, r := range reds[1:] {
		rd, ok := reducedDims(r)
		if !ok || !slices.Equal(rd, reduced) || !slices.Equal(shapeOf(r.Operand(0)), shapeOf(dom)) {
			return false, nil
		}
	}
	red := map[int]bool{}
	for _, d := range reduced {
		red[d] = true
	}
	var kept []int
	for d := range shapeOf(dom) {
		if !red[d] {
			kept = append(kept, d)
		}
	}
	// Output roles.
	type output struct {
		v    ir.Value
		full bool
		keep bool
	}
	var os []output
	var fulls []ir.Value
	for _, v := range outs {
		r := roleOfShape(shapeOf(v), shapeOf(dom), red, kept)
		if r == roleNone {
			return false, nil
		}
		if r == roleFull && len(reds) > 0 && isRowShape(shapeOf(v), shapeOf(dom), red) {
			// A row-shaped output of a domain whose reduced sizes are 1:
			// a row output when it depends on a reduction.
			if len(newStaging(g, reds, red, nil).deps(v)) > 0 {
				r = roleRowKeep
			}
		}
		os = append(os, output{v: v, full: r == roleFull, keep: r == roleRowKeep})
		if r == roleFull {
			fulls = append(fulls, v)
		}
	}
	sched := newStaging(g, reds, red, fulls)
	infos, err := sched.plan()
	if err != nil {
		return false, err
	}
	// Outputs stored through their rescale source: the pass before
	// theirs stores the source, their own pass reads it back.
	rescale := map[ir.Value]ir.Value{}
	claimed := map[ir.Value]bool{}
	for _, o := range os {
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
	for _, o := range os {
		if o.full {
			last = max(last, sched.level(o.v))
		}
	}
	var keptSizes []Expr
	for _, d := range kept {
		s, err := g.size(dom, d)
		if err != nil {
			return false, err
		}
		keptSizes = append(keptSizes, s)
	}
	rank := len(shapeOf(dom))
	_, err = g.loopNest(g.root, keptSizes, nil, func(w []Expr, _ []ir.Value) ([]ir.Value, error) {
		g.markFirst()
		row := g.cur
		keptIdx := map[int]Expr{}
		rowFull := make([]Expr, rank)
		var rowKeep, rowDrop []Expr
		for d := 0; d < rank; d++ {
			rowFull[d] = cnst(0)
		}
		for j, d := range kept {
			keptIdx[d] = w[j]
			rowFull[d] = w[j]
			rowDrop = append(rowDrop, w[j])
		}
		rowKeep = slices.Clone(rowFull)
		for stage := 0; stage <= last; stage++ {
			accs := map[string]*accum{}
			var order []*accum
			var here []*redInfo
			for _, r := range infos {
				if r.stage == stage {
					if err := g.planAccums(r, accs, &order); err != nil {
						return nil, err
					}
					here = append(here, r)
				}
			}
			var stores, early []output
			for _, o := range os {
				if o.full && sched.level(o.v) == stage {
					stores = append(stores, o)
				}
				if o.full && rescale[o.v] != nil && sched.level(o.v) == stage+1 {
					early = append(early, o)
				}
			}
			if len(order) == 0 && len(stores) == 0 && len(early) == 0 {
				continue
			}
			extra := func(full []Expr) error {
				for _, o := range stores {
					var s ir.Value
					var err error
					if rescale[o.v] != nil {
						s, err = g.rescaled(sched, o.v, full)
					} else {
						s, err = g.scalar(o.v, full)
					}
					if err != nil {
						return err
					}
					if err := g.store(s, bufOf[o.v], full); err != nil {
						return err
					}
				}
				for _, o := range early {
					s, err := g.scalar(rescale[o.v], full)
					if err != nil {
						return err
					}
					if err := g.store(s, bufOf[o.v], full); err != nil {
						return err
					}
				}
				return nil
			}
			// This pass reads the rescale sources stored by the previous
			// one from the outputs' buffers (every element is read before
			// the output's value overwrites it, at the same index).
			var reread []ir.Value
			for _, o := range stores {
				if e := rescale[o.v]; e != nil {
					g.env[e] = bufOf[o.v]
					reread = append(reread, e)
				}
			}
			err := g.reductionLoop(row, dom, reduced, keptIdx, order, extra)
			for _, e := range reread {
				delete(g.env, e)
			}
			if err != nil {
				return nil, err
			}
			g.cur = row
			for _, r := range here {
				v, w, err := g.finalize(r, rowFull)
				if err != nil {
					return nil, err
				}
				idx := rowDrop
				if tensor.KeepDim(r.op) {
					idx = rowKeep
				}
				key := fmt.Sprint(g.id(r.op.Result(0))) + indexKey(idx)
				row.memo["v"+key] = v
				if w != nil {
					row.memo["w"+key] = w
				}
			}
		}
		for _, o := range os {
			if o.full {
				continue
			}
			idx := rowDrop
			if o.keep {
				idx = rowKeep
			}
			s, err := g.scalar(o.v, idx)
			if err != nil {
				return nil, err
			}
			if err := g.store(s, bufOf[o.v], idx); err != nil {
				return nil, err
			}
		}
		return nil, nil
	})
	return true, err
}

// rescaled computes element full of an output stored through its rescale
// source. A float division by a row value, o = a / c (softmax's E / Σ E),
// becomes a multiplication by the reciprocal of c, computed once per row
// (from c's f64 value when it is an f32 row statistic: 1/Σ rounded once),
// as ATen's softmax kernel does; the result is within 1 ulp of the
// quotient, and special values behave alike (c is NaN when the row holds
// NaN or +Inf, or is all -Inf).
func (g *gen) rescaled(s *staging, o ir.Value, full []Expr) (ir.Value, error) {
	op := ir.DefiningOp(o)
	if op == nil || op.Name() != tensor.DivName || !ir.IsFloat(elemOf(o)) || !s.rowConstant(op.Operand(1)) {
		return g.scalar(o, full)
	}
	t := elemOf(o)
	num, err := g.scalar(op.Operand(0), full)
	if err != nil {
		return nil, err
	}
	c, wide, err := g.wide(op.Operand(1), full)
	if err != nil {
		return nil, err
	}
	if !wide {
		if c, err = g.scalar(op.Operand(1), full); err != nil {
			return nil, err
		}
	}
	one, err := g.scalarConst(c.Type(), 1)
	if err != nil {
		return nil, err
	}
	r, err := g.arithOp(arith.DivFName, false, one, c)
	if err != nil {
		return nil, err
	}
	if r, err = g.convert(r, t); err != nil {
		return nil, err
	}
	return g.arithOp(arith.MulFName, false, num, r)
}

// roleOfShape classifies an output shape against a reduction domain.
func roleOfShape(s, dom []int64, red map[int]bool, kept []int) role {
	if slices.Equal(s, dom) {
		return roleFull
	}
	if isRowShape(s, dom, red) {
		return roleRowKeep
	}
	if len(s) == len(kept) {
		for j, d := range kept {
			if s[j] != dom[d] {
				return roleNone
			}
		}
		return roleRowDrop
	}
	return roleNone
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
