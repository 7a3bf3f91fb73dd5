package arith

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// ---- Constant ----

// ConstantDef is arith.constant.
var ConstantDef = &ir.OpDef{
	Name: "arith.constant", GoName: "Constant",
	Summary: "integer or floating point constant",
	Description: "Produces an SSA value equal to the integer, floating-point or dense elements constant given by " +
		"the `value` attribute, whose type is the result type. Integer constants are signless.\n\n" +
		"Custom form: `%c = arith.constant 42 : i32`, `%cst = arith.constant 1.000000e+00 : f32`, " +
		"`%cst = arith.constant dense<[1, 2]> : vector<2xi32>`; generic form: " +
		"`\"arith.constant\"() {value = 42 : i32} : () -> i32`.",
	Traits:  ir.Pure | ir.ConstantLike,
	Results: []ir.ArgDef{operand("result", AnyType, "the constant value")},
	Attrs: []ir.AttrDef{{Name: ValueAttrName, Constraint: ir.AttrConstraint{
		Desc: "TypedAttr instance",
		Check: func(a ir.Attribute) bool {
			_, typed := a.(ir.TypedAttr)
			_, str := a.(*ir.StringAttr)
			return typed || str
		},
	}, Doc: "the constant: an integer, float or dense elements attribute of the result type"}},
	Format:           "attr-dict $value",
	ResultNames:      constantResultNames,
	InferResultTypes: inferConstant,
	Verify:           verifyConstant,
	Fold:             foldConstant,
}

func attrType(a ir.Attribute) ir.Type {
	switch a := a.(type) {
	case ir.TypedAttr:
		return a.AttrType()
	case *ir.StringAttr:
		return a.Type
	}
	return nil
}

func inferConstant(_ *ir.Context, _ []ir.Value, attrs []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
	for _, a := range attrs {
		if a.Name == ValueAttrName {
			if t := attrType(a.Value); t != nil {
				return []ir.Type{t}, nil
			}
			return nil, fmt.Errorf("value must be an integer, float, or elements attribute")
		}
	}
	return nil, fmt.Errorf("requires attribute '%s'", ValueAttrName)
}

func verifyConstant(op *ir.Operation) error {
	if op.NumResults() != 1 {
		return nil
	}
	v := op.Attr(ValueAttrName)
	t := op.Result(0).Type()
	if attrType(v) != t {
		return fmt.Errorf("failed to verify that all of {value, result} have same type")
	}
	if it, ok := t.(*ir.IntegerType); ok && !it.IsSignless() {
		return fmt.Errorf("integer return type must be signless")
	}
	switch v.(type) {
	case *ir.IntegerAttr, *ir.FloatAttr, *ir.DenseElementsAttr:
		return nil
	}
	return fmt.Errorf("value must be an integer, float, or elements attribute")
}

// ---- Integer binary ops ----

