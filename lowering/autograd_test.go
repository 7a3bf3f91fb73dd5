package lowering_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// opLoss is a loss over one tensor op: sum(op(inputs)²), differentiated by
// aot-autograd.
type opLoss struct {
	name  string
	op    string
	attrs string   // generic-form attribute dictionary, or ""
	in    []string // argument types
	out   string   // result type, for ops that do not infer it
}

var opLosses = []opLoss{
	{name: "add", op: "tensor.add", in: []string{"tensor<3x4xf32>", "tensor<3x4xf32>"}},
	{name: "sub", op: "tensor.sub", in: []string{"tensor<3x4xf32>", "tensor<3x4xf32>"}},
	{name: "mul", op: "tensor.mul", in: []string{"tensor<3x4xf32>", "tensor<3x4xf32>"}},
	{name: "div", op: "tensor.div", in: []string{"tensor<3x4xf64>", "tensor<3x4xf64>"}},
	{name: "max", op: "tensor.max", in: []string{"tensor<6xf32>", "tensor<6xf32>"}},
	{name: "min", op: "tensor.min", in: []string{"tensor<6xf32>", "tensor<6xf32>"}},
	{name: "exp", op: "tensor.exp", in: []string{"tensor<2x5xf32>"}},
	{name: "tanh", op: "tensor.tanh", in: []string{"tensor<2x5xf32>"}},
	{name: "sigmoid", op: "tensor.sigmoid", in: []string{"tensor<2x5xf32>"}},
	{name: "relu", op: "tensor.relu", in: []string{"tensor<2x5xf32>"}},
	{name: "sin", op: "tensor.sin", in: []string{"tensor<2x5xf64>"}},
	{name: "erf", op: "tensor.erf", in: []string{"tensor<2x5xf32>"}},
	{name: "abs", op: "tensor.abs", in: []string{"tensor<7xf32>"}},
	{name: "gelu", op: "tensor.gelu", attrs: `{approximate = "none"}`, in: []string{"tensor<2x3xf32>"}},
	{name: "gelu_tanh", op: "tensor.gelu", attrs: `{approximate = "tanh"}`, in: []string{"tensor<2x3xf32>"}},
	{name: "broadcast", op: "tensor.broadcast", attrs: `{dims = array<i64: 0, 2>}`, in: []string{"tensor<2x1xf32>"}, out: "tensor<2x3x4xf32>"},
	{name: "reshape", op: "tensor.reshape", in: []string{"tensor<2x6xf32>"}, out: "tensor<3x1x4xf32>"},
	{name: "transpose", op: "tensor.transpose", attrs: `{perm = array<i64: 2, 0, 1>}`, in: []string{"tensor<2x3x4xf32>"}},
	{name: "slice", op: "tensor.slice", attrs: `{start = array<i64: 0, 1>, limit = array<i64: 4, 5>, step = array<i64: 2, 3>}`, in: []string{"tensor<4x5xf32>"}},
	{name: "pad", op: "tensor.pad", attrs: `{low = array<i64: 1, 0>, high = array<i64: 0, 2>, value = 5.0 : f32}`, in: []string{"tensor<2x3xf32>"}},
	{name: "concat", op: "tensor.concat", attrs: `{dim = 1 : i64}`, in: []string{"tensor<2x1xf32>", "tensor<2x3xf32>"}},
	{name: "gather", op: "tensor.gather", attrs: `{dim = 0 : i64}`, in: []string{"tensor<5x2xf32>", "tensor<4xi64>"}},
	{name: "scatter_add", op: "tensor.scatter_add", attrs: `{dim = 1 : i64}`, in: []string{"tensor<2x5xf32>", "tensor<3xi64>", "tensor<2x3xf32>"}},
	{name: "reduce_sum", op: "tensor.reduce_sum", attrs: `{dims = array<i64: 1>, keepdim = false}`, in: []string{"tensor<2x3x2xf32>"}},
	{name: "reduce_mean", op: "tensor.reduce_mean", attrs: `{dims = array<i64: 0, 2>, keepdim = true}`, in: []string{"tensor<2x3x2xf32>"}},
	{name: "reduce_max", op: "tensor.reduce_max", attrs: `{dims = array<i64: 1>, keepdim = false}`, in: []string{"tensor<3x4xf32>"}},
	{name: "reduce_min", op: "tensor.reduce_min", attrs: `{dims = array<i64: 0>, keepdim = true}`, in: []string{"tensor<3x4xf32>"}},
	{name: "matmul", op: "tensor.matmul", in: []string{"tensor<3x4xf32>", "tensor<4x2xf32>"}},
	{name: "matmul_batched", op: "tensor.matmul", in: []string{"tensor<2x3x4xf32>", "tensor<2x4x2xf32>"}},
	{name: "conv2d", op: "tensor.conv2d", attrs: `{stride = array<i64: 2, 1>, padding = array<i64: 1, 2>, dilation = array<i64: 1, 1>, groups = 1 : i64}`, in: []string{"tensor<2x2x5x4xf32>", "tensor<2x2x3x2xf32>"}},
	{name: "conv2d_groups", op: "tensor.conv2d", attrs: `{stride = array<i64: 1, 1>, padding = array<i64: 1, 1>, dilation = array<i64: 2, 1>, groups = 2 : i64}`, in: []string{"tensor<1x4x5x5xf32>", "tensor<6x2x2x2xf32>"}},
	{name: "max_pool2d", op: "tensor.max_pool2d", attrs: `{kernel = array<i64: 3, 2>, stride = array<i64: 1, 2>, padding = array<i64: 1, 1>}`, in: []string{"tensor<2x1x4x5xf32>"}},
	{name: "softmax", op: "tensor.softmax", attrs: `{dim = 1 : i64}`, in: []string{"tensor<3x5xf32>"}},
	{name: "log_softmax", op: "tensor.log_softmax", attrs: `{dim = 0 : i64}`, in: []string{"tensor<4x3xf32>"}},
	{name: "layer_norm", op: "tensor.layer_norm", attrs: `{normalized_dims = 1 : i64, eps = 1.0e-05 : f32}`, in: []string{"tensor<3x6xf32>", "tensor<6xf32>", "tensor<6xf32>"}},
	{name: "layer_norm_2", op: "tensor.layer_norm", attrs: `{normalized_dims = 2 : i64, eps = 1.0e-05 : f32}`, in: []string{"tensor<2x2x3xf32>", "tensor<2x3xf32>", "tensor<2x3xf32>"}},
	{name: "cross_entropy", op: "tensor.cross_entropy", attrs: `{reduction = "mean"}`, in: []string{"tensor<5x4xf32>", "tensor<5xi64>"}},
}

