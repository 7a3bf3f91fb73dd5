package goemit_test

import (
	"bytes"
	"errors"
	"go/ast"
	"go/format"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	goemit "github.com/tt-compiler/tt/emit/go"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// emitFile emits a corpus file.
func emitFile(t *testing.T, name string) (*goemit.Package, []byte) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", "corpus", name))
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := goemit.Emit(parseModule(t, name, src), goemit.Options{Source: name})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return pkg, src
}

// emitText emits a module given as text.
func emitText(t *testing.T, text string) (*goemit.Package, error) {
	t.Helper()
	return goemit.Emit(parseModule(t, "test.mlir", []byte(text)), goemit.Options{})
}

// TestHostileSymbolNames checks that symbol names reach the generated code
// only as sanitized identifiers, string literals and comments: outside
// literals and comments no token of the names' payloads appears, no init
// function or os import exists, and every top-level name has the emitter's
// shape.
func TestHostileSymbolNames(t *testing.T) {
	pkg, _ := emitFile(t, "hostile.mlir")
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "model.go", pkg.Source, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	for _, im := range f.Imports {
		if p, _ := strconv.Unquote(im.Path.Value); p == "os" {
			t.Errorf("the generated code imports os")
		}
	}
	shape := regexp.MustCompile(`^(F[A-Za-z0-9]*|[A-Z][A-Za-z0-9]*|fn[A-Za-z0-9]*|arenas?[A-Z0-9][A-Za-z0-9]*|tt[A-Za-z0-9]*|_)$`)
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && (d.Name.Name == "init" || !shape.MatchString(d.Name.Name)) {
				t.Errorf("unexpected function %s", d.Name.Name)
			}
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					if !shape.MatchString(s.Name.Name) {
						t.Errorf("unexpected type %s", s.Name.Name)
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						if !shape.MatchString(n.Name) {
							t.Errorf("unexpected name %s", n.Name)
						}
					}
				}
			}
		}
	}
	var s scanner.Scanner
	file := fset.AddFile("model.go", -1, len(pkg.Source))
	s.Init(file, pkg.Source, nil, 0)
	for {
		_, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		if tok == token.IDENT && (lit == "os" || lit == "Exit" || lit == "init" || lit == "pwned") {
			t.Errorf("identifier %q from a symbol name is code", lit)
		}
	}
	names := map[string]string{}
	for _, fn := range pkg.Funcs {
		names[fn.Symbol] = fn.Name
	}
	want := map[string]string{
		"x(); os.Exit(1) //":                         "XOsExit1",
		"a\n}\nfunc init() { panic(\"pwned\") }\n//": "AFuncInitPanicPwned",
		"*/ import \"os\" /*":                        "ImportOs",
		"a_b":                                        "AB",
		"aB":                                         "AB2",
		"func":                                       "Func",
		"0":                                          "F0",
		"\u2603":                                     "F",
	}
	for sym, name := range want {
		if names[sym] != name {
			t.Errorf("%q is exported as %q, want %q", sym, names[sym], name)
		}
	}
}

func TestExportedNames(t *testing.T) {
	cases := map[string]string{
		"add_relu": "AddRelu", "mlp.forward": "MlpForward", "ReLU": "ReLU", "__x": "X",
		"9lives": "F9lives", "": "F", "break": "Break", "a-b$c": "ABC", "_": "F",
	}
	for sym, want := range cases {
		text := "func.func @" + strconv.Quote(sym) + "() {\n  return\n}\n"
		pkg, err := emitText(t, text)
		if err != nil {
			t.Fatalf("%q: %v", sym, err)
		}
		if got := pkg.Funcs[0].Name; got != want {
			t.Errorf("%q: exported as %q, want %q", sym, got, want)
		}
	}
}

