package elementwise_test

import (
	"fmt"
	"math"
	"strings"

	goemit "github.com/tt-compiler/tt/emit/go"
)

// An op under test: one result of the generated functions, computed from
// named arguments (x: the unary values; a, b: the binary pairs; p, q: the
// pairs without a zero divisor).
type opSpec struct {
	label string   // how reports name it
	args  []string // the arguments it reads
	line  string   // the op, with %0, %1, ... for its operands and T for the element type
	out   string   // the result element type ("" for the arguments' type)
	// tol is the largest distance in ulps allowed between a level and the
	// reference; 0 means bit for bit (NaNs of any sign and payload are
	// one value: package numerics does not specify them).
	tol map[level]int
}

// level is one of the places an op is evaluated.
type level string

const (
	levelFold   level = "fold"   // the op's Fold hook (constant folding)
	levelInterp level = "interp" // the interpreter on the op itself (the reference)
	levelLoops  level = "loops"  // the interpreter after the pt2-go pipeline
	levelGo     level = "go"     // generated Go code (pt2-go, emit/go, gobuild)
)

// at returns the level for code of a SIMD level (and its vector widths):
// "go/avx2", "loops/avx512"; the level itself when plain.
func (l level) at(simd goemit.SIMD, plain bool) level {
	if plain {
		return l
	}
	return l + "/" + level(simd.String())
}

// base returns the level without its SIMD level, whose tolerance applies.
func (l level) base() level {
	b, _, _ := strings.Cut(string(l), "/")
	return level(b)
}

// mathTol is the tolerance of an elementary function of the math
// dialect, as package numerics documents it: its folds are correctly
// rounded (they follow mlir-opt), while at run time f32 uses numerics'
// fast functions (within 1 ulp, tanh 2) or Go's float64 functions rounded
// once (within 1 ulp), and f64 uses Go's math package (numerics/f64.go:
// within 1 ulp, except pow, sin, cos and tan, within 64 on these values;
// and the pure-Go functions may round differently by 1 ulp in generated
// code built for x86-64-v3, where Go fuses their multiply-adds).
func mathTol(op, t string) map[level]int {
	if t == "f32" {
		if op == "math.tanh" {
			return map[level]int{levelFold: 2}
		}
		return map[level]int{levelFold: 1}
	}
	fold := 1
	switch op {
	case "math.powf", "math.sin", "math.cos", "math.tan":
		fold = 64
	}
	return map[level]int{levelFold: fold, levelGo: 1}
}

// goMathTol is the tolerance of a tensor op computed with a pure-Go
// function of package math on f64 (1 ulp in generated code, see mathTol).
func goMathTol(op, t string) map[level]int {
	switch op {
	case "tensor.tanh", "tensor.sin", "tensor.cos", "tensor.erf", "tensor.pow", "tensor.gelu", "tensor.gelu tanh":
		if t == "f64" {
			return map[level]int{levelGo: 1}
		}
	}
	return nil
}

// tensorFloatOps are the tensor dialect's ops on float tensors.
func tensorFloatOps(t string) []opSpec {
	other := map[string]string{"f32": "f64", "f64": "f32", "f16": "f32", "bf16": "f32"}[t]
	var ops []opSpec
	for _, u := range []string{"neg", "abs", "exp", "log", "sqrt", "rsqrt", "tanh", "sigmoid", "relu", "sin", "cos", "erf", "reciprocal"} {
		ops = append(ops, opSpec{label: "tensor." + u, args: []string{"x"}, line: "tensor." + u + " %0 : T", tol: goMathTol("tensor."+u, t)})
	}
	ops = append(ops,
		opSpec{label: "tensor.gelu", args: []string{"x"}, line: "tensor.gelu %0 : T", tol: goMathTol("tensor.gelu", t)},
		opSpec{label: "tensor.gelu tanh", args: []string{"x"}, line: "tensor.gelu %0 approximate = tanh : T", tol: goMathTol("tensor.gelu tanh", t)})
	for _, b := range []string{"add", "sub", "mul", "div", "max", "min", "pow"} {
		ops = append(ops, opSpec{label: "tensor." + b, args: []string{"a", "b"}, line: "tensor." + b + " %0, %1 : T", tol: goMathTol("tensor."+b, t)})
	}
	for _, p := range []string{"eq", "ne", "lt", "le", "gt", "ge"} {
		ops = append(ops, opSpec{label: "tensor.cmp " + p, args: []string{"a", "b"}, line: "tensor.cmp " + p + ", %0, %1 : T", out: "i1"})
	}
	for _, to := range []string{"i32", "i64", "i1", other} {
		ops = append(ops, opSpec{label: "tensor.cast to " + to, args: []string{"x"}, line: "tensor.cast %0 : T -> " + to, out: to})
	}
	return ops
}

