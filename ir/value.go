package ir

import "iter"

// Value is an SSA value: the result of an operation or an argument of a block.
type Value interface {
	// Type returns the value's type.
	Type() Type
	// SetType changes the value's type; the caller keeps the IR valid.
	SetType(t Type)
	// Uses iterates over the operands that use the value. Removing the
	// current use while iterating is allowed.
	Uses() iter.Seq[*OpOperand]
	// HasOneUse reports whether the value has exactly one use.
	HasOneUse() bool
	// UseEmpty reports whether the value has no uses.
	UseEmpty() bool
	// NumUses counts the uses.
	NumUses() int
	// ReplaceAllUsesWith makes every user use v instead.
	ReplaceAllUsesWith(v Value)
	// ReplaceUsesWithIf replaces the uses for which keep returns true.
	ReplaceUsesWithIf(v Value, replace func(*OpOperand) bool)
	// ParentBlock returns the block that defines the value.
	ParentBlock() *Block
	// Loc returns the location of the defining op or block argument.
	Loc() Location

	impl() *valueImpl
}

type valueImpl struct {
	typ      Type
	firstUse *OpOperand
}

func (v *valueImpl) Type() Type       { return v.typ }
func (v *valueImpl) SetType(t Type)   { v.typ = t }
func (v *valueImpl) impl() *valueImpl { return v }
func (v *valueImpl) UseEmpty() bool   { return v.firstUse == nil }
func (v *valueImpl) HasOneUse() bool  { return v.firstUse != nil && v.firstUse.next == nil }
func (v *valueImpl) NumUses() int {
	n := 0
	for u := v.firstUse; u != nil; u = u.next {
		n++
	}
	return n
}

func (v *valueImpl) Uses() iter.Seq[*OpOperand] {
	return func(yield func(*OpOperand) bool) {
		for u := v.firstUse; u != nil; {
			next := u.next
			if !yield(u) {
				return
			}
			u = next
		}
	}
}

func (v *valueImpl) ReplaceAllUsesWith(nv Value) {
	if nv.impl() == v {
		return
	}
	for v.firstUse != nil {
		v.firstUse.Set(nv)
	}
}

func (v *valueImpl) ReplaceUsesWithIf(nv Value, replace func(*OpOperand) bool) {
	for u := range v.Uses() {
		if replace(u) {
			u.Set(nv)
		}
	}
}

// Users returns the distinct operations that use v, in use-list order.
func Users(v Value) []*Operation {
	var out []*Operation
	seen := map[*Operation]bool{}
	for u := range v.Uses() {
		if !seen[u.owner] {
			seen[u.owner] = true
			out = append(out, u.owner)
		}
	}
	return out
}

// OpResult is a value defined by an operation.
type OpResult struct {
	valueImpl
	owner *Operation
	index int
}

// Owner returns the defining operation.
func (r *OpResult) Owner() *Operation { return r.owner }

// Index returns the result number.
func (r *OpResult) Index() int { return r.index }

// ParentBlock returns the block of the defining operation.
func (r *OpResult) ParentBlock() *Block { return r.owner.block }

// Loc returns the defining operation's location.
func (r *OpResult) Loc() Location { return r.owner.loc }

// BlockArgument is a value defined by a block.
type BlockArgument struct {
	valueImpl
	owner *Block
	index int
	loc   Location
}

// Owner returns the block.
func (a *BlockArgument) Owner() *Block { return a.owner }

// Index returns the argument number.
func (a *BlockArgument) Index() int { return a.index }

// ParentBlock returns the owning block.
func (a *BlockArgument) ParentBlock() *Block { return a.owner }

// Loc returns the argument's location.
func (a *BlockArgument) Loc() Location { return a.loc }

// SetLoc sets the argument's location.
func (a *BlockArgument) SetLoc(l Location) { a.loc = l }

// DefiningOp returns the operation that defines v, or nil for block arguments.
func DefiningOp(v Value) *Operation {
	if r, ok := v.(*OpResult); ok {
		return r.owner
	}
	return nil
}

// OpOperand is one use of a value by an operation.
type OpOperand struct {
	value    Value
	owner    *Operation
	index    int
	next     *OpOperand
	prevNext **OpOperand
}

// Get returns the used value.
func (o *OpOperand) Get() Value { return o.value }

// Owner returns the using operation.
func (o *OpOperand) Owner() *Operation { return o.owner }

// Index returns the operand number within the owner.
func (o *OpOperand) Index() int { return o.index }

// Set makes the operand use v.
func (o *OpOperand) Set(v Value) {
	o.unlink()
	o.value = v
	o.link()
}

func (o *OpOperand) link() {
	if o.value == nil {
		return
	}
	vi := o.value.impl()
	o.next = vi.firstUse
	if o.next != nil {
		o.next.prevNext = &o.next
	}
	o.prevNext = &vi.firstUse
	vi.firstUse = o
}

func (o *OpOperand) unlink() {
	if o.prevNext == nil {
		return
	}
	*o.prevNext = o.next
	if o.next != nil {
		o.next.prevNext = o.prevNext
	}
	o.next, o.prevNext = nil, nil
}

// BlockOperand is one use of a block as a successor of a terminator.
type BlockOperand struct {
	block    *Block
	owner    *Operation
	index    int
	next     *BlockOperand
	prevNext **BlockOperand
}

// Get returns the successor block.
func (o *BlockOperand) Get() *Block { return o.block }

// Owner returns the terminator.
func (o *BlockOperand) Owner() *Operation { return o.owner }

// Set makes the successor point at b.
func (o *BlockOperand) Set(b *Block) {
	o.unlink()
	o.block = b
	o.link()
}

func (o *BlockOperand) link() {
	if o.block == nil {
		return
	}
	o.next = o.block.firstPred
	if o.next != nil {
		o.next.prevNext = &o.next
	}
	o.prevNext = &o.block.firstPred
	o.block.firstPred = o
}

func (o *BlockOperand) unlink() {
	if o.prevNext == nil {
		return
	}
	*o.prevNext = o.next
	if o.next != nil {
		o.next.prevNext = o.prevNext
	}
	o.next, o.prevNext = nil, nil
}
