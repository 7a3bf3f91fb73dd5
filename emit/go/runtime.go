package goemit

import (
	"embed"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"path"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/tt-compiler/tt/numerics"
	"github.com/tt-compiler/tt/numerics/linalg"
)

// The run-time support of generated code is ordinary Go source in rt/ (the
// package code) and climain/ (the command that EmitMain writes), embedded
// here, and the packages that define the semantics of tt's operations,
// numerics (the element rules) and numerics/linalg (GEMM and
// convolution), embedded there, whose package-level identifiers get a
// prefix when copied (numerics.Maximum becomes ttNumMaximum). References
// between these packages (rt's linalg.Matmul) are renamed the same way. A
// library extracts top-level declarations by name, with everything they
// refer to, so a generated file holds only what it uses.

//go:embed rt/*.go climain/*.go
var sourceFS embed.FS

// Prefixes of the identifiers of the copied packages: every run-time
// identifier starts with "tt", which generated names never do.
const (
	numericsPrefix = "ttNum"
	linalgPrefix   = "ttLinalg"
)

// copiedPackage is a package of tt whose source generated code includes.
type copiedPackage struct {
	path   string // import path
	src    fs.FS  // its embedded source
	prefix string // prepended to its package-level identifiers
}

// copiedPackages are the packages merged into the run-time library.
var copiedPackages = []copiedPackage{
	{"github.com/tt-compiler/tt/numerics", numerics.Source, numericsPrefix},
	{"github.com/tt-compiler/tt/numerics/linalg", linalg.Source, linalgPrefix},
}

// renamedImports maps the import paths of the copied packages to their
// prefixes: a reference pkg.Name to one of them becomes prefix+Name.
func renamedImports() map[string]string {
	m := map[string]string{}
	for _, p := range copiedPackages {
		m[p.path] = p.prefix
	}
	return m
}

// decl is one top-level declaration of a support package (a func, or a
// type with its methods, or a var/const/type group).
type decl struct {
	names   []string // the identifiers it declares
	src     string   // its source text, doc comment included
	refs    []string // top-level identifiers of the package it mentions
	imports []string // import paths it uses
	order   int      // position in the package, for a stable output order
	origin  string   // the import path of the package it comes from
}

// library is the parsed declarations of one support package.
type library struct {
	byName map[string]*decl
	count  int // the number of declarations (orders are below it)
}

// libraries caches the parsed support packages per SIMD level (the files
// of a package that a level builds differ: see buildContext).
var libraries sync.Map // SIMD → *libraryEntry

// libraryEntry is the support packages of one SIMD level, parsed once.
type libraryEntry struct {
	once sync.Once
	libs map[string]*library
	err  error
}

// loadLibrary returns the parsed support package in directory dir ("rt"
// or "climain"), as the files of level build it.
func loadLibrary(dir string, level SIMD) (*library, error) {
	v, _ := libraries.LoadOrStore(level, &libraryEntry{})
	e := v.(*libraryEntry)
	e.once.Do(func() { e.libs, e.err = parseLibraries(buildContext(level)) })
	if e.err != nil {
		return nil, e.err
	}
	return e.libs[dir], nil
}

// parseLibraries parses the support packages: rt and climain, and the
// copied packages merged into rt.
func parseLibraries(ctxt *build.Context) (map[string]*library, error) {
	libs := map[string]*library{}
	renamed := renamedImports()
	for _, d := range []string{"rt", "climain"} {
		l, err := parseLibrary(ctxt, sourceFS, d, "github.com/tt-compiler/tt/emit/go/"+d, "", renamed)
		if err != nil {
			return nil, err
		}
		libs[d] = l
	}
	// The copied packages join the package code, after it in source
	// order.
	rt := libs["rt"]
	for _, p := range copiedPackages {
		l, err := parseLibrary(ctxt, p.src, ".", p.path, p.prefix, renamed)
		if err != nil {
			return nil, err
		}
		shifted := map[*decl]bool{} // a declaration of several names is listed under each
		for name, d := range l.byName {
			if rt.byName[name] != nil {
				return nil, fmt.Errorf("goemit: run-time declaration %s is defined twice", name)
			}
			if !shifted[d] {
				shifted[d] = true
				d.order += rt.count
			}
			rt.byName[name] = d
		}
		rt.count += l.count
	}
	return libs, nil
}