var (
	// AddIDef is arith.addi.
	AddIDef = intBinaryOp(opSpec{name: "arith.addi", goName: "AddI", summary: "integer addition operation",
		description: "Adds the operands modulo 2^n, where n is the bit width; two's complement makes this the same " +
			"operation for signed and unsigned integers. Operands and result have one type: a signless integer or index, " +
			"or a vector or tensor of them.\n\nExample: `%a = arith.addi %b, %c : i64`",
		traits: ir.Commutative, fold: foldAddI, canonicalize: addIPatterns})
	// SubIDef is arith.subi.
	SubIDef = intBinaryOp(opSpec{name: "arith.subi", goName: "SubI", summary: "Integer subtraction operation",
		description: "Subtracts the right operand from the left modulo 2^n, for signed and unsigned integers alike.\n\n" +
			"Example: `%a = arith.subi %b, %c : i64`",
		fold: foldSubI, canonicalize: subIPatterns})
	// MulIDef is arith.muli.
	MulIDef = intBinaryOp(opSpec{name: "arith.muli", goName: "MulI", summary: "Integer multiplication operation",
		description: "Multiplies the operands modulo 2^n, for signed and unsigned integers alike.\n\n" +
			"Example: `%a = arith.muli %b, %c : i64`",
		traits: ir.Commutative, fold: foldMulI})
	// DivSIDef is arith.divsi.
	DivSIDef = intBinaryOp(opSpec{name: "arith.divsi", goName: "DivSI", summary: "signed integer division operation",
		description: "Signed integer division rounding toward zero (`6 / -2 = -3`). Division by zero and signed " +
			"overflow (the minimum value divided by -1) are undefined behavior, so the op is side-effect free but not speculatable.\n\n" +
			"Example: `%a = arith.divsi %b, %c : i64`",
		fold: foldDivSI, notSpeculatable: true})
	// DivUIDef is arith.divui.
	DivUIDef = intBinaryOp(opSpec{name: "arith.divui", goName: "DivUI", summary: "unsigned integer division operation",
		description: "Unsigned integer division rounding toward zero; the leading bit is the most significant. " +
			"Division by zero is undefined behavior.\n\nExample: `%a = arith.divui %b, %c : i64`",
		fold: foldDivUI, notSpeculatable: true})
	// CeilDivSIDef is arith.ceildivsi.
	CeilDivSIDef = intBinaryOp(opSpec{name: "arith.ceildivsi", goName: "CeilDivSI", summary: "signed ceil integer division operation",
		description: "Signed integer division rounding toward positive infinity (`7 / -2 = -3`). Division by zero and " +
			"signed overflow are undefined behavior.\n\nExample: `%a = arith.ceildivsi %b, %c : i64`",
		fold: foldCeilDivSI, notSpeculatable: true})
	// CeilDivUIDef is arith.ceildivui.
	CeilDivUIDef = intBinaryOp(opSpec{name: "arith.ceildivui", goName: "CeilDivUI", summary: "unsigned ceil integer division operation",
		description: "Unsigned integer division rounding toward positive infinity. Division by zero is undefined behavior.\n\n" +
			"Example: `%a = arith.ceildivui %b, %c : i64`",
		fold: foldCeilDivUI, notSpeculatable: true})
	// FloorDivSIDef is arith.floordivsi.
	FloorDivSIDef = intBinaryOp(opSpec{name: "arith.floordivsi", goName: "FloorDivSI", summary: "signed floor integer division operation",
		description: "Signed integer division rounding toward negative infinity (`5 / -2 = -3`). Division by zero and " +
			"signed overflow are undefined behavior.\n\nExample: `%a = arith.floordivsi %b, %c : i64`",
		fold: foldFloorDivSI})
	// RemSIDef is arith.remsi.
	RemSIDef = intBinaryOp(opSpec{name: "arith.remsi", goName: "RemSI", summary: "signed integer division remainder operation",
		description: "Signed remainder; the result has the sign of the dividend (`6 % -2 = 0`, `-7 % 2 = -1`). " +
			"Division by zero is undefined behavior.\n\nExample: `%a = arith.remsi %b, %c : i64`",
		fold: foldRemSI})
	// RemUIDef is arith.remui.
	RemUIDef = intBinaryOp(opSpec{name: "arith.remui", goName: "RemUI", summary: "unsigned integer division remainder operation",
		description: "Unsigned remainder; the leading bit is the most significant. Division by zero is undefined behavior.\n\n" +
			"Example: `%a = arith.remui %b, %c : i64`",
		fold: foldRemUI})
	// AndIDef is arith.andi.
	AndIDef = intBinaryOp(opSpec{name: "arith.andi", goName: "AndI", summary: "integer binary and",
		description: "Bitwise and of the operands.\n\nExample: `%a = arith.andi %b, %c : i64`",
		traits:      ir.Commutative, idempotent: true, fold: foldAndI, canonicalize: andIPatterns})
	// OrIDef is arith.ori.
	OrIDef = intBinaryOp(opSpec{name: "arith.ori", goName: "OrI", summary: "integer binary or",
		description: "Bitwise or of the operands.\n\nExample: `%a = arith.ori %b, %c : i64`",
		traits:      ir.Commutative, idempotent: true, fold: foldOrI, canonicalize: orIPatterns})
	// XOrIDef is arith.xori.
	XOrIDef = intBinaryOp(opSpec{name: "arith.xori", goName: "XOrI", summary: "integer binary xor",
		description: "Bitwise exclusive or of the operands; `xori %x, %true` is the logical negation of an i1.\n\n" +
			"Example: `%a = arith.xori %b, %c : i64`",
		traits: ir.Commutative, fold: foldXOrI, canonicalize: xorIPatterns})
	// ShLIDef is arith.shli.
	ShLIDef = intBinaryOp(opSpec{name: "arith.shli", goName: "ShLI", summary: "integer left-shift",
		description: "Shifts the left operand left by the right operand, read as unsigned, filling with zeros. " +
			"Shifting by the bit width or more yields poison.\n\nExample: `%3 = arith.shli %1, %2 : i8`",
		fold: foldShLI})
	// ShRSIDef is arith.shrsi.
	ShRSIDef = intBinaryOp(opSpec{name: "arith.shrsi", goName: "ShRSI", summary: "signed integer right-shift",
		description: "Shifts the left operand, read as signed, right by the right operand, read as unsigned, filling with " +
			"copies of the sign bit. Shifting by the bit width or more yields poison.\n\nExample: `%3 = arith.shrsi %1, %2 : i8`",
		fold: foldShRSI})
	// ShRUIDef is arith.shrui.
	ShRUIDef = intBinaryOp(opSpec{name: "arith.shrui", goName: "ShRUI", summary: "unsigned integer right-shift",
		description: "Shifts the left operand right by the right operand, both read as unsigned, filling with zeros. " +
			"Shifting by the bit width or more yields poison.\n\nExample: `%3 = arith.shrui %1, %2 : i8`",
		fold: foldShRUI})
	// MaxSIDef is arith.maxsi.
	MaxSIDef = intBinaryOp(opSpec{name: "arith.maxsi", goName: "MaxSI", summary: "signed integer maximum operation",
		description: "The larger operand, comparing as signed integers.\n\nExample: `%a = arith.maxsi %b, %c : i64`",
		traits:      ir.Commutative, fold: foldMaxSI})
	// MaxUIDef is arith.maxui.
	MaxUIDef = intBinaryOp(opSpec{name: "arith.maxui", goName: "MaxUI", summary: "unsigned integer maximum operation",
		description: "The larger operand, comparing as unsigned integers.\n\nExample: `%a = arith.maxui %b, %c : i64`",
		traits:      ir.Commutative, fold: foldMaxUI})
	// MinSIDef is arith.minsi.
	MinSIDef = intBinaryOp(opSpec{name: "arith.minsi", goName: "MinSI", summary: "signed integer minimum operation",
		description: "The smaller operand, comparing as signed integers.\n\nExample: `%a = arith.minsi %b, %c : i64`",
		traits:      ir.Commutative, fold: foldMinSI})
	// MinUIDef is arith.minui.
	MinUIDef = intBinaryOp(opSpec{name: "arith.minui", goName: "MinUI", summary: "unsigned integer minimum operation",
		description: "The smaller operand, comparing as unsigned integers.\n\nExample: `%a = arith.minui %b, %c : i64`",
		traits:      ir.Commutative, fold: foldMinUI})
)

