package tensortoloops

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/loops/analysis"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// Bufferization: function signatures and the values that cross kernels
// become buffers (memrefs of the same shape and element type), computing
// tensor ops left outside kernels become kernels of their own, constants
// used outside kernels are materialized.

// MaxDenseElements bounds the size of a tensor.constant with distinct
// elements that tensor-to-loops materializes with one store per element.
const MaxDenseElements = opclass.MaxDenseElements

// Options configure TensorToLoops.
type Options struct {
	// AccumulateF32InF64 makes f32 sums and means accumulate in f64 (the
	// default, as the interpreter does); otherwise they accumulate in f32.
	AccumulateF32InF64 bool
	// Extern lowers matmul (rank 2 and 3, f32/f64) and conv2d (f32/f64) to
	// loops.call_extern of tt.matmul and tt.conv2d (the default); otherwise
	// they become loop nests.
	Extern bool
}

// DefaultOptions returns the default options.
func DefaultOptions() Options {
	return Options{AccumulateF32InF64: true, Extern: true}
}

// Stats counts what TensorToLoops did.
type Stats struct {
	Kernels     int // kernels lowered (including single ops outside kernels)
	ExternCalls int // loops.call_extern ops emitted
	Allocs      int // loops.alloc ops emitted
	// MaxInputPasses is the largest number of passes over one function
	// argument (see analysis.CountInputPasses).
	MaxInputPasses int
}

// lowerer lowers the functions of a module.
type lowerer struct {
	ctx     *ir.Context
	opts    Options
	stats   *Stats
	counter int
	// dims holds the loops.dim ops emitted in a function's blocks, reused
	// by the code lowered after them in the same block.
	dims map[dimKey]ir.Value
}

// TensorToLoops bufferizes every func.func nested in module and lowers its
// loops.kernel ops (and any computing tensor op left outside a kernel,
// which becomes a kernel of its own) to loop nests over buffers, following
// the loop-level contract of docs/design/lowering.md. It verifies what it
// built.
func TensorToLoops(module *ir.Operation, opts Options) (Stats, error) {
	var stats Stats
	lw := &lowerer{ctx: module.Context(), opts: opts, stats: &stats}
	var funcs []*ir.Operation
	module.Walk(func(op *ir.Operation) {
		if op.Name() == function.FuncName {
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
			stats.MaxInputPasses = max(stats.MaxInputPasses, analysis.CountInputPasses(fn, fn.Region(0).Front().Arg(i)))
		}
	}
	return stats, ir.Verify(module)
}

// memrefType converts a tensor type to the buffer type of the same shape
// and element type.
func (lw *lowerer) memrefType(t ir.Type) (ir.Type, error) {
	switch tt := t.(type) {
	case *ir.RankedTensorType:
		if tt.Encoding != nil {
			return nil, fmt.Errorf("tensors with an encoding are not supported")
		}
		if _, err := loopElemType(tt.Elem); err != nil {
			return nil, err
		}
		return lw.ctx.MemRef(tt.Shape(), tt.Elem), nil
	case *ir.UnrankedTensorType:
		return nil, fmt.Errorf("unranked tensors are not supported by tensor-to-loops")
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
		lw.wrapLooseOps(blk)
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
func (lw *lowerer) wrapLooseOps(blk *ir.Block) {
	b := ir.NewBuilder(lw.ctx)
	var ops []*ir.Operation
	for op := range blk.Ops() {
		ops = append(ops, op)
	}
	for _, op := range ops {
		kind := ""
		switch opclass.Classify(op) {
		case opclass.View, opclass.Const, opclass.Pointwise:
			kind = "pointwise"
		case opclass.Reduce:
			kind = "reduction"
		case opclass.Extern:
			kind = "matmul"
			if op.Name() == tensor.Conv2DName {
				kind = "conv"
			}
		case opclass.Opaque:
			kind = "opaque"
		default:
			continue
		}
		st := &ir.OperationState{Name: loops.KernelName, Loc: op.Loc(), Operands: op.Operands(), ResultTypes: op.ResultTypes(),
			Attrs: []ir.NamedAttr{{Name: "name", Value: ir.String(fmt.Sprintf("%s_%d", opclass.ShortName(op), lw.counter))}, {Name: "kind", Value: ir.String(kind)}}}
		lw.counter++
		region := st.AddRegion()
		b.SetInsertionPointBefore(op)
		k := b.Build(st)
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
		b.Loc = op.Loc()
		loops.Yield(b, c.Results()...)
		op.ReplaceAllUsesWith(k.Results())
		op.Erase()
	}
}

// lowerTopLevel lowers one op of a function body.
func (lw *lowerer) lowerTopLevel(op *ir.Operation) error {
	switch op.Name() {
	case loops.KernelName:
		return lw.lowerKernel(op)
	case tensor.ConstantName:
		return lw.lowerConstant(op)
	case arith.ConstantName:
		if ir.IsTensor(op.Result(0).Type()) {
			return lw.lowerConstant(op)
		}
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
	}
	return nil
}

// lowerDim replaces tensor.dim of a buffer by loops.dim (or a constant).
func (lw *lowerer) lowerDim(op *ir.Operation) error {
	d, ok := op.IntAttr("dim")
	shape := opclass.Shape(op.Operand(0))
	if !ok || d < 0 || int(d) >= len(shape) {
		return ir.OpError(op, "tensor-to-loops: bad tensor.dim")
	}
	g := newGen(lw, op.Block(), op, op.Loc())
	v := g.bufSize(op.Operand(0), int(d))
	if g.err != nil {
		return ir.OpError(op, "tensor-to-loops: %v", g.err)
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
	if opclass.Classify(op) == opclass.Dense {
		buf, err = lw.denseBuffer(g, op)
	} else {
		buf, err = lw.fillBuffer(g, op.Result(0))
	}
	if err == nil {
		err = g.err
	}
	if err != nil {
		return ir.OpError(op, "tensor-to-loops: %v", err)
	}
	op.Result(0).ReplaceAllUsesWith(buf)
	op.Erase()
	return nil
}

// alloc allocates a buffer for a kernel value (dynamic sizes from g),
// marked as one the code writes completely before reading it.
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
			sizes = append(sizes, g.sizeValue(v, d))
		}
	}
	op := g.build(g.root, func(b *ir.Builder) *ir.Operation { return ir.DefiningOp(loops.Alloc(b, mt, sizes...)) })
	op.SetAttr(loops.OverwrittenAttrName, ir.UnitAttr{})
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
	shape := opclass.Shape(op.Result(0))
	for i := 0; i < d.Len(); i++ {
		var a ir.Attribute
		if d.IsFloat() {
			a = ir.Float(t, d.FloatAt(i))
		} else if ir.IntWidth(t) == 1 {
			a = ir.Int(t, map[bool]int64{true: 1, false: 0}[d.IntAt(i) != 0])
		} else {
			a = ir.Int(t, d.IntAt(i))
		}
		c := g.constant(a)
		idx := make([]affine.Expr, len(shape))
		rem := int64(i)
		for k := len(shape) - 1; k >= 0; k-- {
			idx[k] = affine.Const(rem % shape[k])
			rem /= shape[k]
		}
		g.store(c, buf, idx)
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
	g.storeAll(v, buf)
	return buf, nil
}

// storeAll stores every element of kernel value v into buf with a loop nest
// over v's shape.
func (g *gen) storeAll(v, buf ir.Value) {
	g.loopNest(g.root, g.sizesOf(v), nil, nil, func(w []affine.Expr, _ []ir.Value) []ir.Value {
		g.markFirst()
		g.store(g.scalar(v, w), buf, w)
		return nil
	})
}
