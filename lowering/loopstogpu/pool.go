package loopstogpu

import (
	"math"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// expandMaxPool2D replaces a tt.max_pool2d call on float buffers by its
// loop nest — images, channels, output rows and columns, then the window
// unrolled in order — which loops-to-gpu maps as pointwise: one thread per
// output element. A window's elements are taken with numerics.PoolMax's
// rule (v > m || v != v, so a NaN stays and of equal elements the first
// does), padded positions skipped, as numerics/linalg.MaxPool2D does. It
// leaves the call on the host when out is also x, or for integers.
func expandMaxPool2D(op *ir.Operation) bool {
	if n, _ := op.StringAttr("callee"); n != loops.MaxPool2DCallee || op.NumOperands() != 2 {
		return false
	}
	x, out := op.Operand(0), op.Operand(1)
	if x == out {
		return false
	}
	et, ok := plainBuffers(op.Operands(), false)
	if !ok {
		return false
	}
	p, err := loops.MaxPool2DParamsOf(op)
	if err != nil {
		return false
	}
	b := ir.NewBuilder(op.Context())
	b.Loc = op.Loc()
	b.SetInsertionPointBefore(op)
	c0, c1 := indexConst(b, 0), indexConst(b, 1)
	h, w := hostDim(b, x, 2), hostDim(b, x, 3)
	var ivs []ir.Value
	var nest []loops.ForOp
	for _, ub := range []ir.Value{hostDim(b, out, 0), hostDim(b, out, 1), hostDim(b, out, 2), hostDim(b, out, 3)} {
		l := loops.For(b, c0, ub, c1)
		nest = append(nest, l)
		b.SetInsertionPointToEnd(l.BodyBlock())
		ivs = append(ivs, l.InductionVar())
	}
	inRange := func(v, n ir.Value) ir.Value {
		return arith.AndI(b, arith.CmpI(b, "sge", v, c0), arith.CmpI(b, "slt", v, n))
	}
	lowest := arith.Constant(b, ir.Float(et, math.Inf(-1)))
	y0 := arith.MulI(b, ivs[2], indexConst(b, p.Stride[0]))
	x0 := arith.MulI(b, ivs[3], indexConst(b, p.Stride[1]))
	m := lowest
	for i := range p.Kernel[0] {
		iy := arith.AddI(b, y0, indexConst(b, i*p.Dilation[0]-p.Padding[0]))
		rowIn := inRange(iy, h)
		for j := range p.Kernel[1] {
			ix := arith.AddI(b, x0, indexConst(b, j*p.Dilation[1]-p.Padding[1]))
			guard := loops.If(b, arith.AndI(b, rowIn, inRange(ix, w)), et)
			ip := b.SaveInsertionPoint()
			b.SetInsertionPointToEnd(guard.ThenBlock())
			loops.Yield(b, loops.Load(b, x, ivs[0], ivs[1], iy, ix))
			b.SetInsertionPointToEnd(guard.ElseBlock())
			loops.Yield(b, lowest)
			b.RestoreInsertionPoint(ip)
			v := guard.Op.Result(0)
			take := arith.OrI(b, arith.CmpF(b, "ogt", v, m), arith.CmpF(b, "uno", v, v))
			m = arith.Select(b, take, v, m)
		}
	}
	loops.Store(b, m, out, ivs...)
	for i := len(nest) - 1; i >= 0; i-- {
		b.SetInsertionPointToEnd(nest[i].BodyBlock())
		loops.Yield(b)
	}
	op.Erase()
	return true
}
