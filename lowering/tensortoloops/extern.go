package tensortoloops

import (
	"slices"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// Kernels that are not loop nests of their own: matmul and conv2d call the
// runtime kernels (Inductor's extern kernels), scatter_add copies its base
// and adds the source slices in order.

// bufferOf returns a buffer holding kernel value v: the function-level
// buffer of an input, or a new one filled by a loop nest.
func (g *gen) bufferOf(v ir.Value) ir.Value {
	if x, ok := g.env[v]; ok {
		if _, isBuf := x.Type().(*ir.MemRefType); isBuf {
			return x
		}
	}
	buf, err := g.lw.fillBuffer(g, v)
	if err != nil {
		g.fail(err)
	}
	return buf
}

// externCall emits loops.call_extern of tt.matmul or tt.conv2d when the
// runtime kernel takes the operands; it reports false otherwise. ep is the
// epilogue the call computes (nil: none).
func (g *gen) externCall(op *ir.Operation, out ir.Value, ep *opclass.Epilogue) bool {
	if !g.lw.opts.Extern {
		return false
	}
	t := opclass.Elem(op.Result(0))
	if ft, ok := t.(*ir.FloatType); !ok || (ft.Kind != ir.F32 && ft.Kind != ir.F64) {
		return false
	}
	callee := loops.MatmulCallee
	var opts tensor.Conv2DParams
	if op.Name() == tensor.MatMulName {
		if r := len(opclass.Shape(op.Result(0))); r != 2 && r != 3 {
			return false
		}
	} else {
		callee = loops.Conv2DCallee
		p, ok := tensor.Conv2DOptions(op)
		if !ok {
			g.failf(t, "bad conv2d attributes")
			return true
		}
		opts = p
	}
	var flags loops.MatmulFlags
	halfA, halfB := g.halfOperand(op, 0), g.halfOperand(op, 1)
	narrow := ep == nil && halfA != nil && halfB != nil && opclass.Elem(halfA) == opclass.Elem(halfB)
	operand := func(i int) ir.Value {
		v := op.Operand(i)
		if narrow {
			// tt.matmul and tt.conv2d take the 16-bit buffers and write
			// the f32 product.
			v = []ir.Value{halfA, halfB}[i]
		}
		if _, realized := g.env[v]; !realized && callee == loops.MatmulCallee && opclass.IsMatrixTranspose(ir.DefiningOp(v)) {
			// A transpose fused into the kernel: read its operand in place.
			if i == 0 {
				flags.TransposeA = true
			} else {
				flags.TransposeB = true
			}
			v = ir.DefiningOp(v).Operand(0)
		}
		return g.bufferOf(v)
	}
	a, b := operand(0), operand(1)
	if a == nil || b == nil {
		return true // g.err says why
	}
	args := []ir.Value{a, b, out}
	if ep != nil {
		flags.Activation = ep.Activation
		if ep.Bias != nil {
			bias := g.bufferOf(ep.Bias)
			if bias == nil {
				return true
			}
			args = append(args, bias)
		}
	}
	g.build(g.root, func(bd *ir.Builder) *ir.Operation {
		call := loops.CallExtern(bd, args, callee)
		if callee == loops.Conv2DCallee {
			ctx := g.ctx()
			call.Op.SetAttr("stride", ir.I64Array(ctx, opts.Stride[:]...))
			call.Op.SetAttr("padding", ir.I64Array(ctx, opts.Padding[:]...))
			call.Op.SetAttr("dilation", ir.I64Array(ctx, opts.Dilation[:]...))
			call.Op.SetAttr("groups", ir.Int(ctx.I64(), opts.Groups))
		}
		loops.SetMatmulFlags(call.Op, flags)
		return call.Op
	})
	g.lw.stats.ExternCalls++
	return true
}

// halfOperand returns the 16-bit value operand i of op widens, when op
// reads it through a tensor.cast to f32 of its own (widenHalf's), or nil.
func (g *gen) halfOperand(op *ir.Operation, i int) ir.Value {
	v := op.Operand(i)
	c := ir.DefiningOp(v)
	if _, realized := g.env[v]; realized || c == nil || c.Name() != tensor.CastName || !v.HasOneUse() {
		return nil
	}
	if x := c.Operand(0); isHalf(opclass.Elem(x)) && opclass.Elem(v) == ir.Type(g.ctx().F32()) {
		return x
	}
	return nil
}

// poolCall emits loops.call_extern of tt.max_pool2d for a kernel whose
// output is a max_pool2d of f32 or f64 NCHW tensors (its input in a
// buffer: the kernel's input, or one the kernel fills first); it reports
// false otherwise (the window loops then compute it). The runtime kernel
// sweeps output rows with SIMD loads (numerics/linalg), which the window
// loops, strided by the pooling stride, cannot be vectorized into.
func (g *gen) poolCall(op *ir.Operation, out ir.Value) bool {
	ft, ok := opclass.Elem(op.Result(0)).(*ir.FloatType)
	if !g.lw.opts.Extern || !ok || (ft.Kind != ir.F32 && ft.Kind != ir.F64) || len(opclass.Shape(op.Result(0))) != 4 {
		return false
	}
	k, s, p, d, err := opclass.MaxPoolWindow(op)
	if err != nil {
		return false
	}
	x := g.bufferOf(op.Operand(0))
	if x == nil {
		return true // g.err says why
	}
	g.build(g.root, func(bd *ir.Builder) *ir.Operation {
		call := loops.CallExtern(bd, []ir.Value{x, out}, loops.MaxPool2DCallee)
		ctx := g.ctx()
		call.Op.SetAttr("kernel", ir.I64Array(ctx, k[:]...))
		call.Op.SetAttr("stride", ir.I64Array(ctx, s[:]...))
		call.Op.SetAttr("padding", ir.I64Array(ctx, p[:]...))
		call.Op.SetAttr("dilation", ir.I64Array(ctx, d[:]...))
		return call.Op
	})
	g.lw.stats.ExternCalls++
	return true
}

// scatterAdd lowers tensor.scatter_add: copy base, then add every source
// slice into the slice its index selects, in source order.
func (g *gen) scatterAdd(op *ir.Operation, out ir.Value) {
	t := opclass.Elem(op.Result(0))
	d, ok := tensor.NormalizedDim(op)
	if !ok || op.NumOperands() != 3 {
		g.failf(t, "bad scatter_add")
		return
	}
	base, ids, src := op.Operand(0), op.Operand(1), op.Operand(2)
	g.storeAll(base, out)
	hi := int64(-1)
	if s := opclass.Shape(base)[d]; s != ir.Dynamic {
		hi = s - 1
	}
	add := binaryBuilder(arith.AddF)
	switch {
	case !ir.IsFloat(t) && ir.IntWidth(t) == 1:
		add = arith.OrI
	case !ir.IsFloat(t):
		add = arith.AddI
	}
	g.loopNest(g.root, g.sizesOf(src), nil, nil, func(w []affine.Expr, _ []ir.Value) []ir.Value {
		g.markFirst()
		var ii []affine.Expr
		if len(opclass.Shape(ids)) == 1 {
			ii = []affine.Expr{w[d]}
		}
		kv := g.checkIndex(op, g.toIndex(g.scalar(ids, ii)), g.sizeValue(base, d))
		tgt := slices.Clone(w)
		tgt[d] = g.ix.Value(kv, hi)
		s := g.scalar(src, w)
		// The current value: a plain load, not shared with other loads.
		vs := g.indices(tgt)
		cur := g.build(g.deepest(g.cur, append([]ir.Value{out}, vs...)...), func(b *ir.Builder) *ir.Operation {
			return ir.DefiningOp(loops.Load(b, out, vs...))
		}).Result(0)
		g.store(g.binary(add, cur, s), out, tgt)
		return nil
	})
}
