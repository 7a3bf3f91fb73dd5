package ttrun

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
)

// ToNPY converts a result to the array tt-run writes: f32 as <f4, f64 as
// <f8, f16 as <f2, bf16 as <f4 (widened exactly), i1 as |b1, i32 as <i4,
// i64 and index as <i8.
func ToNPY(t *interp.Tensor) (*npy.Array, error) {
	if t.DType() == interp.BF16 {
		f := make([]float32, t.Len())
		for i, b := range t.Bits16() {
			f[i] = interp.BF16ToF32(b)
		}
		shape := make([]int, t.Rank())
		for i, d := range t.Shape() {
			shape[i] = int(d)
		}
		return &npy.Array{DType: npy.Float32, Shape: shape, F32: f}, nil
	}
	return t.ToNPY()
}

// OutputPath is where result i goes in dir: dir/out<i>.npy.
func OutputPath(dir string, i int) string { return filepath.Join(dir, fmt.Sprintf("out%d.npy", i)) }

// WriteOutputs writes result i to dir/out<i>.npy, creating dir if needed.
func WriteOutputs(dir string, results []*interp.Tensor) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i, t := range results {
		a, err := ToNPY(t)
		if err != nil {
			return fmt.Errorf("result #%d: %v", i, err)
		}
		if err := npy.WriteFile(OutputPath(dir, i), a); err != nil {
			return fmt.Errorf("result #%d: %v", i, err)
		}
	}
	return nil
}

// summaryValues is how many leading values a summary shows.
const summaryValues = 8

// WriteSummary prints each result's type and a short summary:
//
//	result #0: tensor<2x3xf32>
//	  shape [2 3], dtype f32, 6 elements
//	  values [0.5, -1, 0.25, 2, 0, 1]
//	  min -1, max 2, mean 0.458333
//
// Floats get min, max and mean (over the non-NaN elements; NaNs are
// counted), integers min and max, i1 the number of true elements.
//
// types, when not nil, are the declared result types: a scalar result
// (index, f32) is shown with its scalar type, and a result whose declared
// type has dynamic dimensions with the declared type after its run-time
// one: "result #0: tensor<3x5xf32> (declared tensor<?x?xf32>)".
func WriteSummary(w io.Writer, results []*interp.Tensor, types []ir.Type) {
	for i, t := range results {
		typ := t.TypeString()
		if i < len(types) && types[i] != nil {
			switch dt := types[i].(type) {
			case *ir.RankedTensorType:
				if dt.String() != typ {
					typ += " (declared " + dt.String() + ")"
				}
			case *ir.FloatType, *ir.IntegerType, *ir.IndexType:
				typ = dt.String()
			}
		}
		fmt.Fprintf(w, "result #%d: %s\n", i, typ)
		fmt.Fprintf(w, "  shape %v, dtype %s, %d element%s\n", t.Shape(), t.DType(), t.Len(), plural(t.Len()))
		if t.Len() == 0 {
			continue
		}
		vals := make([]string, 0, summaryValues+1)
		for k := 0; k < t.Len() && k < summaryValues; k++ {
			vals = append(vals, elemString(t, k))
		}
		if t.Len() > summaryValues {
			vals = append(vals, "...")
		}
		fmt.Fprintf(w, "  values [%s]\n", strings.Join(vals, ", "))
		if s := stats(t); s != "" {
			fmt.Fprintf(w, "  %s\n", s)
		}
	}
}

func elemString(t *interp.Tensor, k int) string {
	switch {
	case t.DType().IsFloat():
		return fmt.Sprintf("%.6g", t.Float(k))
	case t.DType() == interp.I1:
		return fmt.Sprint(t.Int(k) != 0)
	}
	return fmt.Sprint(t.Int(k))
}

func stats(t *interp.Tensor) string {
	switch {
	case t.DType().IsFloat():
		lo, hi, sum, n, nans := math.Inf(1), math.Inf(-1), 0.0, 0, 0
		for k := 0; k < t.Len(); k++ {
			v := t.Float(k)
			if math.IsNaN(v) {
				nans++
				continue
			}
			lo, hi, sum, n = math.Min(lo, v), math.Max(hi, v), sum+v, n+1
		}
		s := ""
		if n > 0 {
			s = fmt.Sprintf("min %.6g, max %.6g, mean %.6g", lo, hi, sum/float64(n))
		}
		if nans > 0 {
			if s != "" {
				s += ", "
			}
			s += fmt.Sprintf("%d NaN", nans)
		}
		return s
	case t.DType() == interp.I1:
		n := 0
		for k := 0; k < t.Len(); k++ {
			if t.Int(k) != 0 {
				n++
			}
		}
		return fmt.Sprintf("%d true, %d false", n, t.Len()-n)
	}
	lo, hi := t.Int(0), t.Int(0)
	for k := 1; k < t.Len(); k++ {
		lo, hi = min(lo, t.Int(k)), max(hi, t.Int(k))
	}
	return fmt.Sprintf("min %d, max %d", lo, hi)
}
