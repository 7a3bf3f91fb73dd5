package lowering_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/dialects/loops/analysis"
	"github.com/tt-compiler/tt/ir"
)

// kernelsOf returns the loops.kernel ops of a function after fuse.
func kernelsOf(fn *ir.Operation) []*ir.Operation {
	var out []*ir.Operation
	for op := range fn.Region(0).Front().Ops() {
		if op.Name() == "loops.kernel" {
			out = append(out, op)
		}
	}
	return out
}

// TestFusionCounts asserts the required fusion results: softmax and
// layer_norm are one kernel making at most 2 passes over their input, an
// element-wise chain is one kernel making 1 pass. (A pass over a buffer is
// an innermost loop loading it: see analysis.CountInputPasses.)
func TestFusionCounts(t *testing.T) {
	cases := []struct {
		name, src        string
		kernels, passes  int
		kind, kernelName string
	}{
		{"softmax", `func.func @f(%x: tensor<32x100xf32>) -> tensor<32x100xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<32x100xf32>
  return %0 : tensor<32x100xf32>
}`, 1, 2, "reduction", "fused_reduce_max_sub_exp_reduce_sum_div_0"},
		{"softmax_columns", `func.func @f(%x: tensor<30x7xf32>) -> tensor<30x7xf32> {
  %0 = tensor.softmax %x dim = 0 : tensor<30x7xf32>
  return %0 : tensor<30x7xf32>
}`, 1, 2, "reduction", ""},
		{"softmax_dynamic", `func.func @f(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}`, 1, 2, "reduction", ""},
		{"log_softmax", `func.func @f(%x: tensor<8x50xf32>) -> tensor<8x50xf32> {
  %0 = tensor.log_softmax %x dim = 1 : tensor<8x50xf32>
  return %0 : tensor<8x50xf32>
}`, 1, 2, "reduction", ""},
		{"layer_norm", `func.func @f(%x: tensor<16x64xf32>, %g: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<16x64xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 1 eps = 1.0e-05 : tensor<16x64xf32>, tensor<64xf32>, tensor<64xf32>
  return %0 : tensor<16x64xf32>
}`, 1, 2, "reduction", ""},
		{"layer_norm_two_dims", `func.func @f(%x: tensor<4x8x16xf32>, %g: tensor<8x16xf32>, %b: tensor<8x16xf32>) -> tensor<4x8x16xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 2 eps = 1.0e-05 : tensor<4x8x16xf32>, tensor<8x16xf32>, tensor<8x16xf32>
  return %0 : tensor<4x8x16xf32>
}`, 1, 2, "reduction", ""},
		{"gelu_chain", `func.func @f(%x: tensor<16x64xf32>, %y: tensor<16x64xf32>) -> tensor<16x64xf32> {
  %0 = tensor.add %x, %y : tensor<16x64xf32>
  %1 = tensor.gelu %0 : tensor<16x64xf32>
  %2 = tensor.gelu %1 approximate = tanh : tensor<16x64xf32>
  %3 = tensor.mul %2, %y : tensor<16x64xf32>
  %4 = tensor.sigmoid %3 : tensor<16x64xf32>
  return %4 : tensor<16x64xf32>
}`, 1, 1, "pointwise", "fused_add_mul_erf_tanh_sigmoid_0"},
		{"two_row_reductions", `func.func @f(%x: tensor<16x64xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>) {
  %0 = tensor.reduce_sum %x dims = [1] : tensor<16x64xf32>
  %1 = tensor.reduce_max %x dims = [1] : tensor<16x64xf32>
  %s = tensor.mul %x, %x : tensor<16x64xf32>
  %2 = tensor.reduce_sum %s dims = [1] : tensor<16x64xf32>
  return %0, %1, %2 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>
}`, 1, 1, "reduction", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := parse(t, c.src)
			if err := runPipeline(t, m, "decompose,canonicalize,cse,fuse"); err != nil {
				t.Fatal(err)
			}
			fn := funcNamed(t, m, "f")
			ks := kernelsOf(fn)
			if len(ks) != c.kernels {
				t.Fatalf("%d kernels, want %d:\n%s", len(ks), c.kernels, printIR(m))
			}
			if kind, _ := ks[0].StringAttr("kind"); kind != c.kind {
				t.Errorf("kind %q, want %q", kind, c.kind)
			}
			if name, _ := ks[0].StringAttr("name"); c.kernelName != "" && name != c.kernelName {
				t.Errorf("name %q, want %q", name, c.kernelName)
			}
			// Nothing that computes is left outside the kernels.
			for op := range fn.Region(0).Front().Ops() {
				if strings.HasPrefix(op.Name(), "tensor.") && op.Name() != "tensor.dim" && op.Name() != "tensor.constant" {
					t.Errorf("'%s' left outside kernels", op.Name())
				}
			}
			if err := runPipeline(t, m, "tensor-to-loops,plan-memory,canonicalize,cse"); err != nil {
				t.Fatal(err)
			}
			fn = funcNamed(t, m, "f")
			x := fn.Region(0).Front().Arg(0)
			if n := analysis.CountInputPasses(fn, x); n != c.passes {
				t.Errorf("%d passes over the input, want %d:\n%s", n, c.passes, printIR(m))
			}
		})
	}
}

