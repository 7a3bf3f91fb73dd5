//go:build goexperiment.simd && amd64

package numerics

// The vector forms of the fast f32 functions, 8 lanes (AVX2). Each lane
// computes exactly what the scalar function computes: the same range
// reduction, the same polynomial evaluated in the same order with every
// product rounded before the following addition (archsimd's Mul and Add
// are separate instructions, never fused), and the special values the
// scalar function handles with branches chosen lane by lane with masks.
// The results are bitwise equal to the scalar function's (NaN payloads
// aside); f32xn_amd64_test.go checks it over dense sweeps of all float32
// values. The 16-lane forms (f32x16_amd64.go, AVX-512) are generated from
// this file by internal/simdgen: edit this one and run go generate.

import (
	"math"
	"simd/archsimd"
)

// f32x8 returns c in every lane.
func f32x8(c float32) archsimd.Float32x8 { return archsimd.BroadcastFloat32x8(c) }

// i32x8 returns c in every lane.
func i32x8(c int32) archsimd.Int32x8 { return archsimd.BroadcastInt32x8(c) }

// absF32x8 returns |x| lane by lane (the sign bit cleared).
func absF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	return x.AsInt32x8().And(i32x8(math.MaxInt32)).AsFloat32x8()
}

// negF32x8 returns -x lane by lane (the sign bit flipped, as Go's -x).
func negF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	return x.AsInt32x8().Xor(i32x8(math.MinInt32)).AsFloat32x8()
}

// signedF32x8 returns y with the sign of x, for y without a sign bit:
// copysign(y, x), or -y where x is negative when y >= 0.
func signedF32x8(y, x archsimd.Float32x8) archsimd.Float32x8 {
	return y.AsInt32x8().Or(x.AsInt32x8().And(i32x8(math.MinInt32))).AsFloat32x8()
}

// ExpF32x8 is ExpF32 in each of 8 lanes, bitwise equal to it: the range
// reduction, expPoly and ldexp's two scalings in every lane, then the
// special values.
func ExpF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	f := x.Mul(f32x8(log2e)).Add(f32x8(magic))
	n := f.AsInt32x8().Sub(i32x8(magicBits))
	fn := f.Sub(f32x8(magic))
	r := x.Sub(fn.Mul(f32x8(ln2Hi)))
	r = r.Sub(fn.Mul(f32x8(ln2Lo)))
	p := f32x8(expP0).Mul(r).Add(f32x8(expP1))
	p = p.Mul(r).Add(f32x8(expP2))
	p = p.Mul(r).Add(f32x8(expP3))
	p = p.Mul(r).Add(f32x8(expP4))
	p = p.Mul(r).Add(f32x8(expP5))
	p = p.Mul(r.Mul(r)).Add(r).Add(f32x8(1))
	h := n.ShiftAllRight(1)
	p = p.Mul(h.Add(i32x8(127)).ShiftAllLeft(23).AsFloat32x8())
	p = p.Mul(n.Sub(h).Add(i32x8(127)).ShiftAllLeft(23).AsFloat32x8())
	p = f32x8(float32(math.Inf(1))).Merge(p, x.Greater(f32x8(expMax)))
	p = f32x8(0).Merge(p, x.Less(f32x8(expMin)))
	return x.Merge(p, x.IsNaN())
}

// SigmoidF32x8 is SigmoidF32 in each of 8 lanes, bitwise equal to it.
func SigmoidF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	return f32x8(1).Div(f32x8(1).Add(ExpF32x8(negF32x8(x))))
}

// LogF32x8 is LogF32 in each of 8 lanes, bitwise equal to it.
func LogF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	sub := x.Greater(f32x8(0)).And(x.Less(f32x8(0x1p-126)))
	xs := x.Mul(f32x8(two23)).Merge(x, sub)
	b := xs.AsInt32x8()
	k := i32x8(-23).Masked(sub).Add(b.ShiftAllRight(23)).Sub(i32x8(127))
	m := b.And(i32x8(0x007fffff)).Or(i32x8(0x3f800000)).AsFloat32x8()
	above := m.Greater(f32x8(2 * sqrtHalf))
	m = m.Mul(f32x8(0.5)).Merge(m, above)
	k = k.Sub(above.ToInt32x8()) // true lanes hold -1
	f := m.Sub(f32x8(1))
	z := f.Mul(f)
	y := f32x8(logP0).Mul(f).Add(f32x8(logP1))
	y = y.Mul(f).Add(f32x8(logP2))
	y = y.Mul(f).Add(f32x8(logP3))
	y = y.Mul(f).Add(f32x8(logP4))
	y = y.Mul(f).Add(f32x8(logP5))
	y = y.Mul(f).Add(f32x8(logP6))
	y = y.Mul(f).Add(f32x8(logP7))
	y = y.Mul(f).Add(f32x8(logP8))
	y = y.Mul(f).Mul(z)
	fk := k.ConvertToFloat32()
	y = y.Add(fk.Mul(f32x8(ln2Lo)))
	y = y.Sub(z.Mul(f32x8(0.5)))
	y = f.Add(y).Add(fk.Mul(f32x8(ln2Hi)))
	y = x.Merge(y, x.Equal(f32x8(float32(math.Inf(1)))).Or(x.IsNaN()))
	y = f32x8(float32(math.Inf(-1))).Merge(y, x.Equal(f32x8(0)))
	return f32x8(float32(math.NaN())).Merge(y, x.Less(f32x8(0)))
}

