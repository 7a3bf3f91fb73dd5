package interp

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// Value is a runtime value of the interpreter. Tensors (and scalars, which
// are rank-0 tensors, and vectors, which are tensors too) are *Tensor;
// dialects that need other kinds of values (buffers, tokens) may define
// their own types implementing Value.
type Value interface {
	// CheckType reports, as an error, how the value does not conform to
	// the IR type t (nil when it does). It is how the interpreter checks
	// arguments, results and block arguments at run time.
	CheckType(t ir.Type) error
	// String describes the value briefly, for messages.
	String() string
}

// MaxTensorBytes bounds the storage of one tensor; creating a larger one is
// a run-time error instead of an out-of-memory crash of the process.
var MaxTensorBytes int64 = 16 << 30

// Tensor is an immutable n-dimensional array in row-major order, with an
// element type and a shape. A rank-0 tensor is a scalar; dimensions may be 0.
//
// Exactly one storage slice is in use, chosen by the DType (see DType). Once
// a kernel has produced a tensor nobody changes it, so kernels may share
// storage between tensors (tensor.reshape does). Kernels fill the tensors
// they create before returning them.
type Tensor struct {
	dtype DType
	shape []int64
	n     int

	f32 []float32
	f64 []float64
	u16 []uint16
	b   []bool
	i32 []int32
	i64 []int64
}

// NumElements returns the product of shape, or an error when a dimension is
// negative or the product is too large for MaxTensorBytes with elements of
// elemBytes bytes.
func NumElements(shape []int64, elemBytes int) (int, error) {
	n := int64(1)
	zero := false
	for _, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("negative dimension size %d in shape [%s]", d, shapeStr(shape))
		}
		if d == 0 {
			zero = true
			continue
		}
		if n > math.MaxInt64/d {
			return 0, fmt.Errorf("shape [%s] has too many elements", shapeStr(shape))
		}
		n *= d
	}
	if zero {
		return 0, nil
	}
	if n > MaxTensorBytes/int64(max(elemBytes, 1)) {
		return 0, fmt.Errorf("tensor of shape [%s] would need more than %d bytes (MaxTensorBytes)", shapeStr(shape), MaxTensorBytes)
	}
	return int(n), nil
}

// NewTensor returns a zero-filled tensor of the given element type and shape.
func NewTensor(dt DType, shape []int64) (*Tensor, error) {
	if dt == Invalid || dt > Index {
		return nil, fmt.Errorf("invalid element type %s", dt)
	}
	n, err := NumElements(shape, dt.size())
	if err != nil {
		return nil, err
	}
	t := &Tensor{dtype: dt, shape: slices.Clone(shape), n: n}
	switch dt {
	case F16, BF16:
		t.u16 = make([]uint16, n)
	case F32:
		t.f32 = make([]float32, n)
	case F64:
		t.f64 = make([]float64, n)
	case I1:
		t.b = make([]bool, n)
	case I32:
		t.i32 = make([]int32, n)
	case I64, Index:
		t.i64 = make([]int64, n)
	}
	return t, nil
}

// MustNewTensor is NewTensor for shapes known to be valid (for example the shape of an
// existing tensor); it panics on error.
func MustNewTensor(dt DType, shape []int64) *Tensor {
	t, err := NewTensor(dt, shape)
	if err != nil {
		panic(err)
	}
	return t
}

// fromSlice wraps data (not copied) after checking its length.
func fromSlice(dt DType, shape []int64, length int) (*Tensor, error) {
	n, err := NumElements(shape, dt.size())
	if err != nil {
		return nil, err
	}
	if n != length {
		return nil, fmt.Errorf("%d elements given for shape [%s] (%d elements)", length, shapeStr(shape), n)
	}
	return &Tensor{dtype: dt, shape: slices.Clone(shape), n: n}, nil
}

// FromF32 returns an f32 tensor that takes ownership of data.
func FromF32(shape []int64, data []float32) (*Tensor, error) {
	t, err := fromSlice(F32, shape, len(data))
	if err == nil {
		t.f32 = data
	}
	return t, err
}

// FromF64 returns an f64 tensor that takes ownership of data.
func FromF64(shape []int64, data []float64) (*Tensor, error) {
	t, err := fromSlice(F64, shape, len(data))
	if err == nil {
		t.f64 = data
	}
	return t, err
}

// FromHalfBits returns an f16 or bf16 tensor that takes ownership of the
// raw bits in data.
func FromHalfBits(dt DType, shape []int64, data []uint16) (*Tensor, error) {
	if !dt.IsHalf() {
		return nil, fmt.Errorf("FromHalfBits: %s is not f16 or bf16", dt)
	}
	t, err := fromSlice(dt, shape, len(data))
	if err == nil {
		t.u16 = data
	}
	return t, err
}

// FromBool returns an i1 tensor that takes ownership of data.
func FromBool(shape []int64, data []bool) (*Tensor, error) {
	t, err := fromSlice(I1, shape, len(data))
	if err == nil {
		t.b = data
	}
	return t, err
}

