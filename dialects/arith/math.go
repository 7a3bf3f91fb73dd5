package arith

import (
	"math"
	"math/big"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// The math dialect: elementary functions on floats (and a few on
// integers), element-wise on vectors and tensors, with MLIR 16's names,
// custom forms (fastmath<...> on float ops) and folders.

// libmNaN is the NaN the C library's functions return for invalid inputs
// on x86 (the "default NaN", negative), which is what mlir-opt folds to.
var libmNaN = math.Float64frombits(0xFFF8000000000000)

// libm folds a function the way MLIR 16 does through the C library: only
// for f32 and f64 operands, and only when accept (if given) allows the
// operand. The value is the correctly rounded result (see hpmath.go); a
// NaN produced from a non-NaN operand is the C library's default NaN.
func libm(name string, accept func(float64) bool) folder {
	f := hpUnary[name]
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		t := elemType(op.Result(0).Type())
		w := floatWidth(t)
		if w != 32 && w != 64 {
			return noFold()
		}
		return foldTo(foldUnary(ops, func(a val) (val, bool) {
			if accept != nil && !accept(a.f) {
				return val{}, false
			}
			b, sp := f(a.f)
			return val{f: libmResult(b, sp, w == 32, a.f)}, true
		}))
	}
}

// libmResult rounds a result to the format and fixes up NaNs: a NaN
// operand comes back (quieted), an invalid operation gives libmNaN.
func libmResult(b *big.Float, sp float64, single bool, operands ...float64) float64 {
	if b == nil && math.IsNaN(sp) {
		for _, x := range operands {
			if math.IsNaN(x) {
				return quiet(x)
			}
		}
		return libmNaN
	}
	return roundHP(b, sp, single)
}

// libm2 is libm for binary functions. special, when it returns true, gives
// the result for any float format (MLIR checks it before the format).
func libm2(f func(a, b float64) (*big.Float, float64), special func(a, b float64) (float64, bool)) folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		t := elemType(op.Result(0).Type())
		w := floatWidth(t)
		return foldTo(foldBinary(ops, nil, func(a, b val) (val, bool) {
			if special != nil {
				if r, ok := special(a.f, b.f); ok {
					return val{f: r}, true
				}
			}
			if w != 32 && w != 64 {
				return val{}, false
			}
			hb, sp := f(a.f, b.f)
			return val{f: libmResult(hb, sp, w == 32, a.f, b.f)}, true
		}))
	}
}

// apfloatUnary folds with an exact operation valid for every float format.
func apfloatUnary(f func(float64) float64) folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		return foldTo(foldUnary(ops, func(a val) (val, bool) {
			if math.IsNaN(a.f) {
				return val{f: a.f}, true
			}
			return val{f: f(a.f)}, true
		}))
	}
}

func notNegative(x float64) bool { return !math.Signbit(x) }

// roundFn folds round and trunc (exact operations, but MLIR 16 folds them
// through roundf/round and truncf/trunc: f32 and f64 only).
func roundFn(f func(float64) float64) folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		t := elemType(op.Result(0).Type())
		if w := floatWidth(t); w != 32 && w != 64 {
			return noFold()
		}
		return foldTo(foldUnary(ops, func(a val) (val, bool) { return val{f: f(a.f)}, true }))
	}
}

// sqrtFn folds sqrt of non-negative f32 and f64 values (IEEE sqrt is
// correctly rounded: float64 sqrt rounded to float32 is too).
func sqrtFn() folder {
	return func(op *ir.Operation, ops []ir.Attribute) fres {
		t := elemType(op.Result(0).Type())
		if w := floatWidth(t); w != 32 && w != 64 {
			return noFold()
		}
		return foldTo(foldUnary(ops, func(a val) (val, bool) {
			if math.Signbit(a.f) {
				return val{}, false
			}
			return val{f: ir.RoundToType(t, math.Sqrt(a.f))}, true
		}))
	}
}

