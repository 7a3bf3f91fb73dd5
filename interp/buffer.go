package interp

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// Buffer is the runtime value of a memref: mutable, row-major storage with
// an element type and a shape. Unlike a Tensor, a Buffer is changed in place
// (loops.store, vector.store, loops.copy, runtime kernels), and every SSA
// value that holds the same *Buffer sees the changes: a buffer passed to a
// function, returned from it, carried by a loop or captured by a region is
// one buffer, as a pointer is in compiled code.
//
// A buffer is made by NewBuffer (loops.alloc: zero-filled, owned, may be
// freed) or wraps a caller's tensor with BufferOf (the storage of memref
// arguments: stores go to the tensor's storage, and it cannot be freed).
// After Free every use is an error that says where the buffer was freed.
//
// Buffers are not safe for concurrent use; the interpreter runs the
// iterations of loops.parallel one after another.
type Buffer struct {
	data    *Tensor // the storage (nil once an owned buffer is freed)
	dtype   DType
	shape   []int64
	owned   bool
	freed   bool
	freedAt ir.Location
}

// NewBuffer returns a zero-filled buffer of the given element type and
// shape, owned by the program (it may be freed).
func NewBuffer(dt DType, shape []int64) (*Buffer, error) {
	t, err := NewTensor(dt, shape)
	if err != nil {
		return nil, err
	}
	return &Buffer{data: t, dtype: dt, shape: t.shape, owned: true}, nil
}

// BufferOf returns a buffer whose storage is t's: stores through the buffer
// change t. This is how a tensor given for a memref argument is passed (see
// Exec.CallFunction); the program cannot free such a buffer. t must not be
// shared with values that are expected not to change.
func BufferOf(t *Tensor) *Buffer {
	return &Buffer{data: t, dtype: t.dtype, shape: t.shape}
}

// DType returns the element type.
func (b *Buffer) DType() DType { return b.dtype }

// Shape returns the dimension sizes; the caller must not modify the slice.
func (b *Buffer) Shape() []int64 { return b.shape }

// Rank returns the number of dimensions.
func (b *Buffer) Rank() int { return len(b.shape) }

// Owned reports whether the buffer was made by NewBuffer (and so may be
// freed) rather than wrapping a caller's tensor.
func (b *Buffer) Owned() bool { return b.owned }

// Freed reports whether the buffer has been freed.
func (b *Buffer) Freed() bool { return b.freed }

// TypeString returns the MLIR spelling of the buffer's type, e.g.
// "memref<2x3xf32>".
func (b *Buffer) TypeString() string {
	if len(b.shape) == 0 {
		return "memref<" + b.dtype.String() + ">"
	}
	return "memref<" + ir.ShapeString(b.shape) + "x" + b.dtype.String() + ">"
}

// String returns the type and up to 8 leading elements, or "(freed)".
func (b *Buffer) String() string {
	if b.freed {
		return b.TypeString() + " buffer (freed)"
	}
	s := b.data.String()
	if i := strings.IndexByte(s, ' '); i >= 0 {
		s = s[i:]
	}
	return b.TypeString() + " buffer" + s
}

// CheckType reports whether the buffer conforms to an IR type: a ranked
// memref type of the same element type and rank whose static dimensions
// equal the buffer's, or an unranked memref of the same element type.
// (A freed buffer still has its type; using it is what fails.)
func (b *Buffer) CheckType(typ ir.Type) error {
	var shape []int64
	switch t := typ.(type) {
	case *ir.MemRefType:
		shape = t.Shape()
	case *ir.UnrankedMemRefType:
	default:
		return fmt.Errorf("expected a value of type %s, got a buffer (%s)", typ, b.TypeString())
	}
	dt, err := ElementDType(typ)
	if err != nil {
		return err
	}
	if dt != b.dtype {
		return fmt.Errorf("expected element type %s, got a %s buffer", dt, b.TypeString())
	}
	if _, ok := typ.(*ir.UnrankedMemRefType); ok {
		return nil
	}
	if len(shape) != len(b.shape) {
		return fmt.Errorf("expected a buffer of type %s, got rank %d (%s)", typ, len(b.shape), b.TypeString())
	}
	for i, d := range shape {
		if d != ir.Dynamic && d != b.shape[i] {
			return fmt.Errorf("expected a buffer of type %s, got %s (dimension %d is %d, not %d)", typ, b.TypeString(), i, b.shape[i], d)
		}
	}
	return nil
}

