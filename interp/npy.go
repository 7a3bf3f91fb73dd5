package interp

import (
	"fmt"

	"github.com/tt-compiler/tt/runtime/npy"
)

// FromNPY converts a .npy array to a tensor, sharing its storage. float16,
// float32, float64, bool, int32 and int64 arrays are accepted (NumPy has no
// bfloat16; int8 and uint8 have no interpreter type).
func FromNPY(a *npy.Array) (*Tensor, error) {
	shape := make([]int64, len(a.Shape))
	for i, d := range a.Shape {
		shape[i] = int64(d)
	}
	switch a.DType {
	case npy.Float16:
		return FromHalfBits(F16, shape, a.F16)
	case npy.Float32:
		return FromF32(shape, a.F32)
	case npy.Float64:
		return FromF64(shape, a.F64)
	case npy.Bool:
		return FromBool(shape, a.Bool)
	case npy.Int32:
		return FromI32(shape, a.I32)
	case npy.Int64:
		return FromI64(I64, shape, a.I64)
	}
	return nil, fmt.Errorf("npy dtype %s has no interpreter element type", a.DType)
}

// ToNPY converts t to a .npy array sharing its storage. index tensors are
// written as int64; bf16 has no NumPy type and is an error (cast it first).
func (t *Tensor) ToNPY() (*npy.Array, error) {
	shape := make([]int, len(t.shape))
	for i, d := range t.shape {
		shape[i] = int(d)
	}
	a := &npy.Array{Shape: shape}
	switch t.dtype {
	case F16:
		a.DType, a.F16 = npy.Float16, t.u16
	case F32:
		a.DType, a.F32 = npy.Float32, t.f32
	case F64:
		a.DType, a.F64 = npy.Float64, t.f64
	case I1:
		a.DType, a.Bool = npy.Bool, t.b
	case I32:
		a.DType, a.I32 = npy.Int32, t.i32
	case I64, Index:
		a.DType, a.I64 = npy.Int64, t.i64
	default:
		return nil, fmt.Errorf("%s tensors cannot be stored as .npy (NumPy has no such dtype); cast to f32 first", t.dtype)
	}
	return a, nil
}
