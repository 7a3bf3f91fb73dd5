package corpustest

import (
	"math"

	"github.com/tt-compiler/tt/runtime/npy"
)

// References of elementwise.cu, tiles.cu and reduce.cu. Their float
// operations are all correctly rounded (fma.rn, div.rn, sqrt.rn, add.rn),
// so the references repeat them in the kernels' order and the comparison
// is exact, except for sqrtf (sqrt.approx.f32): 2 ulp, the CUDA
// programming guide's bound for sqrtf without -prec-sqrt (1 ulp on
// compute capability 5.2 and later) with one ulp of margin for a
// simulator that implements the PTX ISA's relative-error bound instead.

var basicKernels = []corpusKernel{
	{file: "elementwise", kernel: "axpy_f32", launch: func(string) kernelCase {
		const n = 1000
		r := newRand(11)
		x, y := r.f32s(n, -10, 10), r.f32s(n, -10, 10)
		const a = float32(1.7)
		out := make([]float32, n)
		for i := range out {
			out[i] = fma32(a, x[i], y[i], rn)
		}
		return kernelCase{
			grid: dim3{8, 1, 1}, block: dim3{128, 1, 1},
			args:   []arg{f32Arg(a), bufArg(f32Array(x)), bufArg(f32Array(y)), zerosArg(npy.Float32, n), s32Arg(n)},
			checks: []check{{arg: 3, want: f32Array(out)}},
		}
	}},
	{file: "elementwise", kernel: "div_sqrt_f32", launch: func(string) kernelCase {
		const n = 777
		r := newRand(12)
		x, y := make([]float32, n), make([]float32, n)
		for i := range x {
			x[i], y[i] = float32(r.wideFloat64(-20, 20)), float32(r.wideFloat64(-20, 20))
		}
		q, s := make([]float32, n), make([]float32, n)
		for i := range q {
			q[i] = x[i] / y[i] // Go's float32 division is correctly rounded
			s[i] = sqrt32(float32(math.Abs(float64(x[i]))), rn)
		}
		return kernelCase{
			grid: dim3{13, 1, 1}, block: dim3{64, 1, 1},
			args: []arg{bufArg(f32Array(x)), bufArg(f32Array(y)), zerosArg(npy.Float32, n),
				zerosArg(npy.Float32, n), zerosArg(npy.Float32, n), s32Arg(n)},
			checks: []check{
				{arg: 2, want: f32Array(q)},
				{arg: 3, want: f32Array(s)},
				{arg: 4, want: f32Array(s), tol: tol{ulps: 2}},
			},
		}
	}},
	{file: "elementwise", kernel: "poly_f64", launch: func(string) kernelCase {
		const n = 500
		x := newRand(13).f64s(n, -3, 3)
		out := make([]float64, n)
		for i, v := range x {
			p := math.FMA(math.FMA(math.FMA(v, 0.125, 0.25), v, 0.5), v, 1)
			out[i] = p/math.FMA(v, v, 1) + math.Sqrt(math.Abs(v))
		}
		return kernelCase{
			grid: dim3{6, 1, 1}, block: dim3{96, 1, 1},
			args:   []arg{bufArg(f64Array(x)), zerosArg(npy.Float64, n), s32Arg(n)},
			checks: []check{{arg: 1, want: f64Array(out)}},
		}
	}},
	{file: "elementwise", kernel: "int_arith", launch: func(string) kernelCase {
		const n = 1000
		r := newRand(14)
		a, b := r.i32s(n, -1000, 1000), r.i32s(n, -1000, 1000)
		out, hash, wide := make([]int32, n), make([]uint32, n), make([]int64, n)
		for i := range a {
			x, y := a[i], b[i]
			// C's precedence: ^ binds looser than -, unlike Go's.
			out[i] = (x * y) ^ ((x + 7*y) - (x >> 2))
			hash[i] = (uint32(x)*2654435761 + uint32(y)) >> 3
			wide[i] = int64(x)*int64(y)*1000003 - int64(y)*(1<<40)
		}
		return kernelCase{
			grid: dim3{4, 1, 1}, block: dim3{256, 1, 1},
			args: []arg{bufArg(i32Array(a)), bufArg(i32Array(b)), zerosArg(npy.Int32, n),
				zerosArg(npy.Uint32, n), zerosArg(npy.Int64, n), s32Arg(n)},
			checks: []check{{arg: 2, want: i32Array(out)}, {arg: 3, want: u32Array(hash)}, {arg: 4, want: i64Array(wide)}},
		}
	}},
	{file: "tiles", kernel: "transpose_tiled", launch: transposeCase},
	{file: "tiles", kernel: "transpose_tiled_conflicts", launch: transposeCase},
	{file: "tiles", kernel: "matmul_tiled", launch: func(string) kernelCase {
		const m, n, k, tile = 37, 29, 53, 16
		r := newRand(16)
		a, b := r.f32s(m*k, -1, 1), r.f32s(k*n, -1, 1)
		c := make([]float32, m*n)
		for row := range m {
			for col := range n {
				// The kernel's order: tiles of 16 in ascending k, zeros past K.
				var acc float32
				for k0 := 0; k0 < k; k0 += tile {
					for kk := k0; kk < k0+tile; kk++ {
						var av, bv float32
						if kk < k {
							av, bv = a[row*k+kk], b[kk*n+col]
						}
						acc = fma32(av, bv, acc, rn)
					}
				}
				c[row*n+col] = acc
			}
		}
		A, B := f32Array(a), f32Array(b)
		A.Shape, B.Shape = []int{m, k}, []int{k, n}
		return kernelCase{
			grid: dim3{(n + tile - 1) / tile, (m + tile - 1) / tile, 1}, block: dim3{tile, tile, 1},
			args:   []arg{bufArg(A), bufArg(B), zerosArg(npy.Float32, m*n), s32Arg(m), s32Arg(n), s32Arg(k)},
			checks: []check{{arg: 2, want: f32Array(c)}},
		}
	}},
	{file: "reduce", kernel: "block_sum_smem", launch: func(string) kernelCase {
		const n, block, blocks = 3000, 256, 6
		x := newRand(17).f32s(n, -1, 1)
		partial := make([]float32, blocks)
		for b := range blocks {
			s := make([]float32, block)
			for t := range s {
				i := b*block*2 + t
				if i < n {
					s[t] = x[i]
				}
				if i+block < n {
					s[t] += x[i+block]
				}
			}
			partial[b] = treeSum(s)
		}
		return kernelCase{
			grid: dim3{blocks, 1, 1}, block: dim3{block, 1, 1},
			args:   []arg{bufArg(f32Array(x)), zerosArg(npy.Float32, blocks), s32Arg(n)},
			checks: []check{{arg: 1, want: f32Array(partial)}},
		}
	}},
	{file: "reduce", kernel: "block_sum_shfl", launch: func(string) kernelCase {
		const n, block, blocks = 5000, 192, 4
		x := newRand(18).f32s(n, -1, 1)
		partial := make([]float32, blocks)
		for b := range blocks {
			var warpSums []float32
			for w := range block / 32 {
				var lanes [32]float32
				for l := range lanes {
					for i := b*block + w*32 + l; i < n; i += blocks * block {
						lanes[l] += x[i]
					}
				}
				warpSums = append(warpSums, shflDownSum(lanes))
			}
			var lanes [32]float32
			copy(lanes[:], warpSums)
			partial[b] = shflDownSum(lanes)
		}
		return kernelCase{
			grid: dim3{blocks, 1, 1}, block: dim3{block, 1, 1},
			args:   []arg{bufArg(f32Array(x)), zerosArg(npy.Float32, blocks), s32Arg(n)},
			checks: []check{{arg: 1, want: f32Array(partial)}},
		}
	}},
	{file: "reduce", kernel: "warp_max_i32", launch: func(string) kernelCase {
		const n = 3 * 96
		x := newRand(19).i32s(n, math.MinInt32, math.MaxInt32)
		out := make([]int32, n)
		for w := 0; w < n; w += 32 {
			m := x[w]
			for _, v := range x[w : w+32] {
				m = max(m, v)
			}
			for i := w; i < w+32; i++ {
				out[i] = m
			}
		}
		return kernelCase{
			grid: dim3{3, 1, 1}, block: dim3{96, 1, 1},
			args:   []arg{bufArg(i32Array(x)), zerosArg(npy.Int32, n)},
			checks: []check{{arg: 1, want: i32Array(out)}},
		}
	}},
	{file: "reduce", kernel: "block_sum_f64", launch: func(string) kernelCase {
		const n, block, blocks = 1000, 128, 8
		x := newRand(20).f64s(n, -1, 1)
		partial := make([]float64, blocks)
		for b := range blocks {
			s := make([]float64, block)
			for t := range s {
				if i := b*block + t; i < n {
					s[t] = x[i]
				}
			}
			for stride := block / 2; stride > 0; stride /= 2 {
				for t := range stride {
					s[t] += s[t+stride]
				}
			}
			partial[b] = s[0]
		}
		return kernelCase{
			grid: dim3{blocks, 1, 1}, block: dim3{block, 1, 1},
			args:   []arg{bufArg(f64Array(x)), zerosArg(npy.Float64, blocks), s32Arg(n)},
			checks: []check{{arg: 1, want: f64Array(partial)}},
		}
	}},
}

