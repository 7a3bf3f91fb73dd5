package sim

import (
	"testing"
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
