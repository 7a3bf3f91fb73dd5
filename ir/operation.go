package ir

import (
	"fmt"
	"iter"
	"sort"
	"strings"
)

// Operation is the unit of IR: a named op with operands, results, an ordered
// attribute dictionary, regions, successors and a location.
type Operation struct {
	ctx        *Context
	def        *OpDef // nil when the op is not registered
	name       string
	operands   []OpOperand
	results    []OpResult
	attrs      []NamedAttr // sorted by name
	regions    []*Region
	successors []BlockOperand
	loc        Location

	block      *Block
	prev, next *Operation
	order      int // position in block, valid while block.orderValid
}

// OperationState collects everything needed to create an operation.
type OperationState struct {
	Name        string
	Loc         Location
	Operands    []Value
	ResultTypes []Type
	Attrs       []NamedAttr
	// Regions are moved into the new operation. Use AddRegion to create them.
	Regions    []*Region
	Successors []*Block
}

// AddRegion appends a new empty region to the state and returns it.
func (st *OperationState) AddRegion() *Region {
	r := &Region{}
	st.Regions = append(st.Regions, r)
	return r
}

// AddAttr sets an attribute in the state (replacing one of the same name).
func (st *OperationState) AddAttr(name string, v Attribute) {
	for i := range st.Attrs {
		if st.Attrs[i].Name == name {
			st.Attrs[i].Value = v
			return
		}
	}
	st.Attrs = append(st.Attrs, NamedAttr{name, v})
}

// Attr returns a named attribute of the state, or nil.
func (st *OperationState) Attr(name string) Attribute {
	for _, a := range st.Attrs {
		if a.Name == name {
			return a.Value
		}
	}
	return nil
}

// NewOp creates a detached operation from st. Attributes are sorted by name;
// a later duplicate replaces an earlier one. Insert the op with a Builder or
// Block.Append.
func (c *Context) NewOp(st *OperationState) *Operation {
	op := &Operation{ctx: c, name: st.Name, loc: st.Loc, def: c.LookupOp(st.Name)}
	if op.loc == nil {
		op.loc = Unknown
	}
	op.setOperands(st.Operands)
	op.results = make([]OpResult, len(st.ResultTypes))
	for i, t := range st.ResultTypes {
		op.results[i] = OpResult{valueImpl: valueImpl{typ: t}, owner: op, index: i}
	}
	for _, a := range st.Attrs {
		op.SetAttr(a.Name, a.Value)
	}
	for _, r := range st.Regions {
		if r.parent != nil {
			panic("ir: region already belongs to an operation")
		}
		r.parent = op
		op.regions = append(op.regions, r)
	}
	op.successors = make([]BlockOperand, len(st.Successors))
	for i, b := range st.Successors {
		op.successors[i] = BlockOperand{owner: op, index: i}
		op.successors[i].Set(b)
	}
	return op
}

// Context returns the context the operation was created in.
func (op *Operation) Context() *Context { return op.ctx }

// Name returns the full operation name, e.g. "arith.addf".
func (op *Operation) Name() string { return op.name }

// Def returns the registered definition, or nil for unregistered ops.
func (op *Operation) Def() *OpDef { return op.def }

// IsRegistered reports whether the op has a definition.
func (op *Operation) IsRegistered() bool { return op.def != nil }

// Dialect returns the dialect prefix of the name.
func (op *Operation) Dialect() string {
	d, _, _ := strings.Cut(op.name, ".")
	return d
}

// HasTrait reports whether a registered op has all the given traits.
func (op *Operation) HasTrait(t Trait) bool { return op.def != nil && op.def.Traits&t == t }

// Loc returns the operation's location.
func (op *Operation) Loc() Location { return op.loc }

// SetLoc sets the operation's location.
func (op *Operation) SetLoc(l Location) { op.loc = l }

// String prints the operation in generic form with no SSA context; for
// debugging only. Use package asm to print IR.
func (op *Operation) String() string { return fmt.Sprintf("%q op at %s", op.name, op.loc) }

// ---- Operands ----

// NumOperands returns the operand count.
func (op *Operation) NumOperands() int { return len(op.operands) }

// Operand returns operand i.
func (op *Operation) Operand(i int) Value { return op.operands[i].value }

// OpOperand returns the use record of operand i.
func (op *Operation) OpOperand(i int) *OpOperand { return &op.operands[i] }