// lossModule builds func @f(args) -> tensor<T> { sum(op(args)²) } in text.
func lossModule(t *testing.T, c opLoss) string {
	t.Helper()
	ctx := registry.NewContext()
	ctx.AllowUnregistered = true
	var args []string
	for i, ty := range c.in {
		args = append(args, fmt.Sprintf("%%a%d: %s", i, ty))
	}
	out := "()"
	if c.out != "" {
		out = c.out
	}
	m, err := asm.ParseString(ctx, fmt.Sprintf("func.func private @sig(%s) -> %s\n\"t.attrs\"() %s : () -> ()", strings.Join(args, ", "), out, c.attrs), asm.ParseOptions{})
	ctx.AllowUnregistered = false
	if err != nil {
		t.Fatalf("signature: %v", err)
	}
	first := builtin.ModuleBody(m).First()
	sig := function.FuncType(first)
	attrs := first.Next().Attrs()
	// Build the function with the builder so the result type is inferred.
	module := builtin.NewModule(ctx, ir.Unknown)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(module))
	st := &ir.OperationState{Name: function.FuncDef.Name, Attrs: []ir.NamedAttr{{Name: "sym_name", Value: ir.String("f")}}}
	body := st.AddRegion()
	fn := b.MustCreate(st)
	entry := b.CreateBlock(body, sig.Inputs, nil)
	var results []ir.Type
	if c.out != "" {
		results = sig.Results
	}
	op, err := b.Create(&ir.OperationState{Name: c.op, Operands: entry.ArgValues(), Attrs: attrs, ResultTypes: results})
	if err != nil {
		t.Fatalf("building %s: %v", c.op, err)
	}
	r := op.Result(0)
	rt := r.Type().(*ir.RankedTensorType)
	sq := b.MustCreate(&ir.OperationState{Name: "tensor.mul", Operands: []ir.Value{r, r}}).Result(0)
	dims := make([]int64, rt.Rank())
	for i := range dims {
		dims[i] = int64(i)
	}
	loss := sq
	if rt.Rank() > 0 {
		loss = b.MustCreate(&ir.OperationState{Name: "tensor.reduce_sum", Operands: []ir.Value{sq},
			Attrs: []ir.NamedAttr{{Name: "dims", Value: ir.I64Array(ctx, dims...)}, {Name: "keepdim", Value: ir.Bool(ctx, false)}}}).Result(0)
	}
	b.MustCreate(&ir.OperationState{Name: function.ReturnDef.Name, Operands: []ir.Value{loss}})
	fn.SetAttr(function.FunctionTypeAttr, &ir.TypeAttr{Value: ctx.Function(sig.Inputs, []ir.Type{loss.Type()})})
	if err := ir.Verify(module); err != nil {
		t.Fatalf("loss of %s does not verify: %v", c.op, err)
	}
	return printIR(module)
}

