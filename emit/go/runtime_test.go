package goemit

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// The packages whose source generated code copies follow the rules that
// let the emitter rename their identifiers textually: they import the
// standard library and the other copied packages only (embed for Source,
// which is not copied), have no methods and start no goroutines (the
// runner is injected), and no local identifier, parameter or struct field
// has the name of one of their package-level identifiers.
func TestCopiedSourceRules(t *testing.T) {
	renamed := renamedImports()
	for _, p := range copiedPackages {
		t.Run(p.path, func(t *testing.T) {
			fset := token.NewFileSet()
			var files []*ast.File
			var names []string
			top := map[string]bool{}
			entries, err := fs.ReadDir(p.src, ".")
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), "_test.go") || !strings.HasSuffix(e.Name(), ".go") {
					continue
				}
				src, err := fs.ReadFile(p.src, e.Name())
				if err != nil {
					t.Fatal(err)
				}
				f, err := parser.ParseFile(fset, e.Name(), src, 0)
				if err != nil {
					t.Fatal(err)
				}
				files, names = append(files, f), append(names, e.Name())
				for _, d := range f.Decls {
					for _, n := range declNames(d) {
						top[n] = true
					}
				}
			}
			if len(files) < 3 {
				t.Fatalf("the package holds %v", names)
			}
			for i, f := range files {
				checkCopiedFile(t, names[i], f, top, renamed)
			}
		})
	}
}

// checkCopiedFile reports the rule violations of one file.
func checkCopiedFile(t *testing.T, name string, f *ast.File, top map[string]bool, renamed map[string]string) {
	t.Helper()
	for _, im := range f.Imports {
		p, _ := strconv.Unquote(im.Path.Value)
		std := !strings.Contains(strings.Split(p, "/")[0], ".")
		switch {
		case p == "embed" && name != "source.go":
			t.Errorf("%s imports embed", name)
		case !std && renamed[p] == "":
			t.Errorf("%s imports %s, which generated code cannot", name, p)
		}
	}
	if name == "source.go" {
		return
	}
	shadow := func(where string, id *ast.Ident) {
		if id != nil && top[id.Name] {
			t.Errorf("%s: %s declares %s, the name of a package-level identifier", name, where, id.Name)
		}
	}
	fields := func(where string, l *ast.FieldList) {
		if l == nil {
			return
		}
		for _, fl := range l.List {
			for _, n := range fl.Names {
				shadow(where, n)
			}
		}
	}
	for _, d := range f.Decls {
		where := "a declaration"
		if fd, ok := d.(*ast.FuncDecl); ok {
			where = fd.Name.Name
			if fd.Recv != nil {
				t.Errorf("%s: method %s", name, fd.Name.Name)
			}
		}
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				t.Errorf("%s: %s starts a goroutine", name, where)
			case *ast.FuncType:
				fields(where, n.TypeParams)
				fields(where, n.Params)
				fields(where, n.Results)
			case *ast.StructType:
				fields(where, n.Fields)
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					for _, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							shadow(where, id)
						}
					}
				}
			case *ast.RangeStmt:
				if n.Tok == token.DEFINE {
					for _, l := range []ast.Expr{n.Key, n.Value} {
						if id, ok := l.(*ast.Ident); ok {
							shadow(where, id)
						}
					}
				}
			case *ast.FuncDecl, *ast.GenDecl:
				return true
			case *ast.ValueSpec:
				if _, isFunc := d.(*ast.FuncDecl); isFunc {
					for _, id := range n.Names {
						shadow(where, id)
					}
				}
			case *ast.TypeSpec:
				if _, isFunc := d.(*ast.FuncDecl); isFunc {
					shadow(where, n.Name)
				}
			}
			return true
		})
	}
}