// Operands returns the operand values as a new slice.
func (op *Operation) Operands() []Value {
	vs := make([]Value, len(op.operands))
	for i := range op.operands {
		vs[i] = op.operands[i].value
	}
	return vs
}

// OperandTypes returns the operand types.
func (op *Operation) OperandTypes() []Type {
	ts := make([]Type, len(op.operands))
	for i := range op.operands {
		ts[i] = op.operands[i].value.Type()
	}
	return ts
}

// SetOperand makes operand i use v.
func (op *Operation) SetOperand(i int, v Value) { op.operands[i].Set(v) }

// SetOperands replaces all operands.
func (op *Operation) SetOperands(vs []Value) {
	for i := range op.operands {
		op.operands[i].unlink()
	}
	op.setOperands(vs)
}

func (op *Operation) setOperands(vs []Value) {
	op.operands = make([]OpOperand, len(vs))
	for i, v := range vs {
		op.operands[i] = OpOperand{owner: op, index: i, value: v}
		op.operands[i].link()
	}
}

// ---- Results ----

// NumResults returns the result count.
func (op *Operation) NumResults() int { return len(op.results) }

// Result returns result i.
func (op *Operation) Result(i int) *OpResult { return &op.results[i] }

// Results returns the results as values.
func (op *Operation) Results() []Value {
	vs := make([]Value, len(op.results))
	for i := range op.results {
		vs[i] = &op.results[i]
	}
	return vs
}

// ResultTypes returns the result types.
func (op *Operation) ResultTypes() []Type {
	ts := make([]Type, len(op.results))
	for i := range op.results {
		ts[i] = op.results[i].typ
	}
	return ts
}

// ResultsUnused reports whether no result has a use.
func (op *Operation) ResultsUnused() bool {
	for i := range op.results {
		if op.results[i].firstUse != nil {
			return false
		}
	}
	return true
}

// ReplaceAllUsesWith replaces the uses of every result with the matching value.
func (op *Operation) ReplaceAllUsesWith(vs []Value) {
	if len(vs) != len(op.results) {
		panic(fmt.Sprintf("ir: replacing %d results of %s with %d values", len(op.results), op.name, len(vs)))
	}
	for i := range op.results {
		op.results[i].ReplaceAllUsesWith(vs[i])
	}
}

// ---- Attributes ----

// Attrs returns the attribute dictionary, sorted by name. Do not modify it.
func (op *Operation) Attrs() []NamedAttr { return op.attrs }

// Attr returns the named attribute, or nil.
func (op *Operation) Attr(name string) Attribute {
	i := sort.Search(len(op.attrs), func(i int) bool { return op.attrs[i].Name >= name })
	if i < len(op.attrs) && op.attrs[i].Name == name {
		return op.attrs[i].Value
	}
	return nil
}

// AttrOrDefault returns the named attribute, or, when the op does not have
// it, the default its definition declares (AttrDef.Default), or nil.
func (op *Operation) AttrOrDefault(name string) Attribute {
	if a := op.Attr(name); a != nil {
		return a
	}
	if op.def != nil {
		if d := op.def.AttrDef(name); d != nil && d.Default != nil {
			return d.Default(op.Context())
		}
	}
	return nil
}

// SetAttr sets (or replaces) a named attribute.
func (op *Operation) SetAttr(name string, v Attribute) {
	i := sort.Search(len(op.attrs), func(i int) bool { return op.attrs[i].Name >= name })
	if i < len(op.attrs) && op.attrs[i].Name == name {
		op.attrs[i].Value = v
		return
	}
	op.attrs = append(op.attrs, NamedAttr{})
	copy(op.attrs[i+1:], op.attrs[i:])
	op.attrs[i] = NamedAttr{name, v}
}

// RemoveAttr deletes a named attribute and reports whether it was present.
func (op *Operation) RemoveAttr(name string) bool {
	for i, a := range op.attrs {
		if a.Name == name {
			op.attrs = append(op.attrs[:i], op.attrs[i+1:]...)
			return true
		}
	}
	return false
}

// SetAttrs replaces the whole dictionary.
func (op *Operation) SetAttrs(attrs []NamedAttr) {
	op.attrs = nil
	for _, a := range attrs {
		op.SetAttr(a.Name, a.Value)
	}
}

// IntAttr returns an integer attribute's value.
func (op *Operation) IntAttr(name string) (int64, bool) {
	if a, ok := op.Attr(name).(*IntegerAttr); ok {
		return a.Int64(), true
	}
	return 0, false
}

