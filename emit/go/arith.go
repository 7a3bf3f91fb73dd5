package goemit

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// The arith and math ops, lane by lane. Each op becomes one Go expression
// per lane over the operands' lane expressions (always variables or
// literals); every result is assigned to its own variable. See the package
// comment for the semantics.

// floatUnary maps math ops to Go's math functions.
var floatUnary = map[string]string{
	arith.MathAbsFName: "Abs", arith.MathCeilName: "Ceil", arith.MathFloorName: "Floor", arith.MathRoundName: "Round",
	arith.MathRoundEvenName: "RoundToEven", arith.MathTruncName: "Trunc", arith.MathSqrtName: "Sqrt",
	arith.MathExpName: "Exp", arith.MathExp2Name: "Exp2", arith.MathExpM1Name: "Expm1", arith.MathLogName: "Log",
	arith.MathLog2Name: "Log2", arith.MathLog10Name: "Log10", arith.MathLog1pName: "Log1p", arith.MathSinName: "Sin",
	arith.MathCosName: "Cos", arith.MathTanName: "Tan", arith.MathTanhName: "Tanh", "math.sinh": "Sinh",
	"math.cosh": "Cosh", "math.asin": "Asin", "math.acos": "Acos", arith.MathAtanName: "Atan",
	"math.asinh": "Asinh", "math.acosh": "Acosh", "math.atanh": "Atanh", arith.MathErfName: "Erf",
	"math.erfc": "Erfc", arith.MathCbrtName: "Cbrt",
}

// f32Fast maps the math ops that f32 operands compute with the fast
// single-precision functions of package numerics (copied into generated
// code with the prefix ttNum), as the interpreter (interp/arithk) does.
var f32Fast = map[string]string{
	arith.MathExpName: "ExpF32", arith.MathLogName: "LogF32", arith.MathTanhName: "TanhF32", arith.MathErfName: "ErfF32",
}

// f64Rules maps the math ops whose f64 rule is a function of package
// numerics rather than Go's math function.
var f64Rules = map[string]string{arith.MathExpName: "ExpF64", arith.MathLogName: "LogF64", arith.MathLog10Name: "Log10F64", arith.MathTanhName: "TanhF64"}

// floatBinaryMath maps binary math ops to Go's math functions.
var floatBinaryMath = map[string]string{
	arith.MathAtan2Name: "Atan2", arith.MathCopySignName: "Copysign",
}

// floatRule maps float ops to their rule in package numerics (generic in
// the element type).
var floatRule = map[string]string{
	arith.MaxFName: "Maximum", arith.MaximumFName: "Maximum", arith.MinFName: "Minimum",
	arith.MinimumFName: "Minimum", "arith.maxnumf": "MaxNum", "arith.minnumf": "MinNum",
	arith.RemFName: "Rem", arith.MathPowFName: "Pow", arith.MathRsqrtName: "Rsqrt", arith.MathFPowIName: "PowI",
}

// cmpiNames and cmpfNames are the predicates in MLIR's enum order.
var (
	cmpiNames = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
	cmpfNames = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}
)

// predicate reads a comparison predicate (integer or keyword).
func predicate(op *ir.Operation, names []string) (string, error) {
	switch a := op.Attr("predicate").(type) {
	case *ir.IntegerAttr:
		if v := a.Int64(); v >= 0 && v < int64(len(names)) {
			return names[v], nil
		}
	case *ir.StringAttr:
		if slices.Contains(names, a.Value) {
			return a.Value, nil
		}
	case nil:
		return "", errors.New("missing attribute 'predicate'")
	}
	return "", fmt.Errorf("invalid predicate %s", op.Attr("predicate"))
}

