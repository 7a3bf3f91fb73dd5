package npy

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// makeArray returns an array of the given dtype and shape filled with
// values that exercise the whole range of the type.
func makeArray(dt DType, shape []int) *Array {
	n, _ := numElements(shape, 1)
	a := &Array{DType: dt, Shape: shape}
	switch dt {
	case Float16:
		a.F16 = make([]uint16, n)
		for i := range a.F16 {
			a.F16[i] = uint16(i * 40503)
		}
	case Float32:
		a.F32 = make([]float32, n)
		for i := range a.F32 {
			a.F32[i] = math.Float32frombits(uint32(i) * 2654435761)
		}
	case Float64:
		a.F64 = make([]float64, n)
		for i := range a.F64 {
			a.F64[i] = math.Float64frombits(uint64(i) * 11400714819323198485)
		}
	case Int8:
		a.I8 = make([]int8, n)
		for i := range a.I8 {
			a.I8[i] = int8(i*37 - 128)
		}
	case Uint8:
		a.U8 = make([]uint8, n)
		for i := range a.U8 {
			a.U8[i] = uint8(i * 37)
		}
	case Int32:
		a.I32 = make([]int32, n)
		for i := range a.I32 {
			a.I32[i] = int32(uint32(i) * 2654435761)
		}
	case Int64:
		a.I64 = make([]int64, n)
		for i := range a.I64 {
			a.I64[i] = int64(uint64(i) * 11400714819323198485)
		}
	case Bool:
		a.Bool = make([]bool, n)
		for i := range a.Bool {
			a.Bool[i] = i%3 == 1
		}
	case Uint32:
		a.U32 = make([]uint32, n)
		for i := range a.U32 {
			a.U32[i] = uint32(i) * 2654435761
		}
	case Uint64:
		a.U64 = make([]uint64, n)
		for i := range a.U64 {
			a.U64[i] = uint64(i) * 11400714819323198485
		}
	}
	return a
}

var allDTypes = []DType{Float16, Float32, Float64, Int8, Uint8, Int32, Int64, Bool, Uint32, Uint64}

var testShapes = [][]int{
	{},           // scalar
	{0},          // empty
	{1},          //
	{7},          //
	{2, 3},       //
	{3, 0, 2},    // size-0 dimension in the middle
	{2, 3, 4, 5}, // rank 4
	{1, 1, 1, 1, 1, 1, 1, 1},
	{100003}, // more than one read/write chunk for 8-byte types
}

// equalArrays compares arrays bit for bit (so NaNs with the same bits are
// equal), treating a nil and an empty shape alike.
func equalArrays(a, b *Array) bool {
	if a.DType != b.DType || len(a.Shape) != len(b.Shape) {
		return false
	}
	for i := range a.Shape {
		if a.Shape[i] != b.Shape[i] {
			return false
		}
	}
	switch a.DType {
	case Float32:
		if len(a.F32) != len(b.F32) {
			return false
		}
		for i := range a.F32 {
			if math.Float32bits(a.F32[i]) != math.Float32bits(b.F32[i]) {
				return false
			}
		}
		return true
	case Float64:
		if len(a.F64) != len(b.F64) {
			return false
		}
		for i := range a.F64 {
			if math.Float64bits(a.F64[i]) != math.Float64bits(b.F64[i]) {
				return false
			}
		}
		return true
	}
	a2, b2 := *a, *b
	a2.Shape, b2.Shape = nil, nil
	return reflect.DeepEqual(a2, b2)
}

