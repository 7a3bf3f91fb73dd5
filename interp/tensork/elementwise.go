package tensork

import (
	"errors"
	"fmt"
	"math"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// binOp is an element-wise binary operation.
type binOp uint8

const (
	opAdd binOp = iota
	opSub
	opMul
	opDiv
	opMax
	opMin
	opPow
)

var binOps = map[string]binOp{
	tensor.AddName: opAdd, tensor.SubName: opSub, tensor.MulName: opMul, tensor.DivName: opDiv,
	tensor.MaxName: opMax, tensor.MinName: opMin, tensor.PowName: opPow,
}

// binCost is the relative cost per element, for chunk sizes.
var binCost = [...]int{opAdd: 1, opSub: 1, opMul: 1, opDiv: 2, opMax: 1, opMin: 1, opPow: 40}

// unOp is an element-wise unary operation.
type unOp uint8

const (
	opNeg unOp = iota
	opAbs
	opExp
	opLog
	opSqrt
	opRsqrt
	opTanh
	opSigmoid
	opRelu
	opSin
	opCos
	opErf
	opReciprocal
	opSign
)

var unOps = map[string]unOp{
	tensor.NegName: opNeg, tensor.AbsName: opAbs, tensor.ExpName: opExp, tensor.LogName: opLog,
	tensor.SqrtName: opSqrt, tensor.RsqrtName: opRsqrt, tensor.TanhName: opTanh, tensor.SigmoidName: opSigmoid,
	tensor.ReluName: opRelu, tensor.SinName: opSin, tensor.CosName: opCos, tensor.ErfName: opErf,
	tensor.ReciprocalName: opReciprocal, "tensor.sign": opSign,
}

var unCost = [...]int{opNeg: 1, opAbs: 1, opExp: 8, opLog: 20, opSqrt: 4, opRsqrt: 6, opTanh: 12,
	opSigmoid: 10, opRelu: 1, opSin: 20, opCos: 20, opErf: 20, opReciprocal: 2, opSign: 1}

func registerElementwise(r *interp.Registry) {
	for name, op := range binOps {
		r.Register(name, halfAware(binaryKernel(op)))
	}
	for name, op := range unOps {
		r.Register(name, halfAware(unaryKernel(op)))
	}
	r.Register(tensor.GeluName, halfAware(geluKernel))
	r.Register(tensor.CmpName, halfAware(cmpKernel))
	r.Register(tensor.SelectName, selectKernel)
	r.Register(tensor.CastName, castKernel)
}

// ---- binary ----

func binaryKernel(op binOp) interp.Kernel {
	return func(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		ts, err := tensorArgs(args, 2)
		if err != nil {
			return nil, err
		}
		out, err := binary(op, ts[0], ts[1])
		if err != nil {
			return nil, err
		}
		return ret(out)
	}
}

// binary applies an element-wise binary op to two tensors of one type and
// shape (f32, f64, integers, i1 for add/mul/max/min).
func binary(op binOp, a, b *interp.Tensor) (*interp.Tensor, error) {
	if err := sameDType(a, b); err != nil {
		return nil, err
	}
	if err := sameShape(a, b); err != nil {
		return nil, err
	}
	out := interp.MustNewTensor(a.DType(), a.Shape())
	n, grain := a.Len(), interp.GrainFor(binCost[op])
	switch a.DType() {
	case interp.F32:
		x, y, z := a.F32(), b.F32(), out.F32()
		interp.ParallelFor(n, grain, func(lo, hi int) { binFloat(op, x[lo:hi], y[lo:hi], z[lo:hi]) })
	case interp.F64:
		x, y, z := a.F64(), b.F64(), out.F64()
		interp.ParallelFor(n, grain, func(lo, hi int) { binFloat(op, x[lo:hi], y[lo:hi], z[lo:hi]) })
	case interp.I32:
		x, y, z := a.I32(), b.I32(), out.I32()
		if err := checkDivisor(op, y); err != nil {
			return nil, err
		}
		interp.ParallelFor(n, grain, func(lo, hi int) { binInt(op, x[lo:hi], y[lo:hi], z[lo:hi]) })
	case interp.I64, interp.Index:
		x, y, z := a.I64(), b.I64(), out.I64()
		if err := checkDivisor(op, y); err != nil {
			return nil, err
		}
		interp.ParallelFor(n, grain, func(lo, hi int) { binInt(op, x[lo:hi], y[lo:hi], z[lo:hi]) })
	case interp.I1:
		if err := binBool(op, a.Bool(), b.Bool(), out.Bool()); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unsupported element type %s", a.DType())
	}
	return out, nil
}

type floatT interface{ ~float32 | ~float64 }
type intT interface{ ~int32 | ~int64 }

// binFloat computes out = a op b element-wise.
func binFloat[T floatT](op binOp, a, b, out []T) {
	a, b = a[:len(out)], b[:len(out)]
	switch op {
	case opAdd:
		for i := range out {
			out[i] = a[i] + b[i]
		}
	case opSub:
		for i := range out {
			out[i] = a[i] - b[i]
		}
	case opMul:
		for i := range out {
			out[i] = a[i] * b[i]
		}
	case opDiv:
		for i := range out {
			out[i] = a[i] / b[i]
		}
	case opMax:
		for i := range out {
			out[i] = numerics.Maximum(a[i], b[i])
		}
	case opMin:
		for i := range out {
			out[i] = numerics.Minimum(a[i], b[i])
		}
	case opPow:
		for i := range out {
			out[i] = numerics.Pow(a[i], b[i])
		}
	}
}

// checkDivisor reports integer division by zero, which PyTorch raises as
// an error too (ZeroDivisionError).
func checkDivisor[T intT](op binOp, b []T) error {
	if op != opDiv {
		return nil
	}
	for _, v := range b {
		if v == 0 {
			return errors.New("integer division by zero")
		}
	}
	return nil
}

// binInt computes out = a op b with wrapping integer arithmetic, by the
// rules of package numerics (DivS: truncation toward zero, MIN / -1 wraps;
// IPow).
func binInt[T intT](op binOp, a, b, out []T) {
	a, b = a[:len(out)], b[:len(out)]
	switch op {
	case opAdd:
		for i := range out {
			out[i] = a[i] + b[i]
		}
	case opSub:
		for i := range out {
			out[i] = a[i] - b[i]
		}
	case opMul:
		for i := range out {
			out[i] = a[i] * b[i]
		}
	case opDiv:
		for i := range out {
			out[i] = numerics.DivS(a[i], b[i])
		}
	case opMax:
		for i := range out {
			out[i] = max(a[i], b[i])
		}
	case opMin:
		for i := range out {
			out[i] = min(a[i], b[i])
		}
	case opPow:
		for i := range out {
			out[i] = numerics.IPow(a[i], b[i])
		}
	}
}

// binBool computes boolean add/max (or) and mul/min (and), as PyTorch does
// for bool tensors; other ops are errors.
func binBool(op binOp, a, b, out []bool) error {
	switch op {
	case opAdd, opMax:
		for i := range out {
			out[i] = a[i] || b[i]
		}
	case opMul, opMin:
		for i := range out {
			out[i] = a[i] && b[i]
		}
	default:
		return errors.New("not supported for i1 tensors")
	}
	return nil
}

// ---- unary ----

func unaryKernel(op unOp) interp.Kernel {
	return func(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		ts, err := tensorArgs(args, 1)
		if err != nil {
			return nil, err
		}
		out, err := unary(op, ts[0])
		if err != nil {
			return nil, err
		}
		return ret(out)
	}
}

// unary applies an element-wise unary op. neg, abs, relu and sign also
// accept integer tensors; the others need floats.
func unary(op unOp, x *interp.Tensor) (*interp.Tensor, error) {
	out := interp.MustNewTensor(x.DType(), x.Shape())
	n, grain := x.Len(), interp.GrainFor(unCost[op])
	switch x.DType() {
	case interp.F32:
		src, dst := x.F32(), out.F32()
		interp.ParallelFor(n, grain, func(lo, hi int) { unaryF32(op, src[lo:hi], dst[lo:hi]) })
	case interp.F64:
		src, dst := x.F64(), out.F64()
		interp.ParallelFor(n, grain, func(lo, hi int) { unaryF64(op, src[lo:hi], dst[lo:hi]) })
	case interp.I32:
		if err := intUnaryOK(op); err != nil {
			return nil, err
		}
		src, dst := x.I32(), out.I32()
		interp.ParallelFor(n, grain, func(lo, hi int) { unaryInt(op, src[lo:hi], dst[lo:hi]) })
	case interp.I64, interp.Index:
		if err := intUnaryOK(op); err != nil {
			return nil, err
		}
		src, dst := x.I64(), out.I64()
		interp.ParallelFor(n, grain, func(lo, hi int) { unaryInt(op, src[lo:hi], dst[lo:hi]) })
	default:
		return nil, fmt.Errorf("not supported for %s tensors", x.DType())
	}
	return out, nil
}

func intUnaryOK(op unOp) error {
	switch op {
	case opNeg, opAbs, opRelu, opSign:
		return nil
	}
	return errors.New("requires a floating-point tensor")
}

// unaryCommon handles the ops whose rule is generic in the float type;
// it reports whether it did op.
func unaryCommon[T floatT](op unOp, x, out []T) bool {
	x = x[:len(out)]
	var f func(T) T
	switch op {
	case opNeg:
		for i := range out {
			out[i] = -x[i]
		}
		return true
	case opAbs:
		for i := range out {
			out[i] = T(math.Abs(float64(x[i])))
		}
		return true
	case opRelu:
		f = numerics.Relu[T]
	case opSign:
		f = numerics.Sign[T]
	case opReciprocal:
		f = numerics.Reciprocal[T]
	case opSqrt:
		f = numerics.Sqrt[T]
	case opRsqrt:
		f = numerics.Rsqrt[T]
	default:
		return false
	}
	for i := range out {
		out[i] = f(x[i])
	}
	return true
}

// unaryF32 computes a unary op on float32 values: exp, log, tanh, sigmoid
// and erf with the float32 rules of package numerics (within a few ulp;
// the compiled code and the loop-level interpreter use the same ones), the
// others in float64 rounded once.
func unaryF32(op unOp, x, out []float32) {
	if unaryCommon(op, x, out) {
		return
	}
	x = x[:len(out)]
	switch op {
	case opExp:
		for i := range out {
			out[i] = numerics.ExpF32(x[i])
		}
	case opLog:
		for i := range out {
			out[i] = numerics.LogF32(x[i])
		}
	case opTanh:
		for i := range out {
			out[i] = numerics.TanhF32(x[i])
		}
	case opSigmoid:
		for i := range out {
			out[i] = numerics.SigmoidF32(x[i])
		}
	case opErf:
		for i := range out {
			out[i] = numerics.ErfF32(x[i])
		}
	default:
		f := f64Func(op)
		for i := range out {
			out[i] = float32(f(float64(x[i])))
		}
	}
}

// unaryF64 computes a unary op on float64 values.
func unaryF64(op unOp, x, out []float64) {
	if unaryCommon(op, x, out) {
		return
	}
	f := f64Func(op)
	x = x[:len(out)]
	for i := range out {
		out[i] = f(x[i])
	}
}

// f64Func returns the float64 function of a transcendental op.
func f64Func(op unOp) func(float64) float64 {
	switch op {
	case opExp:
		return numerics.ExpF64
	case opLog:
		return numerics.LogF64
	case opTanh:
		return numerics.TanhF64
	case opSigmoid:
		return numerics.SigmoidF64
	case opSin:
		return math.Sin
	case opCos:
		return math.Cos
	case opErf:
		return math.Erf
	}
	panic(fmt.Sprintf("tensork: no float64 function for unary op %d", op))
}

// unaryInt computes neg, abs, relu or sign on integers (wrapping: abs of
// the most negative value is itself).
func unaryInt[T intT](op unOp, x, out []T) {
	x = x[:len(out)]
	f := func(v T) T { return -v }
	switch op {
	case opAbs:
		f = numerics.AbsI[T]
	case opRelu:
		f = numerics.ReluI[T]
	case opSign:
		f = numerics.SignI[T]
	}
	for i := range out {
		out[i] = f(x[i])
	}
}

// ---- gelu ----

// geluKernel is torch.nn.functional.gelu: approximate "none" is
// x·Φ(x) = x/2·(1+erf(x/√2)); "tanh" is x/2·(1+tanh(√(2/π)(x+0.044715x³))),
// both as the decomposition of tensor.gelu computes them
// (numerics.GeluF32 and GeluTanhF32 for f32, GeluF64 and GeluTanhF64 for
// f64), so that the interpreter and the lowered code agree bit for bit.
func geluKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 1)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	if err := requireFloat(x); err != nil {
		return nil, err
	}
	mode, err := interp.AttrString(op, "approximate", "none")
	if err != nil {
		return nil, err
	}
	var f64 func(float64) float64
	var f32 func(float32) float32
	switch mode {
	case "none":
		f64, f32 = numerics.GeluF64, numerics.GeluF32
	case "tanh":
		f64, f32 = numerics.GeluTanhF64, numerics.GeluTanhF32
	default:
		return nil, fmt.Errorf("attribute 'approximate' must be \"none\" or \"tanh\", got %q", mode)
	}
	out := interp.MustNewTensor(x.DType(), x.Shape())
	if x.DType() == interp.F32 {
		mapSlice(x.F32(), out.F32(), 12, f32)
	} else {
		mapSlice(x.F64(), out.F64(), 24, f64)
	}
	return ret(out)
}

