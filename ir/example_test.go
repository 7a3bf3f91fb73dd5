package ir_test

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// Build a function with the Builder, verify it and print it.
func Example() {
	ctx := builtin.NewContext()
	ctx.AllowUnregistered = true // "demo.square" is not a registered op
	f32 := ctx.F32()

	module := builtin.NewModule(ctx, ir.Unknown)
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(builtin.ModuleBody(module))

	fn := &ir.OperationState{Name: "func.func", Attrs: []ir.NamedAttr{
		{Name: "sym_name", Value: ir.String("square")},
		{Name: "function_type", Value: &ir.TypeAttr{Value: ctx.Function([]ir.Type{f32}, []ir.Type{f32})}},
	}}
	body := fn.AddRegion()
	b.MustCreate(fn)
	entry := b.CreateBlock(body, []ir.Type{f32}, nil)
	sq := b.MustCreate(&ir.OperationState{Name: "demo.square", Operands: []ir.Value{entry.Arg(0)}, ResultTypes: []ir.Type{f32}})
	b.MustCreate(&ir.OperationState{Name: "func.return", Operands: []ir.Value{sq.Result(0)}})

	if err := ir.Verify(module); err != nil {
		fmt.Println("invalid:", err)
		return
	}
	fmt.Println(asm.String(module, asm.PrintOptions{}))
	// Output:
	// module {
	//   func.func @square(%arg0: f32) -> f32 {
	//     %0 = "demo.square"(%arg0) : (f32) -> f32
	//     return %0 : f32
	//   }
	// }
}

// Verification errors are located diagnostics.
func ExampleVerify() {
	ctx := builtin.NewContext()
	m, err := asm.ParseString(ctx, "func.func @f(%a: f32) -> i32 {\n  return %a : f32\n}", asm.ParseOptions{Filename: "bad.mlir"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ir.Verify(m))
	// Output:
	// bad.mlir:2:3: error: type of return operand 0 ('f32') doesn't match function result type ('i32') in function @f
}
