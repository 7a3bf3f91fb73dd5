package npy

import (
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
)

// Write writes a to w in .npy format, byte-identical to numpy.save: format
// version 1.0 unless the header is too long for it, in which case 2.0.
//
// a must be consistent: a valid DType; at most MaxRank dimensions, none
// negative, for at most math.MaxInt bytes of data; and exactly Len()
// elements in the data slice matching DType, with every other data slice
// nil. Otherwise Write returns an error wrapping [ErrFormat] and
// writes nothing.
func Write(w io.Writer, a *Array) error {
	if err := write(w, a, 0); err != nil {
		return &Error{Op: "write", Err: err}
	}
	return nil
}

// WriteVersion is like [Write] but writes the given major format version:
// 1, 2 or 3 (for versions 1.0, 2.0 and 3.0), as
// numpy.lib.format.write_array(f, a, version=(major, 0)) does. Version 1.0
// fails if the header is longer than 65535 bytes.
func WriteVersion(w io.Writer, a *Array, major int) error {
	if major < 1 || major > 3 {
		return &Error{Op: "write", Err: unsupportedErr("unsupported .npy format version %d.0; versions 1.0, 2.0 and 3.0 are supported", major)}
	}
	if err := write(w, a, major); err != nil {
		return &Error{Op: "write", Err: err}
	}
	return nil
}

// WriteFile writes a to the file at path, creating or truncating it, as
// [Write] does. If a is not consistent the file is left untouched; if
// writing fails the partial file is removed. Errors are of type *[Error]
// and name the file.
func WriteFile(path string, a *Array) error {
	if _, err := checkArray(a); err != nil {
		return &Error{Op: "write", Path: path, Err: err}
	}
	f, err := os.Create(path)
	if err != nil {
		return &Error{Op: "write", Path: path, Err: pathErrCause(err)}
	}
	err = write(f, a, 0)
	if cerr := f.Close(); err == nil && cerr != nil {
		err = pathErrCause(cerr)
	}
	if err != nil {
		os.Remove(path)
		return &Error{Op: "write", Path: path, Err: err}
	}
	return nil
}

// checkArray reports whether a describes a valid array, and returns its
// number of elements.
func checkArray(a *Array) (int, error) {
	if a == nil {
		return 0, formatErr("nil *Array")
	}
	if !a.DType.valid() {
		return 0, formatErr("invalid DType %d", int(a.DType))
	}
	if len(a.Shape) > MaxRank {
		return 0, formatErr("shape has rank %d, more than MaxRank (%d)", len(a.Shape), MaxRank)
	}
	for _, d := range a.Shape {
		if d < 0 {
			return 0, formatErr("shape %s has a negative dimension", shortShape(a.Shape))
		}
	}
	n, ok := numElements(a.Shape, a.DType.Size())
	if !ok {
		return 0, formatErr("shape %s of dtype '%s' is too large", shortShape(a.Shape), a.DType)
	}
	lens, set := a.dataSlices()
	for dt := Float16; dt.valid(); dt++ {
		if dt != a.DType && set[dt] {
			return 0, formatErr("Array of dtype '%s' also has %s set; only %s may be set",
				a.DType, dtypes[dt].field, dtypes[a.DType].field)
		}
	}
	if lens[a.DType] != n {
		return 0, formatErr("Array of dtype '%s' and shape %s has %d elements in %s, want %d",
			a.DType, shortShape(a.Shape), lens[a.DType], dtypes[a.DType].field, n)
	}
	return n, nil
}

func write(w io.Writer, a *Array, major int) error {
	if _, err := checkArray(a); err != nil {
		return err
	}
	head, err := encodeHeader(a.DType, a.Shape, major)
	if err != nil {
		return err
	}
	switch a.DType {
	case Float16:
		err = writeData(w, head, a.F16, 2, encodeF16)
	case Float32:
		err = writeData(w, head, a.F32, 4, encodeF32)
	case Float64:
		err = writeData(w, head, a.F64, 8, encodeF64)
	case Int8:
		err = writeData(w, head, a.I8, 1, encodeI8)
	case Uint8:
		err = writeData(w, head, a.U8, 1, encodeU8)
	case Int32:
		err = writeData(w, head, a.I32, 4, encodeI32)
	case Int64:
		err = writeData(w, head, a.I64, 8, encodeI64)
	case Bool:
		err = writeData(w, head, a.Bool, 1, encodeBool)
	case Uint32:
		err = writeData(w, head, a.U32, 4, encodeU32)
	case Uint64:
		err = writeData(w, head, a.U64, 8, encodeU64)
	}
	return err
}

// writeData writes head followed by src encoded with enc, size bytes per
// element, through a bounded buffer.
func writeData[T any](w io.Writer, head []byte, src []T, size int, enc func([]byte, []T)) error {
	chunk := chunkBytes / size
	buf := make([]byte, len(head)+min(len(src), chunk)*size)
	start := copy(buf, head)
	for first := true; first || len(src) > 0; first = false {
		k := min(len(src), chunk)
		end := start + k*size
		enc(buf[start:end], src[:k])
		if err := writeAll(w, buf[:end]); err != nil {
			return err
		}
		src, start = src[k:], 0
	}
	return nil
}

func writeAll(w io.Writer, b []byte) error {
	n, err := w.Write(b)
	if err == nil && n < len(b) {
		err = io.ErrShortWrite
	}
	if err != nil {
		return fmt.Errorf("writing: %w", err)
	}
	return nil
}

func encodeF16(dst []byte, src []uint16) {
	dst = dst[:2*len(src)]
	for i, v := range src {
		binary.LittleEndian.PutUint16(dst[2*i:], v)
	}
}

func encodeF32(dst []byte, src []float32) {
	dst = dst[:4*len(src)]
	for i, v := range src {
		binary.LittleEndian.PutUint32(dst[4*i:], math.Float32bits(v))
	}
}

func encodeF64(dst []byte, src []float64) {
	dst = dst[:8*len(src)]
	for i, v := range src {
		binary.LittleEndian.PutUint64(dst[8*i:], math.Float64bits(v))
	}
}

func encodeI8(dst []byte, src []int8) {
	dst = dst[:len(src)]
	for i, v := range src {
		dst[i] = byte(v)
	}
}

func encodeU8(dst []byte, src []uint8) { copy(dst, src) }

func encodeI32(dst []byte, src []int32) {
	dst = dst[:4*len(src)]
	for i, v := range src {
		binary.LittleEndian.PutUint32(dst[4*i:], uint32(v))
	}
}

func encodeU32(dst []byte, src []uint32) {
	dst = dst[:4*len(src)]
	for i, v := range src {
		binary.LittleEndian.PutUint32(dst[4*i:], v)
	}
}

func encodeU64(dst []byte, src []uint64) {
	dst = dst[:8*len(src)]
	for i, v := range src {
		binary.LittleEndian.PutUint64(dst[8*i:], v)
	}
}

func encodeI64(dst []byte, src []int64) {
	dst = dst[:8*len(src)]
	for i, v := range src {
		binary.LittleEndian.PutUint64(dst[8*i:], uint64(v))
	}
}

func encodeBool(dst []byte, src []bool) {
	dst = dst[:len(src)]
	for i, v := range src {
		if v {
			dst[i] = 1
		} else {
			dst[i] = 0
		}
	}
}
