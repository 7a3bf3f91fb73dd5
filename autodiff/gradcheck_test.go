package autodiff_test

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/autodiff"
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// input describes one argument of a gradient check: an f64 tensor filled
// with random values (kept away from kinks by gen), or fixed integers.
type input struct {
	typ  string
	ints []int64                    // for integer inputs
	gen  func(r *rand.Rand) float64 // value generator for float inputs (default: uniform in [-1, 1])
}

func f64(shape string) input { return input{typ: "tensor<" + shape + "xf64>"} }
func f64Scalar() input       { return input{typ: "tensor<f64>"} }
func away(shape string) input {
	// Values with |x| in [0.2, 1.2]: away from the kinks at 0.
	return input{typ: "tensor<" + shape + "xf64>", gen: func(r *rand.Rand) float64 {
		v := 0.2 + r.Float64()
		if r.Intn(2) == 0 {
			return -v
		}
		return v
	}}
}
func positive(shape string) input {
	return input{typ: "tensor<" + shape + "xf64>", gen: func(r *rand.Rand) float64 { return 0.3 + r.Float64() }}
}
func ints(typ string, vs ...int64) input { return input{typ: typ, ints: vs} }

// gradCase differentiates loss = sum(op(inputs) * w) for a random fixed w.
type gradCase struct {
	name  string
	op    string
	attrs string
	in    []input
	// distinct makes every float input a permutation of well-separated values.
	distinct bool
	// tol overrides the relative tolerance.
	tol float64
	// out is the result type for ops whose result type is not inferred.
	out string
}