var mathFloatUnary = []struct {
	name, summary, description string
	fold                       folder
}{
	{"absf", "floating point absolute-value operation", "The absolute value of the operand (clears the sign bit).\n\nExample: `%a = math.absf %b : f64`",
		func(op *ir.Operation, ops []ir.Attribute) fres {
			return foldTo(foldUnary(ops, func(a val) (val, bool) { return val{f: math.Abs(a.f)}, true }))
		}},
	{"atan", "arcus tangent of the given value", "The arcus tangent of the operand, in radians.\n\nExample: `%a = math.atan %b : f64`", libm("atan", nil)},
	{"cbrt", "cube root of the specified value", "The cube root of the operand.\n\nExample: `%a = math.cbrt %b : f64`", nil},
	{"ceil", "ceiling of the specified value", "The smallest integral value not less than the operand.\n\nExample: `%a = math.ceil %b : f64`", apfloatUnary(math.Ceil)},
	{"cos", "cosine of the specified value", "The cosine of the operand, in radians.\n\nExample: `%a = math.cos %b : f64`", libm("cos", nil)},
	{"erf", "error function of the specified value", "The Gauss error function of the operand.\n\nExample: `%a = math.erf %b : f64`", libm("erf", nil)},
	{"exp", "base-e exponential of the specified value", "e raised to the operand.\n\nExample: `%a = math.exp %b : f64`", libm("exp", nil)},
	{"exp2", "base-2 exponential of the specified value", "2 raised to the operand.\n\nExample: `%a = math.exp2 %b : f64`", libm("exp2", nil)},
	{"expm1", "base-e exponential of the specified value minus 1", "exp(x) - 1, accurate for small x.\n\nExample: `%a = math.expm1 %b : f64`", libm("expm1", nil)},
	{"floor", "floor of the specified value", "The largest integral value not greater than the operand.\n\nExample: `%a = math.floor %b : f64`", apfloatUnary(math.Floor)},
	{"log", "base-e logarithm of the specified value", "The natural logarithm of the operand.\n\nExample: `%a = math.log %b : f64`", libm("log", notNegative)},
	{"log10", "base-10 logarithm of the specified value", "The decimal logarithm of the operand.\n\nExample: `%a = math.log10 %b : f64`", libm("log10", notNegative)},
	{"log1p", "Computes the natural logarithm of one plus the given value", "log(1 + x), accurate for small x.\n\nExample: `%a = math.log1p %b : f64`",
		libm("log1p", func(x float64) bool { return !math.Signbit(x + 1) })},
	{"log2", "base-2 logarithm of the specified value", "The binary logarithm of the operand.\n\nExample: `%a = math.log2 %b : f64`", libm("log2", notNegative)},
	{"round", "round of the specified value", "Rounds to the nearest integral value, halfway cases away from zero.\n\nExample: `%a = math.round %b : f64`", roundFn(math.Round)},
	{"roundeven", "round of the specified value with halfway cases to even", "Rounds to the nearest integral value, halfway cases to even.\n\nExample: `%a = math.roundeven %b : f64`", apfloatUnary(math.RoundToEven)},
	{"rsqrt", "reciprocal of sqrt (1 / sqrt of the specified value)", "1 / sqrt(x).\n\nExample: `%a = math.rsqrt %b : f64`", nil},
	{"sin", "sine of the specified value", "The sine of the operand, in radians.\n\nExample: `%a = math.sin %b : f64`", libm("sin", nil)},
	{"sqrt", "sqrt of the specified value", "The square root of the operand.\n\nExample: `%a = math.sqrt %b : f64`", sqrtFn()},
	{"tan", "tangent of the specified value", "The tangent of the operand, in radians.\n\nExample: `%a = math.tan %b : f64`", libm("tan", nil)},
	{"tanh", "hyperbolic tangent of the specified value", "The hyperbolic tangent of the operand.\n\nExample: `%a = math.tanh %b : f64`", libm("tanh", nil)},
	{"trunc", "trunc of the specified value", "Rounds toward zero to an integral value.\n\nExample: `%a = math.trunc %b : f64`", roundFn(math.Trunc)},
}

