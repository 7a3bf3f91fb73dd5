package ir

import "fmt"

// Listener is notified of changes made through a Builder or PatternRewriter.
type Listener interface {
	// OpInserted is called after op was inserted into a block.
	OpInserted(op *Operation)
}

// Builder creates operations at an insertion point.
type Builder struct {
	Ctx *Context
	// Listener, when set, is told about every inserted op.
	Listener Listener
	// Loc, when set, is the location Create gives ops whose state has none.
	Loc    Location
	block  *Block
	before *Operation // insert before this op; nil = at the end of block
}

// NewBuilder returns a builder with no insertion point.
func NewBuilder(ctx *Context) *Builder { return &Builder{Ctx: ctx} }

// InsertionPoint is a saved builder position.
type InsertionPoint struct {
	block  *Block
	before *Operation
}

// SaveInsertionPoint returns the current position.
func (b *Builder) SaveInsertionPoint() InsertionPoint { return InsertionPoint{b.block, b.before} }

// RestoreInsertionPoint returns to a saved position.
func (b *Builder) RestoreInsertionPoint(ip InsertionPoint) { b.block, b.before = ip.block, ip.before }

// SetInsertionPointToEnd makes new ops go at the end of blk.
func (b *Builder) SetInsertionPointToEnd(blk *Block) { b.block, b.before = blk, nil }

// SetInsertionPointToStart makes new ops go at the start of blk.
func (b *Builder) SetInsertionPointToStart(blk *Block) { b.block, b.before = blk, blk.first }

// SetInsertionPointBefore makes new ops go right before op.
func (b *Builder) SetInsertionPointBefore(op *Operation) { b.block, b.before = op.block, op }

// SetInsertionPointAfter makes new ops go right after op.
func (b *Builder) SetInsertionPointAfter(op *Operation) { b.block, b.before = op.block, op.next }

// InsertionBlock returns the block new ops go into.
func (b *Builder) InsertionBlock() *Block { return b.block }

// Insert places a detached op at the insertion point and returns it.
func (b *Builder) Insert(op *Operation) *Operation {
	if b.block == nil {
		panic("ir: builder has no insertion point")
	}
	b.block.insertBefore(op, b.before)
	if b.Listener != nil {
		b.Listener.OpInserted(op)
	}
	return op
}

// Create builds an op from st and inserts it. When st has no result types
// and the op can infer them, they are inferred.
func (b *Builder) Create(st *OperationState) (*Operation, error) {
	if st.Loc == nil {
		st.Loc = b.Loc
	}
	if st.ResultTypes == nil {
		if def := b.Ctx.LookupOp(st.Name); def != nil && def.InferResultTypes != nil {
			ts, err := def.InferResultTypes(b.Ctx, st.Operands, st.Attrs, st.Regions)
			if err != nil {
				return nil, Errorf(st.Loc, "'%s' op %v", st.Name, err)
			}
			st.ResultTypes = ts
		}
	}
	return b.Insert(b.Ctx.NewOp(st)), nil
}

// Build is the infallible form of Create that generated builders use: when
// the result types cannot be inferred (operands of the wrong types, a bad
// attribute), the op is still created, with placeholder result types (the
// first operand's type, or none), so that code building IR needs no error
// checks; the op's verifier reports the problem, located at the op. Verify
// what you build. Building an op whose dialect is not loaded in the
// context is a programming error and panics, as in MLIR.
func (b *Builder) Build(st *OperationState) *Operation {
	if b.Ctx.LookupOp(st.Name) == nil {
		panic(fmt.Sprintf("ir: building %s, but its dialect is not loaded in this context", st.Name))
	}
	op, err := b.Create(st)
	if err == nil {
		return op
	}
	st.ResultTypes = placeholderResultTypes(b.Ctx, st)
	return b.Insert(b.Ctx.NewOp(st))
}

// placeholderResultTypes gives every declared non-variadic result of st's
// op the first operand's type (or none).
func placeholderResultTypes(ctx *Context, st *OperationState) []Type {
	t := ctx.None()
	if len(st.Operands) > 0 && st.Operands[0] != nil {
		t = st.Operands[0].Type()
	}
	var ts []Type
	for _, r := range ctx.LookupOp(st.Name).Results {
		if !r.Variadic && !r.Optional {
			ts = append(ts, t)
		}
	}
	return ts
}

// MustCreate is Create for op construction that cannot fail (types are
// known to be valid); it panics on inference errors, which are bugs in the
// caller.
func (b *Builder) MustCreate(st *OperationState) *Operation {
	op, err := b.Create(st)
	if err != nil {
		panic(err)
	}
	return op
}

// CreateBlock appends a new block to r with the given argument types and
// moves the insertion point to its end.
func (b *Builder) CreateBlock(r *Region, argTypes []Type, locs []Location) *Block {
	blk := NewBlock(argTypes, locs)
	r.PushBack(blk)
	b.SetInsertionPointToEnd(blk)
	return blk
}

// Clone clones op through m and inserts the clone.
func (b *Builder) Clone(op *Operation, m *Mapping) *Operation {
	return b.Insert(op.Clone(m))
}
