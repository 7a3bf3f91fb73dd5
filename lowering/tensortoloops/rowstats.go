package tensortoloops

import (
	"strconv"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// Row statistics in f64. Reductions accumulate f32 sums in f64; the row
// values computed from them (a mean, a variance) are kept in f64 too, and
// an f32 addition or subtraction of such a value and a per-element value
// (x - mean) is computed in f64 and rounded once. This avoids the
// cancellation an f32 x - mean suffers when |mean| is much larger than the
// spread, and matches the interpreter's composite kernels (layer_norm
// computes in f64) instead of the f32 arithmetic of their decompositions.

// wideSum computes an f32 add/sub with one f64 row statistic operand in
// f64; ok is false when op is not such an op.
func (g *gen) wideSum(op *ir.Operation, idx []affine.Expr) (ir.Value, bool) {
	name := op.Name()
	if (name != tensor.AddName && name != tensor.SubName) || opclass.Elem(op.Result(0)) != ir.Type(g.ctx().F32()) {
		return nil, false
	}
	w0, ok0 := g.wide(op.Operand(0), idx)
	w1, ok1 := g.wide(op.Operand(1), idx)
	if ok0 == ok1 {
		return nil, false
	}
	other := op.Operand(1)
	if ok1 {
		other = op.Operand(0)
	}
	xw := g.convert(g.scalar(other, idx), g.ctx().F64())
	if ok0 {
		w1 = xw
	} else {
		w0 = xw
	}
	f := arith.AddF
	if name == tensor.SubName {
		f = arith.SubF
	}
	return g.convert(g.binary(f, w0, w1), g.ctx().F32()), true
}

// The f64 ops of the arithmetic of row statistics.
var (
	wideBinary = map[string]binaryBuilder{tensor.DivName: arith.DivF, tensor.MulName: arith.MulF, tensor.AddName: arith.AddF, tensor.SubName: arith.SubF}
	wideUnary  = map[string]unaryBuilder{tensor.NegName: arith.NegF, tensor.SqrtName: arith.MathSqrt, tensor.RsqrtName: arith.MathRsqrt}
)

// wide returns the f64 version of an f32 row statistic: a sum or mean
// reduction result (registered by its lowering), views of one, and
// arithmetic of one with constants; ok is false for other values.
func (g *gen) wide(v ir.Value, idx []affine.Expr) (ir.Value, bool) {
	if opclass.Elem(v) != ir.Type(g.ctx().F32()) {
		return nil, false
	}
	key := "w" + strconv.Itoa(g.id(v)) + affine.IndexKey(idx)
	if w := g.lookup(key); w != nil {
		return w, true
	}
	if _, isArg := g.env[v]; isArg {
		return nil, false
	}
	op := ir.DefiningOp(v)
	if op == nil || op.ParentOp() == nil || op.ParentOp().Name() != loops.KernelName {
		return nil, false
	}
	var out ir.Value
	switch name := op.Name(); {
	case opclass.Classify(op) == opclass.View:
		return g.wide(op.Operand(0), g.operandIndex(op, idx))
	case wideBinary[name] != nil:
		var ws [2]ir.Value
		any := false
		for i, x := range op.Operands() {
			if c := ir.DefiningOp(x); c != nil && opclass.Classify(c) == opclass.Const && c.Name() != tensor.IotaName {
				continue
			}
			w, ok := g.wide(x, idx)
			if !ok {
				return nil, false
			}
			ws[i], any = w, true
		}
		if !any {
			return nil, false
		}
		for i, x := range op.Operands() {
			if ws[i] == nil {
				ws[i] = g.convert(g.scalar(x, idx), g.ctx().F64())
			}
		}
		out = g.binary(wideBinary[name], ws[0], ws[1])
	case wideUnary[name] != nil:
		w, ok := g.wide(op.Operand(0), idx)
		if !ok {
			return nil, false
		}
		out = g.unary(wideUnary[name], w)
	default:
		return nil, false
	}
	g.frameOf(out).memo[key] = out
	return out, true
}
