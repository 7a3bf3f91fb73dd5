package sim

import (
	"testing"

	"github.com/tt-compiler/tt/ptx"
)

func TestModuleVariables(t *testing.T) {
	p := loadFile(t, "misc.ptx")
	n := 128 // two CTAs of 64 threads, which write the same 64 elements
	out := p.Mem.Alloc(4 * 64)
	launch(t, p, "globals", [3]int{2}, [3]int{64}, Ptr(out))
	got := readF32(t, out)
	coef := []float32{1, 2, 3, 4}
	for i := 0; i < 64; i++ {
		if want := coef[i%4] * float32(i); got[i] != want {
			t.Fatalf("out[%d] = %v; want %v", i, got[i], want)
		}
	}
	c, ok := p.Global("counter")
	if !ok {
		t.Fatal("no global counter")
	}
	if v := readI32(t, c)[0]; v != 7+int32(n) {
		t.Fatalf("counter = %d, want %d", v, 7+n)
	}
}

func TestDynamicSharedGeneric(t *testing.T) {
	p := loadFile(t, "misc.ptx")
	n := 96
	out := p.Mem.Alloc(4 * n)
	if err := p.Launch("dynsmem", Launch{Block: [3]int{n}, SharedBytes: 4 * n, RaceCheck: true,
		Args: []Arg{Ptr(out)}}); err != nil {
		t.Fatal(err)
	}
	got := readI32(t, out)
	for i := range got {
		if want := int32(2 * (n - 1 - i)); got[i] != want {
			t.Fatalf("out[%d] = %d, want %d", i, got[i], want)
		}
	}
	// Too little dynamic shared memory is an out-of-bounds access.
	err := p.Launch("dynsmem", Launch{Block: [3]int{n}, SharedBytes: 4 * (n - 1), Args: []Arg{Ptr(out)}})
	if e, ok := err.(*Error); !ok || e.Kind != ErrOutOfBounds {
		t.Fatalf("got %v, want an out-of-bounds error", err)
	}
}

func TestLocalMemoryAndRegisterCall(t *testing.T) {
	p := loadFile(t, "misc.ptx")
	n := 40
	out := p.Mem.Alloc(4 * n)
	launch(t, p, "localmem", [3]int{1}, [3]int{n}, Ptr(out))
	got := readI32(t, out)
	for i := range got {
		if want := int32(28*i + 1); got[i] != want {
			t.Fatalf("out[%d] = %d, want %d", i, got[i], want)
		}
	}
}

func TestSharedAtomicsAndBankConflicts(t *testing.T) {
	p := loadFile(t, "misc.ptx")
	out := p.Mem.Alloc(16)
	st := launch(t, p, "shared_atomics", [3]int{1}, [3]int{64}, Ptr(out))
	got := readI32(t, out)
	for j := 0; j < 4; j++ {
		want := int32(0)
		for i := j; i < 64; i += 4 {
			want += int32(i)
		}
		if got[j] != want {
			t.Fatalf("bins[%d] = %d, want %d", j, got[j], want)
		}
	}
	// The column read is a 32-way conflict in both warps.
	if st.SharedConflicts < 2 || st.SharedWavefronts < 64 {
		t.Errorf("bank conflicts: %d conflicted accesses, %d wavefronts", st.SharedConflicts, st.SharedWavefronts)
	}
	if st.Atomics != 64 {
		t.Errorf("atomics = %d, want 64", st.Atomics)
	}
}

