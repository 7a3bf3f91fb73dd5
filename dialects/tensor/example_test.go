package tensor_test

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// Build one MLP layer in Go, softmax(relu(x·W + b)), verify it and print it.
func Example() {
	ctx := ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, tensor.Dialect)
	f32 := ctx.F32()
	xT := ctx.Tensor([]int64{8, 784}, f32)
	wT := ctx.Tensor([]int64{784, 128}, f32)
	bT := ctx.Tensor([]int64{128}, f32)
	outT := ctx.Tensor([]int64{8, 128}, f32)

	module := builtin.NewModule(ctx, ir.Unknown)
	b := ir.NewBuilder(ctx)
	b.Loc = ir.FileLineCol("mlp.go", 1, 1)
	b.SetInsertionPointToEnd(builtin.ModuleBody(module))
	fn := &ir.OperationState{Name: "func.func", Attrs: []ir.NamedAttr{
		{Name: "sym_name", Value: ir.String("mlp")},
		{Name: "function_type", Value: &ir.TypeAttr{Value: ctx.Function([]ir.Type{xT, wT, bT}, []ir.Type{outT})}},
	}}
	body := fn.AddRegion()
	b.MustCreate(fn)
	entry := b.CreateBlock(body, []ir.Type{xT, wT, bT}, nil)
	x, w, bias := entry.Arg(0), entry.Arg(1), entry.Arg(2)

	h := tensor.MatMul(b, x, w)                                                    // [8, 128]
	hb := tensor.Add(b, h, tensor.Broadcast(b, bias, []int64{1}, []int64{8, 128})) // explicit broadcast
	y := tensor.Softmax(b, tensor.Relu(b, hb), 1)
	b.MustCreate(&ir.OperationState{Name: "func.return", Operands: []ir.Value{y}})

	if err := ir.Verify(module); err != nil {
		fmt.Println("invalid:", err)
		return
	}
	fmt.Println(asm.String(module, asm.PrintOptions{}))
	// Output:
	// module {
	//   func.func @mlp(%arg0: tensor<8x784xf32>, %arg1: tensor<784x128xf32>, %arg2: tensor<128xf32>) -> tensor<8x128xf32> {
	//     %0 = tensor.matmul %arg0, %arg1 : tensor<8x784xf32>, tensor<784x128xf32>
	//     %1 = tensor.broadcast %arg2 dims = [1] : tensor<128xf32> -> tensor<8x128xf32>
	//     %2 = tensor.add %0, %1 : tensor<8x128xf32>
	//     %3 = tensor.relu %2 : tensor<8x128xf32>
	//     %4 = tensor.softmax %3 dim = 1 : tensor<8x128xf32>
	//     return %4 : tensor<8x128xf32>
	//   }
	// }
}

// Builders never panic: an op whose result type cannot be inferred is
// still created, and the verifier reports why.
func Example_verifierError() {
	ctx := ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, tensor.Dialect)
	blk := ir.NewBlock([]ir.Type{ctx.Tensor([]int64{2, 3}, ctx.F32()), ctx.Tensor([]int64{4, 5}, ctx.F32())}, nil)
	(&ir.Region{}).PushBack(blk)
	b := ir.NewBuilder(ctx)
	b.Loc = ir.FileLineCol("model.go", 12, 3)
	b.SetInsertionPointToEnd(blk)
	tensor.MatMul(b, blk.Arg(0), blk.Arg(1))
	fmt.Println(ir.Verify(blk.First()))
	// Output:
	// model.go:12:3: error: 'tensor.matmul' op contraction dimensions differ: a has K = 3, b has K = 4
}

// Decompose a composite into core tensor ops.
func ExampleDecompose() {
	ctx := ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, tensor.Dialect)
	m, err := asm.ParseString(ctx, `func.func @f(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = tensor.softmax %x dim = -1 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}`, asm.ParseOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := tensor.Decompose(m, []string{"softmax"}); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(asm.String(m, asm.PrintOptions{}))
	// Output:
	// module {
	//   func.func @f(%arg0: tensor<2x3xf32>) -> tensor<2x3xf32> {
	//     %0 = tensor.reduce_max %arg0 dims = [1] keepdim = true : tensor<2x3xf32>
	//     %1 = tensor.broadcast %0 dims = [0, 1] : tensor<2x1xf32> -> tensor<2x3xf32>
	//     %2 = tensor.sub %arg0, %1 : tensor<2x3xf32>
	//     %3 = tensor.exp %2 : tensor<2x3xf32>
	//     %4 = tensor.reduce_sum %3 dims = [1] keepdim = true : tensor<2x3xf32>
	//     %5 = tensor.broadcast %4 dims = [0, 1] : tensor<2x1xf32> -> tensor<2x3xf32>
	//     %6 = tensor.div %3, %5 : tensor<2x3xf32>
	//     return %6 : tensor<2x3xf32>
	//   }
	// }
}