// gradInputs makes inputs for a loss: random floats, valid indices.
func gradInputs(t *testing.T, m *ir.Operation, name string, seed int64) []*interp.Tensor {
	return randomInputs(t, funcNamed(t, m, name), seed, 3)
}

// TestDifferentialAutograd differentiates programs with aot-autograd and
// compares @NAME_grad, @NAME_fwd and @NAME_bwd at the tensor level and
// after pt2-go: a loss over every differentiable op, the autodiff lit
// programs, and the digits model.
func TestDifferentialAutograd(t *testing.T) {
	if !hasLoopKernels() {
		t.Skip("the interpreter has no loop-level kernels (interp/loopsk) yet")
	}
	type gradProgram struct {
		name, src, fn string
	}
	var progs []gradProgram
	for _, c := range opLosses {
		progs = append(progs, gradProgram{"op/" + c.name, "", "f"})
	}
	for _, f := range []struct{ file, fn string }{
		{"../test/lit/autodiff/mlp.mlir", "mlp"},
		{"../test/lit/autodiff/attention.mlir", "attn"},
		{"../test/lit/autodiff/recompute.mlir", "f"},
		{"../examples/digits/model.mlir", "loss"},
	} {
		b, err := os.ReadFile(f.file)
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, gradProgram{"file/" + filepath.Base(filepath.Dir(f.file)) + "/" + filepath.Base(f.file), string(b), f.fn})
	}
	for i, p := range progs {
		t.Run(p.name, func(t *testing.T) {
			src := p.src
			if src == "" {
				src = lossModule(t, opLosses[i])
			}
			// Keep only the first module of files split for tt-opt.
			if k := strings.Index(src, "// -----"); k >= 0 {
				src = src[:k]
			}
			pipe := fmt.Sprintf("aot-autograd{func=%s}", p.fn)
			if strings.Contains(src, "call @") {
				pipe = "inline," + pipe
			}
			ref := parse(t, src)
			if err := runPipeline(t, ref, pipe); err != nil {
				t.Fatalf("aot-autograd: %v", err)
			}
			low := parse(t, src)
			if err := runPipeline(t, low, pipe+",pt2-go"); err != nil {
				t.Fatalf("pt2-go: %v", err)
			}
			refText := printIR(ref)
			for _, fn := range []string{p.fn + "_grad", p.fn + "_fwd", p.fn, p.fn + "_bwd", "predict"} {
				if !strings.Contains(refText, "@"+fn+"(") {
					continue
				}
				rtol, atol := 1e-5, 1e-6
				if strings.Contains(src, "f64") && !strings.Contains(src, "f32") {
					rtol, atol = 1e-9, 1e-12
				}
				for seed := int64(1); seed <= 2; seed++ {
					in := gradInputs(t, ref, fn, seed)
					diffModules(t, ref, low, fn, in, rtol, atol)
				}
			}
		})
	}
}

// diffModules compares function name of a tensor-level and a loop-level
// module on the same inputs.
func diffModules(t *testing.T, ref, low *ir.Operation, name string, inputs []*interp.Tensor, rtol, atol float64) {
	t.Helper()
	want, err := interp.New(ref, kernelsRegistry()).RunTensors(name, cloneAll(inputs)...)
	if err != nil {
		t.Logf("@%s: the tensor-level run fails on these inputs (%v); skipped", name, err)
		return
	}
	args := cloneAll(inputs)
	got, err := interp.New(low, kernelsRegistry()).RunTensors(name, args...)
	if err != nil {
		t.Fatalf("loop-level run of @%s: %v", name, err)
	}
	for i := range want {
		if err := interp.Close(got[i], want[i], rtol, atol); err != nil {
			t.Errorf("@%s result #%d: %v", name, i, err)
		}
	}
	for i := range args {
		if !interp.Equal(args[i], inputs[i]) {
			t.Errorf("@%s wrote its argument #%d", name, i)
		}
	}
}
