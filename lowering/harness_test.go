package lowering_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
)

// parse parses a module with every dialect loaded and verifies it.
func parse(t testing.TB, src string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{})
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("verify: %v", err)
	}
	return m
}

// runPipeline runs a textual pipeline on a module (verifying after each
// pass).
func runPipeline(t testing.TB, m *ir.Operation, pipeline string) error {
	t.Helper()
	pm, err := registry.NewPassRegistry().ParseAnchored(pipeline, "builtin.module")
	if err != nil {
		t.Fatalf("pipeline %q: %v", pipeline, err)
	}
	return pm.Run(m, &pass.RunOptions{})
}

// lower runs pt2-go on a copy of the module's text.
func lower(t testing.TB, src string) *ir.Operation {
	t.Helper()
	m := parse(t, src)
	if err := runPipeline(t, m, "pt2-go"); err != nil {
		t.Fatalf("pt2-go: %v\n%s", err, src)
	}
	return m
}

// printIR prints a module.
func printIR(m *ir.Operation) string { return asm.String(m, asm.PrintOptions{}) }

// funcNamed returns the func.func called name.
func funcNamed(t testing.TB, m *ir.Operation, name string) *ir.Operation {
	t.Helper()
	for op := range builtin.ModuleBody(m).Ops() {
		if n, _ := op.StringAttr(ir.SymbolAttrName); n == name && op.Name() == "func.func" {
			return op
		}
	}
	t.Fatalf("no function @%s", name)
	return nil
}

// hasLoopKernels reports whether the interpreter can run loop-level IR.
func hasLoopKernels() bool {
	r := kernels.NewRegistry()
	return r.Has("loops.for") && r.Has("loops.load") && r.Has("loops.call_extern")
}

// randomInputs makes random arguments for a function: floats uniform in
// [-2, 2], integers in [0, 4), booleans at random.
func randomInputs(t testing.TB, fn *ir.Operation, seed int64, dyn int64) []*interp.Tensor {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	var out []*interp.Tensor
	for _, ty := range function.FuncType(fn).Inputs {
		rt, ok := ty.(*ir.RankedTensorType)
		if !ok {
			t.Fatalf("argument type %s", ty)
		}
		shape := append([]int64(nil), rt.Shape()...)
		for i, d := range shape {
			if d == ir.Dynamic {
				shape[i] = dyn
			}
		}
		dt, err := interp.DTypeOf(rt.Elem)
		if err != nil {
			t.Fatal(err)
		}
		n := 1
		for _, d := range shape {
			n *= int(d)
		}
		var x *interp.Tensor
		if dt.IsFloat() {
			vals := make([]float64, n)
			for i := range vals {
				vals[i] = rng.Float64()*4 - 2
			}
			x, err = interp.FromFloats(dt, shape, vals)
		} else {
			vals := make([]int64, n)
			for i := range vals {
				if dt == interp.I1 {
					vals[i] = int64(rng.Intn(2))
				} else {
					vals[i] = int64(rng.Intn(4))
				}
			}
			x, err = interp.FromInts(dt, shape, vals)
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, x)
	}
	return out
}

// cloneAll copies tensors (loop-level runs may write their arguments'
// storage; the lowering never should).
func cloneAll(xs []*interp.Tensor) []*interp.Tensor {
	out := make([]*interp.Tensor, len(xs))
	for i, x := range xs {
		out[i] = x.Clone()
	}
	return out
}

// diff runs function name of src at the tensor level and of the lowered
// module at the loop level on the same inputs, and compares the results.
func diff(t *testing.T, src string, lowered *ir.Operation, name string, inputs []*interp.Tensor, rtol, atol float64) {
	t.Helper()
	ref := parse(t, src)
	want, err := interp.New(ref, kernels.NewRegistry()).RunTensors(name, cloneAll(inputs)...)
	if err != nil {
		t.Skipf("reference run fails on these inputs: %v", err)
	}
	args := cloneAll(inputs)
	got, err := interp.New(lowered, kernels.NewRegistry()).RunTensors(name, args...)
	if err != nil {
		t.Fatalf("loop-level run of @%s: %v\n%s", name, err, printIR(lowered))
	}
	if len(got) != len(want) {
		t.Fatalf("%d results, want %d", len(got), len(want))
	}
	for i := range got {
		if err := interp.Close(got[i], want[i], rtol, atol); err != nil {
			t.Errorf("@%s result #%d: %v", name, i, err)
		}
	}
	for i := range args {
		if !interp.Equal(args[i], inputs[i]) {
			t.Errorf("@%s wrote its argument #%d", name, i)
		}
	}
	if t.Failed() {
		t.Logf("lowered IR:\n%s", printIR(lowered))
	}
}

// tol returns the tolerances for a program: 1e-5 relative for f32 (and an
// absolute floor for values near zero), tighter for f64.
func tol(src string) (float64, float64) {
	if strings.Contains(src, "xf32") || strings.Contains(src, "<f32>") {
		return 1e-5, 1e-6
	}
	return 1e-10, 1e-12
}

// kernelsRegistry returns every interpreter kernel.
func kernelsRegistry() *interp.Registry { return kernels.NewRegistry() }

// parseQuiet parses and verifies a module, reporting failures as errors.
func parseQuiet(src string) (*ir.Operation, error) {
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{})
	if err != nil {
		return nil, err
	}
	return m, ir.Verify(m)
}
