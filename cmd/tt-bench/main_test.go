package main

import (
	"bytes"
	"context"
	"math"
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

// TestCompareWith checks the comparison with another implementation: a
// forward result relative to its largest magnitude (at least 1), a
// training step's parameters through their updates.
func TestCompareWith(t *testing.T) {
	arr := func(v ...float32) *npy.Array { return &npy.Array{DType: npy.Float32, Shape: []int{len(v)}, F32: v} }
	fwd := &model{}
	e, err := compareWith(fwd, nil, []*npy.Array{arr(1, 2, 4)}, []*npy.Array{arr(1, 2, 4.5)})
	if err != nil || e != 0.5/4.5 {
		t.Errorf("forward: %g, %v; want %g", e, err, 0.5/4.5)
	}
	// p = 1, p' = 0.9 (tt) and 0.8 (the other): updates 0.1 and 0.2, an
	// error of 0.5 relative to the larger update, though the parameters
	// differ by 0.1 only.
	step := &model{train: []int{0}}
	loss := arr(2)
	e, err = compareWith(step, []*npy.Array{arr(1)}, []*npy.Array{loss, arr(0.9)}, []*npy.Array{loss, arr(0.8)})
	if err != nil || math.Abs(e-0.5) > 1e-6 {
		t.Errorf("training step: %g, %v; want 0.5", e, err)
	}
	if _, err := compareWith(fwd, nil, []*npy.Array{arr(1)}, nil); err == nil {
		t.Error("a missing result was accepted")
	}
	if _, err := compareWith(fwd, nil, []*npy.Array{arr(1)}, []*npy.Array{arr(float32(math.NaN()))}); err == nil {
		t.Error("a NaN was accepted")
	}
}

func TestCommandLine(t *testing.T) {
	got := commandLine([]string{"-runs", "10", "-python", ""})
	if !strings.HasSuffix(got, ` -runs 10 -python ""`) {
		t.Errorf("command line %q", got)
	}
}

// TestCopier checks that the roofline copy copies.
func TestCopier(t *testing.T) {
	c := newCopier(1000, 3)
	if c.run() <= 0 || !bytes.Equal(c.src, c.dst) || c.dst[999] != byte(999%256) {
		t.Error("the copy is wrong")
	}
}

// TestWithoutPython runs tt-bench on the digits step with a Python that
// does not exist: the PyTorch columns say so and the rest runs.
func TestWithoutPython(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"-runs", "1", "-models", "digits_train", "-rss=false", "-digits", "../../examples/digits/model.mlir", "-python", "/nonexistent/python3"}, &out, &errb)
	if code != 0 {
		t.Fatalf("status %d: %s", code, errb.String())
	}
	for _, want := range []string{"Python side: not available (/nonexistent/python3", "PyTorch and NumPy: not run", "digits MLP step b64", "command: "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no %q in\n%s", want, out.String())
		}
	}
}

// TestPythonSide runs the PyTorch child on a small softmax and checks its
// result and timing answers. It needs /usr/bin/python3 with torch and
// numpy (Debian's python3-torch).
func TestPythonSide(t *testing.T) {
	py, err := startPython(context.Background(), "/usr/bin/python3", 1, "")
	if err != nil {
		t.Skipf("no PyTorch: %v", err)
	}
	defer py.Close()
	x := &npy.Array{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{0, 1, 2, 3, 3, 3}}
	want := &npy.Array{DType: npy.Float32, Shape: []int{2, 3}, F32: []float32{0.09003057, 0.24472848, 0.66524094, 1.0 / 3, 1.0 / 3, 1.0 / 3}}
	torchErr, numpyErr, err := loadPython(py, &model{key: "softmax"}, []*npy.Array{x}, []*npy.Array{want})
	if err != nil || torchErr > 1e-6 || numpyErr != -1 {
		t.Fatalf("softmax: error %g (NumPy %g), %v", torchErr, numpyErr, err)
	}
	if d, err := py.run("torch"); err != nil || d <= 0 {
		t.Errorf("run: %v, %v", d, err)
	}
	if _, err := py.run("numpy"); err == nil {
		t.Error("NumPy ran without a matmul loaded")
	}
	if _, err := py.load(torchLoad{Key: "nope", Dir: t.TempDir()}); err == nil {
		t.Error("an unknown model loaded")
	}
}
