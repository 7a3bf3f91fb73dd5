// Package refdata_test checks tt against PyTorch on whole programs: every
// case of manifest.json (written by tools/refgen/refgen.py from PyTorch
// 1.13) runs through the tt-run library (internal/ttrun) in-process,
// exactly as "tt-run program.mlir [--pass-pipeline P] --entry F --input
// in0.npy ... --out DIR" would, and each result is compared with PyTorch's.
package refdata_test

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/runtime/npy"
)

// manifest is the "tt-ref/1" format of interp/testdata/gen_ref.py, with
// the extensions tools/refgen/README.md describes.
type manifest struct {
	Format string    `json:"format"`
	Torch  string    `json:"torch"`
	Cases  []refCase `json:"cases"`
}

type refCase struct {
	Name       string       `json:"name"`
	Kind       string       `json:"kind"`
	Ops        []string     `json:"ops"`
	Torch      string       `json:"torch"`
	MLIRFile   string       `json:"mlir_file"`
	Func       string       `json:"func"`
	Pipeline   string       `json:"pipeline"`
	Inputs     []string     `json:"inputs"`
	Outputs    []string     `json:"outputs"`
	RTol       float64      `json:"rtol"`
	ATol       float64      `json:"atol"`
	Tolerances [][2]float64 `json:"tolerances"`
	Note       string       `json:"note"`
}

// knownMismatches are results where tt is known to differ from PyTorch
// because of a bug outside this package, keyed by output file. They are
// expected failures: the test logs the difference, and fails if the
// result starts to match (then the entry must go).
var knownMismatches = map[string]string{}

// maxBytes bounds the committed data.
const maxBytes = 3 << 20

func load(t *testing.T) *manifest {
	t.Helper()
	data, err := os.ReadFile("manifest.json")
	if err != nil {
		t.Fatal(err)
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	if m.Format != "tt-ref/1" || len(m.Cases) == 0 {
		t.Fatalf("manifest format %q with %d cases", m.Format, len(m.Cases))
	}
	return &m
}

// TestPyTorchPrograms runs every case and compares its results.
func TestPyTorchPrograms(t *testing.T) {
	m := load(t)
	for _, c := range m.Cases {
		// Not parallel: ir.Context.LoadDialect writes the shared OpDefs'
		// dialect field each time a context is made, which the race
		// detector reports when contexts are made concurrently.
		t.Run(c.Name, func(t *testing.T) {
			runCase(t, c)
		})
	}
}

func runCase(t *testing.T, c refCase) {
	inputs := make([]string, len(c.Inputs))
	for i, f := range c.Inputs {
		inputs[i] = filepath.FromSlash(f)
	}
	res, err := ttrun.Run(context.Background(), ttrun.Config{
		File:     filepath.FromSlash(c.MLIRFile),
		Entry:    c.Func,
		Pipeline: c.Pipeline,
		Inputs:   inputs,
	})
	if err != nil {
		t.Fatalf("tt-run failed:\n%v", err)
	}
	if len(res.Outputs) != len(c.Outputs) {
		t.Fatalf("@%s returned %d results, PyTorch %d", c.Func, len(res.Outputs), len(c.Outputs))
	}
	if c.Tolerances != nil && len(c.Tolerances) != len(c.Outputs) {
		t.Fatalf("%d tolerances for %d outputs", len(c.Tolerances), len(c.Outputs))
	}
	for i, f := range c.Outputs {
		want, err := npy.ReadFile(filepath.FromSlash(f))
		if err != nil {
			t.Fatal(err)
		}
		got, err := ttrun.ToNPY(res.Outputs[i])
		if err != nil {
			t.Fatalf("result #%d: %v", i, err)
		}
		rtol, atol := c.RTol, c.ATol
		if c.Tolerances != nil {
			rtol, atol = c.Tolerances[i][0], c.Tolerances[i][1]
		}
		err = ttrun.CompareNPY(got, want, rtol, atol)
		if bug, known := knownMismatches[f]; known {
			if err == nil {
				t.Errorf("result #%d now matches PyTorch's %s: remove it from knownMismatches (%s)", i, f, bug)
			} else {
				t.Logf("known mismatch of result #%d (%s): %v", i, bug, err)
			}
			continue
		}
		if err != nil {
			what := "result"
			if c.Kind == "grad" {
				what = "loss"
				if i > 0 {
					what = "gradient"
				}
			}
			t.Errorf("%s #%d (%s, %s) differs from PyTorch's %s: %v\nPyTorch: %s", what, i, res.Outputs[i].TypeString(), describe(res, c, i), f, err, c.Torch)
		}
	}
}

// describe names what result i is: for gradients, the argument.
func describe(res *ttrun.Result, c refCase, i int) string {
	if c.Kind != "grad" || i == 0 {
		return "@" + c.Func
	}
	k := 0
	for j, typ := range res.Entry.Type.Inputs {
		if ir.IsFloat(ir.ElementTypeOrSelf(typ)) {
			k++
			if k == i {
				return "d loss / d %arg" + strconv.Itoa(j)
			}
		}
	}
	return "?"
}

// TestCoverage checks that the programs use every tensor op and every
// attribute of every op, and every optional attribute also absent (its
// default); and that gradient cases cover the required models.
func TestCoverage(t *testing.T) {
	m := load(t)
	seen := map[string]bool{}  // op names
	attrs := map[string]bool{} // "op attr" present
	absent := map[string]bool{}
	kinds := map[string]int{}
	for _, c := range m.Cases {
		kinds[c.Kind]++
		src, err := os.ReadFile(filepath.FromSlash(c.MLIRFile))
		if err != nil {
			t.Fatal(err)
		}
		prog, err := ttrun.Load(c.MLIRFile, src, "")
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		prog.Module.Walk(func(op *ir.Operation) {
			seen[op.Name()] = true
			if def := op.Def(); def != nil {
				for _, a := range def.Attrs {
					if op.Attr(a.Name) != nil {
						attrs[op.Name()+" "+a.Name] = true
					} else {
						absent[op.Name()+" "+a.Name] = true
					}
				}
			}
		})
	}
	for _, def := range tensor.Ops {
		if !seen[def.Name] {
			t.Errorf("no program uses %s", def.Name)
			continue
		}
		for _, a := range def.Attrs {
			if !attrs[def.Name+" "+a.Name] {
				t.Errorf("no program gives %s its %s attribute", def.Name, a.Name)
			}
			if a.Optional && !absent[def.Name+" "+a.Name] {
				t.Errorf("no program leaves out the optional %s attribute of %s", a.Name, def.Name)
			}
		}
	}
	if kinds["forward"] == 0 || kinds["grad"] < 5 {
		t.Errorf("cases by kind: %v; want forward programs and at least 5 gradient programs", kinds)
	}
}

// TestDataSize keeps the committed reference data small.
func TestDataSize(t *testing.T) {
	var total int64
	var big []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		total += info.Size()
		if info.Size() > 64<<10 {
			big = append(big, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if total > maxBytes {
		sort.Strings(big)
		t.Errorf("test/refdata holds %d bytes, more than %d; large files: %v", total, maxBytes, big)
	}
}