// TestErrors checks that what the Go backend cannot compile is a located
// error, never a panic or bad code.
func TestErrors(t *testing.T) {
	cases := []struct {
		name, text, want string
		line             int
	}{
		{"tensor", "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n  %y = tensor.add %x, %x : tensor<4xf32>\n  return %y : tensor<4xf32>\n}\n", "tensors must be lowered to loops first", 1},
		{"i8", "func.func @f(%x: memref<4xi8>) {\n  return\n}\n", "element type i8 is not supported by the Go backend", 1},
		{"extern", "func.func @f(%x: memref<4xf32>) {\n  loops.call_extern \"tt.unknown\"(%x) : (memref<4xf32>) -> ()\n  return\n}\n", "unknown runtime kernel", 2},
		{"external", "func.func private @g(%x: memref<4xf32>)\nfunc.func @f(%x: memref<4xf32>) {\n  func.call @g(%x) : (memref<4xf32>) -> ()\n  return\n}\n", "not a function of the module with a body", 3},
		{"vector-arg", "func.func @f(%x: vector<8xf32>) {\n  return\n}\n", "vector arguments are not supported", 1},
		{"wide-vector", "func.func @f(%x: memref<128xf32>) {\n  %c0 = arith.constant 0 : index\n  %v = vector.load %x[%c0] : memref<128xf32>, vector<128xf32>\n  vector.store %v, %x[%c0] : memref<128xf32>, vector<128xf32>\n  return\n}\n", "1-D vectors of 1 to 64 lanes", 3},
		{"matmul-shapes", "func.func @f(%a: memref<2x3xf32>, %b: memref<4x5xf32>, %c: memref<2x5xf32>) {\n  loops.call_extern \"tt.matmul\"(%a, %b, %c) : (memref<2x3xf32>, memref<4x5xf32>, memref<2x5xf32>) -> ()\n  return\n}\n", "", 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := asm.Parse(registry.NewContext(), []byte(c.text), asm.ParseOptions{Filename: "test.mlir"})
			if err != nil {
				if c.name == "matmul-shapes" {
					return // the verifier already rejects it
				}
				t.Fatal(err)
			}
			_, err = goemit.Emit(m, goemit.Options{})
			if err == nil {
				t.Fatalf("no error")
			}
			var d *ir.Diagnostic
			if !errors.As(err, &d) {
				if strings.Contains(err.Error(), c.want) && c.want != "" {
					return
				}
				t.Fatalf("error %v is not located", err)
			}
			if !strings.Contains(d.Message, c.want) {
				t.Errorf("error %q, want it to contain %q", d.Message, c.want)
			}
			if fl, ok := d.Loc.(*ir.FileLineColLoc); ok && fl.Line != c.line {
				t.Errorf("error at line %d, want %d: %v", fl.Line, c.line, d)
			}
		})
	}
	m := parseModule(t, "ok.mlir", []byte("func.func @f() {\n  return\n}\n"))
	for _, name := range []string{"func", "1x", "a b", "_"} {
		if _, err := goemit.Emit(m, goemit.Options{Package: name}); err == nil {
			t.Errorf("package name %q accepted", name)
		}
	}
	if _, err := goemit.Emit(nil, goemit.Options{}); err == nil {
		t.Error("nil module accepted")
	}
}

// TestEmitNeverPanics emits every module of the lit tests and the corpus
// (most are not loop-level and must fail cleanly) and checks that the
// successes are gofmt-clean.
func TestEmitNeverPanics(t *testing.T) {
	var files []string
	_ = filepath.WalkDir(filepath.Join("..", "..", "test", "lit"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".mlir") {
			files = append(files, p)
		}
		return nil
	})
	corpus, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.mlir"))
	files = append(files, corpus...)
	if len(files) < 20 {
		t.Fatalf("only %d files", len(files))
	}
	emitted := 0
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, chunk := range strings.Split(string(src), "// -----") {
			m, err := asm.Parse(registry.NewContext(), []byte(chunk), asm.ParseOptions{Filename: file})
			if err != nil {
				continue
			}
			pkg, err := goemit.Emit(m, goemit.Options{})
			if err != nil {
				if strings.Contains(err.Error(), "internal error") {
					t.Errorf("%s chunk %d: %v", file, i, err)
				}
				continue
			}
			emitted++
			if f, err := format.Source(pkg.Source); err != nil || !bytes.Equal(f, pkg.Source) {
				t.Errorf("%s chunk %d: output not gofmt-clean (%v)", file, i, err)
			}
		}
	}
	t.Logf("%d files, %d modules emitted", len(files), emitted)
}

