package tensor

import (
	"math"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// Scalar semantics of the element-wise ops for constant folding: the rules
// of package numerics, which the interpreter and the generated code
// compute, so that a folded constant equals what running the op gives, bit
// for bit. f32 elements compute in float32 with the f32 rules (the fast
// ExpF32 and friends included: the tensor dialect has no correctly
// rounded folds to match); f16 and bf16 elements compute in float32 too
// and are rounded to their type afterwards, as the interpreter does; f64
// elements use the float64 rules. Integer kernels compute in int64 and
// the caller wraps to the element width (every integer rule is exact
// modulo 2**width); an integer kernel returns ok=false where the op fails
// at run time (division by zero), which is never folded.

type binaryKernel struct {
	f32 func(a, b float32) float32
	f64 func(a, b float64) float64
	i   func(a, b int64) (int64, bool)
}

type unaryKernel struct {
	f32 func(a float32) float32
	f64 func(a float64) float64
	i   func(a int64) (int64, bool) // nil for float-only ops
}

// float applies the kernel's float rule for element type t to x (a value
// of type t held as a float64).
func (k unaryKernel) float(t ir.Type, x float64) float64 {
	if isF64(t) {
		return k.f64(x)
	}
	return float64(k.f32(float32(x)))
}

// float applies the kernel's float rule for element type t.
func (k binaryKernel) float(t ir.Type, a, b float64) float64 {
	if isF64(t) {
		return k.f64(a, b)
	}
	return float64(k.f32(float32(a), float32(b)))
}

// isF64 reports whether t is f64 (the other float elements compute in
// float32).
func isF64(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	return ok && ft.Kind == ir.F64
}

// total lifts an integer rule that never fails.
func total(f func(a, b int64) int64) func(a, b int64) (int64, bool) {
	return func(a, b int64) (int64, bool) { return f(a, b), true }
}

// totalUnary lifts a unary integer rule that never fails.
func totalUnary(f func(a int64) int64) func(a int64) (int64, bool) {
	return func(a int64) (int64, bool) { return f(a), true }
}

var binaryKernels = map[string]binaryKernel{
	"add": {func(a, b float32) float32 { return a + b }, func(a, b float64) float64 { return a + b },
		total(func(a, b int64) int64 { return a + b })},
	"sub": {func(a, b float32) float32 { return a - b }, func(a, b float64) float64 { return a - b },
		total(func(a, b int64) int64 { return a - b })},
	"mul": {func(a, b float32) float32 { return a * b }, func(a, b float64) float64 { return a * b },
		total(func(a, b int64) int64 { return a * b })},
	"div": {func(a, b float32) float32 { return a / b }, func(a, b float64) float64 { return a / b }, intDiv},
	"max": {numerics.Maximum[float32], numerics.Maximum[float64], total(func(a, b int64) int64 { return max(a, b) })},
	"min": {numerics.Minimum[float32], numerics.Minimum[float64], total(func(a, b int64) int64 { return min(a, b) })},
	"pow": {numerics.Pow[float32], numerics.Pow[float64], total(numerics.IPow[int64])},
}

// boolKernels are the binary ops on i1, as PyTorch computes them on bool
// tensors: add and max are or, mul and min are and.
var boolKernels = map[string]func(a, b bool) bool{
	"add": func(a, b bool) bool { return a || b },
	"max": func(a, b bool) bool { return a || b },
	"mul": func(a, b bool) bool { return a && b },
	"min": func(a, b bool) bool { return a && b },
}

// f32Of is a float64 function computed for a float32 and rounded once.
func f32Of(f func(float64) float64) func(float32) float32 {
	return func(x float32) float32 { return float32(f(float64(x))) }
}

var unaryKernels = map[string]unaryKernel{
	"neg": {func(a float32) float32 { return -a }, func(a float64) float64 { return -a },
		totalUnary(func(a int64) int64 { return -a })},
	"abs": {func(a float32) float32 { return float32(math.Abs(float64(a))) }, math.Abs,
		totalUnary(numerics.AbsI[int64])},
	"exp":        {f32: numerics.ExpF32, f64: numerics.ExpF64},
	"log":        {f32: numerics.LogF32, f64: numerics.LogF64},
	"sqrt":       {f32: numerics.Sqrt[float32], f64: numerics.Sqrt[float64]},
	"rsqrt":      {f32: numerics.Rsqrt[float32], f64: numerics.Rsqrt[float64]},
	"tanh":       {f32: numerics.TanhF32, f64: math.Tanh},
	"sigmoid":    {f32: numerics.SigmoidF32, f64: numerics.SigmoidF64},
	"relu":       {numerics.Relu[float32], numerics.Relu[float64], totalUnary(numerics.ReluI[int64])},
	"sin":        {f32: f32Of(math.Sin), f64: math.Sin},
	"cos":        {f32: f32Of(math.Cos), f64: math.Cos},
	"erf":        {f32: numerics.ErfF32, f64: math.Erf},
	"reciprocal": {f32: numerics.Reciprocal[float32], f64: numerics.Reciprocal[float64]},
}

// intDiv divides integers, truncating toward zero (numerics.DivS);
// division by zero fails at run time and is not folded.
func intDiv(a, b int64) (int64, bool) {
	if b == 0 {
		return 0, false
	}
	return numerics.DivS(a, b), true
}

// gelu is tensor.gelu of x of element type t, as numerics computes it.
func gelu(t ir.Type, x float64, approximate string) float64 {
	k := unaryKernel{f32: numerics.GeluF32, f64: numerics.GeluF64}
	if approximate == "tanh" {
		k = unaryKernel{f32: numerics.GeluTanhF32, f64: numerics.GeluTanhF64}
	}
	return k.float(t, x)
}

// compare evaluates a tensor.cmp predicate on two numbers.
func compare(pred string, a, b float64) bool {
	switch pred {
	case "eq":
		return a == b
	case "ne":
		return a != b
	case "lt":
		return a < b
	case "le":
		return a <= b
	case "gt":
		return a > b
	case "ge":
		return a >= b
	}
	return false
}

// compareInts evaluates a tensor.cmp predicate on two integers.
func compareInts(pred string, a, b int64) bool {
	switch pred {
	case "eq":
		return a == b
	case "ne":
		return a != b
	case "lt":
		return a < b
	case "le":
		return a <= b
	case "gt":
		return a > b
	case "ge":
		return a >= b
	}
	return false
}
