package fuse

import (
	"fmt"
	"slices"
	"sort"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

func (f *fuser) buildNodes() error {
	for _, op := range f.ops {
		c := f.class[op]
		var kind nodeKind
		switch c {
		case opclass.View, opclass.Const, opclass.Pointwise:
			if f.inlined[op] {
				continue
			}
			kind = nodePointwise
		case opclass.Reduce:
			kind = nodeReduce
		case opclass.Extern:
			kind = nodeExtern
		case opclass.Opaque:
			kind = nodeOpaque
		default:
			continue
		}
		n := &node{id: len(f.nodes), root: op, kind: kind, pos: f.pos[op]}
		f.nodes = append(f.nodes, n)
		f.nodeOf[op] = n
		// The inlined producers.
		in := map[*ir.Operation]bool{op: true}
		var visit func(*ir.Operation)
		visit = func(o *ir.Operation) {
			for _, x := range o.Operands() {
				p := ir.DefiningOp(x)
				if p != nil && p.Block() == f.block && f.inlined[p] && !in[p] {
					in[p] = true
					visit(p)
				}
			}
		}
		if kind == nodePointwise || kind == nodeReduce || kind == nodeOpaque || kind == nodeExtern {
			// (The inlined producers of an extern node are the transposes
			// it reads in place, with theirs.)
			visit(op)
		}
		for o := range in {
			n.ops = append(n.ops, o)
		}
		sort.Slice(n.ops, func(i, j int) bool { return f.pos[n.ops[i]] < f.pos[n.ops[j]] })
		seen := map[ir.Value]bool{}
		for _, o := range n.ops {
			for _, x := range o.Operands() {
				p := ir.DefiningOp(x)
				if (p == nil || !in[p]) && !seen[x] {
					seen[x] = true
					n.ext = append(n.ext, x)
				}
			}
		}
		switch kind {
		case nodePointwise:
			n.domain = op.Result(0)
		case nodeReduce:
			n.domain = op.Operand(0)
			dims, ok := opclass.ReducedDims(op)
			if !ok {
				return ir.OpError(op, "fuse: bad reduction attributes")
			}
			n.redDims = dims
		default:
			continue
		}
		for d := range opclass.Shape(n.domain) {
			ext, err := f.size(n.domain, d)
			if err != nil {
				return ir.OpError(op, "fuse: %v", err)
			}
			n.vars = append(n.vars, f.ix.NewVar(fmt.Sprintf("n%d.%d", n.id, d), ext, nil))
		}
		w := &walker{f: f, n: n, in: in, memo: map[string]bool{}}
		var err error
		if kind == nodePointwise {
			err = w.visit(op.Result(0), n.vars)
		} else {
			err = w.visit(op.Operand(0), n.vars)
		}
		if err != nil {
			return ir.OpError(op, "fuse: %v", err)
		}
	}
	return nil
}

// valueID numbers values for keys.
func (f *fuser) valueID(v ir.Value) int {
	if id, ok := f.ids[v]; ok {
		return id
	}
	f.ids[v] = len(f.ids)
	return f.ids[v]
}

// size is the analysis size function: constants, or a symbol per class of
// equal dynamic dimensions.
func (f *fuser) size(v ir.Value, d int) (affine.Expr, error) {
	s := opclass.Shape(v)
	if d >= len(s) {
		return affine.Expr{}, fmt.Errorf("dimension %d out of range", d)
	}
	if s[d] != ir.Dynamic {
		return affine.Const(s[d]), nil
	}
	return f.ix.Symbol(fmt.Sprintf("d%d", f.dims.find(v, d))), nil
}

// walker records the reads of a node's inner function (PT2 runs inner_fn
// under a dependency-recording handler).
type walker struct {
	f    *fuser
	n    *node
	in   map[*ir.Operation]bool
	memo map[string]bool
}

func (w *walker) visit(v ir.Value, idx []affine.Expr) error {
	key := fmt.Sprint(w.f.valueID(v)) + affine.IndexKey(idx)
	if w.memo[key] {
		return nil
	}
	w.memo[key] = true
	op := ir.DefiningOp(v)
	if op == nil || !w.in[op] {
		if ir.IsTensor(v.Type()) {
			w.n.reads = append(w.n.reads, nodeRead{v, idx})
		}
		return nil
	}
	ix := w.f.ix
	name := op.Name()
	switch {
	case opclass.IsElementwise(name):
		for _, x := range op.Operands() {
			if err := w.visit(x, idx); err != nil {
				return err
			}
		}
		return nil
	case w.f.class[op] == opclass.View:
		oi, err := opclass.OperandIndex(ix, op, idx, w.f.size)
		if err != nil {
			return err
		}
		return w.visit(op.Operand(0), oi)
	case w.f.class[op] == opclass.Const:
		return nil
	}
	switch name {
	case tensor.PadName:
		low, _, err := opclass.PadAmounts(op)
		if err != nil {
			return err
		}
		oi := make([]affine.Expr, len(idx))
		for i := range idx {
			oi[i] = idx[i].AddConst(-low[i])
		}
		return w.visit(op.Operand(0), oi)
	case tensor.ConcatName:
		d, ok := tensor.NormalizedDim(op)
		if !ok {
			return fmt.Errorf("bad dim")
		}
		off := affine.Const(0)
		for _, x := range op.Operands() {
			oi := slices.Clone(idx)
			oi[d] = idx[d].Sub(off)
			if err := w.visit(x, oi); err != nil {
				return err
			}
			s, err := w.f.size(x, d)
			if err != nil {
				return err
			}
			off = off.Add(s)
		}
		return nil
	case tensor.GatherName:
		d, ok := tensor.NormalizedDim(op)
		if !ok || op.NumOperands() != 2 {
			return fmt.Errorf("bad gather")
		}
		x, ids := op.Operand(0), op.Operand(1)
		if len(opclass.Shape(ids)) == 1 && d < len(idx) {
			if err := w.visit(ids, []affine.Expr{idx[d]}); err != nil {
				return err
			}
		} else if err := w.visit(ids, nil); err != nil {
			return err
		}
		if len(opclass.Shape(x)) == 0 {
			return w.visit(x, nil)
		}
		oi := slices.Clone(idx)
		oi[d] = ix.Symbol("gather" + key)
		return w.visit(x, oi)
	case tensor.MaxPool2DName:
		k, s, p, dl, err := opclass.MaxPoolWindow(op)
		if err != nil {
			return err
		}
		r := len(idx)
		if r < 2 {
			return fmt.Errorf("bad max_pool2d rank")
		}
		oi := slices.Clone(idx)
		for i := 0; i < 2; i++ {
			kv := ix.NewVar("win"+key, affine.Const(k[i]), nil)
			oi[r-2+i] = idx[r-2+i].Scale(s[i]).AddConst(-p[i]).Add(kv.Scale(dl[i]))
		}
		return w.visit(op.Operand(0), oi)
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ArgMaxName:
		// A reduction over no dimension.
		return w.visit(op.Operand(0), idx)
	}
	return fmt.Errorf("cannot inline '%s'", name)
}
