package ir

import (
	"fmt"
	"iter"
	"slices"
)

// Block is a list of operations with arguments, inside a region.
type Block struct {
	args        []*BlockArgument
	first, last *Operation
	parent      *Region
	firstPred   *BlockOperand
	orderValid  bool
}

// NewBlock returns a detached block with arguments of the given types.
// locs may be nil (unknown locations).
func NewBlock(types []Type, locs []Location) *Block {
	b := &Block{}
	for i, t := range types {
		var l Location = Unknown
		if i < len(locs) && locs[i] != nil {
			l = locs[i]
		}
		b.AddArgument(t, l)
	}
	return b
}

// Args returns the block arguments. Do not modify the slice.
func (b *Block) Args() []*BlockArgument { return b.args }

// NumArgs returns the argument count.
func (b *Block) NumArgs() int { return len(b.args) }

// Arg returns argument i.
func (b *Block) Arg(i int) *BlockArgument { return b.args[i] }

// ArgValues returns the arguments as values.
func (b *Block) ArgValues() []Value {
	vs := make([]Value, len(b.args))
	for i, a := range b.args {
		vs[i] = a
	}
	return vs
}

// ArgTypes returns the argument types.
func (b *Block) ArgTypes() []Type {
	ts := make([]Type, len(b.args))
	for i, a := range b.args {
		ts[i] = a.typ
	}
	return ts
}

// AddArgument appends an argument.
func (b *Block) AddArgument(t Type, loc Location) *BlockArgument {
	a := &BlockArgument{valueImpl: valueImpl{typ: t}, owner: b, index: len(b.args), loc: loc}
	b.args = append(b.args, a)
	return a
}

// EraseArgument removes argument i, which must have no uses.
func (b *Block) EraseArgument(i int) {
	if !b.args[i].UseEmpty() {
		panic(fmt.Sprintf("ir: erasing block argument #%d that still has uses", i))
	}
	b.args = slices.Delete(b.args, i, i+1)
	for j := i; j < len(b.args); j++ {
		b.args[j].index = j
	}
}

// Parent returns the containing region.
func (b *Block) Parent() *Region { return b.parent }

// ParentOp returns the operation that owns the containing region.
func (b *Block) ParentOp() *Operation {
	if b.parent == nil {
		return nil
	}
	return b.parent.parent
}

// First returns the first operation, or nil.
func (b *Block) First() *Operation { return b.first }

// Last returns the last operation, or nil.
func (b *Block) Last() *Operation { return b.last }

// Empty reports whether the block has no operations.
func (b *Block) Empty() bool { return b.first == nil }

// Terminator returns the last op when it has the Terminator trait (or is
// unregistered: MLIR treats an unknown last op as a possible terminator).
func (b *Block) Terminator() *Operation {
	if b.last != nil && (b.last.def == nil || b.last.HasTrait(Terminator)) {
		return b.last
	}
	return nil
}

// Ops iterates over the block's ops. Erasing or moving the current op while
// iterating is allowed.
func (b *Block) Ops() iter.Seq[*Operation] {
	return func(yield func(*Operation) bool) {
		for o := b.first; o != nil; {
			next := o.next
			if !yield(o) {
				return
			}
			o = next
		}
	}
}

// NumOps counts the operations.
func (b *Block) NumOps() int {
	n := 0
	for o := b.first; o != nil; o = o.next {
		n++
	}
	return n
}

// Append adds op at the end of the block.
func (b *Block) Append(op *Operation) { b.insertBefore(op, nil) }

// InsertBefore inserts op before pos (at the end when pos is nil).
func (b *Block) InsertBefore(op, pos *Operation) { b.insertBefore(op, pos) }

// Prepend adds op at the start of the block.
func (b *Block) Prepend(op *Operation) { b.insertBefore(op, b.first) }

func (b *Block) insertBefore(op, pos *Operation) {
	if op.block != nil {
		panic("ir: inserting an operation that is already in a block")
	}
	if pos != nil && pos.block != b {
		panic("ir: insertion point is not in this block")
	}
	op.block = b
	op.next = pos
	if pos == nil {
		op.prev = b.last
		b.last = op
	} else {
		op.prev = pos.prev
		pos.prev = op
	}
	if op.prev == nil {
		b.first = op
	} else {
		op.prev.next = op
	}
	b.orderValid = false
}

func (b *Block) unlinkOp(op *Operation) {
	if op.prev == nil {
		b.first = op.next
	} else {
		op.prev.next = op.next
	}
	if op.next == nil {
		b.last = op.prev
	} else {
		op.next.prev = op.prev
	}
	op.prev, op.next, op.block = nil, nil, nil
}

func (b *Block) renumber() {
	i := 0
	for o := b.first; o != nil; o = o.next {
		o.order = i
		i++
	}
	b.orderValid = true
}

// Predecessors returns the terminators that branch to b (with repeats when a
// terminator names b twice), in use-list order.
func (b *Block) Predecessors() []*Operation {
	var out []*Operation
	for u := b.firstPred; u != nil; u = u.next {
		out = append(out, u.owner)
	}
	return out
}

// HasNoPredecessors reports whether no terminator branches to b.
func (b *Block) HasNoPredecessors() bool { return b.firstPred == nil }

// Successors returns the successors of the block's terminator.
func (b *Block) Successors() []*Block {
	t := b.last
	if t == nil {
		return nil
	}
	out := make([]*Block, len(t.successors))
	for i := range t.successors {
		out[i] = t.successors[i].block
	}
	return out
}

// IsEntry reports whether b is the first block of its region.
func (b *Block) IsEntry() bool {
	return b.parent != nil && len(b.parent.blocks) > 0 && b.parent.blocks[0] == b
}

// Erase removes the block from its region and destroys its ops.
func (b *Block) Erase() {
	if b.parent != nil {
		b.parent.RemoveBlock(b)
	}
	b.dropOps()
}

func (b *Block) dropOps() {
	for o := b.first; o != nil; o = o.next {
		o.DropAllReferences()
	}
	for o := b.first; o != nil; {
		next := o.next
		for _, r := range o.regions {
			r.dropBlocks()
		}
		o = next
	}
	b.first, b.last = nil, nil
}

// SplitBefore moves op and everything after it into a new block inserted
// after b, and returns the new block.
func (b *Block) SplitBefore(op *Operation) *Block {
	nb := &Block{}
	b.parent.InsertBlockAfter(b, nb)
	for o := op; o != nil; {
		next := o.next
		o.Remove()
		nb.Append(o)
		o = next
	}
	return nb
}
