package ptxsim_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
)

// tenLaunches is ten softmaxes along alternating dimensions (ten kernels,
// the last with the multiplication by %y fused in).
var tenLaunches = func() string {
	var b strings.Builder
	b.WriteString("func.func @f(%x: tensor<4x64xf32>, %y: tensor<4x64xf32>) -> tensor<4x64xf32> {\n  %0 = tensor.softmax %x dim = 1 : tensor<4x64xf32>\n")
	for i := 1; i < 10; i++ {
		b.WriteString("  %" + itoa(i) + " = tensor.softmax %" + itoa(i-1) + " dim = " + itoa((i+1)%2) + " : tensor<4x64xf32>\n")
	}
	b.WriteString("  %10 = tensor.mul %9, %y : tensor<4x64xf32>\n  return %10 : tensor<4x64xf32>\n}")
	return b.String()
}()

// hostWrites scales x by a mean the host function computes: the host
// writes the scalar between two launches, and the second kernel reads it.
const hostWrites = `func.func @f(%x: tensor<8x10xf32>, %y: tensor<8xi64>) -> tensor<8x10xf32> {
  %l = tensor.cross_entropy %x, %y reduction = "mean" : tensor<8x10xf32>, tensor<8xi64>
  %b = tensor.broadcast %l dims = [] : tensor<f32> -> tensor<8x10xf32>
  %r = tensor.mul %x, %b : tensor<8x10xf32>
  return %r : tensor<8x10xf32>
}`

func itoa(i int) string {
	if i >= 10 {
		return itoa(i/10) + string(rune('0'+i%10))
	}
	return string(rune('0' + i))
}

// hostReads runs a kernel, then a reduction the host function does itself
// (the mean of a cross-entropy), reading the kernel's output in between.
const hostReads = `func.func @f(%x: tensor<8x10xf32>, %y: tensor<8xi64>) -> (tensor<f32>, tensor<8x10xf32>) {
  %0 = tensor.exp %x : tensor<8x10xf32>
  %l = tensor.cross_entropy %0, %y reduction = "mean" : tensor<8x10xf32>, tensor<8xi64>
  return %l, %0 : tensor<f32>, tensor<8x10xf32>
}`

// labelled is an 8x10 f32 and eight class labels.
func labelled(t *testing.T) []*interp.Tensor {
	y, err := interp.NewTensor(interp.I64, []int64{8})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 8 {
		y.SetInt(i, int64(i*3%10))
	}
	return []*interp.Tensor{filled(t, []int64{8, 10}, 3), y}
}

// TestResidency runs programs twice on the simulator and checks that the
// buffers stay in device memory across launches: each input is copied in
// once per run, each result copied out once, and a buffer the host
// function reads between launches once more; every allocation is freed.
func TestResidency(t *testing.T) {
	for _, tc := range []struct {
		name, src         string
		args              func(t *testing.T) []*interp.Tensor
		launches, in, out int
	}{
		{"ten launches", tenLaunches, func(t *testing.T) []*interp.Tensor {
			return []*interp.Tensor{filled(t, []int64{4, 64}, 1), filled(t, []int64{4, 64}, 2)}
		}, 10, 2, 1},
		// One kernel reads both inputs and writes the exponentials and
		// the per-row losses: the host function reads the losses for the
		// mean (one copy out) and returns the exponentials (one copy
		// out); its own two scalars are never copied.
		{"host reads", hostReads, labelled, 1, 2, 2},
		// The first kernel's per-row losses go to the host for the mean
		// (one copy out); the host stores the mean, which the second
		// kernel reads (one more copy in); x stays on the device.
		{"host writes", hostWrites, labelled, 2, 3, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var r ptxsim.Runner
			if err := r.Prepare(context.Background(), parse(t, tc.src), "f"); err != nil {
				t.Fatal(err)
			}
			ref := interp.New(parse(t, tc.src), kernels.NewRegistry())
			args := tc.args(t)
			want, err := ref.RunTensors("f", args...)
			if err != nil {
				t.Fatal(err)
			}
			for run := 1; run <= 2; run++ {
				got, err := r.Call(context.Background(), "f", args...)
				if err != nil {
					t.Fatal(err)
				}
				for i := range want {
					for j := range want[i].Len() {
						if g, w := got[i].Float(j), want[i].Float(j); math.Abs(g-w) > 1e-5*math.Abs(w)+1e-6 {
							t.Fatalf("run %d: result %d element %d: %g, want %g", run, i, j, g, w)
						}
					}
				}
				if r.Launches != run*tc.launches {
					t.Errorf("run %d: %d launches, want %d", run, r.Launches, run*tc.launches)
				}
				if r.Copies.In != run*tc.in || r.Copies.Out != run*tc.out {
					t.Errorf("run %d: %d copies in and %d out, want %d and %d", run, r.Copies.In, r.Copies.Out, run*tc.in, run*tc.out)
				}
			}
		})
	}
}
