package sim

import (
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/tt-compiler/tt/numerics"
	"github.com/tt-compiler/tt/ptx"
)

// loadFile parses and loads a PTX file of testdata.
func loadFile(t testing.TB, name string) *Program {
	t.Helper()
	path := filepath.Join("testdata", name)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mod, err := ptx.Parse(path, src)
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	p, err := Load(mod)
	if err != nil {
		t.Fatalf("load %s: %v", name, err)
	}
	return p
}

var clangTargets = []string{"kernels.sm_70.ptx", "kernels.sm_80.ptx", "kernels.sm_90.ptx"}

func f32Buf(p *Program, xs []float32) *Buffer {
	b := p.Mem.Alloc(4 * len(xs))
	if err := b.Write(xs); err != nil {
		panic(err)
	}
	return b
}

func i32Buf(p *Program, xs []int32) *Buffer {
	b := p.Mem.Alloc(4 * len(xs))
	if err := b.Write(xs); err != nil {
		panic(err)
	}
	return b
}

func readF32(t testing.TB, b *Buffer) []float32 {
	out := make([]float32, b.Len()/4)
	if err := b.Read(out); err != nil {
		t.Fatal(err)
	}
	return out
}

func readI32(t testing.TB, b *Buffer) []int32 {
	out := make([]int32, b.Len()/4)
	if err := b.Read(out); err != nil {
		t.Fatal(err)
	}
	return out
}

func randF32(r *rand.Rand, n int, lo, hi float32) []float32 {
	xs := make([]float32, n)
	for i := range xs {
		xs[i] = lo + (hi-lo)*r.Float32()
	}
	return xs
}

// launch runs a kernel with the race checker on and fails the test on error.
func launch(t testing.TB, p *Program, kernel string, grid, block [3]int, args ...Arg) *Stats {
	t.Helper()
	var st Stats
	if err := p.Launch(kernel, Launch{Grid: grid, Block: block, Args: args, RaceCheck: true, Stats: &st}); err != nil {
		t.Fatalf("%s: %v", kernel, err)
	}
	return &st
}

func TestSaxpy(t *testing.T) {
	for _, file := range clangTargets {
		t.Run(file, func(t *testing.T) {
			p := loadFile(t, file)
			r := rand.New(rand.NewPCG(1, 2))
			n := 1000
			x, y := randF32(r, n, -4, 4), randF32(r, n, -4, 4)
			bx, by := f32Buf(p, x), f32Buf(p, y)
			a := float32(1.75)
			launch(t, p, "saxpy", [3]int{(n + 127) / 128}, [3]int{128}, F32(a), Ptr(bx), Ptr(by), S32(int32(n)))
			got := readF32(t, by)
			for i := range got {
				want := numerics.FMAF32(a, x[i], y[i]) // clang contracts a*x+y into fma.rn.f32
				if math.Float32bits(got[i]) != math.Float32bits(want) {
					t.Fatalf("y[%d] = %v, want %v", i, got[i], want)
				}
			}
		})
	}
}

func TestBlockSum(t *testing.T) {
	for _, file := range clangTargets {
		t.Run(file, func(t *testing.T) {
			p := loadFile(t, file)
			r := rand.New(rand.NewPCG(3, 4))
			n, block := 1000, 256
			x := randF32(r, n, -1, 1)
			grid := (n + block - 1) / block
			bin, bout := f32Buf(p, x), p.Mem.Alloc(4*grid)
			st := launch(t, p, "block_sum", [3]int{grid}, [3]int{block}, Ptr(bin), Ptr(bout), S32(int32(n)))
			got := readF32(t, bout)
			for b := 0; b < grid; b++ {
				s := make([]float32, block)
				for i := range s {
					if j := b*block + i; j < n {
						s[i] = x[j]
					}
				}
				for k := block / 2; k > 0; k >>= 1 {
					for i := 0; i < k; i++ {
						s[i] += s[i+k]
					}
				}
				if got[b] != s[0] {
					t.Fatalf("out[%d] = %v, want %v", b, got[b], s[0])
				}
			}
			if st.Barriers == 0 || st.SharedAccesses == 0 || st.DivergentBranches == 0 {
				t.Errorf("statistics missed barriers, shared accesses or divergence: %+v", st)
			}
		})
	}
}

