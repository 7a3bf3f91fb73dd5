package goemit

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/vector"
	"github.com/tt-compiler/tt/ir"
)

// The arith and math ops on vectors held in archsimd registers. Each op
// with a register form computes bit for bit what the lane-by-lane form
// computes (see the package comment): IEEE arithmetic rounded per op (no
// contraction: Mul and Add stay two instructions; vector.fma and math.fma
// are MulAdd, one rounding), IEEE maximum and minimum with NaN propagation
// and -0 < +0 built from compares and blends, sqrt (correctly rounded in
// both forms), rsqrt as 1/sqrt, conversions rounding to nearest even. An
// op without a register form (or whose register form needs instructions
// the level lacks) is computed lane by lane from a copy of its operands'
// lanes, so every vector op is supported at every level.

// simdRule is the register form of an op: the layouts its operands must
// be in, the result's, and the expression of each result part.
type simdRule struct {
	in   []*simdLayout
	out  *simdLayout
	expr func(args [][]string, p int) string
}

// emitSIMDElementwise emits op (with a vector result) in registers when it
// has a register form, and reports whether it did.
func (f *fnEmitter) emitSIMDElementwise(op *ir.Operation, rt valueType) (bool, error) {
	r := f.simdRuleFor(op, rt)
	if r == nil {
		return false, nil
	}
	args := make([][]string, op.NumOperands())
	for i, v := range op.Operands() {
		g, err := f.value(op, v)
		if err != nil {
			return true, err
		}
		args[i] = f.partsOf(g, r.in[i])
	}
	exprs := make([]string, r.out.parts)
	for p := range exprs {
		exprs[p] = r.expr(args, p)
	}
	return true, f.defineParts(op, r.out, exprs)
}

// floatMath maps the math ops on floats that are one archsimd method.
var floatMath = map[string]string{
	arith.MathSqrtName: "Sqrt", arith.MathFloorName: "Floor", arith.MathCeilName: "Ceil",
	arith.MathTruncName: "Trunc", arith.MathRoundEvenName: "RoundToEven",
}

// roundingMath are the rounding methods, which 512-bit vectors spell
// XxxScaled(0) (VRNDSCALEPS with no fraction bits).
var roundingMath = map[string]bool{"Floor": true, "Ceil": true, "Trunc": true, "RoundToEven": true}

