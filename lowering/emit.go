package lowering

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// The loop code generator. A kernel's tensor ops are never turned into
// buffers: scalar(v, idx) emits the code computing element idx of tensor v
// (PT2's inner_fn), recursively through v's producers, at the outermost
// loop where everything it depends on is defined (loop-invariant code is
// hoisted by construction), and memoizes it per loop, so that a value used
// twice at one index is computed once.

// frame is one level of the loop nest being generated: a block and the
// position new ops go to.
type frame struct {
	parent *frame
	depth  int
	block  *ir.Block
	ip     *ir.Operation // insert before; nil: at the end of the block
	memo   map[string]ir.Value
	// guard marks the region of a loops.if whose loads must not be
	// hoisted out of it.
	guard bool
}

// gen generates the loops of one kernel (or of a function-level value
// materialization).
type gen struct {
	lw    *lowerer
	b     *ir.Builder
	loc   ir.Location
	ix    *indexer
	env   map[ir.Value]ir.Value // kernel block arguments -> function-level values
	root  *frame
	cur   *frame
	floor *frame // loads and trapping ops go no higher than this
	first *frame // the outermost loop of the kernel's own nest
	at    map[ir.Value]*frame
	ids   map[ir.Value]int
	sizes map[dimKey]ir.Value
	dense map[ir.Value]ir.Value
}

func newGen(lw *lowerer, root *ir.Block, before *ir.Operation, loc ir.Location) *gen {
	f := &frame{block: root, ip: before, memo: map[string]ir.Value{}}
	return &gen{lw: lw, b: ir.NewBuilder(lw.ctx), loc: loc, ix: newIndexer(), env: map[ir.Value]ir.Value{},
		root: f, cur: f, floor: f, at: map[ir.Value]*frame{}, ids: map[ir.Value]int{}, sizes: map[dimKey]ir.Value{},
		dense: map[ir.Value]ir.Value{}}
}

func (g *gen) ctx() *ir.Context { return g.lw.ctx }

// frameOf returns the frame a value is defined in (the root for values
// defined outside the kernel's loops).
func (g *gen) frameOf(v ir.Value) *frame {
	if f, ok := g.at[v]; ok {
		return f
	}
	return g.root
}

// deeper returns the deeper of two frames on one ancestor chain.
func deeper(a, b *frame) *frame {
	if a == nil {
		return b
	}
	if b == nil || a.depth >= b.depth {
		return a
	}
	return b
}

// deepest returns the deepest frame among the values' frames and min.
func (g *gen) deepest(min *frame, vs ...ir.Value) *frame {
	f := min
	if f == nil {
		f = g.root
	}
	for _, v := range vs {
		f = deeper(f, g.frameOf(v))
	}
	return f
}

// setIP points the builder at frame f's insertion position.
func (g *gen) setIP(f *frame) {
	if f.ip == nil {
		g.b.SetInsertionPointToEnd(f.block)
	} else {
		g.b.SetInsertionPointBefore(f.ip)
	}
}

// record notes that op's results live in frame f.
func (g *gen) record(f *frame, op *ir.Operation) *ir.Operation {
	for _, r := range op.Results() {
		g.at[r] = f
	}
	return op
}

// create builds an op in frame f.
func (g *gen) create(f *frame, st *ir.OperationState) (*ir.Operation, error) {
	g.setIP(f)
	if st.Loc == nil {
		st.Loc = g.loc
	}
	op, err := g.b.Create(st)
	if err != nil {
		return nil, err
	}
	return g.record(f, op), nil
}

// arithOp builds an arith or math op (result type inferred) at the deepest
// frame of its operands (no higher than floor when trapping).
func (g *gen) arithOp(name string, trapping bool, xs ...ir.Value) (ir.Value, error) {
	var min *frame
	if trapping {
		min = deeper(g.floor, g.first)
	}
	f := g.deepest(min, xs...)
	key := name + g.keyOf(xs...)
	if v := g.lookupIn(f, key); v != nil {
		return v, nil
	}
	g.setIP(f)
	op, err := arith.Build(g.b, name, g.loc, xs...)
	if err != nil {
		return nil, err
	}
	g.record(f, op)
	f.memo[key] = op.Result(0)
	return op.Result(0), nil
}

// cmp builds arith.cmpf or arith.cmpi.
func (g *gen) cmp(float bool, pred string, x, y ir.Value) (ir.Value, error) {
	f := g.deepest(nil, x, y)
	key := "cmp" + pred + g.keyOf(x, y)
	if v := g.lookupIn(f, key); v != nil {
		return v, nil
	}
	g.setIP(f)
	var op *ir.Operation
	var err error
	if float {
		op, err = arith.BuildCmpF(g.b, g.loc, pred, x, y)
	} else {
		op, err = arith.BuildCmpI(g.b, g.loc, pred, x, y)
	}
	if err != nil {
		return nil, err
	}
	g.record(f, op)
	f.memo[key] = op.Result(0)
	return op.Result(0), nil
}

// cast builds a conversion op (extf, sitofp, ...) to type t.
func (g *gen) cast(name string, x ir.Value, t ir.Type) (ir.Value, error) {
	f := g.deepest(nil, x)
	key := name + t.String() + g.keyOf(x)
	if v := g.lookupIn(f, key); v != nil {
		return v, nil
	}
	g.setIP(f)
	op, err := arith.BuildCast(g.b, name, g.loc, x, t)
	if err != nil {
		return nil, err
	}
	g.record(f, op)
	f.memo[key] = op.Result(0)
	return op.Result(0), nil
}

// lookupIn finds a memoized value visible from frame f.
func (g *gen) lookupIn(f *frame, key string) ir.Value {
	for ; f != nil; f = f.parent {
		if v, ok := f.memo[key]; ok {
			return v
		}
	}
	return nil
}

// lookup finds a memoized value visible from the current frame.
func (g *gen) lookup(key string) ir.Value { return g.lookupIn(g.cur, key) }

// keyOf spells values for memo keys.
func (g *gen) keyOf(vs ...ir.Value) string {
	out := "("
	for _, v := range vs {
		out += strconv.Itoa(g.id(v)) + ","
	}
	return out + ")"
}

func (g *gen) id(v ir.Value) int {
	if i, ok := g.ids[v]; ok {
		return i
	}
	g.ids[v] = len(g.ids) + 1
	return g.ids[v]
}

// constant returns an arith.constant in the root frame.
func (g *gen) constant(a ir.Attribute) (ir.Value, error) {
	key := "const " + a.String()
	if ta, ok := a.(ir.TypedAttr); ok {
		key += " : " + ta.AttrType().String()
	}
	if v, ok := g.root.memo[key]; ok {
		return v, nil
	}
	g.setIP(g.root)
	op, err := arith.BuildConstant(g.b, g.loc, a)
	if err != nil {
		return nil, err
	}
	g.record(g.root, op)
	g.root.memo[key] = op.Result(0)
	return op.Result(0), nil
}

func (g *gen) indexConst(c int64) (ir.Value, error) { return g.constant(ir.Int(g.ctx().Index(), c)) }