// StringAttr returns a string attribute's value.
func (op *Operation) StringAttr(name string) (string, bool) {
	if a, ok := op.Attr(name).(*StringAttr); ok {
		return a.Value, true
	}
	return "", false
}

// ---- Regions and successors ----

// NumRegions returns the region count.
func (op *Operation) NumRegions() int { return len(op.regions) }

// Region returns region i.
func (op *Operation) Region(i int) *Region { return op.regions[i] }

// Regions returns the regions. Do not modify the slice.
func (op *Operation) Regions() []*Region { return op.regions }

// NumSuccessors returns the successor count.
func (op *Operation) NumSuccessors() int { return len(op.successors) }

// Successor returns successor block i.
func (op *Operation) Successor(i int) *Block { return op.successors[i].block }

// SetSuccessor changes successor i.
func (op *Operation) SetSuccessor(i int, b *Block) { op.successors[i].Set(b) }

// ---- Position ----

// Block returns the containing block, or nil when detached.
func (op *Operation) Block() *Block { return op.block }

// ParentRegion returns the region containing the op.
func (op *Operation) ParentRegion() *Region {
	if op.block == nil {
		return nil
	}
	return op.block.parent
}

// ParentOp returns the operation whose region contains op.
func (op *Operation) ParentOp() *Operation {
	if r := op.ParentRegion(); r != nil {
		return r.parent
	}
	return nil
}

// Next returns the following op in the block.
func (op *Operation) Next() *Operation { return op.next }

// Prev returns the preceding op in the block.
func (op *Operation) Prev() *Operation { return op.prev }

// IsAncestorOf reports whether op is other or contains it.
func (op *Operation) IsAncestorOf(other *Operation) bool {
	for o := other; o != nil; o = o.ParentOp() {
		if o == op {
			return true
		}
	}
	return false
}

// IsBeforeInBlock reports whether op comes before other; both must be in the same block.
func (op *Operation) IsBeforeInBlock(other *Operation) bool {
	b := op.block
	if !b.orderValid {
		b.renumber()
	}
	return op.order < other.order
}

// ParentOfType returns the closest enclosing op with the given name.
func (op *Operation) ParentOfType(name string) *Operation {
	for p := op.ParentOp(); p != nil; p = p.ParentOp() {
		if p.name == name {
			return p
		}
	}
	return nil
}

// ---- Structural changes ----

// Remove unlinks the op from its block without destroying it.
func (op *Operation) Remove() {
	if op.block != nil {
		op.block.unlinkOp(op)
	}
}

// MoveBefore moves the op right before other.
func (op *Operation) MoveBefore(other *Operation) {
	op.Remove()
	other.block.insertBefore(op, other)
}

// MoveAfter moves the op right after other.
func (op *Operation) MoveAfter(other *Operation) {
	op.Remove()
	other.block.insertBefore(op, other.next)
}

// DropAllReferences drops the op's uses of values and blocks, recursively,
// so a group of ops that reference each other can be erased.
func (op *Operation) DropAllReferences() {
	for i := range op.operands {
		op.operands[i].unlink()
		op.operands[i].value = nil
	}
	for i := range op.successors {
		op.successors[i].unlink()
		op.successors[i].block = nil
	}
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; o = o.next {
				o.DropAllReferences()
			}
		}
	}
}

// Erase removes the op from its block and destroys it with its regions. The
// op's results must have no uses left (it panics otherwise: that is a bug in
// the calling pass, not a property of the input).
func (op *Operation) Erase() {
	for i := range op.results {
		if op.results[i].firstUse != nil {
			user := op.results[i].firstUse.owner
			panic(fmt.Sprintf("ir: erasing %s whose result #%d is still used by %s", op.name, i, user.name))
		}
	}
	op.Remove()
	op.DropAllReferences()
	for _, r := range op.regions {
		r.dropBlocks()
	}
}

// ---- Walking ----

// WalkResult steers a walk.
type WalkResult uint8

// Walk results.
const (
	WalkAdvance   WalkResult = iota // continue
	WalkSkip                        // do not visit the nested ops of this op (pre-order only)
	WalkInterrupt                   // stop the walk
)

// Walk visits op and every nested op in post-order (children first), the
// order MLIR uses by default. The callback may erase the op it is given.
func (op *Operation) Walk(fn func(*Operation)) {
	op.WalkPostOrder(func(o *Operation) WalkResult { fn(o); return WalkAdvance })
}

