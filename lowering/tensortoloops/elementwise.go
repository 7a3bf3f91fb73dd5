package tensortoloops

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
	"github.com/tt-compiler/tt/lowering/internal/opclass"
)

// Element-wise body expansion: the scalar code computing one element of a
// kernel value, through its producers.

// elemType returns the element type of a kernel value, rejecting the
// types the loop level does not support.
func elemType(v ir.Value) (ir.Type, error) { return loopElemType(opclass.Elem(v)) }

// loopElemType checks an element type for the loop level.
func loopElemType(t ir.Type) (ir.Type, error) {
	if ft, ok := t.(*ir.FloatType); ok && ft.Kind != ir.F32 && ft.Kind != ir.F64 && !isHalf(t) {
		return nil, fmt.Errorf("element type %s is not supported at the loop level (f16, bf16, f32, f64, i1, i32 and i64 are)", t)
	}
	if it, ok := t.(*ir.IntegerType); ok && it.Width != 1 && it.Width != 32 && it.Width != 64 {
		return nil, fmt.Errorf("element type %s is not supported at the loop level (f32, f64, i1, i32 and i64 are)", t)
	}
	return t, nil
}

// scalar emits the computation of element idx of the kernel value v.
func (g *gen) scalar(v ir.Value, idx []affine.Expr) ir.Value {
	key := "v" + strconv.Itoa(g.id(v)) + affine.IndexKey(idx)
	if s := g.lookup(key); s != nil {
		return s
	}
	s := g.compute(v, idx, key)
	g.frameOf(s).memo[key] = s
	return s
}

func (g *gen) compute(v ir.Value, idx []affine.Expr, key string) ir.Value {
	t := opclass.Elem(v)
	if _, err := loopElemType(t); err != nil {
		g.fail(err)
		return g.placeholder(t)
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
		return g.failf(t, "internal error: no definition for a kernel value of type %s", v.Type())
	}
	name := op.Name()
	switch {
	case opclass.IsArithElementwise(name):
		return g.arithElem(op, idx)
	case opclass.IsUnary(name) || opclass.IsBinary(name):
		if v, ok := g.wideSum(op, idx); ok {
			return v
		}
		xs := make([]ir.Value, op.NumOperands())
		for i, x := range op.Operands() {
			xs[i] = g.scalar(x, idx)
		}
		return g.elementwise(op, xs)
	case name == tensor.CmpName:
		a := g.scalar(op.Operand(0), idx)
		b := g.scalar(op.Operand(1), idx)
		return g.compare(tensor.Predicate(op), a, b)
	case name == tensor.SelectName:
		var xs [3]ir.Value
		for i := range xs {
			xs[i] = g.scalar(op.Operand(i), idx)
		}
		return g.selectOp(xs[0], xs[1], xs[2])
	case name == tensor.CastName:
		return g.convert(g.scalar(op.Operand(0), idx), t)
	case opclass.Classify(op) == opclass.View:
		return g.scalar(op.Operand(0), g.operandIndex(op, idx))
	}
	switch name {
	case tensor.ConstantName, arith.ConstantName:
		return g.constantElem(op, idx)
	case tensor.FullName:
		a, err := convertAttr(op.Attr("value"), t)
		if err != nil {
			g.fail(err)
			return g.placeholder(t)
		}
		return g.constant(a)
	case tensor.IotaName:
		d, ok := tensor.NormalizedDim(op)
		if !ok || d >= len(idx) {
			return g.failf(t, "bad iota dim")
		}
		return g.fromIndex(g.index(idx[d]), t)
	case tensor.PadName:
		return g.pad(op, idx)
	case tensor.ConcatName:
		return g.concat(op, idx)
	case tensor.GatherName:
		return g.gather(op, idx)
	case tensor.MaxPool2DName:
		return g.maxPool(op, idx)
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ReduceMeanName, tensor.ArgMaxName:
		return g.reduceOnDemand(op, idx, key)
	case tensor.MatMulName:
		return g.matmulElem(op, idx)
	case tensor.Conv2DName:
		return g.convElem(op, idx)
	}
	return g.failf(t, "'%s' cannot be computed inside a loop kernel", name)
}

