package ttrun_test

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/ttrun"
	"github.com/tt-compiler/tt/runtime/npy"
)

// TestPTXSimRefdata runs the programs of test/refdata on --backend ptxsim
// (pt2-gpu, emitted PTX run by the simulator with its race checks) and
// compares their results with PyTorch's within the manifest's tolerances.
// Cases whose types or ops the GPU path does not support yet are logged
// with the reason; the test fails when a supported case gives wrong
// results or when fewer than minPass cases pass.
func TestPTXSimRefdata(t *testing.T) {
	if testing.Short() {
		t.Skip("the simulator is slow")
	}
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
	const minPass = 28
	pass := 0
	for _, c := range m.Cases {
		out := t.TempDir()
		args := []string{filepath.Join(root, c.MLIRFile), "--backend", "ptxsim", "--entry", c.Func, "--out", out}
		if c.Pipeline != "" {
			args = append(args, "--pass-pipeline", c.Pipeline)
		}
		for _, in := range c.Inputs {
			args = append(args, "--input", filepath.Join(root, in))
		}
		var stderr strings.Builder
		if ttrun.Main(args, nil, io.Discard, &stderr) != 0 {
			msg := stderr.String()
			if strings.Contains(msg, "not supported") || strings.Contains(msg, "f16") || strings.Contains(msg, "bf16") {
				t.Logf("%s: unsupported: %s", c.Name, firstLine(msg))
				continue
			}
			t.Errorf("%s: %s", c.Name, firstLine(msg))
			continue
		}
		ok := true
		for i, want := range c.Outputs {
			w, err := npy.ReadFile(filepath.Join(root, want))
			if err != nil {
				t.Fatal(err)
			}
			g, err := npy.ReadFile(ttrun.OutputPath(out, i))
			if err != nil {
				t.Fatal(err)
			}
			if err := ttrun.CompareNPY(g, w, c.Tolerances[i][0], c.Tolerances[i][1]); err != nil {
				t.Errorf("%s: result %d: %v", c.Name, i, err)
				ok = false
			}
		}
		if ok {
			pass++
			t.Logf("%s: pass", c.Name)
		}
	}
	t.Logf("%d of %d refdata programs pass on ptxsim", pass, len(m.Cases))
	if pass < minPass {
		t.Errorf("only %d refdata programs pass on ptxsim", pass)
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