// tensorIntOps are the tensor dialect's ops on integer tensors.
func tensorIntOps(t string) []opSpec {
	other := map[string]string{"i32": "i64", "i64": "i32"}[t]
	var ops []opSpec
	for _, u := range []string{"neg", "abs", "relu"} {
		ops = append(ops, opSpec{label: "tensor." + u, args: []string{"x"}, line: "tensor." + u + " %0 : T"})
	}
	for _, b := range []string{"add", "sub", "mul", "max", "min", "pow"} {
		ops = append(ops, opSpec{label: "tensor." + b, args: []string{"a", "b"}, line: "tensor." + b + " %0, %1 : T"})
	}
	ops = append(ops, opSpec{label: "tensor.div", args: []string{"p", "q"}, line: "tensor.div %0, %1 : T"})
	for _, p := range []string{"eq", "lt", "ge"} {
		ops = append(ops, opSpec{label: "tensor.cmp " + p, args: []string{"a", "b"}, line: "tensor.cmp " + p + ", %0, %1 : T", out: "i1"})
	}
	for _, to := range []string{"f32", "f64", "i1", other} {
		ops = append(ops, opSpec{label: "tensor.cast to " + to, args: []string{"x"}, line: "tensor.cast %0 : T -> " + to, out: to})
	}
	return ops
}

// arithFloatOps are the arith and math ops on scalars of float type t.
func arithFloatOps(t string) []opSpec {
	other := map[string]string{"f32": "f64", "f64": "f32", "f16": "f32", "bf16": "f32"}[t]
	bits := map[string]string{"f32": "i32", "f64": "i64"}[t]
	var ops []opSpec
	for _, b := range []string{"arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.remf", "arith.maxf", "arith.minf", "math.copysign"} {
		ops = append(ops, opSpec{label: b, args: []string{"a", "b"}, line: b + " %0, %1 : T"})
	}
	for _, b := range []string{"math.powf", "math.atan2"} {
		ops = append(ops, opSpec{label: b, args: []string{"a", "b"}, line: b + " %0, %1 : T", tol: mathTol(b, t)})
	}
	ops = append(ops, opSpec{label: "math.fma", args: []string{"a", "b"}, line: "math.fma %0, %1, %0 : T"})
	for _, p := range []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"} {
		ops = append(ops, opSpec{label: "arith.cmpf " + p, args: []string{"a", "b"}, line: "arith.cmpf " + p + ", %0, %1 : T", out: "i1"})
	}
	for _, u := range []string{"arith.negf", "math.absf", "math.ceil", "math.floor", "math.round", "math.roundeven", "math.trunc", "math.sqrt", "math.rsqrt"} {
		ops = append(ops, opSpec{label: u, args: []string{"x"}, line: u + " %0 : T"})
	}
	for _, u := range []string{"math.exp", "math.log", "math.erf", "math.exp2", "math.expm1", "math.log2", "math.log10", "math.log1p",
		"math.sin", "math.cos", "math.tan", "math.atan", "math.cbrt"} {
		ops = append(ops, opSpec{label: u, args: []string{"x"}, line: u + " %0 : T", tol: mathTol(u, t)})
	}
	ops = append(ops, opSpec{label: "math.tanh", args: []string{"x"}, line: "math.tanh %0 : T", tol: mathTol("math.tanh", t)})
	for _, c := range []struct{ op, to string }{{"arith.fptosi", "i32"}, {"arith.fptosi", "i64"}, {"arith.fptoui", "i32"},
		{"arith.fptoui", "i64"}, {"arith.fptosi", "i1"}, {"arith.bitcast", bits}} {
		if c.to == "" {
			continue // no integer type of f16's width at the loop level
		}
		ops = append(ops, opSpec{label: c.op + " to " + c.to, args: []string{"x"}, line: c.op + " %0 : T to " + c.to, out: c.to})
	}
	if t != "f64" {
		ops = append(ops, opSpec{label: "arith.extf to " + other, args: []string{"x"}, line: "arith.extf %0 : T to " + other, out: other})
	} else {
		ops = append(ops, opSpec{label: "arith.truncf to " + other, args: []string{"x"}, line: "arith.truncf %0 : T to " + other, out: other})
	}
	return ops
}

