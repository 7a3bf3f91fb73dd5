// Package arithk holds the interpreter kernels of MLIR's arith and math
// dialects (MLIR 16 names, plus the later spellings maximumf, minimumf,
// maxnumf and minnumf), on scalars and element-wise on vectors and tensors.
//
// Scalars are rank-0 interp.Tensors; vectors and tensors are tensors of
// their shape. Integer ops have two's-complement semantics at the type's
// width (i1, i32, i64, index); float ops are IEEE 754 in the type's format
// (f16, bf16, f32, f64), each result rounded once to nearest even. The
// fastmath attribute is ignored.
//
// What each op computes is package numerics' rule, which the constant
// folders and the Go code that emit/go generates use too: where MLIR
// leaves a result undefined, division by zero is a run-time error,
// MIN / -1 wraps, oversized shifts give 0 or the sign, fptosi/fptoui of
// NaN or out-of-range values give 1 << (width-1), math.ipowi with a
// negative exponent truncates 1/a**|e|, arith.remf is C's fmod; see the
// functions there.
//
// math.fma is rounded once (numerics.FMAOdd for f32, f16 and bf16).
// math.exp, math.log, math.tanh and math.erf on f32 use numerics' fast
// single-precision functions (accurate to 1-2 ulp, not correctly rounded)
// and math.rsqrt on f32 rounds the square root before dividing
// (numerics.Rsqrt); the other math functions, and these on the other float
// types, are computed in float64 and rounded once.
package arithk

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// Register adds every arith and math kernel to r.
func Register(r *interp.Registry) {
	for name, f := range intBinaryOps {
		r.Register(name, intBinaryKernel(f))
	}
	for name, f := range floatBinaryOps {
		r.Register(name, floatBinaryKernel(f))
	}
	for name, f := range floatUnaryOps {
		r.Register(name, floatUnaryKernel(f, f32UnaryOps[name]))
	}
	for name, f := range intUnaryOps {
		r.Register(name, intUnaryKernel(f))
	}
	for name, f := range floatClassOps {
		r.Register(name, floatClassKernel(f))
	}
	r.Register(arith.AddUIExtendedName, addUIExtended)
	r.Register(arith.MulSIExtendedName, mulExtended(true))
	r.Register(arith.MulUIExtendedName, mulExtended(false))
	r.Register(arith.CmpIName, cmpiKernel)
	r.Register(arith.CmpFName, cmpfKernel)
	r.Register(arith.SelectName, selectKernel)
	r.Register(arith.ConstantName, constantKernel)
	r.Register(arith.MathFMAName, fmaKernel)
	r.Register(arith.MathFPowIName, fpowiKernel)
	registerCasts(r)
}

// operands checks the operand count, that all are tensors of one shape,
// and returns them.
func operands(args []interp.Value, n int) ([]*interp.Tensor, error) {
	if len(args) != n {
		return nil, fmt.Errorf("expected %d operands, got %d", n, len(args))
	}
	ts, err := interp.Tensors(args)
	if err != nil {
		return nil, err
	}
	for _, t := range ts[1:] {
		if !slices.Equal(t.Shape(), ts[0].Shape()) {
			return nil, fmt.Errorf("operand shapes differ at run time: %s vs %s", ts[0].TypeString(), t.TypeString())
		}
	}
	return ts, nil
}

// sameTypes checks that every operand has the first one's element type.
func sameTypes(ts []*interp.Tensor) error {
	for _, t := range ts[1:] {
		if t.DType() != ts[0].DType() {
			return fmt.Errorf("operand types differ: %s vs %s", ts[0].DType(), t.DType())
		}
	}
	return nil
}

func one(t *interp.Tensor) ([]interp.Value, error) { return []interp.Value{t}, nil }

// ---- integer binary ops ----

// intBinary computes one w-bit result from two w-bit operands.
type intBinary func(a, b uint64, w int) (uint64, error)

var errDivZero = errors.New("integer division by zero")

