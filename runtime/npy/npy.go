// Package npy reads and writes NumPy .npy files.
//
// The .npy format (see numpy.lib.format) is a magic string, a format version,
// a header holding a Python dict literal such as
//
//	{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
//
// and the raw array data. This package supports format versions 1.0, 2.0 and
// 3.0, little-endian data in C (row-major) order, and the dtypes listed by
// [DType]. Anything else that NumPy can store — Fortran order, big-endian
// data, complex, string, structured or object arrays — is rejected with an
// error that wraps [ErrUnsupported] and names the dtype; malformed or
// truncated files give an error wrapping [ErrFormat].
//
// Reading is safe on untrusted input: it never panics, and the size the
// header claims is checked against the bytes actually available before any
// large allocation, so a lying header cannot make Read allocate much more
// memory than the input holds.
//
// Files written by [Write] and [WriteFile] are byte-identical to what
// numpy.save writes for the same array.
package npy

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
)

// DType is the element type of an [Array]. The zero DType is not a valid
// element type.
type DType int

// The supported element types. The comment after each gives the NumPy
// dtype descr it is stored as.
const (
	Float16 DType = iota + 1 // '<f2', IEEE 754 half precision
	Float32                  // '<f4'
	Float64                  // '<f8'
	Int8                     // '|i1'
	Uint8                    // '|u1'
	Int32                    // '<i4'
	Int64                    // '<i8'
	Bool                     // '|b1', one byte per element, 0 or 1
	Uint32                   // '<u4'
	Uint64                   // '<u8'
)

// dtypeInfo describes one supported DType.
type dtypeInfo struct {
	descr string // numpy descr as numpy writes it
	size  int    // bytes per element
	name  string // numpy type name
	field string // name of the Array field holding the data
}

var dtypes = [...]dtypeInfo{
	Float16: {"<f2", 2, "float16", "F16"},
	Float32: {"<f4", 4, "float32", "F32"},
	Float64: {"<f8", 8, "float64", "F64"},
	Int8:    {"|i1", 1, "int8", "I8"},
	Uint8:   {"|u1", 1, "uint8", "U8"},
	Int32:   {"<i4", 4, "int32", "I32"},
	Int64:   {"<i8", 8, "int64", "I64"},
	Bool:    {"|b1", 1, "bool", "Bool"},
	Uint32:  {"<u4", 4, "uint32", "U32"},
	Uint64:  {"<u8", 8, "uint64", "U64"},
}

func (d DType) valid() bool { return d > 0 && int(d) < len(dtypes) }

// String returns the NumPy dtype descr of d, such as "<f4" for [Float32] or
// "|b1" for [Bool]. For an invalid DType it returns "DType(n)".
func (d DType) String() string {
	if !d.valid() {
		return "DType(" + strconv.Itoa(int(d)) + ")"
	}
	return dtypes[d].descr
}

// Size returns the number of bytes one element of type d occupies in a .npy
// file, or 0 if d is not a valid DType.
func (d DType) Size() int {
	if !d.valid() {
		return 0
	}
	return dtypes[d].size
}

// Array is an n-dimensional array in C (row-major) order.
//
// Exactly one of the data slices is set: the one matching DType, with Len()
// elements. Float16 data is kept as raw IEEE 754 half-precision bit
// patterns; use [Float16ToFloat32] and [Float32ToFloat16] to convert.
type Array struct {
	// DType is the element type.
	DType DType
	// Shape holds the size of each dimension. An empty or nil Shape is a
	// scalar (rank 0) holding one element. Dimensions may be 0.
	Shape []int

	F16  []uint16  // Float16 data, as IEEE 754 half-precision bits
	F32  []float32 // Float32 data
	F64  []float64 // Float64 data
	I8   []int8    // Int8 data
	U8   []uint8   // Uint8 data
	I32  []int32   // Int32 data
	I64  []int64   // Int64 data
	Bool []bool    // Bool data; on reading, any non-zero byte is true, as in NumPy
	U32  []uint32  // Uint32 data
	U64  []uint64  // Uint64 data
}

// Len returns the number of elements of a, the product of its Shape (1 for a
// scalar). It returns -1 if a dimension is negative or the product
// overflows an int; such arrays cannot be written.
func (a *Array) Len() int {
	n, ok := numElements(a.Shape, 1)
	if !ok {
		return -1
	}
	return n
}