var gradCases = []gradCase{
	{name: "add", op: "tensor.add", in: []input{f64("2x3"), f64("2x3")}},
	{name: "sub", op: "tensor.sub", in: []input{f64("2x3"), f64("2x3")}},
	{name: "mul", op: "tensor.mul", in: []input{f64("2x3"), f64("2x3")}},
	{name: "div", op: "tensor.div", in: []input{f64("2x3"), away("2x3")}},
	{name: "max", op: "tensor.max", in: []input{f64("6"), f64("6")}, distinct: true},
	{name: "min", op: "tensor.min", in: []input{f64("6"), f64("6")}, distinct: true},
	{name: "pow", op: "tensor.pow", in: []input{positive("5"), f64("5")}},
	{name: "neg", op: "tensor.neg", in: []input{f64("4")}},
	{name: "abs", op: "tensor.abs", in: []input{away("4")}},
	{name: "exp", op: "tensor.exp", in: []input{f64("4")}},
	{name: "log", op: "tensor.log", in: []input{positive("4")}},
	{name: "sqrt", op: "tensor.sqrt", in: []input{positive("4")}},
	{name: "rsqrt", op: "tensor.rsqrt", in: []input{positive("4")}},
	{name: "tanh", op: "tensor.tanh", in: []input{f64("4")}},
	{name: "sigmoid", op: "tensor.sigmoid", in: []input{f64("4")}},
	{name: "relu", op: "tensor.relu", in: []input{away("2x4")}},
	{name: "sin", op: "tensor.sin", in: []input{f64("4")}},
	{name: "cos", op: "tensor.cos", in: []input{f64("4")}},
	{name: "erf", op: "tensor.erf", in: []input{f64("4")}},
	{name: "reciprocal", op: "tensor.reciprocal", in: []input{away("4")}},
	{name: "gelu none", op: "tensor.gelu", attrs: `{approximate = "none"}`, in: []input{f64("2x3")}},
	{name: "gelu tanh", op: "tensor.gelu", attrs: `{approximate = "tanh"}`, in: []input{f64("2x3")}},
	{name: "select", op: "tensor.select", in: []input{ints("tensor<4xi1>", 1, 0, 0, 1), f64("4"), f64("4")}},
	{name: "cast", op: "tensor.cast", in: []input{f64("3")}, out: "tensor<3xf64>"},
	{name: "broadcast new dims", op: "tensor.broadcast", attrs: `{dims = array<i64: 1>}`, in: []input{f64("3")}, out: "tensor<2x3xf64>"},
	{name: "broadcast expand size 1", op: "tensor.broadcast", attrs: `{dims = array<i64: 0, 1>}`, in: []input{f64("1x3")}, out: "tensor<4x3xf64>"},
	{name: "broadcast both", op: "tensor.broadcast", attrs: `{dims = array<i64: 0, 2>}`, in: []input{f64("2x1")}, out: "tensor<2x3x4xf64>"},
	{name: "reshape", op: "tensor.reshape", in: []input{f64("2x3")}, out: "tensor<3x1x2xf64>"},
	{name: "transpose", op: "tensor.transpose", attrs: `{perm = array<i64: 2, 0, 1>}`, in: []input{f64("2x3x4")}},
	{name: "slice unit step", op: "tensor.slice", attrs: `{start = array<i64: 1, 0>, limit = array<i64: 3, 2>, step = array<i64: 1, 1>}`, in: []input{f64("4x3")}},
	{name: "slice strided", op: "tensor.slice", attrs: `{start = array<i64: 0, 1>, limit = array<i64: 4, 5>, step = array<i64: 2, 3>}`, in: []input{f64("4x5")}},
	{name: "pad", op: "tensor.pad", attrs: `{low = array<i64: 1, 0>, high = array<i64: 0, 2>, value = 5.0 : f64}`, in: []input{f64("2x3")}},
	{name: "concat", op: "tensor.concat", attrs: `{dim = 1 : i64}`, in: []input{f64("2x1"), f64("2x3")}},
	{name: "gather", op: "tensor.gather", attrs: `{dim = 0 : i64}`, in: []input{f64("3x2"), ints("tensor<4xi64>", 2, 0, 2, 1)}},
	{name: "scatter_add", op: "tensor.scatter_add", attrs: `{dim = 1 : i64}`, in: []input{f64("2x3"), ints("tensor<2xi64>", 2, 2), f64("2x2")}},
	{name: "reduce_sum", op: "tensor.reduce_sum", attrs: `{dims = array<i64: 1>, keepdim = false}`, in: []input{f64("2x3x2")}},
	{name: "reduce_sum keepdim", op: "tensor.reduce_sum", attrs: `{dims = array<i64: 0, 2>, keepdim = true}`, in: []input{f64("2x3x2")}},
	{name: "reduce_mean", op: "tensor.reduce_mean", attrs: `{dims = array<i64: 0>, keepdim = false}`, in: []input{f64("3x2")}},
	{name: "reduce_max", op: "tensor.reduce_max", attrs: `{dims = array<i64: 1>, keepdim = false}`, in: []input{f64("3x4")}, distinct: true},
	{name: "reduce_min keepdim", op: "tensor.reduce_min", attrs: `{dims = array<i64: 0, 1>, keepdim = true}`, in: []input{f64("3x4")}, distinct: true},
	{name: "matmul", op: "tensor.matmul", in: []input{f64("3x4"), f64("4x2")}},
	{name: "matmul batched", op: "tensor.matmul", in: []input{f64("2x3x4"), f64("2x4x2")}},
	{name: "conv2d", op: "tensor.conv2d", attrs: `{stride = array<i64: 1, 1>, padding = array<i64: 0, 0>, dilation = array<i64: 1, 1>, groups = 1 : i64}`, in: []input{f64("1x2x4x4"), f64("3x2x2x2")}},
	{name: "conv2d stride padding", op: "tensor.conv2d", attrs: `{stride = array<i64: 2, 1>, padding = array<i64: 1, 2>, dilation = array<i64: 1, 1>, groups = 1 : i64}`, in: []input{f64("2x2x5x4"), f64("2x2x3x2")}},
	{name: "conv2d dilation", op: "tensor.conv2d", attrs: `{stride = array<i64: 1, 2>, padding = array<i64: 0, 1>, dilation = array<i64: 2, 1>, groups = 1 : i64}`, in: []input{f64("1x1x6x5"), f64("2x1x2x3")}},
	{name: "conv2d groups", op: "tensor.conv2d", attrs: `{stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 1, 1>, groups = 2 : i64}`, in: []input{f64("1x4x3x3"), f64("6x2x2x2")}},
	{name: "conv2d all", op: "tensor.conv2d", attrs: `{stride = array<i64: 2, 2>, padding = array<i64: 2, 1>, dilation = array<i64: 2, 2>, groups = 2 : i64}`, in: []input{f64("2x2x7x6"), f64("4x1x2x2")}},
	{name: "max_pool2d", op: "tensor.max_pool2d", attrs: `{kernel = array<i64: 2, 2>, stride = array<i64: 2, 2>, padding = array<i64: 0, 0>}`, in: []input{f64("1x2x4x4")}, distinct: true},
	{name: "max_pool2d tiled, cropped edge", op: "tensor.max_pool2d", attrs: `{kernel = array<i64: 2, 3>}`, in: []input{f64("2x2x5x7")}, distinct: true},
	{name: "max_pool2d overlapping padded", op: "tensor.max_pool2d", attrs: `{kernel = array<i64: 3, 2>, stride = array<i64: 1, 2>, padding = array<i64: 1, 1>}`, in: []input{f64("2x1x4x5")}, distinct: true},
	{name: "softmax", op: "tensor.softmax", attrs: `{dim = 1 : i64}`, in: []input{f64("2x4")}},
	{name: "softmax dim 0", op: "tensor.softmax", attrs: `{dim = 0 : i64}`, in: []input{f64("3x2")}},
	{name: "log_softmax", op: "tensor.log_softmax", attrs: `{dim = -1 : i64}`, in: []input{f64("2x4")}},
	{name: "layer_norm", op: "tensor.layer_norm", attrs: `{normalized_dims = 1 : i64, eps = 1.0e-05 : f32}`, in: []input{f64("3x4"), f64("4"), f64("4")}},
	{name: "layer_norm 2 dims", op: "tensor.layer_norm", attrs: `{normalized_dims = 2 : i64, eps = 1.0e-05 : f32}`, in: []input{f64("2x2x3"), f64("2x3"), f64("2x3")}},
	{name: "cross_entropy mean", op: "tensor.cross_entropy", attrs: `{reduction = "mean"}`, in: []input{f64("3x4"), ints("tensor<3xi64>", 1, 3, 0)}},
	{name: "cross_entropy sum", op: "tensor.cross_entropy", attrs: `{reduction = "sum"}`, in: []input{f64("3x4"), ints("tensor<3xi64>", 2, 2, 0)}},
}