// scalarConst returns the constant v of element type t.
func (g *gen) scalarConst(t ir.Type, v float64) (ir.Value, error) {
	switch {
	case ir.IsFloat(t):
		return g.constant(ir.Float(t, v))
	case ir.IntWidth(t) == 1:
		b := int64(0)
		if v != 0 {
			b = 1
		}
		return g.constant(ir.Int(t, b))
	}
	return g.constant(ir.Int(t, int64(v)))
}

// intConst returns the integer constant v of type t.
func (g *gen) intConst(t ir.Type, v int64) (ir.Value, error) { return g.constant(ir.Int(t, v)) }

// ---- loops ----

// openFor creates a loops.for in frame parent and returns its body frame,
// induction variable and carried values. The parent's insertion point
// moves before the loop until closeFor.
func (g *gen) openFor(parent *frame, ub ir.Value, inits []ir.Value) (*ir.Operation, *frame, ir.Value, []ir.Value, *ir.Operation, error) {
	lb, err := g.indexConst(0)
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	one, err := g.indexConst(1)
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	st := &ir.OperationState{Name: loops.ForName, Operands: append([]ir.Value{lb, ub, one}, inits...)}
	types := []ir.Type{g.ctx().Index()}
	for _, x := range inits {
		st.ResultTypes = append(st.ResultTypes, x.Type())
		types = append(types, x.Type())
	}
	if st.ResultTypes == nil {
		st.ResultTypes = []ir.Type{}
	}
	region := st.AddRegion()
	op, err := g.create(parent, st)
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	locs := make([]ir.Location, len(types))
	for i := range locs {
		locs[i] = g.loc
	}
	blk := ir.NewBlock(types, locs)
	region.PushBack(blk)
	body := &frame{parent: parent, depth: parent.depth + 1, block: blk, memo: map[string]ir.Value{}}
	for _, a := range blk.Args() {
		g.at[a] = body
	}
	saved := parent.ip
	parent.ip = op
	return op, body, blk.Arg(0), blk.ArgValues()[1:], saved, nil
}

// closeFor ends a loop body with loops.yield of the carried values and
// restores the parent's insertion point.
func (g *gen) closeFor(op *ir.Operation, body *frame, saved *ir.Operation, yields []ir.Value) error {
	if _, err := g.create(body, &ir.OperationState{Name: loops.YieldName, Operands: yields}); err != nil {
		return err
	}
	body.parent.ip = saved
	return nil
}

// ifThenElse emits loops.if cond -> (t) { then() } else { els() } in frame
// at, with guarded branch frames, and returns the result.
func (g *gen) ifThenElse(at *frame, cond ir.Value, t ir.Type, then, els func() (ir.Value, error)) (ir.Value, error) {
	st := &ir.OperationState{Name: loops.IfName, Operands: []ir.Value{cond}, ResultTypes: []ir.Type{t}}
	r1, r2 := st.AddRegion(), st.AddRegion()
	op, err := g.create(at, st)
	if err != nil {
		return nil, err
	}
	saved := at.ip
	at.ip = op
	defer func() { at.ip = saved }()
	for i, fn := range []func() (ir.Value, error){then, els} {
		blk := ir.NewBlock(nil, nil)
		[]*ir.Region{r1, r2}[i].PushBack(blk)
		fr := &frame{parent: at, depth: at.depth + 1, block: blk, memo: map[string]ir.Value{}, guard: true}
		oldCur, oldFloor := g.cur, g.floor
		g.cur, g.floor = fr, fr
		v, err := fn()
		g.cur, g.floor = oldCur, oldFloor
		if err != nil {
			return nil, err
		}
		if _, err := g.create(fr, &ir.OperationState{Name: loops.YieldName, Operands: []ir.Value{v}}); err != nil {
			return nil, err
		}
	}
	return op.Result(0), nil
}

// ---- indices ----

// newLoopVar returns the index expression of a loop variable over
// [0, extent).
func (g *gen) newLoopVar(iv ir.Value, extent Expr) Expr {
	return g.ix.newVar("i", extent, iv)
}

// index materializes an index expression.
func (g *gen) index(e Expr) (ir.Value, error) {
	if c, ok := e.isConst(); ok {
		return g.indexConst(c)
	}
	key := "idx " + e.key()
	if v := g.lookup(key); v != nil {
		return v, nil
	}
	var acc ir.Value
	for _, t := range e.terms {
		v, err := g.atomValue(t.a)
		if err != nil {
			return nil, err
		}
		switch t.k {
		case 1:
		case -1:
			z, err := g.indexConst(0)
			if err != nil {
				return nil, err
			}
			if acc != nil {
				if acc, err = g.arithOp(arith.SubIName, false, acc, v); err != nil {
					return nil, err
				}
				continue
			}
			if v, err = g.arithOp(arith.SubIName, false, z, v); err != nil {
				return nil, err
			}
		default:
			k, err := g.indexConst(t.k)
			if err != nil {
				return nil, err
			}
			if v, err = g.arithOp(arith.MulIName, false, v, k); err != nil {
				return nil, err
			}
		}
		if acc == nil {
			acc = v
		} else {
			var err error
			if acc, err = g.arithOp(arith.AddIName, false, acc, v); err != nil {
				return nil, err
			}
		}
	}
	if e.c != 0 {
		c, err := g.indexConst(e.c)
		if err != nil {
			return nil, err
		}
		if acc, err = g.arithOp(arith.AddIName, false, acc, c); err != nil {
			return nil, err
		}
	}
	g.frameOf(acc).memo[key] = acc
	return acc, nil
}

// atomValue materializes an atom.
func (g *gen) atomValue(a *atom) (ir.Value, error) {
	switch a.kind {
	case atomVar, atomVal:
		if a.val == nil {
			return nil, fmt.Errorf("internal error: index symbol %s has no value", a.key)
		}
		return a.val, nil
	}
	x, err := g.index(a.a)
	if err != nil {
		return nil, err
	}
	y, err := g.index(a.b)
	if err != nil {
		return nil, err
	}
	switch a.kind {
	case atomDiv:
		return g.arithOp(arith.DivSIName, !isConstExpr(a.b), x, y)
	case atomMod:
		return g.arithOp(arith.RemSIName, !isConstExpr(a.b), x, y)
	}
	return g.arithOp(arith.MulIName, false, x, y)
}

func isConstExpr(e Expr) bool { _, ok := e.isConst(); return ok }