// buildContext returns the build configuration whose files a level
// copies, as go/build matches them (//go:build lines and _GOOS/_GOARCH
// file name suffixes). SIMDOff is the portable configuration generated
// code without SIMD must build in anywhere: no operating system,
// architecture, experiment or cgo tag holds, so only files without such
// constraints (or with negated ones, like a "!amd64" fallback) are
// copied. The SIMD levels are amd64 on the host's operating system with
// GOEXPERIMENT=simd (tag goexperiment.simd), the configuration gobuild
// builds them in; SIMDAVX2 adds the tag tt_avx2.
func buildContext(level SIMD) *build.Context {
	ctxt := &build.Context{GOOS: "tt-portable", GOARCH: "tt-portable", Compiler: "gc", ReleaseTags: build.Default.ReleaseTags}
	if level != SIMDOff {
		ctxt.GOOS, ctxt.GOARCH = runtime.GOOS, "amd64"
		ctxt.ToolTags = []string{"goexperiment.simd"}
	}
	if level == SIMDAVX2 {
		// numerics/linalg's files bounded to AVX2: its AVX-512 kernels
		// are left out, so AVX2 code holds no AVX-512 instruction.
		ctxt.BuildTags = []string{"tt_avx2"}
	}
	return ctxt
}

// matchFile reports whether ctxt builds the file dir/name of fsys.
func matchFile(ctxt *build.Context, fsys fs.FS, dir, name string) (bool, error) {
	c := *ctxt
	c.JoinPath = path.Join
	c.OpenFile = func(p string) (io.ReadCloser, error) { return fsys.Open(p) }
	return c.MatchFile(dir, name)
}

// parseLibrary parses the non-test files of dir in fsys (the package with
// import path origin) that ctxt builds and whose names do not start with
// "stub" (stubs stand in for generated code so that the package compiles
// on its own). With a
// prefix, every package-level identifier n is renamed to prefixed(prefix,
// n), in its declaration and wherever it is used (the package must not
// declare local identifiers or struct fields with those names;
// TestCopiedSourceRules checks). A reference pkg.Name to an imported
// package in renamed becomes prefixed(renamed[path], Name), and the import
// is dropped.
func parseLibrary(ctxt *build.Context, fsys fs.FS, dir, origin, prefix string, renamed map[string]string) (*library, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	l := &library{byName: map[string]*decl{}}
	fset := token.NewFileSet()
	var all []*decl
	methods := map[string][]*decl{}
	type parsed struct {
		f   *ast.File
		src []byte
	}
	var files []parsed
	top := map[string]bool{}           // package-level identifiers, when renaming
	capitalized := map[string]string{} // their new names → the old ones
	for _, e := range entries {
		name := e.Name()
		if strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "stub") || !strings.HasSuffix(name, ".go") {
			continue
		}
		if ok, err := matchFile(ctxt, fsys, dir, name); err != nil {
			return nil, fmt.Errorf("goemit: support source %s/%s: %v", dir, name, err)
		} else if !ok {
			continue
		}
		src, err := fs.ReadFile(fsys, path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("goemit: support source %s/%s: %v", dir, name, err)
		}
		files = append(files, parsed{f, src})
		if prefix != "" {
			for _, d := range f.Decls {
				for _, n := range declNames(d) {
					if twin, ok := capitalized[prefixed(prefix, n)]; ok && twin != n {
						return nil, fmt.Errorf("goemit: support source %s: %s and %s would both be %s", dir, twin, n, prefixed(prefix, n))
					}
					capitalized[prefixed(prefix, n)] = n
					top[n] = true
				}
			}
		}
	}
	for _, pf := range files {
		f, src := pf.f, pf.src
		imports := map[string]string{}   // local name → path
		pkgPrefix := map[string]string{} // local name → prefix, for renamed packages
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			local := path.Base(p)
			if im.Name != nil {
				local = im.Name.Name
			}
			imports[local] = p
			if pre, ok := renamed[p]; ok {
				pkgPrefix[local] = pre
			}
		}
		for _, d := range f.Decls {
			start := d.Pos()
			var names []string
			var recv string
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok == token.IMPORT {
					continue
				}
				if d.Doc != nil {
					start = d.Doc.Pos()
				}
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names = append(names, s.Name.Name)
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names = append(names, n.Name)
						}
					}
				}
			case *ast.FuncDecl:
				if d.Doc != nil {
					start = d.Doc.Pos()
				}
				if d.Recv != nil && len(d.Recv.List) == 1 {
					recv = receiverType(d.Recv.List[0].Type)
				} else {
					names = []string{d.Name.Name}
				}
			}
			lo, hi := fset.Position(start).Offset, fset.Position(d.End()).Offset
			text := renameRefs(fset, d, src, lo, hi, top, prefix, pkgPrefix)
			for i, n := range names {
				names[i] = prefixed(prefix, n)
			}
			x := &decl{names: names, src: text, order: len(all), origin: origin}
			refs := map[string]bool{}
			used := map[string]bool{}
			sel := map[*ast.Ident]bool{}
			ast.Inspect(d, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					sel[n.Sel] = true
					if id, ok := n.X.(*ast.Ident); ok {
						if pre, ok := pkgPrefix[id.Name]; ok {
							refs[prefixed(pre, n.Sel.Name)] = true
							sel[id] = true
						} else if p, ok := imports[id.Name]; ok {
							used[p] = true
						}
					}
				case *ast.Ident:
					if sel[n] {
						break
					}
					if top[n.Name] {
						refs[prefixed(prefix, n.Name)] = true
					} else {
						refs[n.Name] = true
					}
				}
				return true
			})
			for r := range refs {
				x.refs = append(x.refs, r)
			}
			for p := range used {
				x.imports = append(x.imports, p)
			}
			sort.Strings(x.refs)
			sort.Strings(x.imports)
			all = append(all, x)
			if recv != "" {
				methods[recv] = append(methods[recv], x)
				continue
			}
			for _, n := range names {
				l.byName[n] = x
			}
		}
	}
	l.count = len(all)
	// A type brings its methods along: they become references of the type.
	for typ, ms := range methods {
		t := l.byName[prefixed(prefix, typ)]
		if t == nil {
			return nil, fmt.Errorf("goemit: support source %s: methods of unknown type %s", dir, typ)
		}
		for _, m := range ms {
			key := "\x00method" + strconv.Itoa(m.order)
			m.names = []string{key}
			l.byName[key] = m
			t.refs = append(t.refs, key)
		}
	}
	return l, nil
}