func TestRoundTrip(t *testing.T) {
	for _, dt := range allDTypes {
		for _, shape := range testShapes {
			for major := 0; major <= 3; major++ {
				a := makeArray(dt, shape)
				var buf bytes.Buffer
				var err error
				if major == 0 {
					err = Write(&buf, a)
				} else {
					err = WriteVersion(&buf, a, major)
				}
				if err != nil {
					t.Fatalf("%v %v v%d: %v", dt, shape, major, err)
				}
				wantMajor := byte(max(major, 1))
				if b := buf.Bytes(); b[6] != wantMajor || (len(b)-a.Len()*dt.Size())%arrayAlign != 0 {
					t.Errorf("%v %v v%d: version %d, header not aligned: %d bytes", dt, shape, major, b[6], len(b))
				}
				data := buf.Bytes()
				for _, r := range []io.Reader{bytes.NewReader(data), onlyReader{bytes.NewReader(data)}, oneByteReader{bytes.NewReader(data)}} {
					got, err := Read(r)
					if err != nil {
						t.Fatalf("%v %v v%d: %v", dt, shape, major, err)
					}
					if !equalArrays(got, a) {
						t.Fatalf("%v %v v%d: read back a different array", dt, shape, major)
					}
					if got.Shape == nil || got.Len() != a.Len() {
						t.Errorf("%v %v v%d: Shape %#v, Len %d", dt, shape, major, got.Shape, got.Len())
					}
				}
			}
		}
	}
}

// oneByteReader returns one byte per Read call.
type oneByteReader struct{ r io.Reader }

func (o oneByteReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}

func TestReadSetsOnlyMatchingSlice(t *testing.T) {
	for _, dt := range allDTypes {
		var buf bytes.Buffer
		if err := Write(&buf, makeArray(dt, []int{0})); err != nil {
			t.Fatal(err)
		}
		a, err := Read(&buf)
		if err != nil {
			t.Fatal(err)
		}
		_, set := a.dataSlices()
		for d := Float16; d.valid(); d++ {
			if set[d] != (d == dt) {
				t.Errorf("reading an empty %v array: %s set = %v", dt, dtypes[d].field, set[d])
			}
		}
	}
}

func TestWriteExactBytes(t *testing.T) {
	a := &Array{DType: Int32, Shape: []int{2}, I32: []int32{1, -2}}
	var buf bytes.Buffer
	if err := Write(&buf, a); err != nil {
		t.Fatal(err)
	}
	want := "\x93NUMPY\x01\x00v\x00{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }" +
		strings.Repeat(" ", 60) + "\n\x01\x00\x00\x00\xfe\xff\xff\xff"
	if got := buf.String(); got != want {
		t.Errorf("Write:\n got %q\nwant %q", got, want)
	}
}

