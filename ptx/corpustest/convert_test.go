package corpustest

import (
	"math"
	"math/big"

	"github.com/tt-compiler/tt/runtime/npy"
)

// References of convert.cu, half.cu and mma.cu. Every operation there is
// correctly rounded in a stated mode (or exact), so the references compute
// the exact result (round_test.go) and round it once, and the comparison
// is exact; __saturatef compares values (the sign of a zero result is not
// specified).

// specialsF32 are the f32 inputs every conversion sees: zeros, halfway
// cases, the edges of the integer ranges, infinities, NaN, subnormals.
var specialsF32 = []float32{
	0, float32(math.Copysign(0, -1)), 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997, -0.7, 1, -1,
	2147483520, 2147483648, -2147483648, -2147483904, 4294967040, 4294967296, 9.2233715e18, 9.223372e18,
	-9.223372e18, 1e19, -1e19, float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
	1e-40, -1e-40, 65504, 65519.996, 65520, 1e5, 6.1e-5, 5.96e-8, 2.98e-8, 1.00048828125, 1.0009765625,
	1.00390625, 1.01171875, 3.4028235e38, -3.4028235e38, 1.1754942e-38, 0.33333334, -0.33333334,
}

func convertInputs(seed uint64, n int) []float32 {
	x := append([]float32(nil), specialsF32...)
	r := newRand(seed)
	for len(x) < n {
		x = append(x, float32(r.wideFloat64(-30, 70)))
	}
	return x
}

