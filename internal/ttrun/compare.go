package ttrun

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/runtime/npy"
)

// Default tolerances of CompareNPY's users (npycmp): NumPy's allclose.
const (
	DefaultRTol = 1e-5
	DefaultATol = 1e-8
)

// MaxListedMismatches is how many differing elements a comparison error
// lists.
const MaxListedMismatches = 5

// CompareNPY compares two arrays: the dtypes and shapes must be equal;
// integers and booleans must be equal exactly; floats must satisfy
// |got - want| <= atol + rtol*|want|, where NaN matches only NaN and an
// infinity only the same infinity. The error counts the differing
// elements and lists the first few, one per line, as
// "element [2 3]: got 1.5, want 1.25".
func CompareNPY(got, want *npy.Array, rtol, atol float64) error {
	if got.DType != want.DType {
		return fmt.Errorf("dtype: got %s, want %s", npyTypeName(got.DType), npyTypeName(want.DType))
	}
	if !slices.Equal(got.Shape, want.Shape) {
		return fmt.Errorf("shape: got %v, want %v", got.Shape, want.Shape)
	}
	n := got.Len()
	if n < 0 || want.Len() != n {
		return fmt.Errorf("invalid array shape %v", got.Shape)
	}
	var lines []string
	bad := 0
	for i := range n {
		g, w, ok := compareElem(got, want, i, rtol, atol)
		if ok {
			continue
		}
		bad++
		if len(lines) < MaxListedMismatches {
			lines = append(lines, fmt.Sprintf("element %v: got %s, want %s", unravel(i, got.Shape), g, w))
		}
	}
	if bad == 0 {
		return nil
	}
	head := fmt.Sprintf("%d of %d elements differ", bad, n)
	if isFloatNPY(got.DType) {
		head += fmt.Sprintf(" (|got - want| > atol + rtol*|want| with rtol %g, atol %g)", rtol, atol)
	}
	if bad > len(lines) {
		lines = append(lines, fmt.Sprintf("... and %d more", bad-len(lines)))
	}
	return fmt.Errorf("%s:\n%s", head, strings.Join(lines, "\n"))
}

func isFloatNPY(d npy.DType) bool { return d == npy.Float16 || d == npy.Float32 || d == npy.Float64 }

// compareElem compares element i and formats both values.
func compareElem(got, want *npy.Array, i int, rtol, atol float64) (string, string, bool) {
	switch got.DType {
	case npy.Float16:
		g, w := npy.Float16ToFloat32(got.F16[i]), npy.Float16ToFloat32(want.F16[i])
		return fmt32(g), fmt32(w), floatClose(float64(g), float64(w), rtol, atol)
	case npy.Float32:
		g, w := got.F32[i], want.F32[i]
		return fmt32(g), fmt32(w), floatClose(float64(g), float64(w), rtol, atol)
	case npy.Float64:
		g, w := got.F64[i], want.F64[i]
		return strconv.FormatFloat(g, 'g', -1, 64), strconv.FormatFloat(w, 'g', -1, 64), floatClose(g, w, rtol, atol)
	case npy.Int8:
		return fmt.Sprint(got.I8[i]), fmt.Sprint(want.I8[i]), got.I8[i] == want.I8[i]
	case npy.Uint8:
		return fmt.Sprint(got.U8[i]), fmt.Sprint(want.U8[i]), got.U8[i] == want.U8[i]
	case npy.Int32:
		return fmt.Sprint(got.I32[i]), fmt.Sprint(want.I32[i]), got.I32[i] == want.I32[i]
	case npy.Int64:
		return fmt.Sprint(got.I64[i]), fmt.Sprint(want.I64[i]), got.I64[i] == want.I64[i]
	case npy.Bool:
		return fmt.Sprint(got.Bool[i]), fmt.Sprint(want.Bool[i]), got.Bool[i] == want.Bool[i]
	case npy.Uint32:
		return fmt.Sprint(got.U32[i]), fmt.Sprint(want.U32[i]), got.U32[i] == want.U32[i]
	case npy.Uint64:
		return fmt.Sprint(got.U64[i]), fmt.Sprint(want.U64[i]), got.U64[i] == want.U64[i]
	}
	return "?", "?", false
}

func fmt32(v float32) string { return strconv.FormatFloat(float64(v), 'g', -1, 32) }

// floatClose is the float comparison of CompareNPY.
func floatClose(g, w, rtol, atol float64) bool {
	switch {
	case math.IsNaN(g) || math.IsNaN(w):
		return math.IsNaN(g) && math.IsNaN(w)
	case math.IsInf(g, 0) || math.IsInf(w, 0):
		return g == w
	}
	return math.Abs(g-w) <= atol+rtol*math.Abs(w)
}

// unravel turns a flat row-major index into a multi-index.
func unravel(i int, shape []int) []int {
	idx := make([]int, len(shape))
	for d := len(shape) - 1; d >= 0; d-- {
		if shape[d] > 0 {
			idx[d] = i % shape[d]
			i /= shape[d]
		}
	}
	return idx
}
