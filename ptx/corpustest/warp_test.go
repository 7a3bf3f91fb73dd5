package corpustest

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/tt-compiler/tt/runtime/npy"
)

// References of shuffle.cu, vote.cu, atomics.cu and divergent.cu: all
// integer results or moves of float bits, compared exactly; the float
// atomics add small integers, which is exact in any order.

var warpKernels = []corpusKernel{
	{file: "shuffle", kernel: "shfl_int", launch: func(string) kernelCase {
		const n, delta, width = 128, 3, 8
		in := newRand(21).i32s(n, math.MinInt32, math.MaxInt32)
		up, down, bfly, idx := make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
		for i := range in {
			warp, lane := i&^31, i&31
			first := lane &^ (width - 1) // the lane's segment: [first, first+width)
			src := func(l int) int32 { return in[warp+l] }
			up[i], down[i], bfly[i] = in[i], in[i], in[i]
			if lane-delta >= first {
				up[i] = src(lane - delta)
			}
			if lane+delta < first+width {
				down[i] = src(lane + delta)
			}
			if j := lane ^ (delta + width); j < first+width {
				bfly[i] = src(j)
			}
			idx[i] = src(first + (i*7+3)%width) // srcLane = threadIdx.x*7+3 (one block of 128)
		}
		return kernelCase{
			grid: dim3{1, 1, 1}, block: dim3{n, 1, 1},
			args: []arg{bufArg(i32Array(in)), zerosArg(npy.Int32, n), zerosArg(npy.Int32, n),
				zerosArg(npy.Int32, n), zerosArg(npy.Int32, n), s32Arg(delta), s32Arg(width)},
			checks: []check{{arg: 1, want: i32Array(up)}, {arg: 2, want: i32Array(down)},
				{arg: 3, want: i32Array(bfly)}, {arg: 4, want: i32Array(idx)}},
		}
	}},
	{file: "shuffle", kernel: "shfl_float_double", launch: func(string) kernelCase {
		const n = 64
		r := newRand(22)
		f, d := r.f32s(n, -1e6, 1e6), make([]float64, n)
		for i := range d {
			d[i] = r.wideFloat64(-1000, 1000)
		}
		fdown, dxor, didx := make([]float32, n), make([]float64, n), make([]float64, n)
		for i := range f {
			warp, lane := i&^31, i&31
			fdown[i] = f[i]
			if lane < 31 {
				fdown[i] = f[i+1]
			}
			dxor[i] = d[warp+(lane^5)]
			didx[i] = d[warp+31-lane]
		}
		return kernelCase{
			grid: dim3{1, 1, 1}, block: dim3{n, 1, 1},
			args: []arg{bufArg(f32Array(f)), bufArg(f64Array(d)), zerosArg(npy.Float32, n),
				zerosArg(npy.Float64, n), zerosArg(npy.Float64, n)},
			checks: []check{{arg: 2, want: f32Array(fdown)}, {arg: 3, want: f64Array(dxor)}, {arg: 4, want: f64Array(didx)}},
		}
	}},
	{file: "vote", kernel: "votes", launch: func(string) kernelCase {
		const threads, n = 192, 180
		r := newRand(23)
		in := make([]int32, n)
		for i := range in {
			switch (i / 32) % 3 {
			case 0:
				in[i] = int32(1 + r.IntN(100)) // all positive, none above 100
			case 1:
				in[i] = int32(r.IntN(124) - 3)
			default:
				in[i] = int32(r.IntN(201))
			}
		}
		all, anyv, uni, popc := make([]int32, threads), make([]int32, threads), make([]int32, threads), make([]int32, threads)
		ballot, half := make([]uint32, threads), make([]uint32, threads)
		for w := 0; w < threads; w += 32 {
			v := func(l int) int32 {
				if w+l < n {
					return in[w+l]
				}
				return 0
			}
			allPos, anyBig, nonNeg := true, false, 0
			var b, lo, hi uint32
			for l := range 32 {
				allPos = allPos && v(l) > 0
				anyBig = anyBig || v(l) > 100
				if v(l) >= 0 {
					nonNeg++
				}
				if v(l)&1 != 0 {
					b |= 1 << l
				}
				if l < 16 && v(l)&2 != 0 {
					lo |= 1 << l
				}
				if l >= 16 && v(l)&4 != 0 {
					hi |= 1 << l
				}
			}
			for l := range 32 {
				all[w+l], anyv[w+l] = b2i(allPos), b2i(anyBig)
				uni[w+l] = b2i(nonNeg == 0 || nonNeg == 32)
				ballot[w+l], popc[w+l] = b, int32(bits.OnesCount32(b))
				half[w+l] = lo
				if l >= 16 {
					half[w+l] = hi
				}
			}
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{96, 1, 1},
			args: []arg{bufArg(i32Array(in)), zerosArg(npy.Int32, threads), zerosArg(npy.Int32, threads),
				zerosArg(npy.Uint32, threads), zerosArg(npy.Int32, threads), zerosArg(npy.Int32, threads),
				zerosArg(npy.Uint32, threads), s32Arg(n)},
			checks: []check{{arg: 1, want: i32Array(all)}, {arg: 2, want: i32Array(anyv)}, {arg: 3, want: u32Array(ballot)},
				{arg: 4, want: i32Array(uni)}, {arg: 5, want: i32Array(popc)}, {arg: 6, want: u32Array(half)}},
		}
	}},
	{file: "atomics", kernel: "atomic_global", launch: func(string) kernelCase {
		const n = 1000
		r := newRand(24)
		x := r.i32s(n, -100000, 100000)
		f := make([]float32, n)
		for i := range f {
			f[i] = float32(r.IntN(17) - 8)
		}
		ops := []int32{5, 1 << 30, -(1 << 30)}
		uops := []uint32{7, 0xffffffff, 0x100, 0xdeadbeef}
		fsum := []float32{0.5}
		wantOps, wantU, wantF := slices.Clone(ops), slices.Clone(uops), slices.Clone(fsum)
		for i, v := range x {
			wantOps[0] += v
			wantOps[1] = min(wantOps[1], v)
			wantOps[2] = max(wantOps[2], v)
			wantU[0] = max(wantU[0], uint32(v))
			wantU[1] &= ^(uint32(1) << (i & 31)) | 0x80000000
			wantU[2] |= 1 << (v & 31)
			wantU[3] ^= uint32(v) * 2654435761
			wantF[0] += f[i]
		}
		return kernelCase{
			grid: dim3{4, 1, 1}, block: dim3{256, 1, 1},
			args: []arg{bufArg(i32Array(x)), bufArg(f32Array(f)), bufArg(i32Array(ops)), bufArg(u32Array(uops)),
				bufArg(f32Array(fsum)), s32Arg(n)},
			checks: []check{{arg: 2, want: i32Array(wantOps)}, {arg: 3, want: u32Array(wantU)}, {arg: 4, want: f32Array(wantF)}},
		}
	}},
	{file: "atomics", kernel: "atomic_cas_max", launch: func(string) kernelCase {
		const n = 700
		x := newRand(25).f32s(n, -1000, 1000)
		m := float32(-1e30)
		for _, v := range x {
			m = max(m, v)
		}
		return kernelCase{
			grid: dim3{3, 1, 1}, block: dim3{256, 1, 1},
			args:   []arg{bufArg(f32Array(x)), bufArg(f32Array([]float32{-1e30})), s32Arg(n)},
			checks: []check{{arg: 1, want: f32Array([]float32{m})}},
		}
	}},
	{file: "atomics", kernel: "atomic_exch_tickets", launch: func(string) kernelCase {
		const n = 500
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{256, 1, 1},
			args: []arg{bufArg(i32Array([]int32{0})), zerosArg(npy.Int32, n), bufArg(i32Array([]int32{-1})),
				zerosArg(npy.Int32, n), s32Arg(n)},
			checks: []check{{arg: 0, want: i32Array([]int32{n})}},
			property: func(out map[int]*npy.Array) error {
				tickets := slices.Sorted(slices.Values(out[1].I32))
				for i, v := range tickets {
					if v != int32(i) {
						return fmt.Errorf("tickets are not a permutation of 0..%d: sorted, element %d is %d", n-1, i, v)
					}
				}
				// The old values handed out plus the one left in the slot
				// are the initial -1 and every thread's id.
				seen := append(slices.Clone(out[3].I32), out[2].I32[0])
				slices.Sort(seen)
				for i, v := range seen {
					if v != int32(i-1) {
						return fmt.Errorf("exch results plus the final slot are not {-1, 0, ..., %d}: sorted, element %d is %d", n-1, i, v)
					}
				}
				return nil
			},
		}
	}},
	{file: "atomics", kernel: "atomic_shared", launch: func(string) kernelCase {
		const n, block, blocks = 1000, 128, 9 // block 8 has no element: it must leave everything alone
		x := newRand(26).i32s(n, -5000, 5000)
		hist := make([]int32, 64)
		stats := []int32{math.MaxInt32, math.MinInt32, n, 0}
		var fsum float32
		for _, v := range x {
			hist[v&63]++
			stats[0], stats[1] = min(stats[0], v), max(stats[1], v)
			fsum += float32(v & 15)
		}
		stats[3] = (n + block - 1) / block // blocks with at least one element
		return kernelCase{
			grid: dim3{blocks, 1, 1}, block: dim3{block, 1, 1},
			args: []arg{bufArg(i32Array(x)), zerosArg(npy.Int32, 64),
				bufArg(i32Array([]int32{math.MaxInt32, math.MinInt32, 0, 0})), zerosArg(npy.Float32, 1), s32Arg(n)},
			checks: []check{{arg: 1, want: i32Array(hist)}, {arg: 2, want: i32Array(stats)}, {arg: 3, want: f32Array([]float32{fsum})}},
		}
	}},
	{file: "divergent", kernel: "collatz_steps", launch: func(string) kernelCase {
		const n, limit = 300, 400
		start := make([]uint32, n)
		r := newRand(27)
		for i := range start {
			start[i] = uint32(1 + r.IntN(100000))
		}
		steps := make([]int32, n)
		for i, v := range start {
			s := int32(0)
			for v != 1 && s < limit {
				if v&1 != 0 {
					v = 3*v + 1
				} else {
					v >>= 1
				}
				s++
			}
			steps[i] = s
		}
		return kernelCase{
			grid: dim3{3, 1, 1}, block: dim3{128, 1, 1},
			args:   []arg{bufArg(u32Array(start)), zerosArg(npy.Int32, n), s32Arg(n), s32Arg(limit)},
			checks: []check{{arg: 1, want: i32Array(steps)}},
		}
	}},
	{file: "divergent", kernel: "find_first", launch: func(string) kernelCase {
		const rows, cols, thr = 100, 64, float32(0.97)
		x := newRand(28).f32s(rows*cols, 0, 1)
		idx := make([]int32, rows)
		for r := range rows {
			idx[r] = -1
			for c := range cols {
				if x[r*cols+c] > thr {
					idx[r] = int32(c)
					break
				}
			}
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{64, 1, 1},
			args:   []arg{bufArg(f32Array(x)), zerosArg(npy.Int32, rows), s32Arg(rows), s32Arg(cols), f32Arg(thr)},
			checks: []check{{arg: 1, want: i32Array(idx)}},
		}
	}},
	{file: "divergent", kernel: "branches", launch: func(string) kernelCase {
		const n = 256
		x := newRand(29).i32s(n, -50, 500)
		out, total := make([]int32, n), make([]int32, n/32)
		for i, v := range x {
			var r int32
			switch m := v % 3; {
			case m == 0:
				r = v * 2
				for k := range v & 7 {
					r += k * k
				}
			case m == 1 || m == -1:
				r = -v
				for r < 0 {
					r += 37
				}
			default:
				r = v
				for k := v & 15; k > 0; k-- {
					if r > 1000 {
						break
					}
					r = r*3 + k
				}
			}
			out[i] = r
			total[i/32] += r
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args:   []arg{bufArg(i32Array(x)), zerosArg(npy.Int32, n), zerosArg(npy.Int32, n/32)},
			checks: []check{{arg: 1, want: i32Array(out)}, {arg: 2, want: i32Array(total)}},
		}
	}},
	{file: "divergent", kernel: "partial_shuffle", launch: func(string) kernelCase {
		const n = 64
		x := newRand(30).i32s(n, -1000, 1000)
		out := make([]int32, n)
		for i := range x {
			lane := i & 31
			switch {
			case lane < 16:
				out[i] = x[i^1]
			case lane+2 < 32: // down by 2 within the segment of lanes 16..31
				out[i] = x[i+2]
			default:
				out[i] = x[i]
			}
		}
		return kernelCase{
			grid: dim3{1, 1, 1}, block: dim3{n, 1, 1},
			args:   []arg{bufArg(i32Array(x)), zerosArg(npy.Int32, n)},
			checks: []check{{arg: 1, want: i32Array(out)}},
		}
	}},
	{file: "divergent", kernel: "gcd_calls", launch: func(string) kernelCase {
		const n = 200
		r := newRand(31)
		a, b := r.i32s(n, 1, 100000), r.i32s(n, 1, 100000)
		g := make([]int32, n)
		gcd := func(a, b int32) int32 {
			for b != 0 {
				a, b = b, a%b
			}
			return a
		}
		for i := range a {
			if a[i]&1 != 0 {
				g[i] = gcd(a[i], b[i])
			} else {
				g[i] = gcd(b[i]+1, a[i]+1) + 1000
			}
		}
		return kernelCase{
			grid: dim3{1, 1, 1}, block: dim3{256, 1, 1},
			args:   []arg{bufArg(i32Array(a)), bufArg(i32Array(b)), zerosArg(npy.Int32, n), s32Arg(n)},
			checks: []check{{arg: 2, want: i32Array(g)}},
		}
	}},
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