// indices materializes a multi-index.
func (g *gen) indices(idx []Expr) ([]ir.Value, error) {
	out := make([]ir.Value, len(idx))
	for i, e := range idx {
		v, err := g.index(e)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// load emits loops.load buf[idx] (memoized per loop).
func (g *gen) load(buf ir.Value, idx []Expr) (ir.Value, error) {
	vs, err := g.indices(idx)
	if err != nil {
		return nil, err
	}
	f := g.deepest(deeper(g.floor, g.first), append([]ir.Value{buf}, vs...)...)
	key := "load" + g.keyOf(buf) + indexKey(idx)
	if v := g.lookupIn(f, key); v != nil {
		return v, nil
	}
	mt, ok := buf.Type().(*ir.MemRefType)
	if !ok {
		return nil, fmt.Errorf("internal error: loading from a non-buffer %s", buf.Type())
	}
	op, err := g.create(f, &ir.OperationState{Name: loops.LoadName, Operands: append([]ir.Value{buf}, vs...), ResultTypes: []ir.Type{mt.Elem}})
	if err != nil {
		return nil, err
	}
	f.memo[key] = op.Result(0)
	return op.Result(0), nil
}

// store emits loops.store v, buf[idx] at the deepest frame of its operands.
func (g *gen) store(v, buf ir.Value, idx []Expr) error {
	vs, err := g.indices(idx)
	if err != nil {
		return err
	}
	f := g.deepest(g.floor, append([]ir.Value{v, buf}, vs...)...)
	_, err = g.create(f, &ir.OperationState{Name: loops.StoreName, Operands: append([]ir.Value{v, buf}, vs...)})
	return err
}

// ---- sizes ----

// bufSize returns the size of dimension d of a function-level buffer.
func (g *gen) bufSize(buf ir.Value, d int) (ir.Value, error) {
	shape := shapeOf(buf)
	if d >= len(shape) {
		return nil, fmt.Errorf("internal error: dimension %d of %s", d, buf.Type())
	}
	if shape[d] != ir.Dynamic {
		return g.indexConst(shape[d])
	}
	key := dimKey{buf, d}
	if v, ok := g.sizes[key]; ok {
		return v, nil
	}
	if v, ok := g.lw.dims[key]; ok && v.ParentBlock() == g.root.block {
		g.sizes[key] = v
		return v, nil
	}
	op, err := g.create(g.root, &ir.OperationState{Name: loops.DimName, Operands: []ir.Value{buf},
		Attrs: []ir.NamedAttr{{Name: "dim", Value: ir.Int(g.ctx().I64(), int64(d))}}, ResultTypes: []ir.Type{g.ctx().Index()}})
	if err != nil {
		return nil, err
	}
	g.sizes[key] = op.Result(0)
	if g.lw.dims != nil {
		g.lw.dims[key] = op.Result(0)
	}
	return op.Result(0), nil
}

// sizeValue returns the size of dimension d of a kernel value, computed in
// the root frame from the kernel's inputs.
func (g *gen) sizeValue(v ir.Value, d int) (ir.Value, error) {
	shape := shapeOf(v)
	if d < 0 || d >= len(shape) {
		return nil, fmt.Errorf("internal error: dimension %d of %s", d, v.Type())
	}
	if shape[d] != ir.Dynamic {
		return g.indexConst(shape[d])
	}
	key := dimKey{v, d}
	if s, ok := g.sizes[key]; ok {
		return s, nil
	}
	s, err := g.deriveSize(v, d)
	if err != nil {
		return nil, err
	}
	g.sizes[key] = s
	return s, nil
}

func (g *gen) deriveSize(v ir.Value, d int) (ir.Value, error) {
	if x, ok := g.env[v]; ok {
		if _, isBuf := x.Type().(*ir.MemRefType); isBuf {
			return g.bufSize(x, d)
		}
	}
	if _, ok := v.Type().(*ir.MemRefType); ok {
		return g.bufSize(v, d)
	}
	op := ir.DefiningOp(v)
	if op == nil {
		return nil, fmt.Errorf("cannot find the size of dimension %d of %s", d, v.Type())
	}
	name := op.Name()
	switch {
	case isElementwise(name):
		return g.sizeValue(op.Operand(0), d)
	case isReduceName(name):
		dims, ok := reducedDims(op)
		if !ok {
			return nil, fmt.Errorf("bad reduction attributes")
		}
		red := map[int]bool{}
		for _, x := range dims {
			red[x] = true
		}
		keep := tensor.KeepDim(op)
		j := 0
		for k := 0; k < len(shapeOf(op.Operand(0))); k++ {
			if red[k] && !keep {
				continue
			}
			if j == d {
				return g.sizeValue(op.Operand(0), k)
			}
			j++
		}
	}
	switch name {
	case tensor.TransposeName:
		perm, _ := tensor.Ints(op, "perm")
		if d < len(perm) {
			p := int(perm[d])
			if p < 0 {
				p += len(perm)
			}
			return g.sizeValue(op.Operand(0), p)
		}
	case tensor.BroadcastName, tensor.FullName, tensor.IotaName, tensor.ReshapeName:
		first := 0
		if name == tensor.BroadcastName || name == tensor.ReshapeName {
			first = 1
		}
		if s := sizeOperandFor(op, d, first); s != nil {
			return g.indexValue(s)
		}
		if name == tensor.BroadcastName {
			dims, _ := tensor.Ints(op, "dims")
			for i, dd := range dims {
				if int(dd) == d {
					return g.sizeValue(op.Operand(0), i)
				}
			}
		}
		if name == tensor.ReshapeName {
			// The one inferred dimension: numel(operand) / product of the others.
			n, err := g.numel(op.Operand(0))
			if err != nil {
				return nil, err
			}
			rest := ir.Value(nil)
			for k := range shapeOf(v) {
				if k == d {
					continue
				}
				s, err := g.sizeValue(v, k)
				if err != nil {
					return nil, err
				}
				if rest == nil {
					rest = s
				} else if rest, err = g.arithOp(arith.MulIName, false, rest, s); err != nil {
					return nil, err
				}
			}
			if rest == nil {
				return n, nil
			}
			return g.arithOp(arith.DivSIName, false, n, rest)
		}
	case tensor.ConcatName:
		cd, ok := tensor.NormalizedDim(op)
		if !ok {
			break
		}
		if d != cd {
			return g.sizeValue(op.Operand(0), d)
		}
		var acc ir.Value
		for _, x := range op.Operands() {
			s, err := g.sizeValue(x, d)
			if err != nil {
				return nil, err
			}
			if acc == nil {
				acc = s
			} else if acc, err = g.arithOp(arith.AddIName, false, acc, s); err != nil {
				return nil, err
			}
		}
		return acc, nil
	case tensor.PadName:
		low, high, err := padAmounts(op)
		if err != nil {
			return nil, err
		}
		s, err := g.sizeValue(op.Operand(0), d)
		if err != nil {
			return nil, err
		}
		c, err := g.indexConst(low[d] + high[d])
		if err != nil {
			return nil, err
		}
		return g.arithOp(arith.AddIName, false, s, c)
	case tensor.GatherName:
		gd, ok := tensor.NormalizedDim(op)
		if ok && d == gd && len(shapeOf(op.Operand(1))) == 1 {
			return g.sizeValue(op.Operand(1), 0)
		}
		if ok && len(shapeOf(op.Operand(0))) > 0 {
			return g.sizeValue(op.Operand(0), d)
		}
		return g.sizeValue(op.Operand(1), 0)
	case tensor.ScatterAddName:
		return g.sizeValue(op.Operand(0), d)
	case tensor.MatMulName:
		a, b := op.Operand(0), op.Operand(1)
		r := len(shapeOf(a))
		if d == r-1 {
			return g.sizeValue(b, r-1)
		}
		return g.sizeValue(a, d)
	case tensor.Conv2DName, tensor.MaxPool2DName:
		return g.windowSize(op, d)
	}
	return nil, fmt.Errorf("cannot compute the size of dimension %d of the result of '%s'", d, name)
}

// indexValue returns the function-level value of an index value a kernel
// uses (a size operand). Sizes read from buffers become the generator's own
// loops.dim, so that equal sizes are equal values.
func (g *gen) indexValue(v ir.Value) (ir.Value, error) {
	if x, ok := g.env[v]; ok {
		v = x
	} else if op := ir.DefiningOp(v); op != nil && op.Name() == tensor.DimName && op.NumOperands() == 1 {
		d, _ := op.IntAttr("dim")
		return g.sizeValue(op.Operand(0), int(d))
	} else if _, local := g.at[v]; !local && op != nil && op.ParentOp() != nil && op.ParentOp().Name() == loops.KernelName {
		return nil, fmt.Errorf("'%s' computing a size inside a kernel is not supported", op.Name())
	}
	if op := ir.DefiningOp(v); op != nil && op.Name() == loops.DimName && op.NumOperands() == 1 {
		if _, isBuf := op.Operand(0).Type().(*ir.MemRefType); isBuf {
			d, _ := op.IntAttr("dim")
			return g.bufSize(op.Operand(0), int(d))
		}
	}
	return v, nil
}

// numel returns the element count of a kernel value.
func (g *gen) numel(v ir.Value) (ir.Value, error) {
	acc, err := g.indexConst(1)
	if err != nil {
		return nil, err
	}
	for d := range shapeOf(v) {
		s, err := g.sizeValue(v, d)
		if err != nil {
			return nil, err
		}
		if acc, err = g.arithOp(arith.MulIName, false, acc, s); err != nil {
			return nil, err
		}
	}
	return acc, nil
}

// windowSize computes a dynamic output dimension of conv2d or max_pool2d.
func (g *gen) windowSize(op *ir.Operation, d int) (ir.Value, error) {
	x := op.Operand(0)
	r := len(shapeOf(x))
	if d < r-2 {
		if op.Name() == tensor.Conv2DName && d == 1 {
			return g.sizeValue(op.Operand(1), 0)
		}
		return g.sizeValue(x, d)
	}
	var k, s, p, dl [2]int64
	if op.Name() == tensor.Conv2DName {
		cp, ok := tensor.Conv2DOptions(op)
		if !ok {
			return nil, fmt.Errorf("bad conv2d attributes")
		}
		s, p, dl = cp.Stride, cp.Padding, cp.Dilation
		ks := shapeOf(op.Operand(1))
		if ks[2+d-(r-2)] == ir.Dynamic {
			return nil, fmt.Errorf("dynamic conv2d kernel sizes are not supported")
		}
		k = [2]int64{ks[2], ks[3]}
	} else {
		var err error
		if k, s, p, dl, err = maxPoolWindow(op); err != nil {
			return nil, err
		}
	}
	i := d - (r - 2)
	in, err := g.sizeValue(x, d)
	if err != nil {
		return nil, err
	}
	// (in + 2p - dil*(k-1) - 1) / s + 1
	c, err := g.indexConst(2*p[i] - dl[i]*(k[i]-1) - 1)
	if err != nil {
		return nil, err
	}
	v, err := g.arithOp(arith.AddIName, false, in, c)
	if err != nil {
		return nil, err
	}
	sv, err := g.indexConst(s[i])
	if err != nil {
		return nil, err
	}
	if v, err = g.arithOp(arith.DivSIName, false, v, sv); err != nil {
		return nil, err
	}
	one, err := g.indexConst(1)
	if err != nil {
		return nil, err
	}
	return g.arithOp(arith.AddIName, false, v, one)
}

// size is the code generator's sizeFunc.
func (g *gen) size(v ir.Value, d int) (Expr, error) {
	shape := shapeOf(v)
	if d < len(shape) && shape[d] != ir.Dynamic {
		return cnst(shape[d]), nil
	}
	s, err := g.sizeValue(v, d)
	if err != nil {
		return Expr{}, err
	}
	return g.ix.value(s, -1), nil
}

// ---- scalars ----

// elemType returns the element type of a kernel value, rejecting the
// types the loop level does not support.
func elemType(v ir.Value) (ir.Type, error) {
	t := elemOf(v)
	if ft, ok := t.(*ir.FloatType); ok && ft.Kind != ir.F32 && ft.Kind != ir.F64 {
		return nil, fmt.Errorf("element type %s is not supported at the loop level (f32, f64, i1, i32 and i64 are); compute in f32 instead", t)
	}
	if it, ok := t.(*ir.IntegerType); ok && it.Width != 1 && it.Width != 32 && it.Width != 64 {
		return nil, fmt.Errorf("element type %s is not supported at the loop level (f32, f64, i1, i32 and i64 are)", t)
	}
	return t, nil
}

// scalar emits the computation of element idx of the kernel value v.
func (g *gen) scalar(v ir.Value, idx []Expr) (ir.Value, error) {
	key := "v" + strconv.Itoa(g.id(v)) + indexKey(idx)
	if s := g.lookup(key); s != nil {
		return s, nil
	}
	s, err := g.compute(v, idx, key)
	if err != nil {
		return nil, err
	}
	g.frameOf(s).memo[key] = s
	return s, nil
}

func (g *gen) compute(v ir.Value, idx []Expr, key string) (ir.Value, error) {
	if _, err := elemType(v); err != nil {
		return nil, err
	}
	if x, ok := g.env[v]; ok {
		if _, isBuf := x.Type().(*ir.MemRefType); isBuf {
			return g.load(x, idx)
		}
	}
	if _, ok := v.Type().(*ir.MemRefType); ok {
		return g.load(v, idx)
	}
	op := ir.DefiningOp(v)
	if op == nil {
		return nil, fmt.Errorf("internal error: no definition for a kernel value of type %s", v.Type())
	}
	name := op.Name()
	switch {
	case unaryOps[name] || binaryOps[name]:
		if v, ok, err := g.wideSum(op, idx); ok || err != nil {
			return v, err
		}
		xs := make([]ir.Value, op.NumOperands())
		for i, x := range op.Operands() {
			s, err := g.scalar(x, idx)
			if err != nil {
				return nil, err
			}
			xs[i] = s
		}
		return g.elementwise(op, xs)
	case name == tensor.CmpName:
		a, err := g.scalar(op.Operand(0), idx)
		if err != nil {
			return nil, err
		}
		b, err := g.scalar(op.Operand(1), idx)
		if err != nil {
			return nil, err
		}
		return g.compare(tensor.Predicate(op), a, b)
	case name == tensor.SelectName:
		var xs [3]ir.Value
		for i := range xs {
			s, err := g.scalar(op.Operand(i), idx)
			if err != nil {
				return nil, err
			}
			xs[i] = s
		}
		return g.arithOp(arith.SelectName, false, xs[:]...)
	case name == tensor.CastName:
		x, err := g.scalar(op.Operand(0), idx)
		if err != nil {
			return nil, err
		}
		t, err := elemType(op.Result(0))
		if err != nil {
			return nil, err
		}
		return g.convert(x, t)
	case classify(op) == clsView:
		oi, err := viewOperandIndex(g.ix, op, idx, g.size)
		if err != nil {
			return nil, err
		}
		return g.scalar(op.Operand(0), oi)
	}
	switch name {
	case tensor.ConstantName:
		return g.constantElem(op, idx)
	case tensor.FullName:
		t, _ := elemType(v)
		a, err := convertAttr(op.Attr("value"), t)
		if err != nil {
			return nil, err
		}
		return g.constant(a)
	case tensor.IotaName:
		d, ok := tensor.NormalizedDim(op)
		if !ok || d >= len(idx) {
			return nil, fmt.Errorf("bad iota dim")
		}
		i, err := g.index(idx[d])
		if err != nil {
			return nil, err
		}
		t, _ := elemType(v)
		return g.fromIndex(i, t)
	case tensor.PadName:
		return g.pad(op, idx)
	case tensor.ConcatName:
		return g.concat(op, idx)
	case tensor.GatherName:
		return g.gather(op, idx, key)
	case tensor.MaxPool2DName:
		return g.maxPool(op, idx)
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ReduceMeanName, tensor.ArgMaxName:
		return g.reduceOnDemand(op, idx, key)
	case tensor.MatMulName:
		return g.matmulElem(op, idx)
	case tensor.Conv2DName:
		return g.convElem(op, idx)
	}
	return nil, fmt.Errorf("'%s' cannot be computed inside a loop kernel", name)
}

// Row statistics in f64. Reductions accumulate f32 sums in f64; the row
// values computed from them (a mean, a variance) are kept in f64 too, and
// an f32 addition or subtraction of such a value and a per-element value
// (x - mean) is computed in f64 and rounded once. This avoids the
// cancellation an f32 x - mean suffers when |mean| is much larger than the
// spread, and matches the interpreter's composite kernels (layer_norm
// computes in f64) instead of the f32 arithmetic of their decompositions.

// wideSum computes an f32 add/sub with one f64 row statistic operand in
// f64; ok is false when op is not such an op.
func (g *gen) wideSum(op *ir.Operation, idx []Expr) (ir.Value, bool, error) {
	name := op.Name()
	if (name != tensor.AddName && name != tensor.SubName) || elemOf(op.Result(0)) != ir.Type(g.ctx().F32()) {
		return nil, false, nil
	}
	w0, ok0, err := g.wide(op.Operand(0), idx)
	if err != nil {
		return nil, false, err
	}
	w1, ok1, err := g.wide(op.Operand(1), idx)
	if err != nil || ok0 == ok1 {
		return nil, false, err
	}
	f64 := g.ctx().F64()
	other := op.Operand(1)
	if ok1 {
		other = op.Operand(0)
	}
	x, err := g.scalar(other, idx)
	if err != nil {
		return nil, false, err
	}
	xw, err := g.convert(x, f64)
	if err != nil {
		return nil, false, err
	}
	if ok0 {
		w1 = xw
	} else {
		w0 = xw
	}
	an := arith.AddFName
	if name == tensor.SubName {
		an = arith.SubFName
	}
	v, err := g.arithOp(an, false, w0, w1)
	if err != nil {
		return nil, false, err
	}
	v, err = g.convert(v, g.ctx().F32())
	return v, true, err
}

// wide returns the f64 version of an f32 row statistic: a sum or mean
// reduction result (registered by its lowering), views of one, and
// arithmetic of one with constants; ok is false for other values.
func (g *gen) wide(v ir.Value, idx []Expr) (ir.Value, bool, error) {
	if elemOf(v) != ir.Type(g.ctx().F32()) {
		return nil, false, nil
	}
	key := "w" + strconv.Itoa(g.id(v)) + indexKey(idx)
	if w := g.lookup(key); w != nil {
		return w, true, nil
	}
	if _, isArg := g.env[v]; isArg {
		return nil, false, nil
	}
	op := ir.DefiningOp(v)
	if op == nil || op.ParentOp() == nil || op.ParentOp().Name() != loops.KernelName {
		return nil, false, nil
	}
	f64 := g.ctx().F64()
	var out ir.Value
	var err error
	switch name := op.Name(); {
	case classify(op) == clsView:
		oi, err := viewOperandIndex(g.ix, op, idx, g.size)
		if err != nil {
			return nil, false, err
		}
		return g.wide(op.Operand(0), oi)
	case name == tensor.DivName || name == tensor.MulName || name == tensor.AddName || name == tensor.SubName:
		var ws [2]ir.Value
		any := false
		for i, x := range op.Operands() {
			if c := ir.DefiningOp(x); c != nil && classify(c) == clsConst && c.Name() != tensor.IotaName {
				continue
			}
			w, ok, err := g.wide(x, idx)
			if err != nil || !ok {
				return nil, false, err
			}
			ws[i], any = w, true
		}
		if !any {
			return nil, false, nil
		}
		for i, x := range op.Operands() {
			if ws[i] != nil {
				continue
			}
			s, err := g.scalar(x, idx)
			if err != nil {
				return nil, false, err
			}
			if ws[i], err = g.convert(s, f64); err != nil {
				return nil, false, err
			}
		}
		an := map[string]string{tensor.DivName: arith.DivFName, tensor.MulName: arith.MulFName, tensor.AddName: arith.AddFName, tensor.SubName: arith.SubFName}[name]
		out, err = g.arithOp(an, false, ws[0], ws[1])
	case name == tensor.NegName || name == tensor.SqrtName || name == tensor.RsqrtName:
		w, ok, err := g.wide(op.Operand(0), idx)
		if err != nil || !ok {
			return nil, false, err
		}
		an := map[string]string{tensor.NegName: arith.NegFName, tensor.SqrtName: arith.MathSqrtName, tensor.RsqrtName: arith.MathRsqrtName}[name]
		out, err = g.arithOp(an, false, w)
		if err != nil {
			return nil, false, err
		}
	default:
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	g.frameOf(out).memo[key] = out
	return out, true, nil
}

// elementwise emits the scalar code of an element-wise tensor op.
func (g *gen) elementwise(op *ir.Operation, xs []ir.Value) (ir.Value, error) {
	t := xs[0].Type()
	name := shortName(op)
	float := ir.IsFloat(t)
	boolean := !float && ir.IntWidth(t) == 1
	if float {
		switch name {
		case "add":
			return g.arithOp(arith.AddFName, false, xs...)
		case "sub":
			return g.arithOp(arith.SubFName, false, xs...)
		case "mul":
			return g.arithOp(arith.MulFName, false, xs...)
		case "div":
			return g.arithOp(arith.DivFName, false, xs...)
		case "max":
			return g.arithOp(arith.MaxFName, false, xs...)
		case "min":
			return g.arithOp(arith.MinFName, false, xs...)
		case "pow":
			return g.arithOp(arith.MathPowFName, false, xs...)
		case "neg":
			return g.arithOp(arith.NegFName, false, xs...)
		case "abs":
			return g.arithOp(arith.MathAbsFName, false, xs...)
		case "exp", "log", "sqrt", "rsqrt", "tanh", "sin", "cos", "erf":
			return g.arithOp("math."+name, false, xs...)
		case "reciprocal":
			one, err := g.scalarConst(t, 1)
			if err != nil {
				return nil, err
			}
			return g.arithOp(arith.DivFName, false, one, xs[0])
		case "relu":
			zero, err := g.scalarConst(t, 0)
			if err != nil {
				return nil, err
			}
			neg, err := g.cmp(true, "olt", xs[0], zero)
			if err != nil {
				return nil, err
			}
			return g.arithOp(arith.SelectName, false, neg, zero, xs[0])
		case "sigmoid":
			n, err := g.arithOp(arith.NegFName, false, xs[0])
			if err != nil {
				return nil, err
			}
			e, err := g.arithOp(arith.MathExpName, false, n)
			if err != nil {
				return nil, err
			}
			one, err := g.scalarConst(t, 1)
			if err != nil {
				return nil, err
			}
			d, err := g.arithOp(arith.AddFName, false, one, e)
			if err != nil {
				return nil, err
			}
			return g.arithOp(arith.DivFName, false, one, d)
		}
		return nil, fmt.Errorf("'%s' is not supported on %s", op.Name(), t)
	}
	if boolean {
		switch name {
		case "add", "max":
			return g.arithOp(arith.OrIName, false, xs...)
		case "mul", "min":
			return g.arithOp(arith.AndIName, false, xs...)
		case "abs", "relu":
			return xs[0], nil
		case "neg":
			return xs[0], nil
		}
		return nil, fmt.Errorf("'%s' is not supported on i1", op.Name())
	}
	switch name {
	case "add":
		return g.arithOp(arith.AddIName, false, xs...)
	case "sub":
		return g.arithOp(arith.SubIName, false, xs...)
	case "mul":
		return g.arithOp(arith.MulIName, false, xs...)
	case "div":
		return g.intDiv(xs[0], xs[1])
	case "max":
		return g.arithOp(arith.MaxSIName, false, xs...)
	case "min":
		return g.arithOp(arith.MinSIName, false, xs...)
	case "neg":
		zero, err := g.intConst(t, 0)
		if err != nil {
			return nil, err
		}
		return g.arithOp(arith.SubIName, false, zero, xs[0])
	case "abs":
		return g.arithOp(arith.MathAbsIName, false, xs...)
	case "relu":
		zero, err := g.intConst(t, 0)
		if err != nil {
			return nil, err
		}
		return g.arithOp(arith.MaxSIName, false, xs[0], zero)
	case "pow":
		return g.intPow(xs[0], xs[1])
	}
	return nil, fmt.Errorf("'%s' is not supported on %s", op.Name(), t)
}

// intDiv divides integers truncating toward zero; MIN / -1 wraps to MIN
// (arith.divsi's choice in the interpreter, and tensor.div's).
func (g *gen) intDiv(a, b ir.Value) (ir.Value, error) {
	return g.arithOp(arith.DivSIName, true, a, b)
}

// intPow is ATen's integer pow: repeated squaring with wraparound; for a
// negative exponent 1 for base 1, ±1 for base -1, and 0 otherwise.
func (g *gen) intPow(a, b ir.Value) (ir.Value, error) {
	t := a.Type()
	at := g.deepest(nil, a, b)
	width := int64(ir.IntWidth(t))
	n, err := g.indexConst(width)
	if err != nil {
		return nil, err
	}
	one, err := g.intConst(t, 1)
	if err != nil {
		return nil, err
	}
	zero, err := g.intConst(t, 0)
	if err != nil {
		return nil, err
	}
	loop, body, _, carried, saved, err := g.openFor(at, n, []ir.Value{one, a, b})
	if err != nil {
		return nil, err
	}
	oldCur := g.cur
	g.cur = body
	r, x, e := carried[0], carried[1], carried[2]
	bit, err := g.arithOp(arith.AndIName, false, e, one)
	if err != nil {
		return nil, err
	}
	odd, err := g.cmp(false, "ne", bit, zero)
	if err != nil {
		return nil, err
	}
	rx, err := g.arithOp(arith.MulIName, false, r, x)
	if err != nil {
		return nil, err
	}
	r2, err := g.arithOp(arith.SelectName, false, odd, rx, r)
	if err != nil {
		return nil, err
	}
	x2, err := g.arithOp(arith.MulIName, false, x, x)
	if err != nil {
		return nil, err
	}
	e2, err := g.arithOp(arith.ShRSIName, false, e, one)
	if err != nil {
		return nil, err
	}
	g.cur = oldCur
	if err := g.closeFor(loop, body, saved, []ir.Value{r2, x2, e2}); err != nil {
		return nil, err
	}
	pos := loop.Result(0)
	// Negative exponents.
	neg, err := g.cmp(false, "slt", b, zero)
	if err != nil {
		return nil, err
	}
	m1, err := g.intConst(t, -1)
	if err != nil {
		return nil, err
	}
	isOne, err := g.cmp(false, "eq", a, one)
	if err != nil {
		return nil, err
	}
	isM1, err := g.cmp(false, "eq", a, m1)
	if err != nil {
		return nil, err
	}
	bit, err = g.arithOp(arith.AndIName, false, b, one)
	if err != nil {
		return nil, err
	}
	oddB, err := g.cmp(false, "ne", bit, zero)
	if err != nil {
		return nil, err
	}
	sgn, err := g.arithOp(arith.SelectName, false, oddB, m1, one)
	if err != nil {
		return nil, err
	}
	m1v, err := g.arithOp(arith.SelectName, false, isM1, sgn, zero)
	if err != nil {
		return nil, err
	}
	negv, err := g.arithOp(arith.SelectName, false, isOne, one, m1v)
	if err != nil {
		return nil, err
	}
	return g.arithOp(arith.SelectName, false, neg, negv, pos)
}

// compare emits tensor.cmp on scalars.
func (g *gen) compare(pred string, a, b ir.Value) (ir.Value, error) {
	t := a.Type()
	if ir.IsFloat(t) {
		p := map[string]string{"eq": "oeq", "ne": "une", "lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge"}[pred]
		if p == "" {
			return nil, fmt.Errorf("bad predicate %q", pred)
		}
		return g.cmp(true, p, a, b)
	}
	signed := map[string]string{"eq": "eq", "ne": "ne", "lt": "slt", "le": "sle", "gt": "sgt", "ge": "sge"}
	if ir.IntWidth(t) == 1 {
		signed = map[string]string{"eq": "eq", "ne": "ne", "lt": "ult", "le": "ule", "gt": "ugt", "ge": "uge"}
	}
	p := signed[pred]
	if p == "" {
		return nil, fmt.Errorf("bad predicate %q", pred)
	}
	return g.cmp(false, p, a, b)
}

// convert emits tensor.cast on a scalar (PyTorch's .to() rules, as the
// interpreter's tensor.cast).
func (g *gen) convert(x ir.Value, to ir.Type) (ir.Value, error) {
	from := x.Type()
	if from == to {
		return x, nil
	}
	ff, tf := ir.IsFloat(from), ir.IsFloat(to)
	fw, tw := ir.IntWidth(from), ir.IntWidth(to)
	switch {
	case ff && tf:
		if from.(*ir.FloatType).Width() < to.(*ir.FloatType).Width() {
			return g.cast(arith.ExtFName, x, to)
		}
		return g.cast(arith.TruncFName, x, to)
	case ff && tw == 1:
		z, err := g.scalarConst(from, 0)
		if err != nil {
			return nil, err
		}
		return g.cmp(true, "une", x, z)
	case ff:
		return g.cast(arith.FPToSIName, x, to)
	case tf && fw == 1:
		return g.cast(arith.UIToFPName, x, to)
	case tf:
		return g.cast(arith.SIToFPName, x, to)
	case tw == 1:
		z, err := g.intConst(from, 0)
		if err != nil {
			return nil, err
		}
		return g.cmp(false, "ne", x, z)
	case fw == 1:
		return g.cast(arith.ExtUIName, x, to)
	case fw < tw:
		return g.cast(arith.ExtSIName, x, to)
	}
	return g.cast(arith.TruncIName, x, to)
}

// fromIndex converts an index value to an element type.
func (g *gen) fromIndex(i ir.Value, t ir.Type) (ir.Value, error) {
	if ir.IsIndex(t) {
		return i, nil
	}
	i64, err := g.cast(arith.IndexCastName, i, g.ctx().I64())
	if err != nil {
		return nil, err
	}
	return g.convert(i64, t)
}

// toIndex converts an integer scalar to an index.
func (g *gen) toIndex(x ir.Value) (ir.Value, error) {
	if ir.IsIndex(x.Type()) {
		return x, nil
	}
	if ir.IntWidth(x.Type()) == 1 {
		var err error
		if x, err = g.cast(arith.ExtUIName, x, g.ctx().I64()); err != nil {
			return nil, err
		}
	}
	return g.cast(arith.IndexCastName, x, g.ctx().Index())
}

// convertAttr converts a scalar attribute to element type t like
// tensor.cast converts values.
func convertAttr(a ir.Attribute, t ir.Type) (ir.Attribute, error) {
	if d, ok := a.(*ir.DenseElementsAttr); ok && d.Len() >= 1 {
		if d.IsFloat() {
			a = ir.Float(d.Type.ElementType(), d.FloatAt(0))
		} else {
			a = ir.Int(d.Type.ElementType(), d.IntAt(0))
		}
	}
	var f float64
	var i int64
	isF := false
	switch x := a.(type) {
	case *ir.FloatAttr:
		f, isF = x.Value, true
	case *ir.IntegerAttr:
		i = x.Int64()
		if x.IsBool() && i != 0 {
			i = 1
		}
	default:
		return nil, fmt.Errorf("expected a scalar attribute, got %v", a)
	}
	switch {
	case ir.IsFloat(t):
		if !isF {
			f = float64(i)
		}
		return ir.Float(t, f), nil
	case ir.IntWidth(t) == 1:
		if isF {
			if f != 0 {
				i = 1
			} else {
				i = 0
			}
		} else if i != 0 {
			i = 1
		}
		return ir.Int(t, i), nil
	}
	if isF {
		w := ir.IntWidth(t)
		if math.IsNaN(f) || f >= math.Ldexp(1, w-1) || f < -math.Ldexp(1, w-1) {
			i = math.MinInt64
		} else {
			i = int64(f)
		}
	}
	return ir.Int(t, i), nil
}

// constantElem reads element idx of a tensor.constant.
func (g *gen) constantElem(op *ir.Operation, idx []Expr) (ir.Value, error) {
	d, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok {
		return nil, fmt.Errorf("tensor.constant without a dense value")
	}
	t, err := elemType(op.Result(0))
	if err != nil {
		return nil, err
	}
	if d.Splat || d.Len() <= 1 {
		if d.Len() == 0 {
			return g.scalarConst(t, 0)
		}
		a, err := convertAttr(d, t)
		if err != nil {
			return nil, err
		}
		return g.constant(a)
	}
	if coef, c0, ok := affineConstant(d); ok {
		e := cnst(c0)
		for k, c := range coef {
			e = add(e, scale(idx[k], c))
		}
		iv, err := g.index(e)
		if err != nil {
			return nil, err
		}
		return g.fromIndex(iv, t)
	}
	buf, ok := g.dense[op.Result(0)]
	if !ok {
		if buf, err = g.lw.denseBuffer(g, op); err != nil {
			return nil, err
		}
		g.dense[op.Result(0)] = buf
	}
	return g.load(buf, idx)
}

// pad reads x at idx - low inside its bounds, else the padding value.
func (g *gen) pad(op *ir.Operation, idx []Expr) (ir.Value, error) {
	low, _, err := padAmounts(op)
	if err != nil {
		return nil, err
	}
	x := op.Operand(0)
	t, err := elemType(op.Result(0))
	if err != nil {
		return nil, err
	}
	pv, err := convertAttr(tensor.PadValue(op), t)
	if err != nil {
		return nil, err
	}
	oi := make([]Expr, len(idx))
	var conds []ir.Value
	for d := range idx {
		oi[d] = addc(idx[d], -low[d])
		size, err := g.size(x, d)
		if err != nil {
			return nil, err
		}
		// 0 <= idx-low < size, as idx < low + size when low = 0 needs one test.
		lo, hi, hiOK := oi[d].bounds()
		sc, sok := size.isConst()
		needLo := lo < 0
		needHi := !(hiOK && sok && hi < sc)
		if needLo {
			c, err := g.index(idx[d])
			if err != nil {
				return nil, err
			}
			l, err := g.indexConst(low[d])
			if err != nil {
				return nil, err
			}
			ok, err := g.cmp(false, "sge", c, l)
			if err != nil {
				return nil, err
			}
			conds = append(conds, ok)
		}
		if needHi {
			c, err := g.index(idx[d])
			if err != nil {
				return nil, err
			}
			l, err := g.index(addc(size, low[d]))
			if err != nil {
				return nil, err
			}
			ok, err := g.cmp(false, "slt", c, l)
			if err != nil {
				return nil, err
			}
			conds = append(conds, ok)
		}
	}
	pad, err := g.constant(pv)
	if err != nil {
		return nil, err
	}
	if len(conds) == 0 {
		return g.scalar(x, oi)
	}
	cond := conds[0]
	for _, c := range conds[1:] {
		if cond, err = g.arithOp(arith.AndIName, false, cond, c); err != nil {
			return nil, err
		}
	}
	at := g.guardFrame(cond, idx)
	return g.ifThenElse(at, cond, t, func() (ir.Value, error) { return g.scalar(x, oi) },
		func() (ir.Value, error) { return pad, nil })
}

// guardFrame is where a conditional computing element idx goes: the
// deepest frame of the condition and the index, and no higher than the
// current floor.
func (g *gen) guardFrame(cond ir.Value, idx []Expr) *frame {
	f := g.deepest(deeper(g.floor, g.first), cond)
	for _, e := range idx {
		for _, a := range e.atomsOf() {
			if a.val != nil {
				f = deeper(f, g.frameOf(a.val))
			}
		}
	}
	return f
}

// concat picks the operand whose range along dim holds idx[dim].
func (g *gen) concat(op *ir.Operation, idx []Expr) (ir.Value, error) {
	d, ok := tensor.NormalizedDim(op)
	if !ok || d >= len(idx) {
		return nil, fmt.Errorf("bad concat dim")
	}
	t, err := elemType(op.Result(0))
	if err != nil {
		return nil, err
	}
	type piece struct {
		x   ir.Value
		off Expr
	}
	var pieces []piece
	off := cnst(0)
	for _, x := range op.Operands() {
		s, err := g.size(x, d)
		if err != nil {
			return nil, err
		}
		if c, ok := s.isConst(); ok && c == 0 {
			continue
		}
		pieces = append(pieces, piece{x, off})
		off = add(off, s)
	}
	if len(pieces) == 0 {
		return g.scalarConst(t, 0)
	}
	var pick func(k int) (ir.Value, error)
	pick = func(k int) (ir.Value, error) {
		p := pieces[k]
		oi := slices.Clone(idx)
		oi[d] = sub(idx[d], p.off)
		if k == len(pieces)-1 {
			return g.scalar(p.x, oi)
		}
		// idx[dim] < the next piece's offset: this piece.
		c, err := g.index(idx[d])
		if err != nil {
			return nil, err
		}
		lim, err := g.index(pieces[k+1].off)
		if err != nil {
			return nil, err
		}
		in, err := g.cmp(false, "slt", c, lim)
		if err != nil {
			return nil, err
		}
		at := g.guardFrame(in, idx)
		return g.ifThenElse(at, in, t, func() (ir.Value, error) { return g.scalar(p.x, oi) },
			func() (ir.Value, error) { return pick(k + 1) })
	}
	return pick(0)
}

// gather reads x with the index along dim taken from the index tensor.
func (g *gen) gather(op *ir.Operation, idx []Expr, key string) (ir.Value, error) {
	d, ok := tensor.NormalizedDim(op)
	if !ok || op.NumOperands() != 2 {
		return nil, fmt.Errorf("bad gather")
	}
	x, ids := op.Operand(0), op.Operand(1)
	var ii []Expr
	if len(shapeOf(ids)) == 1 {
		if d >= len(idx) {
			return nil, fmt.Errorf("bad gather dim")
		}
		ii = []Expr{idx[d]}
	}
	k, err := g.scalar(ids, ii)
	if err != nil {
		return nil, err
	}
	kv, err := g.toIndex(k)
	if err != nil {
		return nil, err
	}
	if len(shapeOf(x)) == 0 {
		return g.scalar(x, nil)
	}
	hi := int64(-1)
	if s := shapeOf(x)[d]; s != ir.Dynamic {
		hi = s - 1
	}
	oi := slices.Clone(idx)
	oi[d] = g.ix.value(kv, hi)
	return g.scalar(x, oi)
}

// maxPool computes a window maximum with an inner loop nest.
func (g *gen) maxPool(op *ir.Operation, idx []Expr) (ir.Value, error) {
	k, s, p, dl, err := maxPoolWindow(op)
	if err != nil {
		return nil, err
	}
	x := op.Operand(0)
	t, err := elemType(op.Result(0))
	if err != nil {
		return nil, err
	}
	r := len(idx)
	if r < 2 {
		return nil, fmt.Errorf("bad max_pool2d rank")
	}
	lowest, err := g.lowest(t)
	if err != nil {
		return nil, err
	}
	at := g.atomFrame(idx)
	res, err := g.loopNest(at, []Expr{cnst(k[0]), cnst(k[1])}, []ir.Value{lowest}, func(w []Expr, acc []ir.Value) ([]ir.Value, error) {
		oi := slices.Clone(idx)
		var conds []ir.Value
		for i := 0; i < 2; i++ {
			e := add(addc(scale(idx[r-2+i], s[i]), -p[i]), scale(w[i], dl[i]))
			oi[r-2+i] = e
			if p[i] == 0 {
				continue
			}
			c, err := g.inRange(e, x, r-2+i)
			if err != nil {
				return nil, err
			}
			conds = append(conds, c...)
		}
		var v ir.Value
		var err error
		if len(conds) == 0 {
			v, err = g.scalar(x, oi)
		} else {
			cond := conds[0]
			for _, c := range conds[1:] {
				if cond, err = g.arithOp(arith.AndIName, false, cond, c); err != nil {
					return nil, err
				}
			}
			v, err = g.ifThenElse(g.guardFrame(cond, oi), cond, t, func() (ir.Value, error) { return g.scalar(x, oi) },
				func() (ir.Value, error) { return lowest, nil })
		}
		if err != nil {
			return nil, err
		}
		m, err := g.better(v, acc[0])
		if err != nil {
			return nil, err
		}
		return []ir.Value{m}, nil
	})
	if err != nil {
		return nil, err
	}
	return res[0], nil
}

// inRange returns the conditions 0 <= e < size(x, d) that are not known.
func (g *gen) inRange(e Expr, x ir.Value, d int) ([]ir.Value, error) {
	size, err := g.size(x, d)
	if err != nil {
		return nil, err
	}
	var out []ir.Value
	lo, hi, hiOK := e.bounds()
	sc, sok := size.isConst()
	if lo < 0 {
		v, err := g.index(e)
		if err != nil {
			return nil, err
		}
		z, err := g.indexConst(0)
		if err != nil {
			return nil, err
		}
		c, err := g.cmp(false, "sge", v, z)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if !(hiOK && sok && hi < sc) {
		v, err := g.index(e)
		if err != nil {
			return nil, err
		}
		sv, err := g.index(size)
		if err != nil {
			return nil, err
		}
		c, err := g.cmp(false, "slt", v, sv)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// better returns the running maximum after seeing v: v if v > m or v is
// NaN (so a NaN, once taken, stays), else m.
func (g *gen) better(v, m ir.Value) (ir.Value, error) {
	if !ir.IsFloat(v.Type()) {
		if ir.IntWidth(v.Type()) == 1 {
			return g.arithOp(arith.OrIName, false, v, m)
		}
		return g.arithOp(arith.MaxSIName, false, v, m)
	}
	gt, err := g.cmp(true, "ogt", v, m)
	if err != nil {
		return nil, err
	}
	nan, err := g.cmp(true, "uno", v, v)
	if err != nil {
		return nil, err
	}
	c, err := g.arithOp(arith.OrIName, false, gt, nan)
	if err != nil {
		return nil, err
	}
	return g.arithOp(arith.SelectName, false, c, v, m)
}

// lowest returns the smallest value of an element type (-Inf for floats).
func (g *gen) lowest(t ir.Type) (ir.Value, error) {
	switch {
	case ir.IsFloat(t):
		return g.constant(ir.Float(t, math.Inf(-1)))
	case ir.IntWidth(t) == 1:
		return g.intConst(t, 0)
	case ir.IntWidth(t) == 32:
		return g.intConst(t, math.MinInt32)
	}
	return g.intConst(t, math.MinInt64)
}