// opModule returns the loss function for a case: loss = sum(op(x) * w).
func opModule(t *testing.T, c gradCase) (*ir.Operation, *ir.Operation) {
	t.Helper()
	ctx := registry.NewContext()
	// Parse the arguments' types, then build the body with the builder so
	// the op's result type is inferred.
	outs := "()"
	if c.out != "" {
		outs = c.out
	}
	m, err := asm.ParseString(ctx, fmt.Sprintf("func.func private @sig(%s) -> %s", strings.Join(typesOf(c), ", "), outs), asm.ParseOptions{})
	if err != nil {
		t.Fatalf("argument types: %v", err)
	}
	sig := function.FuncType(builtin.ModuleBody(m).First())
	attrs := parseAttrs(t, ctx, c.attrs)
	var results []ir.Type // nil: inferred
	if c.out != "" {
		results = sig.Results
	}
	return buildLoss(t, ctx, c.op, sig.Inputs, results, attrs)
}

func typesOf(c gradCase) []string {
	out := make([]string, len(c.in))
	for i, in := range c.in {
		out[i] = in.typ
	}
	return out
}

func parseAttrs(t *testing.T, ctx *ir.Context, text string) []ir.NamedAttr {
	t.Helper()
	if text == "" {
		return nil
	}
	ctx.AllowUnregistered = true
	defer func() { ctx.AllowUnregistered = false }()
	m, err := asm.ParseString(ctx, `"t.attrs"() `+text+` : () -> ()`, asm.ParseOptions{})
	if err != nil {
		t.Fatalf("attributes %s: %v", text, err)
	}
	return builtin.ModuleBody(m).First().Attrs()
}

