package rewrite_test

import (
	"fmt"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/rewrite/internal/testdialect"
)

// syntheticModule builds a module with one function of about n ops in the
// test dialect: constants, additions (some repeated, some with constant
// operands first), multiplications by constants and double negations, so
// that canonicalize has folding, reordering, hoisting and patterns to do
// and cse has duplicates to merge.
func syntheticModule(ctx *ir.Context, n int) *ir.Operation {
	i32 := ctx.I32()
	m := builtin.NewModule(ctx, ir.Unknown)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(m))
	st := &ir.OperationState{Name: function.FuncDef.Name, Attrs: []ir.NamedAttr{
		{Name: ir.SymbolAttrName, Value: ir.String("bench")},
		{Name: function.FunctionTypeAttr, Value: &ir.TypeAttr{Value: ctx.Function([]ir.Type{i32, i32}, []ir.Type{i32})}},
	}}
	body := st.AddRegion()
	fn := b.Insert(ctx.NewOp(st))
	_ = fn
	entry := b.CreateBlock(body, []ir.Type{i32, i32}, nil)
	vals := []ir.Value{entry.Arg(0), entry.Arg(1)}
	seed := uint32(12345)
	rnd := func(k int) int {
		seed = seed*1664525 + 1013904223
		return int(seed>>8) % k
	}
	pick := func() ir.Value { return vals[len(vals)-1-rnd(min(len(vals), 16))] }
	create := func(name string, operands ...ir.Value) ir.Value {
		return b.Insert(ctx.NewOp(&ir.OperationState{Name: name, Operands: operands, ResultTypes: []ir.Type{i32}})).Result(0)
	}
	constant := func(v int64) ir.Value {
		return b.Insert(ctx.NewOp(&ir.OperationState{Name: testdialect.Const, ResultTypes: []ir.Type{i32},
			Attrs: []ir.NamedAttr{{Name: "value", Value: ir.Int(i32, v)}}})).Result(0)
	}
	count := 0
	for count < n {
		switch rnd(6) {
		case 0:
			c := constant(int64(rnd(32)))
			vals = append(vals, create(testdialect.Add, c, pick()))
			count += 2
		case 1:
			x, y := pick(), pick()
			vals = append(vals, create(testdialect.Add, x, y), create(testdialect.Add, x, y))
			count += 2
		case 2:
			vals = append(vals, create(testdialect.Mul, pick(), constant(int64(1+rnd(3)))))
			count += 2
		case 3:
			vals = append(vals, create(testdialect.Neg, create(testdialect.Neg, pick())))
			count += 2
		case 4:
			vals = append(vals, create(testdialect.Add, constant(int64(rnd(8))), constant(int64(rnd(8)))))
			count += 3
		default:
			vals = append(vals, create(testdialect.Mul, pick(), pick()))
			count++
		}
	}
	// Use a sum of the last values so most of the function stays live.
	acc := vals[len(vals)-1]
	for k := 2; k <= min(len(vals), 64); k++ {
		acc = create(testdialect.Add, acc, vals[len(vals)-k])
	}
	b.Insert(ctx.NewOp(&ir.OperationState{Name: function.ReturnDef.Name, Operands: []ir.Value{acc}}))
	return m
}

func TestSyntheticModuleVerifies(t *testing.T) {
	ctx := testdialect.NewContext()
	m := syntheticModule(ctx, 5000)
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	pm, err := newRegistry(t).Parse("builtin.module(func.func(canonicalize,cse))")
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m, nil); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkCanonicalizeCSE runs canonicalize then cse on one synthetic
// function of the given size (go test -bench CanonicalizeCSE ./rewrite/).
func BenchmarkCanonicalizeCSE(b *testing.B) {
	for _, n := range []int{1000, 10000, 200000} {
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			r := newRegistry(b)
			pm, err := r.Parse("builtin.module(func.func(canonicalize,cse))")
			if err != nil {
				b.Fatal(err)
			}
			ctx := testdialect.NewContext()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m := syntheticModule(ctx, n)
				b.StartTimer()
				if err := pm.Run(m, &pass.RunOptions{DisableVerifier: true}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "ops/s")
		})
	}
}