// transposeCase is the launch of both transposes: a 45x70 matrix (ragged
// in both dimensions against the 32x32 tiles).
func transposeCase(string) kernelCase {
	const rows, cols, tile = 45, 70, 32
	in := newRand(15).f32s(rows*cols, -100, 100)
	out := make([]float32, rows*cols)
	for r := range rows {
		for c := range cols {
			out[c*rows+r] = in[r*cols+c]
		}
	}
	A := f32Array(in)
	A.Shape = []int{rows, cols}
	return kernelCase{
		grid: dim3{(cols + tile - 1) / tile, (rows + tile - 1) / tile, 1}, block: dim3{tile, 8, 1},
		args:   []arg{bufArg(A), zerosArg(npy.Float32, rows*cols), s32Arg(rows), s32Arg(cols)},
		checks: []check{{arg: 1, want: f32Array(out)}},
	}
}

// treeSum is the shared-memory tree of block_sum_smem: s[t] += s[t+stride]
// for stride = len/2, len/4, ..., 1.
func treeSum(s []float32) float32 {
	s = append([]float32(nil), s...)
	for stride := len(s) / 2; stride > 0; stride /= 2 {
		for t := range stride {
			s[t] += s[t+stride]
		}
	}
	return s[0]
}

// shflDownSum is warp_sum: v += __shfl_down_sync(v, o) for o = 16, ..., 1,
// where a lane whose source is past lane 31 reads its own value; it
// returns lane 0's result.
func shflDownSum(v [32]float32) float32 {
	for o := 16; o > 0; o /= 2 {
		var next [32]float32
		for l := range v {
			src := l + o
			if src > 31 {
				src = l
			}
			next[l] = v[l] + v[src]
		}
		v = next
	}
	return v[0]
}
