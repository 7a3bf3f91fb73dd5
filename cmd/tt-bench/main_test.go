package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/runtime/npy"
)

// TestModelsBuild builds every benchmark module (training steps through
// aot-autograd, the SGD step and inlining) and its arguments, without
// running anything.
func TestModelsBuild(t *testing.T) {
	for _, m := range models {
		t.Run(m.key, func(t *testing.T) {
			mod, err := m.build("../../examples/digits/model.mlir")
			if err != nil {
				t.Fatal(err)
			}
			args, err := m.args(mod, 1)
			if err != nil {
				t.Fatal(err)
			}
			if len(args) == 0 {
				t.Fatal("no arguments")
			}
			if m.train != nil {
				// Everything is inlined into the step, the only function left.
				n := 0
				for op := range mod.Region(0).Front().Ops() {
					if op.Name() == "func.func" {
						n++
					}
				}
				if n != 1 {
					t.Errorf("%d functions left, want only @%s", n, m.entry)
				}
				if args[m.labels].DType() != interp.I64 {
					t.Errorf("labels are %s", args[m.labels].DType())
				}
			}
		})
	}
}

func TestSelectModels(t *testing.T) {
	sel, err := selectModels("matmul, softmax")
	if err != nil || len(sel) != 2 || sel[0].key != "matmul" || sel[1].key != "softmax" {
		t.Errorf("got %v, %v", sel, err)
	}
	if _, err := selectModels("nope"); err == nil {
		t.Error("unknown model accepted")
	}
	if sel, _ := selectModels(""); len(sel) != len(models) {
		t.Errorf("default selects %d models", len(sel))
	}
}

func TestMaxError(t *testing.T) {
	w, _ := interp.FromF32([]int64{3}, []float32{1, -4, 2})
	g, _ := interp.FromF32([]int64{3}, []float32{1, -4.0002, 2})
	ga, _ := g.ToNPY()
	e, err := maxError([]*npy.Array{ga}, []*interp.Tensor{w})
	if err != nil || e < 4e-5 || e > 6e-5 {
		t.Errorf("error %g, %v; want about 5e-5", e, err)
	}
	bad, _ := interp.FromF32([]int64{3}, []float32{1, -3, 2})
	ba, _ := bad.ToNPY()
	if _, err := maxError([]*npy.Array{ba}, []*interp.Tensor{w}); err == nil {
		t.Error("a wrong result was accepted")
	}
}

func TestMedian(t *testing.T) {
	if m := median([]time.Duration{5, 1, 3}); m != 3 {
		t.Errorf("median %v", m)
	}
	if m := median([]time.Duration{4, 1, 3, 2}); m != 2 {
		t.Errorf("median %v", m)
	}
}

func TestFlags(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-runs", "0"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "positive") {
		t.Errorf("-runs 0: status %d, %q", code, errb.String())
	}
	if code := run([]string{"-models", "nope"}, &out, &errb); code != 2 {
		t.Errorf("unknown model: status %d", code)
	}
}
