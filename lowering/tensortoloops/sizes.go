package tensortoloops

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// Sizes: the extent of every dimension of a kernel value, as an index
// value computed in the root frame from the kernel's inputs (loops.dim of
// their buffers, size operands), or as a constant.

// bufSize returns the size of dimension d of a function-level buffer.
func (g *gen) bufSize(buf ir.Value, d int) ir.Value {
	shape := opclass.Shape(buf)
	if d >= len(shape) {
		return g.failf(g.ctx().Index(), "internal error: dimension %d of %s", d, buf.Type())
	}
	if shape[d] != ir.Dynamic {
		return g.indexConst(shape[d])
	}
	key := dimKey{buf, d}
	if v, ok := g.sizes[key]; ok {
		return v
	}
	if v, ok := g.lw.dims[key]; ok && v.ParentBlock() == g.root.block {
		g.sizes[key] = v
		return v
	}
	v := g.build(g.root, func(b *ir.Builder) *ir.Operation { return ir.DefiningOp(loops.Dim(b, buf, int64(d))) }).Result(0)
	g.sizes[key] = v
	if g.lw.dims != nil {
		g.lw.dims[key] = v
	}
	return v
}

// sizeValue returns the size of dimension d of a kernel value, computed in
// the root frame from the kernel's inputs.
func (g *gen) sizeValue(v ir.Value, d int) ir.Value {
	shape := opclass.Shape(v)
	if d < 0 || d >= len(shape) {
		return g.failf(g.ctx().Index(), "internal error: dimension %d of %s", d, v.Type())
	}
	if shape[d] != ir.Dynamic {
		return g.indexConst(shape[d])
	}
	key := dimKey{v, d}
	if s, ok := g.sizes[key]; ok {
		return s
	}
	s := g.deriveSize(v, d)
	g.sizes[key] = s
	return s
}

