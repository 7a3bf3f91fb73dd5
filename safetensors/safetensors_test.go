package safetensors_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/safetensors"
)

// TestReadReferenceFile reads a file of tools/refgen/stwriter.py (a
// writer written from the format's specification, header members in
// their given order and __metadata__ last) holding every supported dtype,
// and checks the values; F16 and BF16 widen as torch's .float() does.
func TestReadReferenceFile(t *testing.T) {
	f, err := safetensors.ReadFile(filepath.Join("testdata", "dtypes.safetensors"))
	if err != nil {
		t.Fatal(err)
	}
	if f.Metadata["format"] != "pt" {
		t.Errorf("metadata %v", f.Metadata)
	}
	want := []string{"bf16", "bool", "empty", "f16", "f32", "f64", "i32", "i64", "scalar"}
	if !slices.Equal(f.Names(), want) {
		t.Fatalf("names %v", f.Names())
	}
	get := func(name string) *tt.Tensor {
		x, err := f.Tensors[name].ToTensor()
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	checks := []struct {
		name  string
		shape []int
		got   any
		want  any
	}{
		{"f32", []int{2, 3}, get("f32").Float32s(), []float32{1.5, -2.25, 3e-39, float32(math.Inf(1)), float32(math.Copysign(0, -1)), 65504}},
		{"f64", []int{3}, get("f64").Float64s(), []float64{math.Pi, -1e300, 5e-324}},
		{"i64", []int{2, 2}, get("i64").Int64s(), []int64{math.MinInt64, math.MaxInt64, 0, -1}},
		{"i32", []int{3}, get("i32").Int64s(), []int64{math.MinInt32, 7, math.MaxInt32}},
		{"bool", []int{3}, get("bool").Int64s(), []int64{1, 0, 1}},
		{"scalar", []int{}, get("scalar").Float32s(), []float32{2.5}},
		{"empty", []int{0, 3}, get("empty").Float32s(), []float32{}},
	}
	for _, c := range checks {
		x := get(c.name)
		if !slices.Equal(x.Shape(), c.shape) {
			t.Errorf("%s: shape %v, want %v", c.name, x.Shape(), c.shape)
		}
		if !equalBits(c.got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	if get("i32").DType() != tt.Int32 || get("bool").DType() != tt.Bool {
		t.Error("I32/BOOL do not load as Int32/Bool")
	}
	widened, err := safetensors.ReadFile(filepath.Join("testdata", "dtypes_widened.safetensors"))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"f16", "bf16"} {
		w, _ := widened.Tensors[n].ToTensor()
		if g := get(n).Float32s(); !equalBits(g, w.Float32s()) {
			t.Errorf("%s widens to %v, torch to %v", n, g, w.Float32s())
		}
	}
}

func equalBits(a, b any) bool {
	switch a := a.(type) {
	case []float32:
		b := b.([]float32)
		return slices.EqualFunc(a, b, func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) })
	case []float64:
		b := b.([]float64)
		return slices.EqualFunc(a, b, func(x, y float64) bool { return math.Float64bits(x) == math.Float64bits(y) })
	case []int64:
		return slices.Equal(a, b.([]int64))
	}
	return false
}

