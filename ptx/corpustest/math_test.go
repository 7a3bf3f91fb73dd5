package corpustest

import (
	"math"
	"math/big"
	"math/bits"
	"testing"

	"github.com/tt-compiler/tt/runtime/npy"
)

// References of rows.cu (softmax and layer normalization, in float64 from
// the same f32 inputs, compared within tolerances) and intops.cu (exact).

// Tolerances of the row kernels. Softmax: expf is within 2 ulp (CUDA
// programming guide), x - max is exact or within half an ulp of |x - max|
// ≤ 8, the f32 sum of 300 terms in the kernel's order (per-thread strided
// sums, then a butterfly and 4 warp sums) is within about 9 roundings of
// 2^-24 each, and the division adds half an ulp: about 1.5e-6 relative in
// all; rtol 1e-5 leaves margin. The fast form's __expf is within
// 2 + floor(1.173·|x|) ulp (|x| ≤ 8: 11 ulp, 7e-7) and __fdividef within 2
// ulp: rtol 2e-5. Layer normalization: the mean's error is about 9
// roundings of the row's magnitude (inputs in [-2, 3)), which (x - mean)
// carries into outputs of magnitude up to about 3: atol 1e-5 and rtol 1e-5
// (rsqrt.approx and __fdividef in the fast form stay within a few ulp, far
// below that).
var (
	softmaxTol     = tol{rtol: 1e-5}
	softmaxFastTol = tol{rtol: 2e-5}
	layernormTol   = tol{rtol: 1e-5, atol: 1e-5}
)