// FreedError is the error of using a buffer after it was freed. Kernels
// turn it into a diagnostic with a note at the freeing op (FreedDiagnostic).
type FreedError struct {
	Type    string      // the buffer's type, e.g. "memref<4xf32>"
	FreedAt ir.Location // where it was freed
}

// Error implements error.
func (e *FreedError) Error() string {
	return fmt.Sprintf("buffer %s is used after it was freed", e.Type)
}

// FreedDiagnostic returns err as a diagnostic at op, with a note at the
// freeing op, when it is (or wraps) a *FreedError; otherwise err itself.
// Kernels that use buffers return their errors through it.
func FreedDiagnostic(op *ir.Operation, err error) error {
	var fe *FreedError
	if err == nil || !errors.As(err, &fe) {
		return err
	}
	d := ir.Errorf(op.Loc(), "%s: %v", op.Name(), err)
	if fe.FreedAt != nil {
		d.AttachNote(fe.FreedAt, "the buffer was freed here")
	}
	return d
}

// Check returns a *FreedError when the buffer has been freed.
func (b *Buffer) Check() error {
	if b.freed {
		return &FreedError{Type: b.TypeString(), FreedAt: b.freedAt}
	}
	return nil
}

// Free ends the buffer's lifetime (loops.dealloc at loc). Freeing twice, or
// freeing a buffer the program did not allocate, is an error.
func (b *Buffer) Free(loc ir.Location) error {
	if b.freed {
		return fmt.Errorf("buffer %s is freed twice: %w", b.TypeString(), b.Check())
	}
	if !b.owned {
		return fmt.Errorf("buffer %s was not allocated by the program (it is the storage of a function argument) and cannot be freed", b.TypeString())
	}
	b.freed, b.freedAt, b.data = true, loc, nil
	return nil
}

// Storage returns the buffer's storage as a tensor that shares it: the
// caller may read it, and write it in place (with the Tensor's typed
// slices, SetFloat or SetInt). It fails for a freed buffer.
func (b *Buffer) Storage() (*Tensor, error) {
	if err := b.Check(); err != nil {
		return nil, err
	}
	return b.data, nil
}

// Offset returns the row-major position of the element at idx (one index
// per dimension), or an error naming the indices and the shape when they
// are out of bounds.
func (b *Buffer) Offset(idx []int64) (int, error) {
	if err := b.Check(); err != nil {
		return 0, err
	}
	if len(idx) != len(b.shape) {
		return 0, fmt.Errorf("%d indices for %s (rank %d)", len(idx), b.TypeString(), len(b.shape))
	}
	off := int64(0)
	for i, x := range idx {
		if x < 0 || x >= b.shape[i] {
			return 0, fmt.Errorf("indices [%s] are out of bounds of %s (index %d of dimension %d, whose size is %d)", shapeStr(idx), b.TypeString(), x, i, b.shape[i])
		}
		off = off*b.shape[i] + x
	}
	return int(off), nil
}

// vectorOffset returns the position of the first of n consecutive elements
// along the last dimension starting at idx, checking that all are in bounds.
func (b *Buffer) vectorOffset(idx []int64, n int) (int, error) {
	if err := b.Check(); err != nil {
		return 0, err
	}
	if len(idx) != len(b.shape) {
		return 0, fmt.Errorf("%d indices for %s (rank %d)", len(idx), b.TypeString(), len(b.shape))
	}
	if len(b.shape) == 0 {
		if n != 1 {
			return 0, fmt.Errorf("%d consecutive elements do not fit in %s (1 element)", n, b.TypeString())
		}
		return 0, nil
	}
	last := len(idx) - 1
	for i, x := range idx[:last] {
		if x < 0 || x >= b.shape[i] {
			return 0, fmt.Errorf("indices [%s] are out of bounds of %s (index %d of dimension %d, whose size is %d)", shapeStr(idx), b.TypeString(), x, i, b.shape[i])
		}
	}
	x, size := idx[last], b.shape[last]
	if x < 0 || x > size || int64(n) > size-x {
		return 0, fmt.Errorf("%d elements at indices [%s] are out of bounds of %s (elements %d to %d of dimension %d, whose size is %d)",
			n, shapeStr(idx), b.TypeString(), x, x+int64(n)-1, last, size)
	}
	off := int64(0)
	for i, x := range idx {
		off = off*b.shape[i] + x
	}
	return int(off), nil
}

