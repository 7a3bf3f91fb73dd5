package autodiff_test

import (
	"math"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/autodiff"
	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

func f64Tensor(t *testing.T, shape []int64, vs ...float64) *interp.Tensor {
	t.Helper()
	x, err := interp.FromFloats(interp.F64, shape, vs)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// gradOf differentiates @f of src and runs @f_grad.
func gradOf(t *testing.T, src string, args ...*interp.Tensor) []*interp.Tensor {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "conv.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := autodiff.Differentiate(builtin.ModuleBody(m).First(), autodiff.RecomputeMinCut); err != nil {
		t.Fatal(err)
	}
	return runFunc(t, m, "f_grad", args)[1:]
}

func expectFloats(t *testing.T, got *interp.Tensor, want ...float64) {
	t.Helper()
	for i, w := range want {
		if g := got.Float(i); math.Abs(g-w) > 1e-12 {
			t.Errorf("element %d = %g, want %g (all: %v)", i, g, w, got)
			return
		}
	}
}

// TestPyTorchConventionsAtKinks pins the gradients PyTorch 1.13 gives where
// the derivative is not defined (values recorded from torch.autograd).
func TestPyTorchConventionsAtKinks(t *testing.T) {
	t.Run("relu'(0) = 0", func(t *testing.T) {
		g := gradOf(t, `func.func @f(%x: tensor<3xf64>) -> tensor<f64> {
  %r = tensor.relu %x : tensor<3xf64>
  %s = tensor.reduce_sum %r dims = [0] : tensor<3xf64>
  return %s : tensor<f64>
}`, f64Tensor(t, []int64{3}, -1, 0, 1))
		expectFloats(t, g[0], 0, 0, 1)
	})
	t.Run("abs'(0) = abs'(NaN) = 0", func(t *testing.T) {
		g := gradOf(t, `func.func @f(%x: tensor<4xf64>) -> tensor<f64> {
  %r = tensor.abs %x : tensor<4xf64>
  %s = tensor.reduce_sum %r dims = [0] : tensor<4xf64>
  return %s : tensor<f64>
}`, f64Tensor(t, []int64{4}, math.NaN(), 0, -1, 2))
		expectFloats(t, g[0], 0, 0, -1, 1)
	})
	t.Run("max ties split, NaN passes to both", func(t *testing.T) {
		g := gradOf(t, `func.func @f(%a: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<f64> {
  %r = tensor.max %a, %b : tensor<3xf64>
  %s = tensor.reduce_sum %r dims = [0] : tensor<3xf64>
  return %s : tensor<f64>
}`, f64Tensor(t, []int64{3}, 1, 2, math.NaN()), f64Tensor(t, []int64{3}, 1, 3, 1))
		expectFloats(t, g[0], 0.5, 0, 1)
		expectFloats(t, g[1], 0.5, 1, 1)
	})
	t.Run("reduce_max spreads over ties", func(t *testing.T) {
		g := gradOf(t, `func.func @f(%x: tensor<2x3xf64>) -> tensor<f64> {
  %m = tensor.reduce_max %x dims = [1] : tensor<2x3xf64>
  %s = tensor.reduce_sum %m dims = [0] : tensor<2xf64>
  return %s : tensor<f64>
}`, f64Tensor(t, []int64{2, 3}, 1, 3, 3, 2, 2, 2))
		expectFloats(t, g[0], 0, 0.5, 0.5, 1.0/3, 1.0/3, 1.0/3)
	})
	t.Run("pow at 0", func(t *testing.T) {
		g := gradOf(t, `func.func @f(%a: tensor<4xf64>, %e: tensor<4xf64>) -> tensor<f64> {
  %r = tensor.pow %a, %e : tensor<4xf64>
  %s = tensor.reduce_sum %r dims = [0] : tensor<4xf64>
  return %s : tensor<f64>
}`, f64Tensor(t, []int64{4}, 0, 0, 2, -1), f64Tensor(t, []int64{4}, 0, 2, 0.5, 2))
		expectFloats(t, g[0], 0, 0, 0.5*math.Pow(2, -0.5), -2)
		expectFloats(t, g[1], 0, 0, math.Sqrt(2)*math.Log(2))
		if !math.IsNaN(g[1].Float(3)) {
			t.Errorf("d/de (-1)^e = %g, want NaN like PyTorch", g[1].Float(3))
		}
	})
	t.Run("max_pool2d routes to the first maximum", func(t *testing.T) {
		g := gradOf(t, `func.func @f(%x: tensor<1x1x2x2xf64>) -> tensor<f64> {
  %p = tensor.max_pool2d %x kernel = [2, 2] : tensor<1x1x2x2xf64>
  %s = tensor.reduce_sum %p dims = [0, 1, 2, 3] : tensor<1x1x1x1xf64>
  return %s : tensor<f64>
}`, f64Tensor(t, []int64{1, 1, 2, 2}, 1, 1, 1, 1))
		expectFloats(t, g[0], 1, 0, 0, 0)
	})
	t.Run("sqrt'(0) = inf", func(t *testing.T) {
		g := gradOf(t, `func.func @f(%x: tensor<2xf64>) -> tensor<f64> {
  %r = tensor.sqrt %x : tensor<2xf64>
  %s = tensor.reduce_sum %r dims = [0] : tensor<2xf64>
  return %s : tensor<f64>
}`, f64Tensor(t, []int64{2}, 0, 4))
		if !math.IsInf(g[0].Float(0), 1) || g[0].Float(1) != 0.25 {
			t.Errorf("sqrt grads %v, want [+Inf 0.25]", g[0])
		}
	})
}

func TestErrors(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"no rule", `func.func @f(%x: tensor<2xf32>) -> tensor<f32> {
  %y = arith.addf %x, %x : tensor<2xf32>
  %s = tensor.reduce_sum %y dims = [0] : tensor<2xf32>
  return %s : tensor<f32>
}`, "conv.mlir:2:8: error: aot-autograd: no gradient rule for 'arith.addf', which is on a differentiable path"},
		{"calls", `func.func private @g(tensor<2xf32>) -> tensor<2xf32>
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  %y = call @g(%x) : (tensor<2xf32>) -> tensor<2xf32>
  return %y : tensor<2xf32>
}`, "conv.mlir:3:8: error: aot-autograd: @f calls @g, a declaration without a body; only calls to functions with a body can be differentiated"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := asm.ParseString(registry.NewContext(), tc.src, asm.ParseOptions{Filename: "conv.mlir"})
			if err != nil {
				t.Fatal(err)
			}
			var fn *ir.Operation
			for op := range builtin.ModuleBody(m).Ops() {
				if ir.SymbolName(op) == "f" {
					fn = op
				}
			}
			_, err = autodiff.Differentiate(fn, autodiff.RecomputeMinCut)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestNoGradForNonScalar: fwd/bwd work for any results; _grad needs a scalar loss.
func TestNoGradForNonScalar(t *testing.T) {
	m, err := asm.ParseString(registry.NewContext(), `func.func @f(%x: tensor<2xf32>, %i: tensor<2xi64>) -> (tensor<2xf32>, tensor<2xi64>) {
  %y = tensor.exp %x : tensor<2xf32>
  return %y, %i : tensor<2xf32>, tensor<2xi64>
}`, asm.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := autodiff.Differentiate(builtin.ModuleBody(m).First(), autodiff.RecomputeMinCut)
	if err != nil {
		t.Fatal(err)
	}
	if res.Grad != nil || res.GradErr == nil || !strings.Contains(res.GradErr.Error(), "single rank-0 floating-point result") {
		t.Fatalf("grad = %v, err = %v", res.Grad, res.GradErr)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	out := runFunc(t, m, "f_fwd", []*interp.Tensor{f32s(t, 0, 1), ints64(t, 4, 5)})
	bwd := runFunc(t, m, "f_bwd", append(out[2:], f32s(t, 1, 2)))
	// d/dx exp(x) . t = exp(x) * t, in f32.
	expectFloats(t, bwd[0], 1, float64(float32(2*float32(math.E))))
}

func f32s(t *testing.T, vs ...float64) *interp.Tensor {
	x, err := interp.FromFloats(interp.F32, []int64{int64(len(vs))}, vs)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func ints64(t *testing.T, vs ...int64) *interp.Tensor {
	x, err := interp.FromInts(interp.I64, []int64{int64(len(vs))}, vs)
	if err != nil {
		t.Fatal(err)
	}
	return x
}