// arithElem computes element idx of an arith or math op applied to
// tensors: the same op (name and attributes) on the operands' elements.
// Integer divisions and remainders may trap, so they stay under the
// guards that keep their operands meaningful.
func (g *gen) arithElem(op *ir.Operation, idx []affine.Expr) ir.Value {
	xs := make([]ir.Value, op.NumOperands())
	for i, x := range op.Operands() {
		xs[i] = g.scalar(x, idx)
	}
	t := opclass.Elem(op.Result(0))
	if castLike(op.Name()) && len(xs) == 1 {
		return g.convert(xs[0], t)
	}
	f := g.deepest(nil, xs...)
	if arithTraps(op.Name()) {
		f = g.deepest(deeper(g.floor, g.first), xs...)
	}
	return g.emit(f, func(b *ir.Builder) ir.Value {
		st := &ir.OperationState{Name: op.Name(), Operands: xs, ResultTypes: []ir.Type{t}, Attrs: slices.Clone(op.Attrs())}
		return b.Build(st).Result(0)
	})
}

// castLike reports the arith conversions that convert as tensor.cast does
// (signed integers, floats rounded to nearest even): lowered as the cast,
// they also move 16-bit floats without computing on them (widen.go).
func castLike(name string) bool {
	switch name {
	case arith.ExtFName, arith.TruncFName, arith.SIToFPName, arith.FPToSIName, arith.ExtSIName, arith.TruncIName,
		arith.IndexCastName:
		return true
	}
	return false
}

// arithTraps reports the arith ops that fail on some operands (integer
// division and remainder by zero).
func arithTraps(name string) bool {
	switch name {
	case arith.DivSIName, arith.DivUIName, arith.CeilDivSIName, arith.CeilDivUIName, arith.FloorDivSIName,
		arith.RemSIName, arith.RemUIName:
		return true
	}
	return false
}

// operandIndex maps an index into the result of a view to the index of
// the operand element it reads.
func (g *gen) operandIndex(op *ir.Operation, idx []affine.Expr) []affine.Expr {
	oi, err := opclass.OperandIndex(g.ix, op, idx, g.sizeFunc)
	if err != nil {
		g.fail(err)
		return make([]affine.Expr, len(opclass.Shape(op.Operand(0))))
	}
	return oi
}

// The arith and math ops of element-wise tensor ops on floats.
var (
	floatUnary = map[string]unaryBuilder{
		tensor.NegName: arith.NegF, tensor.AbsName: arith.MathAbsF, tensor.ExpName: arith.MathExp,
		tensor.LogName: arith.MathLog, tensor.SqrtName: arith.MathSqrt, tensor.RsqrtName: arith.MathRsqrt,
		tensor.TanhName: arith.MathTanh, tensor.SinName: arith.MathSin, tensor.CosName: arith.MathCos,
		tensor.ErfName: arith.MathErf,
	}
	floatBinary = map[string]binaryBuilder{
		tensor.AddName: arith.AddF, tensor.SubName: arith.SubF, tensor.MulName: arith.MulF, tensor.DivName: arith.DivF,
		tensor.MaxName: arith.MaxF, tensor.MinName: arith.MinF, tensor.PowName: arith.MathPowF,
	}
	// On i1, add and max are or, mul and min are and.
	boolBinary = map[string]binaryBuilder{
		tensor.AddName: arith.OrI, tensor.MaxName: arith.OrI, tensor.MulName: arith.AndI, tensor.MinName: arith.AndI,
	}
	intBinary = map[string]binaryBuilder{
		tensor.AddName: arith.AddI, tensor.SubName: arith.SubI, tensor.MulName: arith.MulI,
		tensor.MaxName: arith.MaxSI, tensor.MinName: arith.MinSI,
	}
)

// elementwise emits the scalar code of an element-wise tensor op.
func (g *gen) elementwise(op *ir.Operation, xs []ir.Value) ir.Value {
	t := xs[0].Type()
	name := op.Name()
	switch {
	case ir.IsFloat(t):
		if f := floatUnary[name]; f != nil {
			return g.unary(f, xs[0])
		}
		if f := floatBinary[name]; f != nil {
			return g.binary(f, xs[0], xs[1])
		}
		switch name {
		case tensor.ReciprocalName:
			return g.binary(arith.DivF, g.scalarConst(t, 1), xs[0])
		case tensor.ReluName:
			zero := g.scalarConst(t, 0)
			return g.selectOp(g.cmpf("olt", xs[0], zero), zero, xs[0])
		case tensor.SigmoidName:
			e := g.unary(arith.MathExp, g.unary(arith.NegF, xs[0]))
			one := g.scalarConst(t, 1)
			return g.binary(arith.DivF, one, g.binary(arith.AddF, one, e))
		}
	case ir.IntWidth(t) == 1:
		if f := boolBinary[name]; f != nil {
			return g.binary(f, xs[0], xs[1])
		}
		switch name {
		case tensor.AbsName, tensor.ReluName, tensor.NegName:
			return xs[0]
		}
		return g.failf(t, "'%s' is not supported on i1", op.Name())
	default:
		if f := intBinary[name]; f != nil {
			return g.binary(f, xs[0], xs[1])
		}
		switch name {
		case tensor.DivName:
			return g.intDiv(xs[0], xs[1])
		case tensor.NegName:
			return g.binary(arith.SubI, g.intConst(t, 0), xs[0])
		case tensor.AbsName:
			return g.unary(arith.MathAbsI, xs[0])
		case tensor.ReluName:
			return g.binary(arith.MaxSI, xs[0], g.intConst(t, 0))
		case tensor.PowName:
			// ATen's integer pow (numerics.IPow), which math.ipowi computes.
			return g.binary(arith.MathIPowI, xs[0], xs[1])
		}
	}
	return g.failf(t, "'%s' is not supported on %s", op.Name(), t)
}