// mapSlice sets dst[i] = f(src[i]) in parallel chunks, for items costing
// about cost units each.
func mapSlice[T any](src, dst []T, cost int, f func(T) T) {
	interp.ParallelFor(len(dst), interp.GrainFor(cost), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			dst[i] = f(src[i])
		}
	})
}

// ---- cmp ----

// cmpKernel compares element-wise with predicate eq, ne, lt, le, gt or ge
// (IEEE: every comparison with NaN is false except ne); the result is i1.
func cmpKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 2)
	if err != nil {
		return nil, err
	}
	a, b := ts[0], ts[1]
	if err := sameDType(a, b); err != nil {
		return nil, err
	}
	if err := sameShape(a, b); err != nil {
		return nil, err
	}
	pred, err := interp.AttrString(op, "predicate", "")
	if err != nil {
		return nil, err
	}
	p, ok := cmpPreds[pred]
	if !ok {
		return nil, fmt.Errorf("attribute 'predicate' must be one of eq, ne, lt, le, gt, ge; got %q", pred)
	}
	out := interp.MustNewTensor(interp.I1, a.Shape())
	dst := out.Bool()
	grain := interp.GrainFor(1)
	switch a.DType() {
	case interp.F32:
		interp.ParallelFor(len(dst), grain, func(lo, hi int) { compare(p, a.F32()[lo:hi], b.F32()[lo:hi], dst[lo:hi]) })
	case interp.F64:
		interp.ParallelFor(len(dst), grain, func(lo, hi int) { compare(p, a.F64()[lo:hi], b.F64()[lo:hi], dst[lo:hi]) })
	case interp.I32:
		interp.ParallelFor(len(dst), grain, func(lo, hi int) { compare(p, a.I32()[lo:hi], b.I32()[lo:hi], dst[lo:hi]) })
	case interp.I64, interp.Index:
		interp.ParallelFor(len(dst), grain, func(lo, hi int) { compare(p, a.I64()[lo:hi], b.I64()[lo:hi], dst[lo:hi]) })
	case interp.I1:
		x, y := boolsAsInt8(a.Bool()), boolsAsInt8(b.Bool())
		compare(p, x, y, dst)
	default:
		return nil, fmt.Errorf("unsupported element type %s", a.DType())
	}
	return ret(out)
}

