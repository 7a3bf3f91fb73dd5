package npy

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
)

// chunkBytes is the size of the buffer that data is read and written
// through.
const chunkBytes = 256 << 10

// Read reads one array in .npy format from r.
//
// Read consumes exactly the bytes of one array and nothing more, so several
// arrays written one after another to a stream can be read back with
// successive calls. If r holds no bytes at all, the error wraps [io.EOF].
//
// When r is a *bytes.Reader, *bytes.Buffer, *strings.Reader or a regular
// *os.File, the size of the data is checked against the bytes remaining
// before it is allocated. For other readers the result grows as data
// arrives, so a header claiming more data than r holds costs at most about
// twice the memory of the data actually present.
//
// Errors are of type *[Error] and wrap [ErrFormat] for malformed input
// (also [io.ErrUnexpectedEOF] if it is truncated) and [ErrUnsupported] for
// well-formed arrays this package cannot represent, such as complex,
// big-endian or Fortran-order arrays.
func Read(r io.Reader) (*Array, error) {
	a, err := read(r, remainingBytes(r))
	if err != nil {
		return nil, &Error{Op: "read", Err: err}
	}
	return a, nil
}

// ReadFile reads the .npy file at path. Errors are of type *[Error] and
// name the file; see [Read]. Bytes after the array data are ignored, as
// numpy.load does.
func ReadFile(path string) (*Array, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{Op: "read", Path: path, Err: pathErrCause(err)}
	}
	defer f.Close()
	a, err := read(f, remainingBytes(f))
	if err != nil {
		return nil, &Error{Op: "read", Path: path, Err: err}
	}
	return a, nil
}

// pathErrCause strips the *fs.PathError wrapper from err, whose path the
// *Error already records.
func pathErrCause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// remainingBytes returns how many bytes r holds, or -1 if that is unknown.
func remainingBytes(r io.Reader) int64 {
	switch r := r.(type) {
	case *bytes.Reader:
		return int64(r.Len())
	case *bytes.Buffer:
		return int64(r.Len())
	case *strings.Reader:
		return int64(r.Len())
	case *os.File:
		st, err := r.Stat()
		if err != nil || !st.Mode().IsRegular() {
			return -1
		}
		off, err := r.Seek(0, io.SeekCurrent)
		if err != nil || off > st.Size() {
			return -1
		}
		return st.Size() - off
	}
	return -1
}

// read reads one array from r. remaining is the number of bytes r holds, or
// -1 if unknown.
func read(r io.Reader, remaining int64) (*Array, error) {
	var prefix [magicLen]byte
	n, err := io.ReadFull(r, prefix[:])
	switch {
	case n == 0 && err == io.EOF:
		return nil, &kindError{kind: ErrFormat, msg: "empty input, not a .npy file", cause: io.EOF}
	case err == io.ErrUnexpectedEOF:
		if !strings.HasPrefix(magicPrefix, string(prefix[:min(n, len(magicPrefix))])) {
			return nil, badMagic(prefix[:n])
		}
		return nil, truncatedErr("truncated file: only %d bytes", n)
	case err != nil:
		return nil, fmt.Errorf("reading magic string: %w", err)
	}
	if string(prefix[:len(magicPrefix)]) != magicPrefix {
		return nil, badMagic(prefix[:])
	}
	major, minor := int(prefix[len(magicPrefix)]), int(prefix[len(magicPrefix)+1])
	if major < 1 || major > 3 || minor != 0 {
		return nil, unsupportedErr("unsupported .npy format version %d.%d; versions 1.0, 2.0 and 3.0 are supported", major, minor)
	}
	consumed := int64(magicLen)

	var lenBuf [4]byte
	lenBytes := lenBuf[:4]
	if major == 1 {
		lenBytes = lenBuf[:2]
	}
	if err := readFull(r, lenBytes, "header length"); err != nil {
		return nil, err
	}
	consumed += int64(len(lenBytes))
	var hlen int64
	if major == 1 {
		hlen = int64(binary.LittleEndian.Uint16(lenBytes))
	} else {
		hlen = int64(binary.LittleEndian.Uint32(lenBytes))
	}
	if hlen > MaxHeaderLen {
		return nil, formatErr("header length %d exceeds the limit of %d bytes", hlen, MaxHeaderLen)
	}
	if remaining >= 0 && hlen > remaining-consumed {
		return nil, truncatedErr("truncated header: header length is %d bytes but only %d remain", hlen, remaining-consumed)
	}
	var raw []byte
	if remaining >= 0 {
		raw = make([]byte, hlen)
		if err := readFull(r, raw, "header"); err != nil {
			return nil, err
		}
	} else {
		// The length is unverified: let the buffer grow as bytes arrive.
		raw, err = io.ReadAll(io.LimitReader(r, hlen))
		if err != nil {
			return nil, fmt.Errorf("reading header: %w", err)
		}
		if int64(len(raw)) < hlen {
			return nil, truncatedErr("truncated header: got %d of %d bytes", len(raw), hlen)
		}
	}
	consumed += hlen

	h, err := decodeHeader(raw, major)
	if err != nil {
		return nil, err
	}
	if remaining >= 0 && int64(h.nbyte) > remaining-consumed {
		return nil, truncatedErr("truncated data: shape %s of dtype '%s' needs %d bytes but only %d remain",
			shortShape(h.shape), h.dtype, h.nbyte, remaining-consumed)
	}
	a := &Array{DType: h.dtype, Shape: h.shape}
	known := remaining >= 0
	switch h.dtype {
	case Float16:
		a.F16, err = readData(r, h, known, decodeF16)
	case Float32:
		a.F32, err = readData(r, h, known, decodeF32)
	case Float64:
		a.F64, err = readData(r, h, known, decodeF64)
	case Int8:
		a.I8, err = readData(r, h, known, decodeI8)
	case Uint8:
		a.U8, err = readData(r, h, known, decodeU8)
	case Int32:
		a.I32, err = readData(r, h, known, decodeI32)
	case Int64:
		a.I64, err = readData(r, h, known, decodeI64)
	case Bool:
		a.Bool, err = readData(r, h, known, decodeBool)
	case Uint32:
		a.U32, err = readData(r, h, known, decodeU32)
	case Uint64:
		a.U64, err = readData(r, h, known, decodeU64)
	}
	if err != nil {
		return nil, err
	}
	return a, nil
}

