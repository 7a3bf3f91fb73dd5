package safetensors

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/tt-compiler/tt"
)

// FromTensor returns t's data in the format: F32, F64, I32, I64 or BOOL
// after t's dtype.
func FromTensor(t *tt.Tensor) (Tensor, error) {
	shape := make([]int64, t.Rank())
	for i, s := range t.Shape() {
		shape[i] = int64(s)
	}
	out := Tensor{Shape: shape}
	switch t.DType() {
	case tt.Float32:
		out.DType = F32
		vals := t.Float32s()
		out.Data = make([]byte, 4*len(vals))
		for i, v := range vals {
			binary.LittleEndian.PutUint32(out.Data[4*i:], math.Float32bits(v))
		}
	case tt.Float64:
		out.DType = F64
		vals := t.Float64s()
		out.Data = make([]byte, 8*len(vals))
		for i, v := range vals {
			binary.LittleEndian.PutUint64(out.Data[8*i:], math.Float64bits(v))
		}
	case tt.Int64, tt.Int32, tt.Bool:
		vals := t.Int64s()
		size := map[tt.DType]int{tt.Int64: 8, tt.Int32: 4, tt.Bool: 1}[t.DType()]
		out.DType = map[tt.DType]DType{tt.Int64: I64, tt.Int32: I32, tt.Bool: Bool}[t.DType()]
		out.Data = make([]byte, size*len(vals))
		for i, v := range vals {
			switch size {
			case 8:
				binary.LittleEndian.PutUint64(out.Data[8*i:], uint64(v))
			case 4:
				binary.LittleEndian.PutUint32(out.Data[4*i:], uint32(int32(v)))
			default:
				out.Data[i] = byte(v)
			}
		}
	default:
		return Tensor{}, fmt.Errorf("safetensors: no format dtype for tt dtype %s", t.DType())
	}
	return out, nil
}

// ToTensor returns the tensor as a tt tensor: F32, F64, I64, I32 and BOOL
// keep their type; F16 and BF16 widen to Float32 exactly (tt computes in
// float32); U8, I8, I16 and U16 widen to Int64. Other dtypes are an error.
func (t Tensor) ToTensor() (*tt.Tensor, error) {
	elems, err := numel("", t.Shape)
	if err != nil {
		return nil, err
	}
	if size := t.DType.Size(); size == 0 || int64(len(t.Data)) != elems*int64(size) {
		return nil, fmt.Errorf("safetensors: %d bytes of dtype %q for shape %v", len(t.Data), t.DType, t.Shape)
	}
	x, err := t.toTensor()
	if err != nil || len(t.Shape) > 0 {
		return x, err
	}
	return tt.Reshape(x), nil // rank 0 (tt's constructors read no shape as 1-D)
}

func (t Tensor) toTensor() (*tt.Tensor, error) {
	shape := make([]int, len(t.Shape))
	for i, s := range t.Shape {
		shape[i] = int(s)
	}
	n := len(t.Data) / max(t.DType.Size(), 1)
	le := binary.LittleEndian
	switch t.DType {
	case F32, F16, BF16:
		vals := make([]float32, n)
		for i := range vals {
			switch t.DType {
			case F32:
				vals[i] = math.Float32frombits(le.Uint32(t.Data[4*i:]))
			case BF16:
				vals[i] = math.Float32frombits(uint32(le.Uint16(t.Data[2*i:])) << 16)
			default:
				vals[i] = HalfToFloat32(le.Uint16(t.Data[2*i:]))
			}
		}
		return tt.FromFloat32s(vals, shape...), nil
	case F64:
		vals := make([]float64, n)
		for i := range vals {
			vals[i] = math.Float64frombits(le.Uint64(t.Data[8*i:]))
		}
		return tt.FromFloat64s(vals, shape...), nil
	case I64, I32, Bool, U8, I8, I16, U16:
		vals := make([]int64, n)
		for i := range vals {
			switch t.DType {
			case I64:
				vals[i] = int64(le.Uint64(t.Data[8*i:]))
			case I32:
				vals[i] = int64(int32(le.Uint32(t.Data[4*i:])))
			case I16:
				vals[i] = int64(int16(le.Uint16(t.Data[2*i:])))
			case U16:
				vals[i] = int64(le.Uint16(t.Data[2*i:]))
			case I8:
				vals[i] = int64(int8(t.Data[i]))
			default:
				vals[i] = int64(t.Data[i])
			}
		}
		x := tt.FromInt64s(vals, shape...)
		switch t.DType {
		case I32:
			return tt.ToDType(x, tt.Int32), nil
		case Bool:
			return tt.ToDType(x, tt.Bool), nil
		}
		return x, nil
	}
	return nil, fmt.Errorf("safetensors: dtype %s has no tt tensor type", t.DType)
}

// HalfToFloat32 converts an IEEE 754 binary16 value to float32 (exactly).
func HalfToFloat32(h uint16) float32 {
	sign := uint32(h>>15) << 31
	exp := uint32(h>>10) & 0x1f
	frac := uint32(h) & 0x3ff
	switch {
	case exp == 0x1f: // Inf, NaN
		return math.Float32frombits(sign | 0xff<<23 | frac<<13)
	case exp != 0:
		return math.Float32frombits(sign | (exp+112)<<23 | frac<<13)
	case frac == 0:
		return math.Float32frombits(sign)
	}
	// Subnormal: normalize.
	e := uint32(113)
	for frac&0x400 == 0 {
		frac <<= 1
		e--
	}
	return math.Float32frombits(sign | e<<23 | (frac&0x3ff)<<13)
}

// Float32ToHalf converts f to binary16, rounding to nearest even.
func Float32ToHalf(f float32) uint16 {
	b := math.Float32bits(f)
	sign := uint16(b>>16) & 0x8000
	exp := int32(b>>23&0xff) - 127 + 15
	frac := b & 0x7fffff
	switch {
	case b&0x7fffffff > 0x7f800000: // NaN
		return sign | 0x7e00
	case exp >= 0x1f:
		return sign | 0x7c00
	case exp <= 0:
		if exp < -10 {
			return sign
		}
		m := frac | 0x800000
		shift := uint32(14 - exp)
		h := m >> shift
		rem := m & (1<<shift - 1)
		half := uint32(1) << (shift - 1)
		if rem > half || (rem == half && h&1 == 1) {
			h++
		}
		return sign | uint16(h)
	}
	h := uint32(exp)<<10 | frac>>13
	rem := frac & 0x1fff
	if rem > 0x1000 || (rem == 0x1000 && h&1 == 1) {
		h++ // may carry into the exponent, up to Inf: correct
	}
	return sign | uint16(h)
}

// Float32ToBFloat16 converts f to bfloat16, rounding to nearest even.
func Float32ToBFloat16(f float32) uint16 {
	b := math.Float32bits(f)
	if b&0x7fffffff > 0x7f800000 {
		return uint16(b>>16) | 0x40
	}
	return uint16((b + 0x7fff + (b>>16)&1) >> 16)
}