// intDiv divides integers truncating toward zero; MIN / -1 wraps to MIN
// (arith.divsi's choice in the interpreter, and tensor.div's).
func (g *gen) intDiv(a, b ir.Value) ir.Value { return g.trapping(arith.DivSI, a, b) }

// Predicates of tensor.cmp on floats, signed integers and i1.
var (
	floatPredicates = map[string]string{"eq": "oeq", "ne": "une", "lt": "olt", "le": "ole", "gt": "ogt", "ge": "oge"}
	intPredicates   = map[string]string{"eq": "eq", "ne": "ne", "lt": "slt", "le": "sle", "gt": "sgt", "ge": "sge"}
	boolPredicates  = map[string]string{"eq": "eq", "ne": "ne", "lt": "ult", "le": "ule", "gt": "ugt", "ge": "uge"}
)

// compare emits tensor.cmp on scalars.
func (g *gen) compare(pred string, a, b ir.Value) ir.Value {
	t := a.Type()
	i1 := g.ctx().I1()
	if ir.IsFloat(t) {
		p := floatPredicates[pred]
		if p == "" {
			return g.failf(i1, "bad predicate %q", pred)
		}
		return g.cmpf(p, a, b)
	}
	preds := intPredicates
	if ir.IntWidth(t) == 1 {
		preds = boolPredicates
	}
	p := preds[pred]
	if p == "" {
		return g.failf(i1, "bad predicate %q", pred)
	}
	return g.cmpi(p, a, b)
}

// convert emits tensor.cast on a scalar (PyTorch's .to() rules, as the
// interpreter's tensor.cast).
func (g *gen) convert(x ir.Value, to ir.Type) ir.Value {
	from := x.Type()
	if from == to {
		return x
	}
	ff, tf := ir.IsFloat(from), ir.IsFloat(to)
	fw, tw := ir.IntWidth(from), ir.IntWidth(to)
	switch {
	case isHalf(from) && to != g.ctx().F32():
		// 16-bit values only widen to f32 (exactly); f32 converts on.
		return g.convert(g.cast(arith.ExtF, g.ctx().F32(), x), to)
	case isHalf(to) && from != g.ctx().F32():
		// To a 16-bit type through f32, as c10::Half converts (f64 and
		// wide integers round twice, as in PyTorch).
		return g.cast(arith.TruncF, to, g.convert(x, g.ctx().F32()))
	case ff && tf:
		if from.(*ir.FloatType).Width() < to.(*ir.FloatType).Width() {
			return g.cast(arith.ExtF, to, x)
		}
		return g.cast(arith.TruncF, to, x)
	case ff && tw == 1:
		return g.cmpf("une", x, g.scalarConst(from, 0))
	case ff:
		return g.cast(arith.FPToSI, to, x)
	case tf && fw == 1:
		return g.cast(arith.UIToFP, to, x)
	case tf:
		return g.cast(arith.SIToFP, to, x)
	case tw == 1:
		return g.cmpi("ne", x, g.intConst(from, 0))
	case fw == 1:
		return g.cast(arith.ExtUI, to, x)
	case fw < tw:
		return g.cast(arith.ExtSI, to, x)
	}
	return g.cast(arith.TruncI, to, x)
}

// fromIndex converts an index value to an element type.
func (g *gen) fromIndex(i ir.Value, t ir.Type) ir.Value {
	if ir.IsIndex(t) {
		return i
	}
	return g.convert(g.cast(arith.IndexCast, g.ctx().I64(), i), t)
}

// toIndex converts an integer scalar to an index.
func (g *gen) toIndex(x ir.Value) ir.Value {
	if ir.IsIndex(x.Type()) {
		return x
	}
	if ir.IntWidth(x.Type()) == 1 {
		x = g.cast(arith.ExtUI, g.ctx().I64(), x)
	}
	return g.cast(arith.IndexCast, g.ctx().Index(), x)
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