var mathKernels = []corpusKernel{
	{file: "rows", kernel: "softmax_rows", launch: func(string) kernelCase { return softmaxCase(softmaxTol) }},
	{file: "rows", kernel: "softmax_rows_fast", launch: func(string) kernelCase { return softmaxCase(softmaxFastTol) }},
	{file: "rows", kernel: "layernorm_rows", launch: func(string) kernelCase { return layernormCase() }},
	{file: "rows", kernel: "layernorm_rows_fast", launch: func(string) kernelCase { return layernormCase() }},
	{file: "intops", kernel: "div_rem", launch: func(string) kernelCase {
		r := newRand(41)
		a := []int32{math.MinInt32, math.MaxInt32, -7, 7, 0, -1, 1, math.MinInt32 + 1}
		b := []int32{7, -7, 2, -2, 5, 3, -3, -1}
		for len(a) < 500 {
			x := int32(r.Uint32())
			y := int32(r.IntN(41) - 20)
			if r.IntN(2) == 0 {
				y = int32(r.Uint32())
			}
			if y == 0 || x == math.MinInt32 && y == -1 {
				continue
			}
			a, b = append(a, x), append(b, y)
		}
		n := len(a)
		q, rem, q7, rm3 := make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
		uq, ur := make([]uint32, n), make([]uint32, n)
		q64, r64 := make([]int64, n), make([]int64, n)
		for i := range a {
			x, y := a[i], b[i]
			q[i], rem[i] = x/y, x%y // Go's / and % truncate toward zero, like C's
			uq[i], ur[i] = uint32(x)/uint32(y), uint32(x)%uint32(y)
			X := int64(x) * 1000003
			q64[i], r64[i] = X/int64(y), X%int64(y)
			q7[i], rm3[i] = x/7, x%-3
		}
		return kernelCase{
			grid: dim3{4, 1, 1}, block: dim3{128, 1, 1},
			args: []arg{bufArg(i32Array(a)), bufArg(i32Array(b)), zerosArg(npy.Int32, n), zerosArg(npy.Int32, n),
				zerosArg(npy.Uint32, n), zerosArg(npy.Uint32, n), zerosArg(npy.Int64, n), zerosArg(npy.Int64, n),
				zerosArg(npy.Int32, n), zerosArg(npy.Int32, n), s32Arg(int32(n))},
			checks: []check{{arg: 2, want: i32Array(q)}, {arg: 3, want: i32Array(rem)}, {arg: 4, want: u32Array(uq)},
				{arg: 5, want: u32Array(ur)}, {arg: 6, want: i64Array(q64)}, {arg: 7, want: i64Array(r64)},
				{arg: 8, want: i32Array(q7)}, {arg: 9, want: i32Array(rm3)}},
		}
	}},
	{file: "intops", kernel: "shifts", launch: func(string) kernelCase {
		const n = 320
		r := newRand(42)
		a := r.i32s(n, math.MinInt32, math.MaxInt32)
		s := make([]uint32, n)
		for i := range s {
			s[i] = uint32(i % 80) // every amount in [0, 80), some twice
		}
		shl, shru, fl, flc, fr, frc := make([]uint32, n), make([]uint32, n), make([]uint32, n), make([]uint32, n), make([]uint32, n), make([]uint32, n)
		shrs, shl64, shrs64 := make([]int32, n), make([]uint64, n), make([]int64, n)
		for i, x := range a {
			k := s[i]
			// Go's shifts by amounts ≥ the width give 0 (or the sign for
			// signed >>), which is how PTX clamps the amount.
			shl[i], shru[i], shrs[i] = uint32(x)<<k, uint32(x)>>k, x>>k
			w := uint64(int64(x)) * 0x9E3779B97F4A7C15
			shl64[i], shrs64[i] = w<<k, int64(w)>>k
			lo, hi := uint32(x), uint32(x)*2654435761
			fl[i], flc[i] = funnelL(lo, hi, k&31), funnelL(lo, hi, clamp32(k))
			fr[i], frc[i] = funnelR(lo, hi, k&31), funnelR(lo, hi, clamp32(k))
		}
		return kernelCase{
			grid: dim3{3, 1, 1}, block: dim3{128, 1, 1},
			args: []arg{bufArg(i32Array(a)), bufArg(u32Array(s)), zerosArg(npy.Uint32, n), zerosArg(npy.Uint32, n),
				zerosArg(npy.Int32, n), zerosArg(npy.Uint64, n), zerosArg(npy.Int64, n), zerosArg(npy.Uint32, n),
				zerosArg(npy.Uint32, n), zerosArg(npy.Uint32, n), zerosArg(npy.Uint32, n), s32Arg(n)},
			checks: []check{{arg: 2, want: u32Array(shl)}, {arg: 3, want: u32Array(shru)}, {arg: 4, want: i32Array(shrs)},
				{arg: 5, want: u64Array(shl64)}, {arg: 6, want: i64Array(shrs64)}, {arg: 7, want: u32Array(fl)},
				{arg: 8, want: u32Array(flc)}, {arg: 9, want: u32Array(fr)}, {arg: 10, want: u32Array(frc)}},
		}
	}},
	{file: "intops", kernel: "min_max_abs", launch: func(string) kernelCase {
		const n = 300
		r := newRand(43)
		a, b := r.i32s(n, math.MinInt32+1, math.MaxInt32), r.i32s(n, math.MinInt32, math.MaxInt32)
		mm, umm, abs, mm64 := make([]int32, 2*n), make([]uint32, 2*n), make([]int32, n), make([]int64, 2*n)
		for i := range a {
			x, y := a[i], b[i]
			mm[2*i], mm[2*i+1] = min(x, y), max(x, y)
			umm[2*i], umm[2*i+1] = min(uint32(x), uint32(y)), max(uint32(x), uint32(y))
			abs[i] = x
			if x < 0 {
				abs[i] = -x
			}
			X, Y := int64(x)<<20, int64(y)*3
			mm64[2*i], mm64[2*i+1] = min(X, Y), max(X, Y)
		}
		return kernelCase{
			grid: dim3{3, 1, 1}, block: dim3{128, 1, 1},
			args: []arg{bufArg(i32Array(a)), bufArg(i32Array(b)), zerosArg(npy.Int32, 2*n), zerosArg(npy.Uint32, 2*n),
				zerosArg(npy.Int32, n), zerosArg(npy.Int64, 2*n), s32Arg(n)},
			checks: []check{{arg: 2, want: i32Array(mm)}, {arg: 3, want: u32Array(umm)}, {arg: 4, want: i32Array(abs)},
				{arg: 5, want: i64Array(mm64)}},
		}
	}},
	{file: "intops", kernel: "bit_ops", launch: func(string) kernelCase {
		r := newRand(44)
		a := append([]uint32{0, 1, 0x80000000, 0xffffffff, 0xa5a5a5a5, 0x5a5a5a5a, 0x00010000, 0x7fffffff}, r.u32s(248)...)
		n := len(a)
		bitv, rev, rev64 := make([]int32, 6*n), make([]uint32, 2*n), make([]uint64, n)
		ffs := func(v uint64) int32 { // 1 + the index of the lowest set bit, 0 for 0
			if v == 0 {
				return 0
			}
			return int32(bits.TrailingZeros64(v) + 1)
		}
		for i, u := range a {
			w := (uint64(u)<<32 | uint64(u^0xa5a5a5a5)) >> (i & 7)
			bitv[6*i], bitv[6*i+1], bitv[6*i+2] = int32(bits.OnesCount32(u)), int32(bits.LeadingZeros32(u)), ffs(uint64(u))
			bitv[6*i+3], bitv[6*i+4], bitv[6*i+5] = int32(bits.OnesCount64(w)), int32(bits.LeadingZeros64(w)), ffs(w)
			rev[2*i], rev[2*i+1], rev64[i] = bits.Reverse32(u), uint32(bits.Reverse64(w)), bits.Reverse64(w)
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args: []arg{bufArg(u32Array(a)), zerosArg(npy.Int32, 6*n), zerosArg(npy.Uint32, 2*n), zerosArg(npy.Uint64, n),
				s32Arg(int32(n))},
			checks: []check{{arg: 1, want: i32Array(bitv)}, {arg: 2, want: u32Array(rev)}, {arg: 3, want: u64Array(rev64)}},
		}
	}},
	{file: "intops", kernel: "bitfields", launch: func(string) kernelCase {
		const n = 256
		r := newRand(45)
		a, b := r.u32s(n), r.u32s(n)
		pl := make([]uint32, 2*n)
		for i := range pl {
			pl[i] = uint32(r.IntN(40))
		}
		bfeu, bfes, bfi, perm, permSign := make([]uint32, n), make([]int32, n), make([]uint32, n), make([]uint32, n), make([]uint32, n)
		for i := range a {
			x, y, pos, ln := a[i], b[i], pl[2*i], pl[2*i+1]
			bfeu[i] = bfe(x, pos, ln, false)
			bfes[i] = int32(bfe(x, pos, ln, true))
			bfi[i] = bfiRef(x, y, pos, ln)
			perm[i] = prmt(x, y, (y^(x>>7))&0x7777) // __byte_perm uses 3 bits per selector
			permSign[i] = prmt(x, y, y^(x>>7))
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args: []arg{bufArg(u32Array(a)), bufArg(u32Array(b)), bufArg(u32Array(pl)), zerosArg(npy.Uint32, n),
				zerosArg(npy.Int32, n), zerosArg(npy.Uint32, n), zerosArg(npy.Uint32, n), zerosArg(npy.Uint32, n), s32Arg(n)},
			checks: []check{{arg: 3, want: u32Array(bfeu)}, {arg: 4, want: i32Array(bfes)}, {arg: 5, want: u32Array(bfi)},
				{arg: 6, want: u32Array(perm)}, {arg: 7, want: u32Array(permSign)}},
		}
	}},
	{file: "intops", kernel: "mul_hi", launch: func(string) kernelCase {
		const n = 256
		r := newRand(46)
		a, b := r.i32s(n, math.MinInt32, math.MaxInt32), r.i32s(n, math.MinInt32, math.MaxInt32)
		a[0], b[0], a[1], b[1] = math.MinInt32, math.MinInt32, -1, -1
		hi, hi64 := make([]int32, 2*n), make([]int64, 2*n)
		for i := range a {
			x, y := a[i], b[i]
			hi[2*i] = int32(int64(x) * int64(y) >> 32)
			hi[2*i+1] = int32(uint32(uint64(uint32(x)) * uint64(uint32(y)) >> 32))
			X := int64(uint64(int64(x)) * 0x1F2E3D4C5B)
			Y := int64(uint64(int64(y)) * 0xFFFFFF8594A3B2C2)
			uhi, _ := bits.Mul64(uint64(X), uint64(Y))
			hi64[2*i], hi64[2*i+1] = mulHi64(X, Y), int64(uhi)
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args:   []arg{bufArg(i32Array(a)), bufArg(i32Array(b)), zerosArg(npy.Int32, 2*n), zerosArg(npy.Int64, 2*n), s32Arg(n)},
			checks: []check{{arg: 2, want: i32Array(hi)}, {arg: 3, want: i64Array(hi64)}},
		}
	}},
}

