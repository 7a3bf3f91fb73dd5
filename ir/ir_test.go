package ir_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

func TestTypeSpellingAndUniquing(t *testing.T) {
	ctx := ir.NewContext()
	f32 := ctx.F32()
	tests := []struct {
		typ  ir.Type
		want string
	}{
		{ctx.Integer(1), "i1"},
		{ctx.IntegerOf(8, ir.Signed), "si8"},
		{ctx.IntegerOf(64, ir.Unsigned), "ui64"},
		{ctx.Index(), "index"},
		{ctx.BF16(), "bf16"},
		{ctx.None(), "none"},
		{ctx.Complex(f32), "complex<f32>"},
		{ctx.Tuple(), "tuple<>"},
		{ctx.Tuple(f32, ctx.I32()), "tuple<f32, i32>"},
		{ctx.Function([]ir.Type{f32}, []ir.Type{f32}), "(f32) -> f32"},
		{ctx.Function(nil, []ir.Type{f32, f32}), "() -> (f32, f32)"},
		{ctx.Function(nil, []ir.Type{ctx.Function(nil, nil)}), "() -> (() -> ())"},
		{ctx.Tensor([]int64{4, ir.Dynamic}, f32), "tensor<4x?xf32>"},
		{ctx.Tensor(nil, f32), "tensor<f32>"},
		{ctx.UnrankedTensor(f32), "tensor<*xf32>"},
		{ctx.MemRef([]int64{0, 3}, ctx.I8()), "memref<0x3xi8>"},
		{ctx.MemRefWith([]int64{8}, f32, nil, ir.Int(ctx.I64(), 1)), "memref<8xf32, 1>"},
		{ctx.Vector([]int64{4, 8}, []bool{false, true}, f32), "vector<4x[8]xf32>"},
		{ctx.Opaque("foo", "bar<1>"), "!foo.bar<1>"},
	}
	for _, tc := range tests {
		if got := tc.typ.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	if ctx.Tensor([]int64{4}, f32) != ctx.Tensor([]int64{4}, f32) {
		t.Error("equal tensor types are not the same pointer")
	}
	if ctx.Tensor([]int64{4}, f32) == ir.Type(ctx.Tensor([]int64{5}, f32)) {
		t.Error("different tensor types are the same pointer")
	}
}

var tenth = 0.1 // a variable, so 0.1+0.2 is computed in float64

func TestAttributeSpelling(t *testing.T) {
	ctx := ir.NewContext()
	tests := []struct {
		attr ir.Attribute
		want string
	}{
		{ir.Int(ctx.I32(), 42), "42 : i32"},
		{ir.Int(ctx.I8(), 255), "-1 : i8"},
		{ir.Int(ctx.IntegerOf(8, ir.Unsigned), 255), "255 : ui8"},
		{ir.Bool(ctx, true), "true"},
		{ir.Float(ctx.F32(), 0.1), "1.000000e-01 : f32"},
		{ir.Float(ctx.F64(), tenth+2*tenth), "0.30000000000000004 : f64"},
		{ir.Float(ctx.F64(), 123456789), "0x419D6F3454000000 : f64"},
		{ir.Float(ctx.F64(), 1e-20), "9.9999999999999995E-21 : f64"},
		{ir.String("a\"b\n"), `"a\22b\0A"`},
		{ir.Array(ir.Int(ctx.I64(), 1), ir.Float(ctx.F64(), 2)), "[1, 2.000000e+00]"},
		{ir.Dict(ir.NamedAttr{Name: "b", Value: ir.UnitAttr{}}, ir.NamedAttr{Name: "a", Value: ir.Int(ctx.I64(), 1)}), "{a = 1 : i64, b}"},
		{ir.I64Array(ctx, 1, -2), "array<i64: 1, -2>"},
		{ir.SymbolRef("a", "b"), "@a::@b"},
		{ir.SymbolRef("with space"), `@"with space"`},
		{ir.DenseFloats(ctx.Tensor([]int64{2}, ctx.F32()), []float64{1, 1}), "dense<1.000000e+00> : tensor<2xf32>"},
		{ir.DenseInts(ctx.Tensor([]int64{2, 2}, ctx.I32()), []int64{1, 2, 3, 4}), "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>"},
	}
	for _, tc := range tests {
		if got := tc.attr.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	if !ir.AttrEqual(ir.Int(ctx.I32(), 3), ir.Int(ctx.I32(), 3)) || ir.AttrEqual(ir.Int(ctx.I32(), 3), ir.Int(ctx.I64(), 3)) {
		t.Error("AttrEqual compares type and value")
	}
}

func TestFloatConversions(t *testing.T) {
	ctx := ir.NewContext()
	for _, tc := range []struct {
		v    float64
		bits uint64
		typ  ir.Type
	}{
		{1, 0x3C00, ctx.F16()},
		{65504, 0x7BFF, ctx.F16()},
		{65520, 0x7C00, ctx.F16()}, // rounds to +inf
		{5.960464477539063e-08, 0x0001, ctx.F16()},
		{1, 0x3F80, ctx.BF16()},
		{-2, 0xC000, ctx.BF16()},
	} {
		if got := ir.FloatBits(tc.typ, tc.v); got != tc.bits {
			t.Errorf("FloatBits(%s, %g) = %#x, want %#x", tc.typ, tc.v, got, tc.bits)
		}
	}
	for b := 0; b < 1<<16; b++ {
		v := ir.Float16FromBits(uint16(b))
		if v != v { // NaN
			continue
		}
		if got := ir.Float16Bits(v); got != uint16(b) {
			t.Fatalf("f16 %#x -> %g -> %#x", b, v, got)
		}
	}
}

// buildFunc builds func.func @f(%a: f32) -> f32 { %0 = "t.op"(%a); return %0 }.
func buildFunc(ctx *ir.Context) (*ir.Operation, *ir.Operation, *ir.Operation) {
	f32 := ctx.F32()
	m := builtin.NewModule(ctx, ir.Unknown)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(m))
	st := &ir.OperationState{Name: "func.func", Attrs: []ir.NamedAttr{
		{Name: "sym_name", Value: ir.String("f")},
		{Name: "function_type", Value: &ir.TypeAttr{Value: ctx.Function([]ir.Type{f32}, []ir.Type{f32})}},
	}}
	body := st.AddRegion()
	fn := b.MustCreate(st)
	entry := b.CreateBlock(body, []ir.Type{f32}, nil)
	op := b.MustCreate(&ir.OperationState{Name: "t.op", Operands: []ir.Value{entry.Arg(0)}, ResultTypes: []ir.Type{f32}})
	b.MustCreate(&ir.OperationState{Name: "func.return", Operands: []ir.Value{op.Result(0)}})
	return m, fn, op
}

func TestBuilderUsesAndErase(t *testing.T) {
	ctx := builtin.NewContext()
	ctx.AllowUnregistered = true
	m, fn, op := buildFunc(ctx)
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	arg := fn.Region(0).Front().Arg(0)
	if !arg.HasOneUse() || !op.Result(0).HasOneUse() {
		t.Fatal("use lists are wrong")
	}
	// Replace the op's result by the argument, then erase the op.
	op.Result(0).ReplaceAllUsesWith(arg)
	if arg.NumUses() != 2 || !op.Result(0).UseEmpty() {
		t.Fatalf("after RAUW: arg has %d uses", arg.NumUses())
	}
	op.Erase()
	if arg.NumUses() != 1 {
		t.Fatalf("after erase: arg has %d uses, want 1", arg.NumUses())
	}
	want := "module {\n  func.func @f(%arg0: f32) -> f32 {\n    return %arg0 : f32\n  }\n}"
	if d := cmp.Diff(want, asm.String(m, asm.PrintOptions{})); d != "" {
		t.Errorf("IR differs (-want +got):\n%s", d)
	}
}

func TestEraseWithUsesPanics(t *testing.T) {
	ctx := builtin.NewContext()
	_, _, op := buildFunc(ctx)
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "still used") {
			t.Fatalf("recover() = %v", r)
		}
	}()
	op.Erase()
}

