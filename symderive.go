package tt

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// sizeKey is one dimension of one value of a trace.
type sizeKey struct {
	v ir.Value
	d int
}

// derivedSize returns the expression of size d of the live tensor t over
// fn's argument sizes, as far as the ops that computed t say it (PT2's
// symbolic shapes propagate through every op; here: elementwise ops,
// transposes, matmuls, reductions, broadcasts and the ops with size
// operands), or nil. A comparison on a size with an expression is a
// guard; one without specializes.
func (tr *tracer) derivedSize(t *Tensor, d int) *symExpr {
	if i, ok := tr.inputs[t]; ok {
		return &symExpr{op: 's', t: t, dim: d, arg: i}
	}
	if t.val == nil { // made concrete by a graph break: derived then
		if sizes := tr.derived[t]; d < len(sizes) {
			return sizes[d]
		}
		return nil
	}
	return tr.sizeExpr(t.val, d, 0)
}

// maxDeriveDepth bounds the walk up the graph.
const maxDeriveDepth = 256

// sizeExpr derives size d of the value v.
func (tr *tracer) sizeExpr(v ir.Value, d, depth int) *symExpr {
	sh := irShape(v)
	if d < 0 || d >= len(sh) || depth > maxDeriveDepth {
		return nil
	}
	if sh[d] != ir.Dynamic {
		return &symExpr{op: 'k', k: int(sh[d])}
	}
	key := sizeKey{v, d}
	if e, ok := tr.sizeMemo[key]; ok {
		return e
	}
	e := tr.deriveSize(v, sh, d, depth)
	if tr.sizeMemo == nil {
		tr.sizeMemo = map[sizeKey]*symExpr{}
	}
	tr.sizeMemo[key] = e
	return e
}

func (tr *tracer) deriveSize(v ir.Value, sh []int64, d, depth int) *symExpr {
	if a, ok := v.(*ir.BlockArgument); ok {
		if a.Index() < len(tr.argTs) {
			return tr.derivedSize(tr.argTs[a.Index()], d)
		}
		return nil
	}
	op := ir.DefiningOp(v)
	if op == nil {
		return nil
	}
	rec := func(x ir.Value, dd int) *symExpr { return tr.sizeExpr(x, dd, depth+1) }
	switch name := op.Name(); name {
	case tensor.TransposeName:
		perm, ok := tensor.Ints(op, "perm")
		if !ok || d >= len(perm) {
			return nil
		}
		p := int(perm[d])
		if p < 0 {
			p += len(perm)
		}
		return rec(op.Operand(0), p)
	case tensor.MatMulName:
		switch r := len(sh); d {
		case r - 2:
			return rec(op.Operand(0), d)
		case r - 1:
			return rec(op.Operand(1), d)
		}
		if e := rec(op.Operand(0), d); e != nil { // equal batch sizes
			return e
		}
		return rec(op.Operand(1), d)
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ReduceMeanName:
		return tr.reducedSize(op, d, rec)
	case tensor.BroadcastName, tensor.FullName, tensor.IotaName, tensor.ReshapeName:
		first := 0
		if name == tensor.BroadcastName || name == tensor.ReshapeName {
			first = 1
		}
		k := 0 // the size operand of d: one per ? dimension, in order
		for _, s := range sh[:d] {
			if s == ir.Dynamic {
				k++
			}
		}
		if op.NumOperands() > first+k {
			return tr.indexExpr(op.Operand(first+k), depth+1)
		}
		if name == tensor.BroadcastName {
			dims, _ := tensor.Ints(op, "dims")
			for i, dd := range dims {
				if int(dd) == d {
					return rec(op.Operand(0), i)
				}
			}
		}
		return nil
	}
	if op.HasTrait(ir.Elementwise) || op.HasTrait(ir.SameOperandsAndResultShape) || op.HasTrait(ir.SameOperandsAndResultType) {
		if op.NumOperands() > 0 && len(irShape(op.Operand(0))) == len(sh) {
			return rec(op.Operand(0), d)
		}
	}
	return nil
}

// reducedSize derives size d of a reduction's result: the size of the
// operand dimension it keeps.
func (tr *tracer) reducedSize(op *ir.Operation, d int, rec func(ir.Value, int) *symExpr) *symExpr {
	x := op.Operand(0)
	r := len(irShape(x))
	dims, ok := tensor.Ints(op, "dims")
	if !ok {
		return nil
	}
	reduced := map[int]bool{}
	for _, dd := range dims {
		if dd < 0 {
			dd += int64(r)
		}
		reduced[int(dd)] = true
	}
	if tensor.KeepDim(op) {
		return rec(x, d)
	}
	j := 0
	for k := range r {
		if reduced[k] {
			continue
		}
		if j == d {
			return rec(x, k)
		}
		j++
	}
	return nil
}

// indexExpr derives the expression of an index value used as a size:
// tensor.dim, constants and the arith ops SymInt arithmetic emits.
func (tr *tracer) indexExpr(v ir.Value, depth int) *symExpr {
	op := ir.DefiningOp(v)
	if op == nil || depth > maxDeriveDepth {
		return nil
	}
	intAttr := func(name string) (int, bool) {
		a, ok := op.Attr(name).(*ir.IntegerAttr)
		if !ok {
			return 0, false
		}
		return int(a.Val), true
	}
	binary := map[string]byte{arith.AddIName: '+', arith.SubIName: '-', arith.MulIName: '*', arith.FloorDivSIName: '/'}
	switch name := op.Name(); name {
	case tensor.DimName:
		d, ok := intAttr("dim")
		if !ok {
			return nil
		}
		return tr.sizeExpr(op.Operand(0), d, depth+1)
	case arith.ConstantName:
		k, ok := intAttr("value")
		if !ok {
			return nil
		}
		return &symExpr{op: 'k', k: k}
	default:
		c, ok := binary[name]
		if !ok {
			return nil
		}
		a, b := tr.indexExpr(op.Operand(0), depth+1), tr.indexExpr(op.Operand(1), depth+1)
		if a == nil || b == nil {
			return nil
		}
		return &symExpr{op: c, a: a, b: b}
	}
}