// TestRoundTrip re-encodes the reference file: the result parses to the
// same tensors, its layout is canonical (8-byte aligned header, tensors
// by alignment then name, each aligned to its element size), and encoding
// is deterministic.
func TestRoundTrip(t *testing.T) {
	f, err := safetensors.ReadFile(filepath.Join("testdata", "dtypes.safetensors"))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := safetensors.Encode(&buf, f.Tensors, f.Metadata); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	n := binary.LittleEndian.Uint64(data)
	if n%8 != 0 {
		t.Errorf("header length %d is not a multiple of 8", n)
	}
	g, err := safetensors.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for name, x := range f.Tensors {
		y := g.Tensors[name]
		if x.DType != y.DType || !slices.Equal(x.Shape, y.Shape) || !bytes.Equal(x.Data, y.Data) {
			t.Errorf("%s changed in the round trip", name)
		}
		if off := cap(data) - cap(y.Data) - 8 - int(n); off%y.DType.Size() != 0 {
			t.Errorf("%s starts at data offset %d, not aligned to %d", name, off, y.DType.Size())
		}
	}
	header := string(data[8 : 8+n])
	if !strings.HasPrefix(header, `{"__metadata__"`) {
		t.Errorf("header does not start with __metadata__: %s", header)
	}
	// The reference implementation's dtype order, descending (U64, I64,
	// F64, F32, ...); one dtype's tensors by name.
	order := []string{`"i64"`, `"f64"`, `"empty"`, `"f32"`, `"scalar"`, `"i32"`, `"bf16"`, `"f16"`, `"bool"`}
	last := -1
	for _, k := range order {
		i := strings.Index(header, k+":")
		if i < last {
			t.Errorf("%s out of order in %s", k, header)
		}
		last = i
	}
	var again bytes.Buffer
	safetensors.Encode(&again, g.Tensors, g.Metadata)
	if !bytes.Equal(again.Bytes(), data) {
		t.Error("encoding is not deterministic")
	}
}

// file builds a file from a raw header and data section.
func file(header string, data []byte) []byte {
	out := binary.LittleEndian.AppendUint64(nil, uint64(len(header)))
	return append(append(out, header...), data...)
}

