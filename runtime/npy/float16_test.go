package npy

import (
	"math"
	"sort"
	"testing"
)

func TestFloat16ToFloat32Known(t *testing.T) {
	tests := []struct {
		h    uint16
		want float32
	}{
		{0x0000, 0},
		{0x0001, 0x1p-24}, // smallest subnormal
		{0x0002, 0x1p-23},
		{0x0003, 3 * 0x1p-24},
		{0x0200, 0x1p-15},
		{0x03ff, 1023 * 0x1p-24}, // largest subnormal
		{0x0400, 0x1p-14},        // smallest normal
		{0x3555, 0.333251953125},
		{0x3bff, 0.99951171875},
		{0x3c00, 1},
		{0x3c01, 1.0009765625},
		{0x4000, 2},
		{0x4248, 3.140625},
		{0x5640, 100},
		{0x7bff, 65504}, // largest finite
		{0xbc00, -1},
		{0xc000, -2},
		{0xfbff, -65504},
		{0x8001, -0x1p-24},
		{0x7c00, float32(math.Inf(1))},
		{0xfc00, float32(math.Inf(-1))},
	}
	for _, tt := range tests {
		got := Float16ToFloat32(tt.h)
		if math.Float32bits(got) != math.Float32bits(tt.want) {
			t.Errorf("Float16ToFloat32(%#04x) = %v (%#08x), want %v (%#08x)", tt.h, got, math.Float32bits(got), tt.want, math.Float32bits(tt.want))
		}
	}
	if got := Float16ToFloat32(0x8000); got != 0 || !math.Signbit(float64(got)) {
		t.Errorf("Float16ToFloat32(0x8000) = %v, want -0", got)
	}
	for _, h := range []uint16{0x7c01, 0x7e00, 0x7fff, 0xfc01, 0xfe00} {
		got := Float16ToFloat32(h)
		if !math.IsNaN(float64(got)) {
			t.Errorf("Float16ToFloat32(%#04x) = %v, want NaN", h, got)
		}
		if want := uint32(h&0x8000)<<16 | 0x7f800000 | uint32(h&0x3ff)<<13; math.Float32bits(got) != want {
			t.Errorf("Float16ToFloat32(%#04x) bits = %#08x, want %#08x (payload kept)", h, math.Float32bits(got), want)
		}
	}
}

func TestFloat32ToFloat16Known(t *testing.T) {
	tests := []struct {
		f    float32
		want uint16
	}{
		{0, 0x0000},
		{1, 0x3c00},
		{-1, 0xbc00},
		{2, 0x4000},
		{0.1, 0x2e66},
		{1.0 / 3, 0x3555},
		{100, 0x5640},
		{math.Pi, 0x4248},
		{65504, 0x7bff},
		{65519, 0x7bff},          // below the midpoint to infinity
		{65520, 0x7c00},          // tie between 65504 and 65536: even is infinity
		{1e10, 0x7c00},           // overflow
		{-1e10, 0xfc00},          // overflow
		{0x1p-14, 0x0400},        // smallest normal
		{0x1p-24, 0x0001},        // smallest subnormal
		{0x1p-25, 0x0000},        // tie between 0 and 2^-24: even is 0
		{0x1.000002p-25, 0x0001}, // just above the tie
		{0x1.fffffep-26, 0x0000}, // just below the tie
		{1.5 * 0x1p-24, 0x0002},  // tie between 1 and 2 subnormal units: even is 2
		{2.5 * 0x1p-24, 0x0002},  // tie between 2 and 3: even is 2
		{1023.5 * 0x1p-24, 0x0400},
		{1023.4 * 0x1p-24, 0x03ff},
		{1 + 0x1p-11, 0x3c00},   // tie: even is 1.0
		{1 + 3*0x1p-11, 0x3c02}, // tie: even is 0x3c02
		{1 + 0x1p-11 + 0x1p-23, 0x3c01},
		{1e-45, 0x0000},  // float32 subnormal
		{-1e-45, 0x8000}, // underflows to -0
		{float32(math.Inf(1)), 0x7c00},
		{float32(math.Inf(-1)), 0xfc00},
	}
	for _, tt := range tests {
		if got := Float32ToFloat16(tt.f); got != tt.want {
			t.Errorf("Float32ToFloat16(%v) = %#04x, want %#04x", tt.f, got, tt.want)
		}
	}
	if got := Float32ToFloat16(float32(math.Copysign(0, -1))); got != 0x8000 {
		t.Errorf("Float32ToFloat16(-0) = %#04x, want 0x8000", got)
	}
	nans := []struct {
		bits uint32
		want uint16
	}{
		{0x7fc00000, 0x7e00}, // quiet NaN
		{0xffc00001, 0xfe00}, // negative, low payload bits dropped
		{0x7f800001, 0x7c01}, // payload only in dropped bits: still NaN
		{0x7f802000, 0x7c01},
		{0x7fffffff, 0x7fff},
	}
	for _, tt := range nans {
		if got := Float32ToFloat16(math.Float32frombits(tt.bits)); got != tt.want {
			t.Errorf("Float32ToFloat16(bits %#08x) = %#04x, want %#04x", tt.bits, got, tt.want)
		}
	}
}

