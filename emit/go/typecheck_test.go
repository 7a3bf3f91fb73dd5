package goemit_test

import (
	"fmt"
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/go/packages"

	goemit "github.com/tt-compiler/tt/emit/go"
)

// TestGeneratedCodeTypeChecks type-checks the portable code generated for
// every corpus file in process, with go/packages over an overlay (nothing
// is built or written but go.mod), and checks that each function the
// emitter describes (Package.Funcs) is exported with that signature: its
// parameters by name, then its results and an error.
func TestGeneratedCodeTypeChecks(t *testing.T) {
	requireGo(t)
	files, err := filepath.Glob("testdata/corpus/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module ttcheck\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay := map[string][]byte{}
	emitted := map[string]*goemit.Package{} // import path → package
	for i, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("p%d", i)
		pkg, err := goemit.Emit(parseModule(t, file, src), goemit.Options{Package: name, Source: filepath.Base(file)})
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		if err := os.Mkdir(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		overlay[filepath.Join(dir, name, "model.go")] = pkg.Source
		emitted["ttcheck/"+name] = pkg
	}
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedFiles | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedSyntax,
		Dir:     dir,
		Overlay: overlay,
		Env:     append(os.Environ(), "CGO_ENABLED=0", "GOWORK=off", "GOFLAGS="),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != len(files) {
		t.Fatalf("loaded %d packages, want %d", len(pkgs), len(files))
	}
	for _, lp := range pkgs {
		gp := emitted[lp.PkgPath]
		if gp == nil {
			t.Fatalf("unexpected package %s", lp.PkgPath)
		}
		for _, e := range lp.Errors {
			t.Errorf("%s: %v", lp.PkgPath, e)
		}
		if lp.Types == nil || len(lp.Errors) > 0 {
			continue
		}
		for _, fn := range gp.Funcs {
			obj, ok := lp.Types.Scope().Lookup(fn.Name).(*types.Func)
			if !ok || !obj.Exported() {
				t.Errorf("%s: @%s: no exported function %s", lp.PkgPath, fn.Symbol, fn.Name)
				continue
			}
			sig := obj.Type().(*types.Signature)
			checkTuple(t, lp.PkgPath+"."+fn.Name+" parameters", sig.Params(), goSignature(fn.Params), false)
			checkTuple(t, lp.PkgPath+"."+fn.Name+" results", sig.Results(), goSignature(fn.Results), true)
		}
	}
}

// goVar is a parameter or result as the emitter describes it: a name and a
// Go type.
type goVar struct{ name, typ string }

// goSignature flattens described parameters as the generated code declares
// them: each memref's slice followed by its dynamic dimensions as ints, a
// scalar as itself.
func goSignature(ps []goemit.Param) []goVar {
	var out []goVar
	for _, p := range ps {
		typ := p.Elem.GoType()
		if !p.Scalar {
			typ = "[]" + typ
		}
		out = append(out, goVar{p.Name, typ})
		for _, d := range p.Dims {
			out = append(out, goVar{d, "int"})
		}
	}
	return out
}

// checkTuple compares a type-checked parameter or result list with the
// described one (withErr: an error comes last).
func checkTuple(t *testing.T, what string, got *types.Tuple, want []goVar, withErr bool) {
	t.Helper()
	if withErr {
		want = append(want, goVar{"err", "error"})
	}
	var have []goVar
	for i := 0; i < got.Len(); i++ {
		v := got.At(i)
		have = append(have, goVar{v.Name(), types.TypeString(v.Type(), nil)})
	}
	if d := cmp.Diff(want, have, cmp.AllowUnexported(goVar{})); d != "" {
		t.Errorf("%s differ from the emitter's description (-described +generated):\n%s", what, d)
	}
}
