package ttrun_test

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/runtime/npy"
)

// fixture is one program with PyTorch's results.
type fixture struct {
	name, file, entry, pipeline string
	target                      string // --ptx-target ("": the default)
	inputs, outputs             []string
	tols                        [][2]float64
}

// unsupportedOnGPU reports whether a tt-run error says the GPU path does
// not support the program, rather than that it went wrong: emit/ptx
// rejects what it has no kernel form for. (f16 and bf16 are supported:
// any other error on them fails.)
func unsupportedOnGPU(msg string) bool {
	return strings.Contains(msg, "is not supported in kernels")
}

// runOnPTXSim runs f on --backend ptxsim and compares its results; it
// reports "pass", "unsupported: why" or an error.
func runOnPTXSim(t *testing.T, f fixture) (string, bool) {
	out := t.TempDir()
	args := []string{f.file, "--backend", "ptxsim", "--entry", f.entry, "--out", out}
	if f.pipeline != "" {
		args = append(args, "--pass-pipeline", f.pipeline)
	}
	if f.target != "" {
		args = append(args, "--ptx-target", f.target)
	}
	for _, in := range f.inputs {
		args = append(args, "--input", in)
	}
	var stderr strings.Builder
	if ttrun.Main(args, nil, io.Discard, &stderr) != 0 {
		msg := firstLine(stderr.String())
		if unsupportedOnGPU(msg) {
			return "unsupported: " + msg, false
		}
		t.Errorf("%s: %s", f.name, msg)
		return "", false
	}
	for i, want := range f.outputs {
		w, err := npy.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		g, err := npy.ReadFile(ttrun.OutputPath(out, i))
		if err != nil {
			t.Fatal(err)
		}
		if err := ttrun.CompareNPY(g, w, f.tols[i][0], f.tols[i][1]); err != nil {
			t.Errorf("%s: result %d: %v", f.name, i, err)
			return "", false
		}
	}
	return "pass", true
}

// TestPTXSimRefdata runs the programs of test/refdata (forward and the
// aot-autograd entries) on --backend ptxsim (pt2-gpu, the emitted PTX run
// by the simulator with its race and barrier checks) and compares their
// results with PyTorch's within the manifest's tolerances. Programs the
// GPU path does not support yet are logged with the reason; a supported
// program with wrong results fails the test, and so does a drop below the
// number that pass today.
func TestPTXSimRefdata(t *testing.T) {
	if testing.Short() {
		t.Skip("the simulator is slow")
	}
	pass := 0
	fixtures := refdataFixtures(t)
	for _, f := range fixtures {
		what, ok := runOnPTXSim(t, f)
		if ok {
			pass++
		}
		t.Logf("%s: %s", f.name, what)
	}
	t.Logf("%d of %d refdata programs pass on ptxsim", pass, len(fixtures))
	if pass < 41 {
		t.Errorf("only %d refdata programs pass on ptxsim", pass)
	}
}

// refdataFixtures reads the cases of test/refdata's manifest.
func refdataFixtures(t *testing.T) []fixture {
	t.Helper()
	root := filepath.Join("..", "..", "test", "refdata")
	data, err := os.ReadFile(filepath.Join(root, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Cases []struct {
			Name       string       `json:"name"`
			MLIRFile   string       `json:"mlir_file"`
			Func       string       `json:"func"`
			Pipeline   string       `json:"pipeline"`
			Inputs     []string     `json:"inputs"`
			Outputs    []string     `json:"outputs"`
			Tolerances [][2]float64 `json:"tolerances"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	join := func(fs []string) []string {
		out := make([]string, len(fs))
		for i, f := range fs {
			out[i] = filepath.Join(root, f)
		}
		return out
	}
	var out []fixture
	for _, c := range m.Cases {
		out = append(out, fixture{c.Name, filepath.Join(root, c.MLIRFile), c.Func, c.Pipeline, "", join(c.Inputs), join(c.Outputs), c.Tolerances})
	}
	return out
}

// TestPTXSimHalfTargets runs the refdata programs on bf16 on sm_70 and
// sm_90 as well as the default sm_80: bf16 conversions are cvt.rn.bf16.f32
// from sm_80 and cvt.f32.bf16 from sm_90, integer code before (emit/ptx's
// half.go); every form must give PyTorch's results in the simulator.
func TestPTXSimHalfTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("the simulator is slow")
	}
	ran := 0
	for _, f := range refdataFixtures(t) {
		src, err := os.ReadFile(f.file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "bf16>") {
			continue
		}
		for _, target := range []string{"sm_70", "sm_90"} {
			f.target = target
			what, ok := runOnPTXSim(t, f)
			t.Logf("%s on %s: %s", f.name, target, what)
			if ok {
				ran++
			}
		}
	}
	if ran < 16 {
		t.Errorf("only %d bf16 program runs pass on sm_70 and sm_90", ran)
	}
}

// TestPTXSimInterpFixtures runs the cases of interp/testdata/ref (one op
// each, PyTorch's results) on --backend ptxsim.
func TestPTXSimInterpFixtures(t *testing.T) {
	if testing.Short() {
		t.Skip("the simulator is slow")
	}
	m, err := interptest.LoadManifest(filepath.Join("..", "..", "interp", "testdata", "ref", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	pass, unsupported := 0, 0
	for i := range m.Cases {
		c := &m.Cases[i]
		src, err := m.Source(c)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, c.Name+".mlir")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		f := fixture{name: c.Name, file: file, entry: c.Func}
		for _, in := range c.Inputs {
			f.inputs = append(f.inputs, filepath.Join(m.Dir, in))
		}
		for _, out := range c.Outputs {
			f.outputs = append(f.outputs, filepath.Join(m.Dir, out))
			f.tols = append(f.tols, [2]float64{c.RTol, c.ATol})
		}
		what, ok := runOnPTXSim(t, f)
		switch {
		case ok:
			pass++
		case strings.HasPrefix(what, "unsupported"):
			unsupported++
			t.Logf("%s: %s", c.Name, what)
		}
	}
	t.Logf("%d of %d interp fixtures pass on ptxsim, %d unsupported", pass, len(m.Cases), unsupported)
	if pass < 154 {
		t.Errorf("only %d interp fixtures pass on ptxsim", pass)
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