// BenchmarkCSE runs cse alone.
func BenchmarkCSE(b *testing.B) {
	for _, n := range []int{10000, 200000} {
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			pm, err := newRegistry(b).Parse("builtin.module(func.func(cse))")
			if err != nil {
				b.Fatal(err)
			}
			ctx := testdialect.NewContext()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m := syntheticModule(ctx, n)
				b.StartTimer()
				if err := pm.Run(m, &pass.RunOptions{DisableVerifier: true}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// syntheticArithModule builds one function of about n arith ops, shaped
// like syntheticModule's: constants, repeated and constant-first additions,
// multiplications by small constants, x-x and x^x (which fold), and a sum
// of the last values.
func syntheticArithModule(ctx *ir.Context, n int) *ir.Operation {
	i32 := ctx.I32()
	m := builtin.NewModule(ctx, ir.Unknown)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(m))
	st := &ir.OperationState{Name: function.FuncDef.Name, Attrs: []ir.NamedAttr{
		{Name: ir.SymbolAttrName, Value: ir.String("bench")},
		{Name: function.FunctionTypeAttr, Value: &ir.TypeAttr{Value: ctx.Function([]ir.Type{i32, i32}, []ir.Type{i32})}},
	}}
	body := st.AddRegion()
	b.Insert(ctx.NewOp(st))
	entry := b.CreateBlock(body, []ir.Type{i32, i32}, nil)
	vals := []ir.Value{entry.Arg(0), entry.Arg(1)}
	seed := uint32(12345)
	rnd := func(k int) int {
		seed = seed*1664525 + 1013904223
		return int(seed>>8) % k
	}
	pick := func() ir.Value { return vals[len(vals)-1-rnd(min(len(vals), 16))] }
	create := func(name string, operands ...ir.Value) ir.Value {
		return b.Insert(ctx.NewOp(&ir.OperationState{Name: name, Operands: operands, ResultTypes: []ir.Type{i32}})).Result(0)
	}
	constant := func(v int64) ir.Value {
		return b.Insert(ctx.NewOp(&ir.OperationState{Name: "arith.constant", ResultTypes: []ir.Type{i32},
			Attrs: []ir.NamedAttr{{Name: "value", Value: ir.Int(i32, v)}}})).Result(0)
	}
	count := 0
	for count < n {
		switch rnd(6) {
		case 0:
			vals = append(vals, create("arith.addi", constant(int64(rnd(32))), pick()))
			count += 2
		case 1:
			x, y := pick(), pick()
			vals = append(vals, create("arith.addi", x, y), create("arith.addi", x, y))
			count += 2
		case 2:
			vals = append(vals, create("arith.muli", pick(), constant(int64(1+rnd(3)))))
			count += 2
		case 3:
			x := pick()
			vals = append(vals, create("arith.subi", x, x), create("arith.xori", pick(), pick()))
			count += 2
		case 4:
			vals = append(vals, create("arith.addi", constant(int64(rnd(8))), constant(int64(rnd(8)))))
			count += 3
		default:
			vals = append(vals, create("arith.muli", pick(), pick()))
			count++
		}
	}
	acc := vals[len(vals)-1]
	for k := 2; k <= min(len(vals), 64); k++ {
		acc = create("arith.addi", acc, vals[len(vals)-k])
	}
	b.Insert(ctx.NewOp(&ir.OperationState{Name: function.ReturnDef.Name, Operands: []ir.Value{acc}}))
	return m
}

// BenchmarkCanonicalizeCSEArith is BenchmarkCanonicalizeCSE on arith ops,
// with arith's folders and canonicalization patterns.
func BenchmarkCanonicalizeCSEArith(b *testing.B) {
	for _, n := range []int{10000, 200000} {
		b.Run(fmt.Sprintf("ops=%d", n), func(b *testing.B) {
			pm, err := registry.NewPassRegistry().Parse("builtin.module(func.func(canonicalize,cse))")
			if err != nil {
				b.Fatal(err)
			}
			ctx := registry.NewContext()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				m := syntheticArithModule(ctx, n)
				b.StartTimer()
				if err := pm.Run(m, &pass.RunOptions{DisableVerifier: true}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "ops/s")
		})
	}
}

func TestSyntheticArithModule(t *testing.T) {
	ctx := registry.NewContext()
	m := syntheticArithModule(ctx, 3000)
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	pm, err := registry.NewPassRegistry().Parse("builtin.module(func.func(canonicalize,cse))")
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m, nil); err != nil {
		t.Fatal(err)
	}
}