var mathFloatBinary = []struct {
	name, summary, description string
	fold                       folder
}{
	{"atan2", "2-argument arcus tangent of the given values", "The angle of the point (rhs, lhs): atan(lhs / rhs) in the right quadrant, " +
		"as C's atan2 (atan2(±0, +0) = ±0, atan2(±0, -0) = ±π), which is what runs. (MLIR 16's folder gives NaN for two zeros; tt folds " +
		"them as they run.)\n\nExample: `%a = math.atan2 %y, %x : f64`",
		libm2(hpAtan2, nil)},
	{"copysign", "A copysign operation", "The magnitude of lhs with the sign of rhs.\n\nExample: `%a = math.copysign %b, %c : f64`",
		func(op *ir.Operation, ops []ir.Attribute) fres {
			return foldTo(foldBinary(ops, nil, func(a, b val) (val, bool) { return val{f: math.Copysign(a.f, b.f)}, true }))
		}},
	{"powf", "floating point raised to the power of operation", "lhs raised to the power rhs.\n\nExample: `%a = math.powf %b, %c : f64`", libm2(hpPow, nil)},
}

var mathIntUnary = []struct {
	name, summary, description string
	fold                       func(a apInt) apInt
}{
	{"absi", "integer absolute-value operation", "The absolute value of the operand read as signed (the minimum value stays negative).\n\nExample: `%a = math.absi %b : i64`", apInt.abs},
	{"ctlz", "counts the leading zeros an integer value", "The number of leading zero bits (the bit width for 0).\n\nExample: `%a = math.ctlz %b : i32`", apInt.ctlz},
	{"cttz", "counts the trailing zeros an integer value", "The number of trailing zero bits (the bit width for 0).\n\nExample: `%a = math.cttz %b : i32`", apInt.cttz},
	{"ctpop", "counts the number of set bits of an integer value", "The number of one bits.\n\nExample: `%a = math.ctpop %b : i32`", apInt.ctpop},
}

// IPowIDef is math.ipowi: an integer raised to an integer power.
var IPowIDef = intBinaryOp(opSpec{name: "math.ipowi", goName: "IPowI", summary: "signed integer raised to the power of operation",
	description: "lhs raised to the power rhs, both signed, with wraparound (numerics.IPow). A negative exponent " +
		"gives 1/lhs**|rhs| truncated toward zero: 1 for lhs = 1, ±1 for lhs = -1, 0 otherwise (tt's choice for " +
		"0**-n, where MLIR's expansion divides by zero; not folded, as in MLIR 16).\n\nExample: `%a = math.ipowi %b, %c : i32`",
	fold: foldIPowI})

// foldIPowI folds constants as MLIR 16 does, except 0 to a negative power
// (left alone, as MLIR leaves it).
func foldIPowI(_ *ir.Operation, ops []ir.Attribute) fres {
	return foldTo(foldBinary(ops, nil, func(a, b val) (val, bool) {
		if a.i.isZero() && b.i.isNegative() {
			return val{}, false
		}
		return val{i: mkInt(a.i.w, uint64(numerics.IPow(a.i.s(), b.i.s())))}, true
	}))
}

// FMADef is math.fma.
var FMADef = func() *ir.OpDef {
	d := newOp(opSpec{name: "math.fma", goName: "FMA", summary: "floating point fused multipy-add operation",
		description: "a * b + c with a single rounding. Not folded (as in MLIR 16).\n\nExample: `%a = math.fma %b, %c, %d : f64`"},
		[]ir.ArgDef{
			operand("a", FloatLike, "the first factor"),
			operand("b", FloatLike, "the second factor"),
			operand("c", FloatLike, "the addend"),
		}, []ir.ArgDef{operand("result", FloatLike, "the result, of the operands' type")})
	d.Traits |= ir.SameOperandsAndResultType
	d.Attrs = []ir.AttrDef{fastMathAttrDef}
	d.Print = printFloatOp
	d.Parse = parseFloatOp(3)
	d.InferResultTypes = sameAsFirstOperand
	d.Verify = verifyElementwise
	return d
}()