type cmpPred uint8

const (
	cmpEq cmpPred = iota
	cmpNe
	cmpLt
	cmpLe
	cmpGt
	cmpGe
)

var cmpPreds = map[string]cmpPred{"eq": cmpEq, "ne": cmpNe, "lt": cmpLt, "le": cmpLe, "gt": cmpGt, "ge": cmpGe}

type ordered interface {
	~float32 | ~float64 | ~int8 | ~int32 | ~int64
}

func compare[T ordered](p cmpPred, a, b []T, out []bool) {
	a, b = a[:len(out)], b[:len(out)]
	switch p {
	case cmpEq:
		for i := range out {
			out[i] = a[i] == b[i]
		}
	case cmpNe:
		for i := range out {
			out[i] = a[i] != b[i]
		}
	case cmpLt:
		for i := range out {
			out[i] = a[i] < b[i]
		}
	case cmpLe:
		for i := range out {
			out[i] = a[i] <= b[i]
		}
	case cmpGt:
		for i := range out {
			out[i] = a[i] > b[i]
		}
	case cmpGe:
		for i := range out {
			out[i] = a[i] >= b[i]
		}
	}
}

func boolsAsInt8(b []bool) []int8 {
	out := make([]int8, len(b))
	for i, v := range b {
		if v {
			out[i] = 1
		}
	}
	return out
}

