package ptxsim_test

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/backend/ptxsim"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

const dynamicSrc = `func.func @f(%x: tensor<?x?xf32>, %y: tensor<?x?xf32>) -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %0 = tensor.softmax %x dim = 1 : tensor<?x?xf32>
  %1 = tensor.mul %0, %y : tensor<?x?xf32>
  %2 = tensor.tanh %y : tensor<?x?xf32>
  return %1, %2 : tensor<?x?xf32>, tensor<?x?xf32>
}`

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "test.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func filled(t *testing.T, shape []int64, seed int) *interp.Tensor {
	x, err := interp.NewTensor(interp.F32, shape)
	if err != nil {
		t.Fatal(err)
	}
	for i := range x.Len() {
		x.SetFloat(i, 4*math.Sin(float64(i*13+seed)))
	}
	return x
}

// TestDynamicShapes prepares a program with dynamic sizes once and runs
// it on two sizes (a row shorter than a warp, rows longer than a block):
// the launch sizes come from the run-time sizes.
func TestDynamicShapes(t *testing.T) {
	var r ptxsim.Runner
	r.DumpDir = t.TempDir()
	if err := r.Prepare(context.Background(), parse(t, dynamicSrc), "f"); err != nil {
		t.Fatal(err)
	}
	ref := interp.New(parse(t, dynamicSrc), kernels.NewRegistry())
	for _, shape := range [][]int64{{3, 20}, {5, 1030}} {
		x, y := filled(t, shape, 1), filled(t, shape, 2)
		want, err := ref.RunTensors("f", x, y)
		if err != nil {
			t.Fatal(err)
		}
		got, err := r.Call(context.Background(), "f", x, y)
		if err != nil {
			t.Fatalf("%v: %v", shape, err)
		}
		for i := range want {
			if g, w := got[i].Shape(), want[i].Shape(); len(g) != 2 || g[0] != w[0] || g[1] != w[1] {
				t.Fatalf("%v: result %d has shape %v, want %v", shape, i, g, w)
			}
			for j := range want[i].Len() {
				if g, w := got[i].Float(j), want[i].Float(j); math.Abs(g-w) > 1e-6*math.Abs(w)+1e-7 {
					t.Fatalf("%v: result %d element %d: %g, want %g", shape, i, j, g, w)
				}
			}
		}
	}
	if r.Launches != 2 {
		t.Errorf("%d launches, want 2 (one fused kernel, two runs)", r.Launches)
	}
	ptxText, err := os.ReadFile(filepath.Join(r.DumpDir, "kernels.ptx"))
	if err != nil || !strings.Contains(string(ptxText), ".visible .entry f_k0(") {
		t.Errorf("kernels.ptx: %v\n%s", err, ptxText)
	}
	var stats strings.Builder
	r.PrintStats(&stats)
	for _, want := range []string{"kernel f_k0:", "global memory:", "efficiency", "bank conflicts", "divergent"} {
		if !strings.Contains(stats.String(), want) {
			t.Errorf("statistics lack %q:\n%s", want, stats.String())
		}
	}
}

// TestUnsupportedIsLocated checks that an op emit/ptx cannot translate is
// an error at its location, not a panic.
func TestUnsupportedIsLocated(t *testing.T) {
	// math.ctpop on i1 has no kernel form (the tensor dialect does not produce it).
	src := `func.func @f(%a: memref<8xi1>) -> memref<8xi1> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %o = loops.alloc() : memref<8xi1>
  loops.for %i = %c0 to %c8 step %c1 {
    %x = loops.load %a[%i] : memref<8xi1>
    %y = math.ctpop %x : i1
    loops.store %y, %o[%i] : memref<8xi1>
    loops.yield
  }
  return %o : memref<8xi1>
}`
	var r ptxsim.Runner
	err := r.Prepare(context.Background(), parse(t, src), "f")
	if err == nil || !strings.Contains(err.Error(), "test.mlir:8:10") || !strings.Contains(err.Error(), "math.ctpop") {
		t.Errorf("got %v, want an error at test.mlir:8:10 naming math.ctpop", err)
	}
}

// TestIndexOutOfRange checks that a gather index out of its dimension (3
// of 3, inside the buffer: the next row's element) makes the kernel trap,
// as a device-side assert, and the launch fail at the gather; indices in
// range compute the interpreter's result.
func TestIndexOutOfRange(t *testing.T) {
	src := `func.func @f(%x: tensor<2x3xf32>, %t: tensor<2xi64>) -> tensor<2x2xf32> {
  %0 = tensor.gather %x, %t dim = 1 : tensor<2x3xf32>, tensor<2xi64>
  return %0 : tensor<2x2xf32>
}`
	var r ptxsim.Runner
	r.DumpDir = t.TempDir()
	if err := r.Prepare(context.Background(), parse(t, src), "f"); err != nil {
		t.Fatal(err)
	}
	ref := interp.New(parse(t, src), kernels.NewRegistry())
	x := filled(t, []int64{2, 3}, 1)
	for _, tc := range []struct {
		ids []int64
		err string
	}{
		{[]int64{2, 0}, ""},
		{[]int64{1, 3}, "device-side assert: an index is out of range"},
		{[]int64{-1, 0}, "device-side assert: an index is out of range"},
	} {
		ids, err := interp.NewTensor(interp.I64, []int64{2})
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range tc.ids {
			ids.SetInt(i, v)
		}
		got, err := r.Call(context.Background(), "f", x, ids)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), "test.mlir:2:8") || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("ids %v: got %v, want an error at test.mlir:2:8 with %q", tc.ids, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("ids %v: %v", tc.ids, err)
		}
		want, err := ref.RunTensors("f", x, ids)
		if err != nil {
			t.Fatal(err)
		}
		for j := range want[0].Len() {
			if g, w := got[0].Float(j), want[0].Float(j); g != w {
				t.Errorf("ids %v: element %d: %g, want %g", tc.ids, j, g, w)
			}
		}
	}
	ptxText, err := os.ReadFile(filepath.Join(r.DumpDir, "kernels.ptx"))
	if err != nil || !strings.Contains(string(ptxText), "trap;") {
		t.Errorf("kernels.ptx has no trap: %v\n%s", err, ptxText)
	}
}
