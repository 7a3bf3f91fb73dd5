package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/runtime/npy"
)

func TestNpycmp(t *testing.T) {
	dir := t.TempDir()
	put := func(name string, a *npy.Array) string {
		p := filepath.Join(dir, name)
		if err := npy.WriteFile(p, a); err != nil {
			t.Fatal(err)
		}
		return p
	}
	want := put("want.npy", &npy.Array{DType: npy.Float32, Shape: []int{3, 4}, F32: []float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1.25}})
	same := put("same.npy", &npy.Array{DType: npy.Float32, Shape: []int{3, 4}, F32: []float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1.25}})
	near := put("near.npy", &npy.Array{DType: npy.Float32, Shape: []int{3, 4}, F32: []float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1.2500001}})
	off := put("off.npy", &npy.Array{DType: npy.Float32, Shape: []int{3, 4}, F32: []float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1.5}})
	f64 := put("f64.npy", &npy.Array{DType: npy.Float64, Shape: []int{3, 4}, F64: make([]float64, 12)})
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"same", []string{same, want}, 0, ""},
		{"near-default", []string{near, want}, 0, ""},
		{"near-exact", []string{near, want, "--rtol", "0", "--atol", "0"}, 1, "element [2 3]: got 1.2500001, want 1.25"},
		{"off", []string{off, want}, 1, "npycmp: " + off + " vs " + want + ": 1 of 12 elements differ (|got - want| > atol + rtol*|want| with rtol 1e-05, atol 1e-08):\n  element [2 3]: got 1.5, want 1.25\n"},
		{"off-loose", []string{"--atol", "0.3", off, want}, 0, ""},
		{"dtype", []string{f64, want}, 1, "dtype: got float64, want float32"},
		{"missing", []string{filepath.Join(dir, "nope.npy"), want}, 1, "nope.npy"},
		{"one-arg", []string{want}, 1, "expected 2 files (GOT WANT), got 1"},
		{"bad-flag", []string{want, want, "--rtoll", "1"}, 1, "unknown flag: --rtoll"},
		{"negative", []string{want, want, "--rtol", "-1"}, 1, "tolerances must be non-negative"},
		{"help", []string{"--help"}, 0, "usage: npycmp GOT WANT"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(tc.args, &stderr)
			if code != tc.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tc.code, stderr.String())
			}
			if tc.msg == "" && stderr.Len() > 0 && tc.code == 0 {
				t.Errorf("unexpected output: %s", stderr.String())
			}
			if !strings.Contains(stderr.String(), tc.msg) {
				t.Errorf("stderr:\n%s\nwant it to contain:\n%s", stderr.String(), tc.msg)
			}
		})
	}
}