// ---- Float ops ----

var (
	// AddFDef is arith.addf.
	AddFDef = floatBinaryOp(opSpec{name: "arith.addf", goName: "AddF", summary: "floating point addition operation",
		description: "IEEE addition of the operands (a float, or a vector or tensor of floats), rounding to nearest even.\n\n" +
			"Example: `%a = arith.addf %b, %c : f64`, `%x = arith.addf %y, %z fastmath<fast> : tensor<4x?xbf16>`",
		traits: ir.Commutative, fold: foldAddF}, FloatLike)
	// SubFDef is arith.subf.
	SubFDef = floatBinaryOp(opSpec{name: "arith.subf", goName: "SubF", summary: "floating point subtraction operation",
		description: "IEEE subtraction of the right operand from the left.\n\nExample: `%a = arith.subf %b, %c : f64`",
		fold:        foldSubF}, FloatLike)
	// MulFDef is arith.mulf.
	MulFDef = floatBinaryOp(opSpec{name: "arith.mulf", goName: "MulF", summary: "floating point multiplication operation",
		description: "IEEE multiplication of the operands.\n\nExample: `%a = arith.mulf %b, %c : f64`",
		traits:      ir.Commutative, fold: foldMulF, canonicalize: mulFPatterns}, FloatLike)
	// DivFDef is arith.divf.
	DivFDef = floatBinaryOp(opSpec{name: "arith.divf", goName: "DivF", summary: "floating point division operation",
		description: "IEEE division of the left operand by the right.\n\nExample: `%a = arith.divf %b, %c : f64`",
		fold:        foldDivF, canonicalize: divFPatterns}, FloatLike)
	// RemFDef is arith.remf.
	RemFDef = floatBinaryOp(opSpec{name: "arith.remf", goName: "RemF", summary: "floating point division remainder operation",
		description: "The remainder of the left operand divided by the right, with the quotient truncated toward zero: " +
			"x - n*y with n = trunc(x/y), exact, with x's sign (C's fmod, LLVM's frem: remf(5.0, 3.0) = 2.0, remf(-5.0, 3.0) = -2.0); " +
			"NaN when x is infinite or y is zero. MLIR 16 folded it with IEEE remainder (remf(5.0, 3.0) = -1.0); tt folds, " +
			"interprets and compiles fmod, as later MLIR versions fold.\n\nExample: `%a = arith.remf %b, %c : f64`",
		fold: foldRemF}, FloatLike)
	// MaxFDef is arith.maxf (MLIR 17: arith.maximumf).
	MaxFDef = floatBinaryOp(opSpec{name: "arith.maxf", goName: "MaxF", summary: "floating-point maximum operation",
		description: "The larger operand, treating -0.0 as less than +0.0; if either operand is NaN the result is NaN. " +
			"MLIR 16 spells it arith.maxf (later versions: arith.maximumf, also accepted by the parser).\n\n" +
			"Example: `%a = arith.maxf %b, %c : f64`",
		traits: ir.Commutative, fold: foldMaxF}, FloatLike)
	// MinFDef is arith.minf (MLIR 17: arith.minimumf).
	MinFDef = floatBinaryOp(opSpec{name: "arith.minf", goName: "MinF", summary: "floating-point minimum operation",
		description: "The smaller operand, treating -0.0 as less than +0.0; if either operand is NaN the result is NaN. " +
			"MLIR 16 spells it arith.minf (later versions: arith.minimumf, also accepted by the parser).\n\n" +
			"Example: `%a = arith.minf %b, %c : f64`",
		traits: ir.Commutative, fold: foldMinF}, FloatLike)
	// NegFDef is arith.negf.
	NegFDef = floatUnaryOp(opSpec{name: "arith.negf", goName: "NegF", summary: "floating point negation",
		description: "Flips the sign of the operand (also of NaN and zero).\n\nExample: `%a = arith.negf %b : f64`",
		fold:        foldNegF}, FloatLike)
)

