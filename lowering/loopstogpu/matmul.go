package loopstogpu

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// expandMatmul replaces a tt.matmul call by the loop nest it stands for
// (batch, rows and columns of C, then the sum over K, the bias and the
// activation), which loops-to-gpu maps as a pointwise kernel: one thread
// per output element, the K loop in the thread (the correct, untiled
// GEMM; a tiled shared-memory kernel is future work). It leaves the call
// alone (on the host) when C is also an operand (the extern kernel
// allows that aliasing, one thread per output does not) or for an
// activation emit/ptx lacks on the element type.
func expandMatmul(op *ir.Operation) bool {
	if name, _ := op.StringAttr("callee"); name != loops.MatmulCallee {
		return false
	}
	args := op.Operands()
	if len(args) != 3 && len(args) != 4 {
		return false
	}
	a, bm, c := args[0], args[1], args[2]
	var bias ir.Value
	if len(args) == 4 {
		bias = args[3]
	}
	if c == a || c == bm || (bias != nil && c == bias) {
		return false
	}
	ct, ok := c.Type().(*ir.MemRefType)
	if !ok || (ct.Rank() != 2 && ct.Rank() != 3) || !ir.IsFloat(ct.Elem) {
		return false
	}
	et := ct.Elem
	flags := loops.MatmulFlagsOf(op)
	if (flags.Activation == "gelu" || flags.Activation == "gelu_tanh") && et.(*ir.FloatType).Width() != 32 {
		return false
	}
	b := ir.NewBuilder(op.Context())
	b.Loc = op.Loc()
	b.SetInsertionPointBefore(op)
	rank := ct.Rank()
	dim := func(v ir.Value, d int) ir.Value {
		if n := v.Type().(*ir.MemRefType).Shape()[d]; n != ir.Dynamic {
			return indexConst(b, n)
		}
		return loops.Dim(b, v, int64(d))
	}
	kDim := rank - 1
	if flags.TransposeA {
		kDim = rank - 2
	}
	c0, c1 := indexConst(b, 0), indexConst(b, 1)
	m, n, k := dim(c, rank-2), dim(c, rank-1), dim(a, kDim)
	zero := arith.Constant(b, ir.Float(et, 0))
	var batch []ir.Value
	if rank == 3 {
		outer := loops.For(b, c0, dim(c, 0), c1)
		b.SetInsertionPointToEnd(outer.BodyBlock())
		batch = []ir.Value{outer.InductionVar()}
		defer func() { b.SetInsertionPointToEnd(outer.BodyBlock()); loops.Yield(b) }()
	}
	li := loops.For(b, c0, m, c1)
	b.SetInsertionPointToEnd(li.BodyBlock())
	lj := loops.For(b, c0, n, c1)
	b.SetInsertionPointToEnd(lj.BodyBlock())
	i, j := li.InductionVar(), lj.InductionVar()
	lk := loops.For(b, c0, k, c1, zero)
	lk.SetReductionKinds([]loops.ReductionKind{loops.ReduceAddF})
	b.SetInsertionPointToEnd(lk.BodyBlock())
	kk := lk.InductionVar()
	idx := func(rows, cols ir.Value, trans bool) []ir.Value {
		if trans {
			rows, cols = cols, rows
		}
		return append(append([]ir.Value{}, batch...), rows, cols)
	}
	av := loops.Load(b, a, idx(i, kk, flags.TransposeA)...)
	bv := loops.Load(b, bm, idx(kk, j, flags.TransposeB)...)
	if av.Type() != et {
		// f16 or bf16 A and B with an f32 C: widen (exactly) and
		// accumulate in f32.
		av, bv = arith.ExtF(b, et, av), arith.ExtF(b, et, bv)
	}
	loops.Yield(b, arith.AddF(b, lk.RegionIterArgs()[0], arith.MulF(b, av, bv)))
	b.SetInsertionPointAfter(lk.Op)
	var v ir.Value = lk.Op.Result(0)
	if bias != nil {
		v = arith.AddF(b, v, loops.Load(b, bias, j))
	}
	v = activation(b, flags.Activation, v)
	loops.Store(b, v, c, append(append([]ir.Value{}, batch...), i, j)...)
	loops.Yield(b)
	b.SetInsertionPointAfter(lj.Op)
	loops.Yield(b)
	op.Erase()
	return true
}

func floatConst(b *ir.Builder, t ir.Type, v float64) ir.Value {
	return arith.Constant(b, ir.Float(t, v))
}

func mathOp(b *ir.Builder, name string, x ir.Value) ir.Value {
	return b.Build(&ir.OperationState{Name: name, Operands: []ir.Value{x}, ResultTypes: []ir.Type{x.Type()}}).Result(0)
}

// activation builds the epilogue's element function as numerics defines
// it (Relu, GeluF32, GeluTanhF32), operation by operation.
func activation(b *ir.Builder, act string, x ir.Value) ir.Value {
	t := x.Type()
	switch act {
	case "relu":
		zero := floatConst(b, t, 0)
		return arith.Select(b, arith.CmpF(b, "olt", x, zero), zero, x)
	case "gelu":
		half := arith.MulF(b, x, floatConst(b, t, 0.5))
		e := mathOp(b, arith.MathErfName, arith.MulF(b, x, floatConst(b, t, float64(float32(numerics.GeluInvSqrt2)))))
		return arith.MulF(b, half, arith.AddF(b, floatConst(b, t, 1), e))
	case "gelu_tanh":
		cube := arith.MulF(b, arith.MulF(b, x, x), x)
		poly := arith.AddF(b, x, arith.MulF(b, floatConst(b, t, float64(float32(numerics.GeluTanhCubic))), cube))
		half := arith.MulF(b, x, floatConst(b, t, 0.5))
		th := mathOp(b, arith.MathTanhName, arith.MulF(b, floatConst(b, t, float64(float32(numerics.GeluTanhBeta))), poly))
		return arith.MulF(b, half, arith.AddF(b, floatConst(b, t, 1), th))
	}
	return x
}
