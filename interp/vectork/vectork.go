// Package vectork holds the interpreter kernels of the vector dialect:
// vector.load and vector.store (bounds-checked, along a buffer's last
// dimension), vector.broadcast and vector.splat of scalars, vector.fma and
// vector.reduction. Vectors are interp.Tensors of the vector's shape;
// element-wise arith and math on vectors are arithk's.
//
// vector.fma rounds once, as math.fma: math.FMA for f64; for f32, f16 and
// bf16 numerics.FMAOdd (the exact product added in float64 rounding to
// odd), then rounded to the type, which gives the correctly rounded result.
//
// vector.reduction combines the lanes in lane order, rounding each step to
// the element type; minf and maxf are numerics.Minimum and Maximum
// (arith.minf/maxf: NaN propagates, -0 < +0), and integer kinds wrap at the
// type's width, with i1 signed values 0 and -1.
package vectork

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/loopsk"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// Register adds the kernels of the vector dialect to r.
func Register(r *interp.Registry) {
	for name, k := range map[string]interp.Kernel{
		vector.LoadName:      loadKernel,
		vector.StoreName:     storeKernel,
		vector.BroadcastName: broadcastKernel,
		vector.SplatName:     broadcastKernel,
		vector.FMAName:       fmaKernel,
		vector.ReductionName: reductionKernel,
	} {
		r.Register(name, withFreedNotes(k))
	}
}

func withFreedNotes(k interp.Kernel) interp.Kernel {
	return func(e *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		res, err := k(e, op, args)
		if err != nil {
			return nil, interp.FreedDiagnostic(op, err)
		}
		return res, nil
	}
}

// vectorShape returns the shape of the op's result #0, a vector.
func vectorShape(op *ir.Operation) ([]int64, error) {
	if op.NumResults() != 1 {
		return nil, fmt.Errorf("expected 1 result, got %d", op.NumResults())
	}
	v, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok {
		return nil, fmt.Errorf("result type %s is not a vector", op.Result(0).Type())
	}
	return v.Shape(), nil
}

// checkVectorRank rejects vectors of rank > 1 (the kernels move elements
// along one dimension).
func checkVectorRank(shape []int64) error {
	if len(shape) > 1 {
		return fmt.Errorf("vectors of rank %d are not supported (only 0-D and 1-D)", len(shape))
	}
	return nil
}

func loadKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	shape, err := vectorShape(op)
	if err != nil {
		return nil, err
	}
	if err := checkVectorRank(shape); err != nil {
		return nil, err
	}
	b, err := loopsk.Buffer(args, 0)
	if err != nil {
		return nil, err
	}
	idx, err := loopsk.Indices(args, 1)
	if err != nil {
		return nil, err
	}
	v, err := b.LoadVector(idx, shape)
	if err != nil {
		return nil, err
	}
	return []interp.Value{v}, nil
}

func storeKernel(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) < 2 {
		return nil, fmt.Errorf("expected a vector and a buffer, got %d operands", len(args))
	}
	v, ok := args[0].(*interp.Tensor)
	if !ok {
		return nil, fmt.Errorf("operand #0 is %v, not a vector", args[0])
	}
	if err := checkVectorRank(v.Shape()); err != nil {
		return nil, err
	}
	b, err := loopsk.Buffer(args, 1)
	if err != nil {
		return nil, err
	}
	idx, err := loopsk.Indices(args, 2)
	if err != nil {
		return nil, err
	}
	return nil, b.StoreVector(idx, v)
}

// broadcastKernel fills a vector of the result's shape with a scalar
// (vector.broadcast and vector.splat).
func broadcastKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	shape, err := vectorShape(op)
	if err != nil {
		return nil, err
	}
	if len(args) != 1 {
		return nil, fmt.Errorf("expected 1 operand, got %d", len(args))
	}
	s, ok := args[0].(*interp.Tensor)
	if !ok || s.Rank() != 0 {
		return nil, fmt.Errorf("the source must be a scalar, got %v", args[0])
	}
	out, err := interp.NewTensor(s.DType(), shape)
	if err != nil {
		return nil, err
	}
	for i := range out.Len() {
		switch out.DType() {
		case interp.F16, interp.BF16:
			out.Bits16()[i] = s.Bits16()[0]
		case interp.F32:
			out.F32()[i] = s.F32()[0]
		case interp.F64:
			out.F64()[i] = s.F64()[0]
		case interp.I1:
			out.Bool()[i] = s.Bool()[0]
		case interp.I32:
			out.I32()[i] = s.I32()[0]
		default:
			out.I64()[i] = s.I64()[0]
		}
	}
	return []interp.Value{out}, nil
}