var intBinaryOps = map[string]intBinary{
	arith.AddIName: func(a, b uint64, w int) (uint64, error) { return a + b, nil },
	arith.SubIName: func(a, b uint64, w int) (uint64, error) { return a - b, nil },
	arith.MulIName: func(a, b uint64, w int) (uint64, error) { return a * b, nil },
	arith.AndIName: func(a, b uint64, w int) (uint64, error) { return a & b, nil },
	arith.OrIName:  func(a, b uint64, w int) (uint64, error) { return a | b, nil },
	arith.XOrIName: func(a, b uint64, w int) (uint64, error) { return a ^ b, nil },

	arith.DivSIName:      divisor(signed(numerics.DivS[int32], numerics.DivS[int64])),
	arith.RemSIName:      divisor(signed(numerics.RemS[int32], numerics.RemS[int64])),
	arith.CeilDivSIName:  divisor(signed(numerics.CeilDivS[int32], numerics.CeilDivS[int64])),
	arith.FloorDivSIName: divisor(signed(numerics.FloorDivS[int32], numerics.FloorDivS[int64])),
	arith.DivUIName:      divisor(unsigned(numerics.DivU[uint32], numerics.DivU[uint64])),
	arith.RemUIName:      divisor(unsigned(numerics.RemU[uint32], numerics.RemU[uint64])),
	arith.CeilDivUIName:  divisor(unsigned(numerics.CeilDivU[uint32], numerics.CeilDivU[uint64])),
	arith.ShLIName:       signed(numerics.ShiftLeft[int32], numerics.ShiftLeft[int64]),
	arith.ShRSIName:      signed(numerics.ShiftRightS[int32], numerics.ShiftRightS[int64]),
	arith.ShRUIName:      unsigned(numerics.ShiftRightU[uint32], numerics.ShiftRightU[uint64]),
	arith.MathIPowIName:  signed(numerics.IPow[int32], numerics.IPow[int64]),

	arith.MaxSIName: func(a, b uint64, w int) (uint64, error) { return uint64(max(sext(a, w), sext(b, w))), nil },
	arith.MinSIName: func(a, b uint64, w int) (uint64, error) { return uint64(min(sext(a, w), sext(b, w))), nil },
	arith.MaxUIName: func(a, b uint64, w int) (uint64, error) { return max(a, b), nil },
	arith.MinUIName: func(a, b uint64, w int) (uint64, error) { return min(a, b), nil },
}

// signed applies a rule of package numerics to w-bit patterns read as
// signed: the i32 rule for i32, the i64 rule for i64 and index, and for i1
// the i64 rule on the sign-extended values (-1 and 0), whose result the
// kernel truncates to one bit (every rule here is exact modulo 2**w).
func signed(f32 func(a, b int32) int32, f64 func(a, b int64) int64) intBinary {
	return func(a, b uint64, w int) (uint64, error) {
		if w == 32 {
			return uint64(uint32(f32(int32(a), int32(b)))), nil
		}
		return uint64(f64(sext(a, w), sext(b, w))), nil
	}
}

// unsigned is signed for the rules that read their operands as unsigned.
func unsigned(f32 func(a, b uint32) uint32, f64 func(a, b uint64) uint64) intBinary {
	return func(a, b uint64, w int) (uint64, error) {
		if w == 32 {
			return uint64(f32(uint32(a), uint32(b))), nil
		}
		return f64(a, b), nil
	}
}

// divisor makes a division by zero a run-time error, tt's choice (see
// package numerics).
func divisor(f intBinary) intBinary {
	return func(a, b uint64, w int) (uint64, error) {
		if b == 0 {
			return 0, errDivZero
		}
		return f(a, b, w)
	}
}

func intBinaryKernel(f intBinary) interp.Kernel {
	return func(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		ts, err := operands(args, 2)
		if err != nil {
			return nil, err
		}
		if err := sameTypes(ts); err != nil {
			return nil, err
		}
		a, err := loadInts(ts[0])
		if err != nil {
			return nil, err
		}
		b, err := loadInts(ts[1])
		if err != nil {
			return nil, err
		}
		w := intWidth(ts[0].DType())
		m := mask(w)
		for i := range a {
			v, err := f(a[i], b[i], w)
			if err != nil {
				return nil, err
			}
			a[i] = v & m
		}
		return one(storeInts(ts[0].DType(), ts[0].Shape(), a))
	}
}

