package interp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/interp/kernels"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/runtime/npy"
)

// refManifest is the "tt-ref/1" fixture format written by
// testdata/gen_ref.py (its docstring describes the fields).
type refManifest struct {
	Format string    `json:"format"`
	Torch  string    `json:"torch"`
	Cases  []refCase `json:"cases"`
}

type refCase struct {
	Name     string   `json:"name"`
	Op       string   `json:"op"`
	Torch    string   `json:"torch"`
	MLIR     string   `json:"mlir"`
	MLIRFile string   `json:"mlir_file"`
	Func     string   `json:"func"`
	Inputs   []string `json:"inputs"`
	Outputs  []string `json:"outputs"`
	RTol     float64  `json:"rtol"`
	ATol     float64  `json:"atol"`
}

func loadNPY(t *testing.T, path string) *interp.Tensor {
	t.Helper()
	a, err := npy.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	x, err := interp.FromNPY(a)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return x
}

// TestPyTorchReference runs every case of testdata/ref/manifest.json (ops
// applied by PyTorch 1.13 to the same inputs) and compares the results.
// The programs are parsed with the tensor dialect loaded and verified, so
// they are valid tensor-dialect IR.
func TestPyTorchReference(t *testing.T) {
	dir := filepath.Join("testdata", "ref")
	data, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m refManifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if m.Format != "tt-ref/1" || len(m.Cases) < 100 {
		t.Fatalf("manifest format %q with %d cases", m.Format, len(m.Cases))
	}
	reg := kernels.NewRegistry()
	covered := map[string]bool{}
	for _, c := range m.Cases {
		t.Run(c.Name, func(t *testing.T) {
			src := c.MLIR
			if c.MLIRFile != "" {
				b, err := os.ReadFile(filepath.Join(dir, c.MLIRFile))
				if err != nil {
					t.Fatal(err)
				}
				src = string(b)
			}
			ctx := builtin.NewContext().MustLoadDialect(tensor.Dialect)
			mod, err := asm.ParseString(ctx, src, asm.ParseOptions{Filename: c.Name + ".mlir"})
			if err != nil {
				t.Fatalf("parse: %v\n%s", err, src)
			}
			if err := ir.Verify(mod); err != nil {
				t.Fatalf("verify: %v\n%s", err, src)
			}
			args := make([]interp.Value, len(c.Inputs))
			for i, f := range c.Inputs {
				args[i] = loadNPY(t, filepath.Join(dir, f))
			}
			res, err := interp.New(mod, reg).Run(c.Func, args...)
			if err != nil {
				t.Fatalf("run: %v\n%s", err, src)
			}
			if len(res) != len(c.Outputs) {
				t.Fatalf("%d results, want %d", len(res), len(c.Outputs))
			}
			for i, f := range c.Outputs {
				want := loadNPY(t, filepath.Join(dir, f))
				got := res[i].(*interp.Tensor)
				if got.DType() == interp.Index {
					got = got.WithDType(interp.I64)
				}
				if err := interp.Close(got, want, c.RTol, c.ATol); err != nil {
					t.Errorf("result #%d vs %s (%s): %v\ngot  %v\nwant %v", i, f, c.Torch, err, got, want)
				}
			}
			covered[c.Op] = true
		})
	}
	for _, op := range tensor.Ops {
		if !covered[op.Name] {
			t.Errorf("no reference case covers %s", op.Name)
		}
	}
}