// TanhF32x8 is TanhF32 in each of 8 lanes, bitwise equal to it. Every
// lane evaluates both the odd polynomial and the exponential form (the
// exponential's argument capped at 20, TanhF32's largest).
func TanhF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	ax := absF32x8(x)
	z := x.Mul(x)
	p := f32x8(tanhP0).Mul(z).Add(f32x8(tanhP1))
	p = p.Mul(z).Add(f32x8(tanhP2))
	p = p.Mul(z).Add(f32x8(tanhP3))
	p = p.Mul(z).Add(f32x8(tanhP4))
	y := p.Mul(z).Mul(x).Add(x).Merge(x, ax.GreaterEqual(f32x8(tanhTiny))) // x where tiny or NaN
	e := ExpF32x8(ax.Min(f32x8(tanhOne)).Mul(f32x8(2)))
	big := signedF32x8(f32x8(1).Sub(f32x8(2).Div(e.Add(f32x8(1)))), x)
	y = big.Merge(y, ax.Greater(f32x8(tanhSmall)))
	return signedF32x8(f32x8(1), x).Merge(y, ax.Greater(f32x8(tanhOne)))
}

// erfCoefF32x8 returns row j of erfTable at index k, lane by lane.
func erfCoefF32x8(j int, k archsimd.Uint32x8) archsimd.Float32x8 {
	return archsimd.LoadFloat32x8Slice(erfTable[j][:]).Permute(k)
}

// ErfF32x8 is ErfF32 in each of 8 lanes, bitwise equal to it: the
// coefficients of each lane's interval are looked up in erfTable with a
// permutation.
func ErfF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	a := absF32x8(x)
	k := a.Mul(f32x8(2)).ConvertToInt32().AsUint32x8()
	g := a.Sub(erfCoefF32x8(0, k))
	small := a.Less(f32x8(erfSmall))
	h := a.Merge(erfCoefF32x8(1, k), small)
	u := a.Mul(a).Merge(g, small)
	p := erfCoefF32x8(2, k).Mul(u).Add(erfCoefF32x8(3, k))
	p = p.Mul(u).Add(erfCoefF32x8(4, k))
	p = p.Mul(u).Add(erfCoefF32x8(5, k))
	p = p.Mul(u).Add(erfCoefF32x8(6, k))
	p = p.Mul(u).Add(erfCoefF32x8(7, k))
	p = p.Mul(u).Add(erfCoefF32x8(8, k))
	r := h.Add(g.Mul(p))
	return signedF32x8(f32x8(1).Merge(r, a.GreaterEqual(f32x8(erfOne))), x)
}

// GeluF32x8 is GeluF32 in each of 8 lanes, bitwise equal to it.
func GeluF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	half := x.Mul(f32x8(0.5))
	return half.Mul(f32x8(1).Add(ErfF32x8(x.Mul(f32x8(GeluInvSqrt2)))))
}

// GeluTanhF32x8 is GeluTanhF32 in each of 8 lanes, bitwise equal to it.
func GeluTanhF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	cube := x.Mul(x).Mul(x)
	poly := x.Add(f32x8(GeluTanhCubic).Mul(cube))
	half := x.Mul(f32x8(0.5))
	return half.Mul(f32x8(1).Add(TanhF32x8(f32x8(GeluTanhBeta).Mul(poly))))
}

// RsqrtF32x8 is Rsqrt[float32] in each of 8 lanes, bitwise equal to it:
// the correctly rounded square root, then the division.
func RsqrtF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	return f32x8(1).Div(x.Sqrt())
}

// ReciprocalF32x8 is Reciprocal[float32] in each of 8 lanes, bitwise
// equal to it.
func ReciprocalF32x8(x archsimd.Float32x8) archsimd.Float32x8 {
	return f32x8(1).Div(x)
}