// simdRuleFor returns the register form of op at the module's level, or
// nil.
func (f *fnEmitter) simdRuleFor(op *ir.Operation, rt valueType) *simdRule {
	if op.NumResults() != 1 || op.NumOperands() == 0 {
		return nil
	}
	for _, v := range op.Operands() {
		t, err := typeOf(v.Type())
		if err != nil || t.kind != kVector || t.lanes != rt.lanes {
			return nil // a scalar condition of select, or malformed
		}
	}
	data := op.Operand(0) // the operand whose element type the op is on
	if op.Name() == arith.SelectName && op.NumOperands() == 3 {
		data = op.Operand(1)
	}
	in, err := ElemOf(ir.ElementTypeOrSelf(data.Type()))
	if err != nil {
		return nil
	}
	level := f.m.opts.SIMD
	lay := func(e Elem, maskBits int) *simdLayout { return level.layout(e, rt.lanes, maskBits) }
	out := rt.elem
	n := op.NumOperands()
	same := func(l *simdLayout, k int, fn func(a []string) string) *simdRule {
		if l == nil || n != k {
			return nil
		}
		ins := make([]*simdLayout, k)
		for i := range ins {
			ins[i] = l
		}
		return &simdRule{in: ins, out: l, expr: func(args [][]string, p int) string {
			a := make([]string, len(args))
			for i := range args {
				a[i] = args[i][p]
			}
			return fn(a)
		}}
	}
	name := op.Name()

	// Casts between element types.
	switch name {
	case arith.ExtFName:
		if in == F32 && out == F64 {
			return widenF32(lay(F32, 0), lay(F64, 0))
		}
	case arith.TruncFName:
		if in == F64 && out == F32 {
			return narrowF64(lay(F64, 0), lay(F32, 0))
		}
	case arith.SIToFPName:
		if in == I32 && out == F32 {
			return castRule(lay(I32, 0), lay(F32, 0), func(a string) string { return a + ".ConvertToFloat32()" })
		}
	case arith.BitcastName:
		if (in == F32 && out == I32) || (in == I32 && out == F32) || (in == F64 && out == I64) || (in == I64 && out == F64) {
			to := lay(out, 0)
			return castRule(lay(in, 0), to, func(a string) string { return a + ".As" + to.typeName() + "()" })
		}
	}
	if name != arith.SelectName && name != arith.CmpFName && name != arith.CmpIName && in != out {
		return nil
	}

	switch {
	case in.IsFloat():
		l := lay(in, 0)
		if l == nil {
			return nil
		}
		if m, ok := floatMath[name]; ok {
			if roundingMath[m] && l.lanes*l.bits == 512 {
				m += "Scaled"
				return same(l, 1, func(a []string) string { return a[0] + "." + m + "(0)" })
			}
			return same(l, 1, func(a []string) string { return a[0] + "." + m + "()" })
		}
		if fast, ok := f32Fast[name]; ok && in == F32 {
			// A vector function of package numerics, when it has one
			// for this width.
			fn := fmt.Sprintf("%s%sx%d", numericsPrefix, fast, l.lanes)
			if !f.m.hasRT(fn) {
				return nil
			}
			return same(l, 1, func(a []string) string {
				f.m.useRT(fn)
				return fn + "(" + a[0] + ")"
			})
		}
		return f.floatRule(op, l, same)
	case in.isInt():
		l := lay(in, 0)
		if l == nil {
			return nil
		}
		return f.intRule(op, l, same)
	case in == I1:
		g, err := f.value(op, op.Operand(0))
		if err != nil {
			return nil
		}
		l := g.simd
		if l == nil {
			l = lay(I1, 32)
		}
		switch name {
		case arith.AndIName:
			return same(l, 2, func(a []string) string { return a[0] + ".And(" + a[1] + ")" })
		case arith.OrIName:
			return same(l, 2, func(a []string) string { return a[0] + ".Or(" + a[1] + ")" })
		}
	}
	return nil
}

// floatRule is the register form of the float ops on layout l.
func (f *fnEmitter) floatRule(op *ir.Operation, l *simdLayout, same func(*simdLayout, int, func([]string) string) *simdRule) *simdRule {
	F, I := l.typeName(), l.intName()
	sign, magnitude := "-0x80000000", "0x7fffffff"
	if l.bits == 64 {
		sign, magnitude = "-0x8000000000000000", "0x7fffffffffffffff"
	}
	binary := func(method string) *simdRule {
		return same(l, 2, func(a []string) string { return a[0] + "." + method + "(" + a[1] + ")" })
	}
	switch op.Name() {
	case arith.AddFName:
		return binary("Add")
	case arith.SubFName:
		return binary("Sub")
	case arith.MulFName:
		return binary("Mul")
	case arith.DivFName:
		return binary("Div")
	case arith.NegFName:
		return same(l, 1, func(a []string) string {
			return a[0] + ".As" + I + "().Xor(archsimd.Broadcast" + I + "(" + sign + ")).As" + F + "()"
		})
	case arith.MathAbsFName:
		return same(l, 1, func(a []string) string {
			return a[0] + ".As" + I + "().And(archsimd.Broadcast" + I + "(" + magnitude + ")).As" + F + "()"
		})
	case arith.MathFMAName, vector.FMAName:
		return same(l, 3, func(a []string) string { return a[0] + ".MulAdd(" + a[1] + ", " + a[2] + ")" })
	case arith.MathRsqrtName:
		// numerics.Rsqrt: 1 / sqrt(x), each correctly rounded.
		return same(l, 1, func(a []string) string { return "archsimd.Broadcast" + F + "(1).Div(" + a[0] + ".Sqrt())" })
	case arith.MaxFName, arith.MaximumFName:
		return same(l, 2, func(a []string) string { return maximumExpr(l, a[0], a[1], "Greater") })
	case arith.MinFName, arith.MinimumFName:
		return same(l, 2, func(a []string) string { return maximumExpr(l, a[0], a[1], "Less") })
	case "arith.maxnumf", "arith.minnumf":
		cmp := "Greater"
		if op.Name() == "arith.minnumf" {
			cmp = "Less"
		}
		// numerics.MaxNum: b when a is NaN, a when b is NaN, else the
		// maximum.
		return same(l, 2, func(a []string) string {
			return a[1] + ".Merge(" + a[0] + ".Merge(" + maximumExpr(l, a[0], a[1], cmp) + ", " + a[1] + ".IsNaN()), " + a[0] + ".IsNaN())"
		})
	case arith.CmpFName:
		p, err := predicate(op, cmpfNames)
		if err != nil {
			return nil
		}
		r := same(l, 2, func(a []string) string { return cmpfExpr(p, a[0], a[1]) })
		if r == nil || cmpfExpr(p, "x", "y") == "" {
			return nil
		}
		r.out = l.maskLayout()
		return r
	case arith.SelectName:
		return selectRule(l, same)
	}
	return nil
}