// TestDeterministicOutput emits every corpus module several times: the
// run-time declarations a file needs are collected through maps, so an
// ordering that depended on map iteration would show here.
func TestDeterministicOutput(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("testdata", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		first, _ := emitFile(t, e.Name())
		for range 10 {
			if again, _ := emitFile(t, e.Name()); !bytes.Equal(first.Source, again.Source) {
				t.Fatalf("%s: two emissions of one module differ", e.Name())
			}
		}
	}
}

// TestIncludesOnlyWhatIsUsed checks the run-time support a file carries.
func TestIncludesOnlyWhatIsUsed(t *testing.T) {
	point, _ := emitFile(t, "pointwise.mlir")
	ext, _ := emitFile(t, "extern.mlir")
	hostile, _ := emitFile(t, "hostile.mlir")
	has := func(p *goemit.Package, s string) bool { return bytes.Contains(p.Source, []byte(s)) }
	for _, c := range []struct {
		p    *goemit.Package
		s    string
		want bool
	}{
		{point, "func ttParallelFor(", true},
		{point, "func ttMatmul[", false},
		{point, "func ttConv2D[", false},
		{point, "(*[8]float32)(a0[i", true},
		{point, "// Code generated by tt from pointwise.mlir. DO NOT EDIT.", true},
		{ext, "func ttMatmul[", true},
		{ext, "func ttLinalgMatmul[", true},
		{ext, "func ttLinalgGemm[", true},
		{ext, "linalg.Matmul(", false},
		{ext, "github.com/tt-compiler/tt/numerics/linalg.\n", true},
		{ext, "func ttConv2D[", true},
		{ext, "ttSlotDirty(&ar.b0", true},
		{hostile, "func ttParallelFor(", false},
		{hostile, "\"sync\"", false},
	} {
		if has(c.p, c.s) != c.want {
			t.Errorf("%q in the output of %s: %v, want %v", c.s, c.p.Funcs[0].Symbol, !c.want, c.want)
		}
	}
}

func TestFuncMetadata(t *testing.T) {
	pkg, _ := emitFile(t, "extern.mlir")
	f := pkg.Func("bmm")
	if f == nil || f.Name != "Bmm" || len(f.Params) != 2 || len(f.Results) != 1 {
		t.Fatalf("bmm: %+v", f)
	}
	if got := strings.Join(f.Params[0].Dims, ","); got != "in0Dim0,in0Dim1,in0Dim2" {
		t.Errorf("dims %s", got)
	}
	if f.Params[0].Elem != goemit.F64 || f.Params[0].Elem.NPY() != "<f8" || f.Results[0].Name != "out0" {
		t.Errorf("params %+v", f.Params[0])
	}
	if pkg.Func("nope") != nil {
		t.Error("unknown symbol found")
	}
}

// FuzzEmit feeds mutated loop-level modules to the emitter at every SIMD
// level: whatever parses and verifies either emits gofmt-clean code or
// fails with an error, never a panic or an internal error.
func FuzzEmit(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "corpus", "*.mlir"))
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(string(src))
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := asm.Parse(registry.NewContext(), []byte(text), asm.ParseOptions{Filename: "fuzz.mlir"})
		if err != nil || ir.Verify(m) != nil {
			return
		}
		for _, level := range []goemit.SIMD{goemit.SIMDOff, goemit.SIMDAVX2, goemit.SIMDAVX512} {
			pkg, err := goemit.Emit(m, goemit.Options{SIMD: level})
			if err != nil {
				if strings.Contains(err.Error(), "internal error") {
					t.Fatalf("%s: %v", level, err)
				}
				return
			}
			if _, err := format.Source(pkg.Source); err != nil {
				t.Fatalf("%s: %v", level, err)
			}
		}
	})
}

