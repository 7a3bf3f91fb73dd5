// Package opnames defines the opnames analyzer, which keeps op names out of
// string literals: outside its dialect's package an op is named through the
// generated constant (tensor.AddName), so that a misspelt or renamed op is
// a compile error rather than a silent miss; and every string constant
// used as an op name (an ir.OperationState's Name, a Context.LookupOp
// argument, a comparison or switch case against Operation.Name()) must be
// the name of a registered op, in every package.
//
// The registry is the dialects' OpDefs (internal/odsgen lists them). Test
// files are not checked: they build ops of test dialects on purpose.
// tools/ttvet runs the analyzer from the command line; its tests run it
// over the whole module.
package opnames

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/tt-compiler/tt/internal/odsgen"
)

// Module is the import path of the module whose dialects the registry
// holds.
const Module = "github.com/tt-compiler/tt"

// irPath is the import path of the IR core.
const irPath = Module + "/ir"

// Analyzer reports op names spelt as strings outside their dialect's
// package, and string constants used as op names that name no
// registered op.
var Analyzer = &analysis.Analyzer{
	Name:     "opnames",
	Doc:      "check that op names outside their dialect are the generated constants, and that op-name constants name registered ops",
	URL:      "https://github.com/tt-compiler/tt/tree/main/internal/analyzers/opnames",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

// allowed lists, by package path and value, the literals allowed outside
// their dialect's package or although no dialect registers them, with
// the reason.
var allowed = map[string]string{
	// The core names the top-level container (the parser wraps top-level
	// ops in an implicit module); it cannot import the builtin dialect.
	irPath + " builtin.module": "ir.ModuleOpName",
	// The parsers' placeholder for SSA values used before their
	// definition: no dialect may define it, and none survives a parse.
	irPath + "/asm builtin.unrealized_forward_reference": "forwardRefOpName",
	// MLIR 17's NaN-ignoring maximum and minimum: MLIR 16's arith, which
	// tt registers, has no such ops, but the Go emitter (like the
	// interpreter) computes them for ops built in memory.
	Module + "/emit/go arith.maxnumf": "numerics.MaxNum",
	Module + "/emit/go arith.minnumf": "numerics.MinNum",
}

// registry is what the analyzer knows of the dialects.
type registry struct {
	owner      map[string]string // op name → import path of the defining package
	constant   map[string]string // op name → generated constant (tensor.AddName)
	namespaces map[string]bool   // dialect namespaces (tensor, arith, ...)
}

var theRegistry = func() *registry {
	r := &registry{owner: map[string]string{}, namespaces: map[string]bool{}}
	pkgs := odsgen.Packages()
	for _, p := range pkgs {
		for _, d := range p.Dialects {
			r.namespaces[d.Def.Name] = true
			for _, op := range d.Def.Ops {
				r.owner[op.Name] = Module + "/" + p.Dir
			}
		}
	}
	r.constant = odsgen.OpNames(pkgs)
	return r
}()

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	reg := theRegistry
	pkg := pass.Pkg.Path()
	isTest := func(n ast.Node) bool {
		return strings.HasSuffix(pass.Fset.File(n.Pos()).Name(), "_test.go")
	}
	// Literals outside their dialect's package.
	ins.Preorder([]ast.Node{(*ast.File)(nil)}, func(n ast.Node) {
		f := n.(*ast.File)
		if isTest(f) {
			return
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
			if err != nil || reg.owner[v] == "" || reg.owner[v] == pkg {
				return true
			}
			if _, ok := allowed[pkg+" "+v]; ok {
				return true
			}
			pass.Report(analysis.Diagnostic{
				Pos: lit.Pos(), End: lit.End(),
				Message: "the op name " + strconv.Quote(v) + " is spelt as a string; use " + reg.constant[v],
			})
			return true
		})
	})
	// Constants used as op names must be registered.
	check := func(e ast.Expr) {
		if e == nil || isTest(e) {
			return
		}
		tv, ok := pass.TypesInfo.Types[e]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
			return
		}
		v := constant.StringVal(tv.Value)
		if reg.owner[v] != "" {
			return
		}
		if _, ok := allowed[pkg+" "+v]; ok {
			return
		}
		ns, _, dotted := strings.Cut(v, ".")
		if !dotted || !reg.namespaces[ns] {
			return // an op of a dialect tt does not define (tests, --allow-unregistered-dialect)
		}
		pass.Report(analysis.Diagnostic{
			Pos: e.Pos(), End: e.End(),
			Message: "op name " + strconv.Quote(v) + " is not registered by the " + ns + " dialect" + suggest(reg, v),
		})
	}
	ins.Preorder([]ast.Node{(*ast.CompositeLit)(nil), (*ast.CallExpr)(nil), (*ast.BinaryExpr)(nil), (*ast.SwitchStmt)(nil)}, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.CompositeLit:
			if !isIRType(pass.TypesInfo.TypeOf(n), "OperationState") {
				return
			}
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Name" {
						check(kv.Value)
					}
				}
			}
		case *ast.CallExpr:
			if isIRMethod(pass, n.Fun, "Context", "LookupOp") && len(n.Args) == 1 {
				check(n.Args[0])
			}
		case *ast.BinaryExpr:
			if n.Op != token.EQL && n.Op != token.NEQ {
				return
			}
			if isOpNameCall(pass, n.X) {
				check(n.Y)
			} else if isOpNameCall(pass, n.Y) {
				check(n.X)
			}
		case *ast.SwitchStmt:
			if !isOpNameCall(pass, n.Tag) {
				return
			}
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					check(e)
				}
			}
		}
	})
	return nil, nil
}

// suggest names the registered ops of the same dialect closest to v.
func suggest(reg *registry, v string) string {
	ns, _, _ := strings.Cut(v, ".")
	best, bestD := "", 3
	var names []string
	for name := range reg.owner {
		if strings.HasPrefix(name, ns+".") {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		if d := editDistance(name, v); d < bestD {
			best, bestD = name, d
		}
	}
	if best == "" {
		return ""
	}
	return " (did you mean " + strconv.Quote(best) + ", " + reg.constant[best] + "?)"
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// isIRType reports whether t is the IR core's named type name (or a
// pointer to it).
func isIRType(t types.Type, name string) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == irPath && n.Obj().Name() == name
}

// isIRMethod reports whether fun selects method of the IR core's type recv.
func isIRMethod(pass *analysis.Pass, fun ast.Expr, recv, method string) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != method {
		return false
	}
	s := pass.TypesInfo.Selections[sel]
	return s != nil && s.Kind() == types.MethodVal && isIRType(s.Recv(), recv)
}

// isOpNameCall reports whether e is a call of Operation.Name().
func isOpNameCall(pass *analysis.Pass, e ast.Expr) bool {
	call, ok := e.(*ast.CallExpr)
	return ok && len(call.Args) == 0 && isIRMethod(pass, call.Fun, "Operation", "Name")
}
