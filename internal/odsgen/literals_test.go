package odsgen_test

import (
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/ir"
)

// The rule that op names outside their dialect's package are the generated
// constants (tensor.AddName), never string literals, is the opnames
// analyzer's (internal/analyzers/opnames), run over the whole module by
// its tests and by tools/ttvet in CI.

// TestModuleOpName checks that the core's name for the top-level container
// is the builtin dialect's.
func TestModuleOpName(t *testing.T) {
	if ir.ModuleOpName != builtin.ModuleName {
		t.Fatalf("ir.ModuleOpName = %q, builtin.ModuleName = %q", ir.ModuleOpName, builtin.ModuleName)
	}
}
