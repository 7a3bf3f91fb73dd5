package ptx_test

import (
	"fmt"

	"github.com/tt-compiler/tt/ptx"
)

// Parse a kernel, verify it against the ISA table, inspect an
// instruction and print the module back.
func Example() {
	src := `.version 7.8
.target sm_80
.address_size 64

.visible .entry scale(.param .u64 scale_param_0, .param .f32 scale_param_1)
{
	.reg .b32 %r<2>;
	.reg .f32 %f<3>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [scale_param_0];
	ld.param.f32 %f1, [scale_param_1];
	cvta.to.global.u64 %rd2, %rd1;
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 4;
	add.s64 %rd2, %rd2, %rd3;
	ld.global.f32 %f2, [%rd2];
	mul.rn.f32 %f2, %f2, %f1;
	st.global.f32 [%rd2], %f2;
	ret;
}
`
	m, err := ptx.ParseString("scale.ptx", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := ptx.Verify(m, nil); err != nil {
		fmt.Println(err)
		return
	}
	k := m.Decls[0].(*ptx.Function)
	mul := k.Insts[4]
	fmt.Println(mul.Op, mul.Types, "destination register", k.Regs[mul.Operands[0].Reg].Name, k.Regs[mul.Operands[0].Reg].Type)
	fmt.Print(m)

	// A type error is reported at the offending operand.
	bad, _ := ptx.ParseString("bad.ptx", ".version 7.8\n.target sm_80\n.entry k()\n{\n\t.reg .f32 %f1;\n\tadd.s32 %f1, %f1, 1;\n}\n")
	fmt.Println(ptx.Verify(bad, nil))
	// Output:
	// mul [u32] destination register %rd3 b64
	// .version 7.8
	// .target sm_80
	// .address_size 64
	//
	// .visible .entry scale(
	// 	.param .u64 scale_param_0,
	// 	.param .f32 scale_param_1
	// )
	// {
	// 	.reg .b32 %r<2>;
	// 	.reg .f32 %f<3>;
	// 	.reg .b64 %rd<4>;
	// 	ld.param.u64	%rd1, [scale_param_0];
	// 	ld.param.f32	%f1, [scale_param_1];
	// 	cvta.to.global.u64	%rd2, %rd1;
	// 	mov.u32	%r1, %tid.x;
	// 	mul.wide.u32	%rd3, %r1, 4;
	// 	add.s64	%rd2, %rd2, %rd3;
	// 	ld.global.f32	%f2, [%rd2];
	// 	mul.rn.f32	%f2, %f2, %f1;
	// 	st.global.f32	[%rd2], %f2;
	// 	ret;
	// }
	// bad.ptx:6:10: error: register '%f1' of type .f32 does not match the .s32 operand of add.s32
	// bad.ptx:6:15: error: register '%f1' of type .f32 does not match the .s32 operand of add.s32
}
