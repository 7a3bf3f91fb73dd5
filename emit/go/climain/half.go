package climain

import "math"

// bf16 has no NumPy dtype: the command reads and writes bf16 arguments and
// results as float32 arrays (as tt-run does), rounding inputs to the
// nearest bf16 (ties to even, NaN to the quiet NaN 0x7fc0, as
// numerics.F32ToBF16) and widening results exactly. f16 arrays are "<f2"
// and pass as their bits.

// ttBF16FromF32s rounds float32 values to bf16 bits.
func ttBF16FromF32s(v []float32) []uint16 {
	out := make([]uint16, len(v))
	for i, f := range v {
		b := math.Float32bits(f)
		if f != f {
			out[i] = 0x7fc0
			continue
		}
		b += 0x7fff + (b>>16)&1
		out[i] = uint16(b >> 16)
	}
	return out
}

// ttBF16ToF32s widens bf16 bits to float32 values.
func ttBF16ToF32s(v []uint16) []float32 {
	out := make([]float32, len(v))
	for i, h := range v {
		out[i] = math.Float32frombits(uint32(h) << 16)
	}
	return out
}