// ---- select ----

// selectKernel is torch.where(cond, a, b) for operands of one shape.
func selectKernel(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 3)
	if err != nil {
		return nil, err
	}
	c, a, b := ts[0], ts[1], ts[2]
	if c.DType() != interp.I1 {
		return nil, fmt.Errorf("condition must be an i1 tensor, got %s", c.TypeString())
	}
	if err := sameDType(a, b); err != nil {
		return nil, err
	}
	if err := sameShape(a, b); err != nil {
		return nil, err
	}
	if err := sameShape(c, a); err != nil {
		return nil, err
	}
	out := interp.MustNewTensor(a.DType(), a.Shape())
	cond := c.Bool()
	grain := interp.GrainFor(1)
	switch a.DType() {
	case interp.F32:
		interp.ParallelFor(len(cond), grain, func(lo, hi int) { where(cond[lo:hi], a.F32()[lo:hi], b.F32()[lo:hi], out.F32()[lo:hi]) })
	case interp.F64:
		interp.ParallelFor(len(cond), grain, func(lo, hi int) { where(cond[lo:hi], a.F64()[lo:hi], b.F64()[lo:hi], out.F64()[lo:hi]) })
	case interp.F16, interp.BF16:
		interp.ParallelFor(len(cond), grain, func(lo, hi int) {
			where(cond[lo:hi], a.Bits16()[lo:hi], b.Bits16()[lo:hi], out.Bits16()[lo:hi])
		})
	case interp.I1:
		where(cond, a.Bool(), b.Bool(), out.Bool())
	case interp.I32:
		interp.ParallelFor(len(cond), grain, func(lo, hi int) { where(cond[lo:hi], a.I32()[lo:hi], b.I32()[lo:hi], out.I32()[lo:hi]) })
	default:
		interp.ParallelFor(len(cond), grain, func(lo, hi int) { where(cond[lo:hi], a.I64()[lo:hi], b.I64()[lo:hi], out.I64()[lo:hi]) })
	}
	return ret(out)
}