// buildLoss builds func @f(args) -> tensor<f64> { r = op(args); return sum(r * w) }
// with w a fixed random constant.
func buildLoss(t *testing.T, ctx *ir.Context, opName string, argTypes, resultTypes []ir.Type, attrs []ir.NamedAttr) (*ir.Operation, *ir.Operation) {
	t.Helper()
	module := builtin.NewModule(ctx, ir.Unknown)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(module))
	f64 := ctx.F64()
	loss := ctx.Tensor(nil, f64)
	st := &ir.OperationState{Name: function.FuncDef.Name, Attrs: []ir.NamedAttr{
		{Name: "sym_name", Value: ir.String("f")},
		{Name: "function_type", Value: &ir.TypeAttr{Value: ctx.Function(argTypes, []ir.Type{loss})}},
	}}
	body := st.AddRegion()
	fn := b.MustCreate(st)
	entry := b.CreateBlock(body, argTypes, nil)
	op, err := b.Create(&ir.OperationState{Name: opName, Operands: entry.ArgValues(), Attrs: attrs, ResultTypes: resultTypes})
	if err != nil {
		t.Fatalf("building %s: %v", opName, err)
	}
	r := op.Result(0)
	rt := r.Type().(*ir.RankedTensorType)
	rng := rand.New(rand.NewSource(99))
	w := make([]float64, max(1, int(ir.NumElements(rt.Shape()))))
	for i := range w {
		w[i] = rng.Float64()*2 - 1
	}
	wt := ctx.Tensor(rt.Shape(), f64)
	cw := b.MustCreate(&ir.OperationState{Name: "tensor.constant", Attrs: []ir.NamedAttr{{Name: "value", Value: ir.DenseFloats(wt, w)}}, ResultTypes: []ir.Type{wt}})
	if rt.Elem != f64 {
		t.Fatalf("result element type %s; the checks use f64", rt.Elem)
	}
	prod := b.MustCreate(&ir.OperationState{Name: "tensor.mul", Operands: []ir.Value{r, cw.Result(0)}})
	dims := make([]int64, rt.Rank())
	for i := range dims {
		dims[i] = int64(i)
	}
	sum := prod.Result(0)
	if rt.Rank() > 0 {
		sum = b.MustCreate(&ir.OperationState{Name: "tensor.reduce_sum", Operands: []ir.Value{sum},
			Attrs: []ir.NamedAttr{{Name: "dims", Value: ir.I64Array(ctx, dims...)}, {Name: "keepdim", Value: ir.Bool(ctx, false)}}}).Result(0)
	}
	b.MustCreate(&ir.OperationState{Name: function.ReturnDef.Name, Operands: []ir.Value{sum}})
	if err := ir.Verify(module); err != nil {
		t.Fatalf("loss function does not verify: %v\n%s", err, asm.String(module, asm.PrintOptions{}))
	}
	return module, fn
}

// makeInputs creates the argument tensors of a case.
func makeInputs(t *testing.T, c gradCase, fn *ir.Operation, seed int64) []*interp.Tensor {
	t.Helper()
	r := rand.New(rand.NewSource(seed))
	types := function.FuncType(fn).Inputs
	out := make([]*interp.Tensor, len(types))
	for i, ty := range types {
		rt := ty.(*ir.RankedTensorType)
		dt, err := interp.DTypeOf(rt.Elem)
		if err != nil {
			t.Fatal(err)
		}
		n := int(max(1, ir.NumElements(rt.Shape())))
		if c.in[i].ints != nil {
			tt, err := interp.FromInts(dt, rt.Shape(), c.in[i].ints)
			if err != nil {
				t.Fatal(err)
			}
			out[i] = tt
			continue
		}
		vals := make([]float64, n)
		switch {
		case c.distinct:
			perm := r.Perm(n)
			for k := range vals {
				vals[k] = float64(perm[k])*0.3 - 0.1*float64(n) + float64(i)*0.137
			}
		case c.in[i].gen != nil:
			for k := range vals {
				vals[k] = c.in[i].gen(r)
			}
		default:
			for k := range vals {
				vals[k] = r.Float64()*2 - 1
			}
		}
		tt, err := interp.FromFloats(dt, rt.Shape(), vals)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = tt
	}
	return out
}