// softmaxCase is both softmax kernels' launch: 6 rows of 300.
func softmaxCase(tl tol) kernelCase {
	const rows, cols = 6, 300
	x := newRand(47).f32s(rows*cols, -4, 4)
	y := make([]float32, rows*cols)
	for r := range rows {
		row := x[r*cols : (r+1)*cols]
		m := math.Inf(-1)
		for _, v := range row {
			m = math.Max(m, float64(v))
		}
		var s float64
		for _, v := range row {
			s += math.Exp(float64(v) - m)
		}
		for c, v := range row {
			y[r*cols+c] = float32(math.Exp(float64(v)-m) / s)
		}
	}
	X := f32Array(x)
	X.Shape = []int{rows, cols}
	return kernelCase{
		grid: dim3{rows, 1, 1}, block: dim3{128, 1, 1},
		args:   []arg{bufArg(X), zerosArg(npy.Float32, rows*cols), s32Arg(cols)},
		checks: []check{{arg: 1, want: f32Array(y), tol: tl}},
	}
}

// layernormCase is both layer normalizations' launch: 5 rows of 300.
func layernormCase() kernelCase {
	const rows, cols, eps = 5, 300, float32(1e-5)
	r := newRand(48)
	x, gamma, beta := r.f32s(rows*cols, -2, 3), r.f32s(cols, 0.5, 1.5), r.f32s(cols, -1, 1)
	y, mean, rstd := make([]float32, rows*cols), make([]float32, rows), make([]float32, rows)
	for i := range rows {
		row := x[i*cols : (i+1)*cols]
		var s, q float64
		for _, v := range row {
			s += float64(v)
		}
		mu := s / cols
		for _, v := range row {
			q += (float64(v) - mu) * (float64(v) - mu)
		}
		rs := 1 / math.Sqrt(q/cols+float64(eps))
		for c, v := range row {
			y[i*cols+c] = float32((float64(v)-mu)*rs*float64(gamma[c]) + float64(beta[c]))
		}
		mean[i], rstd[i] = float32(mu), float32(rs)
	}
	return kernelCase{
		grid: dim3{rows, 1, 1}, block: dim3{128, 1, 1},
		args: []arg{bufArg(f32Array(x)), bufArg(f32Array(gamma)), bufArg(f32Array(beta)), zerosArg(npy.Float32, rows*cols),
			zerosArg(npy.Float32, rows), zerosArg(npy.Float32, rows), s32Arg(cols), f32Arg(eps)},
		checks: []check{{arg: 3, want: f32Array(y), tol: layernormTol}, {arg: 4, want: f32Array(mean), tol: layernormTol},
			{arg: 5, want: f32Array(rstd), tol: layernormTol}},
	}
}