func badMagic(b []byte) error {
	if bytes.HasPrefix(b, []byte("PK\x03\x04")) {
		return formatErr("not a .npy file: found a zip archive (an .npz file?)")
	}
	return formatErr("not a .npy file: bad magic string %s, want %s", strconv.Quote(string(b)), strconv.Quote(magicPrefix))
}

// readFull reads len(buf) bytes, reporting a short read as truncation.
func readFull(r io.Reader, buf []byte, what string) error {
	n, err := io.ReadFull(r, buf)
	switch {
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return truncatedErr("truncated %s: got %d of %d bytes", what, n, len(buf))
	case err != nil:
		return fmt.Errorf("reading %s: %w", what, err)
	}
	return nil
}

// readData reads h.n elements of h.dtype.Size() bytes each, decoding them
// with dec. If prealloc is set the caller has checked that the input holds
// the data, and the result is allocated at once; otherwise it grows as data
// arrives.
func readData[T any](r io.Reader, h header, prealloc bool, dec func([]T, []byte)) ([]T, error) {
	n, size := h.n, h.dtype.Size()
	chunk := chunkBytes / size
	var out []T
	if prealloc {
		out = make([]T, n)
	} else {
		out = make([]T, 0, min(n, chunk))
	}
	buf := make([]byte, min(n, chunk)*size)
	for done := 0; done < n; {
		k := min(n-done, chunk)
		got, err := io.ReadFull(r, buf[:k*size])
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			return nil, truncatedErr("truncated data: shape %s of dtype '%s' needs %d bytes, got %d",
				shortShape(h.shape), h.dtype, h.nbyte, done*size+got)
		}
		if err != nil {
			return nil, fmt.Errorf("reading data: %w", err)
		}
		if cap(out) < done+k {
			grown := make([]T, done, min(n, max(2*cap(out), done+k)))
			copy(grown, out)
			out = grown
		}
		out = out[:done+k]
		dec(out[done:], buf[:k*size])
		done += k
	}
	return out, nil
}

func decodeF16(dst []uint16, src []byte) {
	src = src[:2*len(dst)]
	for i := range dst {
		dst[i] = binary.LittleEndian.Uint16(src[2*i:])
	}
}

func decodeF32(dst []float32, src []byte) {
	src = src[:4*len(dst)]
	for i := range dst {
		dst[i] = math.Float32frombits(binary.LittleEndian.Uint32(src[4*i:]))
	}
}

func decodeF64(dst []float64, src []byte) {
	src = src[:8*len(dst)]
	for i := range dst {
		dst[i] = math.Float64frombits(binary.LittleEndian.Uint64(src[8*i:]))
	}
}

func decodeI8(dst []int8, src []byte) {
	src = src[:len(dst)]
	for i, b := range src {
		dst[i] = int8(b)
	}
}

func decodeU8(dst []uint8, src []byte) { copy(dst, src) }

func decodeI32(dst []int32, src []byte) {
	src = src[:4*len(dst)]
	for i := range dst {
		dst[i] = int32(binary.LittleEndian.Uint32(src[4*i:]))
	}
}

func decodeU32(dst []uint32, src []byte) {
	src = src[:4*len(dst)]
	for i := range dst {
		dst[i] = binary.LittleEndian.Uint32(src[4*i:])
	}
}

func decodeU64(dst []uint64, src []byte) {
	src = src[:8*len(dst)]
	for i := range dst {
		dst[i] = binary.LittleEndian.Uint64(src[8*i:])
	}
}

func decodeI64(dst []int64, src []byte) {
	src = src[:8*len(dst)]
	for i := range dst {
		dst[i] = int64(binary.LittleEndian.Uint64(src[8*i:]))
	}
}

// decodeBool maps each byte to a bool; like numpy, any non-zero byte is
// true.
func decodeBool(dst []bool, src []byte) {
	src = src[:len(dst)]
	for i, b := range src {
		dst[i] = b != 0
	}
}