func where[T any](c []bool, a, b, out []T) {
	a, b = a[:len(c)], b[:len(c)]
	for i, v := range c {
		if v {
			out[i] = a[i]
		} else {
			out[i] = b[i]
		}
	}
}

// ---- cast ----

// castKernel converts to the result's element type as torch's .to() does:
// floats round to nearest even (f64 → f16/bf16 through f32, as c10::Half
// does); floats to integers truncate toward zero, with NaN and
// out-of-range values giving the type's minimum (x86 behaviour); integers
// wrap; anything to i1 is x != 0 (NaN is true); i1 is 0 or 1.
func castKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 1)
	if err != nil {
		return nil, err
	}
	dt, err := interp.ResultDType(op, 0)
	if err != nil {
		return nil, err
	}
	return ret(Cast(ts[0], dt))
}

// Cast converts x to element type dt (see castKernel for the rules).
func Cast(x *interp.Tensor, dt interp.DType) *interp.Tensor {
	if x.DType() == dt {
		return x
	}
	if t := x.WithDType(dt); t != nil && !(x.DType().IsHalf()) {
		return t // i64 <-> index share storage
	}
	if x.DType() == interp.F32 && dt.IsHalf() {
		return narrow(x, dt)
	}
	if x.DType().IsHalf() {
		x = widen(x)
		if dt == interp.F32 {
			return x
		}
	}
	out := interp.MustNewTensor(dt, x.Shape())
	if castFast(x, out) {
		return out
	}
	grain := interp.GrainFor(8)
	if x.DType().IsFloat() {
		interp.ParallelFor(x.Len(), grain, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				out.SetFloat(i, x.Float(i))
			}
		})
		return out
	}
	interp.ParallelFor(x.Len(), grain, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			out.SetInt(i, x.Int(i))
		}
	})
	return out
}

