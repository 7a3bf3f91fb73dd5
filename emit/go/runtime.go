package goemit

import (
	"embed"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/tt-compiler/tt/runtime/f32math"
)

// The run-time support of generated code is ordinary Go source in rt/ (the
// package code) and climain/ (the command that EmitMain writes), embedded
// here, and the fast single-precision math of runtime/f32math (embedded
// there), whose package-level identifiers get the prefix f32mathPrefix when
// copied. A library extracts top-level declarations by name, with
// everything they refer to, so a generated file holds only what it uses.

//go:embed rt/*.go climain/*.go
var sourceFS embed.FS

// f32mathPrefix is prepended to the package-level identifiers of
// runtime/f32math in generated code (f32math.Exp becomes ttF32Exp): every
// run-time identifier starts with "tt", which generated names never do.
const f32mathPrefix = "ttF32"

// decl is one top-level declaration of a support package (a func, or a
// type with its methods, or a var/const/type group).
type decl struct {
	names   []string // the identifiers it declares
	src     string   // its source text, doc comment included
	refs    []string // top-level identifiers of the package it mentions
	imports []string // import paths it uses
	order   int      // position in the package, for a stable output order
}

// library is the parsed declarations of one support package.
type library struct {
	byName map[string]*decl
	count  int // the number of declarations (orders are below it)
}

var (
	libOnce sync.Once
	libs    map[string]*library
	libErr  error
)

// loadLibrary returns the parsed support package in directory dir ("rt"
// or "climain").
func loadLibrary(dir string) (*library, error) {
	libOnce.Do(func() {
		libs = map[string]*library{}
		for _, d := range []string{"rt", "climain"} {
			l, err := parseLibrary(sourceFS, d, "")
			if err != nil {
				libErr = err
				return
			}
			libs[d] = l
		}
		// The f32 math joins the package code, after it in source order.
		f32, err := parseLibrary(f32math.Source, ".", f32mathPrefix)
		if err != nil {
			libErr = err
			return
		}
		rt := libs["rt"]
		for name, d := range f32.byName {
			if rt.byName[name] != nil {
				libErr = fmt.Errorf("goemit: run-time declaration %s is defined twice", name)
				return
			}
			d.order += rt.count
			rt.byName[name] = d
		}
		rt.count += f32.count
	})
	if libErr != nil {
		return nil, libErr
	}
	return libs[dir], nil
}

// parseLibrary parses the non-test files of dir in fsys whose names do
// not start with "stub" (stubs stand in for generated code so that the
// package compiles on its own). With a prefix, every package-level
// identifier is renamed to prefix+name, in its declaration and wherever it
// is used (the package must not declare local identifiers with those
// names: runtime/f32math tests that it does not).
func parseLibrary(fsys fs.FS, dir, prefix string) (*library, error) {
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
	top := map[string]bool{} // package-level identifiers, when renaming
	for _, e := range entries {
		name := e.Name()
		if strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "stub") || !strings.HasSuffix(name, ".go") {
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
					top[n] = true
				}
			}
		}
	}
	for _, pf := range files {
		f, src := pf.f, pf.src
		imports := map[string]string{} // local name → path
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			local := path.Base(p)
			if im.Name != nil {
				local = im.Name.Name
			}
			imports[local] = p
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
			text := string(src[lo:hi])
			if prefix != "" {
				text = renameTop(fset, d, src, lo, hi, top, prefix)
				for i, n := range names {
					names[i] = prefix + n
				}
			}
			x := &decl{names: names, src: text, order: len(all)}
			refs := map[string]bool{}
			used := map[string]bool{}
			sel := map[*ast.Ident]bool{}
			ast.Inspect(d, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					sel[n.Sel] = true
					if id, ok := n.X.(*ast.Ident); ok {
						if p, ok := imports[id.Name]; ok {
							used[p] = true
						}
					}
				case *ast.Ident:
					if top[n.Name] && !sel[n] {
						refs[prefix+n.Name] = true
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
		t := l.byName[typ]
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

// renameTop returns src[lo:hi], the text of declaration d, with every
// identifier in top (except field and method selectors, x.Name) prefixed.
func renameTop(fset *token.FileSet, d ast.Decl, src []byte, lo, hi int, top map[string]bool, prefix string) string {
	skip := map[*ast.Ident]bool{}
	var at []int
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			skip[n.Sel] = true
		case *ast.Ident:
			if top[n.Name] && !skip[n] {
				at = append(at, fset.Position(n.Pos()).Offset)
			}
		}
		return true
	})
	// A doc comment that starts with the name (Go's convention) follows it.
	if fd, ok := d.(*ast.FuncDecl); ok && fd.Doc != nil && top[fd.Name.Name] {
		c := fd.Doc.List[0]
		if strings.HasPrefix(c.Text, "// "+fd.Name.Name+" ") {
			at = append(at, fset.Position(c.Pos()).Offset+3)
		}
	}
	sort.Ints(at)
	var b strings.Builder
	prev := lo
	for _, o := range at {
		b.Write(src[prev:o])
		b.WriteString(prefix)
		prev = o
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