// emitElementwise emits an arith or math op (or vector.fma) on scalars or
// lane by lane on vectors.
func (f *fnEmitter) emitElementwise(op *ir.Operation) error {
	if op.NumResults() < 1 {
		return errAt(op, "expects a result")
	}
	rt, err := typeOf(op.Result(0).Type())
	if err != nil {
		return errAt(op, "%v", err)
	}
	if rt.kind == kBuffer {
		return errAt(op, "arith and math ops on buffers are not supported (they apply to scalars and vectors)")
	}
	lanes := 1
	if rt.kind == kVector {
		lanes = rt.lanes
	}
	if p, ok := constantPredicate(op); ok {
		// cmpf false and true do not read their operands (which are then
		// not emitted: Go rejects unused variables).
		exprs := make([]string, lanes)
		for l := range exprs {
			exprs[l] = p
		}
		return f.define(op, exprs, false)
	}
	if rt.kind == kVector && f.m.opts.SIMD != SIMDOff {
		if done, err := f.emitSIMDElementwise(op, rt); done || err != nil {
			return err
		}
	}
	var args []*gval
	for _, v := range op.Operands() {
		g, err := f.value(op, v)
		if err != nil {
			return err
		}
		if g.t.kind == kBuffer {
			return errAt(op, "arith and math ops on buffers are not supported")
		}
		if g.t.kind == kVector && (rt.kind != kVector || g.t.lanes != rt.lanes) {
			return errAt(op, "operand and result vector widths differ")
		}
		args = append(args, g)
	}
	if op.NumResults() > 1 {
		if rt.kind == kVector {
			return errAt(op, "ops with several results are supported on scalars only")
		}
		call, err := f.laneExpr(op, scalarArgs(f, args, 0))
		if err != nil {
			return err
		}
		return f.define(op, []string{call}, true)
	}
	for i, g := range args {
		if g.t.kind == kVector && g.simd != nil {
			args[i] = &gval{t: g.t, comps: f.lanesOf(g)}
		}
	}
	exprs := make([]string, lanes)
	for l := 0; l < lanes; l++ {
		exprs[l], err = f.laneExpr(op, scalarArgs(f, args, l))
		if err != nil {
			return err
		}
	}
	return f.define(op, exprs, false)
}

// scalarArgs returns lane l of each operand (a scalar operand stands for
// all lanes).
func scalarArgs(f *fnEmitter, args []*gval, l int) []string {
	out := make([]string, len(args))
	for i, g := range args {
		if g.t.kind == kVector {
			out[i] = g.comps[l]
		} else {
			out[i] = f.scalar(g)
		}
	}
	return out
}

