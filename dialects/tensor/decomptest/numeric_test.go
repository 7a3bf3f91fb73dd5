package decomptest

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// compositeCase builds a function using one composite op.
type compositeCase struct {
	name  string
	args  []string // argument types
	build func(b *ir.Builder, args []ir.Value) ir.Value
	tol   float64 // relative and absolute tolerance of the numeric check
	// concrete, when set, gives static argument types to draw inputs from
	// for a function with dynamic dimensions.
	concrete []string
}

func f32Tol() float64 { return 2e-5 }

var compositeCases = []compositeCase{
	{"gelu", []string{"tensor<3x5xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.Gelu(b, a[0], "none") }, f32Tol(), nil},
	{"gelu-tanh", []string{"tensor<3x5xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.Gelu(b, a[0], "tanh") }, f32Tol(), nil},
	{"gelu-f64", []string{"tensor<7xf64>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.Gelu(b, a[0], "none") }, 1e-12, nil},
	{"softmax-1", []string{"tensor<4x7xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.Softmax(b, a[0], 1) }, f32Tol(), nil},
	{"softmax-0", []string{"tensor<4x7xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.Softmax(b, a[0], 0) }, f32Tol(), nil},
	{"softmax-neg", []string{"tensor<2x3x4xf64>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.Softmax(b, a[0], -2) }, 1e-12, nil},
	{"log-softmax", []string{"tensor<4x7xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.LogSoftmax(b, a[0], 1) }, f32Tol(), nil},
	{"log-softmax-f16", []string{"tensor<4x7xf16>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.LogSoftmax(b, a[0], -1) }, 2e-3, nil},
	{"layer-norm-1", []string{"tensor<4x6xf32>", "tensor<6xf32>", "tensor<6xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value {
		return tensor.LayerNorm(b, a[0], a[1], a[2], 1, 1e-5)
	}, 1e-4, nil},
	{"layer-norm-2", []string{"tensor<2x3x4xf32>", "tensor<3x4xf32>", "tensor<3x4xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value {
		return tensor.LayerNorm(b, a[0], a[1], a[2], 2, 1e-3)
	}, 1e-4, nil},
	{"cross-entropy-mean", []string{"tensor<5x7xf32>", "tensor<5xi64>"}, func(b *ir.Builder, a []ir.Value) ir.Value {
		return tensor.CrossEntropy(b, a[0], a[1], "mean")
	}, f32Tol(), nil},
	{"cross-entropy-sum", []string{"tensor<5x7xf64>", "tensor<5xi64>"}, func(b *ir.Builder, a []ir.Value) ir.Value {
		return tensor.CrossEntropy(b, a[0], a[1], "sum")
	}, 1e-12, nil},
	{"reduce-mean", []string{"tensor<2x3x4xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.ReduceMean(b, a[0], []int64{1}, false) }, f32Tol(), nil},
	{"reduce-mean-keep", []string{"tensor<2x3x4xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value {
		return tensor.ReduceMean(b, a[0], []int64{-1, 0}, true)
	}, f32Tol(), nil},
	{"softmax-dynamic", []string{"tensor<?x?xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.Softmax(b, a[0], 1) }, f32Tol(),
		[]string{"tensor<3x6xf32>"}},
	{"gelu-dynamic", []string{"tensor<?x5xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.Gelu(b, a[0], "tanh") }, f32Tol(),
		[]string{"tensor<4x5xf32>"}},
	{"layer-norm-dynamic", []string{"tensor<?x6xf32>", "tensor<6xf32>", "tensor<6xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value {
		return tensor.LayerNorm(b, a[0], a[1], a[2], 1, 1e-5)
	}, 1e-4, []string{"tensor<3x6xf32>", "tensor<6xf32>", "tensor<6xf32>"}},
	{"cross-entropy-dynamic", []string{"tensor<?x7xf32>", "tensor<?xi64>"}, func(b *ir.Builder, a []ir.Value) ir.Value {
		return tensor.CrossEntropy(b, a[0], a[1], "mean")
	}, f32Tol(), []string{"tensor<5x7xf32>", "tensor<5xi64>"}},
	{"reduce-mean-dynamic", []string{"tensor<?x3x?xf32>"}, func(b *ir.Builder, a []ir.Value) ir.Value {
		return tensor.ReduceMean(b, a[0], []int64{0, 2}, true)
	}, f32Tol(), []string{"tensor<4x3x5xf32>"}},
	{"reduce-mean-bf16", []string{"tensor<3x50xbf16>"}, func(b *ir.Builder, a []ir.Value) ir.Value { return tensor.ReduceMean(b, a[0], []int64{1}, false) }, 1e-2, nil},
}

// TestDecompositionsNumerically runs every composite and its decomposition
// through the interpreter on random inputs and compares the results.
func TestDecompositionsNumerically(t *testing.T) {
	for _, c := range compositeCases {
		t.Run(c.name, func(t *testing.T) {
			ctx := newCtx()
			m := buildModule(t, ctx, c.args, c.build)
			d := m.Clone(nil)
			if err := tensor.Decompose(d, nil); err != nil {
				t.Fatalf("decompose: %v", err)
			}
			if err := ir.Verify(d); err != nil {
				t.Fatalf("decomposed module does not verify: %v", err)
			}
			if n := countComposites(d); n != 0 {
				t.Fatalf("%d composites left after decomposition", n)
			}
			rng := rand.New(rand.NewSource(int64(len(c.name))))
			for trial := 0; trial < 5; trial++ {
				types := c.args
				if c.concrete != nil {
					types = c.concrete
				}
				args := randomArgs(t, ctx, types, rng, 1+float64(trial)*10)
				want := run(t, m, args)
				got := run(t, d, args)
				if d := interptest.Diff(want, got, c.tol, c.tol); d != "" {
					t.Fatalf("trial %d: decomposition differs (-composite +decomposed):\n%s", trial, d)
				}
			}
		})
	}
}

// randomArgs returns random tensors of the given types: floats normal with
// the given scale, i64 class indices within the last dimension of the
// first argument.
func randomArgs(t *testing.T, ctx *ir.Context, types []string, rng *rand.Rand, scale float64) []*interp.Tensor {
	t.Helper()
	var out []*interp.Tensor
	classes := int64(1)
	for i, s := range types {
		rt := parseType(t, ctx, s).(*ir.RankedTensorType)
		shape := slices.Clone(rt.Shape())
		if i == 0 {
			classes = shape[len(shape)-1]
		}
		n := int(ir.NumElements(shape))
		var x *interp.Tensor
		var err error
		if strings.HasSuffix(s, "i64>") {
			vals := make([]int64, n)
			for k := range vals {
				vals[k] = rng.Int63n(classes)
			}
			x, err = interp.FromInts(interp.I64, shape, vals)
		} else {
			vals := make([]float64, n)
			for k := range vals {
				vals[k] = rng.NormFloat64() * scale
			}
			x, err = interp.FromFloats(dtypeOf(rt.Elem), shape, vals)
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, x)
	}
	return out
}

func dtypeOf(elem ir.Type) interp.DType {
	switch elem.String() {
	case "f64":
		return interp.F64
	case "f16":
		return interp.F16
	case "bf16":
		return interp.BF16
	}
	return interp.F32
}

// run runs @f of m on args.
func run(t *testing.T, m *ir.Operation, args []*interp.Tensor) *interp.Tensor {
	t.Helper()
	res, err := interp.New(m, kernels.NewRegistry()).RunTensors("f", args...)
	if err != nil {
		t.Fatalf("interpreter: %v", err)
	}
	return res[0]
}

// newCtx returns a context with the builtin, func and tensor dialects.
func newCtx() *ir.Context {
	return ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, tensor.Dialect)
}

// parseType parses a type.
func parseType(t *testing.T, ctx *ir.Context, s string) ir.Type {
	t.Helper()
	prev := ctx.AllowUnregistered
	ctx.AllowUnregistered = true
	defer func() { ctx.AllowUnregistered = prev }()
	m, err := asm.ParseString(ctx, `"test.t"() {t = `+s+`} : () -> ()`, asm.ParseOptions{})
	if err != nil {
		t.Fatalf("parsing %s: %v", s, err)
	}
	ta, ok := builtin.ModuleBody(m).First().Attr("t").(*ir.TypeAttr)
	if !ok {
		t.Fatalf("%s is not a type", s)
	}
	return ta.Value
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
