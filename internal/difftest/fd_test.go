package difftest

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/interp"
)

// nanThroughDiscardedValue is the false positive of the gradient check
// that the 10,000-program campaign of seed 500000 reported, minimized: a
// NaN input flows into layer_norm, whose result an empty slice discards.
// The loss is 0 wherever the input is, so finite differences are 0, while
// the chain rule gives NaN (0 × NaN), as PyTorch's autograd does.
const nanThroughDiscardedValue = `func.func @f(%x: tensor<2x3xf64>, %g: tensor<3xf64>, %b: tensor<3xf64>) -> tensor<f64> {
  %n = tensor.layer_norm %x, %g, %b normalized_dims = 1 : tensor<2x3xf64>, tensor<3xf64>, tensor<3xf64>
  %s = tensor.slice %n start = [0, 0] limit = [0, 3] step = [1, 1] : tensor<2x3xf64>
  %r = tensor.reduce_sum %s dims = [0, 1] : tensor<0x3xf64>
  return %r : tensor<f64>
}
`

func f64Tensor(t *testing.T, shape []int64, xs ...float64) *interp.Tensor {
	t.Helper()
	x, err := interp.FromF64(shape, xs)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// TestGradientCheckNonFiniteForward checks that the finite-difference
// check accepts a non-finite gradient where the forward pass went through
// a non-finite value (the false positive above), and still reports a
// wrong gradient: the same case with finite inputs passes, and a
// backend's gradient that differs from finite differences fails.
func TestGradientCheckNonFiniteForward(t *testing.T) {
	nan := math.NaN()
	inputs := func(x0 float64) []*interp.Tensor {
		return []*interp.Tensor{
			f64Tensor(t, []int64{2, 3}, x0, 0.5, -1, 2, 0.25, 3),
			f64Tensor(t, []int64{3}, 1, 2, 3),
			f64Tensor(t, []int64{3}, 0.5, 0.5, 0.5),
		}
	}
	for _, tc := range []struct {
		name string
		x0   float64
	}{{"nan input", nan}, {"finite input", 1.5}} {
		t.Run(tc.name, func(t *testing.T) {
			c := &Case{Name: "f", Module: nanThroughDiscardedValue, Entry: "f", Inputs: inputs(tc.x0), Grad: true}
			want := Check(context.Background(), Config{}, []*Case{c})[0]
			for _, f := range want.Failures {
				t.Errorf("%v", f)
			}
		})
	}
	// The check still sees a wrong gradient in a program whose forward
	// values are all finite: the analytic gradient of sum(x*x) is 2x, a
	// gradient of x is wrong.
	const square = `func.func @f(%x: tensor<3xf64>) -> tensor<f64> {
  %m = tensor.mul %x, %x : tensor<3xf64>
  %r = tensor.reduce_sum %m dims = [0] : tensor<3xf64>
  return %r : tensor<f64>
}
`
	c := &Case{Name: "f", Module: square, Entry: "f", Inputs: []*interp.Tensor{f64Tensor(t, []int64{3}, 1, 2, 3)}, Grad: true}
	wrong := []*interp.Tensor{f64Tensor(t, nil, 14), f64Tensor(t, []int64{3}, 1, 2, 3)}
	if err := checkFD(context.Background(), c, wrong); err == nil || !strings.Contains(err.Error(), "finite difference") {
		t.Errorf("a wrong gradient passed the check (err %v)", err)
	}
	// A NaN gradient where the forward values are finite is a failure.
	nanGrad := []*interp.Tensor{f64Tensor(t, nil, 14), f64Tensor(t, []int64{3}, 2, nan, 6)}
	if err := checkFD(context.Background(), c, nanGrad); err == nil {
		t.Error("a NaN gradient of a finite forward pass passed the check")
	}
	right := []*interp.Tensor{f64Tensor(t, nil, 14), f64Tensor(t, []int64{3}, 2, 4, 6)}
	if err := checkFD(context.Background(), c, right); err != nil {
		t.Errorf("the right gradient failed: %v", err)
	}
}
