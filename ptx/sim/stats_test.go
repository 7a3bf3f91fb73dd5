package sim

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt/ptx"
)

func TestOccupancy(t *testing.T) {
	sm80, sm90 := smGenerations[0], smGenerations[1]
	for _, c := range []struct {
		g                     smLimits
		regs, threads, shared int
		ctas, warps           int
		limiter               string
	}{
		{sm80, 32, 256, 0, 8, 64, "threads"},
		{sm80, 128, 256, 0, 2, 16, "registers"},
		{sm80, 40, 256, 0, 6, 48, "registers"}, // 40 regs: 1280 -> 1280 per warp, 51 warps, 6 CTAs
		{sm80, 16, 32, 0, 32, 32, "CTAs"},
		{sm80, 32, 256, 48 * 1024, 3, 24, "shared memory"},
		{sm90, 32, 256, 48 * 1024, 4, 32, "shared memory"},
		{sm90, 32, 1024, 0, 2, 64, "threads"},
	} {
		o := estimateOccupancy(c.g, c.regs, c.threads, c.shared)
		if o.CTAsPerSM != c.ctas || o.WarpsPerSM != c.warps || o.Limiter != c.limiter {
			t.Errorf("%s regs=%d threads=%d shared=%d: got %d CTAs, %d warps, limited by %s; want %d, %d, %s",
				c.g.arch, c.regs, c.threads, c.shared, o.CTAsPerSM, o.WarpsPerSM, o.Limiter, c.ctas, c.warps, c.limiter)
		}
	}
}

func TestStatsReport(t *testing.T) {
	p := loadFile(t, "kernels.sm_80.ptx")
	n := 1024
	x := make([]float32, n)
	bx, by := f32Buf(p, x), f32Buf(p, x)
	sx := launch(t, p, "saxpy", [3]int{n / 256}, [3]int{256}, F32(1), Ptr(bx), Ptr(by), S32(int32(n)))
	// Coalesced f32 accesses: 4 sectors of 32 bytes per warp access.
	if sx.GlobalAccesses != 3*int64(n/32) || sx.GlobalSectors*32 != sx.GlobalBytes {
		t.Errorf("saxpy global: %d accesses, %d bytes in %d sectors, want fully coalesced", sx.GlobalAccesses, sx.GlobalBytes, sx.GlobalSectors)
	}
	var sb strings.Builder
	sx.Print(&sb)
	if !strings.Contains(sb.String(), "100.0% efficiency") {
		t.Errorf("saxpy report lacks full coalescing:\n%s", sb.String())
	}
	bin, bout := f32Buf(p, x), p.Mem.Alloc(4*n/256)
	st := launch(t, p, "block_sum", [3]int{n / 256}, [3]int{256}, Ptr(bin), Ptr(bout), S32(int32(n)))
	if st.Kernel.SharedPerCTA != 1024 || st.Kernel.RegsPerThread == 0 {
		t.Errorf("kernel info %+v", st.Kernel)
	}
	sb.Reset()
	st.Print(&sb)
	out := sb.String()
	for _, want := range []string{"kernel block_sum: 4 CTAs of 256 threads", "ld", "bar.sync",
		"global memory:", "shared memory:", "branches:", "occupancy sm_80:", "occupancy sm_90:"} {
		if !strings.Contains(out, want) {
			t.Errorf("report lacks %q:\n%s", want, out)
		}
	}
	if st.CTAs != 4 || st.TotalThreadInsts() == 0 || st.TotalWarpInsts()*32 < st.TotalThreadInsts() {
		t.Errorf("counts: %d CTAs, %d thread, %d warp instructions", st.CTAs, st.TotalThreadInsts(), st.TotalWarpInsts())
	}
}

// TestVectorCoalescing checks the statistics of 16-byte vector accesses:
// a warp's ld/st.global.v4.f32 over 512 contiguous bytes is one access
// of 16 sectors, all used (what loops-to-gpu's vectorized pointwise
// kernels do), and the values move through intact.
func TestVectorCoalescing(t *testing.T) {
	const src = `.version 7.8
.target sm_80
.address_size 64
.visible .entry copy4(.param .u64 in, .param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<6>;
	.reg .f32 %f<5>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %tid.x;
	mad.lo.s32 %r1, %r1, 256, %r2;
	mul.wide.u32 %rd3, %r1, 16;
	add.s64 %rd4, %rd1, %rd3;
	add.s64 %rd5, %rd2, %rd3;
	ld.global.v4.f32 {%f1, %f2, %f3, %f4}, [%rd4];
	st.global.v4.f32 [%rd5], {%f4, %f3, %f2, %f1};
	ret;
}
`
	mod, err := ptx.ParseString("v4.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	const n = 4096
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(i)
	}
	bin, bout := f32Buf(p, x), p.Mem.Alloc(4*n)
	st := launch(t, p, "copy4", [3]int{n / 4 / 256}, [3]int{256}, Ptr(bin), Ptr(bout))
	warps := int64(n / 4 / 32)
	if st.GlobalAccesses != 2*warps || st.GlobalBytes != 2*4*n || st.GlobalSectors != 2*warps*16 {
		t.Errorf("v4 stream: %d accesses, %d bytes in %d sectors; want %d, %d, %d",
			st.GlobalAccesses, st.GlobalBytes, st.GlobalSectors, 2*warps, 2*4*n, 2*warps*16)
	}
	var sb strings.Builder
	st.Print(&sb)
	if !strings.Contains(sb.String(), "100.0% efficiency") {
		t.Errorf("v4 report lacks full coalescing:\n%s", sb.String())
	}
	got := make([]float32, n)
	if err := bout.Read(got); err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if want := x[i^3]; got[i] != want {
			t.Fatalf("out[%d] = %g, want %g", i, got[i], want)
		}
	}
}