// funnelL is the high word of hi:lo shifted left by n ≤ 32 (shf.l),
// funnelR the low word of hi:lo shifted right by n (shf.r).
//
// They are written with 32-bit shifts by less than 32 on purpose: Go
// 1.26.8 miscompiles uint32(uint64(hi)<<32|uint64(lo)) << min(k, 32) >> 32
// in a function that also shifts a uint32 by k (it shifts by k, not 32,
// when k > 32).
func funnelL(lo, hi, n uint32) uint32 {
	switch n {
	case 0:
		return hi
	case 32:
		return lo
	}
	return hi<<n | lo>>(32-n)
}

func funnelR(lo, hi, n uint32) uint32 {
	switch n {
	case 0:
		return lo
	case 32:
		return hi
	}
	return lo>>n | hi<<(32-n)
}

// TestFunnelShifts checks funnelL and funnelR on values worked by hand.
func TestFunnelShifts(t *testing.T) {
	const lo, hi = 0x12345678, 0x9abcdef0
	tests := []struct{ n, left, right uint32 }{
		{0, hi, lo}, {4, 0xabcdef01, 0x01234567}, {16, 0xdef01234, 0xdef01234}, {31, 0x091a2b3c, 0x3579bde0}, {32, lo, hi},
	}
	for _, tc := range tests {
		if got := funnelL(lo, hi, tc.n); got != tc.left {
			t.Errorf("funnelL(%#x, %#x, %d) = %#x, want %#x", lo, hi, tc.n, got, tc.left)
		}
		if got := funnelR(lo, hi, tc.n); got != tc.right {
			t.Errorf("funnelR(%#x, %#x, %d) = %#x, want %#x", lo, hi, tc.n, got, tc.right)
		}
	}
	if clamp32(33) != 32 || clamp32(32) != 32 || clamp32(7) != 7 {
		t.Errorf("clamp32 is not min(k, 32)")
	}
}

