package ttminify

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/difftest"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/runtime/npy"
)

// TestIssue16Reductions replays the modules tt-minify reduced from larger
// programs embedding the five bug classes of issue 16 (testdata/issue16,
// made by reduce.sh with a pre-fix build as the predicate; docs/minify.md)
// on this tree, where the bugs are fixed: the fused program and the empty
// pad run on every backend like the reference, the gradients the old
// aot-autograd refused are made, and the broadcast's gradient matches
// finite differences at a run-time size of 1.
func TestIssue16Reductions(t *testing.T) {
	backends := []string{difftest.Loops, difftest.Go, difftest.PTXSim}
	if testing.Short() {
		backends = []string{difftest.Loops, difftest.PTXSim}
	}
	for _, tc := range []struct {
		name, kind string
	}{
		{"fusion_cycle", "forward"},
		{"empty_go", "forward"},
		{"vjp_mixed", "differentiate"},
		{"vjp_matmul", "differentiate"},
		{"broadcast_one", "gradient"},
		{"dynamic_vjp", "differentiate"},
		{"dynamic_vjp_conv2d", "differentiate"},
		{"dynamic_vjp_max_pool2d", "differentiate"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join("testdata", "issue16")
			src, err := os.ReadFile(filepath.Join(dir, tc.name+".mlir"))
			if err != nil {
				t.Fatal(err)
			}
			m, err := asm.ParseString(registry.NewContext(), string(src), asm.ParseOptions{Filename: tc.name + ".mlir"})
			if err != nil {
				t.Fatal(err)
			}
			entry := "f"
			if strings.Contains(string(src), "@loss(") {
				entry = "loss"
			}
			if tc.kind == "differentiate" {
				if err := difftest.RunPipeline(m, "builtin.module(aot-autograd{func="+entry+"})"); err != nil {
					t.Fatal(err)
				}
				if err := ir.Verify(m); err != nil {
					t.Fatal(err)
				}
				st := ir.NewSymbolTable(m)
				for _, fn := range []string{entry + "_fwd", entry + "_bwd"} {
					if st.Lookup(fn) == nil {
						t.Errorf("aot-autograd made no @%s", fn)
					}
				}
				return
			}
			var inputs []*interp.Tensor
			for i := 0; ; i++ {
				path := filepath.Join(dir, "Inputs", tc.name, fmt.Sprintf("in%d.npy", i))
				if _, err := os.Stat(path); err != nil {
					break
				}
				a, err := npy.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				x, err := interp.FromNPY(a)
				if err != nil {
					t.Fatal(err)
				}
				inputs = append(inputs, x)
			}
			c := &difftest.Case{Name: tc.name, Module: string(src), Entry: entry, Inputs: inputs, Grad: tc.kind == "gradient"}
			r := difftest.Check(context.Background(), difftest.Config{Backends: backends}, []*difftest.Case{c})[0]
			for _, f := range r.Failures {
				t.Errorf("%v", f)
			}
			for _, u := range r.Unsupported {
				t.Errorf("unsupported on %s: %s", u.Backend, u.Reason)
			}
		})
	}
}