// ---- extended integer ops ----

// addUIExtended returns the wrapped sum and an i1 overflow (carry) flag
// (numerics.AddUIExtended32 and 64; on i1 the carry of a 1-bit sum).
func addUIExtended(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := operands(args, 2)
	if err != nil {
		return nil, err
	}
	if err := sameTypes(ts); err != nil {
		return nil, err
	}
	a, err := loadInts(ts[0])
	if err != nil {
		return nil, err
	}
	b, err := loadInts(ts[1])
	if err != nil {
		return nil, err
	}
	w := intWidth(ts[0].DType())
	carry := make([]uint64, len(a))
	for i := range a {
		var c bool
		switch w {
		case 32:
			s, cc := numerics.AddUIExtended32(int32(a[i]), int32(b[i]))
			a[i], c = uint64(uint32(s)), cc
		case 64:
			s, cc := numerics.AddUIExtended64(int64(a[i]), int64(b[i]))
			a[i], c = uint64(s), cc
		default: // i1
			a[i], c = a[i]^b[i], a[i]&b[i] != 0
		}
		if c {
			carry[i] = 1
		}
	}
	return []interp.Value{storeInts(ts[0].DType(), ts[0].Shape(), a), storeInts(interp.I1, ts[0].Shape(), carry)}, nil
}

// mulExtended returns the low and high halves of the full 2w-bit product,
// signed or unsigned (numerics.MulSIExtended32 and its siblings; on i1 the
// 2-bit product of the 1-bit values).
func mulExtended(signed bool) interp.Kernel {
	return func(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		ts, err := operands(args, 2)
		if err != nil {
			return nil, err
		}
		if err := sameTypes(ts); err != nil {
			return nil, err
		}
		a, err := loadInts(ts[0])
		if err != nil {
			return nil, err
		}
		b, err := loadInts(ts[1])
		if err != nil {
			return nil, err
		}
		w := intWidth(ts[0].DType())
		hi := make([]uint64, len(a))
		for i := range a {
			switch {
			case w == 32 && signed:
				l, h := numerics.MulSIExtended32(int32(a[i]), int32(b[i]))
				a[i], hi[i] = uint64(uint32(l)), uint64(uint32(h))
			case w == 32:
				l, h := numerics.MulUIExtended32(int32(a[i]), int32(b[i]))
				a[i], hi[i] = uint64(uint32(l)), uint64(uint32(h))
			case w == 64 && signed:
				l, h := numerics.MulSIExtended64(int64(a[i]), int64(b[i]))
				a[i], hi[i] = uint64(l), uint64(h)
			case w == 64:
				l, h := numerics.MulUIExtended64(int64(a[i]), int64(b[i]))
				a[i], hi[i] = uint64(l), uint64(h)
			default: // i1: (-1)·(-1) = 1·1 = 1, high bit 0
				a[i], hi[i] = a[i]&b[i], 0
			}
		}
		dt := ts[0].DType()
		return []interp.Value{storeInts(dt, ts[0].Shape(), a), storeInts(dt, ts[0].Shape(), hi)}, nil
	}
}

// ---- integer unary ops ----

type intUnary func(v uint64, w int) uint64

var intUnaryOps = map[string]intUnary{
	arith.MathAbsIName: func(v uint64, w int) uint64 {
		if x := sext(v, w); x < 0 {
			return uint64(-x)
		}
		return v
	},
	arith.MathCtlzName:  func(v uint64, w int) uint64 { return uint64(bits.LeadingZeros64(v) - (64 - w)) },
	arith.MathCttzName:  func(v uint64, w int) uint64 { return uint64(min(bits.TrailingZeros64(v), w)) },
	arith.MathCtpopName: func(v uint64, w int) uint64 { return uint64(bits.OnesCount64(v)) },
}