func TestWarpShuffles(t *testing.T) {
	for _, file := range clangTargets {
		t.Run(file, func(t *testing.T) {
			p := loadFile(t, file)
			r := rand.New(rand.NewPCG(5, 6))
			n := 128
			x := randF32(r, n, -1, 1)
			bin, bout := f32Buf(p, x), p.Mem.Alloc(4*n/32)
			launch(t, p, "warp_sum", [3]int{2}, [3]int{64}, Ptr(bin), Ptr(bout))
			got := readF32(t, bout)
			for w := 0; w < n/32; w++ {
				v := append([]float32(nil), x[32*w:32*w+32]...)
				for o := 16; o > 0; o >>= 1 {
					nv := make([]float32, 32)
					for i := range v {
						src := v[i]
						if i+o < 32 {
							src = v[i+o]
						}
						nv[i] = v[i] + src
					}
					v = nv
				}
				if got[w] != v[0] {
					t.Fatalf("warp %d sum = %v, want %v", w, got[w], v[0])
				}
			}
			xi := make([]int32, n)
			for i := range xi {
				xi[i] = int32(r.IntN(1000)) - 500
			}
			bi, bo := i32Buf(p, xi), p.Mem.Alloc(4*n)
			launch(t, p, "warp_max", [3]int{1}, [3]int{n}, Ptr(bi), Ptr(bo))
			gi := readI32(t, bo)
			for i := range gi {
				m := xi[i/32*32]
				for _, v := range xi[i/32*32 : i/32*32+32] {
					m = max(m, v)
				}
				if gi[i] != m {
					t.Fatalf("warp_max[%d] = %d, want %d", i, gi[i], m)
				}
			}
		})
	}
}

func TestVotes(t *testing.T) {
	p := loadFile(t, "kernels.sm_80.ptx")
	n := 128
	xi := make([]int32, n)
	for i := range xi {
		switch i / 32 {
		case 0:
			xi[i] = int32(i%3) - 1 // mixed
		case 1:
			xi[i] = 1 // all positive
		case 2:
			xi[i] = -1 // none
		case 3:
			xi[i] = int32(i % 2)
		}
	}
	bi, bb, bf := i32Buf(p, xi), p.Mem.Alloc(4*n/32), p.Mem.Alloc(4*n/32)
	launch(t, p, "votes", [3]int{1}, [3]int{n}, Ptr(bi), Ptr(bb), Ptr(bf))
	ballots, flags := readI32(t, bb), readI32(t, bf)
	for w := 0; w < n/32; w++ {
		var b uint32
		for l := 0; l < 32; l++ {
			if xi[32*w+l] > 0 {
				b |= 1 << uint(l)
			}
		}
		f := int32(0)
		if b != 0 {
			f++
		}
		if b == ^uint32(0) {
			f += 2
		}
		if uint32(ballots[w]) != b || flags[w] != f {
			t.Fatalf("warp %d: ballot %#x flags %d, want %#x %d", w, uint32(ballots[w]), flags[w], b, f)
		}
	}
}

func TestAtomicsAcrossCTAs(t *testing.T) {
	p := loadFile(t, "kernels.sm_80.ptx")
	r := rand.New(rand.NewPCG(7, 8))
	n, nbins := 5000, 7
	xi := make([]int32, n)
	for i := range xi {
		xi[i] = int32(r.IntN(100000))
	}
	bi, bins, tot := i32Buf(p, xi), p.Mem.Alloc(4*(nbins+1)), p.Mem.Alloc(4)
	if err := p.Launch("histogram", Launch{Grid: [3]int{(n + 63) / 64}, Block: [3]int{64}, Workers: 4,
		Args: []Arg{Ptr(bi), Ptr(bins), S32(int32(nbins)), Ptr(tot), S32(int32(n))}}); err != nil {
		t.Fatal(err)
	}
	got := readI32(t, bins)
	want := make([]int32, nbins+1)
	for _, v := range xi {
		want[v%int32(nbins)]++
		want[nbins] = max(want[nbins], v)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("bins = %v, want %v", got, want)
		}
	}
	if f := readF32(t, tot)[0]; f != float32(n) {
		t.Fatalf("total = %v, want %d", f, n)
	}
}

