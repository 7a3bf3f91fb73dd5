package tensor_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// compositeCase builds a function using one composite op.
type compositeCase struct {
	name  string
	args  []string // argument types
	build func(b *ir.Builder, args []ir.Value) ir.Value
}

// buildModule returns a module with function @f(args) -> build(args).
func buildModule(t *testing.T, ctx *ir.Context, argTypes []string, build func(*ir.Builder, []ir.Value) ir.Value) *ir.Operation {
	t.Helper()
	ts := make([]ir.Type, len(argTypes))
	for i, s := range argTypes {
		ts[i] = parseType(t, ctx, s)
	}
	m := builtin.NewModule(ctx, ir.Unknown)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(m))
	fn := &ir.OperationState{Name: "func.func", Attrs: []ir.NamedAttr{{Name: "sym_name", Value: ir.String("f")}}}
	body := fn.AddRegion()
	fnOp := b.MustCreate(fn)
	entry := b.CreateBlock(body, ts, nil)
	r := build(b, entry.ArgValues())
	b.MustCreate(&ir.OperationState{Name: "func.return", Operands: []ir.Value{r}})
	fnOp.SetAttr("function_type", &ir.TypeAttr{Value: ctx.Function(ts, []ir.Type{r.Type()})})
	if err := ir.Verify(m); err != nil {
		t.Fatalf("built module does not verify: %v", err)
	}
	return m
}

// countComposites counts the composite ops in m.
func countComposites(m *ir.Operation) int {
	n := 0
	m.Walk(func(o *ir.Operation) {
		if tensor.IsComposite(o) {
			n++
		}
	})
	return n
}

// TestDecompositionsDynamic decomposes composites with dynamic shapes; the
// result must verify and use tensor.dim for the sizes it creates.
func TestDecompositionsDynamic(t *testing.T) {
	cases := []compositeCase{
		{"gelu", []string{"tensor<?x5xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.Gelu(b, a[0], "tanh") }},
		{"softmax", []string{"tensor<?x?xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.Softmax(b, a[0], 1) }},
		{"log-softmax", []string{"tensor<4x?xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.LogSoftmax(b, a[0], 0) }},
		{"layer-norm", []string{"tensor<?x6xf32>", "tensor<?xf32>", "tensor<6xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value {
			return tensor.LayerNorm(b, a[0], a[1], a[2], 1, 1e-5)
		}},
		{"cross-entropy", []string{"tensor<?x7xf32>", "tensor<?xi64>"}, func(b *ir.Builder, a []ir.Value) ir.Value {
			return tensor.CrossEntropy(b, a[0], a[1], "mean")
		}},
		{"reduce-mean", []string{"tensor<?x3xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.ReduceMean(b, a[0], []int64{0}, true) }},
		{"reduce-mean-f16", []string{"tensor<?x3xf16>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.ReduceMean(b, a[0], []int64{0, 1}, false) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := buildModule(t, newCtx(), c.args, c.build)
			if err := tensor.Decompose(m, nil); err != nil {
				t.Fatalf("decompose: %v", err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("does not verify: %v\n%s", err, print(m, false))
			}
			if countComposites(m) != 0 || !strings.Contains(print(m, false), "tensor.dim") {
				t.Fatalf("unexpected decomposition:\n%s", print(m, false))
			}
		})
	}
}

// TestDecomposeSelection checks the ops option and name validation.
func TestDecomposeSelection(t *testing.T) {
	ctx := newCtx()
	build := func(b *ir.Builder, a []ir.Value) ir.Value {
		return tensor.LayerNorm(b, tensor.Softmax(b, tensor.Gelu(b, a[0], "none"), 1), a[1], a[1], 1, 1e-5)
	}
	m := buildModule(t, ctx, []string{"tensor<2x3xf32>", "tensor<3xf32>"}, build)
	if err := tensor.Decompose(m, []string{"softmax", "tensor.gelu"}); err != nil {
		t.Fatal(err)
	}
	text := print(m, false)
	for _, want := range []string{"tensor.layer_norm", "tensor.erf", "tensor.reduce_max"} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %s in\n%s", want, text)
		}
	}
	for _, gone := range []string{"tensor.softmax", "tensor.gelu"} {
		if strings.Contains(text, gone) {
			t.Errorf("%s left in\n%s", gone, text)
		}
	}
	// layer_norm introduces reduce_mean, which is decomposed when selected.
	if err := tensor.Decompose(m, []string{"layer_norm", "reduce_mean"}); err != nil {
		t.Fatal(err)
	}
	if n := countComposites(m); n != 0 {
		t.Errorf("%d composites left", n)
	}
	wantErr(t, tensor.Decompose(m, []string{"matmul"}), "'matmul' is not a composite tensor op")
}

// TestDecompositionPatterns applies the decomposition patterns through a
// PatternRewriter and keeps the op's location.
func TestDecompositionPatterns(t *testing.T) {
	ctx := newCtx()
	m := parseModule(t, ctx, `func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<2x3xf32> loc("model.py":3:7)
  return %0 : tensor<2x3xf32>
}`)
	ps, err := tensor.DecompositionPatterns([]string{"softmax"})
	if err != nil || len(ps) != 1 {
		t.Fatalf("patterns: %v %d", err, len(ps))
	}
	op := builtin.ModuleBody(m).First().Region(0).Front().First()
	if !ps[0].MatchAndRewrite(op, ir.NewPatternRewriter(ctx, nil)) {
		t.Fatal("pattern did not apply")
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	first := builtin.ModuleBody(m).First().Region(0).Front().First()
	if got := fmt.Sprint(first.Loc()); got != `loc("model.py":3:7)` {
		t.Errorf("decomposition location %s", got)
	}
	if _, err := tensor.DecompositionPatterns([]string{"conv2d"}); err == nil {
		t.Error("unknown op accepted")
	}
}