func intUnaryKernel(f intUnary) interp.Kernel {
	return func(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		ts, err := operands(args, 1)
		if err != nil {
			return nil, err
		}
		a, err := loadInts(ts[0])
		if err != nil {
			return nil, err
		}
		w := intWidth(ts[0].DType())
		for i, v := range a {
			a[i] = f(v, w) & mask(w)
		}
		return one(storeInts(ts[0].DType(), ts[0].Shape(), a))
	}
}

// ---- float ops ----

type floatBinary func(a, b float64) float64

var floatBinaryOps = map[string]floatBinary{
	arith.AddFName:         func(a, b float64) float64 { return a + b },
	arith.SubFName:         func(a, b float64) float64 { return a - b },
	arith.MulFName:         func(a, b float64) float64 { return a * b },
	arith.DivFName:         func(a, b float64) float64 { return a / b },
	arith.RemFName:         numerics.Rem[float64],
	arith.MaxFName:         numerics.Maximum[float64],
	arith.MaximumFName:     numerics.Maximum[float64],
	arith.MinFName:         numerics.Minimum[float64],
	arith.MinimumFName:     numerics.Minimum[float64],
	"arith.maxnumf":        numerics.MaxNum[float64],
	"arith.minnumf":        numerics.MinNum[float64],
	arith.MathPowFName:     numerics.Pow[float64],
	arith.MathAtan2Name:    math.Atan2,
	arith.MathCopySignName: math.Copysign,
}

func floatBinaryKernel(f floatBinary) interp.Kernel {
	return func(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		ts, err := operands(args, 2)
		if err != nil {
			return nil, err
		}
		if err := sameTypes(ts); err != nil {
			return nil, err
		}
		a, err := loadFloats(ts[0])
		if err != nil {
			return nil, err
		}
		b, err := loadFloats(ts[1])
		if err != nil {
			return nil, err
		}
		for i := range a {
			a[i] = f(a[i], b[i])
		}
		return one(storeFloats(ts[0].DType(), ts[0].Shape(), a))
	}
}

var floatUnaryOps = map[string]func(float64) float64{
	arith.NegFName:          func(v float64) float64 { return -v },
	arith.MathAbsFName:      math.Abs,
	arith.MathCeilName:      math.Ceil,
	arith.MathFloorName:     math.Floor,
	arith.MathRoundName:     math.Round,
	arith.MathRoundEvenName: math.RoundToEven,
	arith.MathTruncName:     math.Trunc,
	arith.MathSqrtName:      math.Sqrt,
	arith.MathRsqrtName:     numerics.Rsqrt[float64],
	arith.MathExpName:       numerics.ExpF64,
	arith.MathExp2Name:      math.Exp2,
	arith.MathExpM1Name:     math.Expm1,
	arith.MathLogName:       numerics.LogF64,
	arith.MathLog2Name:      math.Log2,
	arith.MathLog10Name:     numerics.Log10F64,
	arith.MathLog1pName:     math.Log1p,
	arith.MathSinName:       math.Sin,
	arith.MathCosName:       math.Cos,
	arith.MathTanName:       math.Tan,
	arith.MathTanhName:      numerics.TanhF64,
	"math.sinh":             math.Sinh,
	"math.cosh":             math.Cosh,
	"math.asin":             math.Asin,
	"math.acos":             math.Acos,
	arith.MathAtanName:      math.Atan,
	"math.asinh":            math.Asinh,
	"math.acosh":            math.Acosh,
	"math.atanh":            math.Atanh,
	arith.MathErfName:       math.Erf,
	"math.erfc":             math.Erfc,
	arith.MathCbrtName:      math.Cbrt,
}

// f32UnaryOps are the math ops whose f32 rule differs from the float64
// function rounded once: the fast single-precision functions of package
// numerics (within a few ulp, not correctly rounded) and rsqrt (rounded
// twice), as the tensor-level kernels and the generated Go code compute
// them, so that all three agree bit for bit.
var f32UnaryOps = map[string]func(float32) float32{
	arith.MathExpName:   numerics.ExpF32,
	arith.MathLogName:   numerics.LogF32,
	arith.MathTanhName:  numerics.TanhF32,
	arith.MathErfName:   numerics.ErfF32,
	arith.MathRsqrtName: numerics.Rsqrt[float32],
}

