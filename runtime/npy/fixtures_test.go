package npy

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// The fixtures in testdata were written by numpy; see testdata/gen.py.

func f32bits(bits ...uint32) []float32 {
	out := make([]float32, len(bits))
	for i, b := range bits {
		out[i] = math.Float32frombits(b)
	}
	return out
}

func TestNumpyFixtures(t *testing.T) {
	i4 := make([]int32, 8)
	for i := range i4 {
		i4[i] = int32(i-4) * 536870911
	}
	seq := make([]int32, 12)
	for i := range seq {
		seq[i] = int32(i)
	}
	i8 := make([]int64, 1000)
	for i := range i8 {
		i8[i] = int64(i) * 1000003
	}
	tests := []struct {
		file  string
		major int
		want  *Array
	}{
		{"f2_2x3.npy", 1, &Array{DType: Float16, Shape: []int{2, 3}, F16: []uint16{0x0000, 0x8000, 0x0001, 0x3c00, 0x7bff, 0x7c00}}},
		{"f4_2x3.npy", 1, &Array{DType: Float32, Shape: []int{2, 3}, F32: f32bits(
			math.Float32bits(1.5), math.Float32bits(-2.25), math.Float32bits(3.0e38),
			0x7f800000, 0x80000000, 0x00000001)}},
		{"f8_4.npy", 1, &Array{DType: Float64, Shape: []int{4}, F64: []float64{math.Pi, -math.E, math.SmallestNonzeroFloat64, math.Inf(-1)}}},
		{"i4_2x2x2.npy", 1, &Array{DType: Int32, Shape: []int{2, 2, 2}, I32: i4}},
		{"i8_scalar.npy", 1, &Array{DType: Int64, Shape: []int{}, I64: []int64{math.MinInt64}}},
		{"b1_5.npy", 1, &Array{DType: Bool, Shape: []int{5}, Bool: []bool{true, false, false, true, true}}},
		{"i1_4.npy", 1, &Array{DType: Int8, Shape: []int{4}, I8: []int8{-128, -1, 0, 127}}},
		{"u1_4.npy", 1, &Array{DType: Uint8, Shape: []int{4}, U8: []uint8{0, 1, 128, 255}}},
		{"u4_4.npy", 1, &Array{DType: Uint32, Shape: []int{4}, U32: []uint32{0, 1, 1 << 31, math.MaxUint32}}},
		{"u8_3.npy", 1, &Array{DType: Uint64, Shape: []int{3}, U64: []uint64{0, 1 << 63, math.MaxUint64}}},
		{"f4_0x3.npy", 1, &Array{DType: Float32, Shape: []int{0, 3}, F32: []float32{}}},
		{"i4_1x2x3x2.npy", 1, &Array{DType: Int32, Shape: []int{1, 2, 3, 2}, I32: seq}},
		{"i8_1000.npy", 1, &Array{DType: Int64, Shape: []int{1000}, I64: i8}},
		{"v2_f4.npy", 2, &Array{DType: Float32, Shape: []int{3, 2}, F32: []float32{1, 2, 3, 4, 5, 6}}},
		{"v3_i8.npy", 3, &Array{DType: Int64, Shape: []int{3}, I64: []int64{7, -7, 1 << 40}}},
		// The float16 conversion tables are ordinary arrays too.
		{"f16_to_f32_in.npy", 1, nil},
		{"f16_to_f32_out.npy", 1, nil},
		{"f32_to_f16_in.npy", 1, nil},
		{"f32_to_f16_out.npy", 1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join("testdata", tt.file)
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			a, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want != nil && !equalArrays(a, tt.want) {
				t.Errorf("read %+v\nwant %+v", a, tt.want)
			}
			if int(raw[6]) != tt.major {
				t.Fatalf("fixture has version %d, want %d", raw[6], tt.major)
			}
			// Our writer must reproduce numpy's bytes exactly.
			var buf bytes.Buffer
			if err := WriteVersion(&buf, a, tt.major); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(buf.Bytes(), raw) {
				t.Errorf("WriteVersion(%d) output differs from numpy's:\n got %q\nwant %q", tt.major, head(buf.Bytes()), head(raw))
			}
			if tt.major == 1 {
				buf.Reset()
				if err := Write(&buf, a); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(buf.Bytes(), raw) {
					t.Errorf("Write output differs from numpy's")
				}
				dst := filepath.Join(t.TempDir(), tt.file)
				if err := WriteFile(dst, a); err != nil {
					t.Fatal(err)
				}
				if got, _ := os.ReadFile(dst); !bytes.Equal(got, raw) {
					t.Errorf("WriteFile output differs from numpy's")
				}
			}
		})
	}
}

func head(b []byte) []byte { return b[:min(len(b), 200)] }

// TestNumpyFixturesRejected reads valid numpy files this package does not
// support: the error must name the file and the dtype.
func TestNumpyFixturesRejected(t *testing.T) {
	tests := []struct {
		file string
		want []string
	}{
		{"bad_fortran.npy", []string{"fortran_order is True", "dtype '<f4'", "shape (2, 3)"}},
		{"bad_bigendian.npy", []string{"dtype '>f4'", "big-endian float32"}},
		{"bad_complex.npy", []string{"dtype '<c8'", "complex64"}},
		{"bad_unicode.npy", []string{"dtype '<U4'", "unicode string"}},
		{"bad_object.npy", []string{"dtype '|O'", "Python object"}},
	}
	for _, tt := range tests {
		path := filepath.Join("testdata", tt.file)
		_, err := ReadFile(path)
		checkErr(t, err, ErrUnsupported, append(tt.want, "npy: read "+path+": ")...)
		raw, rerr := os.ReadFile(path)
		if rerr != nil {
			t.Fatal(rerr)
		}
		_, err = Read(bytes.NewReader(raw))
		checkErr(t, err, ErrUnsupported, tt.want...)
	}
}
