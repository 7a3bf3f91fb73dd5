package tt_test

import (
	"math"
	"strings"
	"testing"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir/asm"
)

// closeTo reports the first element where got and want differ by more
// than tol (absolute and relative).
func closeTo(t *testing.T, name string, got, want []float32, tol float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d elements, want %d", name, len(got), len(want))
	}
	for i := range got {
		g, w := float64(got[i]), float64(want[i])
		if math.Abs(g-w) > tol*(1+math.Abs(w)) || math.IsNaN(g) != math.IsNaN(w) {
			t.Fatalf("%s: element %d = %v, want %v (all: %v, want %v)", name, i, g, w, got, want)
		}
	}
}

func TestEagerOpsHandComputed(t *testing.T) {
	x := tt.FromFloat32s([]float32{1, -2, 3, -4, 5, -6}, 2, 3)
	row := tt.FromFloat32s([]float32{10, 20, 30}, 3)
	col := tt.FromFloat32s([]float32{1, 2}, 2, 1)
	img := tt.Reshape(tt.Arange(tt.Float32, 0, 9, 1), 1, 1, 3, 3)
	tests := []struct {
		name  string
		got   *tt.Tensor
		shape []int
		want  []float32
	}{
		{"Add row broadcast", tt.Add(x, row), []int{2, 3}, []float32{11, 18, 33, 6, 25, 24}},
		{"Mul column broadcast", tt.Mul(x, col), []int{2, 3}, []float32{1, -2, 3, -8, 10, -12}},
		{"Sub outer", tt.Sub(col, row), []int{2, 3}, []float32{-9, -19, -29, -8, -18, -28}},
		{"Div", tt.Div(row, tt.FromFloat32s([]float32{2, 4, 5})), []int{3}, []float32{5, 5, 6}},
		{"Maximum", tt.Maximum(x, tt.Zeros(tt.Float32, 3)), []int{2, 3}, []float32{1, 0, 3, 0, 5, 0}},
		{"Relu", tt.Relu(x), []int{2, 3}, []float32{1, 0, 3, 0, 5, 0}},
		{"Abs", tt.Abs(x), []int{2, 3}, []float32{1, 2, 3, 4, 5, 6}},
		{"Neg", tt.Neg(col), []int{2, 1}, []float32{-1, -2}},
		{"AddScalar", tt.AddScalar(col, 0.5), []int{2, 1}, []float32{1.5, 2.5}},
		{"RSubScalar", tt.RSubScalar(1, col), []int{2, 1}, []float32{0, -1}},
		{"PowScalar", tt.PowScalar(col, 2), []int{2, 1}, []float32{1, 4}},
		{"Sum all", tt.Sum(x, nil, false), []int{}, []float32{-3}},
		{"Sum dim -1 keepdim", tt.Sum(x, []int{-1}, true), []int{2, 1}, []float32{2, -5}},
		{"Mean dim 0", tt.Mean(x, []int{0}, false), []int{3}, []float32{-1.5, 1.5, -1.5}},
		{"Amax dim 1", tt.Amax(x, []int{1}, false), []int{2}, []float32{3, 5}},
		{"Amin", tt.Amin(x, nil, false), []int{}, []float32{-6}},
		{"MatMul", tt.MatMul(x, tt.Ones(tt.Float32, 3, 2)), []int{2, 2}, []float32{2, 2, -5, -5}},
		{"Transpose", tt.Transpose(x, 0, -1), []int{3, 2}, []float32{1, -4, -2, 5, 3, -6}},
		{"Reshape -1", tt.Reshape(x, -1), []int{6}, []float32{1, -2, 3, -4, 5, -6}},
		{"Reshape 3x-1", tt.Reshape(x, 3, -1), []int{3, 2}, []float32{1, -2, 3, -4, 5, -6}},
		{"Narrow", tt.Narrow(x, 1, 1, 3, 1), []int{2, 2}, []float32{-2, 3, 5, -6}},
		{"Narrow negative step 2", tt.Narrow(x, -1, -3, 100, 2), []int{2, 2}, []float32{1, 3, -4, -6}},
		{"Concat", tt.Concat(0, col, col), []int{4, 1}, []float32{1, 2, 1, 2}},
		{"IndexSelect", tt.IndexSelect(x, 0, tt.FromInt64s([]int64{1, 1, 0})), []int{3, 3}, []float32{-4, 5, -6, -4, 5, -6, 1, -2, 3}},
		{"IndexAdd", tt.IndexAdd(tt.Zeros(tt.Float32, 2, 3), 0, tt.FromInt64s([]int64{1, 1}), x), []int{2, 3}, []float32{0, 0, 0, -3, 3, -3}},
		{"BroadcastTo", tt.BroadcastTo(col, 2, 2), []int{2, 2}, []float32{1, 1, 2, 2}},
		{"Where", tt.Where(tt.Gt(x, tt.Zeros(tt.Float32)), x, tt.Full(tt.Float32, 9)), []int{2, 3}, []float32{1, 9, 3, 9, 5, 9}},
		{"Lt as float", tt.ToDType(tt.Lt(x, tt.Zeros(tt.Float32)), tt.Float32), []int{2, 3}, []float32{0, 1, 0, 1, 0, 1}},
		{"Softmax uniform", tt.Softmax(tt.Zeros(tt.Float32, 2, 4), 1), []int{2, 4}, []float32{.25, .25, .25, .25, .25, .25, .25, .25}},
		{"LogSoftmax", tt.LogSoftmax(tt.Zeros(tt.Float32, 2), 0), []int{2}, []float32{float32(-math.Ln2), float32(-math.Ln2)}},
		{"Exp", tt.Exp(tt.Zeros(tt.Float32, 1)), []int{1}, []float32{1}},
		{"Sigmoid", tt.Sigmoid(tt.Zeros(tt.Float32, 1)), []int{1}, []float32{0.5}},
		{"Gelu", tt.Gelu(tt.FromFloat32s([]float32{0, 1})), []int{2}, []float32{0, 0.8413447}},
		{"ArgMax as float", tt.ToDType(tt.ArgMax(x, 1, false), tt.Float32), []int{2}, []float32{2, 1}},
		{"LayerNorm", tt.LayerNorm(tt.FromFloat32s([]float32{1, 3}, 1, 2), tt.Ones(tt.Float32, 2), tt.Zeros(tt.Float32, 2), 0),
			[]int{1, 2}, []float32{-1, 1}},
		{"CrossEntropy uniform", tt.CrossEntropy(tt.Zeros(tt.Float32, 2, 4), tt.FromInt64s([]int64{0, 3})), []int{}, []float32{float32(math.Log(4))}},
		{"Conv2d", tt.Conv2d(img, tt.Ones(tt.Float32, 1, 1, 2, 2), 1, 0), []int{1, 1, 2, 2}, []float32{8, 12, 20, 24}},
		{"Conv2d padded strided", tt.Conv2d(img, tt.Ones(tt.Float32, 1, 1, 1, 1), 2, 1), []int{1, 1, 3, 3}, []float32{0, 0, 0, 0, 4, 0, 0, 0, 0}},
		{"MaxPool2d", tt.MaxPool2d(img, 2, 1, 0), []int{1, 1, 2, 2}, []float32{4, 5, 7, 8}},
		{"Arange", tt.Arange(tt.Float32, 0, 2, 0.5), []int{4}, []float32{0, 0.5, 1, 1.5}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.got.Shape(); len(got) != len(tc.shape) || (len(got) > 0 && !equalInts(got, tc.shape)) {
				t.Fatalf("shape %v, want %v", got, tc.shape)
			}
			closeTo(t, tc.name, tc.got.Float32s(), tc.want, 1e-6)
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Eager ops compute what the interpreter computes for the same tensor
// function written in IR.
func TestEagerMatchesInterpreter(t *testing.T) {
	const src = `
func.func @mlp(%x: tensor<4x3xf32>, %w: tensor<3x5xf32>, %b: tensor<5xf32>) -> tensor<4x5xf32> {
  %h = tensor.matmul %x, %w : tensor<4x3xf32>, tensor<3x5xf32>
  %bb = tensor.broadcast %b dims = [1] : tensor<5xf32> -> tensor<4x5xf32>
  %a = tensor.add %h, %bb : tensor<4x5xf32>
  %t = tensor.tanh %a : tensor<4x5xf32>
  %s = tensor.log_softmax %t dim = 1 : tensor<4x5xf32>
  return %s : tensor<4x5xf32>
}`
	module, err := asm.Parse(registry.NewContext(), []byte(src), asm.ParseOptions{Filename: "mlp.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	g := tt.NewGenerator(7)
	x, w, b := g.Randn(tt.Float32, 4, 3), g.Randn(tt.Float32, 3, 5), g.Randn(tt.Float32, 5)
	args := make([]*interp.Tensor, 3)
	for i, a := range []*tt.Tensor{x, w, b} {
		if args[i], err = interp.FromF32([]int64{int64(a.Shape()[0]), int64(a.Numel() / a.Shape()[0])}[:a.Rank()], a.Float32s()); err != nil {
			t.Fatal(err)
		}
	}
	res, err := interp.New(module, kernels.NewRegistry()).RunTensors("mlp", args...)
	if err != nil {
		t.Fatal(err)
	}
	got := tt.LogSoftmax(tt.Tanh(tt.Add(tt.MatMul(x, w), b)), -1)
	closeTo(t, "mlp", got.Float32s(), res[0].F32(), 0) // bit for bit
}

func TestConstructorsAndReaders(t *testing.T) {
	x := tt.FromInt64s([]int64{3, -1}, 2, 1)
	if x.DType() != tt.Int64 || !equalInts(x.Shape(), []int{2, 1}) || x.Int64s()[1] != -1 {
		t.Fatalf("FromInt64s: %v", x)
	}
	if v := tt.Scalar(tt.Float64, 2.5).Item(); v != 2.5 {
		t.Fatalf("Item = %v", v)
	}
	a, b := tt.NewGenerator(3).Randn(tt.Float32, 8), tt.NewGenerator(3).Randn(tt.Float32, 8)
	closeTo(t, "same seed", a.Float32s(), b.Float32s(), 0)
	if c := tt.NewGenerator(4).Randn(tt.Float32, 8); c.Float32s()[0] == a.Float32s()[0] {
		t.Fatal("different seeds gave the same first value")
	}
	for _, v := range tt.NewGenerator(5).Rand(tt.Float64, 100).Float64s() {
		if v < 0 || v >= 1 {
			t.Fatalf("Rand value %v outside [0, 1)", v)
		}
	}
}

func TestOpErrors(t *testing.T) {
	tests := []struct {
		name string
		f    func()
		want string
	}{
		{"broadcast mismatch", func() { tt.Add(tt.Zeros(tt.Float32, 2, 3), tt.Zeros(tt.Float32, 4)) }, "cannot be broadcast"},
		{"dtype mismatch", func() { tt.Add(tt.Zeros(tt.Float32, 2), tt.Zeros(tt.Int64, 2)) }, "element types differ"},
		{"dim out of range", func() { tt.Softmax(tt.Zeros(tt.Float32, 2), 3) }, "out of range"},
		{"bad reshape", func() { tt.Reshape(tt.Zeros(tt.Float32, 6), 4, -1) }, "invalid for a tensor of 6"},
		{"matmul mismatch", func() { tt.MatMul(tt.Zeros(tt.Float32, 2, 3), tt.Zeros(tt.Float32, 2, 3)) }, "do not match"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				r := recover()
				err, ok := r.(*tt.Error)
				if !ok || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("panic %v, want a *tt.Error containing %q", r, tc.want)
				}
			}()
			tc.f()
		})
	}
}
