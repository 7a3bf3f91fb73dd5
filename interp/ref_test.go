package interp_test

import (
	"path/filepath"
	"testing"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp/interptest"
	"github.com/tt-compiler/tt/interp/kernels"
)

// TestPyTorchReference runs every case of testdata/ref/manifest.json (ops
// applied by PyTorch 1.13 to the same inputs, written by
// testdata/gen_ref.py) and compares the results. The programs are parsed
// with the tensor dialect loaded and verified, so they are valid
// tensor-dialect IR; together they cover every op of the dialect.
func TestPyTorchReference(t *testing.T) {
	m, err := interptest.LoadManifest(filepath.Join("testdata", "ref", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Cases) < 100 {
		t.Fatalf("only %d cases", len(m.Cases))
	}
	reg := kernels.NewRegistry()
	covered := map[string]bool{}
	for i := range m.Cases {
		c := &m.Cases[i]
		t.Run(c.Name, func(t *testing.T) {
			if err := m.Run(reg, c); err != nil {
				src, _ := m.Source(c)
				t.Fatalf("%v\n%s", err, src)
			}
			covered[c.Op] = true
		})
	}
	for _, op := range tensor.Ops {
		if !covered[op.Name] {
			t.Errorf("no passing reference case covers %s", op.Name)
		}
	}
}