// fmaKernel is vector.fma: lhs*rhs + acc lane by lane, rounded once.
func fmaKernel(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 3 {
		return nil, fmt.Errorf("expected 3 operands, got %d", len(args))
	}
	ts, err := interp.Tensors(args)
	if err != nil {
		return nil, err
	}
	a, b, c := ts[0], ts[1], ts[2]
	dt := a.DType()
	for _, t := range ts[1:] {
		if t.DType() != dt || !slices.Equal(t.Shape(), a.Shape()) {
			return nil, fmt.Errorf("operands differ at run time: %s and %s", a.TypeString(), t.TypeString())
		}
	}
	if !dt.IsFloat() {
		return nil, fmt.Errorf("expected floating-point vectors, got %s", a.TypeString())
	}
	out := interp.MustNewTensor(dt, a.Shape())
	switch dt {
	case interp.F64:
		for i := range out.F64() {
			out.F64()[i] = math.FMA(a.F64()[i], b.F64()[i], c.F64()[i])
		}
	case interp.F32:
		for i := range out.F32() {
			out.F32()[i] = float32(numerics.FMAOdd(float64(a.F32()[i]), float64(b.F32()[i]), float64(c.F32()[i])))
		}
	default:
		for i := range out.Len() {
			out.SetFloat(i, roundTo(dt, numerics.FMAOdd(a.Float(i), b.Float(i), c.Float(i))))
		}
	}
	return []interp.Value{out}, nil
}

// roundTo rounds x (a float64) once to the float type dt, returned as a
// float64 (exactly representable).
func roundTo(dt interp.DType, x float64) float64 {
	switch dt {
	case interp.F32:
		return float64(float32(x))
	case interp.F16:
		return float64(interp.F16ToF32(ir.Float16Bits(x)))
	case interp.BF16:
		return float64(interp.BF16ToF32(ir.BFloat16Bits(x)))
	}
	return x
}

// reductionKernel is vector.reduction: the lanes combined in lane order.
func reductionKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 1 {
		return nil, fmt.Errorf("expected 1 operand, got %d", len(args))
	}
	v, ok := args[0].(*interp.Tensor)
	if !ok {
		return nil, fmt.Errorf("operand #0 is %v, not a vector", args[0])
	}
	kind := vector.Kind(op)
	r, err := Reduce(kind, v)
	if err != nil {
		return nil, err
	}
	return []interp.Value{r}, nil
}

var errEmpty = errors.New("cannot reduce a vector of no elements")

// Reduce combines the elements of v in order with the vector.reduction
// kind (add, mul, minf, maxf, minsi, maxsi, minui, maxui, and, or, xor) and
// returns the scalar.
func Reduce(kind string, v *interp.Tensor) (*interp.Tensor, error) {
	n := v.Len()
	if n == 0 {
		return nil, errEmpty
	}
	dt := v.DType()
	if dt.IsFloat() {
		f, ok := floatKinds[kind]
		if !ok {
			return nil, fmt.Errorf("reduction kind %q does not apply to %s", kind, dt)
		}
		acc := v.Float(0)
		for i := 1; i < n; i++ {
			acc = roundTo(dt, f(acc, v.Float(i)))
		}
		out := interp.MustNewTensor(dt, nil)
		out.SetFloat(0, acc)
		return out, nil
	}
	f, ok := intKinds[kind]
	if !ok || !dt.IsInt() {
		return nil, fmt.Errorf("reduction kind %q does not apply to %s", kind, dt)
	}
	w := uint(dt.Bits())
	mask := uint64(math.MaxUint64)
	if w < 64 {
		mask = 1<<w - 1
	}
	acc := uint64(v.Int(0)) & mask
	for i := 1; i < n; i++ {
		acc = f(acc, uint64(v.Int(i))&mask, w) & mask
	}
	out := interp.MustNewTensor(dt, nil)
	out.SetInt(0, sext(acc, w))
	return out, nil
}

// sext sign-extends the w-bit pattern x.
func sext(x uint64, w uint) int64 {
	s := 64 - w
	return int64(x<<s) >> s
}

var floatKinds = map[string]func(a, b float64) float64{
	"add":  func(a, b float64) float64 { return a + b },
	"mul":  func(a, b float64) float64 { return a * b },
	"maxf": numerics.Maximum[float64],
	"minf": numerics.Minimum[float64],
}

// intKinds combine w-bit patterns (zero-extended to uint64).
var intKinds = map[string]func(a, b uint64, w uint) uint64{
	"add": func(a, b uint64, _ uint) uint64 { return a + b },
	"mul": func(a, b uint64, _ uint) uint64 { return a * b },
	"and": func(a, b uint64, _ uint) uint64 { return a & b },
	"or":  func(a, b uint64, _ uint) uint64 { return a | b },
	"xor": func(a, b uint64, _ uint) uint64 { return a ^ b },
	"minui": func(a, b uint64, _ uint) uint64 {
		return min(a, b)
	},
	"maxui": func(a, b uint64, _ uint) uint64 {
		return max(a, b)
	},
	"minsi": func(a, b uint64, w uint) uint64 {
		if sext(a, w) <= sext(b, w) {
			return a
		}
		return b
	},
	"maxsi": func(a, b uint64, w uint) uint64 {
		if sext(a, w) >= sext(b, w) {
			return a
		}
		return b
	},
}