func TestMmaKernel(t *testing.T) {
	p := loadFile(t, "misc.ptx")
	lay, err := mmaLayoutFor(MmaShape{16, 8, 16}, TF16)
	if err != nil {
		t.Fatal(err)
	}
	var A [16][16]float64
	var B [16][8]float64
	for i := range A {
		for k := range A[i] {
			A[i][k] = float64((i*7+k*3)%11) - 5
		}
	}
	for k := range B {
		for j := range B[k] {
			B[k][j] = float64((k*5+j)%9)/4 - 1
		}
	}
	fa := make([]uint32, 32*4)
	fb := make([]uint32, 32*2)
	fc := make([]float32, 32*4)
	for lane := 0; lane < 32; lane++ {
		g, tig := lane>>2, lane&3
		for i := 0; i < 8; i++ {
			r, c := lay.aCoord(g, tig, i)
			fa[lane*4+i/2] |= uint32(fromF64(TF16, A[r][c], RN)) << (16 * uint(i%2))
		}
		for i := 0; i < 4; i++ {
			r, c := lay.bCoord(g, tig, i)
			fb[lane*2+i/2] |= uint32(fromF64(TF16, B[r][c], RN)) << (16 * uint(i%2))
		}
		for i := 0; i < 4; i++ {
			r, c := cCoord(g, tig, i)
			fc[lane*4+i] = float32(r - c)
		}
	}
	ba, bb, bc, bd := p.Mem.Alloc(4*len(fa)), p.Mem.Alloc(4*len(fb)), f32Buf(p, fc), p.Mem.Alloc(4*len(fc))
	if err := ba.Write(fa); err != nil {
		t.Fatal(err)
	}
	if err := bb.Write(fb); err != nil {
		t.Fatal(err)
	}
	launch(t, p, "mma_f16", [3]int{1}, [3]int{32}, Ptr(ba), Ptr(bb), Ptr(bc), Ptr(bd))
	got := readF32(t, bd)
	for lane := 0; lane < 32; lane++ {
		for i := 0; i < 4; i++ {
			r, c := cCoord(lane>>2, lane&3, i)
			want := float64(r - c)
			for k := 0; k < 16; k++ {
				want += A[r][k] * B[k][c]
			}
			if float64(got[lane*4+i]) != want {
				t.Fatalf("D[%d][%d] = %v, want %v", r, c, got[lane*4+i], want)
			}
		}
	}
}

func TestLdmatrix(t *testing.T) {
	p := loadFile(t, "misc.ptx")
	in := make([]uint16, 256) // four 8x8 matrices, row-major
	for i := range in {
		in[i] = uint16(i)
	}
	bin, bout := p.Mem.Alloc(512), p.Mem.Alloc(32*24)
	if err := bin.Write(in); err != nil {
		t.Fatal(err)
	}
	launch(t, p, "ldmatrix_x4", [3]int{1}, [3]int{32}, Ptr(bin), Ptr(bout))
	got := make([]uint32, 32*6)
	if err := bout.Read(got); err != nil {
		t.Fatal(err)
	}
	elem := func(j, r, c int) uint32 { return uint32(in[j*64+r*8+c]) }
	for l := 0; l < 32; l++ {
		r, c := l/4, 2*(l%4)
		for j := 0; j < 4; j++ {
			if want := elem(j, r, c) | elem(j, r, c+1)<<16; got[l*6+j] != want {
				t.Fatalf("lane %d matrix %d = %#x, want %#x", l, j, got[l*6+j], want)
			}
		}
		for j := 0; j < 2; j++ {
			if want := elem(j, c, r) | elem(j, c+1, r)<<16; got[l*6+4+j] != want {
				t.Fatalf("lane %d transposed matrix %d = %#x, want %#x", l, j, got[l*6+4+j], want)
			}
		}
	}
}

func TestBarrierReductions(t *testing.T) {
	p := loadFile(t, "misc.ptx")
	n := 100
	out := p.Mem.Alloc(12 * n)
	launch(t, p, "barred", [3]int{1}, [3]int{n}, Ptr(out))
	got := readI32(t, out)
	for i := 0; i < n; i++ {
		if got[3*i] != 34 || got[3*i+1] != 1 || got[3*i+2] != 1 {
			t.Fatalf("thread %d: %v, want [34 1 1]", i, got[3*i:3*i+3])
		}
	}
}

func TestMmaF16Accumulators(t *testing.T) {
	var a [32][4]uint32
	var b [32][2]uint32
	var c32 [32][4]uint32
	var c16 [32][2]uint32
	h := func(v float64) uint32 { return uint32(fromF64(TF16, v, RN)) }
	for l := 0; l < 32; l++ {
		for i := 0; i < 4; i++ {
			a[l][i] = h(float64(l%5)-2) | h(float64(i)-1)<<16
			c32[l][i] = uint32(f32Bits(float32(l - i)))
		}
		b[l] = [2]uint32{h(0.5) | h(float64(l%3))<<16, h(-1) | h(2)<<16}
		c16[l] = [2]uint32{h(float64(l)) | h(float64(l-1))<<16, h(float64(l-2)) | h(float64(l-3))<<16}
	}
	d32, err := Mma(MmaShape{16, 8, 16}, TF16, a, b, c32)
	if err != nil {
		t.Fatal(err)
	}
	d16, err := MmaF16(MmaShape{16, 8, 16}, TF16, a, b, c16)
	if err != nil {
		t.Fatal(err)
	}
	// The inputs make every sum a small integer: the f16 result is the
	// f32 one.
	for l := 0; l < 32; l++ {
		for i := 0; i < 4; i++ {
			got := toF64(TF16, uint64(d16[l][i/2]>>(16*uint(i%2))&0xffff))
			want := float64(f32of(uint64(d32[l][i])))
			if got != want {
				t.Fatalf("lane %d element %d: f16 accumulator %v, f32 %v", l, i, got, want)
			}
		}
	}
}

