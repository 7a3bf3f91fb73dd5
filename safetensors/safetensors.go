// Package safetensors reads and writes the safetensors format, the file
// format PyTorch users exchange weights in (Hugging Face's safetensors):
// an 8-byte little-endian header length N, N bytes of JSON mapping each
// tensor name to its dtype, shape and data_offsets [begin, end) into the
// data section (plus an optional "__metadata__" map of strings), padded
// with spaces to a multiple of 8, then the tensors' raw little-endian
// bytes, contiguous, without gaps. Parse validates a file as the reference
// implementation does and reports what is wrong; Encode writes the
// canonical layout (tensors ordered by alignment, then name).
package safetensors

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strings"
	"unicode/utf8"
)

// MaxHeaderSize is the largest JSON header Parse accepts (the reference
// implementation's limit).
const MaxHeaderSize = 100_000_000

// DType names an element type as the format spells it.
type DType string

// The element types of the format this package handles.
const (
	Bool DType = "BOOL"
	U8   DType = "U8"
	I8   DType = "I8"
	I16  DType = "I16"
	U16  DType = "U16"
	F16  DType = "F16"
	BF16 DType = "BF16"
	I32  DType = "I32"
	U32  DType = "U32"
	F32  DType = "F32"
	F64  DType = "F64"
	I64  DType = "I64"
	U64  DType = "U64"
)

// dtypeOrder is the reference implementation's dtype enum order; Encode
// writes tensors of later dtypes first (larger alignments before smaller).
var dtypeOrder = map[DType]int{Bool: 0, U8: 1, I8: 2, I16: 3, U16: 4, F16: 5, BF16: 6, I32: 7, U32: 8, F32: 9, F64: 10, I64: 11, U64: 12}

// Size returns the size in bytes of one element of d, 0 for an unknown
// dtype.
func (d DType) Size() int {
	switch d {
	case Bool, U8, I8:
		return 1
	case I16, U16, F16, BF16:
		return 2
	case I32, U32, F32:
		return 4
	case F64, I64, U64:
		return 8
	}
	return 0
}

// Tensor is one named tensor of a file: its dtype, shape and raw
// little-endian bytes (row-major).
type Tensor struct {
	DType DType
	Shape []int64
	Data  []byte
}

// File is the content of a safetensors file.
type File struct {
	Tensors  map[string]Tensor
	Metadata map[string]string // the "__metadata__" entry; nil when absent
}

