package tensor

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// Declarative formats shared by op families.
const (
	binaryFormat = "$a `,` $b attr-dict `:` type($result)"
	unaryFormat  = "$x attr-dict `:` type($result)"
)

// inferElementwise infers the result type of an element-wise op: the type
// shared by all its operands, which must be identical.
func inferElementwise(names ...string) inferFunc {
	return func(a args) (ir.Type, error) {
		first, err := a.tensor(0, names[0])
		if err != nil {
			return nil, err
		}
		for i := 1; i < len(names); i++ {
			t, err := a.tensor(i, names[i])
			if err != nil {
				return nil, err
			}
			if t != first {
				return nil, fmt.Errorf("operands must have identical types (broadcasting is explicit: use tensor.broadcast), but got '%s' and '%s'", first, t)
			}
		}
		return first, nil
	}
}

// binary declares an element-wise binary op.
func binary(short, summary, desc string, c ir.TypeConstraint, extra ir.Trait) *ir.OpDef {
	return &ir.OpDef{
		Name:    "tensor." + short,
		Summary: summary,
		Description: desc + "\n\nBoth operands and the result have the same type; broadcasting is explicit " +
			"(`tensor.broadcast`).\n\nExample:\n\n    %r = tensor." + short + " %a, %b : tensor<4x?xf32>",
		Traits:           ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType | extra,
		Operands:         []ir.ArgDef{operand("a", c, "left operand"), operand("b", c, "right operand")},
		Results:          result(c, "the element-wise result"),
		Format:           binaryFormat,
		InferResultTypes: inferHook(inferElementwise("a", "b")),
		Fold:             foldBinary(short),
	}
}

// unary declares an element-wise unary op.
func unary(short, summary, desc string, c ir.TypeConstraint) *ir.OpDef {
	return &ir.OpDef{
		Name:             "tensor." + short,
		Summary:          summary,
		Description:      desc + "\n\nExample:\n\n    %r = tensor." + short + " %x : tensor<2x3xf32>",
		Traits:           ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType,
		Operands:         []ir.ArgDef{operand("x", c, "the input")},
		Results:          result(c, "the element-wise result, of the input's type"),
		Format:           unaryFormat,
		InferResultTypes: inferHook(inferElementwise("x")),
		Fold:             foldUnary(short),
	}
}

// Element-wise binary ops.
var (
	AddDef = binary("add", "Element-wise addition", "Computes `a + b` element by element (`torch.add`). "+
		"Integers wrap around on overflow.", NumericTensor, ir.Commutative)
	SubDef = binary("sub", "Element-wise subtraction", "Computes `a - b` element by element (`torch.sub`).", NumericTensor, 0)
	MulDef = binary("mul", "Element-wise multiplication", "Computes `a * b` element by element (`torch.mul`).", NumericTensor, ir.Commutative)
	DivDef = binary("div", "Element-wise division", "Computes `a / b` element by element (`torch.div`). Floats follow IEEE 754; "+
		"integers divide truncating toward zero (`rounding_mode=\"trunc\"`), the minimum divided by -1 wraps to the minimum, "+
		"and integer division by zero is a run-time error (as PyTorch's ZeroDivisionError).", NumericTensor, 0)
	MaxDef = binary("max", "Element-wise maximum", "Computes `max(a, b)` element by element (`torch.maximum`); NaN if either operand is NaN. "+
		"Of two zeros +0 is the larger (IEEE 754-2019 maximum, as `arith.maximumf`, which it lowers to; PyTorch's own "+
		"choice between equal zeros depends on the code path). On i1 it is logical or.", AnyTensor, ir.Commutative)
	MinDef = binary("min", "Element-wise minimum", "Computes `min(a, b)` element by element (`torch.minimum`); NaN if either operand is NaN. "+
		"Of two zeros -0 is the smaller (IEEE 754-2019 minimum, as `arith.minimumf`). On i1 it is logical and.", AnyTensor, ir.Commutative)
	PowDef = binary("pow", "Element-wise power", "Computes `a ** b` element by element (`torch.pow`): floats as C's `pow` (in f64, rounded once); "+
		"integers by repeated squaring with wraparound, a negative exponent giving `1 / a**|b|` truncated toward zero "+
		"(1 for a = 1, ±1 for a = -1, else 0), as ATen.", NumericTensor, 0)
)