// Data returns the data slice of a's DType ([]float32 for Float32,
// []uint16 half-precision bits for Float16, []bool for Bool, ...), for code
// that hands the elements on without looking at them.
func (a *Array) Data() any {
	switch a.DType {
	case Float16:
		return a.F16
	case Float32:
		return a.F32
	case Float64:
		return a.F64
	case Int8:
		return a.I8
	case Uint8:
		return a.U8
	case Int32:
		return a.I32
	case Uint32:
		return a.U32
	case Int64:
		return a.I64
	case Uint64:
		return a.U64
	}
	return a.Bool
}

// numElements returns the product of shape, and false if a dimension is
// negative or the array would take more than math.MaxInt bytes with
// itemSize bytes per element. Like NumPy, it checks the product of the
// non-zero dimensions, so that (0, 2**62) float32 is too large too.
func numElements(shape []int, itemSize int) (int, bool) {
	n, zero := 1, false
	for _, d := range shape {
		if d < 0 {
			return 0, false
		}
		if d == 0 {
			zero = true
			continue
		}
		if n > math.MaxInt/d {
			return 0, false
		}
		n *= d
	}
	if n > math.MaxInt/itemSize {
		return 0, false
	}
	if zero {
		return 0, true
	}
	return n, true
}

// dataSlices returns the length of each data slice of a, indexed by DType,
// and whether each is non-nil.
func (a *Array) dataSlices() (lens [len(dtypes)]int, set [len(dtypes)]bool) {
	lens[Float16], set[Float16] = len(a.F16), a.F16 != nil
	lens[Float32], set[Float32] = len(a.F32), a.F32 != nil
	lens[Float64], set[Float64] = len(a.F64), a.F64 != nil
	lens[Int8], set[Int8] = len(a.I8), a.I8 != nil
	lens[Uint8], set[Uint8] = len(a.U8), a.U8 != nil
	lens[Int32], set[Int32] = len(a.I32), a.I32 != nil
	lens[Int64], set[Int64] = len(a.I64), a.I64 != nil
	lens[Bool], set[Bool] = len(a.Bool), a.Bool != nil
	lens[Uint32], set[Uint32] = len(a.U32), a.U32 != nil
	lens[Uint64], set[Uint64] = len(a.U64), a.U64 != nil
	return lens, set
}

// Errors returned by this package wrap one of these, so callers can test
// for them with [errors.Is]. Truncated input also wraps
// [io.ErrUnexpectedEOF], and input that is empty from the start wraps
// [io.EOF].
var (
	// ErrFormat reports input that is not a well-formed .npy file: bad
	// magic, malformed header, impossible shape, truncated data, or an
	// Array that does not describe a valid array when writing.
	ErrFormat = errors.New("npy: malformed array")
	// ErrUnsupported reports a well-formed .npy file that this package
	// cannot represent: an unsupported dtype, big-endian data, Fortran
	// order, or an unknown format version.
	ErrUnsupported = errors.New("npy: unsupported array")
)

// Error is the type of the errors returned by this package's functions. It
// records the operation and, for [ReadFile] and [WriteFile], the file name.
type Error struct {
	Op   string // "read" or "write"
	Path string // file name; empty for Read and Write
	Err  error  // the underlying error
}

// Error returns a message like "npy: read x.npy: unsupported dtype ...".
func (e *Error) Error() string {
	if e.Path == "" {
		return "npy: " + e.Op + ": " + e.Err.Error()
	}
	return "npy: " + e.Op + " " + e.Path + ": " + e.Err.Error()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// kindError is an error message classified as ErrFormat or ErrUnsupported,
// optionally wrapping a cause such as io.ErrUnexpectedEOF.
type kindError struct {
	kind  error
	msg   string
	cause error
}

func (e *kindError) Error() string   { return e.msg }
func (e *kindError) Is(t error) bool { return t == e.kind }
func (e *kindError) Unwrap() error   { return e.cause }

func formatErr(format string, args ...any) error {
	return &kindError{kind: ErrFormat, msg: fmt.Sprintf(format, args...)}
}

func unsupportedErr(format string, args ...any) error {
	return &kindError{kind: ErrUnsupported, msg: fmt.Sprintf(format, args...)}
}

// truncatedErr reports input that ends too early; it wraps
// io.ErrUnexpectedEOF.
func truncatedErr(format string, args ...any) error {
	return &kindError{kind: ErrFormat, msg: fmt.Sprintf(format, args...), cause: io.ErrUnexpectedEOF}
}