// A copied package's identifiers get its prefix with the first letter
// capitalized, references between the copied packages are renamed, and
// their imports are dropped.
func TestCopiedIdentifiersAreRenamed(t *testing.T) {
	l, err := loadLibrary("rt", SIMDOff)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"ttNumMaximum", "ttNumExpF32", "ttNumShiftCount", "ttLinalgMatmul", "ttLinalgGemm", "ttMatmul"} {
		if l.byName[want] == nil {
			t.Errorf("no run-time declaration %s", want)
		}
	}
	decls, imports, err := l.closure([]string{"ttMatmul", "ttNumShiftLeft"})
	if err != nil {
		t.Fatal(err)
	}
	var src strings.Builder
	for _, d := range decls {
		src.WriteString(d.src + "\n")
	}
	for _, bad := range []string{"linalg.", "numerics.", "func Matmul", "func gemm", "shiftCount("} {
		if strings.Contains(src.String(), bad) {
			t.Errorf("the copied source still contains %q", bad)
		}
	}
	for _, want := range []string{"ttLinalgMatmul(ttParallelFor,", "func ttLinalgGemm[", "ttNumShiftCount(b)", "// ttLinalgMatmul is tt.matmul"} {
		if !strings.Contains(src.String(), want) {
			t.Errorf("the copied source lacks %q", want)
		}
	}
	for _, p := range imports {
		if strings.Contains(p, "tt-compiler") {
			t.Errorf("the copied source imports %s", p)
		}
	}
}

// TestDeclarationOrders checks that every run-time declaration has its own
// place in the output order, below the library's count: generated files list
// the declarations they need sorted by it, so two equal places would make
// the output depend on map iteration.
func TestDeclarationOrders(t *testing.T) {
	for _, c := range []struct {
		dir   string
		level SIMD
	}{{"rt", SIMDOff}, {"climain", SIMDOff}, {"rt", SIMDAVX2}, {"rt", SIMDAVX512}} {
		dir := c.dir
		l, err := loadLibrary(dir, c.level)
		if err != nil {
			t.Fatal(err)
		}
		at := map[int]*decl{}
		for name, d := range l.byName {
			if other := at[d.order]; other != nil && other != d {
				t.Errorf("%s: %s and %v share the place %d", dir, name, other.names, d.order)
			}
			at[d.order] = d
			if d.order < 0 || d.order >= l.count {
				t.Errorf("%s: %s has the place %d, outside [0, %d)", dir, name, d.order, l.count)
			}
		}
	}
}

// The copied files are those the level's build configuration builds:
// //go:build lines and _GOOS/_GOARCH suffixes, as go/build reads them.
func TestBuildConstraintsOfCopiedFiles(t *testing.T) {
	fsys := fstest.MapFS{
		"p/plain.go":      {Data: []byte("package p\n")},
		"p/simd.go":       {Data: []byte("//go:build goexperiment.simd && amd64\n\npackage p\n")},
		"p/nosimd.go":     {Data: []byte("//go:build !goexperiment.simd || !amd64\n\npackage p\n")},
		"p/arch_amd64.go": {Data: []byte("package p\n")},
		"p/arm.go":        {Data: []byte("//go:build arm64\n\npackage p\n")},
		"p/ignored.go":    {Data: []byte("//go:build ignore\n\npackage p\n")},
	}
	want := map[SIMD][]string{
		SIMDOff:    {"nosimd.go", "plain.go"},
		SIMDAVX2:   {"arch_amd64.go", "plain.go", "simd.go"},
		SIMDAVX512: {"arch_amd64.go", "plain.go", "simd.go"},
	}
	for level, files := range want {
		var got []string
		for _, name := range []string{"arch_amd64.go", "arm.go", "ignored.go", "nosimd.go", "plain.go", "simd.go"} {
			ok, err := matchFile(buildContext(level), fsys, "p", name)
			if err != nil {
				t.Fatal(err)
			}
			if ok {
				got = append(got, name)
			}
		}
		if strings.Join(got, " ") != strings.Join(files, " ") {
			t.Errorf("%s copies %v, want %v", level, got, files)
		}
	}
	// The run-time library: the CPU checks exist at the SIMD levels only.
	for _, level := range []SIMD{SIMDOff, SIMDAVX2, SIMDAVX512} {
		l, err := loadLibrary("rt", level)
		if err != nil {
			t.Fatal(err)
		}
		if has := l.byName["ttCheckAVX2"] != nil; has != (level != SIMDOff) {
			t.Errorf("%s: ttCheckAVX2 copied: %v", level, has)
		}
	}
}
