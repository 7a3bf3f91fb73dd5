package loops

import "github.com/tt-compiler/tt/ir"

// Builders of the ops with regions (the generator writes the others). Like
// the generated ones they are infallible: operands of the wrong types make
// an op that fails verification.

// OverwrittenAttrName is the unit attribute of a loops.alloc whose buffer
// the code writes completely before reading it, so that it does not need
// loops.alloc's zero fill: memory planning may give it a buffer freed
// earlier instead of new memory. (Discardable: dropping it only costs
// memory.)
const OverwrittenAttrName = "tt.overwritten"

// For builds a loops.for from lb to ub by step carrying inits, with an
// empty body block (the induction variable, then one argument per init),
// at b's insertion point with location b.Loc. The caller fills the body
// and ends it with Yield.
func For(b *ir.Builder, lb, ub, step ir.Value, inits ...ir.Value) ForOp {
	types := make([]ir.Type, len(inits))
	for i, x := range inits {
		types[i] = x.Type()
	}
	st := &ir.OperationState{Name: ForName, Operands: append([]ir.Value{lb, ub, step}, inits...), ResultTypes: types}
	region := st.AddRegion()
	op := b.Build(st)
	region.PushBack(ir.NewBlock(append([]ir.Type{b.Ctx.Index()}, types...), locations(op.Loc(), 1+len(types))))
	return ForOp{Op: op}
}

// BodyBlock returns the body block of the loop.
func (o ForOp) BodyBlock() *ir.Block { return o.Op.Region(0).Front() }

// InductionVar returns the loop's induction variable.
func (o ForOp) InductionVar() ir.Value { return o.BodyBlock().Arg(0) }

// RegionIterArgs returns the body's arguments for the carried values.
func (o ForOp) RegionIterArgs() []ir.Value { return o.BodyBlock().ArgValues()[1:] }

// SetReductionKinds declares how the loop combines each carried value
// (see ReductionsAttrName).
func (o ForOp) SetReductionKinds(kinds []ReductionKind) {
	o.Op.SetAttr(ReductionsAttrName, ReductionsAttr(kinds))
}

// If builds a loops.if on cond with results of the given types and two
// empty blocks, then and else (the caller ends both with Yield; an op
// without results may leave the else region empty by removing its block),
// at b's insertion point with location b.Loc.
func If(b *ir.Builder, cond ir.Value, resultTypes ...ir.Type) IfOp {
	if resultTypes == nil {
		resultTypes = []ir.Type{}
	}
	st := &ir.OperationState{Name: IfName, Operands: []ir.Value{cond}, ResultTypes: resultTypes}
	thenR, elseR := st.AddRegion(), st.AddRegion()
	op := b.Build(st)
	thenR.PushBack(ir.NewBlock(nil, nil))
	elseR.PushBack(ir.NewBlock(nil, nil))
	return IfOp{Op: op}
}

// ThenBlock returns the block of the then region.
func (o IfOp) ThenBlock() *ir.Block { return o.Op.Region(0).Front() }

// ElseBlock returns the block of the else region (nil when empty).
func (o IfOp) ElseBlock() *ir.Block { return o.Op.Region(1).Front() }

// Parallel builds a loops.parallel over the given bounds and steps (one
// per dimension) with an empty body block (one index argument per
// dimension), at b's insertion point with location b.Loc. The caller fills
// the body and ends it with Yield.
func Parallel(b *ir.Builder, lbs, ubs, steps []ir.Value) ParallelOp {
	st := &ir.OperationState{Name: ParallelName, ResultTypes: []ir.Type{}}
	st.Operands = append(append(append(st.Operands, lbs...), ubs...), steps...)
	st.AddAttr("operand_segment_sizes", &ir.DenseArrayAttr{Elem: b.Ctx.I32(), Ints: []int64{int64(len(lbs)), int64(len(ubs)), int64(len(steps))}})
	region := st.AddRegion()
	op := b.Build(st)
	types := make([]ir.Type, len(lbs))
	for i := range types {
		types[i] = b.Ctx.Index()
	}
	region.PushBack(ir.NewBlock(types, locations(op.Loc(), len(types))))
	return ParallelOp{Op: op}
}

// BodyBlock returns the body block of the loop nest.
func (o ParallelOp) BodyBlock() *ir.Block { return o.Op.Region(0).Front() }

func locations(loc ir.Location, n int) []ir.Location {
	locs := make([]ir.Location, n)
	for i := range locs {
		locs[i] = loc
	}
	return locs
}