// FromI32 returns an i32 tensor that takes ownership of data.
func FromI32(shape []int64, data []int32) (*Tensor, error) {
	t, err := fromSlice(I32, shape, len(data))
	if err == nil {
		t.i32 = data
	}
	return t, err
}

// FromI64 returns an i64 (or, with dt Index, index) tensor that takes
// ownership of data.
func FromI64(dt DType, shape []int64, data []int64) (*Tensor, error) {
	if dt != I64 && dt != Index {
		return nil, fmt.Errorf("FromI64: %s is not i64 or index", dt)
	}
	t, err := fromSlice(dt, shape, len(data))
	if err == nil {
		t.i64 = data
	}
	return t, err
}

// FromFloats returns a tensor of type dt holding vals converted with Cast's
// rules (rounding to nearest even for floats, truncation for integers).
func FromFloats(dt DType, shape []int64, vals []float64) (*Tensor, error) {
	t, err := NewTensor(dt, shape)
	if err != nil {
		return nil, err
	}
	if len(vals) != t.n {
		return nil, fmt.Errorf("%d elements given for shape [%s] (%d elements)", len(vals), shapeStr(shape), t.n)
	}
	for i, v := range vals {
		t.SetFloat(i, v)
	}
	return t, nil
}

// FromInts returns a tensor of type dt holding vals (wrapped to the width of
// integer types, converted to floats to nearest).
func FromInts(dt DType, shape []int64, vals []int64) (*Tensor, error) {
	t, err := NewTensor(dt, shape)
	if err != nil {
		return nil, err
	}
	if len(vals) != t.n {
		return nil, fmt.Errorf("%d elements given for shape [%s] (%d elements)", len(vals), shapeStr(shape), t.n)
	}
	for i, v := range vals {
		t.SetInt(i, v)
	}
	return t, nil
}

// ScalarFloat returns a rank-0 tensor of type dt holding v.
func ScalarFloat(dt DType, v float64) *Tensor {
	t := MustNewTensor(dt, nil)
	t.SetFloat(0, v)
	return t
}

// ScalarInt returns a rank-0 tensor of type dt holding v.
func ScalarInt(dt DType, v int64) *Tensor {
	t := MustNewTensor(dt, nil)
	t.SetInt(0, v)
	return t
}

// DType returns the element type.
func (t *Tensor) DType() DType { return t.dtype }

// Shape returns the dimension sizes; the caller must not modify the slice.
func (t *Tensor) Shape() []int64 { return t.shape }

// Rank returns the number of dimensions.
func (t *Tensor) Rank() int { return len(t.shape) }

// Dim returns the size of dimension i.
func (t *Tensor) Dim(i int) int64 { return t.shape[i] }

// Len returns the number of elements (1 for a scalar).
func (t *Tensor) Len() int { return t.n }

// F32 returns the storage of an f32 tensor (nil for other types).
func (t *Tensor) F32() []float32 { return t.f32 }

// F64 returns the storage of an f64 tensor (nil for other types).
func (t *Tensor) F64() []float64 { return t.f64 }

// Bits16 returns the raw bits of an f16 or bf16 tensor (nil for other types).
func (t *Tensor) Bits16() []uint16 { return t.u16 }

// Bool returns the storage of an i1 tensor (nil for other types).
func (t *Tensor) Bool() []bool { return t.b }

// I32 returns the storage of an i32 tensor (nil for other types).
func (t *Tensor) I32() []int32 { return t.i32 }

// I64 returns the storage of an i64 or index tensor (nil for other types).
func (t *Tensor) I64() []int64 { return t.i64 }

// Float returns element i (row-major index) converted to float64.
func (t *Tensor) Float(i int) float64 {
	switch t.dtype {
	case F16, BF16:
		return float64(halfToF32(t.dtype)(t.u16[i]))
	case F32:
		return float64(t.f32[i])
	case F64:
		return t.f64[i]
	case I1:
		if t.b[i] {
			return 1
		}
		return 0
	case I32:
		return float64(t.i32[i])
	}
	return float64(t.i64[i])
}

// Int returns element i converted to int64 (floats with numerics.FPToSI's
// rules for a 64-bit integer, i1 as 0 or 1).
func (t *Tensor) Int(i int) int64 {
	switch t.dtype {
	case F16, BF16, F32, F64:
		return numerics.FPToSI(t.Float(i), 64)
	case I1:
		if t.b[i] {
			return 1
		}
		return 0
	case I32:
		return int64(t.i32[i])
	}
	return t.i64[i]
}

// SetFloat stores v into element i, converted to the element type: rounded
// to nearest even for floats (f64 → f16/bf16 goes through f32, as PyTorch
// converts), truncated toward zero for integers (see numerics.FPToSI), v != 0
// for i1. Only for tensors being built.
func (t *Tensor) SetFloat(i int, v float64) {
	switch t.dtype {
	case F16, BF16:
		t.u16[i] = f32ToHalf(t.dtype)(float32(v))
	case F32:
		t.f32[i] = float32(v)
	case F64:
		t.f64[i] = v
	case I1:
		t.b[i] = v != 0
	case I32:
		t.i32[i] = int32(numerics.FPToSI(v, 32))
	default:
		t.i64[i] = numerics.FPToSI(v, 64)
	}
}

