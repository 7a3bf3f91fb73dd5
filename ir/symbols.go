package ir

import "sync"

// SymbolAttrName is the attribute holding a symbol's name.
const SymbolAttrName = "sym_name"

// VisibilityAttrName is the attribute holding a symbol's visibility.
const VisibilityAttrName = "sym_visibility"

// SymbolName returns the name of a symbol op, or "" when op is not a symbol.
func SymbolName(op *Operation) string {
	if !op.HasTrait(Symbol) {
		return ""
	}
	s, _ := op.StringAttr(SymbolAttrName)
	return s
}

// IsPublicSymbol reports whether a symbol is visible outside its table
// (no sym_visibility, or "public").
func IsPublicSymbol(op *Operation) bool {
	v, ok := op.StringAttr(VisibilityAttrName)
	return !ok || v == "public"
}

// SymbolTable indexes the symbols directly inside a symbol-table op.
type SymbolTable struct {
	op      *Operation
	symbols map[string]*Operation
}

// NewSymbolTable indexes the symbols of op, which should have the IsSymbolTable
// trait. When two symbols share a name the first one is kept; the verifier
// reports the clash.
func NewSymbolTable(op *Operation) *SymbolTable {
	t := &SymbolTable{op: op, symbols: map[string]*Operation{}}
	for nested := range op.NestedOps() {
		if name := SymbolName(nested); name != "" {
			if _, dup := t.symbols[name]; !dup {
				t.symbols[name] = nested
			}
		}
	}
	return t
}

// Lookup returns the symbol with the given name, or nil.
func (t *SymbolTable) Lookup(name string) *Operation { return t.symbols[name] }

// Insert registers op (which must be a symbol inside the table's op).
func (t *SymbolTable) Insert(op *Operation) { t.symbols[SymbolName(op)] = op }

// Remove forgets a symbol.
func (t *SymbolTable) Remove(op *Operation) { delete(t.symbols, SymbolName(op)) }

// SymbolTableCollection caches symbol tables; it is safe for concurrent use.
type SymbolTableCollection struct {
	mu     sync.Mutex
	tables map[*Operation]*SymbolTable
}

// NewSymbolTableCollection returns an empty cache.
func NewSymbolTableCollection() *SymbolTableCollection {
	return &SymbolTableCollection{tables: map[*Operation]*SymbolTable{}}
}

// Table returns the (cached) table of a symbol-table op.
func (c *SymbolTableCollection) Table(op *Operation) *SymbolTable {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.tables[op]
	if !ok {
		t = NewSymbolTable(op)
		c.tables[op] = t
	}
	return t
}

// Invalidate drops the cached table of op.
func (c *SymbolTableCollection) Invalidate(op *Operation) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.tables, op)
}

// LookupIn resolves ref inside the symbol-table op tableOp.
func (c *SymbolTableCollection) LookupIn(tableOp *Operation, ref *SymbolRefAttr) *Operation {
	sym := c.Table(tableOp).Lookup(ref.Root)
	for _, n := range ref.Nested {
		if sym == nil || !sym.HasTrait(IsSymbolTable) {
			return nil
		}
		sym = c.Table(sym).Lookup(n)
	}
	return sym
}

// LookupNearest resolves ref from the closest symbol table enclosing from.
func (c *SymbolTableCollection) LookupNearest(from *Operation, ref *SymbolRefAttr) *Operation {
	t := NearestSymbolTable(from)
	if t == nil {
		return nil
	}
	return c.LookupIn(t, ref)
}

// NearestSymbolTable returns the closest op at or above from that has the
// SymbolTable trait, or nil.
func NearestSymbolTable(from *Operation) *Operation {
	for op := from; op != nil; op = op.ParentOp() {
		if op.HasTrait(IsSymbolTable) {
			return op
		}
	}
	return nil
}

// LookupSymbol resolves ref from the closest symbol table enclosing from,
// without caching.
func LookupSymbol(from *Operation, ref *SymbolRefAttr) *Operation {
	return NewSymbolTableCollection().LookupNearest(from, ref)
}

// SymbolUses returns every symbol reference attribute (at any depth inside
// attribute values) of the ops nested in op, with the op holding it.
func SymbolUses(op *Operation, fn func(user *Operation, ref *SymbolRefAttr)) {
	for nested := range op.NestedOps() {
		nested.WalkPreOrder(func(o *Operation) WalkResult {
			for _, a := range o.attrs {
				walkSymbolRefs(a.Value, func(r *SymbolRefAttr) { fn(o, r) })
			}
			return WalkAdvance
		})
	}
}

func walkSymbolRefs(a Attribute, fn func(*SymbolRefAttr)) {
	switch a := a.(type) {
	case *SymbolRefAttr:
		fn(a)
	case *ArrayAttr:
		for _, e := range a.Elems {
			walkSymbolRefs(e, fn)
		}
	case *DictionaryAttr:
		for _, e := range a.Entries {
			walkSymbolRefs(e.Value, fn)
		}
	}
}
