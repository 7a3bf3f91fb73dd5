package arith_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// TestMalformedOpsDoNotPanic builds every arith and math op with wrong
// operand counts, operand and result types and attributes (as passes or the
// generic form can), and runs the verifier, the folder, every
// canonicalization pattern and both printers on it. None may panic; the
// verifier must reject what the op definition does not allow.
func TestMalformedOpsDoNotPanic(t *testing.T) {
	ctx := newContext()
	m := parseModule(t, ctx, `func.func @f(%i: i32, %f: f32, %v: vector<4xf32>, %t: tensor<?xi1>, %m: memref<4xi32>, %x: index, %b: i1, %l: i64) {
  %c = arith.constant 0 : i32
  %z = arith.constant 0.0 : f32
  return
}`)
	fn := funcs(m)["f"]
	entry := fn.Region(0).Front()
	var args []ir.Value
	for _, a := range entry.Args() {
		args = append(args, a)
	}
	cst := entry.First()
	args = append(args, cst.Result(0), cst.Next().Result(0))
	types := []ir.Type{ctx.I32(), ctx.F32(), ctx.Vector([]int64{4}, nil, ctx.F32()), ctx.I1(), ctx.Index(),
		ctx.Tensor([]int64{ir.Dynamic}, ctx.I1()), ctx.MemRef([]int64{4}, ctx.I32())}
	attrSets := [][]ir.NamedAttr{
		nil,
		{{Name: "predicate", Value: ir.Int(ctx.I64(), 3)}},
		{{Name: "predicate", Value: ir.Int(ctx.I64(), 99)}, {Name: "fastmath", Value: ir.String("fast")}},
		{{Name: "predicate", Value: ir.String("eq")}, {Name: "fastmath", Value: arith.FastMathAttr(arith.FastMathFast)}},
		{{Name: "value", Value: ir.Int(ctx.I32(), 1)}},
		{{Name: "value", Value: ir.String("x")}},
		{{Name: "value", Value: ir.Array()}, {Name: "fastmath", Value: &ir.OpaqueAttr{Text: "#arith.fastmath<bogus>"}}},
	}
	consts := [][]ir.Attribute{nil, {ir.Int(ctx.I32(), 0)}, {ir.Int(ctx.I32(), 0), ir.Float(ctx.F32(), 1)},
		{ir.Bool(ctx, true), ir.Int(ctx.I64(), -1), ir.Int(ctx.I32(), 7), ir.String("s")}}
	b := ir.NewBuilder(ctx)
	count := 0
	for _, d := range ctx.Dialects() {
		if d != arith.Dialect && d != arith.MathDialect {
			continue
		}
		for _, def := range d.Ops {
			for nOps := 0; nOps <= 3; nOps++ {
				for nRes := 0; nRes <= 2; nRes++ {
					for ti := range types {
						for ai, attrs := range attrSets {
							operands := make([]ir.Value, nOps)
							for k := range operands {
								operands[k] = args[(ti+k*3+ai)%len(args)]
							}
							results := make([]ir.Type, nRes)
							for k := range results {
								results[k] = types[(ti+k)%len(types)]
							}
							b.SetInsertionPointBefore(entry.Last())
							op := b.Insert(ctx.NewOp(&ir.OperationState{Name: def.Name, Operands: operands, ResultTypes: results, Attrs: attrs}))
							count++
							exercise(t, ctx, m, op, consts)
							if op.Block() != nil && op.ResultsUnused() {
								op.Erase()
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d malformed ops exercised", count)
}

func exercise(t *testing.T, ctx *ir.Context, m, op *ir.Operation, consts [][]ir.Attribute) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic on %s with operands %v, results %v, attrs %v: %v", op.Name(), op.OperandTypes(), op.ResultTypes(), op.Attrs(), r)
		}
	}()
	verr := ir.Verify(m)
	def := op.Def()
	wellFormed := op.NumOperands() == len(def.Operands) && op.NumResults() == len(def.Results)
	if !wellFormed && verr == nil {
		t.Errorf("%s with %d operands and %d results verified", op.Name(), op.NumOperands(), op.NumResults())
	}
	_ = asm.String(op, asm.PrintOptions{})
	if def.Fold != nil {
		for _, c := range consts {
			def.Fold(op, c)
		}
	}
	for _, p := range def.Canonicalize {
		if op.Block() == nil {
			return
		}
		rw := ir.NewPatternRewriter(ctx, nil)
		p.MatchAndRewrite(op, rw)
	}
}

// TestTruncatedInputDoesNotPanic parses every prefix of the lit round-trip
// tests' text (custom and generic forms of every op): each must give a
// result or an error, never a panic.
func TestTruncatedInputDoesNotPanic(t *testing.T) {
	ctx := newContext()
	for _, name := range []string{"../../test/lit/arith/ops.mlir", "../../test/lit/arith/math.mlir", "../../test/lit/arith/generic.mlir"} {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		step := 5
		if os.Getenv("ARITH_EVERY_PREFIX") != "" {
			step = 1
		}
		for n := 0; n <= len(data); n += step {
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("%s truncated at %d: panic: %v", name, n, r)
					}
				}()
				if m, err := asm.Parse(ctx, data[:n], asm.ParseOptions{Filename: name}); err == nil {
					if ir.Verify(m) == nil {
						_ = asm.String(m, asm.PrintOptions{})
					}
				}
			}()
		}
	}
}

// TestDocumentation checks what generated documentation relies on: every
// op has a summary and a description, every operand, result and attribute
// a doc string, and every declarative format compiles.
func TestDocumentation(t *testing.T) {
	for _, d := range []*ir.Dialect{arith.Dialect, arith.MathDialect} {
		if d.Summary == "" || d.Description == "" {
			t.Errorf("dialect %s lacks a summary or description", d.Name)
		}
		for _, op := range d.Ops {
			if op.Summary == "" || op.Description == "" {
				t.Errorf("%s lacks a summary or description", op.Name)
			}
			for _, a := range append(append([]ir.ArgDef{}, op.Operands...), op.Results...) {
				if a.Doc == "" {
					t.Errorf("%s: operand or result %s has no doc", op.Name, a.Name)
				}
			}
			for _, a := range op.Attrs {
				if a.Doc == "" {
					t.Errorf("%s: attribute %s has no doc", op.Name, a.Name)
				}
			}
			if err := asm.CheckFormat(op); err != nil {
				t.Error(err)
			}
			if op.Format == "" && (op.Print == nil || op.Parse == nil) {
				t.Errorf("%s has no custom form", op.Name)
			}
		}
	}
}

// TestMaterializeConstant checks the dialects' constant materializer.
func TestMaterializeConstant(t *testing.T) {
	ctx := newContext()
	m := parseModule(t, ctx, "func.func @f() {\n  return\n}")
	ret := funcs(m)["f"].Region(0).Front().Last()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(ret)
	vec := ctx.Vector([]int64{2}, nil, ctx.F32())
	for _, c := range []struct {
		value ir.Attribute
		typ   ir.Type
		ok    bool
	}{
		{ir.Int(ctx.I32(), 5), ctx.I32(), true},
		{ir.Float(ctx.F32(), 1.5), ctx.F32(), true},
		{ir.Bool(ctx, true), ctx.I1(), true},
		{ir.DenseFloats(vec, []float64{1}), vec, true},
		{ir.Int(ctx.I32(), 5), ctx.I64(), false},
		{ir.Int(ctx.IntegerOf(32, ir.Unsigned), 5), ctx.IntegerOf(32, ir.Unsigned), false},
		{ir.String("x"), ctx.I32(), false},
	} {
		for _, d := range []*ir.Dialect{arith.Dialect, arith.MathDialect} {
			op := d.MaterializeConstant(b, c.value, c.typ, ir.Unknown)
			if (op != nil) != c.ok {
				t.Errorf("%s: materialize %s as %s: got %v, want ok=%v", d.Name, c.value, c.typ, op, c.ok)
				continue
			}
			if op != nil && (op.Name() != arith.ConstantName || op.Result(0).Type() != c.typ || !ir.AttrEqual(op.Attr("value"), c.value)) {
				t.Errorf("materialized %s", fmt.Sprint(op))
			}
		}
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
}

// TestBuilders checks the exported builders.
func TestBuilders(t *testing.T) {
	ctx := newContext()
	m := parseModule(t, ctx, "func.func @f(%a: i32, %x: f32) {\n  return\n}")
	fn := funcs(m)["f"]
	entry := fn.Region(0).Front()
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointBefore(entry.Last())
	a, x := entry.Arg(0), entry.Arg(1)
	c := arith.Constant(b, ir.Int(ctx.I32(), 3))
	s := arith.AddI(b, a, c)
	arith.CmpI(b, "slt", s, a)
	f := arith.MulF(b, x, x)
	arith.CmpF(b, "uno", f, x)
	arith.SIToFP(b, ctx.F64(), a)
	arith.MathExp(b, x)
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	want := `%c3_i32 = arith.constant 3 : i32
%0 = arith.addi %arg0, %c3_i32 : i32
%1 = arith.cmpi slt, %0, %arg0 : i32
%2 = arith.mulf %arg1, %arg1 : f32
%3 = arith.cmpf uno, %2, %arg1 : f32
%4 = arith.sitofp %arg0 : i32 to f64
%5 = math.exp %arg1 : f32
return`
	if got := body(fn); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if g := asm.String(ir.DefiningOp(f), asm.PrintOptions{Generic: true}); !contains(g, "fastmath = #arith.fastmath<none>") {
		t.Errorf("built float op lacks the default fastmath: %s", g)
	}
	// Bad operands make ops that fail verification, located at the op.
	for _, bad := range []func(b *ir.Builder){
		func(b *ir.Builder) { arith.CmpI(b, "lt", a, a) },
		func(b *ir.Builder) { arith.Constant(b, ir.String("x")) },
		func(b *ir.Builder) { arith.AddI(b, a, x) },
	} {
		m := parseModule(t, ctx, "func.func @g(%a: i32, %x: f32) {\n  return\n}")
		entry := funcs(m)["g"].Region(0).Front()
		a, x = entry.Arg(0), entry.Arg(1)
		b := ir.NewBuilder(ctx)
		b.Loc = ir.FileLineCol("built.mlir", 7, 3)
		b.SetInsertionPointBefore(entry.Last())
		bad(b)
		err := ir.Verify(m)
		if err == nil || !strings.Contains(err.Error(), "built.mlir:7:3") {
			t.Errorf("a bad built op verifies, or its error is not located: %v", err)
		}
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }
