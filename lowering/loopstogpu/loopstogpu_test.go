package loopstogpu_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/lowering"
	"github.com/tt-compiler/tt/lowering/loopstogpu"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/test/programs"
)

func parse(t *testing.T, src string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "test.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func runPipeline(t *testing.T, m *ir.Operation, pipeline string) {
	t.Helper()
	pm, err := registry.NewPassRegistry().ParseAnchored(pipeline, builtin.ModuleName)
	if err != nil {
		t.Fatal(err)
	}
	if err := pm.Run(m, &pass.RunOptions{}); err != nil {
		t.Fatal(err)
	}
}

// kinds returns the kernel kinds of the module's launches, in order.
func kinds(m *ir.Operation) []string {
	var out []string
	m.Walk(func(op *ir.Operation) {
		if k, ok := op.StringAttr(loopstogpu.KernelKindAttrName); ok {
			if op.Attr(loopstogpu.PersistentAttrName) != nil {
				k += "+persistent"
			}
			out = append(out, k)
		}
	})
	return out
}

// TestMapping checks the mapping loops-to-gpu chooses and, running the
// gpu-level module in the reference interpreter (threads as goroutines,
// barriers and shuffles honoured), that the kernels compute what the
// tensor program does.
func TestMapping(t *testing.T) {
	cases := []struct {
		name, src, entry string
		want             []string
	}{
		{"softmax", programs.WithRows(programs.MustSource("softmax"), 4096, 6), "softmax", []string{"row_reduction+persistent"}},
		{"layer_norm", programs.WithRows(programs.MustSource("layer_norm"), 8192, 5), "layer_norm", []string{"row_reduction+persistent"}},
		{"gelu_chain", programs.WithRows(programs.MustSource("gelu_chain"), 4096, 3), "gelu_chain", []string{"pointwise"}},
		{"short rows", `func.func @f(%x: tensor<7x300xf32>) -> tensor<7x300xf32> {
  %0 = tensor.log_softmax %x dim = 1 : tensor<7x300xf32>
  return %0 : tensor<7x300xf32>
}`, "f", []string{"row_reduction"}},
		{"column sums", `func.func @f(%x: tensor<40x30xf32>) -> tensor<30xf32> {
  %0 = "tensor.reduce_sum"(%x) {dims = array<i64: 0>} : (tensor<40x30xf32>) -> tensor<30xf32>
  return %0 : tensor<30xf32>
}`, "f", []string{"pointwise"}},
		{"long columns", `func.func @f(%x: tensor<300x50xf32>, %y: tensor<300x50xf32>) -> (tensor<50xf32>, tensor<300x50xf32>) {
  %0 = tensor.mul %x, %y : tensor<300x50xf32>
  %1 = "tensor.reduce_sum"(%0) {dims = array<i64: 0>} : (tensor<300x50xf32>) -> tensor<50xf32>
  return %1, %0 : tensor<50xf32>, tensor<300x50xf32>
}`, "f", []string{"column_reduction"}},
		{"column max 3d", `func.func @f(%x: tensor<2x100x7xf32>) -> tensor<2x7xf32> {
  %0 = "tensor.reduce_max"(%x) {dims = array<i64: 1>} : (tensor<2x100x7xf32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}`, "f", []string{"column_reduction"}},
		{"matmul", `func.func @f(%a: tensor<2x5x7xf32>, %b: tensor<2x7x3xf32>) -> tensor<2x5x3xf32> {
  %0 = "tensor.matmul"(%a, %b) : (tensor<2x5x7xf32>, tensor<2x7x3xf32>) -> tensor<2x5x3xf32>
  return %0 : tensor<2x5x3xf32>
}`, "f", []string{"matmul"}},
		{"long rows", `func.func @f(%x: tensor<3x3000xf32>) -> tensor<3x3000xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<3x3000xf32>
  return %0 : tensor<3x3000xf32>
}`, "f", []string{"row_reduction"}},
		{"outer sum", `func.func @f(%x: tensor<300x1xf32>, %y: tensor<1x7xf32>) -> tensor<300x7xf32> {
  %0 = "tensor.broadcast"(%x) {dims = array<i64: 0, 1>} : (tensor<300x1xf32>) -> tensor<300x7xf32>
  %1 = "tensor.broadcast"(%y) {dims = array<i64: 0, 1>} : (tensor<1x7xf32>) -> tensor<300x7xf32>
  %2 = "tensor.add"(%0, %1) : (tensor<300x7xf32>, tensor<300x7xf32>) -> tensor<300x7xf32>
  return %2 : tensor<300x7xf32>
}`, "f", []string{"staged_rows"}},
		{"transpose", `func.func @f(%x: tensor<37x45xf32>) -> tensor<45x37xf32> {
  %0 = "tensor.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<37x45xf32>) -> tensor<45x37xf32>
  return %0 : tensor<45x37xf32>
}`, "f", []string{"tiled_transpose"}},
		{"permuted add", `func.func @f(%x: tensor<3x33x70xf32>, %y: tensor<3x70x33xf32>) -> tensor<3x70x33xf32> {
  %0 = "tensor.transpose"(%x) {perm = array<i64: 0, 2, 1>} : (tensor<3x33x70xf32>) -> tensor<3x70x33xf32>
  %1 = tensor.add %0, %y : tensor<3x70x33xf32>
  %2 = tensor.exp %1 : tensor<3x70x33xf32>
  return %2 : tensor<3x70x33xf32>
}`, "f", []string{"tiled_transpose"}},
		{"permute 4d", `func.func @f(%x: tensor<2x3x40x5xf32>) -> tensor<5x3x2x40xf32> {
  %0 = "tensor.transpose"(%x) {perm = array<i64: 3, 1, 0, 2>} : (tensor<2x3x40x5xf32>) -> tensor<5x3x2x40xf32>
  return %0 : tensor<5x3x2x40xf32>
}`, "f", []string{"tiled_transpose"}},
		{"scatter_add", `func.func @f(%x: tensor<4x2xf32>, %i: tensor<3xi64>, %u: tensor<3x2xf32>) -> tensor<4x2xf32> {
  %0 = "tensor.scatter_add"(%x, %i, %u) {dim = 0 : i64} : (tensor<4x2xf32>, tensor<3xi64>, tensor<3x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}`, "f", []string{"pointwise", "serial"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ref := parse(t, c.src)
			m := parse(t, c.src)
			runPipeline(t, m, lowering.GPUPipelineName)
			if got := kinds(m); strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("kernels %v, want %v", got, c.want)
			}
			fn := ir.NewSymbolTable(ref).Lookup(c.entry)
			ft := fn.Attr("function_type").(*ir.TypeAttr).Value.(*ir.FunctionType)
			args := make([]*interp.Tensor, len(ft.Inputs))
			for i, in := range ft.Inputs {
				tt := in.(*ir.RankedTensorType)
				dt := interp.F32
				if !ir.IsFloat(tt.ElementType()) {
					dt = interp.I64
				}
				x, err := interp.NewTensor(dt, tt.Shape())
				if err != nil {
					t.Fatal(err)
				}
				for j := range x.Len() {
					if dt == interp.I64 {
						x.SetInt(j, int64(j*3%4))
					} else {
						x.SetFloat(j, math.Sin(float64(7*j+i))*3)
					}
				}
				args[i] = x
			}
			want, err := interp.New(ref, kernels.NewRegistry()).RunTensors(c.entry, args...)
			if err != nil {
				t.Fatal(err)
			}
			vals := interp.Values(args...)
			got, err := interp.New(m, kernels.NewRegistry()).RunContext(t.Context(), c.entry, vals...)
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				g, err := got[i].(*interp.Buffer).Storage()
				if err != nil {
					t.Fatal(err)
				}
				for j := range want[i].Len() {
					w, v := want[i].Float(j), g.Float(j)
					if math.Abs(w-v) > 1e-5*math.Abs(w)+1e-6 {
						t.Fatalf("result %d element %d: %g, want %g", i, j, v, w)
					}
				}
			}
		})
	}
}

// TestOnlineSoftmax checks that a softmax over rows too long for a
// persistent reduction makes two passes over the row in its kernel: the
// online normalizer (running maximum and rescaled sum), then the output,
// instead of tensor-to-loops's three (maximum, stored exponentials and
// their sum, rescaling).
func TestOnlineSoftmax(t *testing.T) {
	m := parse(t, `func.func @f(%x: tensor<3x3000xf32>) -> tensor<3x3000xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<3x3000xf32>
  return %0 : tensor<3x3000xf32>
}`)
	runPipeline(t, m, lowering.GPUPipelineName)
	var rowLoops []string
	m.Walk(func(op *ir.Operation) {
		if op.Name() == "loops.for" {
			kinds := "none"
			if a := op.Attr("reductions"); a != nil {
				kinds = a.String()
			}
			rowLoops = append(rowLoops, kinds)
		}
	})
	want := `[["online_max", "online_sum"] none]`
	if got := fmt.Sprint(rowLoops); got != want {
		t.Errorf("row loops %s, want %s", got, want)
	}
}