// Names returns the tensor names, sorted.
func (f *File) Names() []string {
	names := make([]string, 0, len(f.Tensors))
	for n := range f.Tensors {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Error is a malformed file: what is wrong, and the tensor concerned when
// there is one.
type Error struct {
	Tensor string // "" for the file as a whole
	Msg    string
}

func (e *Error) Error() string {
	if e.Tensor == "" {
		return "safetensors: " + e.Msg
	}
	return fmt.Sprintf("safetensors: tensor %q: %s", e.Tensor, e.Msg)
}

func errorf(tensor, format string, args ...any) error {
	return &Error{Tensor: tensor, Msg: fmt.Sprintf(format, args...)}
}

type headerEntry struct {
	DType       DType    `json:"dtype"`
	Shape       []int64  `json:"shape"`
	DataOffsets [2]int64 `json:"data_offsets"`
}

// numel returns the number of elements of shape, or an error when a size
// is negative or the product overflows.
func numel(name string, shape []int64) (int64, error) {
	n := int64(1)
	for _, s := range shape {
		if s < 0 {
			return 0, errorf(name, "negative size in shape %v", shape)
		}
		if s != 0 && n > math.MaxInt64/s {
			return 0, errorf(name, "shape %v overflows", shape)
		}
		n *= s
	}
	return n, nil
}

// Parse reads a safetensors file from data. The tensors' Data alias data.
// It rejects: a file shorter than its header length says, a header over
// MaxHeaderSize, a header that is not a UTF-8 JSON object or that repeats a
// key, an unknown dtype, a metadata value that is not a string, offsets
// that overlap, leave a gap, run past the data or do not match the
// tensor's dtype and shape, and trailing bytes after the last tensor.
func Parse(data []byte) (*File, error) {
	if len(data) < 8 {
		return nil, errorf("", "file of %d bytes is shorter than the 8-byte header length", len(data))
	}
	n := binary.LittleEndian.Uint64(data)
	if n > MaxHeaderSize {
		return nil, errorf("", "header length %d exceeds the limit of %d bytes", n, MaxHeaderSize)
	}
	if 8+n > uint64(len(data)) {
		return nil, errorf("", "header length %d runs past the end of the %d-byte file (truncated?)", n, len(data))
	}
	header := data[8 : 8+n]
	if !utf8.Valid(header) {
		return nil, errorf("", "header is not valid UTF-8")
	}
	if len(header) == 0 || header[0] != '{' {
		return nil, errorf("", "header does not start with '{'")
	}
	raw, err := objectKeys(header)
	if err != nil {
		return nil, errorf("", "bad JSON header: %v", err)
	}
	buf := data[8+n:]
	f := &File{Tensors: map[string]Tensor{}}
	type span struct {
		name       string
		begin, end int64
	}
	var spans []span
	for _, kv := range raw {
		if kv.key == "__metadata__" {
			if err := json.Unmarshal(kv.value, &f.Metadata); err != nil {
				return nil, errorf("", "__metadata__ must map strings to strings: %v", err)
			}
			continue
		}
		var h struct {
			DType       *DType  `json:"dtype"`
			Shape       []int64 `json:"shape"`
			DataOffsets []int64 `json:"data_offsets"`
		}
		dec := json.NewDecoder(bytes.NewReader(kv.value))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&h); err != nil {
			return nil, errorf(kv.key, "bad entry: %v", err)
		}
		if h.DType == nil || h.Shape == nil || len(h.DataOffsets) != 2 {
			return nil, errorf(kv.key, "entry needs dtype, shape and data_offsets [begin, end]")
		}
		dtype := *h.DType
		size := dtype.Size()
		if size == 0 {
			return nil, errorf(kv.key, "unknown dtype %q", dtype)
		}
		elems, err := numel(kv.key, h.Shape)
		if err != nil {
			return nil, err
		}
		b, e := h.DataOffsets[0], h.DataOffsets[1]
		if b < 0 || e < b {
			return nil, errorf(kv.key, "bad data_offsets [%d, %d]", b, e)
		}
		if elems > math.MaxInt64/int64(size) || e-b != elems*int64(size) {
			return nil, errorf(kv.key, "data_offsets [%d, %d] hold %d bytes; dtype %s and shape %v need %d", b, e, e-b, dtype, h.Shape, elems*int64(size))
		}
		if e > int64(len(buf)) {
			return nil, errorf(kv.key, "data_offsets [%d, %d] run past the %d-byte data section", b, e, len(buf))
		}
		spans = append(spans, span{kv.key, b, e})
		f.Tensors[kv.key] = Tensor{DType: dtype, Shape: h.Shape, Data: buf[b:e:e]}
	}
	sort.Slice(spans, func(i, j int) bool {
		if spans[i].begin != spans[j].begin {
			return spans[i].begin < spans[j].begin
		}
		return spans[i].end < spans[j].end
	})
	at := int64(0)
	for i, s := range spans {
		switch {
		case s.begin < at:
			return nil, errorf(s.name, "data_offsets [%d, %d] overlap tensor %q", s.begin, s.end, spans[i-1].name)
		case s.begin > at:
			return nil, errorf(s.name, "data_offsets [%d, %d] leave a gap after byte %d", s.begin, s.end, at)
		}
		at = s.end
	}
	if at != int64(len(buf)) {
		return nil, errorf("", "the tensors cover %d bytes of a %d-byte data section", at, len(buf))
	}
	return f, nil
}

type keyValue struct {
	key   string
	value json.RawMessage
}

// objectKeys splits a JSON object into its members in order, rejecting
// duplicate keys and trailing data.
func objectKeys(data []byte) ([]keyValue, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, errors.New("the header is not a JSON object")
	}
	seen := map[string]bool{}
	var out []keyValue
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, ok := tok.(string)
		if !ok {
			return nil, fmt.Errorf("object key %v is not a string", tok)
		}
		if seen[key] {
			return nil, fmt.Errorf("duplicate key %q", key)
		}
		seen[key] = true
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("value of %q: %v", key, err)
		}
		out = append(out, keyValue{key, v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	// Only padding may follow the object.
	if strings.TrimRight(string(data[dec.InputOffset():]), " \t\r\n") != "" {
		return nil, errors.New("data after the JSON object")
	}
	return out, nil
}

// Encode writes the tensors and metadata (nil for none) in the format: the
// header lists "__metadata__" first, the data holds tensors ordered by
// dtype alignment (largest first), then by name, so every tensor starts at
// a multiple of its element size; the header is padded with spaces to a
// multiple of 8 bytes.
func Encode(w io.Writer, tensors map[string]Tensor, metadata map[string]string) error {
	names := make([]string, 0, len(tensors))
	for n, t := range tensors {
		if n == "__metadata__" {
			return errorf(n, "the name is reserved")
		}
		if t.DType.Size() == 0 {
			return errorf(n, "unknown dtype %q", t.DType)
		}
		elems, err := numel(n, t.Shape)
		if err != nil {
			return err
		}
		if int64(len(t.Data)) != elems*int64(t.DType.Size()) {
			return errorf(n, "%d data bytes for dtype %s and shape %v", len(t.Data), t.DType, t.Shape)
		}
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := tensors[names[i]], tensors[names[j]]
		if dtypeOrder[a.DType] != dtypeOrder[b.DType] {
			return dtypeOrder[a.DType] > dtypeOrder[b.DType]
		}
		return names[i] < names[j]
	})
	var h bytes.Buffer
	h.WriteByte('{')
	if metadata != nil {
		m, err := json.Marshal(metadata)
		if err != nil {
			return err
		}
		h.WriteString(`"__metadata__":`)
		h.Write(m)
	}
	off := int64(0)
	for i, n := range names {
		t := tensors[n]
		if i > 0 || metadata != nil {
			h.WriteByte(',')
		}
		k, _ := json.Marshal(n)
		shape := t.Shape
		if shape == nil {
			shape = []int64{}
		}
		e, _ := json.Marshal(headerEntry{DType: t.DType, Shape: shape, DataOffsets: [2]int64{off, off + int64(len(t.Data))}})
		h.Write(k)
		h.WriteByte(':')
		h.Write(e)
		off += int64(len(t.Data))
	}
	h.WriteByte('}')
	for h.Len()%8 != 0 {
		h.WriteByte(' ')
	}
	var lenBuf [8]byte
	binary.LittleEndian.PutUint64(lenBuf[:], uint64(h.Len()))
	if _, err := w.Write(lenBuf[:]); err != nil {
		return err
	}
	if _, err := w.Write(h.Bytes()); err != nil {
		return err
	}
	for _, n := range names {
		if _, err := w.Write(tensors[n].Data); err != nil {
			return err
		}
	}
	return nil
}

// ReadFile parses the file at path.
func ReadFile(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	f, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// WriteFile encodes the tensors and metadata into the file at path.
func WriteFile(path string, tensors map[string]Tensor, metadata map[string]string) error {
	var buf bytes.Buffer
	if err := Encode(&buf, tensors, metadata); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}