// TestLoweredIsLoopLevel checks the loop-level contract: after pt2-go only
// arith, math, loops, vector and func ops remain, on memrefs and scalars.
func TestLoweredIsLoopLevel(t *testing.T) {
	allowed := []string{"arith.", "math.", "loops.", "vector.", "func.", "builtin.module"}
	for _, p := range programs {
		t.Run(p.name, func(t *testing.T) {
			m := lower(t, p.src)
			m.Walk(func(op *ir.Operation) {
				ok := false
				for _, pre := range allowed {
					ok = ok || strings.HasPrefix(op.Name(), pre)
				}
				if !ok || op.Name() == "loops.kernel" {
					t.Errorf("'%s' remains after pt2-go", op.Name())
				}
				for _, v := range append(op.Operands(), op.Results()...) {
					if ir.IsTensor(v.Type()) {
						t.Errorf("'%s' still has a tensor %s", op.Name(), v.Type())
					}
				}
			})
		})
	}
}

// TestNoPanics runs the lowering over every tensor-dialect lit test and
// corpus file that parses and verifies: it either succeeds with IR that
// verifies or fails with a located diagnostic, and never panics.
func TestNoPanics(t *testing.T) {
	var files []string
	for _, dir := range []string{"../test/lit/tensor", "../test/lit/autodiff", "../test/corpus", "../interp/testdata", "../test/lit/lowering"} {
		fs, _ := filepath.Glob(filepath.Join(dir, "*.mlir"))
		files = append(files, fs...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d files", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range strings.Split(string(b), "// -----") {
			t.Run(filepath.Base(f)+"#"+string(rune('0'+i%10)), func(t *testing.T) {
				m, err := parseQuiet(chunk)
				if err != nil {
					return
				}
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("panic: %v", r)
					}
				}()
				if err := runPipeline(t, m, "pt2-go"); err != nil {
					var d *ir.Diagnostic
					if !errors.As(err, &d) && !strings.Contains(err.Error(), ":") {
						t.Errorf("error without a location: %v", err)
					}
					return
				}
				if err := ir.Verify(m); err != nil {
					t.Errorf("lowered IR does not verify: %v", err)
				}
				for op := range builtin.ModuleBody(m).Ops() {
					if op.Name() == "func.func" && !function.IsExternal(op) && strings.Contains(printIR(op), "tensor<") {
						t.Errorf("tensor types remain in @%v", op.Attr("sym_name"))
					}
				}
			})
		}
	}
}
