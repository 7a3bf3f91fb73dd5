package sim_test

import (
	"fmt"

	"github.com/tt-compiler/tt/ptx"
	"github.com/tt-compiler/tt/ptx/sim"
)

const scaleSrc = `
.version 7.8
.target sm_80
.address_size 64
.visible .entry scale(.param .u64 x, .param .f32 a, .param .u32 n)
{
	.reg .pred %p<2>;
	.reg .b32 %r<5>;
	.reg .f32 %f<3>;
	.reg .b64 %rd<4>;
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %ntid.x;
	mov.u32 %r3, %tid.x;
	mad.lo.s32 %r4, %r1, %r2, %r3;
	ld.param.u32 %r1, [n];
	setp.ge.u32 %p1, %r4, %r1;
	@%p1 bra DONE;
	ld.param.u64 %rd1, [x];
	mul.wide.u32 %rd2, %r4, 4;
	add.s64 %rd3, %rd1, %rd2;
	ld.global.f32 %f1, [%rd3];
	ld.param.f32 %f2, [a];
	mul.rn.f32 %f1, %f1, %f2;
	st.global.f32 [%rd3], %f1;
DONE:
	ret;
}
`

// Load a module, launch a kernel over a buffer and read the buffer back.
func Example() {
	mod, err := ptx.ParseString("scale.ptx", scaleSrc)
	if err != nil {
		fmt.Println(err)
		return
	}
	prog, err := sim.Load(mod)
	if err != nil {
		fmt.Println(err)
		return
	}
	buf := prog.Mem.Alloc(5 * 4)
	if err := buf.Write([]float32{1, 2, 3, 4, 5}); err != nil {
		fmt.Println(err)
		return
	}
	err = prog.Launch("scale", sim.Launch{Grid: [3]int{2}, Block: [3]int{4},
		Args: []sim.Arg{sim.Ptr(buf), sim.F32(0.5), sim.U32(5)}})
	if err != nil {
		fmt.Println(err)
		return
	}
	out := make([]float32, 5)
	if err := buf.Read(out); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out)
	// Output: [0.5 1 1.5 2 2.5]
}
