package decomptest_test

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
)

// Build an MLP layer, softmax(relu(x·W + b)), with the tensor builders, run
// it in the interpreter, then decompose it and run it again.
func Example() {
	ctx := ir.NewContext().MustLoadDialect(builtin.Dialect, function.Dialect, tensor.Dialect)
	f32 := ctx.F32()
	xT, wT, bT := ctx.Tensor([]int64{2, 3}, f32), ctx.Tensor([]int64{3, 2}, f32), ctx.Tensor([]int64{2}, f32)
	outT := ctx.Tensor([]int64{2, 2}, f32)

	module := builtin.NewModule(ctx, ir.Unknown)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(module))
	fn := &ir.OperationState{Name: "func.func", Attrs: []ir.NamedAttr{
		{Name: "sym_name", Value: ir.String("mlp")},
		{Name: "function_type", Value: &ir.TypeAttr{Value: ctx.Function([]ir.Type{xT, wT, bT}, []ir.Type{outT})}},
	}}
	body := fn.AddRegion()
	b.MustCreate(fn)
	entry := b.CreateBlock(body, []ir.Type{xT, wT, bT}, nil)
	h := tensor.Add(b, tensor.MatMul(b, entry.Arg(0), entry.Arg(1)), tensor.Broadcast(b, entry.Arg(2), []int64{1}, []int64{2, 2}))
	y := tensor.Softmax(b, tensor.Relu(b, h), 1)
	b.MustCreate(&ir.OperationState{Name: "func.return", Operands: []ir.Value{y}})
	if err := ir.Verify(module); err != nil {
		fmt.Println(err)
		return
	}

	x, _ := interp.FromF32([]int64{2, 3}, []float32{1, 2, 3, -1, 0, 1})
	w, _ := interp.FromF32([]int64{3, 2}, []float32{0.5, -0.5, 0.25, 0, 0, 1})
	bias, _ := interp.FromF32([]int64{2}, []float32{0, 0.5})
	for _, decompose := range []bool{false, true} {
		if decompose {
			if err := tensor.Decompose(module, nil); err != nil {
				fmt.Println(err)
				return
			}
		}
		out, err := interp.New(module, kernels.NewRegistry()).RunTensors("mlp", x, w, bias)
		if err != nil {
			fmt.Println(err)
			return
		}
		v := out[0].F32()
		fmt.Printf("decomposed=%v: [[%.4f %.4f] [%.4f %.4f]]\n", decompose, v[0], v[1], v[2], v[3])
	}
	// Output:
	// decomposed=false: [[0.1192 0.8808] [0.1192 0.8808]]
	// decomposed=true: [[0.1192 0.8808] [0.1192 0.8808]]
}