// declNames returns the package-level identifiers a declaration declares
// (none for methods and imports).
func declNames(d ast.Decl) []string {
	var out []string
	switch d := d.(type) {
	case *ast.GenDecl:
		for _, s := range d.Specs {
			switch s := s.(type) {
			case *ast.TypeSpec:
				out = append(out, s.Name.Name)
			case *ast.ValueSpec:
				for _, n := range s.Names {
					out = append(out, n.Name)
				}
			}
		}
	case *ast.FuncDecl:
		if d.Recv == nil {
			out = append(out, d.Name.Name)
		}
	}
	return out
}

// prefixed is the name of a copied package's identifier n in generated
// code: prefix+n with n's first letter capitalized (numerics.shiftCount
// becomes ttNumShiftCount); n itself without a prefix.
func prefixed(prefix, n string) string {
	if prefix == "" || n == "" {
		return n
	}
	return prefix + strings.ToUpper(n[:1]) + n[1:]
}

// renameRefs returns src[lo:hi], the text of declaration d, with every
// identifier in top (except field and method selectors, x.Name) prefixed
// with prefix, and every reference pkg.Name to a package in pkgPrefix
// replaced by pkgPrefix[pkg]+Name.
func renameRefs(fset *token.FileSet, d ast.Decl, src []byte, lo, hi int, top map[string]bool, prefix string, pkgPrefix map[string]string) string {
	type edit struct {
		at, end int // the replaced bytes
		text    string
	}
	var edits []edit
	skip := map[*ast.Ident]bool{}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true
			if id, ok := n.X.(*ast.Ident); ok {
				if pre, ok := pkgPrefix[id.Name]; ok {
					skip[id] = true
					edits = append(edits, edit{off(id.Pos()), off(n.Sel.End()), prefixed(pre, n.Sel.Name)})
				}
			}
		case *ast.Ident:
			if prefix != "" && top[n.Name] && !skip[n] {
				edits = append(edits, edit{off(n.Pos()), off(n.End()), prefixed(prefix, n.Name)})
			}
		}
		return true
	})
	// A doc comment that starts with the name (Go's convention) follows it.
	if fd, ok := d.(*ast.FuncDecl); ok && prefix != "" && fd.Doc != nil && top[fd.Name.Name] {
		c := fd.Doc.List[0]
		if strings.HasPrefix(c.Text, "// "+fd.Name.Name+" ") {
			at := off(c.Pos()) + 3
			edits = append(edits, edit{at, at + len(fd.Name.Name), prefixed(prefix, fd.Name.Name)})
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].at < edits[j].at })
	var b strings.Builder
	prev := lo
	for _, e := range edits {
		b.Write(src[prev:e.at])
		b.WriteString(e.text)
		prev = e.end
	}
	b.Write(src[prev:hi])
	return b.String()
}

// receiverType returns the base type name of a method receiver.
func receiverType(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// closure returns the declarations that roots need (roots included), in
// source order, and the import paths they use. Unknown roots are an
// internal error.
func (l *library) closure(roots []string) ([]*decl, []string, error) {
	seen := map[*decl]bool{}
	var stack []*decl
	for _, r := range roots {
		d := l.byName[r]
		if d == nil {
			return nil, nil, fmt.Errorf("goemit: internal error: no run-time declaration %s", r)
		}
		if !seen[d] {
			seen[d] = true
			stack = append(stack, d)
		}
	}
	for len(stack) > 0 {
		d := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, r := range d.refs {
			if x := l.byName[r]; x != nil && !seen[x] {
				seen[x] = true
				stack = append(stack, x)
			}
		}
	}
	var out []*decl
	imports := map[string]bool{}
	for d := range seen {
		out = append(out, d)
		for _, p := range d.imports {
			imports[p] = true
		}
	}
	slices.SortFunc(out, func(a, b *decl) int { return a.order - b.order })
	var paths []string
	for p := range imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return out, paths, nil
}
