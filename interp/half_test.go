package interp

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
)

// Every f16 value converts to f32 and back unchanged, and agrees with ir's
// and npy's decoders.
func TestF16RoundTripExhaustive(t *testing.T) {
	for b := 0; b < 1<<16; b++ {
		h := uint16(b)
		f := F16ToF32(h)
		if want := ir.Float16FromBits(h); !(float64(f) == want || math.IsNaN(want) && f != f) {
			t.Fatalf("F16ToF32(%#04x) = %g, want %g", h, f, want)
		}
		if npy.Float16ToFloat32(h) != f && f == f {
			t.Fatalf("F16ToF32(%#04x) = %g, npy says %g", h, f, npy.Float16ToFloat32(h))
		}
		if f != f {
			if got := F32ToF16(f); got&0x7fff != 0x7e00 || got&0x8000 != h&0x8000 {
				t.Fatalf("NaN %#04x -> %g -> %#04x, want sign-kept 0x7e00", h, f, got)
			}
			continue
		}
		if got := F32ToF16(f); got != h {
			t.Fatalf("round trip %#04x -> %g -> %#04x", h, f, got)
		}
	}
}

// F32ToF16 and F32ToBF16 round to nearest even exactly as the ir package's
// float64 reference rounding does (a float32 converts to float64 exactly).
func TestHalfRoundingMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	special := []float32{0, float32(math.Copysign(0, -1)), 1, -1, 65504, 65519.99, 65520, 1e-8, 2.98e-8, 2.9802322e-8,
		5.96e-8, 6.1e-5, 3.4e38, float32(math.Inf(1)), float32(math.Inf(-1)), 1.00048828125, 1.0009765625, 1.00146484375}
	check := func(f float32) {
		if got, want := F32ToF16(f), ir.Float16Bits(float64(f)); got != want {
			t.Fatalf("F32ToF16(%g [%#08x]) = %#04x, want %#04x", f, math.Float32bits(f), got, want)
		}
		if got, want := F32ToBF16(f), ir.BFloat16Bits(float64(f)); got != want {
			t.Fatalf("F32ToBF16(%g) = %#04x, want %#04x", f, got, want)
		}
	}
	for _, f := range special {
		check(f)
		check(-f)
	}
	for i := 0; i < 200000; i++ {
		f := math.Float32frombits(rng.Uint32())
		if f != f {
			continue
		}
		check(f)
	}
	// Ties: halfway between two f16 values rounds to even.
	if got := F32ToF16(1 + 1.0/2048); got != 0x3c00 {
		t.Errorf("tie 1+2^-11 rounded to %#04x, want 0x3c00", got)
	}
	if got := F32ToF16(1 + 3.0/2048); got != 0x3c02 {
		t.Errorf("tie 1+3·2^-11 rounded to %#04x, want 0x3c02", got)
	}
	if got := F32ToBF16(float32(math.NaN())); got != 0x7fc0 {
		t.Errorf("bf16 NaN = %#04x, want 0x7fc0", got)
	}
}