// SetInt stores v into element i: wrapped to the width of integer types,
// rounded to nearest for floats, v != 0 for i1. Only for tensors being built.
func (t *Tensor) SetInt(i int, v int64) {
	switch t.dtype {
	case F16, BF16:
		t.u16[i] = f32ToHalf(t.dtype)(numerics.SIToF32(v))
	case F32:
		t.f32[i] = numerics.SIToF32(v)
	case F64:
		t.f64[i] = float64(v)
	case I1:
		t.b[i] = v != 0
	case I32:
		t.i32[i] = int32(v)
	default:
		t.i64[i] = v
	}
}

// Clone returns a deep copy of t.
func (t *Tensor) Clone() *Tensor {
	c := *t
	c.shape = slices.Clone(t.shape)
	c.f32 = slices.Clone(t.f32)
	c.f64 = slices.Clone(t.f64)
	c.u16 = slices.Clone(t.u16)
	c.b = slices.Clone(t.b)
	c.i32 = slices.Clone(t.i32)
	c.i64 = slices.Clone(t.i64)
	return &c
}

// Reshape returns a tensor with the same elements and a new shape of the
// same element count; the storage is shared.
func (t *Tensor) Reshape(shape []int64) (*Tensor, error) {
	n, err := NumElements(shape, t.dtype.size())
	if err != nil {
		return nil, err
	}
	if n != t.n {
		return nil, fmt.Errorf("cannot reshape %d elements of shape [%s] to shape [%s] (%d elements)", t.n, shapeStr(t.shape), shapeStr(shape), n)
	}
	c := *t
	c.shape = slices.Clone(shape)
	return &c, nil
}

// WithDType returns a tensor sharing t's storage with a different DType of
// the same storage: I64 ↔ Index, F16 ↔ BF16 bits. It returns nil when the
// storages differ.
func (t *Tensor) WithDType(dt DType) *Tensor {
	same := func(a, b DType) bool {
		return a == b || (a == I64 || a == Index) && (b == I64 || b == Index) || a.IsHalf() && b.IsHalf()
	}
	if !same(t.dtype, dt) {
		return nil
	}
	c := *t
	c.dtype = dt
	return &c
}

// TypeString returns the MLIR spelling of the tensor's type, e.g.
// "tensor<2x3xf32>" ("tensor<f32>" for a scalar).
func (t *Tensor) TypeString() string {
	if len(t.shape) == 0 {
		return "tensor<" + t.dtype.String() + ">"
	}
	return "tensor<" + ir.ShapeString(t.shape) + "x" + t.dtype.String() + ">"
}

// String returns the type and up to 8 leading elements.
func (t *Tensor) String() string {
	var sb strings.Builder
	sb.WriteString(t.TypeString())
	sb.WriteString(" [")
	for i := 0; i < t.n && i < 8; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(t.elemString(i))
	}
	if t.n > 8 {
		sb.WriteString(", ...")
	}
	sb.WriteByte(']')
	return sb.String()
}

func (t *Tensor) elemString(i int) string {
	switch {
	case t.dtype.IsFloat():
		return fmt.Sprintf("%g", t.Float(i))
	case t.dtype == I1:
		return fmt.Sprint(t.b[i])
	}
	return fmt.Sprint(t.Int(i))
}

// CheckType reports whether t conforms to an IR type: a ranked tensor,
// vector or memref type of the same element type and rank whose static
// dimensions equal t's; an unranked tensor or memref of the same element
// type; or a scalar type, for a rank-0 tensor of that type.
func (t *Tensor) CheckType(typ ir.Type) error {
	var shape []int64
	ranked := true
	switch tt := typ.(type) {
	case *ir.RankedTensorType:
		shape = tt.Shape()
	case *ir.VectorType:
		shape = tt.Shape()
	case *ir.MemRefType:
		shape = tt.Shape()
	case *ir.UnrankedTensorType, *ir.UnrankedMemRefType:
		ranked = false
	}
	dt, err := ElementDType(typ)
	if err != nil {
		return err
	}
	if dt != t.dtype {
		return fmt.Errorf("expected element type %s, got a %s value", dt, t.TypeString())
	}
	if !ranked {
		return nil
	}
	if len(shape) != len(t.shape) {
		return fmt.Errorf("expected a value of type %s, got rank %d (%s)", typ, len(t.shape), t.TypeString())
	}
	for i, d := range shape {
		if d != ir.Dynamic && d != t.shape[i] {
			return fmt.Errorf("expected a value of type %s, got %s (dimension %d is %d, not %d)", typ, t.TypeString(), i, t.shape[i], d)
		}
	}
	return nil
}

// shapeStr formats a shape as "2, 3".
func shapeStr(shape []int64) string {
	parts := make([]string, len(shape))
	for i, d := range shape {
		parts[i] = fmt.Sprint(d)
	}
	return strings.Join(parts, ", ")
}
