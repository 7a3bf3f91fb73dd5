package autodiff_test

import (
	"math"
	"os"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/autodiff"
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/rewrite"
)

// callsModule computes a loss through calls: @layer is called twice (its
// body is cloned) and calls @act, which @f also calls directly; @act is
// public, the others private.
const callsModule = `func.func @f(%x: tensor<3x4xf64>, %w: tensor<4x4xf64>, %b: tensor<4xf64>, %t: tensor<3xi64>) -> tensor<f64> {
  %h = call @layer(%x, %w, %b) : (tensor<3x4xf64>, tensor<4x4xf64>, tensor<4xf64>) -> tensor<3x4xf64>
  %h2 = call @layer(%h, %w, %b) : (tensor<3x4xf64>, tensor<4x4xf64>, tensor<4xf64>) -> tensor<3x4xf64>
  %a = call @act(%h2) : (tensor<3x4xf64>) -> tensor<3x4xf64>
  %l = tensor.cross_entropy %a, %t reduction = "mean" : tensor<3x4xf64>, tensor<3xi64>
  return %l : tensor<f64>
}
func.func private @layer(%x: tensor<3x4xf64>, %w: tensor<4x4xf64>, %b: tensor<4xf64>) -> tensor<3x4xf64> {
  %m = tensor.matmul %x, %w : tensor<3x4xf64>, tensor<4x4xf64>
  %bb = tensor.broadcast %b dims = [1] : tensor<4xf64> -> tensor<3x4xf64>
  %s = tensor.add %m, %bb : tensor<3x4xf64>
  %a = call @act(%s) : (tensor<3x4xf64>) -> tensor<3x4xf64>
  return %a : tensor<3x4xf64>
}
func.func @act(%x: tensor<3x4xf64>) -> tensor<3x4xf64> {
  %y = tensor.tanh %x : tensor<3x4xf64>
  return %y : tensor<3x4xf64>
}
`

// userFuncs prints the module's functions that are not generated.
func userFuncs(t *testing.T, m *ir.Operation) string {
	t.Helper()
	var sb strings.Builder
	for op := range builtin.ModuleBody(m).Ops() {
		name := ir.SymbolName(op)
		if strings.HasSuffix(name, "_fwd") || strings.HasSuffix(name, "_bwd") || strings.HasSuffix(name, "_grad") {
			continue
		}
		sb.WriteString(asm.String(op, asm.PrintOptions{}))
	}
	return sb.String()
}

func parseCalls(t *testing.T) (*ir.Operation, *ir.Operation) {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), callsModule, asm.ParseOptions{Filename: "calls.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	return m, ir.NewSymbolTable(m).Lookup("f")
}

// TestGradientsThroughCalls differentiates a function that calls others
// without an inline pass: gradients match finite differences, fwd/bwd
// agree with grad, the user's functions are unchanged, and the results are
// those of differentiating after the inline pass.
func TestGradientsThroughCalls(t *testing.T) {
	c := gradCase{in: []input{f64("3x4"), f64("4x4"), f64("4"), ints("tensor<3xi64>", 0, 3, 1)}}
	for _, mode := range []string{autodiff.RecomputeMinCut, autodiff.RecomputeNone} {
		t.Run(mode, func(t *testing.T) {
			m, fn := parseCalls(t)
			before := userFuncs(t, m)
			res, err := autodiff.Differentiate(fn, mode)
			if err != nil {
				t.Fatalf("differentiate: %v", err)
			}
			if err := ir.Verify(m); err != nil {
				t.Fatalf("generated functions do not verify: %v", err)
			}
			if after := userFuncs(t, m); after != before {
				t.Errorf("the user's functions changed:\n--- before\n%s--- after\n%s", before, after)
			}
			for _, g := range []*ir.Operation{res.Fwd, res.Bwd, res.Grad} {
				g.Walk(func(o *ir.Operation) {
					if o.Name() == function.CallDef.Name {
						t.Errorf("@%s still calls: %s", ir.SymbolName(g), asm.String(o, asm.PrintOptions{}))
					}
				})
			}
			args := makeInputs(t, c, fn, 3)
			out := runFunc(t, m, "f_grad", args)
			checkAgainstFD(t, c, m, args, out[1:])
			checkFwdBwd(t, m, args, out)

			// The same function inlined by the inline pass first.
			im, ifn := parseCalls(t)
			if _, err := rewrite.Inline(im, rewrite.InlinerConfig{}); err != nil {
				t.Fatal(err)
			}
			if _, err := autodiff.Differentiate(ifn, mode); err != nil {
				t.Fatalf("differentiate after inline: %v", err)
			}
			want := runFunc(t, im, "f_grad", args)
			for i := range want {
				for k := 0; k < want[i].Len(); k++ {
					if got, w := out[i].Float(k), want[i].Float(k); math.Abs(got-w) > 1e-12*(1+math.Abs(w)) {
						t.Errorf("result #%d[%d] = %g; after the inline pass %g", i, k, got, w)
					}
				}
			}
		})
	}
}

// TestDigitsModelThroughCalls differentiates the README's digits model,
// whose @loss calls @forward, and compares @loss_grad with the gradient of
// the same model inlined first.
func TestDigitsModelThroughCalls(t *testing.T) {
	src, err := os.ReadFile("../examples/digits/model.mlir")
	if err != nil {
		t.Fatal(err)
	}
	run := func(inlineFirst bool) []*interp.Tensor {
		m, err := asm.Parse(registry.NewContext(), src, asm.ParseOptions{Filename: "model.mlir"})
		if err != nil {
			t.Fatal(err)
		}
		if inlineFirst {
			if _, err := rewrite.Inline(m, rewrite.InlinerConfig{}); err != nil {
				t.Fatal(err)
			}
		}
		fn := ir.NewSymbolTable(m).Lookup("loss")
		if _, err := autodiff.Differentiate(fn, autodiff.RecomputeMinCut); err != nil {
			t.Fatalf("differentiate @loss (inline first: %v): %v", inlineFirst, err)
		}
		if err := ir.Verify(m); err != nil {
			t.Fatal(err)
		}
		c := gradCase{in: []input{{typ: "x"}, {typ: "y", ints: make([]int64, 64)}, {}, {}, {}, {}}}
		for i := range c.in[1].ints {
			c.in[1].ints[i] = int64(i % 10)
		}
		return runFunc(t, m, "loss_grad", makeInputs(t, c, fn, 5))
	}
	got, want := run(false), run(true)
	if len(got) != 6 {
		t.Fatalf("@loss_grad returned %d results, want the loss and 5 gradients", len(got))
	}
	for i := range want {
		for k := 0; k < want[i].Len(); k++ {
			if g, w := got[i].Float(k), want[i].Float(k); math.Abs(g-w) > 1e-6*(1+math.Abs(w)) {
				t.Fatalf("result #%d[%d] = %g; after the inline pass %g", i, k, g, w)
			}
		}
	}
}
