package interptest_test

import (
	"math"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/interptest"
)

func f32(t *testing.T, shape []int64, vals ...float32) *interp.Tensor {
	t.Helper()
	x, err := interp.FromF32(shape, vals)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func TestDiff(t *testing.T) {
	nan := float32(math.NaN())
	inf := float32(math.Inf(1))
	want := f32(t, []int64{2, 2}, 1, 1000, nan, inf)
	i32, err := interp.FromI32([]int64{4}, []int32{1, 2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		got  *interp.Tensor
		diff []string // substrings of the report; none: equal
	}{
		{"equal", f32(t, []int64{2, 2}, 1, 1000, nan, inf), nil},
		{"within margin", f32(t, []int64{2, 2}, 1+5e-7, 1000, nan, inf), nil},
		{"within fraction", f32(t, []int64{2, 2}, 1, 1000.0005, nan, inf), nil},
		{"outside", f32(t, []int64{2, 2}, 1.01, 1000, nan, inf), []string{"Floats", "1.00999"}},
		{"nan vs number", f32(t, []int64{2, 2}, 1, 1000, 0, inf), []string{"NaN"}},
		{"infinity sign", f32(t, []int64{2, 2}, 1, 1000, nan, -inf), []string{"Inf"}},
		{"shape", f32(t, []int64{4}, 1, 1000, nan, inf), []string{"Shape"}},
		{"dtype", i32, []string{"DType", "i32"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := interptest.Diff(want, tc.got, 1e-6, 1e-6)
			if tc.diff == nil {
				if d != "" {
					t.Fatalf("unexpected difference:\n%s", d)
				}
				return
			}
			for _, s := range tc.diff {
				if !strings.Contains(d, s) {
					t.Errorf("report lacks %q:\n%s", s, d)
				}
			}
		})
	}
}