// castFast converts between the common non-half numeric types with typed
// loops (the general path converts element by element through Float/Int);
// it reports whether it handled the pair. The rules are Cast's.
func castFast(x, out *interp.Tensor) bool {
	switch x.DType() {
	case interp.F32:
		return castFrom(x.F32(), out, func(v float32) float64 { return float64(v) })
	case interp.F64:
		return castFrom(x.F64(), out, func(v float64) float64 { return v })
	case interp.I32:
		return castIntFrom(x.I32(), out)
	case interp.I64, interp.Index:
		return castIntFrom(x.I64(), out)
	}
	return false
}

// castFrom converts float data (read through wide) to out's type.
func castFrom[S floatT](src []S, out *interp.Tensor, wide func(S) float64) bool {
	grain := interp.GrainFor(4)
	switch out.DType() {
	case interp.F32:
		dst := out.F32()
		interp.ParallelFor(len(src), grain, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				dst[i] = float32(src[i])
			}
		})
	case interp.F64:
		dst := out.F64()
		interp.ParallelFor(len(src), grain, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				dst[i] = float64(src[i])
			}
		})
	case interp.I32:
		dst := out.I32()
		interp.ParallelFor(len(src), grain, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				dst[i] = int32(numerics.FPToSI(wide(src[i]), 32))
			}
		})
	case interp.I64, interp.Index:
		dst := out.I64()
		interp.ParallelFor(len(src), grain, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				dst[i] = numerics.FPToSI(wide(src[i]), 64)
			}
		})
	case interp.I1:
		dst := out.Bool()
		for i, v := range src {
			dst[i] = numerics.FloatToBool(v)
		}
	default:
		return false
	}
	return true
}

// castIntFrom converts integer data to out's type (floats rounded to
// nearest, numerics.SIToF32; integers wrapped).
func castIntFrom[S intT](src []S, out *interp.Tensor) bool {
	grain := interp.GrainFor(2)
	switch out.DType() {
	case interp.F32:
		dst := out.F32()
		interp.ParallelFor(len(src), grain, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				dst[i] = numerics.SIToF32(int64(src[i]))
			}
		})
	case interp.F64:
		dst := out.F64()
		interp.ParallelFor(len(src), grain, func(lo, hi int) {
			for i := lo; i < hi; i++ {
				dst[i] = float64(src[i])
			}
		})
	case interp.I32:
		dst := out.I32()
		for i, v := range src {
			dst[i] = int32(v)
		}
	case interp.I64, interp.Index:
		dst := out.I64()
		for i, v := range src {
			dst[i] = int64(v)
		}
	case interp.I1:
		dst := out.Bool()
		for i, v := range src {
			dst[i] = v != 0
		}
	default:
		return false
	}
	return true
}
