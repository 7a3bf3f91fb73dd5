package interptest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/runtime/npy"
)

// ManifestFormat is the format tag of reference-fixture manifests.
const ManifestFormat = "tt-ref/1"

// Manifest is a set of reference cases: programs with .npy inputs and the
// .npy outputs a reference (PyTorch) computed for them. It is what
// interp/testdata/gen_ref.py writes (testdata/ref/manifest.json) and what
// larger whole-program fixture sets can reuse. In JSON:
//
//	{"format": "tt-ref/1", "torch": "1.13.0", "cases": [
//	  {"name": "add_f32", "op": "tensor.add", "torch": "torch.add(a, b)",
//	   "mlir": "func.func @main(...) ... ",      // or "mlir_file": "add.mlir"
//	   "func": "main",
//	   "inputs": ["add_f32.in0.npy", "add_f32.in1.npy"],
//	   "outputs": ["add_f32.out0.npy"],
//	   "rtol": 1e-5, "atol": 1e-6}]}
//
// File names are relative to the manifest's directory. Floats compare as
// |got - want| <= atol + rtol·|want| (NaN matches NaN, infinities match
// exactly), integers and booleans exactly. index results are stored as
// int64 arrays.
type Manifest struct {
	Format string `json:"format"`
	Torch  string `json:"torch,omitempty"`
	Cases  []Case `json:"cases"`
	// Dir is the directory holding the manifest (set by LoadManifest).
	Dir string `json:"-"`
}

// Case is one reference case of a Manifest.
type Case struct {
	Name     string   `json:"name"`
	Op       string   `json:"op,omitempty"`    // the op under test (informative)
	Torch    string   `json:"torch,omitempty"` // the reference expression (informative)
	MLIR     string   `json:"mlir,omitempty"`
	MLIRFile string   `json:"mlir_file,omitempty"`
	Func     string   `json:"func"`
	Inputs   []string `json:"inputs"`
	Outputs  []string `json:"outputs"`
	RTol     float64  `json:"rtol"`
	ATol     float64  `json:"atol"`
}

// LoadManifest reads a manifest file.
func LoadManifest(path string) (*Manifest, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if m.Format != ManifestFormat {
		return nil, fmt.Errorf("%s: format %q, want %q", path, m.Format, ManifestFormat)
	}
	m.Dir = filepath.Dir(path)
	return &m, nil
}

// ReadTensor reads a .npy file as a tensor.
func ReadTensor(path string) (*interp.Tensor, error) {
	a, err := npy.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := interp.FromNPY(a)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return t, nil
}

// Source returns the case's MLIR text.
func (m *Manifest) Source(c *Case) (string, error) {
	if c.MLIRFile == "" {
		return c.MLIR, nil
	}
	b, err := os.ReadFile(filepath.Join(m.Dir, c.MLIRFile))
	return string(b), err
}

// Run parses the case's program (with the builtin, func and tensor
// dialects; other ops may appear in generic form), verifies it, runs its
// function with the kernels of reg and compares the results with the
// expected outputs. The error says what failed.
func (m *Manifest) Run(reg *interp.Registry, c *Case) error {
	src, err := m.Source(c)
	if err != nil {
		return err
	}
	ctx := builtin.NewContext().MustLoadDialect(tensor.Dialect)
	ctx.AllowUnregistered = true
	mod, err := asm.ParseString(ctx, src, asm.ParseOptions{Filename: c.Name + ".mlir"})
	if err != nil {
		return fmt.Errorf("parse: %v", err)
	}
	if err := ir.Verify(mod); err != nil {
		return fmt.Errorf("verify: %v", err)
	}
	args := make([]interp.Value, len(c.Inputs))
	for i, f := range c.Inputs {
		if args[i], err = ReadTensor(filepath.Join(m.Dir, f)); err != nil {
			return err
		}
	}
	res, err := interp.New(mod, reg).Run(c.Func, args...)
	if err != nil {
		return fmt.Errorf("run: %v", err)
	}
	if len(res) != len(c.Outputs) {
		return fmt.Errorf("%d results, want %d", len(res), len(c.Outputs))
	}
	for i, f := range c.Outputs {
		want, err := ReadTensor(filepath.Join(m.Dir, f))
		if err != nil {
			return err
		}
		got, ok := res[i].(*interp.Tensor)
		if !ok {
			return fmt.Errorf("result #%d is %v, not a tensor", i, res[i])
		}
		if got.DType() == interp.Index {
			got = got.WithDType(interp.I64)
		}
		if err := interp.Close(got, want, c.RTol, c.ATol); err != nil {
			return fmt.Errorf("result #%d vs %s (%s): %v\ngot  %v\nwant %v", i, f, c.Torch, err, got, want)
		}
	}
	return nil
}
