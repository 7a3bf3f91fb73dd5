package gobuild

import (
	"slices"
	"strings"
	"testing"

	goemit "github.com/tt-compiler/tt/emit/go"
)

func TestParseFeatures(t *testing.T) {
	avx2 := "fpu sse2 avx avx2 fma bmi2"
	avx512 := avx2 + " avx512f avx512cd avx512bw avx512dq avx512vl"
	cpu := func(flags ...string) string {
		var b strings.Builder
		for i, f := range flags {
			b.WriteString("processor\t: " + string(rune('0'+i)) + "\nflags\t\t: " + f + "\n\n")
		}
		return b.String()
	}
	cases := []struct {
		info   string
		want   HostFeatures
		levels []goemit.SIMD
		auto   goemit.SIMD
	}{
		{cpu(avx512, avx512), HostFeatures{true, true, true}, []goemit.SIMD{goemit.SIMDOff, goemit.SIMDAVX2, goemit.SIMDAVX512}, goemit.SIMDAVX512},
		{cpu(avx512, avx2), HostFeatures{true, true, false}, []goemit.SIMD{goemit.SIMDOff, goemit.SIMDAVX2}, goemit.SIMDAVX2},
		{cpu(strings.Replace(avx512, "avx512vl", "", 1)), HostFeatures{true, true, false}, []goemit.SIMD{goemit.SIMDOff, goemit.SIMDAVX2}, goemit.SIMDAVX2},
		{cpu(strings.Replace(avx2, "fma", "", 1)), HostFeatures{true, false, false}, []goemit.SIMD{goemit.SIMDOff}, goemit.SIMDOff},
		{"", HostFeatures{}, []goemit.SIMD{goemit.SIMDOff}, goemit.SIMDOff},
	}
	for i, c := range cases {
		got := parseFeatures(c.info)
		if got != c.want || !slices.Equal(got.Levels(), c.levels) || AutoSIMD(got) != c.auto {
			t.Errorf("case %d: %+v, levels %v, auto %v; want %+v, %v, %v", i, got, got.Levels(), AutoSIMD(got), c.want, c.levels, c.auto)
		}
	}
}

func TestSIMDBuildEnv(t *testing.T) {
	t.Setenv("GOEXPERIMENT", "nosimd,arenas")
	off := BuildEnv(goemit.SIMDOff)
	on := BuildEnv(goemit.SIMDAVX2)
	if !slices.Contains(off, "GOEXPERIMENT=nosimd,arenas") || !slices.Contains(on, "GOEXPERIMENT=arenas,simd") {
		t.Errorf("GOEXPERIMENT: off %v, avx2 %v", off, on)
	}
	if f32, f64 := VectorWidths(goemit.SIMDAVX512, 0); f32 != 16 || f64 != 8 {
		t.Errorf("avx512 widths %d, %d", f32, f64)
	}
	if f32, f64 := VectorWidths(goemit.SIMDAVX2, 0); f32 != 8 || f64 != 4 {
		t.Errorf("avx2 widths %d, %d", f32, f64)
	}
}