func TestBoolBytes(t *testing.T) {
	// numpy treats any non-zero byte as true; writing gives 0 and 1.
	in := npyFile(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (4,)}", []byte{0, 1, 2, 255})
	a, err := Read(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if want := []bool{false, true, true, true}; !reflect.DeepEqual(a.Bool, want) {
		t.Errorf("Bool = %v, want %v", a.Bool, want)
	}
	var buf bytes.Buffer
	if err := Write(&buf, a); err != nil {
		t.Fatal(err)
	}
	if got := buf.Bytes()[buf.Len()-4:]; !bytes.Equal(got, []byte{0, 1, 1, 1}) {
		t.Errorf("written bool bytes = %v", got)
	}
}

func TestWriteAutoVersion2(t *testing.T) {
	// A header over 65535 bytes needs version 2.0.
	shape := make([]int, 30000)
	for i := range shape {
		shape[i] = 1
	}
	a := &Array{DType: Float64, Shape: shape, F64: []float64{42}}
	var buf bytes.Buffer
	if err := Write(&buf, a); err != nil {
		t.Fatal(err)
	}
	if v := buf.Bytes()[6]; v != 2 {
		t.Errorf("Write used version %d, want 2", v)
	}
	if buf.Len()%arrayAlign != 8 {
		t.Errorf("data not aligned: file is %d bytes", buf.Len())
	}
	got, err := Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !equalArrays(got, a) {
		t.Error("read back a different array")
	}
	err = WriteVersion(io.Discard, a, 1)
	checkErr(t, err, ErrFormat, "too long for format version 1.0")

	// The largest header: MaxRank dimensions, one of them large.
	shape = make([]int, MaxRank)
	shape[0] = math.MaxInt64 / 8
	a = &Array{DType: Int64, Shape: shape, I64: []int64{}}
	buf.Reset()
	if err := WriteVersion(&buf, a, 3); err != nil {
		t.Fatal(err)
	}
	if got, err := Read(&buf); err != nil || !equalArrays(got, a) {
		t.Errorf("reading the largest header back: %v", err)
	}
}

func TestWriteErrors(t *testing.T) {
	tests := []struct {
		name string
		a    *Array
		kind error
		want string
	}{
		{"nil", nil, ErrFormat, "nil *Array"},
		{"zero DType", &Array{Shape: []int{1}, F32: []float32{1}}, ErrFormat, "invalid DType 0"},
		{"bad DType", &Array{DType: 99}, ErrFormat, "invalid DType 99"},
		{"negative dim", &Array{DType: Float32, Shape: []int{2, -1}, F32: []float32{}}, ErrFormat, "negative dimension"},
		{"long negative shape", &Array{DType: Float32, Shape: append(make([]int, 100), -1), F32: []float32{}}, ErrFormat, "(0, 0, 0, 0, 0, 0, 0, 0, ... (101 dimensions) ..., 0, 0, 0, 0, 0, 0, 0, -1) has a negative dimension"},
		{"overflow", &Array{DType: Float32, Shape: []int{1 << 40, 1 << 40}}, ErrFormat, "too large"},
		{"byte overflow", &Array{DType: Float64, Shape: []int{math.MaxInt / 4}}, ErrFormat, "too large"},
		{"short data", &Array{DType: Float32, Shape: []int{2, 3}, F32: make([]float32, 5)}, ErrFormat, "has 5 elements in F32, want 6"},
		{"long data", &Array{DType: Int8, Shape: []int{}, I8: make([]int8, 2)}, ErrFormat, "has 2 elements in I8, want 1"},
		{"missing data", &Array{DType: Bool, Shape: []int{1}}, ErrFormat, "has 0 elements in Bool, want 1"},
		{"rank", &Array{DType: Float32, Shape: make([]int, MaxRank+1), F32: []float32{}}, ErrFormat, "more than MaxRank"},
		{"wrong slice", &Array{DType: Float32, Shape: []int{1}, F64: []float64{1}}, ErrFormat, "also has F64 set"},
		{"extra empty slice", &Array{DType: Float32, Shape: []int{0}, F32: []float32{}, I64: []int64{}}, ErrFormat, "also has I64 set"},
	}
	for _, tt := range tests {
		var buf bytes.Buffer
		err := Write(&buf, tt.a)
		checkErr(t, err, tt.kind, "npy: write: ", tt.want)
		if buf.Len() != 0 {
			t.Errorf("%s: Write wrote %d bytes despite the error", tt.name, buf.Len())
		}
	}
	a := makeArray(Float32, []int{2})
	checkErr(t, WriteVersion(io.Discard, a, 0), ErrUnsupported, "version 0.0")
	checkErr(t, WriteVersion(io.Discard, a, 4), ErrUnsupported, "version 4.0")
}

type failWriter struct{ n int } // accepts n bytes, then fails

var errDiskFull = errors.New("disk full")

func (f *failWriter) Write(p []byte) (int, error) {
	if len(p) > f.n {
		n := f.n
		f.n = 0
		return n, errDiskFull
	}
	f.n -= len(p)
	return len(p), nil
}

type shortWriter struct{}

func (shortWriter) Write(p []byte) (int, error) { return len(p) / 2, nil }

func TestWriteWriterErrors(t *testing.T) {
	a := makeArray(Float64, []int{100000}) // several chunks
	for _, n := range []int{0, 10, 128, 300000} {
		err := Write(&failWriter{n: n}, a)
		if !errors.Is(err, errDiskFull) {
			t.Errorf("failing after %d bytes: error %v, want it to wrap errDiskFull", n, err)
		}
	}
	if err := Write(shortWriter{}, a); !errors.Is(err, io.ErrShortWrite) {
		t.Errorf("short write: error %v, want io.ErrShortWrite", err)
	}
}

func TestReadConsecutive(t *testing.T) {
	var buf bytes.Buffer
	arrays := []*Array{makeArray(Float32, []int{2, 2}), makeArray(Bool, []int{}), makeArray(Int64, []int{3})}
	for _, a := range arrays {
		if err := Write(&buf, a); err != nil {
			t.Fatal(err)
		}
	}
	r := onlyReader{&buf}
	for i, want := range arrays {
		got, err := Read(r)
		if err != nil {
			t.Fatalf("array %d: %v", i, err)
		}
		if !equalArrays(got, want) {
			t.Errorf("array %d differs", i)
		}
	}
	_, err := Read(r)
	if !errors.Is(err, io.EOF) || !errors.Is(err, ErrFormat) {
		t.Errorf("Read at end of stream: %v, want an error wrapping io.EOF", err)
	}
}

// TestReadTruncated cuts a valid file at every length and checks that each
// prefix gives a truncation error.
func TestReadTruncated(t *testing.T) {
	for _, major := range []int{1, 2, 3} {
		var buf bytes.Buffer
		if err := WriteVersion(&buf, makeArray(Int32, []int{3, 5}), major); err != nil {
			t.Fatal(err)
		}
		full := buf.Bytes()
		for n := 0; n < len(full); n++ {
			for _, r := range []io.Reader{bytes.NewReader(full[:n]), onlyReader{bytes.NewReader(full[:n])}} {
				_, err := Read(r)
				switch {
				case n == 0:
					checkErr(t, err, io.EOF, "empty input")
				default:
					checkErr(t, err, io.ErrUnexpectedEOF, "truncated")
					checkErr(t, err, ErrFormat)
				}
			}
		}
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func TestReadReaderError(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, makeArray(Int32, []int{1000})); err != nil {
		t.Fatal(err)
	}
	errBoom := errors.New("boom")
	for _, n := range []int{0, 4, 8, 9, 50, 200} {
		r := io.MultiReader(bytes.NewReader(buf.Bytes()[:n]), errReader{errBoom})
		_, err := Read(r)
		if !errors.Is(err, errBoom) {
			t.Errorf("reader failing after %d bytes: %v, want it to wrap the reader's error", n, err)
		}
	}
}

// TestReadLyingHeaderMemory checks that a header claiming a huge array does
// not make Read allocate for it, whether or not the input size is known.
func TestReadLyingHeaderMemory(t *testing.T) {
	data := make([]byte, 1000)
	in := npyFile(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (1000000000000,)}", data)
	for _, tc := range []struct {
		name string
		r    func() io.Reader
	}{
		{"known size", func() io.Reader { return bytes.NewReader(in) }},
		{"unknown size", func() io.Reader { return onlyReader{bytes.NewReader(in)} }},
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := Read(tc.r())
		runtime.ReadMemStats(&after)
		checkErr(t, err, io.ErrUnexpectedEOF, "truncated data")
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
			t.Errorf("%s: Read allocated %d bytes for 1000 bytes of input", tc.name, alloc)
		}
	}
	// A v2 header length of 4 GiB is rejected before reading it.
	_, err := Read(onlyReader{bytes.NewReader([]byte("\x93NUMPY\x02\x00\xff\xff\xff\x7f{"))})
	checkErr(t, err, ErrFormat, "exceeds the limit")
	// A header length just under the limit, through a reader of unknown
	// size, costs only what arrives.
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = Read(onlyReader{bytes.NewReader([]byte("\x93NUMPY\x02\x00\x00\x00\x10\x00{"))})
	runtime.ReadMemStats(&after)
	checkErr(t, err, io.ErrUnexpectedEOF, "truncated header")
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<10 {
		t.Errorf("Read allocated %d bytes for a 1-byte header", alloc)
	}
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.npy")
	a := makeArray(Float16, []int{4, 5})
	if err := WriteFile(path, a); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !equalArrays(got, a) {
		t.Error("ReadFile read a different array")
	}

	// Trailing bytes are ignored, as numpy.load does.
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("trailing")
	f.Close()
	if got, err := ReadFile(path); err != nil || !equalArrays(got, a) {
		t.Errorf("with trailing bytes: %v", err)
	}

	// A file that is shorter than its header says.
	b, _ := os.ReadFile(path)
	short := filepath.Join(dir, "short.npy")
	os.WriteFile(short, b[:len(b)-20], 0o666)
	_, err = ReadFile(short)
	checkErr(t, err, io.ErrUnexpectedEOF, "npy: read "+short+": truncated data", "needs 40 bytes but only 28 remain")

	// Read from an *os.File positioned after a first array.
	two := filepath.Join(dir, "two.npy")
	var buf bytes.Buffer
	Write(&buf, makeArray(Int8, []int{3}))
	Write(&buf, makeArray(Int64, []int{2, 2}))
	os.WriteFile(two, buf.Bytes(), 0o666)
	f, err = os.Open(two)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, dt := range []DType{Int8, Int64} {
		if got, err := Read(f); err != nil || got.DType != dt {
			t.Fatalf("reading %v from a shared file: %v", dt, err)
		}
	}

	_, err = ReadFile(filepath.Join(dir, "missing.npy"))
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "missing.npy") {
		t.Errorf("ReadFile of a missing file: %v", err)
	}

	// An invalid array does not touch the file.
	err = WriteFile(path, &Array{DType: Float32, Shape: []int{2}})
	checkErr(t, err, ErrFormat, "npy: write "+path)
	if got, err := ReadFile(path); err != nil || !equalArrays(got, a) {
		t.Errorf("file changed by a failed WriteFile: %v", err)
	}
	err = WriteFile(filepath.Join(dir, "no", "such", "dir.npy"), a)
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("WriteFile into a missing directory: %v", err)
	}
}