// floatUnaryKernel applies f (in float64, rounded once to the type), or
// f32 to f32 operands when it is not nil.
func floatUnaryKernel(f func(float64) float64, f32 func(float32) float32) interp.Kernel {
	return func(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		ts, err := operands(args, 1)
		if err != nil {
			return nil, err
		}
		if f32 != nil && ts[0].DType() == interp.F32 {
			out := interp.MustNewTensor(interp.F32, ts[0].Shape())
			dst := out.F32()
			for i, v := range ts[0].F32() {
				dst[i] = f32(v)
			}
			return one(out)
		}
		a, err := loadFloats(ts[0])
		if err != nil {
			return nil, err
		}
		for i, v := range a {
			a[i] = f(v)
		}
		return one(storeFloats(ts[0].DType(), ts[0].Shape(), a))
	}
}

// floatClassOps classify floats into i1 results.
var floatClassOps = map[string]func(float64) bool{
	"math.isnan":    math.IsNaN,
	"math.isinf":    func(v float64) bool { return math.IsInf(v, 0) },
	"math.isfinite": func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) },
}

func floatClassKernel(f func(float64) bool) interp.Kernel {
	return func(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		ts, err := operands(args, 1)
		if err != nil {
			return nil, err
		}
		a, err := loadFloats(ts[0])
		if err != nil {
			return nil, err
		}
		out := interp.MustNewTensor(interp.I1, ts[0].Shape())
		for i, v := range a {
			out.Bool()[i] = f(v)
		}
		return one(out)
	}
}

// fmaKernel is math.fma: a·b + c with a single rounding (math.FMA for
// f64; numerics.FMAOdd, then rounded to the type, for f32, f16 and bf16).
func fmaKernel(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := operands(args, 3)
	if err != nil {
		return nil, err
	}
	if err := sameTypes(ts); err != nil {
		return nil, err
	}
	var vs [3][]float64
	for i, t := range ts {
		if vs[i], err = loadFloats(t); err != nil {
			return nil, err
		}
	}
	fma := math.FMA
	if ts[0].DType() != interp.F64 {
		fma = numerics.FMAOdd
	}
	for i := range vs[0] {
		vs[0][i] = fma(vs[0][i], vs[1][i], vs[2][i])
	}
	return one(storeFloats(ts[0].DType(), ts[0].Shape(), vs[0]))
}

// fpowiKernel is math.fpowi: a float raised to a signed integer power.
func fpowiKernel(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := operands(args, 2)
	if err != nil {
		return nil, err
	}
	a, err := loadFloats(ts[0])
	if err != nil {
		return nil, err
	}
	b, err := loadInts(ts[1])
	if err != nil {
		return nil, err
	}
	w := intWidth(ts[1].DType())
	for i := range a {
		a[i] = numerics.PowI(a[i], sext(b[i], w))
	}
	return one(storeFloats(ts[0].DType(), ts[0].Shape(), a))
}

// ---- comparisons and select ----

// cmpi predicates, in MLIR's enum order.
var cmpiNames = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}

// cmpf predicates, in MLIR's enum order.
var cmpfNames = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}

// predicate reads the predicate attribute: an integer (MLIR's storage) or
// a keyword string.
func predicate(op *ir.Operation, names []string) (int, error) {
	switch a := op.Attr("predicate").(type) {
	case *ir.IntegerAttr:
		if v := a.Int64(); v >= 0 && v < int64(len(names)) {
			return int(v), nil
		}
	case *ir.StringAttr:
		if i := slices.Index(names, a.Value); i >= 0 {
			return i, nil
		}
	case nil:
		return 0, errors.New("missing attribute 'predicate'")
	}
	return 0, fmt.Errorf("invalid predicate %s (expected one of %v)", op.Attr("predicate"), names)
}

