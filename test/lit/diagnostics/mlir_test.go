// Package diagnostics_test checks the diagnostics corpus in this directory
// against mlir-opt-16: every file must pass its expected-* designators under
// mlir-opt as it does under tt-opt (its RUN line, run by the lit suite), so
// that both tools agree on each diagnostic's text and location.
package diagnostics_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tt-compiler/tt/internal/lit"
)

func TestDiagnosticsAgreeWithMLIR(t *testing.T) {
	files, err := filepath.Glob("*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus files found: %v", err)
	}
	mlirOpt := lit.FindMLIROpt()
	if mlirOpt == "" {
		t.Skip("mlir-opt-16 is not installed (apt-get install mlir-16-tools); the corpus is checked by tt-opt only, through the lit suite")
	}
	for _, f := range files {
		t.Run(f, func(t *testing.T) {
			cmd := exec.Command(mlirOpt, f, "--split-input-file", "--verify-diagnostics", "--allow-unregistered-dialect", "-o", os.DevNull)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("%s --verify-diagnostics %s: %v\n%s", mlirOpt, f, err, out)
			}
		})
	}
}