// ---- Comparisons and select ----

func enumCases(n int) ir.AttrConstraint {
	cases := make([]string, n)
	for i := range cases {
		cases[i] = strconv.Itoa(i)
	}
	return ir.AttrConstraint{
		Desc: "allowed 64-bit signless integer cases: " + strings.Join(cases, ", "),
		Check: func(a ir.Attribute) bool {
			i, ok := a.(*ir.IntegerAttr)
			return ok && ir.IsSignlessInteger(i.Type) && ir.IntWidth(i.Type) == 64 && i.Big == nil && i.Val >= 0 && i.Val < int64(n)
		},
		Storage: ir.StoreI64,
	}
}

func verifyCmp(op *ir.Operation) error {
	if !hasArity(op, 2, 1) {
		return nil
	}
	if op.Result(0).Type() != i1SameShape(op.Context(), op.Operand(0).Type()) {
		return fmt.Errorf("failed to verify that result type has i1 element type and same shape as operands")
	}
	return verifyElementwise(op)
}

func inferCmp(ctx *ir.Context, operands []ir.Value, _ []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
	if len(operands) == 0 || operands[0] == nil {
		return nil, fmt.Errorf("expected 2 operands")
	}
	return []ir.Type{i1SameShape(ctx, operands[0].Type())}, nil
}

func cmpOp(s opSpec, names []string, operandType, resultType ir.TypeConstraint) *ir.OpDef {
	d := newOp(s, []ir.ArgDef{
		operand("lhs", operandType, "the left operand"),
		operand("rhs", operandType, "the right operand, of the left operand's type"),
	}, []ir.ArgDef{operand("result", resultType, "i1, or i1 elements in the operands' shape")})
	d.Traits |= ir.SameTypeOperands
	d.Attrs = []ir.AttrDef{{Name: PredicateAttrName, Constraint: enumCases(len(names)),
		Doc: "the comparison, an i64 enum value; printed as its keyword (" + strings.Join(names, ", ") + ")"}}
	d.Print = printCmp(names)
	d.Parse = parseCmp(names, operandType)
	d.InferResultTypes = inferCmp
	d.Verify = verifyCmp
	return d
}