func (g *gen) deriveSize(v ir.Value, d int) ir.Value {
	if x, ok := g.env[v]; ok {
		if _, isBuf := x.Type().(*ir.MemRefType); isBuf {
			return g.bufSize(x, d)
		}
	}
	if _, ok := v.Type().(*ir.MemRefType); ok {
		return g.bufSize(v, d)
	}
	index := g.ctx().Index()
	op := ir.DefiningOp(v)
	if op == nil {
		return g.failf(index, "cannot find the size of dimension %d of %s", d, v.Type())
	}
	name := op.Name()
	switch {
	case opclass.IsElementwise(name):
		return g.sizeValue(op.Operand(0), d)
	case opclass.IsReduction(name):
		dims, ok := opclass.ReducedDims(op)
		if !ok {
			return g.failf(index, "bad reduction attributes")
		}
		red := map[int]bool{}
		for _, x := range dims {
			red[x] = true
		}
		keep := tensor.KeepDim(op)
		j := 0
		for k := 0; k < len(opclass.Shape(op.Operand(0))); k++ {
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
		if s := opclass.SizeOperand(op, d, first); s != nil {
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
			n := g.numel(op.Operand(0))
			var rest ir.Value
			for k := range opclass.Shape(v) {
				if k == d {
					continue
				}
				s := g.sizeValue(v, k)
				if rest == nil {
					rest = s
				} else {
					rest = g.binary(arith.MulI, rest, s)
				}
			}
			if rest == nil {
				return n
			}
			return g.binary(arith.DivSI, n, rest)
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
			s := g.sizeValue(x, d)
			if acc == nil {
				acc = s
			} else {
				acc = g.binary(arith.AddI, acc, s)
			}
		}
		return acc
	case tensor.PadName:
		low, high, err := opclass.PadAmounts(op)
		if err != nil {
			g.fail(err)
			return g.placeholder(index)
		}
		s := g.sizeValue(op.Operand(0), d)
		return g.binary(arith.AddI, s, g.indexConst(low[d]+high[d]))
	case tensor.GatherName:
		gd, ok := tensor.NormalizedDim(op)
		if ok && d == gd && len(opclass.Shape(op.Operand(1))) == 1 {
			return g.sizeValue(op.Operand(1), 0)
		}
		if ok && len(opclass.Shape(op.Operand(0))) > 0 {
			return g.sizeValue(op.Operand(0), d)
		}
		return g.sizeValue(op.Operand(1), 0)
	case tensor.ScatterAddName:
		return g.sizeValue(op.Operand(0), d)
	case tensor.MatMulName:
		a, b := op.Operand(0), op.Operand(1)
		r := len(opclass.Shape(a))
		if d == r-1 {
			return g.sizeValue(b, r-1)
		}
		return g.sizeValue(a, d)
	case tensor.Conv2DName, tensor.MaxPool2DName:
		return g.windowSize(op, d)
	}
	return g.failf(index, "cannot compute the size of dimension %d of the result of '%s'", d, name)
}

// indexValue returns the function-level value of an index value a kernel
// uses (a size operand). Sizes read from buffers become the generator's own
// loops.dim, so that equal sizes are equal values.
func (g *gen) indexValue(v ir.Value) ir.Value {
	if x, ok := g.env[v]; ok {
		v = x
	} else if op := ir.DefiningOp(v); op != nil && op.Name() == tensor.DimName && op.NumOperands() == 1 {
		d, _ := op.IntAttr("dim")
		return g.sizeValue(op.Operand(0), int(d))
	} else if _, local := g.at[v]; !local && op != nil && op.ParentOp() != nil && op.ParentOp().Name() == loops.KernelName {
		return g.failf(g.ctx().Index(), "'%s' computing a size inside a kernel is not supported", op.Name())
	}
	if op := ir.DefiningOp(v); op != nil && op.Name() == loops.DimName && op.NumOperands() == 1 {
		if _, isBuf := op.Operand(0).Type().(*ir.MemRefType); isBuf {
			d, _ := op.IntAttr("dim")
			return g.bufSize(op.Operand(0), int(d))
		}
	}
	return v
}

// numel returns the element count of a kernel value.
func (g *gen) numel(v ir.Value) ir.Value {
	acc := g.indexConst(1)
	for d := range opclass.Shape(v) {
		acc = g.binary(arith.MulI, acc, g.sizeValue(v, d))
	}
	return acc
}

// windowSize computes a dynamic output dimension of conv2d or max_pool2d.
func (g *gen) windowSize(op *ir.Operation, d int) ir.Value {
	index := g.ctx().Index()
	x := op.Operand(0)
	r := len(opclass.Shape(x))
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
			return g.failf(index, "bad conv2d attributes")
		}
		s, p, dl = cp.Stride, cp.Padding, cp.Dilation
		ks := opclass.Shape(op.Operand(1))
		if ks[2+d-(r-2)] == ir.Dynamic {
			return g.failf(index, "dynamic conv2d kernel sizes are not supported")
		}
		k = [2]int64{ks[2], ks[3]}
	} else {
		var err error
		if k, s, p, dl, err = opclass.MaxPoolWindow(op); err != nil {
			g.fail(err)
			return g.placeholder(index)
		}
	}
	i := d - (r - 2)
	in := g.sizeValue(x, d)
	// (in + 2p - dil*(k-1) - 1) / s + 1
	v := g.binary(arith.AddI, in, g.indexConst(2*p[i]-dl[i]*(k[i]-1)-1))
	v = g.binary(arith.DivSI, v, g.indexConst(s[i]))
	return g.binary(arith.AddI, v, g.indexConst(1))
}

// size is the size of dimension d of v as an index expression: a constant,
// or an atom standing for its size value.
func (g *gen) size(v ir.Value, d int) affine.Expr {
	shape := opclass.Shape(v)
	if d < len(shape) && shape[d] != ir.Dynamic {
		return affine.Const(shape[d])
	}
	return g.ix.Value(g.sizeValue(v, d), -1)
}

// sizeFunc is size for the analyses of package opclass (the generator
// records its errors itself).
func (g *gen) sizeFunc(v ir.Value, d int) (affine.Expr, error) { return g.size(v, d), nil }

// sizesOf returns the sizes of every dimension of v.
func (g *gen) sizesOf(v ir.Value) []affine.Expr {
	out, _ := opclass.Sizes(v, g.sizeFunc)
	return out
}