// FPowIDef is math.fpowi: a float raised to a signed integer power.
var FPowIDef = func() *ir.OpDef {
	d := newOp(opSpec{name: "math.fpowi", goName: "FPowI", summary: "floating point raised to the signed integer power operation",
		description: "lhs raised to the power rhs, a signed integer of the same shape (numerics.PowI: the power computed " +
			"in f64 and rounded to the result type). Not folded, as in MLIR 16.\n\n" +
			"Example: `%a = math.fpowi %b, %c : f64, i32`"},
		[]ir.ArgDef{
			operand("lhs", FloatLike, "the base"),
			operand("rhs", SignlessIntegerLike, "the exponent, in the base's shape"),
		}, []ir.ArgDef{operand("result", FloatLike, "the result, of the base's type")})
	d.Traits |= ir.SameOperandsAndResultShape
	d.Attrs = []ir.AttrDef{fastMathAttrDef}
	d.Print = printFPowI
	d.Parse = parseFPowI
	d.InferResultTypes = sameAsFirstOperand
	d.Verify = chain(verifyAllTypesMatch("lhs, result", 0, -1), verifySameOperandsAndResultShape, verifyElementwise)
	return d
}()

// printFPowI prints "$lhs, $rhs (fastmath<f>)? attr-dict : type($lhs), type($rhs)".
func printFPowI(p ir.OpPrinter, op *ir.Operation) {
	p.Print(" ")
	p.PrintOperands(op.Operands())
	printFastMath(p, op)
	p.PrintOptionalAttrDict(op.Attrs(), fastMathElided(op)...)
	p.Print(" : ")
	p.PrintTypes(op.OperandTypes())
}

func parseFPowI(p ir.OpParser, st *ir.OperationState) error {
	lhs, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	rhs, err := p.ParseOperand()
	if err != nil {
		return err
	}
	if err := parseOptionalFastMath(p, st); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	base, err := p.ParseColonType()
	if err != nil {
		return err
	}
	if err := p.ParsePunct(","); err != nil {
		return err
	}
	exp, err := p.ParseType()
	if err != nil {
		return err
	}
	ts := []ir.Type{base, exp}
	for i, u := range []ir.UnresolvedOperand{lhs, rhs} {
		v, err := p.ResolveOperand(u, ts[i])
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	st.ResultTypes = []ir.Type{ts[0]}
	if st.Attr(FastMathAttrName) == nil {
		st.AddAttr(FastMathAttrName, FastMathAttr(FastMathNone))
	}
	return nil
}

// mathOps builds the math dialect's op definitions.
// mathGoNames are the Go identifier stems of math ops whose names are not
// one word (MLIR's class names: AbsFOp, ExpM1Op, ...); generated code
// prefixes them with Math (arith.MathAbsFName).
var mathGoNames = map[string]string{
	"absf": "AbsF", "absi": "AbsI", "expm1": "ExpM1", "roundeven": "RoundEven", "copysign": "CopySign",
	"powf": "PowF", "fma": "FMA", "ipowi": "IPowI", "fpowi": "FPowI",
}

func mathOps() []*ir.OpDef {
	var ops []*ir.OpDef
	for _, u := range mathFloatUnary {
		ops = append(ops, floatUnaryOp(opSpec{name: "math." + u.name, goName: mathGoNames[u.name], summary: u.summary, description: u.description, fold: u.fold}, FloatLike))
	}
	for _, b := range mathFloatBinary {
		ops = append(ops, floatBinaryOp(opSpec{name: "math." + b.name, goName: mathGoNames[b.name], summary: b.summary, description: b.description, fold: b.fold}, FloatLike))
	}
	for _, u := range mathIntUnary {
		f := u.fold
		ops = append(ops, intUnaryOp(opSpec{name: "math." + u.name, goName: mathGoNames[u.name], summary: u.summary, description: u.description,
			fold: func(op *ir.Operation, ops []ir.Attribute) fres {
				return foldTo(foldUnary(ops, func(a val) (val, bool) { return val{i: f(a.i)}, true }))
			}}, SignlessIntegerLike))
	}
	return append(ops, FMADef, IPowIDef, FPowIDef)
}