// arithIntOps are the arith and math ops on scalars of integer type t.
func arithIntOps(t string) []opSpec {
	other := map[string]string{"i32": "i64", "i64": "i32"}[t]
	var ops []opSpec
	for _, b := range []string{"arith.addi", "arith.subi", "arith.muli", "arith.andi", "arith.ori", "arith.xori", "arith.shli",
		"arith.shrsi", "arith.shrui", "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui", "math.ipowi"} {
		ops = append(ops, opSpec{label: b, args: []string{"a", "b"}, line: b + " %0, %1 : T"})
	}
	for _, b := range []string{"arith.divsi", "arith.divui", "arith.remsi", "arith.remui", "arith.ceildivsi", "arith.floordivsi", "arith.ceildivui"} {
		ops = append(ops, opSpec{label: b, args: []string{"p", "q"}, line: b + " %0, %1 : T"})
	}
	for _, p := range []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"} {
		ops = append(ops, opSpec{label: "arith.cmpi " + p, args: []string{"a", "b"}, line: "arith.cmpi " + p + ", %0, %1 : T", out: "i1"})
	}
	for _, u := range []string{"math.absi", "math.ctlz", "math.cttz", "math.ctpop"} {
		ops = append(ops, opSpec{label: u, args: []string{"x"}, line: u + " %0 : T"})
	}
	for _, c := range []struct{ op, to string }{{"arith.sitofp", "f32"}, {"arith.sitofp", "f64"}, {"arith.uitofp", "f32"},
		{"arith.uitofp", "f64"}, {"arith.trunci", "i1"}} {
		ops = append(ops, opSpec{label: c.op + " to " + c.to, args: []string{"x"}, line: c.op + " %0 : T to " + c.to, out: c.to})
	}
	if t == "i32" {
		ops = append(ops,
			opSpec{label: "arith.extsi to i64", args: []string{"x"}, line: "arith.extsi %0 : T to i64", out: other},
			opSpec{label: "arith.extui to i64", args: []string{"x"}, line: "arith.extui %0 : T to i64", out: other})
	} else {
		ops = append(ops, opSpec{label: "arith.trunci to i32", args: []string{"x"}, line: "arith.trunci %0 : T to i32", out: other})
	}
	return ops
}

// ulps returns the distance of two floats of type t in units in the last
// place (0 for two NaNs, a large number for a NaN and a number).
func ulps(t string, x, y float64) int64 {
	if x != x || y != y {
		if x != x && y != y {
			return 0
		}
		return math.MaxInt64
	}
	ord := func(v float64) int64 {
		var b int64
		if t == "f32" {
			b = int64(int32(math.Float32bits(float32(v))))
			if b < 0 {
				b = math.MinInt32 - b
			}
			return b
		}
		b = int64(math.Float64bits(v))
		if b < 0 {
			b = math.MinInt64 - b
		}
		return b
	}
	d := ord(x) - ord(y)
	if d < 0 {
		d = -d
	}
	return d
}

// formatFloat writes v exactly as an MLIR literal of type t (hexadecimal).
func formatFloat(t string, v float64) string {
	if t == "f32" {
		return fmt.Sprintf("0x%08X", math.Float32bits(float32(v)))
	}
	return fmt.Sprintf("0x%016X", math.Float64bits(v))
}
