package interp

import (
	"fmt"
	"math"
	"slices"
)

// Equal reports whether a and b have the same element type, shape and
// element bits (NaNs compare by their bit patterns): the equality the
// determinism tests use.
func Equal(a, b *Tensor) bool {
	if a.dtype != b.dtype || !slices.Equal(a.shape, b.shape) {
		return false
	}
	switch a.dtype {
	case F16, BF16:
		return slices.Equal(a.u16, b.u16)
	case F32:
		for i, v := range a.f32 {
			if math.Float32bits(v) != math.Float32bits(b.f32[i]) {
				return false
			}
		}
		return true
	case F64:
		for i, v := range a.f64 {
			if math.Float64bits(v) != math.Float64bits(b.f64[i]) {
				return false
			}
		}
		return true
	case I1:
		return slices.Equal(a.b, b.b)
	case I32:
		return slices.Equal(a.i32, b.i32)
	}
	return slices.Equal(a.i64, b.i64)
}

// Close compares got with want: the element types and shapes must be equal,
// integers and booleans exactly, and floats within |got-want| <= atol +
// rtol*|want|, where NaN matches only NaN and an infinity only the same
// infinity. The error names the first mismatch and counts them all.
func Close(got, want *Tensor, rtol, atol float64) error {
	if got.dtype != want.dtype {
		return fmt.Errorf("element type %s, want %s", got.dtype, want.dtype)
	}
	if !slices.Equal(got.shape, want.shape) {
		return fmt.Errorf("shape [%s], want [%s]", shapeStr(got.shape), shapeStr(want.shape))
	}
	bad, first := 0, -1
	for i := 0; i < got.n; i++ {
		if !elemClose(got, want, i, rtol, atol) {
			if first < 0 {
				first = i
			}
			bad++
		}
	}
	if bad == 0 {
		return nil
	}
	return fmt.Errorf("%d of %d elements differ; first at %v (flat %d): got %s, want %s (rtol %g, atol %g)",
		bad, got.n, unravel(first, got.shape), first, got.elemString(first), want.elemString(first), rtol, atol)
}

func elemClose(got, want *Tensor, i int, rtol, atol float64) bool {
	if !got.dtype.IsFloat() {
		return got.Int(i) == want.Int(i)
	}
	g, w := got.Float(i), want.Float(i)
	switch {
	case math.IsNaN(w) || math.IsNaN(g):
		return math.IsNaN(w) && math.IsNaN(g)
	case math.IsInf(w, 0) || math.IsInf(g, 0):
		return g == w
	}
	return math.Abs(g-w) <= atol+rtol*math.Abs(w)
}

// unravel turns a flat row-major index into a multi-index.
func unravel(i int, shape []int64) []int64 {
	idx := make([]int64, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] > 0 {
			idx[d] = int64(i) % shape[d]
			i /= int(shape[d])
		}
	}
	return idx
}
