// Package interptest compares interpreter tensors in tests with go-cmp,
// whose reports name each differing element.
package interptest

import (
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/tt-compiler/tt/interp"
)

// view is what a comparison sees of a tensor: its type, its shape and its
// elements (floats or integers, by element type).
type view struct {
	DType  string
	Shape  []int64
	Floats []float64
	Ints   []int64
}

func viewOf(t *interp.Tensor) view {
	v := view{DType: t.DType().String(), Shape: t.Shape()}
	for i := 0; i < t.Len(); i++ {
		if t.DType().IsFloat() {
			v.Floats = append(v.Floats, t.Float(i))
		} else {
			v.Ints = append(v.Ints, t.Int(i))
		}
	}
	return v
}

// Options are the go-cmp options of Diff: tensors are compared through
// their element type, shape and values; floats are equal within
// cmpopts.EquateApprox(rtol, atol), |got - want| <= max(atol, rtol *
// min(|got|, |want|)), and NaN equals NaN; integers and booleans exactly.
func Options(rtol, atol float64) cmp.Options {
	return cmp.Options{
		cmp.Transformer("tensor", viewOf),
		cmpopts.EquateApprox(rtol, atol),
		cmpopts.EquateNaNs(),
		cmpopts.EquateEmpty(),
	}
}

// Diff returns how got differs from want ("" when they agree), as go-cmp
// reports it with Options(rtol, atol).
func Diff(want, got *interp.Tensor, rtol, atol float64) string {
	return cmp.Diff(want, got, Options(rtol, atol))
}