// Element-wise unary ops.
var (
	NegDef        = unary("neg", "Element-wise negation", "Computes `-x` (`torch.neg`).", NumericTensor)
	AbsDef        = unary("abs", "Element-wise absolute value", "Computes `|x|` (`torch.abs`).", NumericTensor)
	ExpDef        = unary("exp", "Element-wise exponential", "Computes `e^x` (`torch.exp`).", FloatTensor)
	LogDef        = unary("log", "Element-wise natural logarithm", "Computes `ln x` (`torch.log`); NaN for negative x, -inf for 0.", FloatTensor)
	SqrtDef       = unary("sqrt", "Element-wise square root", "Computes `sqrt(x)` (`torch.sqrt`).", FloatTensor)
	RsqrtDef      = unary("rsqrt", "Element-wise reciprocal square root", "Computes `1 / sqrt(x)` (`torch.rsqrt`), the square root and the division each rounded to the element type.", FloatTensor)
	TanhDef       = unary("tanh", "Element-wise hyperbolic tangent", "Computes `tanh(x)` (`torch.tanh`).", FloatTensor)
	SigmoidDef    = unary("sigmoid", "Element-wise logistic sigmoid", "Computes `1 / (1 + e^-x)` (`torch.sigmoid`), exactly that formula in the element type, as PyTorch: below x ≈ -88.7 in f32, e^-x overflows and the result is 0.", FloatTensor)
	ReluDef       = unary("relu", "Element-wise rectified linear unit", "Computes `x < 0 ? 0 : x` (`torch.relu`): NaN stays NaN and -0 stays -0.", NumericTensor)
	SinDef        = unary("sin", "Element-wise sine", "Computes `sin(x)` (`torch.sin`).", FloatTensor)
	CosDef        = unary("cos", "Element-wise cosine", "Computes `cos(x)` (`torch.cos`).", FloatTensor)
	ErfDef        = unary("erf", "Element-wise error function", "Computes `erf(x)` (`torch.erf`).", FloatTensor)
	ReciprocalDef = unary("reciprocal", "Element-wise reciprocal", "Computes `1 / x` (`torch.reciprocal`).", FloatTensor)
)

// GeluDef is tensor.gelu.
var GeluDef = &ir.OpDef{
	Name:    "tensor.gelu",
	Summary: "Gaussian error linear unit (composite)",
	Description: "Computes `torch.nn.functional.gelu(x, approximate)`: `x * Φ(x)` = `0.5 x (1 + erf(x / sqrt 2))` with " +
		"`approximate = \"none\"` (the default when the attribute is absent), or " +
		"`0.5 x (1 + tanh(sqrt(2/π) (x + 0.044715 x³)))` with `approximate = \"tanh\"`, each computed in the element type " +
		"exactly as its decomposition writes it (ATen's formulas; like PyTorch, the negative tail loses relative accuracy). " +
		"A composite: the `decompose` pass rewrites it into `mul`, `add`, `erf`/`tanh`, `full` and `pow`-free arithmetic.\n\n" +
		"Example:\n\n    %r = tensor.gelu %x approximate = tanh : tensor<8xf32>",
	Traits:           ir.Pure | ir.Elementwise | ir.SameOperandsAndResultType,
	Operands:         []ir.ArgDef{operand("x", FloatTensor, "the input")},
	Results:          result(FloatTensor, "gelu of each element"),
	Attrs:            []ir.AttrDef{optAttr(AttrApproximate, approximateC, "`none` (exact, with erf; the default) or `tanh`")},
	Format:           "$x (`approximate` `=` $approximate^)? attr-dict `:` type($result)",
	InferResultTypes: inferHook(inferElementwise("x")),
	Fold:             foldGelu,
}

// CmpDef is tensor.cmp.
var CmpDef = &ir.OpDef{
	Name:          "tensor.cmp",
	CustomBuilder: true,
	Summary:       "Element-wise comparison",
	Description: "Compares `a` and `b` element by element with `predicate` (`eq`, `ne`, `lt`, `le`, `gt`, `ge`; " +
		"`torch.eq`, `torch.lt`, ...). The operands have identical types; the result has their shape and element " +
		"type i1. Comparisons with NaN are false except `ne`.\n\nExample:\n\n    %m = tensor.cmp lt, %a, %b : tensor<4xf32>",
	Traits:           ir.Pure | ir.Elementwise | ir.SameTypeOperands,
	Operands:         []ir.ArgDef{operand("a", AnyTensor, "left operand"), operand("b", AnyTensor, "right operand")},
	Results:          result(BoolTensor, "i1 tensor of the operands' shape"),
	Attrs:            []ir.AttrDef{attr(AttrPredicate, predicateC, "the comparison: eq, ne, lt, le, gt or ge")},
	Format:           "$predicate `,` $a `,` $b attr-dict `:` type($a)",
	InferResultTypes: inferHook(inferCmp),
	Verify:           verifyInferred(inferCmp),
	Fold:             foldCmp,
}

