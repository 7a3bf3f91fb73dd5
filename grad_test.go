package tt_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/runtime/npy"
)

// readNPY reads a fixture array as a tensor.
func readNPY(t *testing.T, path string) *tt.Tensor {
	t.Helper()
	a, err := npy.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := interp.FromNPY(a)
	if err != nil {
		t.Fatal(err)
	}
	shape := make([]int, d.Rank())
	for i, s := range d.Shape() {
		shape[i] = int(s)
	}
	switch d.DType() {
	case interp.F32:
		return tt.FromFloat32s(d.F32(), shape...)
	case interp.I64:
		return tt.FromInt64s(d.I64(), shape...)
	}
	t.Fatalf("%s: unexpected dtype %s", path, d.DType())
	return nil
}

// ValueAndGrad on the same models as PyTorch's fixtures (written in Go
// with tt's ops) gives PyTorch's loss and gradients.
func TestValueAndGradMatchesPyTorch(t *testing.T) {
	tests := []struct {
		dir   string
		nargs int
		loss  func(args []*tt.Tensor) *tt.Tensor
	}{
		{"grad_mlp", 5, func(a []*tt.Tensor) *tt.Tensor {
			h := tt.Relu(tt.Add(tt.MatMul(a[0], a[1]), a[2]))
			return tt.CrossEntropy(tt.MatMul(h, a[3]), a[4])
		}},
		{"grad_layernorm_gelu", 5, func(a []*tt.Tensor) *tt.Tensor {
			h := tt.Gelu(tt.LayerNorm(a[0], a[1], a[2], 1e-5))
			o := tt.MatMul(tt.GeluTanh(tt.MatMul(h, a[3])), a[4])
			return tt.Mean(tt.Mul(o, o), nil, false)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.dir, func(t *testing.T) {
			dir := filepath.Join("test", "refdata", tc.dir)
			args := make([]any, tc.nargs)
			for i := range args {
				args[i] = readNPY(t, filepath.Join(dir, fmt.Sprintf("in%d.npy", i)))
			}
			fn := func(a, b, c, d, e *tt.Tensor) *tt.Tensor { return tc.loss([]*tt.Tensor{a, b, c, d, e}) }
			for _, be := range allBackends(t) {
				vg := tt.ValueAndGrad(fn, tt.Backend(be))
				defer tt.Release(vg)
				checkFixtureGrads(t, dir, args, vg)
			}
		})
	}
}

// checkFixtureGrads compares vg's loss and gradients with the fixture's.
func checkFixtureGrads(t *testing.T, dir string, args []any, vg func(...any) (*tt.Tensor, []*tt.Tensor)) {
	t.Helper()
	loss, grads := vg(args...)
	closeTo(t, "loss", loss.Float32s(), readNPY(t, filepath.Join(dir, "out0.npy")).Float32s(), 1e-5)
	k, floats := 1, 0
	for _, a := range args {
		if a.(*tt.Tensor).DType() == tt.Float32 {
			floats++
		}
	}
	for i, g := range grads {
		if g == nil {
			continue
		}
		want := readNPY(t, filepath.Join(dir, fmt.Sprintf("out%d.npy", k)))
		closeTo(t, fmt.Sprint("gradient ", i), g.Float32s(), want.Float32s(), 1e-5)
		k++
	}
	if k-1 != floats {
		t.Fatalf("%d gradients compared, want %d", k-1, floats)
	}
}

// A compiled function called inside another compiled function is inlined
// into the outer graph.
func TestNestedCompileInlines(t *testing.T) {
	inner := tt.Compile(func(x *tt.Tensor) *tt.Tensor { return tt.Exp(x) })
	outer := tt.Compile(func(x *tt.Tensor) *tt.Tensor { return tt.Add(inner(x), x) })
	x := tt.FromFloat32s([]float32{0, 1})
	closeTo(t, "nested", outer(x).Float32s(), []float32{1, float32(2.718281828459045) + 1}, 1e-6)
	if c := tt.Counters(inner); c.Compiles != 0 {
		t.Fatalf("inner compiled %d times inside the outer trace", c.Compiles)
	}
	if c := tt.Counters(outer); c.Compiles != 1 {
		t.Fatalf("outer: %+v", c)
	}
}
