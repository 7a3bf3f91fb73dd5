package goemit_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/tt-compiler/tt/backend/gobuild"
	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/pass"
	"github.com/tt-compiler/tt/runtime/npy"
)

// TestRefdata runs the programs of test/refdata (tensor programs with
// PyTorch's results) through the whole Go path: their pipeline (for the
// gradient cases), pt2-go, the emitter, one batched go vet and go build,
// and the generated code's results compared with PyTorch's within the
// manifest's tolerances (f16 and bf16 cases too: bf16 arrays are float32
// arrays of bf16 values, which the harness passes as bits).
func TestRefdata(t *testing.T) {
	goTool := requireGo(t)
	root := filepath.Join("..", "..", "test", "refdata")
	data, err := os.ReadFile(filepath.Join(root, "manifest.json"))
	if err != nil {
		t.Skipf("no refdata: %v", err)
	}
	var m struct {
		Cases []refCase `json:"cases"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), []byte("module ttcorpus\n\ngo 1.22\n"))
	var cases []*corpusCase
	reg := registry.NewPassRegistry()
	for i, rc := range m.Cases {
		for _, level := range testLevels(t) {
			if c := rc.emit(t, reg, root, fmt.Sprintf("r%d%s", i, levelSuffix(level)), level, mod, len(cases)); c != nil {
				cases = append(cases, c)
			}
		}
	}
	if len(cases) < 20*len(testLevels(t)) {
		t.Fatalf("only %d refdata cases run on the Go backend", len(cases))
	}
	runRefCases(t, goTool, mod, cases)
}

// refCase is a case of test/refdata/manifest.json.
type refCase struct {
	Name       string       `json:"name"`
	MLIRFile   string       `json:"mlir_file"`
	Func       string       `json:"func"`
	Pipeline   string       `json:"pipeline"`
	Inputs     []string     `json:"inputs"`
	Outputs    []string     `json:"outputs"`
	Tolerances [][2]float64 `json:"tolerances"`
}

// emit lowers the case, emits it at level as package pkgName into the
// module mod and returns its corpus case (id), or nil when the Go backend
// does not support its types.
func (rc *refCase) emit(t *testing.T, reg *pass.Registry, root, pkgName string, level goemit.SIMD, mod string, id int) *corpusCase {
	t.Helper()
	src, err := os.ReadFile(filepath.Join(root, rc.MLIRFile))
	if err != nil {
		t.Fatal(err)
	}
	module := parseModule(t, rc.MLIRFile, src)
	if rc.Pipeline != "" {
		pm, err := reg.ParseAnchored(rc.Pipeline, "builtin.module")
		if err != nil {
			t.Fatalf("%s: %v", rc.Name, err)
		}
		if err := pm.Run(module, nil); err != nil {
			t.Fatalf("%s: %s: %v", rc.Name, rc.Pipeline, err)
		}
	}
	if err := gobuild.Lower(context.Background(), module, registry.NewPassRegistry(), gobuild.LowerOptions{SIMD: level}); err != nil {
		t.Fatalf("%s: pt2-go: %v", rc.Name, err)
	}
	pkg, err := goemit.Emit(module, goemit.Options{Package: pkgName, Source: rc.MLIRFile, SIMD: level})
	if err != nil {
		t.Fatalf("%s: %v", rc.Name, err)
	}
	checkGenerated(t, rc.Name, pkg.Source)
	writeFile(t, filepath.Join(mod, pkgName, "model.go"), pkg.Source)
	c := &corpusCase{id: id, level: level, file: rc.Name + "/" + level.String(), pkg: pkgName, sym: rc.Func, maxAllocs: -1}
	if c.fn = pkg.Func(rc.Func); c.fn == nil {
		t.Fatalf("%s: no exported function for @%s", rc.Name, rc.Func)
	}
	for j, in := range rc.Inputs {
		c.args = append(c.args, asBF16(t, readNPY(t, filepath.Join(root, in)), j < len(c.fn.Params) && c.fn.Params[j].Elem == goemit.BF16))
	}
	for j, out := range rc.Outputs {
		c.want = append(c.want, asBF16(t, readNPY(t, filepath.Join(root, out)), j < len(c.fn.Results) && c.fn.Results[j].Elem == goemit.BF16))
		tol := [2]float64{1e-5, 1e-6}
		if j < len(rc.Tolerances) {
			tol = rc.Tolerances[j]
		}
		c.rtols = append(c.rtols, tol)
	}
	return c
}

// asBF16 converts a float32 array of bf16 values (NumPy has no bf16) to a
// bf16 tensor when bf16 is true.
func asBF16(t *testing.T, x *interp.Tensor, bf16 bool) *interp.Tensor {
	t.Helper()
	if !bf16 || x.DType() != interp.F32 {
		return x
	}
	bits := make([]uint16, x.Len())
	for i, v := range x.F32() {
		bits[i] = interp.F32ToBF16(v)
	}
	y, err := interp.FromHalfBits(interp.BF16, x.Shape(), bits)
	if err != nil {
		t.Fatal(err)
	}
	return y
}

// runRefCases builds the cases' packages with a harness in mod, runs it and
// compares the results with PyTorch's.
func runRefCases(t *testing.T, goTool, mod string, cases []*corpusCase) {
	dataDir := filepath.Join(mod, "data")
	for _, c := range cases {
		for i, a := range c.args {
			writeFile(t, filepath.Join(dataDir, fmt.Sprintf("case%d.in%d", c.id, i)), rawBytes(a))
		}
	}
	writeFile(t, filepath.Join(mod, "harness", "main.go"), harnessSource(t, cases))
	runGo(t, goTool, mod, "vet", "./...")
	buildHarness(t, goTool, mod)
	out := filepath.Join(mod, "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	runHarness(t, filepath.Join(mod, "harness.bin"), dataDir, out, 0)
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			got := c.readResults(t, out)
			if got.err != "" {
				t.Fatalf("the Go code fails: %s", got.err)
			}
			if len(got.results) != len(c.want) {
				t.Fatalf("%d results, PyTorch has %d", len(got.results), len(c.want))
			}
			for i, want := range c.want {
				if len(got.shapes[i]) != want.Rank() || ir64(got.shapes[i]) != fmt.Sprint(want.Shape()) {
					t.Errorf("result #%d has shape %v, PyTorch's %v", i, got.shapes[i], want.Shape())
					continue
				}
				compareClose(t, i, want, got.results[i], c.rtols[i])
			}
		})
	}
}

func ir64(s []int64) string { return fmt.Sprint(s) }

// readNPY reads a .npy file as an interpreter tensor.
func readNPY(t testing.TB, path string) *interp.Tensor {
	t.Helper()
	a, err := npy.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	x, err := interp.FromNPY(a)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// compareClose checks |got - want| <= atol + rtol·|want| element-wise
// (NaN matching NaN, infinities exactly); integers and i1 exactly.
func compareClose(t *testing.T, i int, want *interp.Tensor, got []byte, tol [2]float64) {
	t.Helper()
	if !want.DType().IsFloat() {
		compareResult(t, i, want, got, 0)
		return
	}
	g := decode(want.DType(), got).([]float64)
	if len(g) != want.Len() {
		t.Fatalf("result #%d has %d elements, want %d", i, len(g), want.Len())
	}
	bad := 0
	for j := range g {
		w := want.Float(j)
		ok := math.Abs(g[j]-w) <= tol[1]+tol[0]*math.Abs(w)
		if math.IsNaN(w) || math.IsInf(w, 0) {
			ok = (math.IsNaN(w) && math.IsNaN(g[j])) || w == g[j]
		}
		if !ok {
			if bad < 5 {
				t.Errorf("result #%d element %d = %v, PyTorch's %v (rtol %g, atol %g)", i, j, g[j], w, tol[0], tol[1])
			}
			bad++
		}
	}
	if bad > 0 {
		t.Errorf("result #%d: %d of %d elements differ", i, bad, len(g))
	}
}

// TestInterpReference runs the per-op PyTorch fixtures of
// interp/testdata/ref (one small program per case) through pt2-go and the
// emitter as one package: every case's functions are moved, renamed, into
// one module, so that one go build covers them all.
func TestInterpReference(t *testing.T) {
	goTool := requireGo(t)
	root := filepath.Join("..", "..", "interp", "testdata", "ref")
	data, err := os.ReadFile(filepath.Join(root, "manifest.json"))
	if err != nil {
		t.Skipf("no fixtures: %v", err)
	}
	var m struct {
		Cases []struct {
			Name    string   `json:"name"`
			MLIR    string   `json:"mlir"`
			Func    string   `json:"func"`
			Inputs  []string `json:"inputs"`
			Outputs []string `json:"outputs"`
			RTol    float64  `json:"rtol"`
			ATol    float64  `json:"atol"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	type pending struct {
		name, sym    string
		inputs, outs []string
		rtol, atol   float64
	}
	mod := t.TempDir()
	writeFile(t, filepath.Join(mod, "go.mod"), []byte("module ttcorpus\n\ngo 1.22\n"))
	var run []*corpusCase
	for _, level := range testLevels(t) {
		ctx := registry.NewContext()
		combined, err := asm.Parse(ctx, []byte("module {\n}\n"), asm.ParseOptions{Filename: "combined.mlir"})
		if err != nil {
			t.Fatal(err)
		}
		var cases []pending
		for _, rc := range m.Cases {
			cm, err := asm.Parse(ctx, []byte(rc.MLIR), asm.ParseOptions{Filename: rc.Name + ".mlir"})
			if err != nil {
				t.Fatalf("%s: %v", rc.Name, err)
			}
			if err := gobuild.Lower(context.Background(), cm, registry.NewPassRegistry(), gobuild.LowerOptions{SIMD: level}); err != nil {
				t.Fatalf("%s: pt2-go: %v", rc.Name, err)
			}
			// Prefix every symbol of the case, and the calls to them.
			prefix := "c" + strconv.Itoa(len(cases)) + "_"
			cm.Walk(func(op *ir.Operation) {
				if ref, ok := op.Attr("callee").(*ir.SymbolRefAttr); ok && op.Name() == "func.call" {
					op.SetAttr("callee", ir.SymbolRef(prefix+ref.Root))
				}
			})
			var funcs []*ir.Operation
			for op := cm.Region(0).Front().First(); op != nil; op = op.Next() {
				funcs = append(funcs, op)
			}
			for _, op := range funcs {
				op.SetAttr("sym_name", ir.String(prefix+ir.SymbolName(op)))
				op.Remove()
				combined.Region(0).Front().Append(op)
			}
			cases = append(cases, pending{rc.Name, prefix + rc.Func, rc.Inputs, rc.Outputs, rc.RTol, rc.ATol})
		}
		if len(cases) < 100 {
			t.Fatalf("only %d cases", len(cases))
		}
		if err := ir.Verify(combined); err != nil {
			t.Fatal(err)
		}
		pkgName := "ref" + levelSuffix(level)
		pkg, err := goemit.Emit(combined, goemit.Options{Package: pkgName, SIMD: level})
		if err != nil {
			t.Fatal(err)
		}
		checkGenerated(t, pkgName, pkg.Source)
		writeFile(t, filepath.Join(mod, pkgName, "model.go"), pkg.Source)
		for _, p := range cases {
			c := &corpusCase{id: len(run), level: level, file: p.name + "/" + level.String(), pkg: pkgName, sym: p.sym, maxAllocs: -1}
			if c.fn = pkg.Func(p.sym); c.fn == nil {
				t.Fatalf("%s: no exported function", p.name)
			}
			for _, in := range p.inputs {
				c.args = append(c.args, readNPY(t, filepath.Join(root, in)))
			}
			for _, out := range p.outs {
				c.want = append(c.want, readNPY(t, filepath.Join(root, out)))
				c.rtols = append(c.rtols, [2]float64{p.rtol, p.atol})
			}
			run = append(run, c)
		}
	}
	runRefCases(t, goTool, mod, run)
}