// TestBenchModelUpToDate checks that the generated package of the
// benchmark module (emit/go/bench) is what the emitter writes today.
func TestBenchModelUpToDate(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("bench", "matmul.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := goemit.Emit(parseModule(t, "matmul.mlir", src), goemit.Options{Source: "matmul.mlir"})
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile(filepath.Join("bench", "model", "model.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, pkg.Source) {
		t.Errorf("emit/go/bench/model/model.go is stale: run tt-opt matmul.mlir --emit=go --go-simd=off -o model/model.go in emit/go/bench")
	}
}

// At a SIMD level the file is constrained to GOEXPERIMENT=simd on amd64,
// exports CheckCPU (a function named so by the module is renamed), and
// every exported function checks the CPU before anything else; the
// portable form has none of it. Unknown levels are errors.
func TestSIMDFileShape(t *testing.T) {
	const src = `func.func @CheckCPU(%x: memref<8xf32>) -> memref<8xf32> {
  %c0 = arith.constant 0 : index
  %v = vector.load %x[%c0] : memref<8xf32>, vector<8xf32>
  %w = arith.addf %v, %v : vector<8xf32>
  %out = loops.alloc() : memref<8xf32>
  vector.store %w, %out[%c0] : memref<8xf32>, vector<8xf32>
  return %out : memref<8xf32>
}`
	for _, c := range []struct {
		level goemit.SIMD
		want  []string
		not   []string
	}{
		{goemit.SIMDOff, []string{"func CheckCPU(in0 []float32)"}, []string{"go:build", "archsimd", "ttCheckAVX"}},
		{goemit.SIMDAVX2, []string{"//go:build goexperiment.simd && amd64\n\n", "func CheckCPU() error { return ttCheckAVX2() }",
			"func CheckCPU2(in0 []float32) (out0 []float32, err error) {\n\tdefer ttRecover(\"@CheckCPU\", &err)\n\tif err = ttCheckAVX2(); err != nil {",
			"archsimd.LoadFloat32x8(", ".Add("}, []string{"ttCheckAVX512"}},
		{goemit.SIMDAVX512, []string{"func CheckCPU() error { return ttCheckAVX512() }", "if err = ttCheckAVX512(); err != nil {"}, []string{"ttCheckAVX2()"}},
	} {
		pkg, err := goemit.Emit(parseModule(t, "simd.mlir", []byte(src)), goemit.Options{SIMD: c.level})
		if err != nil {
			t.Fatalf("%s: %v", c.level, err)
		}
		if pkg.SIMD != c.level {
			t.Errorf("%s: Package.SIMD = %s", c.level, pkg.SIMD)
		}
		for _, w := range c.want {
			if !strings.Contains(string(pkg.Source), w) {
				t.Errorf("%s: the code lacks %q", c.level, w)
			}
		}
		for _, n := range c.not {
			if strings.Contains(string(pkg.Source), n) {
				t.Errorf("%s: the code has %q", c.level, n)
			}
		}
	}
	if _, err := goemit.Emit(parseModule(t, "simd.mlir", []byte(src)), goemit.Options{SIMD: 7}); err == nil || !strings.Contains(err.Error(), "unknown SIMD level") {
		t.Errorf("level 7: %v", err)
	}
	for _, n := range []string{"off", "avx2", "avx512"} {
		if l, err := goemit.ParseSIMD(n); err != nil || l.String() != n {
			t.Errorf("ParseSIMD(%q) = %v, %v", n, l, err)
		}
	}
	if _, err := goemit.ParseSIMD("auto"); err == nil {
		t.Error("ParseSIMD accepts auto (gobuild resolves it)")
	}
}
