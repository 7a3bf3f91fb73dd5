package arithk

import (
	"fmt"
	"math"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// Values are computed in "lanes": integers as their two's-complement bit
// patterns zero-extended to uint64 (with the type's width), floats as
// float64 (exact for every supported float type). Results are rounded once
// to the result type: +, -, ×, ÷ and sqrt computed in float64 and rounded
// to f32, f16 or bf16 are correctly rounded, because float64 has more than
// twice their precision plus two bits.

// intWidth returns the bit width of an integer DType (index is 64 bits).
func intWidth(dt interp.DType) int {
	switch dt {
	case interp.I1:
		return 1
	case interp.I32:
		return 32
	}
	return 64
}

// mask returns the low w bits set.
func mask(w int) uint64 {
	if w >= 64 {
		return math.MaxUint64
	}
	return 1<<uint(w) - 1
}

// sext sign-extends the w-bit pattern v.
func sext(v uint64, w int) int64 {
	s := uint(64 - w)
	return int64(v<<s) >> s
}

// loadInts returns the elements of an integer tensor as bit patterns.
func loadInts(t *interp.Tensor) ([]uint64, error) {
	out := make([]uint64, t.Len())
	switch t.DType() {
	case interp.I1:
		for i, b := range t.Bool() {
			if b {
				out[i] = 1
			}
		}
	case interp.I32:
		for i, v := range t.I32() {
			out[i] = uint64(uint32(v))
		}
	case interp.I64, interp.Index:
		for i, v := range t.I64() {
			out[i] = uint64(v)
		}
	default:
		return nil, fmt.Errorf("expected an integer or index value, got %s", t.TypeString())
	}
	return out, nil
}

// storeInts builds an integer tensor from bit patterns (truncated to the
// type's width).
func storeInts(dt interp.DType, shape []int64, v []uint64) *interp.Tensor {
	t := interp.MustNewTensor(dt, shape)
	switch dt {
	case interp.I1:
		for i, x := range v {
			t.Bool()[i] = x&1 != 0
		}
	case interp.I32:
		for i, x := range v {
			t.I32()[i] = int32(uint32(x))
		}
	default:
		for i, x := range v {
			t.I64()[i] = int64(x)
		}
	}
	return t
}

// loadFloats returns the elements of a float tensor as float64 (exactly).
func loadFloats(t *interp.Tensor) ([]float64, error) {
	if !t.DType().IsFloat() {
		return nil, fmt.Errorf("expected a floating-point value, got %s", t.TypeString())
	}
	out := make([]float64, t.Len())
	for i := range out {
		out[i] = t.Float(i)
	}
	return out, nil
}

// storeFloats builds a float tensor, rounding each float64 once to the
// type (to nearest even).
func storeFloats(dt interp.DType, shape []int64, v []float64) *interp.Tensor {
	t := interp.MustNewTensor(dt, shape)
	switch dt {
	case interp.F16:
		for i, x := range v {
			t.Bits16()[i] = ir.Float16Bits(x)
		}
	case interp.BF16:
		for i, x := range v {
			t.Bits16()[i] = ir.BFloat16Bits(x)
		}
	case interp.F32:
		for i, x := range v {
			t.F32()[i] = float32(x)
		}
	default:
		copy(t.F64(), v)
	}
	return t
}

// intToFloat converts an integer value to float type dt, correctly rounded.
func intToFloat(u uint64, neg bool, dt interp.DType) float64 {
	if dt == interp.F64 {
		if neg {
			return -float64(u)
		}
		return float64(u)
	}
	f := numerics.UIToF64Odd(u)
	if neg {
		f = -f
	}
	return f
}