func inferCmp(a args) (ir.Type, error) {
	t, err := inferElementwise("a", "b")(a)
	if err != nil {
		return nil, err
	}
	rt := t.(*ir.RankedTensorType)
	return a.ctx.Tensor(rt.Shape(), a.ctx.I1()), nil
}

// SelectDef is tensor.select.
var SelectDef = &ir.OpDef{
	Name:    "tensor.select",
	Summary: "Element-wise choice (`torch.where`)",
	Description: "Takes `a` where `cond` is true and `b` elsewhere, element by element (`torch.where(cond, a, b)`). " +
		"`a`, `b` and the result have identical types; `cond` is i1 of the same shape.\n\n" +
		"Custom form: `tensor.select %cond, %a, %b : <type of a>`; the types of all three operands are written " +
		"(`: tensor<4xi1>, tensor<4xf32>, tensor<4xf32>`) only when they are not the ones implied.\n\n" +
		"Example:\n\n    %r = tensor.select %m, %a, %b : tensor<4xf32>",
	Traits: ir.Pure | ir.Elementwise,
	Operands: []ir.ArgDef{operand("cond", BoolTensor, "where to take `a`"),
		operand("a", AnyTensor, "values where cond is true"), operand("b", AnyTensor, "values where cond is false")},
	Results:          result(AnyTensor, "the selected values, of a's type"),
	Print:            printSelect,
	Parse:            parseSelect,
	InferResultTypes: inferHook(inferSelect),
	Verify:           verifyInferred(inferSelect),
	Fold:             foldSelect,
}

func inferSelect(a args) (ir.Type, error) {
	c, err := a.tensor(0, "cond")
	if err != nil {
		return nil, err
	}
	if len(a.operands) != 3 {
		return nil, fmt.Errorf("expected 3 operands (cond, a, b), but found %d", len(a.operands))
	}
	t, err := inferElementwise("a", "b")(args{a.ctx, a.operands[1:], a.attrs})
	if err != nil {
		return nil, err
	}
	rt := t.(*ir.RankedTensorType)
	if !equalShapes(c.Shape(), rt.Shape()) {
		return nil, fmt.Errorf("condition shape %s must equal the operand shape %s", shapeStr(c.Shape()), shapeStr(rt.Shape()))
	}
	return rt, nil
}

// equalShapes reports whether two shapes are identical (same rank, same
// sizes, dynamic where the other is dynamic).
func equalShapes(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// CastDef is tensor.cast.
var CastDef = &ir.OpDef{
	Name:          "tensor.cast",
	CustomBuilder: true,
	Summary:       "Element type conversion",
	Description: "Converts every element to the result element type (`Tensor.to(dtype)`); the shape is unchanged. " +
		"Float to integer truncates toward zero, NaN and out-of-range values giving the type's minimum (PyTorch on x86-64), integer to integer wraps, " +
		"anything to i1 is `x != 0`, i1 to numbers gives 0 or 1, and float to float rounds to nearest even.\n\n" +
		"Example:\n\n    %r = tensor.cast %x : tensor<4xf32> -> tensor<4xi32>",
	Traits:   ir.Pure | ir.Elementwise,
	Operands: []ir.ArgDef{operand("x", AnyTensor, "the input")},
	Results:  result(AnyTensor, "the converted tensor, of x's shape"),
	Format:   "$x attr-dict `:` type($x) `->` type($result)",
	Verify:   verifyGiven(checkCast),
	Fold:     foldCast,
}

func checkCast(a args, r *ir.RankedTensorType) error {
	x, err := a.tensor(0, "x")
	if err != nil {
		return err
	}
	if !equalShapes(x.Shape(), r.Shape()) {
		return fmt.Errorf("result shape %s must equal the operand shape %s", shapeStr(r.Shape()), shapeStr(x.Shape()))
	}
	return nil
}