func TestDivergentLoopAndCalls(t *testing.T) {
	for _, file := range clangTargets {
		t.Run(file, func(t *testing.T) {
			p := loadFile(t, file)
			n := 96
			bo := p.Mem.Alloc(4 * n)
			st := launch(t, p, "divergent_loop", [3]int{2}, [3]int{48}, Ptr(bo))
			got := readI32(t, bo)
			for tid := 0; tid < n; tid++ {
				acc := int32(0)
				for k := 0; k < tid%7; k++ {
					if k&1 != 0 {
						acc += int32(k * tid)
					} else {
						acc -= int32(k)
					}
				}
				if got[tid] != acc {
					t.Fatalf("out[%d] = %d, want %d", tid, got[tid], acc)
				}
			}
			if st.DivergentBranches == 0 {
				t.Error("no divergent branch counted")
			}
			r := rand.New(rand.NewPCG(9, 10))
			x := randF32(r, 64, -2, 2)
			bin, bout := f32Buf(p, x), p.Mem.Alloc(4*64)
			c := float32(0.25)
			launch(t, p, "calls", [3]int{2}, [3]int{32}, Ptr(bin), Ptr(bout), F32(c))
			gf := readF32(t, bout)
			for i, v := range x {
				want := v
				if v > 0 {
					want = numerics.FMAF32(v, v, c)
				}
				if gf[i] != want && gf[i] != v*v+c {
					t.Fatalf("calls[%d] = %v, want %v", i, gf[i], want)
				}
			}
		})
	}
}

func TestIntOps(t *testing.T) {
	p := loadFile(t, "kernels.sm_80.ptx")
	as := []int32{7, -7, 7, -7, math.MinInt32, math.MinInt32, 123456789, -1, 0x7fffffff, 12345, -98765, 1 << 30}
	bs := []int32{2, 2, -2, -2, -1, 1, 37, 31, 32, 0, 13, -3}
	for len(as) < 32 {
		as = append(as, int32(len(as)*7919-50000))
		bs = append(bs, int32(len(bs)*31-400))
	}
	ba, bb, bo := i32Buf(p, as), i32Buf(p, bs), p.Mem.Alloc(4*8*32)
	launch(t, p, "intops", [3]int{1}, [3]int{32}, Ptr(ba), Ptr(bb), Ptr(bo))
	got := readI32(t, bo)
	for i := range as {
		x, y := as[i], bs[i]
		var want [8]int32
		if y != 0 {
			want[0], want[1] = x/y, x%y
		}
		want[2] = int32(uint32(x) >> uint(y&31))
		want[3] = x >> uint(y&31)
		want[4] = int32(uint32(min(x, y)) + max(uint32(x), uint32(y)))
		want[5] = int32(bits.OnesCount32(uint32(x)) + bits.LeadingZeros32(uint32(y)) + int(bits.Reverse32(uint32(x))))
		hs := int32((int64(x) * int64(y)) >> 32)
		hu := int32((uint64(uint32(x)) * uint64(uint32(y))) >> 32)
		want[6] = hs ^ hu
		ux, uy := uint32(x), uint32(y) // selector 0x5140: bytes x.b0, y.b0, x.b1, y.b1
		want[7] = int32(ux&0xff | (uy&0xff)<<8 | (ux>>8&0xff)<<16 | (uy>>8&0xff)<<24)
		for k := range want {
			if got[8*i+k] != want[k] {
				t.Errorf("intops(%d, %d)[%d] = %d, want %d", x, y, k, got[8*i+k], want[k])
			}
		}
	}
}

func TestTranspose(t *testing.T) {
	p := loadFile(t, "kernels.sm_80.ptx")
	w, h := 70, 45
	x := make([]float32, w*h)
	for i := range x {
		x[i] = float32(i)
	}
	bin, bout := f32Buf(p, x), p.Mem.Alloc(4*w*h)
	st := launch(t, p, "transpose", [3]int{(w + 31) / 32, (h + 31) / 32}, [3]int{32, 8}, Ptr(bin), Ptr(bout), S32(int32(w)), S32(int32(h)))
	got := readF32(t, bout)
	for r := 0; r < h; r++ {
		for c := 0; c < w; c++ {
			if got[c*h+r] != x[r*w+c] {
				t.Fatalf("out[%d][%d] = %v, want %v", c, r, got[c*h+r], x[r*w+c])
			}
		}
	}
	// The padded tile makes the column reads conflict-free.
	if st.SharedConflicts != 0 {
		t.Errorf("padded transpose shows %d bank-conflicted accesses", st.SharedConflicts)
	}
}

// roundHalfRef rounds x to f16 to nearest even with math/big (normal
// range only), as an independent reference.
func roundHalfRef(x float64) uint16 {
	z := new(big.Float).SetPrec(11).SetMode(big.ToNearestEven).SetFloat64(x)
	f, _ := z.Float64()
	return numerics.F32ToF16(float32(f)) // exact: f has 11 significant bits
}

