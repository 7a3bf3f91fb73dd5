package ttrun

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/simdtest"
	"github.com/tt-compiler/tt/interp"
)

const goBackendProgram = `
func.func @f(%a: tensor<8x16xf32>, %b: tensor<16x4xf32>) -> (tensor<8x4xf32>, tensor<8xf32>) {
  %0 = tensor.matmul %a, %b : tensor<8x16xf32>, tensor<16x4xf32>
  %1 = tensor.tanh %0 : tensor<8x4xf32>
  %2 = tensor.softmax %a dim = 1 : tensor<8x16xf32>
  %3 = tensor.reduce_max %2 dims = [1] : tensor<8x16xf32>
  return %1, %3 : tensor<8x4xf32>, tensor<8xf32>
}
`

// TestGoBackend runs a tensor program on the Go backend (pt2-go, emit,
// build, child process) and compares it with the interpreter.
func TestGoBackend(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	t.Setenv("TT_CACHE_DIR", t.TempDir())
	dump := filepath.Join(t.TempDir(), "dump")
	ctx := context.Background()
	cfg := Config{File: "prog.mlir", Source: []byte(goBackendProgram), Random: &Random{Seed: 3, DimSize: 4}, Bench: 3}
	want, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	levels, err := simdtest.Levels()
	if err != nil {
		t.Fatal(err)
	}
	for _, level := range levels {
		var log strings.Builder
		cfg.Backend, cfg.DumpDir, cfg.GoSIMD, cfg.Log = GoBackendName, dump, level.String(), &log
		checkGoRun(t, ctx, cfg, want, dump)
		info, err := os.ReadFile(filepath.Join(dump, "build.txt"))
		if err != nil || !strings.HasPrefix(string(info), "simd: "+level.String()) {
			t.Errorf("--go-simd=%s: build.txt: %q, %v", level, info, err)
		}
		if !strings.Contains(log.String(), "simd: "+level.String()) || !strings.Contains(log.String(), "cache: ") {
			t.Errorf("--go-simd=%s: the log (-v) says %q", level, log.String())
		}
	}
	cfg.Backend, cfg.GoSIMD, cfg.Log = "interp", "", nil
	if _, err := Run(ctx, cfg); err == nil || !strings.Contains(err.Error(), "--dump-dir applies to --backend go") {
		t.Errorf("--dump-dir with the interpreter: %v", err)
	}
	cfg.DumpDir, cfg.GoSIMD = "", "avx2"
	if _, err := Run(ctx, cfg); err == nil || !strings.Contains(err.Error(), "--go-simd applies to --backend go") {
		t.Errorf("--go-simd with the interpreter: %v", err)
	}
	cfg.Backend, cfg.GoSIMD = GoBackendName, "sse9"
	if _, err := Run(ctx, cfg); err == nil || !strings.Contains(err.Error(), "unknown SIMD level") {
		t.Errorf("--go-simd=sse9: %v", err)
	}
}

// checkGoRun runs cfg on the Go backend and compares with the
// interpreter's results.
func checkGoRun(t *testing.T, ctx context.Context, cfg Config, want *Result, dump string) {
	t.Helper()
	got, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Outputs) != 2 || len(got.Times) != 3 {
		t.Fatalf("%d outputs, %d times", len(got.Outputs), len(got.Times))
	}
	for i, w := range want.Outputs {
		g := got.Outputs[i]
		if g.DType() != w.DType() || g.Len() != w.Len() {
			t.Fatalf("result #%d: %s, interpreter %s", i, g.TypeString(), w.TypeString())
		}
		for j := 0; j < w.Len(); j++ {
			if math.Abs(g.Float(j)-w.Float(j)) > 1e-5 {
				t.Fatalf("result #%d element %d: %v, interpreter %v", i, j, g.Float(j), w.Float(j))
			}
		}
	}
	for _, d := range got.Times {
		if d <= 0 {
			t.Errorf("run time %v", d)
		}
	}
	for _, f := range []string{"01-graph.mlir", "03-post-fusion.mlir", "05-final.mlir", "kernels.dot", "model.go", "main.go", "build.txt"} {
		if _, err := os.Stat(filepath.Join(dump, f)); err != nil {
			t.Errorf("--dump-dir wrote no %s", f)
		}
	}
}

// TestGoBackendRunTimeError checks that a failure of the generated code is
// an error of the run, and that the child keeps serving.
func TestGoBackendRunTimeError(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	t.Setenv("TT_CACHE_DIR", t.TempDir())
	src := `
func.func @div(%a: memref<2xi32>, %b: memref<2xi32>) -> memref<2xi32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %out = loops.alloc() : memref<2xi32>
  loops.for %i = %c0 to %c2 step %c1 {
    %x = loops.load %a[%i] : memref<2xi32>
    %y = loops.load %b[%i] : memref<2xi32>
    %d = arith.divsi %x, %y : i32
    loops.store %d, %out[%i] : memref<2xi32>
    loops.yield
  }
  return %out : memref<2xi32>
}
`
	a, _ := interp.FromI32([]int64{2}, []int32{7, -9})
	zero, _ := interp.FromI32([]int64{2}, []int32{1, 0})
	_, err := Run(context.Background(), Config{File: "div.mlir", Source: []byte(src), Backend: GoBackendName, Args: []*interp.Tensor{a, zero}})
	if err == nil || !strings.Contains(err.Error(), "tt: @div: integer division by zero") {
		t.Fatalf("err = %v", err)
	}
	two, _ := interp.FromI32([]int64{2}, []int32{2, 3})
	res, err := Run(context.Background(), Config{File: "div.mlir", Source: []byte(src), Backend: GoBackendName, Args: []*interp.Tensor{a, two}})
	if err != nil || res.Outputs[0].I32()[0] != 3 || res.Outputs[0].I32()[1] != -3 {
		t.Fatalf("%v %v", res, err)
	}
}