// maximumExpr is numerics.Maximum (cmp "Greater") or numerics.Minimum
// (cmp "Less") of registers a and b: a where a is beyond b or NaN, else b;
// and for equal operands the bitwise and (maximum: +0 of ±0) or or
// (minimum: -0) of the two, which is either of them otherwise. (archsimd's
// Max and Min are VMAXPS and VMINPS, which return their second operand for
// NaN and ±0, but Go's compiler treats them as commutative and may swap
// the operands: which one they return is unspecified.)
func maximumExpr(l *simdLayout, a, b, cmp string) string {
	F, I := l.typeName(), l.intName()
	bits := "And"
	if cmp == "Less" {
		bits = "Or"
	}
	pick := a + ".Merge(" + b + ", " + a + "." + cmp + "(" + b + ").Or(" + a + ".IsNaN()))"
	return a + ".As" + I + "()." + bits + "(" + b + ".As" + I + "()).As" + F + "().Merge(" + pick + ", " + a + ".Equal(" + b + "))"
}

// cmpfExpr is arith.cmpf's predicate p on registers x and y, as a mask
// (the ordered compares are false on NaN, the unordered ones true); ""
// for false and true, which are lane by lane.
func cmpfExpr(p, x, y string) string {
	uno := x + ".IsNaN().Or(" + y + ".IsNaN())"
	switch p {
	case "oeq":
		return x + ".Equal(" + y + ")"
	case "ogt":
		return x + ".Greater(" + y + ")"
	case "oge":
		return x + ".GreaterEqual(" + y + ")"
	case "olt":
		return x + ".Less(" + y + ")"
	case "ole":
		return x + ".LessEqual(" + y + ")"
	case "one":
		return x + ".Less(" + y + ").Or(" + x + ".Greater(" + y + "))"
	case "ord":
		return x + ".Equal(" + x + ").And(" + y + ".Equal(" + y + "))"
	case "ueq":
		return x + ".Equal(" + y + ").Or(" + uno + ")"
	case "ugt":
		return x + ".Greater(" + y + ").Or(" + uno + ")"
	case "uge":
		return x + ".GreaterEqual(" + y + ").Or(" + uno + ")"
	case "ult":
		return x + ".Less(" + y + ").Or(" + uno + ")"
	case "ule":
		return x + ".LessEqual(" + y + ").Or(" + uno + ")"
	case "une":
		return x + ".NotEqual(" + y + ")"
	case "uno":
		return uno
	}
	return ""
}