var (
	// CmpIDef is arith.cmpi.
	CmpIDef = cmpOp(opSpec{name: "arith.cmpi", goName: "CmpI", customBuilder: true, summary: "integer comparison operation",
		description: "Compares integer-like operands of one type with the predicate attribute: eq (0), ne (1), " +
			"slt (2), sle (3), sgt (4), sge (5), ult (6), ule (7), ugt (8), uge (9). The result is i1, or i1 elements " +
			"in the operands' shape. The custom form spells the predicate as a keyword, the generic form stores it as " +
			"an i64.\n\nExample: `%x = arith.cmpi slt, %lhs, %rhs : i32`, generic " +
			"`%x = \"arith.cmpi\"(%lhs, %rhs) {predicate = 2 : i64} : (i32, i32) -> i1`",
		fold: foldCmpI, canonicalize: cmpIPatterns}, CmpIPredicates, SignlessIntegerLikeOfAnyRank, BoolLikeOfAnyRank)
	// CmpFDef is arith.cmpf.
	CmpFDef = cmpOp(opSpec{name: "arith.cmpf", goName: "CmpF", customBuilder: true, summary: "floating-point comparison operation",
		description: "Compares float operands of one type with the predicate attribute: false (0), oeq, ogt, oge, olt, " +
			"ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true (15). An o prefix means ordered (false when an " +
			"operand is NaN), u means unordered (true when an operand is NaN).\n\n" +
			"Example: `%r = arith.cmpf olt, %a, %b : f32`",
		fold: foldCmpF, canonicalize: cmpFPatterns}, CmpFPredicates, FloatLike, BoolLike)
)

// SelectDef is arith.select.
var SelectDef = func() *ir.OpDef {
	d := newOp(opSpec{name: "arith.select", goName: "Select", summary: "select operation",
		description: "Chooses the true value when the condition is 1 and the false value otherwise. With a vector or " +
			"tensor condition the choice is made per element; an i1 condition chooses a whole vector or tensor.\n\n" +
			"Example: `%x = arith.select %cond, %t, %f : i32`, " +
			"`%vx = arith.select %vcond, %vt, %vf : vector<42xi1>, vector<42xf32>`",
		fold: foldSelect, canonicalize: selectPatterns},
		[]ir.ArgDef{
			operand("condition", BoolLike, "i1, or an i1 mask in the result's shape"),
			operand("true_value", AnyType, "the value chosen where the condition is true"),
			operand("false_value", AnyType, "the value chosen where the condition is false"),
		}, []ir.ArgDef{operand("result", AnyType, "the chosen value")})
	d.Print = printSelect
	d.Parse = parseSelect
	d.InferResultTypes = func(_ *ir.Context, operands []ir.Value, _ []ir.NamedAttr, _ []*ir.Region) ([]ir.Type, error) {
		if len(operands) != 3 || operands[1] == nil {
			return nil, fmt.Errorf("expected 3 operands")
		}
		return []ir.Type{operands[1].Type()}, nil
	}
	d.Verify = verifySelect
	return d
}()

func verifySelect(op *ir.Operation) error {
	if !hasArity(op, 3, 1) {
		return nil
	}
	t := op.Result(0).Type()
	if op.Operand(1).Type() != t || op.Operand(2).Type() != t {
		return fmt.Errorf("failed to verify that all of {true_value, false_value, result} have same type")
	}
	if err := verifyElementwise(op); err != nil {
		return err
	}
	ct := op.Operand(0).Type()
	if isI1(ct) {
		return nil
	}
	switch t.(type) {
	case *ir.VectorType, *ir.RankedTensorType, *ir.UnrankedTensorType:
	default:
		return fmt.Errorf("expected condition to be a signless i1, but got '%s'", ct)
	}
	if want := i1SameShape(op.Context(), t); ct != want {
		return fmt.Errorf("expected condition type to have the same shape as the result type, expected '%s', but got '%s'", want, ct)
	}
	return nil
}

// ---- Casts ----

// castShapes is areValidCastInputsAndOutputs: compatible shapes.
func castShapes(in, out ir.Type) bool {
	if isMappable(in) != isMappable(out) {
		return false
	}
	return compatibleShapes([]ir.Type{in, out})
}

