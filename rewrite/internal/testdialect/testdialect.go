// Package testdialect is a small dialect for the tests and benchmarks of
// the rewriting passes: pure integer arithmetic with folders and
// canonicalization patterns, memory reads and writes, and ops with regions.
//
//	%c = "tst.const"() {value = 3 : i32} : () -> i32        constant-like
//	%s = "tst.add"(%a, %b) : (i32, i32) -> i32              pure, commutative; folds constants and x+0
//	%m = "tst.mul"(%a, %b) : (i32, i32) -> i32              pure, commutative; folds constants, x*1, x*0
//	%n = "tst.neg"(%a) : (i32) -> i32                       pure; folds constants; neg(neg x) -> x (pattern)
//	%l = "tst.load"(%a) : (i32) -> i32                      reads memory
//	"tst.store"(%a) : (i32) -> ()                           writes memory
//	%r = "tst.region"(...) ({ ... "tst.yield"(..) }) : ...  pure if its body is (RecursiveMemoryEffects)
//	"tst.yield"(...) : (...) -> ()                          terminator of tst.region
package testdialect

import (
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/cf"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/ir"
)

// Op names.
const (
	Const  = "tst.const"
	Add    = "tst.add"
	Mul    = "tst.mul"
	Neg    = "tst.neg"
	Load   = "tst.load"
	Store  = "tst.store"
	Region = "tst.region"
	Yield  = "tst.yield"
)

func intOf(a ir.Attribute) (*ir.IntegerAttr, bool) {
	i, ok := a.(*ir.IntegerAttr)
	return i, ok
}

func binaryFold(fn func(a, b int64) int64, identity int64, absorbing *int64) func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
	return func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
		t := op.Result(0).Type()
		a, aok := intOf(operands[0])
		b, bok := intOf(operands[1])
		if aok && bok {
			return []ir.FoldResult{{Attr: ir.Int(t, fn(a.Int64(), b.Int64()))}}, true
		}
		if bok && b.Int64() == identity {
			return []ir.FoldResult{{Value: op.Operand(0)}}, true
		}
		if bok && absorbing != nil && b.Int64() == *absorbing {
			return []ir.FoldResult{{Attr: ir.Int(t, *absorbing)}}, true
		}
		return nil, false
	}
}

var zero int64

var i32Like = ir.TypeConstraint{Desc: "integer", Check: ir.IsIntegerOrIndex}

// Dialect is the test dialect.
var Dialect = &ir.Dialect{
	Name: "tst",
	Ops: []*ir.OpDef{
		{
			Name: Const, Traits: ir.ConstantLike | ir.Pure, Successors: 0,
			Results: []ir.ArgDef{{Name: "result", Type: i32Like}},
			Attrs:   []ir.AttrDef{{Name: "value", Constraint: ir.IntAttrC}},
			Fold: func(op *ir.Operation, _ []ir.Attribute) ([]ir.FoldResult, bool) {
				return []ir.FoldResult{{Attr: op.Attr("value")}}, true
			},
			ResultNames: func(op *ir.Operation) []string { return []string{"c"} },
		},
		{
			Name: Add, Traits: ir.Pure | ir.Commutative | ir.SameOperandsAndResultType,
			Operands: []ir.ArgDef{{Name: "lhs", Type: i32Like}, {Name: "rhs", Type: i32Like}},
			Results:  []ir.ArgDef{{Name: "result", Type: i32Like}},
			Fold:     binaryFold(func(a, b int64) int64 { return a + b }, 0, nil),
		},
		{
			Name: Mul, Traits: ir.Pure | ir.Commutative | ir.SameOperandsAndResultType,
			Operands: []ir.ArgDef{{Name: "lhs", Type: i32Like}, {Name: "rhs", Type: i32Like}},
			Results:  []ir.ArgDef{{Name: "result", Type: i32Like}},
			Fold:     binaryFold(func(a, b int64) int64 { return a * b }, 1, &zero),
		},
		{
			Name: Neg, Traits: ir.Pure | ir.SameOperandsAndResultType,
			Operands: []ir.ArgDef{{Name: "x", Type: i32Like}},
			Results:  []ir.ArgDef{{Name: "result", Type: i32Like}},
			Fold: func(op *ir.Operation, operands []ir.Attribute) ([]ir.FoldResult, bool) {
				if a, ok := intOf(operands[0]); ok {
					return []ir.FoldResult{{Attr: ir.Int(op.Result(0).Type(), -a.Int64())}}, true
				}
				return nil, false
			},
			Canonicalize: []ir.RewritePattern{&ir.Pattern{Root: Neg, Priority: 1, Label: "NegNeg",
				Rewrite: func(op *ir.Operation, rw *ir.PatternRewriter) bool {
					inner := ir.DefiningOp(op.Operand(0))
					// (In unreachable code or graph regions the inner neg may
					// use op itself.)
					if inner == nil || inner.Name() != Neg || inner.Operand(0) == ir.Value(op.Result(0)) {
						return false
					}
					rw.ReplaceOp(op, []ir.Value{inner.Operand(0)})
					return true
				}}},
		},
		{
			Name:     Load,
			Operands: []ir.ArgDef{{Name: "addr", Type: i32Like}},
			Results:  []ir.ArgDef{{Name: "result", Type: i32Like}},
			Effects: func(op *ir.Operation) []ir.MemoryEffect {
				return []ir.MemoryEffect{{Kind: ir.EffectRead}}
			},
		},
		{
			Name:     Store,
			Operands: []ir.ArgDef{{Name: "value", Type: i32Like}},
			Effects: func(op *ir.Operation) []ir.MemoryEffect {
				return []ir.MemoryEffect{{Kind: ir.EffectWrite}}
			},
		},
		{
			Name: Region, Traits: ir.RecursiveMemoryEffects | ir.SingleBlock, Successors: 0,
			Operands: []ir.ArgDef{{Name: "inputs", Type: ir.AnyType, Variadic: true}},
			Results:  []ir.ArgDef{{Name: "results", Type: ir.AnyType, Variadic: true}},
			Regions:  []ir.RegionDef{{Name: "body"}},
		},
		{
			Name: Yield, Traits: ir.Pure | ir.Terminator | ir.ReturnLike,
			Operands: []ir.ArgDef{{Name: "values", Type: ir.AnyType, Variadic: true}},
		},
	},
	MaterializeConstant: func(b *ir.Builder, value ir.Attribute, t ir.Type, loc ir.Location) *ir.Operation {
		i, ok := value.(*ir.IntegerAttr)
		if !ok || i.Type != t {
			return nil
		}
		return b.Insert(b.Ctx.NewOp(&ir.OperationState{Name: Const, Loc: loc, ResultTypes: []ir.Type{t},
			Attrs: []ir.NamedAttr{{Name: "value", Value: i}}}))
	},
}

// NewContext returns a context with the builtin, func and test dialects.
func NewContext() *ir.Context {
	return ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, cf.Dialect, Dialect)
}