func TestHalves(t *testing.T) {
	p := loadFile(t, "kernels.sm_80.ptx")
	r := rand.New(rand.NewPCG(11, 12))
	n := 64
	mk := func() []uint16 {
		h := make([]uint16, n)
		for i := range h {
			h[i] = numerics.F32ToF16(float32(r.Float64()*6 - 3))
		}
		return h
	}
	a, b, c := mk(), mk(), mk()
	buf := func(h []uint16) *Buffer {
		x := p.Mem.Alloc(2 * len(h))
		if err := x.Write(h); err != nil {
			t.Fatal(err)
		}
		return x
	}
	ba, bb, bc, bd, bf := buf(a), buf(b), buf(c), p.Mem.Alloc(2*n), p.Mem.Alloc(4*n)
	launch(t, p, "halves", [3]int{2}, [3]int{32}, Ptr(ba), Ptr(bb), Ptr(bc), Ptr(bd), Ptr(bf))
	d := make([]uint16, n)
	if err := bd.Read(d); err != nil {
		t.Fatal(err)
	}
	f := readF32(t, bf)
	for i := range d {
		x, y, z := float64(numerics.F16ToF32(a[i])), float64(numerics.F16ToF32(b[i])), float64(numerics.F16ToF32(c[i]))
		want := roundHalfRef(x*y + z) // exact in float64 for these magnitudes
		if d[i] != want {
			t.Fatalf("fma.rn.f16(%v, %v, %v) = %#04x, want %#04x", x, y, z, d[i], want)
		}
		sum := roundHalfRef(x + y)
		wf := numerics.F16ToF32(want) + numerics.F16ToF32(sum)
		if f[i] != wf {
			t.Fatalf("f[%d] = %v, want %v", i, f[i], wf)
		}
	}
}

func TestMathFns(t *testing.T) {
	p := loadFile(t, "kernels.sm_80.ptx")
	r := rand.New(rand.NewPCG(13, 14))
	n := 64
	x := randF32(r, n, -10, 10)
	x[0], x[1], x[2] = 2.5005, -2.5005, 0.0015
	bx, bo, bi := f32Buf(p, x), p.Mem.Alloc(16*n), p.Mem.Alloc(16*n)
	launch(t, p, "mathfns", [3]int{2}, [3]int{32}, Ptr(bx), Ptr(bo), Ptr(bi))
	got, gi := readF32(t, bo), readI32(t, bi)
	for i, v := range x {
		relClose := func(k int, g float32, want float64, rel float64) {
			if math.Abs(float64(g)-want) > rel*math.Abs(want) {
				t.Errorf("x=%v: result %d = %v, want %v (relative tolerance %g)", v, k, g, want, rel)
			}
		}
		relClose(0, got[4*i], math.Exp(float64(v)), 4e-7) // libdevice expf: 2 ulp
		relClose(1, got[4*i+1], math.Sqrt(math.Abs(float64(v))), 2e-7)
		if got[4*i+2] != 1/v {
			t.Errorf("1/%v = %v, want %v", v, got[4*i+2], 1/v)
		}
		relClose(3, got[4*i+3], float64(v)/3, 3e-7)
		s := v * 1000 // the kernel's product is an f32 multiply
		want := []int32{int32(math.RoundToEven(float64(s))), int32(math.Trunc(float64(s))), int32(math.Floor(float64(s))), 0}
		if c := math.Ceil(float64(s)); c > 0 {
			want[3] = int32(uint32(c))
		}
		for k := range want {
			if gi[4*i+k] != want[k] {
				t.Errorf("x=%v: conversion %d = %d, want %d", v, k, gi[4*i+k], want[k])
			}
		}
	}
}

// Race-free kernels give the same bits at any number of workers.
func TestDeterministicAcrossWorkers(t *testing.T) {
	p := loadFile(t, "kernels.sm_80.ptx")
	r := rand.New(rand.NewPCG(15, 16))
	n, block := 4096, 256
	x := randF32(r, n, -1, 1)
	var first []float32
	for _, workers := range []int{1, 2, 3, 8} {
		bin, bout := f32Buf(p, x), p.Mem.Alloc(4*n/block)
		if err := p.Launch("block_sum", Launch{Grid: [3]int{n / block}, Block: [3]int{block}, Workers: workers,
			Args: []Arg{Ptr(bin), Ptr(bout), S32(int32(n))}}); err != nil {
			t.Fatal(err)
		}
		got := readF32(t, bout)
		if first == nil {
			first = got
			continue
		}
		for i := range got {
			if math.Float32bits(got[i]) != math.Float32bits(first[i]) {
				t.Fatalf("workers=%d: out[%d] = %v, with 1 worker %v", workers, i, got[i], first[i])
			}
		}
	}
}