func runFunc(t *testing.T, m *ir.Operation, name string, args []*interp.Tensor) []*interp.Tensor {
	t.Helper()
	res, err := interp.New(m, kernels.NewRegistry()).RunTensors(name, args...)
	if err != nil {
		t.Fatalf("running @%s: %v", name, err)
	}
	return res
}

// TestGradientsMatchFiniteDifferences checks every VJP rule against central
// finite differences in f64, through both @f_grad and the @f_fwd/@f_bwd
// pair for both recompute modes.
func TestGradientsMatchFiniteDifferences(t *testing.T) {
	for _, c := range gradCases {
		t.Run(c.name, func(t *testing.T) {
			for _, mode := range []string{autodiff.RecomputeMinCut, autodiff.RecomputeNone} {
				m, fn := opModule(t, c)
				res, err := autodiff.Differentiate(fn, mode)
				if err != nil {
					t.Fatalf("differentiate: %v", err)
				}
				if err := ir.Verify(m); err != nil {
					t.Fatalf("generated functions do not verify: %v\n%s", err, asm.String(m, asm.PrintOptions{}))
				}
				if res.Grad == nil {
					t.Fatalf("no @f_grad: %v", res.GradErr)
				}
				args := makeInputs(t, c, fn, 1)
				out := runFunc(t, m, "f_grad", args)
				checkAgainstFD(t, c, m, args, out[1:])
				checkFwdBwd(t, m, args, out)
			}
		})
	}
}

// checkAgainstFD compares analytic gradients with central differences.
func checkAgainstFD(t *testing.T, c gradCase, m *ir.Operation, args []*interp.Tensor, grads []*interp.Tensor) {
	t.Helper()
	tol := c.tol
	if tol == 0 {
		tol = 1e-6
	}
	gi := 0
	for ai, a := range args {
		if !a.DType().IsFloat() {
			continue
		}
		g := grads[gi]
		gi++
		for k := 0; k < a.Len(); k++ {
			const h = 1e-6
			orig := a.Float(k)
			a.SetFloat(k, orig+h)
			up := runFunc(t, m, "f", args)[0].Float(0)
			a.SetFloat(k, orig-h)
			down := runFunc(t, m, "f", args)[0].Float(0)
			a.SetFloat(k, orig)
			fd := (up - down) / (2 * h)
			if got := g.Float(k); math.Abs(got-fd) > tol*(1+math.Abs(fd)) {
				t.Errorf("d loss / d arg%d[%d] = %.10g, finite difference %.10g", ai, k, got, fd)
			}
		}
	}
}

// checkFwdBwd runs @f_fwd then @f_bwd with tangent 1 and compares with @f_grad.
func checkFwdBwd(t *testing.T, m *ir.Operation, args []*interp.Tensor, gradOut []*interp.Tensor) {
	t.Helper()
	fwd := runFunc(t, m, "f_fwd", args)
	if fwd[0].Float(0) != gradOut[0].Float(0) {
		t.Errorf("f_fwd loss %g != f_grad loss %g", fwd[0].Float(0), gradOut[0].Float(0))
	}
	bwdArgs := append(append([]*interp.Tensor{}, fwd[1:]...), interp.ScalarFloat(interp.F64, 1))
	bwd := runFunc(t, m, "f_bwd", bwdArgs)
	for i, g := range bwd {
		want := gradOut[1+i]
		for k := 0; k < g.Len(); k++ {
			if d := math.Abs(g.Float(k) - want.Float(k)); d > 1e-12*(1+math.Abs(want.Float(k))) {
				t.Fatalf("f_bwd grad %d[%d] = %g, f_grad %g", i, k, g.Float(k), want.Float(k))
			}
		}
	}
}