// likeElem returns the element type of a scalar, vector or tensor (memrefs
// too when withMemRef), or nil for other shaped types.
func likeElem(t ir.Type, withMemRef bool) ir.Type {
	switch t := t.(type) {
	case *ir.VectorType, *ir.RankedTensorType, *ir.UnrankedTensorType:
		return t.(ir.ShapedType).ElementType()
	case *ir.MemRefType:
		if withMemRef {
			return t.Elem
		}
		return nil
	case *ir.UnrankedMemRefType:
		if withMemRef {
			return t.Elem
		}
		return nil
	}
	return t
}

// bitWidth is getIntOrFloatBitWidth (0 for other types).
func bitWidth(t ir.Type) int {
	if ft, ok := t.(*ir.FloatType); ok {
		switch ft.Kind {
		case ir.TF32:
			return 19
		}
		return ft.Width()
	}
	if it, ok := t.(*ir.IntegerType); ok {
		return it.Width
	}
	return 0
}

func widthChange(isElem func(ir.Type) bool, wider bool) func(in, out ir.Type) bool {
	return func(in, out ir.Type) bool {
		if !castShapes(in, out) {
			return false
		}
		s, d := likeElem(in, false), likeElem(out, false)
		if s == nil || d == nil || !isElem(s) || !isElem(d) {
			return false
		}
		if wider {
			return bitWidth(d) > bitWidth(s)
		}
		return bitWidth(d) < bitWidth(s)
	}
}

func intFloatCast(fromInt bool) func(in, out ir.Type) bool {
	return func(in, out ir.Type) bool {
		if !castShapes(in, out) {
			return false
		}
		s, d := likeElem(in, false), likeElem(out, false)
		if s == nil || d == nil {
			return false
		}
		if fromInt {
			return ir.IsInteger(s) && ir.IsFloat(d)
		}
		return ir.IsFloat(s) && ir.IsInteger(d)
	}
}

func indexCastCompatible(in, out ir.Type) bool {
	if !castShapes(in, out) {
		return false
	}
	s, d := likeElem(in, true), likeElem(out, true)
	if s == nil || d == nil {
		return false
	}
	return (ir.IsIndex(s) && isSignless(d)) || (isSignless(s) && ir.IsIndex(d))
}

func bitcastCompatible(in, out ir.Type) bool {
	if !castShapes(in, out) {
		return false
	}
	s, d := likeElem(in, true), likeElem(out, true)
	if s == nil || d == nil || ir.IsIndex(s) || ir.IsIndex(d) {
		return false
	}
	ws, wd := bitWidth(s), bitWidth(d)
	return ws > 0 && ws == wd
}

