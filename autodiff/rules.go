package autodiff

import (
	"math"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// Rule builds, at b's insertion point, the vector-Jacobian product of op
// for the gradient g of its result: one gradient per operand, nil for
// operands that get none (integer operands, attributes-like inputs).
// Rules only see verified IR.
type Rule func(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error)

// Rules maps op names to their VJP rules.
var Rules = map[string]Rule{}

// NonDifferentiable lists ops whose results carry no gradient: comparisons,
// index computations and constants. Differentiation stops at them.
var NonDifferentiable = map[string]bool{
	tensor.CmpDef.Name: true, tensor.ArgMaxDef.Name: true, tensor.IotaDef.Name: true,
	tensor.DimDef.Name: true, tensor.ConstantDef.Name: true, tensor.FullDef.Name: true,
}

func init() {
	for name, r := range map[string]Rule{
		tensor.AddName: vjpAdd, tensor.SubName: vjpSub, tensor.MulName: vjpMul, tensor.DivName: vjpDiv,
		tensor.MaxName: vjpMax, tensor.MinName: vjpMin, tensor.PowName: vjpPow,
		tensor.NegName: vjpNeg, tensor.AbsName: vjpAbs, tensor.ExpName: vjpExp, tensor.LogName: vjpLog,
		tensor.SqrtName: vjpSqrt, tensor.RsqrtName: vjpRsqrt, tensor.TanhName: vjpTanh,
		tensor.SigmoidName: vjpSigmoid, tensor.ReluName: vjpRelu, tensor.SinName: vjpSin,
		tensor.CosName: vjpCos, tensor.ErfName: vjpErf, tensor.ReciprocalName: vjpReciprocal,
		tensor.GeluName: vjpGelu,
	} {
		Rules[name] = r
	}
}

func one(g ir.Value) []ir.Value { return []ir.Value{g} }

func vjpAdd(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return []ir.Value{g, g}, nil
}

func vjpSub(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return []ir.Value{g, tensor.Neg(b, g)}, nil
}

func vjpMul(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x, y := op.Operand(0), op.Operand(1)
	return []ir.Value{tensor.Mul(b, g, y), tensor.Mul(b, g, x)}, nil
}

// vjpDiv: d(x/y) = g/y, -g*x/y^2 = -(g/y)*(x/y).
func vjpDiv(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	y := op.Operand(1)
	gx := tensor.Div(b, g, y)
	gy := tensor.Neg(b, tensor.Mul(b, gx, op.Result(0)))
	return []ir.Value{gx, gy}, nil
}

// vjpMax follows torch.maximum: the larger operand gets the gradient, ties
// split it in half, and a NaN operand passes it to both.
func vjpMax(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return minMaxGrads(b, op.Operand(0), op.Operand(1), g, "lt", "gt")
}

// vjpMin mirrors vjpMax.
func vjpMin(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return minMaxGrads(b, op.Operand(0), op.Operand(1), g, "gt", "lt")
}

// minMaxGrads: gx = where(x loses, 0, where(x == y, g/2, g)), and alike for y.
func minMaxGrads(b *ir.Builder, x, y, g ir.Value, xLoses, yLoses string) ([]ir.Value, error) {
	eq := tensor.Cmp(b, "eq", x, y)
	shared := tensor.Select(b, eq, scale(b, g, 0.5), g)
	zero := fullLike(b, g, 0)
	gx := tensor.Select(b, tensor.Cmp(b, xLoses, x, y), zero, shared)
	gy := tensor.Select(b, tensor.Cmp(b, yLoses, x, y), zero, shared)
	return []ir.Value{gx, gy}, nil
}

// vjpPow follows PyTorch's pow_backward: the base gradient is zero where
// the exponent is 0, the exponent gradient is zero where the base is 0 and
// the exponent non-negative.
func vjpPow(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x, e := op.Operand(0), op.Operand(1)
	zero := fullLike(b, x, 0)
	dx := tensor.Mul(b, e, tensor.Pow(b, x, addConst(b, e, -1)))
	dx = tensor.Select(b, tensor.Cmp(b, "eq", e, zero), zero, dx)
	de := tensor.Mul(b, op.Result(0), tensor.Log(b, x))
	baseZero := tensor.Cmp(b, "eq", x, zero)
	expNonNeg := tensor.Cmp(b, "ge", e, zero)
	de = tensor.Select(b, baseZero, tensor.Select(b, expNonNeg, zero, de), de)
	return []ir.Value{tensor.Mul(b, g, dx), tensor.Mul(b, g, de)}, nil
}

func vjpNeg(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return one(tensor.Neg(b, g)), nil
}

// vjpAbs: g * sign(x) with sign(0) = sign(NaN) = 0, as PyTorch.
func vjpAbs(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	zero := fullLike(b, x, 0)
	neg := tensor.Select(b, tensor.Cmp(b, "lt", x, zero), tensor.Neg(b, g), zero)
	return one(tensor.Select(b, tensor.Cmp(b, "gt", x, zero), g, neg)), nil
}

func vjpExp(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return one(tensor.Mul(b, g, op.Result(0))), nil
}

func vjpLog(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return one(tensor.Div(b, g, op.Operand(0))), nil
}

// vjpSqrt: g / (2 sqrt(x)) (infinite at 0, as PyTorch).
func vjpSqrt(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return one(tensor.Div(b, g, scale(b, op.Result(0), 2))), nil
}

// vjpRsqrt: -0.5 g rsqrt(x)^3.
func vjpRsqrt(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	y := op.Result(0)
	return one(tensor.Mul(b, scale(b, g, -0.5), tensor.Mul(b, y, square(b, y)))), nil
}

func vjpTanh(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return one(tensor.Mul(b, g, rsubConst(b, 1, square(b, op.Result(0))))), nil
}

func vjpSigmoid(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	y := op.Result(0)
	return one(tensor.Mul(b, g, tensor.Mul(b, y, rsubConst(b, 1, y)))), nil
}

// vjpRelu passes the gradient where the output is positive: relu'(0) = 0.
func vjpRelu(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	y := op.Result(0)
	return one(maskedSelect(b, tensor.Cmp(b, "gt", y, fullLike(b, y, 0)), g)), nil
}

func vjpSin(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return one(tensor.Mul(b, g, tensor.Cos(b, op.Operand(0)))), nil
}

func vjpCos(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return one(tensor.Neg(b, tensor.Mul(b, g, tensor.Sin(b, op.Operand(0))))), nil
}

// vjpErf: g * 2/sqrt(pi) * exp(-x^2).
func vjpErf(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	d := scale(b, tensor.Exp(b, tensor.Neg(b, square(b, x))), 2/math.Sqrt(math.Pi))
	return one(tensor.Mul(b, g, d)), nil
}

// vjpReciprocal: -g / x^2 = -g * y^2.
func vjpReciprocal(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	return one(tensor.Neg(b, tensor.Mul(b, g, square(b, op.Result(0))))), nil
}

// vjpGelu is PyTorch's gelu_backward for both approximations.
func vjpGelu(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	if tensor.Approximate(op) == "tanh" {
		beta := math.Sqrt(2 / math.Pi)
		const kappa = 0.044715
		x2 := square(b, x)
		inner := scale(b, tensor.Add(b, x, scale(b, tensor.Mul(b, x2, x), kappa)), beta)
		th := tensor.Tanh(b, inner)
		left := scale(b, x, 0.5)
		leftDeriv := scale(b, addConst(b, th, 1), 0.5)
		rightDeriv := tensor.Mul(b, tensor.Mul(b, left, rsubConst(b, 1, square(b, th))), scale(b, addConst(b, scale(b, x2, 3*kappa), 1), beta))
		return one(tensor.Mul(b, g, tensor.Add(b, leftDeriv, rightDeriv))), nil
	}
	// d/dx x*Phi(x) = Phi(x) + x*phi(x).
	cdf := scale(b, addConst(b, tensor.Erf(b, scale(b, x, 1/math.Sqrt2)), 1), 0.5)
	pdf := scale(b, tensor.Exp(b, scale(b, square(b, x), -0.5)), 1/math.Sqrt(2*math.Pi))
	return one(tensor.Mul(b, g, tensor.Add(b, cdf, tensor.Mul(b, x, pdf)))), nil
}