var convertKernels = []corpusKernel{
	{file: "convert", kernel: "f32_to_int", launch: func(string) kernelCase {
		x := convertInputs(51, 200)
		n := len(x)
		i32, u32, i64, sat := make([]int32, 4*n), make([]uint32, 4*n), make([]int64, 4*n), make([]float32, n)
		for i, v := range x {
			for k, m := range modes {
				i32[4*i+k] = int32(cvtInt(float64(v), m, minI32, maxI32).Int64())
				u32[4*i+k] = uint32(cvtInt(float64(v), m, zero, maxU32).Uint64())
				i64[4*i+k] = cvtInt(float64(v), m, minI64, maxI64).Int64()
			}
			sat[i] = float32(math.Min(math.Max(float64(v), 0), 1))
			if v != v {
				sat[i] = 0
			}
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args: []arg{bufArg(f32Array(x)), zerosArg(npy.Int32, 4*n), zerosArg(npy.Uint32, 4*n), zerosArg(npy.Int64, 4*n),
				zerosArg(npy.Float32, n), s32Arg(int32(n))},
			checks: []check{{arg: 1, want: i32Array(i32)}, {arg: 2, want: u32Array(u32)}, {arg: 3, want: i64Array(i64)},
				{arg: 4, want: f32Array(sat), tol: tol{value: true}}},
		}
	}},
	{file: "convert", kernel: "f32_to_half", launch: func(string) kernelCase {
		x := convertInputs(52, 200)
		n := len(x)
		h, bf := make([]uint16, 4*n), make([]float32, 4*n)
		for i, v := range x {
			for k, m := range modes {
				h[4*i+k] = f16Bits(cvtFloat(float64(v), f16, m))
				bf[4*i+k] = float32(cvtFloat(float64(v), bf16, m))
			}
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args:   []arg{bufArg(f32Array(x)), zerosArg(npy.Float16, 4*n), zerosArg(npy.Float32, 4*n), s32Arg(int32(n))},
			checks: []check{{arg: 1, want: f16Array(h)}, {arg: 2, want: f32Array(bf)}},
		}
	}},
	{file: "convert", kernel: "int_to_f32", launch: func(string) kernelCase {
		a := []int32{0, 1, -1, 16777216, 16777217, 16777219, -16777217, math.MaxInt32, math.MinInt32, math.MaxInt32 - 64}
		b := []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 1<<53 + 1, -(1<<53 + 1), 1<<24 + 1, 1 << 62, -(1<<40 + 3)}
		r := newRand(53)
		for len(a) < 160 {
			a = append(a, int32(r.Uint32())>>r.IntN(31))
			b = append(b, int64(r.Uint64())>>r.IntN(63))
		}
		n := len(a)
		f := make([]float32, 12*n)
		for i := range a {
			for k, m := range modes {
				f[12*i+k] = float32(roundTo(exactInt(big.NewInt(int64(a[i]))), f32, m))
				f[12*i+4+k] = float32(roundTo(exactInt(new(big.Int).SetUint64(uint64(uint32(a[i])))), f32, m))
				f[12*i+8+k] = float32(roundTo(exactInt(big.NewInt(b[i])), f32, m))
			}
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args:   []arg{bufArg(i32Array(a)), bufArg(i64Array(b)), zerosArg(npy.Float32, 12*n), s32Arg(int32(n))},
			checks: []check{{arg: 2, want: f32Array(f)}},
		}
	}},
	{file: "convert", kernel: "f32_rounding", launch: func(string) kernelCase {
		// Finite, non-zero pairs: ties, overflowing sums and products,
		// subnormal products and quotients, inexact quotients.
		x := []float32{1, 1, 3e38, 3e38, -3e38, 1e-30, 1e-38, 1, 16777216, 2, 0.1, -7}
		y := []float32{0x1p-24, 3, 3e38, 2, 3e38, 1e-20, 1e30, 1e-40, 1, 1.5, 3, 0.3}
		r := newRand(54)
		for len(x) < 200 {
			x = append(x, float32(r.wideFloat64(-70, 70)))
			y = append(y, float32(r.wideFloat64(-70, 70)))
		}
		n := len(x)
		out := make([]float32, 26*n)
		for i := range x {
			a, b := x[i], y[i]
			o := out[26*i:]
			for k, m := range modes {
				o[k] = add32(a, b, m)
				o[4+k] = mul32(a, b, m)
				o[8+k] = div32(a, b, m)
				o[12+k] = fma32(a, b, a, m)
				o[16+k] = sqrt32(float32(math.Abs(float64(a))), m)
				o[20+k] = div32(1, b, m)
			}
			o[24], o[25] = sub32(a, b, rn), sub32(a, b, rz)
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args:   []arg{bufArg(f32Array(x)), bufArg(f32Array(y)), zerosArg(npy.Float32, 26*n), s32Arg(int32(n))},
			checks: []check{{arg: 2, want: f32Array(out)}},
		}
	}},
	{file: "convert", kernel: "f64_rounding", launch: func(string) kernelCase {
		x := []float64{1 + 0x1p-24, 1 + 0x1p-24 + 0x1p-50, 0x1p-149 * 1.5, 0x1p-150, 1e39, -1e39, 2.5, -2.5,
			3e9, -3e9, 1e300, 1e-300, 0.1}
		y := []float64{3, 1e-300, 1e300, 7, 1e300, 1e-10, 0.1, 3, -1e-5, 1e10, 1e10, 1e-300, 0.2}
		r := newRand(55)
		for len(x) < 200 {
			x = append(x, r.wideFloat64(-500, 500))
			y = append(y, r.wideFloat64(-500, 500))
		}
		n := len(x)
		f, i32, d := make([]float32, 4*n), make([]int32, 4*n), make([]float64, 20*n)
		for i := range x {
			a, b := x[i], y[i]
			o := d[20*i:]
			for k, m := range modes {
				f[4*i+k] = float32(cvtFloat(a, f32, m))
				i32[4*i+k] = int32(cvtInt(a, m, minI32, maxI32).Int64())
				o[k] = add64(a, b, m)
				o[4+k] = mul64(a, b, m)
				o[8+k] = div64(a, b, m)
				o[12+k] = fma64(a, b, a, m)
				o[16+k] = sqrt64(math.Abs(a), m)
			}
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args: []arg{bufArg(f64Array(x)), bufArg(f64Array(y)), zerosArg(npy.Float32, 4*n), zerosArg(npy.Int32, 4*n),
				zerosArg(npy.Float64, 20*n), s32Arg(int32(n))},
			checks: []check{{arg: 2, want: f32Array(f)}, {arg: 3, want: i32Array(i32)}, {arg: 4, want: f64Array(d)}},
		}
	}},
	{file: "half", kernel: "half_arith", launch: func(string) kernelCase {
		a, b := halfInputs(61, 256)
		n := len(a)
		out, lt, wide := make([]uint16, 8*n), make([]int32, n), make([]float32, n)
		for i := range a {
			x, y := f16Value(a[i]), f16Value(b[i])
			o := out[8*i:]
			o[0] = f16Bits(roundSum(exactAdd(x, y), x < 0, y < 0, f16, rn))
			o[1] = f16Bits(roundSum(exactAdd(x, -y), x < 0, y > 0, f16, rn))
			o[2] = f16Bits(roundTo(exactMul(x, y), f16, rn))
			o[3] = f16Bits(fmaRound(x, y, y, f16, rn))
			o[4], o[5] = a[i]^0x8000, a[i]&0x7fff
			o[6], o[7] = a[i], b[i]
			if x < y {
				o[6], o[7] = b[i], a[i]
			}
			lt[i] = b2i(x < y)
			wide[i] = float32(x) + float32(y)
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args: []arg{bufArg(f16Array(a)), bufArg(f16Array(b)), zerosArg(npy.Float16, 8*n), zerosArg(npy.Int32, n),
				zerosArg(npy.Float32, n), s32Arg(int32(n))},
			checks: []check{{arg: 2, want: f16Array(out)}, {arg: 3, want: i32Array(lt)}, {arg: 4, want: f32Array(wide)}},
		}
	}},
	{file: "half", kernel: "half2_arith", launch: func(string) kernelCase {
		a, b := halfInputs(62, 256) // 128 pairs
		pairs := len(a) / 2
		out := make([]uint16, 6*pairs)
		for p := range pairs {
			for h := range 2 {
				x, y := f16Value(a[2*p+h]), f16Value(b[2*p+h])
				out[6*p+h] = f16Bits(roundSum(exactAdd(x, y), x < 0, y < 0, f16, rn))
				out[6*p+2+h] = f16Bits(roundTo(exactMul(x, y), f16, rn))
				out[6*p+4+h] = f16Bits(fmaRound(x, y, y, f16, rn))
			}
		}
		return kernelCase{
			grid: dim3{1, 1, 1}, block: dim3{160, 1, 1},
			args:   []arg{bufArg(f16Array(a)), bufArg(f16Array(b)), zerosArg(npy.Float16, 6*pairs), s32Arg(int32(pairs))},
			checks: []check{{arg: 2, want: f16Array(out)}},
		}
	}},
	{file: "half", kernel: "bf16_arith", launch: func(target string) kernelCase {
		const n = 256
		r := newRand(63)
		a, b := make([]float32, n), make([]float32, n)
		for i := range a {
			a[i], b[i] = float32(r.wideFloat64(-12, 12)), float32(r.wideFloat64(-12, 12))
		}
		out := make([]float32, 6*n)
		toBF := func(v *big.Float) float32 { return float32(roundTo(v, bf16, rn)) }
		for i := range a {
			x, y := float64(toBF(exact(float64(a[i])))), float64(toBF(exact(float64(b[i]))))
			o := out[6*i:]
			o[0], o[1] = float32(x), float32(y)
			if target == "sm_70" {
				// No bf16 arithmetic before sm_80: f32 first, then bf16.
				x32, y32 := float32(x), float32(y)
				o[2] = toBF(exact(float64(x32 + y32)))
				o[3] = toBF(exact(float64(mul32(x32, y32, rn))))
				o[4] = toBF(exact(float64(fma32(x32, y32, y32, rn))))
			} else {
				o[2] = float32(roundSum(exactAdd(x, y), x < 0, y < 0, bf16, rn))
				o[3] = toBF(exactMul(x, y))
				o[4] = float32(fmaRound(x, y, y, bf16, rn))
			}
			o[5] = float32(math.Max(x, y))
		}
		return kernelCase{
			grid: dim3{2, 1, 1}, block: dim3{128, 1, 1},
			args:   []arg{bufArg(f32Array(a)), bufArg(f32Array(b)), zerosArg(npy.Float32, 6*n), s32Arg(n)},
			checks: []check{{arg: 2, want: f32Array(out)}},
		}
	}},
	{file: "mma", kernel: "mma_f16_m16n8k16", targets: mmaTargets, launch: func(string) kernelCase {
		a, b, c, d := mmaInputs(71, 16)
		ah, bh := make([]uint16, len(a)), make([]uint16, len(b))
		for i := range a {
			ah[i] = f16Bits(float64(a[i]))
		}
		for i := range b {
			bh[i] = f16Bits(float64(b[i]))
		}
		return mmaCase(f16Array(ah), f16Array(bh), c, d)
	}},
	{file: "mma", kernel: "mma_bf16_m16n8k16", targets: mmaTargets, launch: func(string) kernelCase {
		a, b, c, d := mmaInputs(72, 16)
		return mmaCase(u32Array(packBF16(a)), u32Array(packBF16(b)), c, d)
	}},
	{file: "mma", kernel: "mma_bf16_m16n8k8", targets: mmaTargets, launch: func(string) kernelCase {
		a, b, c, d := mmaInputs(73, 8)
		return mmaCase(f32Array(a), f32Array(b), c, d)
	}},
	{file: "mma", kernel: "mma_tf32_m16n8k8", targets: mmaTargets, launch: func(string) kernelCase {
		a, b, c, d := mmaInputs(74, 8)
		return mmaCase(f32Array(a), f32Array(b), c, d)
	}},
}