func TestDTypeString(t *testing.T) {
	want := map[DType]string{
		Float16: "<f2", Float32: "<f4", Float64: "<f8", Int8: "|i1", Uint8: "|u1",
		Int32: "<i4", Int64: "<i8", Bool: "|b1", Uint32: "<u4", Uint64: "<u8", 0: "DType(0)", 42: "DType(42)",
	}
	for dt, w := range want {
		if got := dt.String(); got != w {
			t.Errorf("DType(%d).String() = %q, want %q", int(dt), got, w)
		}
	}
	sizes := map[DType]int{Float16: 2, Float32: 4, Float64: 8, Int8: 1, Uint8: 1, Int32: 4, Int64: 8, Bool: 1, Uint32: 4, Uint64: 8, 0: 0, -1: 0}
	for dt, w := range sizes {
		if got := dt.Size(); got != w {
			t.Errorf("%v.Size() = %d, want %d", dt, got, w)
		}
	}
}

func TestLen(t *testing.T) {
	for _, tt := range []struct {
		shape []int
		want  int
	}{
		{nil, 1}, {[]int{}, 1}, {[]int{0}, 0}, {[]int{5}, 5}, {[]int{2, 3, 4}, 24}, {[]int{3, 0, 1 << 40}, 0}, {[]int{math.MaxInt}, math.MaxInt},
		{[]int{-1}, -1}, {[]int{1 << 40, 1 << 40}, -1}, {[]int{0, 1 << 40, 1 << 40}, -1},
	} {
		if got := (&Array{Shape: tt.shape}).Len(); got != tt.want {
			t.Errorf("Len of shape %v = %d, want %d", tt.shape, got, tt.want)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	e := &Error{Op: "read", Path: "x.npy", Err: errors.New("boom")}
	if got := e.Error(); got != "npy: read x.npy: boom" {
		t.Errorf("Error() = %q", got)
	}
	e.Path = ""
	if got := e.Error(); got != "npy: read: boom" {
		t.Errorf("Error() = %q", got)
	}
}

func benchArray() *Array { return makeArray(Float32, []int{1 << 22}) } // 16 MiB

func BenchmarkWriteFloat32(b *testing.B) {
	a := benchArray()
	b.SetBytes(int64(4 * a.Len()))
	for b.Loop() {
		if err := Write(io.Discard, a); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadFloat32(b *testing.B) {
	var buf bytes.Buffer
	a := benchArray()
	Write(&buf, a)
	b.SetBytes(int64(4 * a.Len()))
	for b.Loop() {
		if _, err := Read(bytes.NewReader(buf.Bytes())); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReadFloat32UnknownSize(b *testing.B) {
	var buf bytes.Buffer
	a := benchArray()
	Write(&buf, a)
	b.SetBytes(int64(4 * a.Len()))
	for b.Loop() {
		if _, err := Read(onlyReader{bytes.NewReader(buf.Bytes())}); err != nil {
			b.Fatal(err)
		}
	}
}
