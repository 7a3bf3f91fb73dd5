package tensor

import (
	"math"
)

// Scalar semantics of the element-wise ops, shared by constant folding.
// Float kernels compute in float64; the caller rounds to the element type.
// Integer kernels compute in int64; the caller wraps to the element width.
// An integer kernel returns ok=false where the result is undefined
// (division by zero, negative integer powers), which is never folded.

type binaryKernel struct {
	f func(a, b float64) float64
	i func(a, b int64) (int64, bool)
}

type unaryKernel struct {
	f func(a float64) float64
	i func(a int64) (int64, bool) // nil for float-only ops
}

var binaryKernels = map[string]binaryKernel{
	"add": {func(a, b float64) float64 { return a + b }, func(a, b int64) (int64, bool) { return a + b, true }},
	"sub": {func(a, b float64) float64 { return a - b }, func(a, b int64) (int64, bool) { return a - b, true }},
	"mul": {func(a, b float64) float64 { return a * b }, func(a, b int64) (int64, bool) { return a * b, true }},
	"div": {func(a, b float64) float64 { return a / b }, intDiv},
	"max": {nanMax, func(a, b int64) (int64, bool) { return max(a, b), true }},
	"min": {nanMin, func(a, b int64) (int64, bool) { return min(a, b), true }},
	"pow": {math.Pow, intPow},
}

var unaryKernels = map[string]unaryKernel{
	"neg":        {func(a float64) float64 { return -a }, func(a int64) (int64, bool) { return -a, true }},
	"abs":        {math.Abs, func(a int64) (int64, bool) { return max(a, -a), true }},
	"exp":        {f: math.Exp},
	"log":        {f: math.Log},
	"sqrt":       {f: math.Sqrt},
	"rsqrt":      {f: func(a float64) float64 { return 1 / math.Sqrt(a) }},
	"tanh":       {f: math.Tanh},
	"sigmoid":    {f: sigmoid},
	"relu":       {relu, func(a int64) (int64, bool) { return max(a, 0), true }},
	"sin":        {f: math.Sin},
	"cos":        {f: math.Cos},
	"erf":        {f: math.Erf},
	"reciprocal": {f: func(a float64) float64 { return 1 / a }},
}

// intDiv divides integers, truncating toward zero; division by zero is undefined.
func intDiv(a, b int64) (int64, bool) {
	if b == 0 {
		return 0, false
	}
	return a / b, true
}

// intPow raises a to a non-negative integer power, wrapping on overflow.
func intPow(a, b int64) (int64, bool) {
	if b < 0 {
		return 0, false
	}
	r := int64(1)
	for ; b > 0; b >>= 1 {
		if b&1 != 0 {
			r *= a
		}
		a *= a
	}
	return r, true
}

// nanMax is torch.maximum: NaN if either operand is NaN.
func nanMax(a, b float64) float64 { return math.Max(a, b) }

// nanMin is torch.minimum: NaN if either operand is NaN.
func nanMin(a, b float64) float64 { return math.Min(a, b) }

// relu is max(x, 0), keeping NaN.
func relu(a float64) float64 {
	if a > 0 || math.IsNaN(a) {
		return a
	}
	return 0
}

// sigmoid is 1 / (1 + exp(-x)).
func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// gelu is ATen's gelu: x * Φ(x) with approximate "none", or the tanh
// approximation 0.5 x (1 + tanh(sqrt(2/π) (x + 0.044715 x³))) with "tanh".
func gelu(x float64, approximate string) float64 {
	if approximate == "tanh" {
		return 0.5 * x * (1 + math.Tanh(math.Sqrt(2/math.Pi)*(x+0.044715*x*x*x)))
	}
	return 0.5 * x * (1 + math.Erf(x/math.Sqrt2))
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