// Load returns the element at idx as a scalar (a rank-0 tensor).
func (b *Buffer) Load(idx []int64) (*Tensor, error) {
	off, err := b.Offset(idx)
	if err != nil {
		return nil, err
	}
	t := MustNewTensor(b.dtype, nil)
	copyElems(t, 0, b.data, off, 1)
	return t, nil
}

// Store writes the scalar v (a one-element tensor of the buffer's element
// type) at idx.
func (b *Buffer) Store(idx []int64, v *Tensor) error {
	if v.dtype != b.dtype || v.n != 1 {
		return fmt.Errorf("cannot store %s into %s: expected one %s element", v.TypeString(), b.TypeString(), b.dtype)
	}
	off, err := b.Offset(idx)
	if err != nil {
		return err
	}
	copyElems(b.data, off, v, 0, 1)
	return nil
}

// LoadVector returns the n consecutive elements along the last dimension
// starting at idx, as a tensor of the given shape (of n elements: the
// vector's shape).
func (b *Buffer) LoadVector(idx []int64, shape []int64) (*Tensor, error) {
	t, err := NewTensor(b.dtype, shape)
	if err != nil {
		return nil, err
	}
	off, err := b.vectorOffset(idx, t.n)
	if err != nil {
		return nil, err
	}
	copyElems(t, 0, b.data, off, t.n)
	return t, nil
}

// StoreVector writes the elements of v to consecutive elements along the
// last dimension starting at idx.
func (b *Buffer) StoreVector(idx []int64, v *Tensor) error {
	if v.dtype != b.dtype {
		return fmt.Errorf("cannot store %s into %s: element types differ", v.TypeString(), b.TypeString())
	}
	off, err := b.vectorOffset(idx, v.n)
	if err != nil {
		return err
	}
	copyElems(b.data, off, v, 0, v.n)
	return nil
}

// CopyFrom overwrites the buffer's elements with those of src, which must
// have the buffer's element type and shape. src may share the storage.
func (b *Buffer) CopyFrom(src *Tensor) error {
	if err := b.Check(); err != nil {
		return err
	}
	if src.dtype != b.dtype || !slices.Equal(src.shape, b.shape) {
		return fmt.Errorf("cannot copy %s into %s", src.TypeString(), b.TypeString())
	}
	copyElems(b.data, 0, src, 0, src.n)
	return nil
}

// copyElems copies n elements of src from position si into dst at di; both
// have the same DType. Overlapping ranges are handled like copy().
func copyElems(dst *Tensor, di int, src *Tensor, si, n int) {
	switch src.dtype {
	case F16, BF16:
		copy(dst.u16[di:di+n], src.u16[si:si+n])
	case F32:
		copy(dst.f32[di:di+n], src.f32[si:si+n])
	case F64:
		copy(dst.f64[di:di+n], src.f64[si:si+n])
	case I1:
		copy(dst.b[di:di+n], src.b[si:si+n])
	case I32:
		copy(dst.i32[di:di+n], src.i32[si:si+n])
	default:
		copy(dst.i64[di:di+n], src.i64[si:si+n])
	}
}

// bufferArgs returns args with every *Tensor given for a memref parameter
// wrapped in a Buffer that uses its storage (see BufferOf).
func bufferArgs(args []Value, types []ir.Type) []Value {
	var out []Value
	for i, a := range args {
		t, ok := a.(*Tensor)
		if !ok || i >= len(types) {
			continue
		}
		switch types[i].(type) {
		case *ir.MemRefType, *ir.UnrankedMemRefType:
			if out == nil {
				out = slices.Clone(args)
			}
			out[i] = BufferOf(t)
		}
	}
	if out == nil {
		return args
	}
	return out
}

// ResultTensors returns the results of a run as tensors: tensors as they
// are, buffers as tensors sharing their storage (the run is over, so
// nothing changes them any more). A freed buffer is an error.
func ResultTensors(vals []Value) ([]*Tensor, error) {
	out := make([]*Tensor, len(vals))
	for i, v := range vals {
		switch v := v.(type) {
		case *Tensor:
			out[i] = v
		case *Buffer:
			t, err := v.Storage()
			if err != nil {
				return nil, fmt.Errorf("result #%d: %v", i, err)
			}
			out[i] = t
		default:
			return nil, fmt.Errorf("result #%d is %v, not a tensor or buffer", i, v)
		}
	}
	return out, nil
}
