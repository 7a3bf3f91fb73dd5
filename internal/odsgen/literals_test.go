package odsgen_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/dialects/builtin"
	"github.com/tt-compiler/tt/internal/odsgen"
	"github.com/tt-compiler/tt/ir"
)

// allowedLiterals are the op-name literals that may stand outside their
// dialect's package, by file, with the reason.
var allowedLiterals = map[string]string{
	// The core names the top-level container (the parser wraps top-level
	// ops in an implicit module); it cannot import the builtin dialect.
	"ir/opdef.go builtin.module": "ir.ModuleOpName",
}

// TestNoOpNameLiterals enforces that code outside a dialect's package names
// the dialect's ops through the generated constants (tensor.AddName), never
// as string literals, so that a misspelt or renamed op is a compile error
// rather than a silent miss. Test files may use literals (tables of cases,
// ops of test dialects).
func TestNoOpNameLiterals(t *testing.T) {
	root := filepath.Join("..", "..")
	owner := map[string]string{} // op name → package dir
	for _, p := range odsgen.Packages() {
		for _, d := range p.Dialects {
			for _, op := range d.Def.Ops {
				owner[op.Name] = p.Dir
			}
		}
	}
	names := odsgen.OpNames(odsgen.Packages())
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if _, ok := n.(*ast.ImportSpec); ok {
				return false
			}
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			v, err := strconv.Unquote(lit.Value)
			if err != nil || owner[v] == "" || filepath.ToSlash(filepath.Dir(rel)) == owner[v] {
				return true
			}
			if _, ok := allowedLiterals[filepath.ToSlash(rel)+" "+v]; ok {
				return true
			}
			t.Errorf("%s: the op name %q is spelt as a string; use %s", fset.Position(lit.Pos()), v, names[v])
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestModuleOpName checks that the core's name for the top-level container
// is the builtin dialect's.
func TestModuleOpName(t *testing.T) {
	if ir.ModuleOpName != builtin.ModuleName {
		t.Fatalf("ir.ModuleOpName = %q, builtin.ModuleName = %q", ir.ModuleOpName, builtin.ModuleName)
	}
}
