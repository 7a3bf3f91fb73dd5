package pass_test

import (
	"fmt"
	"os"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/rewrite"
)

// A dialect of our own: demo.double x = x + x, and demo.add.
var demoDialect = &ir.Dialect{
	Name: "demo",
	Ops: []*ir.OpDef{
		{Name: "demo.double", Traits: ir.Pure | ir.SameOperandsAndResultType,
			Operands: []ir.ArgDef{{Name: "x", Type: ir.AnyType}}, Results: []ir.ArgDef{{Name: "r", Type: ir.AnyType}}},
		{Name: "demo.add", Traits: ir.Pure | ir.Commutative | ir.SameOperandsAndResultType,
			Operands: []ir.ArgDef{{Name: "a", Type: ir.AnyType}, {Name: "b", Type: ir.AnyType}},
			Results:  []ir.ArgDef{{Name: "r", Type: ir.AnyType}}},
	},
}

// expandDouble rewrites demo.double x into demo.add x, x.
var expandDouble = &ir.Pattern{Root: "demo.double", Priority: 1, Label: "ExpandDouble",
	Rewrite: func(op *ir.Operation, rw *ir.PatternRewriter) bool {
		x := op.Operand(0)
		_, err := rw.ReplaceOpWithNew(op, &ir.OperationState{Name: "demo.add",
			Operands: []ir.Value{x, x}, ResultTypes: op.ResultTypes()})
		return err == nil
	}}

// expandPass applies expandDouble to each function with the greedy driver.
type expandPass struct {
	pass.Base
	expanded *pass.Statistic
}

func newExpandPass() pass.Pass {
	p := &expandPass{Base: pass.NewBase(pass.Info{
		Argument: "demo-expand",
		Name:     "DemoExpand",
		Summary:  "Expand demo.double into demo.add",
		Anchor:   "func.func",
	})}
	p.expanded = p.NewStatistic("num-expanded", "Number of demo.double expanded")
	return p
}

var demoPatterns = rewrite.NewPatternSet(expandDouble).Freeze()

func (p *expandPass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	res := rewrite.ApplyPatternsGreedily(op, demoPatterns, rewrite.GreedyConfig{})
	p.expanded.Add(int64(res.NumRewrites))
	if !res.Changed {
		am.PreserveAll()
	}
	return nil
}

// Example defines a pass and a rewrite pattern outside tt's packages,
// registers the pass next to tt's generic passes, and runs a pipeline.
func Example() {
	ctx := builtin.NewContext().MustLoadDialect(demoDialect)
	module, err := asm.ParseString(ctx, `
func.func @f(%a: i32) -> i32 {
  %0 = "demo.double"(%a) : (i32) -> i32
  %1 = "demo.double"(%a) : (i32) -> i32
  %2 = "demo.add"(%0, %1) : (i32, i32) -> i32
  return %2 : i32
}`, asm.ParseOptions{Filename: "example.mlir"})
	if err != nil {
		fmt.Println(err)
		return
	}

	registry := pass.NewRegistry()
	if err := rewrite.Register(registry); err != nil {
		fmt.Println(err)
		return
	}
	registry.MustRegister(newExpandPass)
	pm, err := registry.Parse("builtin.module(func.func(demo-expand,cse))")
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := pm.Run(module, &pass.RunOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(asm.String(module, asm.PrintOptions{}))
	pm.WriteStatistics(os.Stdout, pass.StatisticsList)
	// Output:
	// module {
	//   func.func @f(%arg0: i32) -> i32 {
	//     %0 = "demo.add"(%arg0, %arg0) : (i32, i32) -> i32
	//     %1 = "demo.add"(%0, %0) : (i32, i32) -> i32
	//     return %1 : i32
	//   }
	// }
	// ===-------------------------------------------------------------------------===
	//                          ... Pass statistics report ...
	// ===-------------------------------------------------------------------------===
	//   CSE
	//     (S) 1 num-cse'd - Number of operations CSE'd
	//     (S) 0 num-dce'd - Number of operations DCE'd
	//   DemoExpand
	//     (S) 2 num-expanded - Number of demo.double expanded
}
