//go:build goexperiment.simd && amd64

package linalg

import (
	"simd/archsimd"

	"github.com/tt-compiler/tt/numerics"
)

// epilogueRowSIMD applies an f32 epilogue (a bias, then relu, gelu or
// gelu_tanh, or either) to a row segment with vector operations, and
// reports whether it did (f64 stays with epilogueRow). Lane by lane it
// computes what epilogueRow does: c + bias rounded once, then
// x < 0 ? 0 : x (-0 and NaN kept), or numerics' vector GELUs, which are
// bitwise the scalar GeluF32 and GeluTanhF32; so the bits are the same.
func epilogueRowSIMD[T Number](row, bias []T, act Activation) bool {
	r, ok := any(row).([]float32)
	if !ok || simdLevel == 0 {
		return false
	}
	var b []float32
	if bias != nil {
		b = any(bias).([]float32)[:len(r)]
	}
	j := 0
	if use512() {
		zero := archsimd.BroadcastFloat32x16(0)
		for ; j+16 <= len(r); j += 16 {
			v := archsimd.LoadFloat32x16Slice(r[j:])
			if b != nil {
				v = v.Add(archsimd.LoadFloat32x16Slice(b[j:]))
			}
			switch act {
			case ActReLU:
				v = zero.Merge(v, v.Less(zero))
			case ActGELU:
				v = numerics.GeluF32x16(v)
			case ActGELUTanh:
				v = numerics.GeluTanhF32x16(v)
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
			switch act {
			case ActReLU:
				v = zero.Merge(v, v.Less(zero))
			case ActGELU:
				v = numerics.GeluF32x8(v)
			case ActGELUTanh:
				v = numerics.GeluTanhF32x8(v)
			}
			v.StoreSlice(r[j:])
		}
	}
	for ; j < len(r); j++ {
		v := r[j]
		if b != nil {
			v += b[j]
		}
		switch act {
		case ActReLU:
			if v < 0 {
				v = 0
			}
		case ActGELU:
			v = numerics.GeluF32(v)
		case ActGELUTanh:
			v = numerics.GeluTanhF32(v)
		}
		r[j] = v
	}
	return true
}