// clamp32 is min(k, 32) (see funnelL for why not min).
func clamp32(k uint32) uint32 {
	if k >= 32 {
		return 32
	}
	return k
}

// bfe is PTX's bfe.u32/bfe.s32: len bits of a from bit pos; positions past
// bit 31 read the sign bit (signed) or 0; a zero length gives 0.
func bfe(a, pos, ln uint32, signed bool) uint32 {
	pos, ln = pos&0xff, ln&0xff
	var sbit uint32
	if signed && ln > 0 {
		sbit = a >> min(pos+ln-1, 31) & 1
	}
	var d uint32
	for i := range uint32(32) {
		bit := sbit
		if i < ln && pos+i <= 31 {
			bit = a >> (pos + i) & 1
		}
		d |= bit << i
	}
	if ln == 0 {
		return 0
	}
	return d
}

// bfiRef is PTX's bfi.b32: b with len bits from pos replaced by a's low
// bits (bits past 31 dropped).
func bfiRef(a, b, pos, ln uint32) uint32 {
	pos, ln = pos&0xff, ln&0xff
	for i := uint32(0); i < ln && pos+i <= 31; i++ {
		b = b&^(1<<(pos+i)) | (a>>i&1)<<(pos+i)
	}
	return b
}

// prmt is PTX's prmt.b32 in its default mode: byte n of the result is
// byte (c >> 4n) & 7 of b:a, or that byte's sign bit replicated when
// bit 3 of the selector is set.
func prmt(a, b, c uint32) uint32 {
	src := uint64(b)<<32 | uint64(a)
	var d uint32
	for n := range 4 {
		sel := c >> (4 * n) & 0xf
		byt := uint32(src>>(8*(sel&7))) & 0xff
		if sel&8 != 0 {
			byt = 0
			if src>>(8*(sel&7)+7)&1 != 0 {
				byt = 0xff
			}
		}
		d |= byt << (8 * n)
	}
	return d
}

// exactInt is an integer as an exact value.
func exactInt(v *big.Int) *big.Float { return new(big.Float).SetPrec(exactPrec).SetInt(v) }