// cmpiKernel compares integers; the result is i1 of the operands' shape.
func cmpiKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := operands(args, 2)
	if err != nil {
		return nil, err
	}
	if err := sameTypes(ts); err != nil {
		return nil, err
	}
	p, err := predicate(op, cmpiNames)
	if err != nil {
		return nil, err
	}
	a, err := loadInts(ts[0])
	if err != nil {
		return nil, err
	}
	b, err := loadInts(ts[1])
	if err != nil {
		return nil, err
	}
	w := intWidth(ts[0].DType())
	out := interp.MustNewTensor(interp.I1, ts[0].Shape())
	for i := range a {
		x, y := sext(a[i], w), sext(b[i], w)
		u, v := a[i], b[i]
		var r bool
		switch cmpiNames[p] {
		case "eq":
			r = u == v
		case "ne":
			r = u != v
		case "slt":
			r = x < y
		case "sle":
			r = x <= y
		case "sgt":
			r = x > y
		case "sge":
			r = x >= y
		case "ult":
			r = u < v
		case "ule":
			r = u <= v
		case "ugt":
			r = u > v
		case "uge":
			r = u >= v
		}
		out.Bool()[i] = r
	}
	return one(out)
}

// cmpfKernel compares floats: ordered predicates are false when either
// operand is NaN, unordered ones true.
func cmpfKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := operands(args, 2)
	if err != nil {
		return nil, err
	}
	if err := sameTypes(ts); err != nil {
		return nil, err
	}
	p, err := predicate(op, cmpfNames)
	if err != nil {
		return nil, err
	}
	a, err := loadFloats(ts[0])
	if err != nil {
		return nil, err
	}
	b, err := loadFloats(ts[1])
	if err != nil {
		return nil, err
	}
	out := interp.MustNewTensor(interp.I1, ts[0].Shape())
	name := cmpfNames[p]
	for i := range a {
		x, y := a[i], b[i]
		unordered := x != x || y != y
		var r bool
		switch name[1:] {
		case "alse":
			r = false
		case "rue":
			r = true
		case "eq":
			r = x == y
		case "gt":
			r = x > y
		case "ge":
			r = x >= y
		case "lt":
			r = x < y
		case "le":
			r = x <= y
		case "ne":
			r = x != y && !unordered
		case "rd":
			r = !unordered
		case "no":
			r = unordered
		}
		if name[0] == 'u' && name != "uno" {
			r = r || unordered
		}
		out.Bool()[i] = r
	}
	return one(out)
}

// selectKernel picks a or b by an i1 condition: a scalar condition selects
// a whole value, a shaped one selects element-wise.
func selectKernel(_ *interp.Exec, _ *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 3 {
		return nil, fmt.Errorf("expected 3 operands, got %d", len(args))
	}
	ts, err := interp.Tensors(args)
	if err != nil {
		return nil, err
	}
	c, a, b := ts[0], ts[1], ts[2]
	if c.DType() != interp.I1 {
		return nil, fmt.Errorf("condition must be i1, got %s", c.TypeString())
	}
	if err := sameTypes(ts[1:]); err != nil {
		return nil, err
	}
	if !slices.Equal(a.Shape(), b.Shape()) {
		return nil, fmt.Errorf("operand shapes differ at run time: %s vs %s", a.TypeString(), b.TypeString())
	}
	if c.Rank() == 0 {
		if c.Bool()[0] {
			return one(a)
		}
		return one(b)
	}
	if !slices.Equal(c.Shape(), a.Shape()) {
		return nil, fmt.Errorf("condition shape %s differs from the operands' %s", c.TypeString(), a.TypeString())
	}
	out := b.Clone()
	for i, v := range c.Bool() {
		if !v {
			continue
		}
		if a.DType().IsFloat() && !a.DType().IsHalf() {
			out.SetFloat(i, a.Float(i))
		} else if a.DType().IsHalf() {
			out.Bits16()[i] = a.Bits16()[i]
		} else {
			out.SetInt(i, a.Int(i))
		}
	}
	return one(out)
}

// constantKernel materializes the `value` attribute (integer, float or
// dense elements).
func constantKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) != 0 {
		return nil, fmt.Errorf("expected no operands, got %d", len(args))
	}
	a := op.Attr("value")
	if a == nil {
		return nil, errors.New("missing attribute 'value'")
	}
	t, err := interp.ScalarFromAttr(a)
	if err != nil {
		return nil, err
	}
	return one(t)
}
