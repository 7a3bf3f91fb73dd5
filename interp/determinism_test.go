package interp_test

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
)

func randTensor(rng *rand.Rand, shape ...int64) *interp.Tensor {
	n := 1
	for _, d := range shape {
		n *= int(d)
	}
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(rng.NormFloat64())
	}
	t, err := interp.FromF32(shape, v)
	if err != nil {
		panic(err)
	}
	return t
}

// A program whose kernels all take their parallel paths: a blocked GEMM
// split over row blocks and column groups, a conv2d over several images,
// row and column reductions (one row longer than a reduction block),
// softmax, layer_norm, GELU and scatter_add on large tensors.
const parallelProgram = `
func.func @main(%a: tensor<300x200xf32>, %b: tensor<200x260xf32>, %x: tensor<4x16x24x24xf32>, %w: tensor<32x16x3x3xf32>,
                %long: tensor<2x150000xf32>, %g: tensor<260xf32>, %idx: tensor<300xi64>, %base: tensor<40x260xf32>)
    -> (tensor<300x260xf32>, tensor<4x32x22x22xf32>, tensor<2xf32>, tensor<300x260xf32>, tensor<300x260xf32>, tensor<260xf32>, tensor<40x260xf32>, tensor<150000xf32>) {
  %0 = "tensor.matmul"(%a, %b) : (tensor<300x200xf32>, tensor<200x260xf32>) -> tensor<300x260xf32>
  %1 = "tensor.conv2d"(%x, %w) : (tensor<4x16x24x24xf32>, tensor<32x16x3x3xf32>) -> tensor<4x32x22x22xf32>
  %2 = "tensor.reduce_sum"(%long) {dims = array<i64: 1>} : (tensor<2x150000xf32>) -> tensor<2xf32>
  %3 = "tensor.softmax"(%0) {dim = 1 : i64} : (tensor<300x260xf32>) -> tensor<300x260xf32>
  %4 = "tensor.layer_norm"(%0, %g, %g) {normalized_dims = 1 : i64, eps = 1.0e-05 : f32} : (tensor<300x260xf32>, tensor<260xf32>, tensor<260xf32>) -> tensor<300x260xf32>
  %5 = "tensor.reduce_mean"(%4) {dims = array<i64: 0>} : (tensor<300x260xf32>) -> tensor<260xf32>
  %6 = "tensor.scatter_add"(%base, %idx, %0) {dim = 0 : i64} : (tensor<40x260xf32>, tensor<300xi64>, tensor<300x260xf32>) -> tensor<40x260xf32>
  %7 = "tensor.reduce_max"(%long) {dims = array<i64: 0>} : (tensor<2x150000xf32>) -> tensor<150000xf32>
  %8 = "tensor.gelu"(%7) : (tensor<150000xf32>) -> tensor<150000xf32>
  return %0, %1, %2, %3, %4, %5, %6, %8 : tensor<300x260xf32>, tensor<4x32x22x22xf32>, tensor<2xf32>, tensor<300x260xf32>, tensor<300x260xf32>, tensor<260xf32>, tensor<40x260xf32>, tensor<150000xf32>
}`

// Same input, same bits: twice in a row, and with 1, 2 or 3 workers
// (chunking never depends on the worker count; each output element is
// reduced in a fixed order).
func TestDeterminism(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	idx := make([]int64, 300)
	for i := range idx {
		idx[i] = int64(rng.IntN(40))
	}
	idxT, _ := interp.FromI64(interp.I64, []int64{300}, idx)
	args := []*interp.Tensor{randTensor(rng, 300, 200), randTensor(rng, 200, 260), randTensor(rng, 4, 16, 24, 24), randTensor(rng, 32, 16, 3, 3),
		randTensor(rng, 2, 150000), randTensor(rng, 260), idxT, randTensor(rng, 40, 260)}
	in := interp.New(parse(t, parallelProgram), kernels.NewRegistry())
	run := func(procs int) []*interp.Tensor {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		out, err := in.RunTensors("main", args...)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	ref := run(2)
	for _, procs := range []int{2, 1, 3} {
		got := run(procs)
		for i := range ref {
			if !interp.Equal(got[i], ref[i]) {
				t.Errorf("GOMAXPROCS=%d: result #%d differs from the first GOMAXPROCS=2 run", procs, i)
			}
		}
	}
}