func TestCloneRemapsNestedValues(t *testing.T) {
	ctx := builtin.NewContext()
	ctx.AllowUnregistered = true
	m, fn, _ := buildFunc(ctx)
	clone := fn.Clone(nil)
	clone.SetAttr("sym_name", ir.String("g"))
	builtin.ModuleBody(m).Append(clone)
	if err := ir.Verify(m); err != nil {
		t.Fatalf("clone does not verify: %v", err)
	}
	// The clone's ops must use the clone's block argument, not the original's.
	orig := fn.Region(0).Front().Arg(0)
	if orig.NumUses() != 1 {
		t.Errorf("original argument gained uses from the clone: %d", orig.NumUses())
	}
}

func TestWalkOrderAndInterrupt(t *testing.T) {
	ctx := builtin.NewContext()
	ctx.AllowUnregistered = true
	m, _, _ := buildFunc(ctx)
	var pre, post []string
	m.WalkPreOrder(func(o *ir.Operation) ir.WalkResult { pre = append(pre, o.Name()); return ir.WalkAdvance })
	m.Walk(func(o *ir.Operation) { post = append(post, o.Name()) })
	if strings.Join(pre, ",") != "builtin.module,func.func,t.op,func.return" {
		t.Errorf("pre-order: %v", pre)
	}
	if strings.Join(post, ",") != "t.op,func.return,func.func,builtin.module" {
		t.Errorf("post-order: %v", post)
	}
	n := 0
	m.WalkPreOrder(func(o *ir.Operation) ir.WalkResult {
		n++
		if o.Name() == "func.func" {
			return ir.WalkInterrupt
		}
		return ir.WalkAdvance
	})
	if n != 2 {
		t.Errorf("interrupted walk visited %d ops", n)
	}
	n = 0
	m.WalkPreOrder(func(o *ir.Operation) ir.WalkResult {
		n++
		if o.Name() == "func.func" {
			return ir.WalkSkip
		}
		return ir.WalkAdvance
	})
	if n != 2 {
		t.Errorf("skipping walk visited %d ops", n)
	}
}