// TestPackedHalfCompare runs setp.f16x2, whose two predicates compare the
// low and the high halves.
func TestPackedHalfCompare(t *testing.T) {
	src := `.version 7.8
.target sm_80
.address_size 64
.visible .entry k(.param .u64 o)
{
	.reg .pred %p<3>;
	.reg .b32 %r<6>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [o];
	mov.b32 %r1, 0x3c004000;
	mov.b32 %r2, 0x40003c00;
	setp.lt.f16x2 %p1|%p2, %r1, %r2;
	selp.u32 %r3, 1, 0, %p1;
	selp.u32 %r4, 1, 0, %p2;
	st.global.v2.u32 [%rd1], {%r3, %r4};
	ret;
}
`
	mod, err := ptx.ParseString("h.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	out := p.Mem.Alloc(8)
	launch(t, p, "k", [3]int{1}, [3]int{1}, Ptr(out))
	// low halves: 2.0 < 1.0 is false; high halves: 1.0 < 2.0 is true.
	if got := readI32(t, out); got[0] != 0 || got[1] != 1 {
		t.Fatalf("setp.lt.f16x2 = %v, want [0 1]", got)
	}
}

// TestShuffleSegments checks shfl.sync up/down/idx/bfly with the c
// operands CUDA's __shfl*_sync(mask, v, x, width=8) use against CUDA's
// documented results: segments of 8 lanes; a source beyond the lane's
// segment leaves the value unchanged (up/down/idx stay in the segment;
// bfly may read an earlier segment).
func TestShuffleSegments(t *testing.T) {
	src := `.version 7.8
.target sm_80
.address_size 64
.visible .entry k(.param .u64 o)
{
	.reg .pred %p<5>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [o];
	mov.u32 %r1, %laneid;
	mul.lo.u32 %r2, %r1, 10;
	shfl.sync.idx.b32 %r3|%p1, %r2, 5, 0x181f, -1;
	shfl.sync.up.b32 %r4|%p2, %r2, 3, 0x1800, -1;
	shfl.sync.down.b32 %r5|%p3, %r2, 3, 0x181f, -1;
	shfl.sync.bfly.b32 %r6|%p4, %r2, 9, 0x181f, -1;
	selp.u32 %r7, 1, 0, %p2;
	selp.u32 %r8, 1, 0, %p3;
	mul.wide.u32 %rd2, %r1, 24;
	add.s64 %rd3, %rd1, %rd2;
	st.global.v2.u32 [%rd3], {%r3, %r4};
	st.global.v2.u32 [%rd3+8], {%r5, %r6};
	st.global.v2.u32 [%rd3+16], {%r7, %r8};
	ret;
}
`
	mod, err := ptx.ParseString("s.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	out := p.Mem.Alloc(32 * 24)
	launch(t, p, "k", [3]int{1}, [3]int{32}, Ptr(out))
	got := readI32(t, out)
	for l := 0; l < 32; l++ {
		seg := l &^ 7
		v := func(j int) int32 { return int32(10 * j) }
		idx := v(seg + 5%8)
		up, upOK := v(l), int32(0)
		if l-seg >= 3 {
			up, upOK = v(l-3), 1
		}
		down, downOK := v(l), int32(0)
		if l-seg+3 < 8 {
			down, downOK = v(l+3), 1
		}
		// CUDA: with a width, lanes may read from earlier groups but
		// reading from a later group returns their own value.
		bfly := v(l)
		if j := l ^ 9; j <= seg|7 {
			bfly = v(j)
		}
		want := []int32{idx, up, down, bfly, upOK, downOK}
		for k, w := range want {
			if got[6*l+k] != w {
				t.Errorf("lane %d result %d = %d, want %d", l, k, got[6*l+k], w)
			}
		}
	}
}

// TestWarpAndAtomicOps runs redux.sync, match.sync, activemask,
// vote.sync.uni and the atom operations (cas, exch, inc, dec, min, max,
// and, or, xor, red) on one warp whose upper 8 lanes exit first.
func TestWarpAndAtomicOps(t *testing.T) {
	src := `.version 7.8
.target sm_80
.address_size 64
.visible .entry k(.param .u64 o, .param .u64 g)
{
	.reg .pred %p<6>;
	.reg .b32 %r<24>;
	.reg .b64 %rd<8>;
	ld.param.u64 %rd1, [o];
	ld.param.u64 %rd2, [g];
	mov.u32 %r1, %laneid;
	setp.ge.u32 %p1, %r1, 24;
	@%p1 exit;
	and.b32 %r2, %r1, 3;
	redux.sync.add.u32 %r3, %r1, 0xffffff;
	redux.sync.max.s32 %r4, %r1, 0xffffff;
	match.any.sync.b32 %r5, %r2, 0xffffff;
	activemask.b32 %r6;
	setp.lt.u32 %p2, %r1, 100;
	vote.sync.uni.pred %p3, %p2, 0xffffff;
	selp.u32 %r7, 1, 0, %p3;
	atom.global.add.u32 %r8, [%rd2], 1;
	atom.global.inc.u32 %r9, [%rd2+4], 9;
	atom.global.dec.u32 %r10, [%rd2+8], 100;
	atom.global.max.s32 %r11, [%rd2+12], %r1;
	atom.global.min.u32 %r12, [%rd2+16], %r1;
	shl.b32 %r13, 1, %r1;
	atom.global.or.b32 %r14, [%rd2+20], %r13;
	atom.global.xor.b32 %r15, [%rd2+24], %r13;
	atom.global.exch.b32 %r16, [%rd2+28], %r1;
	atom.global.cas.b32 %r17, [%rd2+32], %r1, 1000;
	red.global.add.u32 [%rd2+36], %r1;
	mul.wide.u32 %rd3, %r1, 16;
	add.s64 %rd4, %rd1, %rd3;
	add.s32 %r18, %r6, %r7;
	st.global.v4.u32 [%rd4], {%r3, %r4, %r5, %r18};
	ret;
}
`
	mod, err := ptx.ParseString("w.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	out, g := p.Mem.Alloc(32*16), p.Mem.Alloc(40)
	if err := g.Write([]uint32{0, 0, 5, 0, 1 << 30, 0, 0xff, 7, 3, 0}); err != nil {
		t.Fatal(err)
	}
	launch(t, p, "k", [3]int{1}, [3]int{32}, Ptr(out), Ptr(g))
	got := make([]uint32, 32*4)
	if err := out.Read(got); err != nil {
		t.Fatal(err)
	}
	for l := 0; l < 24; l++ {
		var same uint32
		for k := 0; k < 24; k++ {
			if k&3 == l&3 {
				same |= 1 << uint(k)
			}
		}
		// 0+1+...+23 = 276; the active mask (24 lanes) plus the uniform
		// vote (1).
		want := []uint32{276, 23, same, 0xffffff + 1}
		for k, w := range want {
			if got[4*l+k] != w {
				t.Errorf("lane %d word %d = %#x, want %#x", l, k, got[4*l+k], w)
			}
		}
	}
	gv := make([]uint32, 10)
	if err := g.Read(gv); err != nil {
		t.Fatal(err)
	}
	// inc wraps at 9 (24 increments from 0: 24 mod 10 = 4); dec from 5
	// wraps to 100 after 0 (5,4,...,0,100,99,...: 24 steps end at 82);
	// the xor of bits 0..23 is 0xff ^ 0xffffff; exch leaves the last
	// lane's value; cas succeeds only for lane 3.
	want := []uint32{24, 4, 82, 23, 0, 0xffffff, 0xff ^ 0xffffff, 23, 1000, 276}
	for i := range want {
		if gv[i] != want[i] {
			t.Errorf("g[%d] = %d (%#x), want %d", i, gv[i], gv[i], want[i])
		}
	}
}

// TestCpAsync copies global memory into shared memory with cp.async
// (16 bytes per thread, and 8 of 16 with a source size that zero-fills).
func TestCpAsync(t *testing.T) {
	src := `.version 7.8
.target sm_80
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out)
{
	.shared .align 16 .b8 buf[1024];
	.reg .b32 %r<8>;
	.reg .b64 %rd<10>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 16;
	add.s64 %rd4, %rd1, %rd3;
	mov.u64 %rd5, buf;
	add.s64 %rd6, %rd5, %rd3;
	cp.async.cg.shared.global [%rd6], [%rd4], 16;
	cp.async.ca.shared.global [%rd6+512], [%rd4], 16, 8;
	cp.async.commit_group;
	cp.async.wait_all;
	bar.sync 0;
	ld.shared.v4.u32 {%r2, %r3, %r4, %r5}, [%rd6];
	add.s64 %rd7, %rd2, %rd3;
	st.global.v4.u32 [%rd7], {%r2, %r3, %r4, %r5};
	ld.shared.v4.u32 {%r2, %r3, %r4, %r5}, [%rd6+512];
	add.s64 %rd8, %rd7, 512;
	st.global.v4.u32 [%rd8], {%r2, %r3, %r4, %r5};
	ret;
}
`
	mod, err := ptx.ParseString("c.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	in := make([]int32, 128)
	for i := range in {
		in[i] = int32(i + 1)
	}
	bin, bout := i32Buf(p, in), p.Mem.Alloc(1024)
	launch(t, p, "k", [3]int{1}, [3]int{32}, Ptr(bin), Ptr(bout))
	got := readI32(t, bout)
	for i := 0; i < 128; i++ {
		if got[i] != in[i] {
			t.Fatalf("full copy [%d] = %d, want %d", i, got[i], in[i])
		}
		want := in[i]
		if i%4 >= 2 { // the upper 8 of each 16 bytes are zero-filled
			want = 0
		}
		if got[128+i] != want {
			t.Fatalf("partial copy [%d] = %d, want %d", i, got[128+i], want)
		}
	}
}

// TestFastPathsMatchSemantics runs the instructions with fast paths
// (shifts, integer compares, adds, multiplies) over many values and
// compares them with the generic per-lane semantics.
func TestFastPathsMatchSemantics(t *testing.T) {
	src := `.version 7.8
.target sm_80
.address_size 64
.visible .entry k(.param .u64 in, .param .u64 out)
{
	.reg .pred %p<5>;
	.reg .b32 %r<16>;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [in];
	ld.param.u64 %rd2, [out];
	mov.u32 %r1, %tid.x;
	mul.wide.u32 %rd3, %r1, 8;
	add.s64 %rd4, %rd1, %rd3;
	ld.global.v2.u32 {%r2, %r3}, [%rd4];
	shr.s32 %r4, %r2, %r3;
	shr.u32 %r5, %r2, %r3;
	shl.b32 %r6, %r2, %r3;
	setp.lo.s32 %p1, %r2, %r3;
	setp.gt.s32 %p2, %r2, %r3;
	selp.u32 %r7, 1, 0, %p1;
	selp.u32 %r8, 2, 0, %p2;
	or.b32 %r7, %r7, %r8;
	mad.lo.s32 %r9, %r2, %r3, %r2;
	mul.wide.s32 %rd5, %r2, %r3;
	cvt.s64.s32 %rd6, %r2;
	setp.ge.u64 %p3, %rd5, %rd6;
	selp.u32 %r10, 4, 0, %p3;
	or.b32 %r7, %r7, %r10;
	mul.lo.s32 %r11, %r1, 32;
	mul.wide.u32 %rd7, %r11, 1;
	add.s64 %rd8, %rd2, %rd7;
	st.global.v4.u32 [%rd8], {%r4, %r5, %r6, %r7};
	st.global.u32 [%rd8+16], %r9;
	ret;
}
`
	mod, err := ptx.ParseString("f.ptx", src)
	if err != nil {
		t.Fatal(err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatal(err)
	}
	n := 256
	in := make([]int32, 2*n)
	for i := 0; i < n; i++ {
		in[2*i] = int32(uint32(i) * 0x9E3779B9)
		in[2*i+1] = int32(i % 90)
		if i%5 == 0 {
			in[2*i+1] = -int32(i)
		}
	}
	bin, bout := i32Buf(p, in), p.Mem.Alloc(32*n)
	launch(t, p, "k", [3]int{1}, [3]int{n}, Ptr(bin), Ptr(bout))
	got := readI32(t, bout)
	for i := 0; i < n; i++ {
		x, y := uint64(uint32(in[2*i])), uint64(uint32(in[2*i+1]))
		flags := uint32(0)
		if Compare(CmpLO, TS32, x, y) {
			flags |= 1
		}
		if Compare(CmpGT, TS32, x, y) {
			flags |= 2
		}
		wide := MulWide(TS32, x, y)
		if Compare(CmpGE, TU64, wide, Cvt(TS64, TS32, x, CvtMode{})) {
			flags |= 4
		}
		want := []uint32{uint32(Shr(TS32, x, y)), uint32(Shr(TU32, x, y)), uint32(Shl(TB32, x, y)), flags,
			uint32(x*y + x)}
		for k, w := range want {
			if uint32(got[8*i+k]) != w {
				t.Errorf("x=%#x y=%d: result %d = %#x, want %#x", x, int32(y), k, uint32(got[8*i+k]), w)
			}
		}
	}
}