// mmaTargets: mma.cu is compiled for sm_80 and sm_90 only.
var mmaTargets = []string{"sm_80", "sm_90"}

// mmaTiles is the number of 16x8 tiles (blocks of one warp) per launch.
const mmaTiles = 2

// mmaInputs returns, for mmaTiles tiles, A (16xK row-major), B (8 columns
// of K), C and the expected D = A·B + C (16x8 row-major). The inputs are
// multiples of 1/4 in [-2, 2], so every product and sum is exact in f32
// and the order in which the hardware accumulates does not matter.
func mmaInputs(seed uint64, k int) (a, b, c, d []float32) {
	r := newRand(seed)
	a, b, c = r.grid(mmaTiles*16*k), r.grid(mmaTiles*8*k), r.grid(mmaTiles*16*8)
	d = make([]float32, len(c))
	for t := range mmaTiles {
		for m := range 16 {
			for n := range 8 {
				s := float64(c[t*128+m*8+n])
				for kk := range k {
					s += float64(a[t*16*k+m*k+kk]) * float64(b[t*8*k+n*k+kk])
				}
				d[t*128+m*8+n] = float32(s)
			}
		}
	}
	return a, b, c, d
}

func mmaCase(a, b *npy.Array, c, d []float32) kernelCase {
	return kernelCase{
		grid: dim3{mmaTiles, 1, 1}, block: dim3{32, 1, 1},
		args:   []arg{bufArg(a), bufArg(b), bufArg(f32Array(c)), zerosArg(npy.Float32, len(d))},
		checks: []check{{arg: 3, want: f32Array(d)}},
	}
}

// packBF16 stores exactly representable values as bf16 bits, two per
// uint32 (element 2j in the low half), which is their layout in memory.
func packBF16(v []float32) []uint32 {
	out := make([]uint32, (len(v)+1)/2)
	for i, x := range v {
		out[i/2] |= uint32(bf16Bits(float64(x))) << (16 * (i % 2))
	}
	return out
}

// halfInputs returns n pairs of f16 bit patterns: normal numbers with
// exponents in [-10, 10] and both signs, plus pairs whose sums and
// products overflow and a subnormal.
func halfInputs(seed uint64, n int) (a, b []uint16) {
	a = []uint16{0x7a00, 0x7bff, 0xfbff, 0x0001, 0x3c00, 0x3c01} // 49152, 65504, -65504, 2^-24, 1, 1+2^-10
	b = []uint16{0x7a00, 0x7bff, 0x3c00, 0x3c00, 0x1400, 0xbc00} // 49152, 65504, 1, 1, 2^-10, -1
	r := newRand(seed)
	for len(a) < n {
		h := func() uint16 { return uint16(r.IntN(2))<<15 | uint16(5+r.IntN(21))<<10 | uint16(r.IntN(1024)) }
		a, b = append(a, h()), append(b, h())
	}
	return a, b
}