func TestVerifierIsolationFromAbove(t *testing.T) {
	ctx := builtin.NewContext()
	ctx.AllowUnregistered = true
	m, fn, _ := buildFunc(ctx)
	// Nest a function that uses the outer function's argument.
	inner := fn.Clone(nil)
	inner.SetAttr("sym_name", ir.String("inner"))
	fn.Region(0).Front().Prepend(inner)
	innerOp := inner.Region(0).Front().First()
	innerOp.SetOperand(0, fn.Region(0).Front().Arg(0))
	err := ir.Verify(m)
	if err == nil || !strings.Contains(err.Error(), "using value defined outside the region") {
		t.Fatalf("err = %v", err)
	}
}

func TestSymbolTableLookup(t *testing.T) {
	ctx := builtin.NewContext()
	m, err := asm.ParseString(ctx, "module @outer {\n module @inner {\n func.func private @f()\n }\n func.func private @g()\n}", asm.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tables := ir.NewSymbolTableCollection()
	if op := tables.LookupIn(m, ir.SymbolRef("inner", "f")); op == nil || ir.SymbolName(op) != "f" {
		t.Errorf("@inner::@f not found")
	}
	if op := tables.LookupIn(m, ir.SymbolRef("g")); op == nil {
		t.Errorf("@g not found")
	}
	if op := tables.LookupIn(m, ir.SymbolRef("f")); op != nil {
		t.Errorf("@f should only be visible as @inner::@f")
	}
}

func TestDominanceAcrossBlocks(t *testing.T) {
	ctx := builtin.NewContext()
	ctx.AllowUnregistered = true
	src := `func.func @f(%c: i1) {
  "t.cond_br"(%c)[^a, ^b] : (i1) -> ()
^a:
  "t.br"()[^join] : () -> ()
^b:
  "t.br"()[^join] : () -> ()
^join:
  return
}`
	m, err := asm.ParseString(ctx, src, asm.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	fn := builtin.ModuleBody(m).First()
	blocks := fn.Region(0).Blocks()
	dom := ir.NewDominanceInfo()
	entry, a, b, join := blocks[0], blocks[1], blocks[2], blocks[3]
	for _, tc := range []struct {
		x, y *ir.Block
		want bool
	}{
		{entry, join, true}, {a, join, false}, {b, join, false}, {join, join, true}, {a, b, false}, {entry, a, true},
	} {
		if got := dom.Dominates(tc.x, tc.y); got != tc.want {
			t.Errorf("Dominates(%p, %p) = %v", tc.x, tc.y, got)
		}
	}
}