var (
	// ExtUIDef is arith.extui.
	ExtUIDef = castOp(opSpec{name: "arith.extui", goName: "ExtUI", summary: "integer zero extension operation",
		description: "Zero-extends an integer to a strictly wider integer type.\n\n" +
			"Example: `%2 = arith.extui %1 : i3 to i6`, `%5 = arith.extui %0 : vector<2xi32> to vector<2xi64>`",
		fold: foldExtUI}, SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, widthChange(ir.IsInteger, true))
	// ExtSIDef is arith.extsi.
	ExtSIDef = castOp(opSpec{name: "arith.extsi", goName: "ExtSI", summary: "integer sign extension operation",
		description: "Sign-extends an integer to a strictly wider integer type, filling with copies of the sign bit.\n\n" +
			"Example: `%2 = arith.extsi %1 : i3 to i6`",
		fold: foldExtSI, canonicalize: extSIPatterns}, SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, widthChange(ir.IsInteger, true))
	// TruncIDef is arith.trunci.
	TruncIDef = castOp(opSpec{name: "arith.trunci", goName: "TruncI", summary: "integer truncation operation",
		description: "Truncates an integer to a strictly narrower integer type, discarding the high bits.\n\n" +
			"Example: `%2 = arith.trunci %1 : i5 to i4`",
		fold: foldTruncI, canonicalize: truncIPatterns}, SignlessFixedWidthIntegerLike, SignlessFixedWidthIntegerLike, widthChange(ir.IsInteger, false))
	// ExtFDef is arith.extf.
	ExtFDef = castOp(opSpec{name: "arith.extf", goName: "ExtF", summary: "cast from floating-point to wider floating-point",
		description: "Converts a float to a strictly wider float type (exactly). Not folded (as in MLIR 16).\n\n" +
			"Example: `%1 = arith.extf %0 : f32 to f64`"}, FloatLike, FloatLike, widthChange(ir.IsFloat, true))
	// TruncFDef is arith.truncf.
	TruncFDef = castOp(opSpec{name: "arith.truncf", goName: "TruncF", summary: "cast from floating-point to narrower floating-point",
		description: "Converts a float to a strictly narrower float type, rounding to nearest even.\n\n" +
			"Example: `%1 = arith.truncf %0 : f64 to f32`",
		fold: foldTruncF}, FloatLike, FloatLike, widthChange(ir.IsFloat, false))
	// SIToFPDef is arith.sitofp.
	SIToFPDef = castOp(opSpec{name: "arith.sitofp", goName: "SIToFP", summary: "cast from integer type to floating-point",
		description: "Converts an integer read as signed to the nearest float (ties to even).\n\n" +
			"Example: `%1 = arith.sitofp %0 : i32 to f32`",
		fold: foldSIToFP}, SignlessFixedWidthIntegerLike, FloatLike, intFloatCast(true))
	// UIToFPDef is arith.uitofp.
	UIToFPDef = castOp(opSpec{name: "arith.uitofp", goName: "UIToFP", summary: "cast from unsigned integer type to floating-point",
		description: "Converts an integer read as unsigned to the nearest float (ties to even).\n\n" +
			"Example: `%1 = arith.uitofp %0 : i32 to f32`",
		fold: foldUIToFP}, SignlessFixedWidthIntegerLike, FloatLike, intFloatCast(true))
	// FPToSIDef is arith.fptosi.
	FPToSIDef = castOp(opSpec{name: "arith.fptosi", goName: "FPToSI", summary: "cast from floating-point type to integer type",
		description: "Converts a float to a signed integer, rounding toward zero; out-of-range values, infinities and NaN give poison.\n\n" +
			"Example: `%1 = arith.fptosi %0 : f32 to i32`",
		fold: foldFPToSI}, FloatLike, SignlessFixedWidthIntegerLike, intFloatCast(false))
	// FPToUIDef is arith.fptoui.
	FPToUIDef = castOp(opSpec{name: "arith.fptoui", goName: "FPToUI", summary: "cast from floating-point type to integer type",
		description: "Converts a float to an unsigned integer, rounding toward zero; out-of-range values, infinities and NaN give poison.\n\n" +
			"Example: `%1 = arith.fptoui %0 : f32 to i32`",
		fold: foldFPToUI}, FloatLike, SignlessFixedWidthIntegerLike, intFloatCast(false))
	// IndexCastDef is arith.index_cast.
	IndexCastDef = castOp(opSpec{name: "arith.index_cast", goName: "IndexCast", summary: "cast between index and integer types",
		description: "Converts between signless integers and index (scalars, vectors, tensors or memrefs of them); " +
			"widening sign-extends, narrowing truncates.\n\nExample: `%1 = arith.index_cast %0 : i32 to index`",
		fold: foldIndexCast, canonicalize: indexCastPatterns}, IndexCastType, IndexCastType, indexCastCompatible)
	// IndexCastUIDef is arith.index_castui.
	IndexCastUIDef = castOp(opSpec{name: "arith.index_castui", goName: "IndexCastUI", summary: "unsigned cast between index and integer types",
		description: "Converts between signless integers and index; widening zero-extends, narrowing truncates.\n\n" +
			"Example: `%1 = arith.index_castui %0 : i32 to index`",
		fold: foldIndexCastUI, canonicalize: indexCastUIPatterns}, IndexCastType, IndexCastType, indexCastCompatible)
	// BitcastDef is arith.bitcast.
	BitcastDef = castOp(opSpec{name: "arith.bitcast", goName: "Bitcast", summary: "bitcast between values of equal bit width",
		description: "Reinterprets the bits of an integer or float as another integer or float type of the same bit width " +
			"(element-wise for vectors and tensors).\n\nExample: `%1 = arith.bitcast %0 : f32 to i32`",
		fold: foldBitcast, canonicalize: bitcastPatterns}, BitcastType, BitcastType, bitcastCompatible)
)
