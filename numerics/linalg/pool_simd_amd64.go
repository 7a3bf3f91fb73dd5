//go:build goexperiment.simd && amd64

package linalg

import "simd/archsimd"

// poolTapSIMD takes the tap row[ox*s + off] into dst[ox] for as many
// outputs from a on as whole vectors cover (f32, strides 1 and 2: the
// stride-2 taps load two vectors of the row and keep its even elements)
// and returns the first output it left to poolTap. The rule is
// numerics.PoolMax lane by lane (v > m || v is NaN), so the results are
// the scalar code's bits.
func poolTapSIMD[T Number](dst, row []T, s, off, a int) int {
	d, ok := any(dst).([]float32)
	if !ok || s > 2 || simdLevel == 0 {
		return a
	}
	r := any(row).([]float32)
	switch {
	case use512() && s == 1:
		for ; a+16 <= len(d); a += 16 {
			m := archsimd.LoadFloat32x16Slice(d[a:])
			v := archsimd.LoadFloat32x16Slice(r[a+off:])
			v.Merge(m, v.Greater(m).Or(v.IsNaN())).StoreSlice(d[a:])
		}
	case use512():
		even := archsimd.LoadUint32x16(&poolEven16)
		for ; a+16 <= len(d) && 2*a+off+32 <= len(r); a += 16 {
			m := archsimd.LoadFloat32x16Slice(d[a:])
			ix := 2*a + off
			v := archsimd.LoadFloat32x16Slice(r[ix:]).ConcatPermute(archsimd.LoadFloat32x16Slice(r[ix+16:]), even)
			v.Merge(m, v.Greater(m).Or(v.IsNaN())).StoreSlice(d[a:])
		}
	case s == 1:
		for ; a+8 <= len(d); a += 8 {
			m := archsimd.LoadFloat32x8Slice(d[a:])
			v := archsimd.LoadFloat32x8Slice(r[a+off:])
			v.Merge(m, v.Greater(m).Or(v.IsNaN())).StoreSlice(d[a:])
		}
	default:
		order := archsimd.LoadUint32x8(&poolEven8)
		for ; a+8 <= len(d) && 2*a+off+16 <= len(r); a += 8 {
			m := archsimd.LoadFloat32x8Slice(d[a:])
			ix := 2*a + off
			// Within each 128-bit half the even elements of both vectors,
			// then the halves' pairs in order.
			v := archsimd.LoadFloat32x8Slice(r[ix:]).SelectFromPairGrouped(0, 2, 4, 6, archsimd.LoadFloat32x8Slice(r[ix+8:])).Permute(order)
			v.Merge(m, v.Greater(m).Or(v.IsNaN())).StoreSlice(d[a:])
		}
	}
	return a
}

// poolEven16 selects the even elements of two concatenated 16-lane
// vectors; poolEven8 orders the result of an 8-lane grouped selection
// (a0 a2 a8 a10 | a4 a6 a12 a14) as a0 a2 a4 a6 a8 a10 a12 a14.
var (
	poolEven16 = [16]uint32{0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30}
	poolEven8  = [8]uint32{0, 1, 4, 5, 2, 3, 6, 7}
)
