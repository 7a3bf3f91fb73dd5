package interp_test

import (
	"fmt"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/interp/kernels"
)

// Parse a module, run one of its functions on tensors, print the result.
func Example() {
	module, err := interptest.Parse(`
func.func @affine(%x: tensor<2x3xf32>, %w: tensor<3x2xf32>, %b: tensor<2xf32>) -> tensor<2x2xf32> {
  %0 = "tensor.matmul"(%x, %w) : (tensor<2x3xf32>, tensor<3x2xf32>) -> tensor<2x2xf32>
  %1 = "tensor.broadcast"(%b) {dims = array<i64: 1>} : (tensor<2xf32>) -> tensor<2x2xf32>
  %2 = "tensor.add"(%0, %1) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
  return %2 : tensor<2x2xf32>
}`)
	if err != nil {
		fmt.Println(err)
		return
	}
	in := interp.New(module, kernels.NewRegistry())
	x, _ := interp.FromF32([]int64{2, 3}, []float32{1, 2, 3, 4, 5, 6})
	w, _ := interp.FromF32([]int64{3, 2}, []float32{1, 0, 0, 1, 1, 1})
	b, _ := interp.FromF32([]int64{2}, []float32{0.5, -0.5})
	out, err := in.RunTensors("affine", x, w, b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out[0])

	// Run-time shape errors are located at the op.
	_, err = in.RunTensors("affine", x, x, b)
	fmt.Println(err)
	// Output:
	// tensor<2x2xf32> [4.5, 4.5, 10.5, 10.5]
	// test.mlir:2:1: error: func.func: argument #1 of @affine: expected a value of type tensor<3x2xf32>, got tensor<2x3xf32> (dimension 0 is 2, not 3)
}