// laneExpr returns the Go expression of one lane of op.
func (f *fnEmitter) laneExpr(op *ir.Operation, a []string) (string, error) {
	name := op.Name()
	want := func(n int) error {
		if len(a) != n {
			return errAt(op, "expects %d operands, got %d", n, len(a))
		}
		return nil
	}
	elemAt := func(v ir.Value) (Elem, error) {
		e, err := ElemOf(ir.ElementTypeOrSelf(v.Type()))
		if err != nil {
			return InvalidElem, errAt(op, "%v", err)
		}
		return e, nil
	}
	if op.NumOperands() == 0 {
		return "", errAt(op, "expects operands")
	}
	in, err := elemAt(op.Operand(0))
	if err != nil {
		return "", err
	}
	out, err := elemAt(op.Result(0))
	if err != nil {
		return "", err
	}
	goT := out.GoType()
	rt := f.m.useRT
	num := f.numCall
	viaF64 := func(fn string, xs ...string) string {
		f.m.imports["math"] = true
		if out == F64 {
			return "math." + fn + "(" + strings.Join(xs, ", ") + ")"
		}
		for i, x := range xs {
			xs[i] = "float64(" + x + ")"
		}
		return "float32(math." + fn + "(" + strings.Join(xs, ", ") + "))"
	}
	bad := func() (string, error) {
		return "", errAt(op, "is not supported on %s", op.Operand(0).Type())
	}

	// Float ops.
	if fn, ok := floatUnary[name]; ok {
		if err := want(1); err != nil || !in.IsFloat() {
			return bad()
		}
		if fast, ok := f32Fast[name]; ok && out == F32 {
			return num(fast, a[0]), nil
		}
		if rule, ok := f64Rules[name]; ok && out == F64 {
			return num(rule, a[0]), nil
		}
		return viaF64(fn, a[0]), nil
	}
	if fn, ok := floatBinaryMath[name]; ok {
		if err := want(2); err != nil || !in.IsFloat() {
			return bad()
		}
		return viaF64(fn, a[0], a[1]), nil
	}
	if fn, ok := floatRule[name]; ok {
		if err := want(op.NumOperands()); err != nil || !in.IsFloat() {
			return bad()
		}
		return num(fn, a...), nil
	}
	switch name {
	case arith.AddFName, arith.SubFName, arith.DivFName:
		if err := want(2); err != nil || !in.IsFloat() {
			return bad()
		}
		sym := map[string]string{arith.AddFName: "+", arith.SubFName: "-", arith.DivFName: "/"}[name]
		return a[0] + " " + sym + " " + a[1], nil
	case arith.MulFName:
		if err := want(2); err != nil || !in.IsFloat() {
			return bad()
		}
		// The conversion keeps Go from fusing the product into an FMA.
		return goT + "(" + a[0] + " * " + a[1] + ")", nil
	case arith.NegFName:
		if err := want(1); err != nil || !in.IsFloat() {
			return bad()
		}
		return "-" + a[0], nil
	case arith.MathFMAName, vector.FMAName:
		if err := want(3); err != nil || !in.IsFloat() {
			return bad()
		}
		if out == F64 {
			f.m.imports["math"] = true
			return "math.FMA(" + a[0] + ", " + a[1] + ", " + a[2] + ")", nil
		}
		return num("FMAF32", a...), nil
	case "math.isnan":
		if err := want(1); err != nil || !in.IsFloat() {
			return bad()
		}
		return a[0] + " != " + a[0], nil
	case "math.isinf", "math.isfinite":
		if err := want(1); err != nil || !in.IsFloat() {
			return bad()
		}
		fn := map[string]string{"math.isinf": "ttIsInf", "math.isfinite": "ttIsFinite"}[name]
		rt(fn)
		return fn + "(" + a[0] + ")", nil
	case arith.CmpFName:
		if err := want(2); err != nil || !in.IsFloat() {
			return bad()
		}
		p, err := predicate(op, cmpfNames)
		if err != nil {
			return "", errAt(op, "%v", err)
		}
		x, y := a[0], a[1]
		if x == y {
			// One operand: keep vet's redundant-boolean check quiet.
			switch p {
			case "ord":
				return x + " == " + x, nil
			case "uno":
				return x + " != " + x, nil
			}
		}
		switch p {
		case "false":
			return "false", nil
		case "true":
			return "true", nil
		case "oeq":
			return x + " == " + y, nil
		case "ogt":
			return x + " > " + y, nil
		case "oge":
			return x + " >= " + y, nil
		case "olt":
			return x + " < " + y, nil
		case "ole":
			return x + " <= " + y, nil
		case "one":
			return "(" + x + " < " + y + " || " + x + " > " + y + ")", nil
		case "ord":
			return "(" + x + " == " + x + " && " + y + " == " + y + ")", nil
		case "ueq":
			return "!(" + x + " < " + y + " || " + x + " > " + y + ")", nil
		case "ugt":
			return "!(" + x + " <= " + y + ")", nil
		case "uge":
			return "!(" + x + " < " + y + ")", nil
		case "ult":
			return "!(" + x + " >= " + y + ")", nil
		case "ule":
			return "!(" + x + " > " + y + ")", nil
		case "une":
			return x + " != " + y, nil
		case "uno":
			return "(" + x + " != " + x + " || " + y + " != " + y + ")", nil
		}
	case arith.SelectName:
		if err := want(3); err != nil {
			return "", err
		}
		c, err := elemAt(op.Operand(0))
		if err != nil || c != I1 {
			return "", errAt(op, "expects an i1 condition")
		}
		rt("ttSelect")
		return "ttSelect(" + a[0] + ", " + a[1] + ", " + a[2] + ")", nil
	}

	// Casts.
	if s, ok, err := f.castExpr(op, in, out, a); ok || err != nil {
		return s, err
	}

	// Integer ops.
	if in == I1 {
		return f.boolExpr(op, a)
	}
	if !in.isInt() {
		return bad()
	}
	T, U := in.GoType(), in.unsigned()
	bin := func(sym string) (string, error) {
		if err := want(2); err != nil {
			return "", err
		}
		return a[0] + " " + sym + " " + a[1], nil
	}
	ubin := func(sym string) (string, error) {
		if err := want(2); err != nil {
			return "", err
		}
		return T + "(" + U + "(" + a[0] + ") " + sym + " " + U + "(" + a[1] + "))", nil
	}
	switch name {
	case arith.AddIName:
		return bin("+")
	case arith.SubIName:
		return bin("-")
	case arith.MulIName:
		return bin("*")
	case arith.AndIName:
		return bin("&")
	case arith.OrIName:
		return bin("|")
	case arith.XOrIName:
		return bin("^")
	case arith.DivSIName:
		return bin("/")
	case arith.RemSIName:
		return bin("%")
	case arith.DivUIName:
		return ubin("/")
	case arith.RemUIName:
		return ubin("%")
	case arith.ShLIName:
		if err := want(2); err != nil {
			return "", err
		}
		return a[0] + " << " + U + "(" + a[1] + ")", nil
	case arith.ShRSIName:
		if err := want(2); err != nil {
			return "", err
		}
		return a[0] + " >> " + U + "(" + a[1] + ")", nil
	case arith.ShRUIName:
		return ubin(">>")
	case arith.MaxSIName, arith.MinSIName:
		if err := want(2); err != nil {
			return "", err
		}
		return name[6:9] + "(" + a[0] + ", " + a[1] + ")", nil
	case arith.MaxUIName, arith.MinUIName:
		if err := want(2); err != nil {
			return "", err
		}
		return T + "(" + name[6:9] + "(" + U + "(" + a[0] + "), " + U + "(" + a[1] + ")))", nil
	case arith.CeilDivSIName:
		if err := want(2); err != nil {
			return "", err
		}
		return num("CeilDivS", a[0], a[1]), nil
	case arith.FloorDivSIName:
		if err := want(2); err != nil {
			return "", err
		}
		return num("FloorDivS", a[0], a[1]), nil
	case arith.CeilDivUIName:
		if err := want(2); err != nil {
			return "", err
		}
		return T + "(" + num("CeilDivU", U+"("+a[0]+")", U+"("+a[1]+")") + ")", nil
	case arith.MathAbsIName:
		if err := want(1); err != nil {
			return "", err
		}
		return num("AbsI", a[0]), nil
	case arith.MathIPowIName:
		if err := want(2); err != nil {
			return "", err
		}
		return num("IPow", a[0], a[1]), nil
	case arith.MathCtlzName, arith.MathCttzName, arith.MathCtpopName:
		if err := want(1); err != nil {
			return "", err
		}
		f.m.imports["math/bits"] = true
		fn := map[string]string{arith.MathCtlzName: "LeadingZeros", arith.MathCttzName: "TrailingZeros", arith.MathCtpopName: "OnesCount"}[name]
		switch in {
		case I32:
			fn += "32"
		case I64:
			fn += "64"
		}
		return T + "(bits." + fn + "(" + U + "(" + a[0] + ")))", nil
	case arith.CmpIName:
		if err := want(2); err != nil {
			return "", err
		}
		p, err := predicate(op, cmpiNames)
		if err != nil {
			return "", errAt(op, "%v", err)
		}
		sym := map[string]string{"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=", "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}[p]
		if p[0] == 'u' {
			return U + "(" + a[0] + ") " + sym + " " + U + "(" + a[1] + ")", nil
		}
		return a[0] + " " + sym + " " + a[1], nil
	case arith.AddUIExtendedName:
		if err := want(2); err != nil || op.NumResults() != 2 {
			return bad()
		}
		if in == I32 {
			return num("AddUIExtended32", a[0], a[1]), nil
		}
		if in == I64 {
			return num("AddUIExtended64", a[0], a[1]), nil
		}
		return "", errAt(op, "is not supported on index")
	case arith.MulSIExtendedName, arith.MulUIExtendedName:
		if err := want(2); err != nil || op.NumResults() != 2 {
			return bad()
		}
		fn := "MulUIExtended"
		if name == arith.MulSIExtendedName {
			fn = "MulSIExtended"
		}
		if in == I32 {
			return num(fn+"32", a[0], a[1]), nil
		}
		if in == I64 {
			return num(fn+"64", a[0], a[1]), nil
		}
		return "", errAt(op, "is not supported on index")
	}
	return "", errAt(op, "operation is not supported by the Go backend")
}

// constantPredicate returns "false" or "true" for an arith.cmpf whose
// predicate is one of those, whose result does not depend on the operands.
func constantPredicate(op *ir.Operation) (string, bool) {
	if op.Name() != arith.CmpFName {
		return "", false
	}
	p, err := predicate(op, cmpfNames)
	if err != nil || (p != "false" && p != "true") {
		return "", false
	}
	return p, true
}

// numCall returns a call of the rule fn of package numerics (copied into
// the generated file as numericsPrefix+fn) with the arguments xs.
func (f *fnEmitter) numCall(fn string, xs ...string) string {
	name := numericsPrefix + fn
	f.m.useRT(name)
	return name + "(" + strings.Join(xs, ", ") + ")"
}

// boolExpr is the integer ops on i1 (Go bool), with the interpreter's
// results (i1 is a 1-bit two's-complement integer: true is -1 signed, 1
// unsigned).
func (f *fnEmitter) boolExpr(op *ir.Operation, a []string) (string, error) {
	if len(a) != 2 {
		if op.Name() == arith.MathAbsIName || op.Name() == arith.MathCtpopName {
			return a[0], nil // |-1| wraps to -1; popcount of true is 1
		}
		if op.Name() == arith.MathCtlzName || op.Name() == arith.MathCttzName {
			return "!" + a[0], nil
		}
		return "", errAt(op, "is not supported on i1")
	}
	x, y := a[0], a[1]
	if x == y {
		// One operand: x && x and x || x are x (vet flags them as redundant).
		switch op.Name() {
		case arith.MulIName, arith.AndIName, arith.MaxSIName, arith.MinUIName, arith.OrIName, arith.MinSIName, arith.MaxUIName:
			return x, nil
		}
	}
	divByZero := func(rem string) string {
		f.m.useRT("ttDivI1")
		return "ttDivI1(" + x + ", " + y + ", " + rem + ")"
	}
	switch op.Name() {
	case arith.AddIName, arith.SubIName, arith.XOrIName:
		return x + " != " + y, nil
	case arith.MulIName, arith.AndIName, arith.MaxSIName, arith.MinUIName:
		return x + " && " + y, nil
	case arith.OrIName, arith.MinSIName, arith.MaxUIName:
		return x + " || " + y, nil
	case arith.DivSIName, arith.DivUIName, arith.CeilDivSIName, arith.FloorDivSIName, arith.CeilDivUIName:
		return divByZero("false"), nil
	case arith.RemSIName, arith.RemUIName:
		return divByZero("true"), nil
	case arith.ShLIName, arith.ShRUIName:
		return x + " && !" + y, nil
	case arith.ShRSIName:
		return x, nil
	case arith.MathIPowIName:
		// 1^e = 1; (-1)^e = ±1 both true as i1, 0^0 = 1, 0^e = 0.
		return x + " || !" + y, nil
	case arith.CmpIName:
		p, err := predicate(op, cmpiNames)
		if err != nil {
			return "", errAt(op, "%v", err)
		}
		switch p {
		case "eq":
			return x + " == " + y, nil
		case "ne":
			return x + " != " + y, nil
		case "slt", "ugt":
			return x + " && !" + y, nil
		case "sle", "uge":
			return x + " || !" + y, nil
		case "sgt", "ult":
			return "!" + x + " && " + y, nil
		case "sge", "ule":
			return "!" + x + " || " + y, nil
		}
	}
	return "", errAt(op, "is not supported on i1")
}

// castExpr handles the cast ops; ok is false for other ops.
func (f *fnEmitter) castExpr(op *ir.Operation, in, out Elem, a []string) (string, bool, error) {
	name := op.Name()
	switch name {
	case arith.ExtFName, arith.TruncFName, arith.ExtSIName, arith.ExtUIName, arith.TruncIName, arith.IndexCastName,
		arith.IndexCastUIName, arith.SIToFPName, arith.UIToFPName, arith.FPToSIName, arith.FPToUIName, arith.BitcastName:
	default:
		return "", false, nil
	}
	if len(a) != 1 {
		return "", true, errAt(op, "expects one operand")
	}
	x := a[0]
	bad := func() (string, bool, error) {
		return "", true, errAt(op, "cannot convert %s to %s", in, out)
	}
	rt := f.m.useRT
	num := f.numCall
	T := out.GoType()
	if (name == arith.ExtFName || name == arith.TruncFName) && (in.isHalf() || out.isHalf()) {
		return f.halfCast(op, in, out, x)
	}
	switch name {
	case arith.ExtFName, arith.TruncFName:
		if !in.IsFloat() || !out.IsFloat() {
			return bad()
		}
		if in == out {
			return x, true, nil
		}
		return T + "(" + x + ")", true, nil
	case arith.ExtSIName, arith.ExtUIName, arith.TruncIName, arith.IndexCastName, arith.IndexCastUIName:
		if in.IsFloat() || out.IsFloat() {
			return bad()
		}
		signed := name == arith.ExtSIName || name == arith.IndexCastName
		switch {
		case in == out:
			return x, true, nil
		case out == I1:
			return "(" + x + ")&1 != 0", true, nil
		case in == I1:
			rt("ttB2I")
			if signed {
				return "-ttB2I[" + T + "](" + x + ")", true, nil
			}
			return "ttB2I[" + T + "](" + x + ")", true, nil
		case in == I32 && !signed && out != I32:
			return T + "(uint32(" + x + "))", true, nil
		}
		return T + "(" + x + ")", true, nil
	case arith.SIToFPName, arith.UIToFPName:
		if in.IsFloat() || !out.IsFloat() {
			return bad()
		}
		signed := name == arith.SIToFPName
		switch {
		case in == I1 && signed:
			rt("ttSelect")
			return "ttSelect(" + x + ", " + T + "(-1), 0)", true, nil
		case in == I1:
			rt("ttB2I")
			return "ttB2I[" + T + "](" + x + ")", true, nil
		case in == I32 && signed:
			return T + "(" + x + ")", true, nil
		case in == I32:
			return T + "(uint32(" + x + "))", true, nil
		case out == F64 && signed:
			return "float64(" + x + ")", true, nil
		case out == F64:
			return "float64(uint64(" + x + "))", true, nil
		case signed:
			return num("SIToF32", "int64("+x+")"), true, nil
		}
		return num("UIToF32", "uint64("+x+")"), true, nil
	case arith.FPToSIName, arith.FPToUIName:
		if !in.IsFloat() || out.IsFloat() {
			return bad()
		}
		f64 := "float64(" + x + ")"
		if in == F64 {
			f64 = x
		}
		if out == I1 {
			// An i1 result is the low bit: 0 or 1 for fptoui, 0 or -1
			// (true) for fptosi, the indefinite value 1 (true) out of range.
			if name == arith.FPToSIName {
				return num("FPToSI", f64, "1") + " != 0", true, nil
			}
			return num("FPToUI", f64, "1") + " != 0", true, nil
		}
		w := "64"
		if out == I32 {
			w = "32"
		}
		if name == arith.FPToSIName {
			return T + "(" + num("FPToSI", f64, w) + ")", true, nil
		}
		if out == I32 {
			return "int32(uint32(" + num("FPToUI", f64, "32") + "))", true, nil
		}
		return T + "(" + num("FPToUI", f64, "64") + ")", true, nil
	case arith.BitcastName:
		f.m.imports["math"] = true
		switch {
		case in == out:
			return x, true, nil
		case in == F32 && out == I32:
			return "int32(math.Float32bits(" + x + "))", true, nil
		case in == I32 && out == F32:
			return "math.Float32frombits(uint32(" + x + "))", true, nil
		case in == F64 && out == I64:
			return "int64(math.Float64bits(" + x + "))", true, nil
		case in == I64 && out == F64:
			return "math.Float64frombits(uint64(" + x + "))", true, nil
		}
		return bad()
	}
	return bad()
}