// selectRule is arith.select with a vector condition on registers of
// layout l: Merge keeps x where the mask is set.
func selectRule(l *simdLayout, same func(*simdLayout, int, func([]string) string) *simdRule) *simdRule {
	r := same(l, 3, func(a []string) string { return a[1] + ".Merge(" + a[2] + ", " + a[0] + ")" })
	if r != nil {
		r.in[0] = l.maskLayout()
	}
	return r
}

// intRule is the register form of the integer ops on layout l (i32 or
// i64 lanes), where the level has the instruction.
func (f *fnEmitter) intRule(op *ir.Operation, l *simdLayout, same func(*simdLayout, int, func([]string) string) *simdRule) *simdRule {
	binary := func(method string) *simdRule {
		return same(l, 2, func(a []string) string { return a[0] + "." + method + "(" + a[1] + ")" })
	}
	// 64-bit multiplies, maxima and minima are AVX-512 instructions.
	wide := l.bits == 32 || f.m.opts.SIMD == SIMDAVX512
	switch op.Name() {
	case arith.AddIName:
		return binary("Add")
	case arith.SubIName:
		return binary("Sub")
	case arith.AndIName:
		return binary("And")
	case arith.OrIName:
		return binary("Or")
	case arith.XOrIName:
		return binary("Xor")
	case arith.MulIName:
		if wide {
			return binary("Mul")
		}
	case arith.MaxSIName:
		if wide {
			return binary("Max")
		}
	case arith.MinSIName:
		if wide {
			return binary("Min")
		}
	case arith.CmpIName:
		p, err := predicate(op, cmpiNames)
		if err != nil {
			return nil
		}
		method := map[string]string{"eq": "Equal", "ne": "NotEqual", "sgt": "Greater", "sge": "GreaterEqual", "slt": "Less", "sle": "LessEqual"}[p]
		if method == "" {
			return nil
		}
		r := binary(method)
		if r != nil {
			r.out = l.maskLayout()
		}
		return r
	case arith.SelectName:
		return selectRule(l, same)
	}
	return nil
}

// castRule converts part by part between two layouts of the same shape.
func castRule(from, to *simdLayout, fn func(a string) string) *simdRule {
	if from == nil || to == nil || from.lanes != to.lanes || from.parts != to.parts {
		return nil
	}
	return &simdRule{in: []*simdLayout{from}, out: to, expr: func(args [][]string, p int) string { return fn(args[0][p]) }}
}

// widenF32 is arith.extf from f32 to f64 registers: a part of f64 holds
// the lanes of a whole f32 part (x4 to x4, x8 to x8) or of its low or high
// half (x8 to two x4, x16 to two x8).
func widenF32(from, to *simdLayout) *simdRule {
	if from == nil || to == nil || (from.lanes != to.lanes && from.lanes != 2*to.lanes) {
		return nil
	}
	return &simdRule{in: []*simdLayout{from}, out: to, expr: func(args [][]string, p int) string {
		lane := p * to.lanes
		src := args[0][lane/from.lanes]
		switch {
		case from.lanes == to.lanes:
		case lane%from.lanes == 0:
			src += ".GetLo()"
		default:
			src += ".GetHi()"
		}
		return src + ".ConvertToFloat64()"
	}}
}

// narrowF64 is arith.truncf from f64 to f32 registers, widenF32's inverse:
// two converted f64 parts fill the halves of one f32 part when it is
// twice as wide.
func narrowF64(from, to *simdLayout) *simdRule {
	if from == nil || to == nil || (to.lanes != from.lanes && to.lanes != 2*from.lanes) {
		return nil
	}
	return &simdRule{in: []*simdLayout{from}, out: to, expr: func(args [][]string, p int) string {
		if to.lanes == from.lanes {
			return args[0][p] + ".ConvertToFloat32()"
		}
		lo, hi := args[0][2*p], args[0][2*p+1]
		return "archsimd." + to.typeName() + "{}.SetLo(" + lo + ".ConvertToFloat32()).SetHi(" + hi + ".ConvertToFloat32())"
	}}
}