// TestFloat16RoundTripExhaustive checks every one of the 65536 half
// patterns: converting to float32 and back gives the same bits, NaNs
// included, and the float32 value agrees with an independent computation.
func TestFloat16RoundTripExhaustive(t *testing.T) {
	for i := 0; i < 1<<16; i++ {
		h := uint16(i)
		f := Float16ToFloat32(h)
		if back := Float32ToFloat16(f); back != h {
			t.Fatalf("Float32ToFloat16(Float16ToFloat32(%#04x)) = %#04x (via %v)", h, back, f)
		}
		exp, mant := int(h>>10)&0x1f, float64(h&0x3ff)
		var want float64
		switch {
		case exp == 0x1f && mant == 0:
			want = math.Inf(1)
		case exp == 0x1f:
			want = math.NaN()
		case exp == 0:
			want = math.Ldexp(mant, -24)
		default:
			want = math.Ldexp(1+mant/1024, exp-15)
		}
		if h&0x8000 != 0 {
			want = -want
		}
		if math.IsNaN(want) {
			if !math.IsNaN(float64(f)) {
				t.Fatalf("Float16ToFloat32(%#04x) = %v, want NaN", h, f)
			}
		} else if float64(f) != want || math.Signbit(float64(f)) != math.Signbit(want) {
			t.Fatalf("Float16ToFloat32(%#04x) = %v, want %v", h, f, want)
		}
	}
}

// halfValues lists the values of the finite non-negative halves, indexed
// by bit pattern 0x0000..0x7bff, plus 65536 at index 0x7c00, which is where
// values round to infinity.
var halfValues = func() []float64 {
	v := make([]float64, 0x7c01)
	for h := range v[:0x7c00] {
		v[h] = float64(Float16ToFloat32(uint16(h)))
	}
	v[0x7c00] = 65536
	return v
}()

// refFloat32ToFloat16 is a slow reference conversion: it finds the nearest
// half by binary search over all finite halves, breaking ties to even.
func refFloat32ToFloat16(f float32) uint16 {
	x := float64(f)
	if math.IsNaN(x) {
		panic("reference does not handle NaN")
	}
	var sign uint16
	if math.Signbit(x) {
		sign, x = 0x8000, -x
	}
	if x >= 65536 {
		return sign | 0x7c00
	}
	// lo is the largest half <= x.
	lo := sort.Search(len(halfValues), func(i int) bool { return halfValues[i] > x }) - 1
	if halfValues[lo] == x {
		return sign | uint16(lo)
	}
	dlo, dhi := x-halfValues[lo], halfValues[lo+1]-x
	if dhi < dlo || dhi == dlo && lo&1 == 1 {
		lo++
	}
	return sign | uint16(lo)
}

func TestFloat32ToFloat16AgainstReference(t *testing.T) {
	check := func(f float32) {
		t.Helper()
		if got, want := Float32ToFloat16(f), refFloat32ToFloat16(f); got != want {
			t.Fatalf("Float32ToFloat16(%v, bits %#08x) = %#04x, want %#04x", f, math.Float32bits(f), got, want)
		}
	}
	// Every half, the midpoint to the next one (exact in float32) and the
	// float32 neighbours of both, with both signs.
	for h := 0; h < 0x7c00; h++ {
		v := float32(halfValues[h])
		mid := float32((halfValues[h] + halfValues[h+1]) / 2)
		for _, f := range []float32{
			v, math.Nextafter32(v, 0), math.Nextafter32(v, 1e9),
			mid, math.Nextafter32(mid, 0), math.Nextafter32(mid, 1e9),
		} {
			check(f)
			check(-f)
		}
	}
	// A stride through all float32 bit patterns.
	step := uint64(4093)
	if testing.Short() {
		step = 65521
	}
	for b := uint64(0); b < 1<<32; b += step {
		f := math.Float32frombits(uint32(b))
		if !math.IsNaN(float64(f)) {
			check(f)
		}
	}
}

// TestFloat16AgainstNumpy compares both conversions with results computed
// by numpy (testdata/gen.py).
func TestFloat16AgainstNumpy(t *testing.T) {
	in, out := mustReadFile(t, "testdata/f16_to_f32_in.npy"), mustReadFile(t, "testdata/f16_to_f32_out.npy")
	if in.DType != Float16 || out.DType != Float32 || len(in.F16) != len(out.F32) || len(in.F16) < 4096 {
		t.Fatalf("unexpected fixtures: %v %v, %d and %d elements", in.DType, out.DType, len(in.F16), len(out.F32))
	}
	for i, h := range in.F16 {
		if got, want := math.Float32bits(Float16ToFloat32(h)), math.Float32bits(out.F32[i]); got != want {
			t.Errorf("Float16ToFloat32(%#04x) bits = %#08x, numpy %#08x", h, got, want)
		}
	}

	in, out = mustReadFile(t, "testdata/f32_to_f16_in.npy"), mustReadFile(t, "testdata/f32_to_f16_out.npy")
	if in.DType != Float32 || out.DType != Float16 || len(in.F32) != len(out.F16) || len(in.F32) < 4096 {
		t.Fatalf("unexpected fixtures: %v %v, %d and %d elements", in.DType, out.DType, len(in.F32), len(out.F16))
	}
	for i, f := range in.F32 {
		if got, want := Float32ToFloat16(f), out.F16[i]; got != want {
			t.Errorf("Float32ToFloat16(bits %#08x) = %#04x, numpy %#04x", math.Float32bits(f), got, want)
		}
	}
}

func mustReadFile(t testing.TB, path string) *Array {
	t.Helper()
	a, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func BenchmarkFloat32ToFloat16(b *testing.B) {
	var sink uint16
	for i := 0; b.Loop(); i++ {
		sink += Float32ToFloat16(float32(i) * 0.001)
	}
	_ = sink
}
