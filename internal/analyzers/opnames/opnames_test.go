package opnames_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/tt-compiler/tt/internal/analyzers/opnames"
)

// TestAnalyzer runs the analyzer on the packages under testdata: every
// "want" comment must be matched by a diagnostic and every diagnostic by a
// "want" comment.
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), opnames.Analyzer,
		"github.com/tt-compiler/tt/dialects/tensor", "github.com/tt-compiler/tt/lowering/user")
}

// TestModule runs the analyzer over every package of the module, loaded
// and type-checked in process with go/packages: the module has no op name
// spelt as a string outside its dialect, and no unregistered op name.
func TestModule(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the whole module")
	}
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedImports |
			packages.NeedTypes | packages.NeedTypesSizes | packages.NeedSyntax | packages.NeedTypesInfo,
		Dir: filepath.Join("..", "..", ".."),
	}
	pkgs, err := packages.Load(cfg, opnames.Module+"/...")
	if err != nil {
		t.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		t.Fatalf("%d errors loading the module", n)
	}
	if len(pkgs) < 50 {
		t.Fatalf("loaded only %d packages", len(pkgs))
	}
	res, err := checker.Analyze([]*analysis.Analyzer{opnames.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, act := range res.Roots {
		if act.Err != nil {
			t.Errorf("%s: %v", act.Package.PkgPath, act.Err)
		}
		for _, d := range act.Diagnostics {
			t.Errorf("%s: %s", act.Package.Fset.Position(d.Pos), d.Message)
		}
	}
}