// TestBadFiles checks that malformed files get errors that say what is
// wrong.
func TestBadFiles(t *testing.T) {
	good := file(`{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}}`, make([]byte, 8))
	if _, err := safetensors.Parse(good); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	huge := binary.LittleEndian.AppendUint64(nil, 1<<40)
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "shorter than the 8-byte header length"},
		{"truncated header", good[:20], "runs past the end"},
		{"truncated data", good[:len(good)-1], `tensor "a": data_offsets [0, 8] run past the 7-byte data section`},
		{"trailing data", append(append([]byte(nil), good...), 0), "cover 8 bytes of a 9-byte data section"},
		{"huge header", huge, "exceeds the limit"},
		{"not an object", file(`[1, 2]   `, nil), "does not start with '{'"},
		{"bad JSON", file(`{"a": {"dtype": }`, nil), "bad JSON header"},
		{"junk after JSON", file(`{} x`, nil), "data after the JSON object"},
		{"duplicate key", file(`{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}`, make([]byte, 4)), `duplicate key "a"`},
		{"unknown dtype", file(`{"a":{"dtype":"F17","shape":[1],"data_offsets":[0,4]}}`, make([]byte, 4)), `tensor "a": unknown dtype "F17"`},
		{"missing field", file(`{"a":{"dtype":"F32","shape":[1]}}`, make([]byte, 4)), `tensor "a": entry needs dtype, shape and data_offsets`},
		{"unknown field", file(`{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4],"x":1}}`, make([]byte, 4)), `tensor "a": bad entry`},
		{"size mismatch", file(`{"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}}`, make([]byte, 8)), `tensor "a": data_offsets [0, 8] hold 8 bytes; dtype F32 and shape [3] need 12`},
		{"reversed offsets", file(`{"a":{"dtype":"F32","shape":[0],"data_offsets":[8,0]}}`, make([]byte, 8)), `bad data_offsets [8, 0]`},
		{"negative size", file(`{"a":{"dtype":"F32","shape":[-1],"data_offsets":[0,4]}}`, make([]byte, 4)), `negative size`},
		{"overlap", file(`{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}}`, make([]byte, 12)),
			`tensor "b": data_offsets [4, 12] overlap tensor "a"`},
		{"gap", file(`{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}}`, make([]byte, 12)),
			`tensor "b": data_offsets [8, 12] leave a gap after byte 4`},
		{"bad metadata", file(`{"__metadata__":{"k":1}}`, nil), "__metadata__ must map strings to strings"},
		{"overflowing shape", file(`{"a":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,4]}}`, make([]byte, 4)), "overflows"},
	}
	for _, c := range cases {
		_, err := safetensors.Parse(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	if _, err := safetensors.ReadFile(filepath.Join(t.TempDir(), "missing")); !os.IsNotExist(err) {
		t.Errorf("a missing file: %v", err)
	}
}

// TestEncodeRejects checks Encode's own validation.
func TestEncodeRejects(t *testing.T) {
	for name, ts := range map[string]map[string]safetensors.Tensor{
		"size":     {"a": {DType: safetensors.F32, Shape: []int64{2}, Data: make([]byte, 4)}},
		"dtype":    {"a": {DType: "X", Shape: []int64{1}, Data: make([]byte, 4)}},
		"reserved": {"__metadata__": {DType: safetensors.F32, Shape: []int64{1}, Data: make([]byte, 4)}},
	} {
		if err := safetensors.Encode(&bytes.Buffer{}, ts, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestHalfConversions checks F16 and BF16 conversions on every binary16
// value (round trip exact) and rounding to nearest even.
func TestHalfConversions(t *testing.T) {
	for h := range 1 << 16 {
		f := safetensors.HalfToFloat32(uint16(h))
		if math.IsNaN(float64(f)) {
			continue
		}
		if back := safetensors.Float32ToHalf(f); back != uint16(h) {
			t.Fatalf("half %#04x → %g → %#04x", h, f, back)
		}
	}
	cases := []struct {
		f    float32
		h    uint16
		bf16 uint16
	}{
		{1, 0x3c00, 0x3f80},
		{1 + 1.0/2048, 0x3c00, 0x3f80}, // tie: to even
		{1 + 3.0/2048, 0x3c02, 0x3f80}, // tie: to even (up)
		{65520, 0x7c00, 0x4780},        // rounds to Inf in half
		{1e-8, 0x0000, 0x322c},         // below half's smallest subnormal/2
		{-2.5, 0xc100, 0xc020},
	}
	for _, c := range cases {
		if h := safetensors.Float32ToHalf(c.f); h != c.h {
			t.Errorf("half(%g) = %#04x, want %#04x", c.f, h, c.h)
		}
		if b := safetensors.Float32ToBFloat16(c.f); b != c.bf16 {
			t.Errorf("bf16(%g) = %#04x, want %#04x", c.f, b, c.bf16)
		}
	}
}

// FuzzSafetensors checks that Parse never panics, and that a file it accepts
// encodes and parses back to the same tensors.
func FuzzSafetensors(f *testing.F) {
	seed, _ := os.ReadFile(filepath.Join("testdata", "dtypes.safetensors"))
	f.Add(seed)
	f.Add(file(`{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}}`, make([]byte, 8)))
	f.Add(file(`{"__metadata__":{"k":"v"}}`, nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := safetensors.Parse(data)
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := safetensors.Encode(&buf, got.Tensors, got.Metadata); err != nil {
			t.Fatalf("Encode of a parsed file: %v", err)
		}
		again, err := safetensors.Parse(buf.Bytes())
		if err != nil {
			t.Fatalf("Parse of an encoded file: %v", err)
		}
		for n, x := range got.Tensors {
			y := again.Tensors[n]
			if x.DType != y.DType || !slices.Equal(x.Shape, y.Shape) || !bytes.Equal(x.Data, y.Data) {
				t.Fatalf("%s changed", n)
			}
		}
	})
}

// TestToTensorRejects checks ToTensor's validation of tensors built by
// hand.
func TestToTensorRejects(t *testing.T) {
	for name, st := range map[string]safetensors.Tensor{
		"short data":    {DType: safetensors.F32, Shape: []int64{3}, Data: make([]byte, 8)},
		"unknown dtype": {DType: "Q8", Shape: []int64{1}, Data: make([]byte, 1)},
		"no tt type":    {DType: safetensors.U64, Shape: []int64{1}, Data: make([]byte, 8)},
	} {
		if _, err := st.ToTensor(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}
