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
)

// The run-time support of generated code is ordinary Go source in rt/ (the
// package code) and climain/ (the command that EmitMain writes), embedded
// here. A library extracts top-level declarations by name, with everything
// they refer to, so a generated file holds only what it uses.

//go:embed rt/*.go climain/*.go
var sourceFS embed.FS

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
			l, err := parseLibrary(d)
			if err != nil {
				libErr = err
				return
			}
			libs[d] = l
		}
	})
	if libErr != nil {
		return nil, libErr
	}
	return libs[dir], nil
}

// parseLibrary parses the non-test files of dir whose names do not start
// with "stub" (stubs stand in for generated code so that the package
// compiles on its own).
func parseLibrary(dir string) (*library, error) {
	entries, err := fs.ReadDir(sourceFS, dir)
	if err != nil {
		return nil, err
	}
	l := &library{byName: map[string]*decl{}}
	fset := token.NewFileSet()
	var all []*decl
	methods := map[string][]*decl{}
	for _, e := range entries {
		name := e.Name()
		if strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "stub") || !strings.HasSuffix(name, ".go") {
			continue
		}
		src, err := sourceFS.ReadFile(path.Join(dir, name))
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, fmt.Errorf("goemit: support source %s/%s: %v", dir, name, err)
		}
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
			text := string(src[fset.Position(start).Offset:fset.Position(d.End()).Offset])
			x := &decl{names: names, src: text, order: len(all)}
			refs := map[string]bool{}
			used := map[string]bool{}
			ast.Inspect(d, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if id, ok := n.X.(*ast.Ident); ok {
						if p, ok := imports[id.Name]; ok {
							used[p] = true
						}
					}
				case *ast.Ident:
					refs[n.Name] = true
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
