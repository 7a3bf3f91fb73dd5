//go:build goexperiment.simd && amd64

package linalg

import "simd/archsimd"

// epilogueRowSIMD applies a bias and relu epilogue (or either) to an f32
// row segment with vector adds and compares, and reports whether it did
// (gelu stays with epilogueRow's element rules). Lane by lane it computes
// what epilogueRow does: c + bias rounded once, then x < 0 ? 0 : x (-0
// and NaN kept), so the bits are the same.
func epilogueRowSIMD[T Number](row, bias []T, act Activation) bool {
	r, ok := any(row).([]float32)
	if !ok || simdLevel == 0 || (act != ActNone && act != ActReLU) {
		return false
	}
	var b []float32
	if bias != nil {
		b = any(bias).([]float32)[:len(r)]
	}
	relu := act == ActReLU
	j := 0
	if use512() {
		zero := archsimd.BroadcastFloat32x16(0)
		for ; j+16 <= len(r); j += 16 {
			v := archsimd.LoadFloat32x16Slice(r[j:])
			if b != nil {
				v = v.Add(archsimd.LoadFloat32x16Slice(b[j:]))
			}
			if relu {
				v = zero.Merge(v, v.Less(zero))
			}
			v.StoreSlice(r[j:])
		}
	} else {
		zero := archsimd.BroadcastFloat32x8(0)
		for ; j+8 <= len(r); j += 8 {
			v := archsimd.LoadFloat32x8Slice(r[j:])
			if b != nil {
				v = v.Add(archsimd.LoadFloat32x8Slice(b[j:]))
			}
			if relu {
				v = zero.Merge(v, v.Less(zero))
			}
			v.StoreSlice(r[j:])
		}
	}
	for ; j < len(r); j++ {
		v := r[j]
		if b != nil {
			v += b[j]
		}
		if relu && v < 0 {
			v = 0
		}
		r[j] = v
	}
	return true
}
