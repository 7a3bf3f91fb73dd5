package rewrite

import (
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/pass"
)

// symbolVisibility returns a symbol's visibility: "public", "private" or
// "nested".
func symbolVisibility(op *ir.Operation) string {
	if v, ok := op.StringAttr(ir.VisibilityAttrName); ok {
		return v
	}
	return "public"
}

// symbolUses calls fn for every symbol reference held by op or the ops
// nested in it, without looking into nested symbol tables (whose references
// are resolved in their own scope).
func symbolUses(op *ir.Operation, fn func(user *ir.Operation, ref *ir.SymbolRefAttr)) {
	attrRefs(op, fn)
	if op.HasTrait(ir.IsSymbolTable) {
		return
	}
	for nested := range op.NestedOps() {
		symbolUses(nested, fn)
	}
}

func attrRefs(op *ir.Operation, fn func(*ir.Operation, *ir.SymbolRefAttr)) {
	var walk func(a ir.Attribute)
	walk = func(a ir.Attribute) {
		switch a := a.(type) {
		case *ir.SymbolRefAttr:
			fn(op, a)
		case *ir.ArrayAttr:
			for _, e := range a.Elems {
				walk(e)
			}
		case *ir.DictionaryAttr:
			for _, e := range a.Entries {
				walk(e.Value)
			}
		}
	}
	for _, a := range op.Attrs() {
		walk(a.Value)
	}
}

// resolveAll returns every symbol a reference names from the table op
// table: for @a::@b both @a and @a::@b.
func resolveAll(tables *ir.SymbolTableCollection, table *ir.Operation, ref *ir.SymbolRefAttr) []*ir.Operation {
	if table == nil {
		return nil
	}
	var out []*ir.Operation
	sym := tables.Table(table).Lookup(ref.Root)
	if sym == nil {
		return nil
	}
	out = append(out, sym)
	for _, n := range ref.Nested {
		if !sym.HasTrait(ir.IsSymbolTable) {
			return out
		}
		sym = tables.Table(sym).Lookup(n)
		if sym == nil {
			return out
		}
		out = append(out, sym)
	}
	return out
}

// SymbolDCE erases the symbols of the symbol table op (and of the symbol
// tables nested in it) that are not referenced and may be discarded, with
// MLIR's rules: a symbol is kept when it is public, or when it is nested
// (visible to the parent table) and its table is visible from outside;
// private symbols are kept only when referenced from something live. The
// top-level table is hidden unless it is itself a public symbol with a
// parent. It returns the number of symbols erased.
func SymbolDCE(table *ir.Operation) int {
	hidden := true
	if table.ParentOp() != nil && table.HasTrait(ir.Symbol) {
		hidden = symbolVisibility(table) == "private"
	}
	live := map[*ir.Operation]bool{}
	tables := ir.NewSymbolTableCollection()
	computeLiveness(table, tables, hidden, live)
	erased := 0
	table.WalkPreOrder(func(nested *ir.Operation) ir.WalkResult {
		if !nested.HasTrait(ir.IsSymbolTable) || nested.NumRegions() == 0 {
			return ir.WalkAdvance
		}
		for _, b := range nested.Region(0).Blocks() {
			for op := range b.Ops() {
				if op.HasTrait(ir.Symbol) && !live[op] {
					dropResultUses(op)
					op.Erase()
					erased++
				}
			}
		}
		return ir.WalkAdvance
	})
	return erased
}

func dropResultUses(op *ir.Operation) {
	for _, r := range op.Results() {
		for u := range r.Uses() {
			u.Set(nil)
		}
	}
}

func computeLiveness(table *ir.Operation, tables *ir.SymbolTableCollection, hidden bool, live map[*ir.Operation]bool) {
	if table.NumRegions() == 0 {
		return
	}
	var worklist []*ir.Operation
	for _, b := range table.Region(0).Blocks() {
		for op := range b.Ops() {
			if !op.HasTrait(ir.Symbol) {
				worklist = append(worklist, op)
				continue
			}
			vis := symbolVisibility(op)
			discardable := (hidden || vis == "private") && vis != "public"
			if !discardable && !live[op] {
				live[op] = true
				worklist = append(worklist, op)
			}
		}
	}
	for len(worklist) > 0 {
		op := worklist[len(worklist)-1]
		worklist = worklist[:len(worklist)-1]
		if op.HasTrait(ir.IsSymbolTable) {
			symHidden := hidden || !op.HasTrait(ir.Symbol) || symbolVisibility(op) == "private"
			computeLiveness(op, tables, symHidden, live)
		}
		symbolUses(op, func(_ *ir.Operation, ref *ir.SymbolRefAttr) {
			for _, sym := range resolveAll(tables, ir.NearestSymbolTable(op.ParentOp()), ref) {
				if !live[sym] {
					live[sym] = true
					worklist = append(worklist, sym)
				}
			}
		})
	}
}

// symbolDCEPass is the symbol-dce pass.
type symbolDCEPass struct {
	pass.Base
	numDCE *pass.Statistic
}

// NewSymbolDCEPass returns the symbol-dce pass.
func NewSymbolDCEPass() pass.Pass {
	p := &symbolDCEPass{Base: pass.NewBase(pass.Info{
		Argument: "symbol-dce",
		Name:     "SymbolDCE",
		Summary:  "Eliminate dead symbols",
		Description: "Erases the symbols (functions, nested modules, ...) of a symbol table operation that are not " +
			"referenced from anything live and that may be discarded: private symbols, and nested-visibility symbols " +
			"of tables not visible from outside. Public symbols are kept. Must run on a symbol table operation.",
	})}
	p.numDCE = p.NewStatistic("num-dce'd", "Number of symbols DCE'd")
	return p
}

func (p *symbolDCEPass) Run(op *ir.Operation, am *pass.AnalysisManager) error {
	if !op.HasTrait(ir.IsSymbolTable) {
		return ir.OpError(op, "was scheduled to run under SymbolDCE, but does not define a symbol table")
	}
	n := SymbolDCE(op)
	p.numDCE.Add(int64(n))
	if n == 0 {
		am.PreserveAll()
	}
	return nil
}
