package lowering_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
)

// fixtureCase is a case of a "tt-ref/1" manifest (interp/testdata/ref and
// test/refdata): a program, the function to run, .npy inputs, and the
// pipeline to run first (aot-autograd for gradient cases).
type fixtureCase struct {
	Name     string   `json:"name"`
	MLIR     string   `json:"mlir"`
	MLIRFile string   `json:"mlir_file"`
	Func     string   `json:"func"`
	Inputs   []string `json:"inputs"`
	Pipeline string   `json:"pipeline"`
}

// loadFixtures reads a manifest; a missing directory yields no cases.
func loadFixtures(t *testing.T, dir string) []fixtureCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		t.Fatal(err)
	}
	var m struct {
		Cases []fixtureCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m.Cases
}

// asArgTypes converts fixture inputs to fn's argument types where NumPy
// has no type of their own, as tt-run reads them: bf16 arguments come as
// float32 arrays (of bf16 values), index arguments as int64 arrays.
func asArgTypes(t *testing.T, fn *ir.Operation, inputs []*interp.Tensor) []*interp.Tensor {
	t.Helper()
	for i, ty := range function.FuncType(fn).Inputs {
		if i >= len(inputs) {
			break
		}
		dt, err := interp.DTypeOf(opclassElem(ty))
		if err != nil || dt == inputs[i].DType() {
			continue
		}
		switch {
		case dt == interp.BF16 && inputs[i].DType() == interp.F32:
			bits := make([]uint16, inputs[i].Len())
			for k, v := range inputs[i].F32() {
				bits[k] = interp.F32ToBF16(v)
			}
			x, err := interp.FromHalfBits(interp.BF16, inputs[i].Shape(), bits)
			if err != nil {
				t.Fatal(err)
			}
			inputs[i] = x
		case dt == interp.Index && inputs[i].DType() == interp.I64:
			inputs[i] = inputs[i].WithDType(interp.Index)
		}
	}
	return inputs
}

// opclassElem returns the element type of a shaped type (or the type).
func opclassElem(t ir.Type) ir.Type {
	if s, ok := t.(ir.ShapedType); ok {
		return s.ElementType()
	}
	return t
}

// TestDifferentialFixtures runs every program of the interpreter's and
// tt-run's PyTorch fixtures (every tensor op with several attribute
// combinations, composite blocks, and gradients through aot-autograd) at the
// tensor level and, after pt2-go, at the loop level, on the fixtures'
// inputs, and compares the results (f16 and bf16 programs too: the loop
// level computes them in f32 and rounds as the tensor level does).
func TestDifferentialFixtures(t *testing.T) {
	if !hasLoopKernels() {
		t.Skip("the interpreter has no loop-level kernels (interp/loopsk) yet")
	}
	dirs := []string{filepath.Join("..", "interp", "testdata", "ref"), filepath.Join("..", "test", "refdata")}
	total := 0
	for _, dir := range dirs {
		for _, c := range loadFixtures(t, dir) {
			total++
			t.Run(filepath.Base(filepath.Dir(dir+"/x"))+"/"+c.Name, func(t *testing.T) {
				src := c.MLIR
				if c.MLIRFile != "" {
					b, err := os.ReadFile(filepath.Join(dir, c.MLIRFile))
					if err != nil {
						t.Fatal(err)
					}
					src = string(b)
				}
				var inputs []*interp.Tensor
				for _, in := range c.Inputs {
					a, err := npy.ReadFile(filepath.Join(dir, in))
					if err != nil {
						t.Fatal(err)
					}
					x, err := interp.FromNPY(a)
					if err != nil {
						t.Fatal(err)
					}
					inputs = append(inputs, x)
				}
				ref := parse(t, src)
				if c.Pipeline != "" {
					if err := runPipeline(t, ref, c.Pipeline); err != nil {
						t.Fatal(err)
					}
				}
				inputs = asArgTypes(t, funcNamed(t, ref, c.Func), inputs)
				want, err := interp.New(ref, kernels.NewRegistry()).RunTensors(c.Func, cloneAll(inputs)...)
				if err != nil {
					t.Skipf("the tensor-level run fails: %v", err)
				}
				low := parse(t, src)
				pipeline := "pt2-go"
				if c.Pipeline != "" {
					pipeline = strings.TrimSuffix(strings.TrimPrefix(c.Pipeline, "builtin.module("), ")") + ",pt2-go"
				}
				err = runPipeline(t, low, pipeline)
				if err != nil {
					t.Fatalf("pt2-go: %v", err)
				}
				args := cloneAll(inputs)
				got, err := interp.New(low, kernels.NewRegistry()).RunTensors(c.Func, args...)
				if err != nil {
					t.Fatalf("loop-level run: %v\n%s", err, printIR(low))
				}
				for i := range want {
					rtol, atol := 1e-5, 1e-6
					if want[i].DType() == interp.F64 {
						rtol, atol = 1e-9, 1e-12
					}
					if err := interp.Close(got[i], want[i], rtol, atol); err != nil {
						t.Errorf("result #%d: %v", i, err)
					}
				}
				for i := range args {
					if !interp.Equal(args[i], inputs[i]) {
						t.Errorf("argument #%d was written", i)
					}
				}
			})
		}
	}
	if total < 150 {
		t.Errorf("only %d fixture cases found", total)
	}
}
