package ir

import "slices"

// Region is a list of blocks owned by an operation.
type Region struct {
	blocks []*Block
	parent *Operation
}

// Blocks returns the blocks. Do not modify the slice.
func (r *Region) Blocks() []*Block { return r.blocks }

// NumBlocks returns the block count.
func (r *Region) NumBlocks() int { return len(r.blocks) }

// Empty reports whether the region has no blocks.
func (r *Region) Empty() bool { return len(r.blocks) == 0 }

// Front returns the entry block, or nil.
func (r *Region) Front() *Block {
	if len(r.blocks) == 0 {
		return nil
	}
	return r.blocks[0]
}

// ParentOp returns the owning operation.
func (r *Region) ParentOp() *Operation { return r.parent }

// Index returns the region's position in its parent op.
func (r *Region) Index() int { return slices.Index(r.parent.regions, r) }

// PushBack appends a block.
func (r *Region) PushBack(b *Block) { r.InsertBlock(len(r.blocks), b) }

// InsertBlock inserts b at position i.
func (r *Region) InsertBlock(i int, b *Block) {
	if b.parent != nil {
		panic("ir: block already belongs to a region")
	}
	b.parent = r
	r.blocks = slices.Insert(r.blocks, i, b)
}

// InsertBlockAfter inserts b right after pos.
func (r *Region) InsertBlockAfter(pos, b *Block) {
	r.InsertBlock(slices.Index(r.blocks, pos)+1, b)
}

// RemoveBlock unlinks b without destroying it.
func (r *Region) RemoveBlock(b *Block) {
	if i := slices.Index(r.blocks, b); i >= 0 {
		r.blocks = slices.Delete(r.blocks, i, i+1)
		b.parent = nil
	}
}

// TakeBody moves all blocks of other into r, which must be empty.
func (r *Region) TakeBody(other *Region) {
	for _, b := range other.blocks {
		b.parent = r
	}
	r.blocks = append(r.blocks, other.blocks...)
	other.blocks = nil
}

// dropBlocks destroys every block of the region.
func (r *Region) dropBlocks() {
	for _, b := range r.blocks {
		b.dropOps()
		b.parent = nil
	}
	r.blocks = nil
}

// IsAncestorOf reports whether r contains op (at any depth).
func (r *Region) IsAncestorOf(op *Operation) bool {
	for o := op; o != nil; o = o.ParentOp() {
		if o.ParentRegion() == r {
			return true
		}
	}
	return false
}

// CloneInto clones r's blocks into dst (appending), remapping through m.
func (r *Region) CloneInto(dst *Region, m *Mapping) {
	start := len(dst.blocks)
	r.cloneBlocksInto(dst, m)
	for _, b := range dst.blocks[start:] {
		for o := b.first; o != nil; o = o.next {
			remapOperandsDeep(o, m)
		}
	}
}

func (r *Region) cloneBlocksInto(dst *Region, m *Mapping) {
	// Create all blocks first so branches to later blocks can be remapped.
	newBlocks := make([]*Block, len(r.blocks))
	for i, b := range r.blocks {
		nb := &Block{}
		for _, a := range b.args {
			m.Map(a, nb.AddArgument(a.typ, a.loc))
		}
		m.MapBlock(b, nb)
		newBlocks[i] = nb
	}
	for i, b := range r.blocks {
		for o := b.first; o != nil; o = o.next {
			newBlocks[i].Append(o.cloneShallowRegions(m))
		}
		dst.PushBack(newBlocks[i])
	}
}