// WalkPreOrder visits op and nested ops parents first; it stops early on
// WalkInterrupt and does not descend into an op that returns WalkSkip.
func (op *Operation) WalkPreOrder(fn func(*Operation) WalkResult) WalkResult {
	switch fn(op) {
	case WalkInterrupt:
		return WalkInterrupt
	case WalkSkip:
		return WalkAdvance
	}
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; {
				next := o.next
				if o.WalkPreOrder(fn) == WalkInterrupt {
					return WalkInterrupt
				}
				o = next
			}
		}
	}
	return WalkAdvance
}

// WalkPostOrder visits nested ops before op; it stops early on WalkInterrupt.
func (op *Operation) WalkPostOrder(fn func(*Operation) WalkResult) WalkResult {
	for _, r := range op.regions {
		for _, b := range r.blocks {
			for o := b.first; o != nil; {
				next := o.next
				if o.WalkPostOrder(fn) == WalkInterrupt {
					return WalkInterrupt
				}
				o = next
			}
		}
	}
	return fn(op)
}

// NestedOps iterates over the ops directly inside op's regions.
func (op *Operation) NestedOps() iter.Seq[*Operation] {
	return func(yield func(*Operation) bool) {
		for _, r := range op.regions {
			for _, b := range r.blocks {
				for o := b.first; o != nil; {
					next := o.next
					if !yield(o) {
						return
					}
					o = next
				}
			}
		}
	}
}

// ---- Cloning ----

// Mapping records old-to-new values and blocks while cloning.
type Mapping struct {
	values map[Value]Value
	blocks map[*Block]*Block
}

// NewMapping returns an empty mapping.
func NewMapping() *Mapping {
	return &Mapping{values: map[Value]Value{}, blocks: map[*Block]*Block{}}
}

// Map records that old maps to new.
func (m *Mapping) Map(old, new Value) { m.values[old] = new }

// MapBlock records that old maps to new.
func (m *Mapping) MapBlock(old, new *Block) { m.blocks[old] = new }

// Lookup returns the mapped value, or v itself when it is not mapped.
func (m *Mapping) Lookup(v Value) Value {
	if n, ok := m.values[v]; ok {
		return n
	}
	return v
}

// LookupBlock returns the mapped block, or b itself.
func (m *Mapping) LookupBlock(b *Block) *Block {
	if n, ok := m.blocks[b]; ok {
		return n
	}
	return b
}

// Clone deep-copies the op with its regions. Operands are remapped through m
// (values not in m are kept); results and nested values are added to m.
// A nil mapping is allowed.
func (op *Operation) Clone(m *Mapping) *Operation {
	if m == nil {
		m = NewMapping()
	}
	clone := op.cloneShallowRegions(m)
	remapNested(clone, m)
	return clone
}

// cloneShallowRegions clones op and its regions; operands that refer to
// values cloned later (a use in a block that comes before its dominating
// definition in block order) are fixed up afterwards by remapNested.
func (op *Operation) cloneShallowRegions(m *Mapping) *Operation {
	st := &OperationState{Name: op.name, Loc: op.loc, Attrs: op.attrs, ResultTypes: op.ResultTypes()}
	st.Operands = make([]Value, len(op.operands))
	for i := range op.operands {
		st.Operands[i] = m.Lookup(op.operands[i].value)
	}
	for i := range op.successors {
		st.Successors = append(st.Successors, m.LookupBlock(op.successors[i].block))
	}
	clone := op.ctx.NewOp(st)
	clone.def = op.def
	for i := range op.results {
		m.Map(&op.results[i], &clone.results[i])
	}
	for _, r := range op.regions {
		nr := &Region{parent: clone}
		clone.regions = append(clone.regions, nr)
		r.cloneBlocksInto(nr, m)
	}
	return clone
}

// remapNested re-applies m to the operands of every op nested in op.
func remapNested(op *Operation, m *Mapping) {
	for nested := range op.NestedOps() {
		remapOperandsDeep(nested, m)
	}
}

// remapOperandsDeep re-applies m to the operands of op and everything nested in it.
func remapOperandsDeep(op *Operation, m *Mapping) {
	op.WalkPreOrder(func(o *Operation) WalkResult {
		for i := range o.operands {
			if nv, ok := m.values[o.operands[i].value]; ok {
				o.operands[i].Set(nv)
			}
		}
		return WalkAdvance
	})
}
