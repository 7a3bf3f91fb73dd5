package gpu

import "github.com/tt-compiler/tt/ir"

// Builders of the ops whose generated builder would serve badly (regions,
// enum attributes, operand segments). Like the generated ones they are
// infallible: operands of the wrong types make an op that fails
// verification.

// Module builds an empty gpu.module @name (its body holds only the
// gpu.module_end) at b's insertion point with location b.Loc.
func Module(b *ir.Builder, name string) ModuleOp {
	st := &ir.OperationState{Name: ModuleName}
	st.AddAttr(ir.SymbolAttrName, ir.String(name))
	r := st.AddRegion()
	op := b.Build(st)
	r.PushBack(ir.NewBlock(nil, nil))
	r.Front().Append(b.Ctx.NewOp(&ir.OperationState{Name: ModuleEndName, Loc: op.Loc()}))
	return ModuleOp{Op: op}
}

// Body returns the block of a gpu.module.
func (o ModuleOp) Body() *ir.Block { return o.Op.Region(0).Front() }

// Func builds a gpu.func @name with signature ft (a kernel when kernel is
// set) and an entry block holding the arguments, then one argument per
// workgroup attribution, then one per private attribution, at b's
// insertion point (in a gpu.module's body, before its gpu.module_end) with
// location b.Loc. The caller fills the body and ends it with Return.
func Func(b *ir.Builder, name string, ft *ir.FunctionType, kernel bool, workgroup, private []ir.Type) FuncOp {
	st := &ir.OperationState{Name: FuncName}
	st.AddAttr(ir.SymbolAttrName, ir.String(name))
	st.AddAttr(FunctionTypeAttr, &ir.TypeAttr{Value: ft})
	st.AddAttr(WorkgroupAttributionsAttrName, ir.Int(b.Ctx.I64(), int64(len(workgroup))))
	if kernel {
		st.AddAttr(KernelAttrName, ir.UnitAttr{})
	}
	r := st.AddRegion()
	op := b.Build(st)
	types := append(append(append([]ir.Type{}, ft.Inputs...), workgroup...), private...)
	locs := make([]ir.Location, len(types))
	for i := range locs {
		locs[i] = op.Loc()
	}
	r.PushBack(ir.NewBlock(types, locs))
	return FuncOp{Op: op}
}

// Entry returns the entry block of a gpu.func.
func (o FuncOp) Entry() *ir.Block { return o.Op.Region(0).Front() }

// Arguments returns the function's arguments (the entry block's first
// arguments, before the attributions).
func (o FuncOp) Arguments() []ir.Value {
	return o.Entry().ArgValues()[:len(FuncType(o.Op).Inputs)]
}

// LaunchFunc builds a gpu.launch_func of kernel (@module::@func) on a grid
// of grid[0]×grid[1]×grid[2] blocks of block[0]×block[1]×block[2] threads
// with the kernel's arguments, at b's insertion point with location b.Loc.
func LaunchFunc(b *ir.Builder, kernel *ir.SymbolRefAttr, grid, block [3]ir.Value, args ...ir.Value) LaunchFuncOp {
	st := &ir.OperationState{Name: LaunchFuncName, ResultTypes: []ir.Type{}}
	st.Operands = append(append(append(st.Operands, grid[:]...), block[:]...), args...)
	st.AddAttr(KernelAttr, kernel)
	st.AddAttr(ir.OperandSegmentSizesAttr, &ir.DenseArrayAttr{Elem: b.Ctx.I32(), Ints: []int64{0, 1, 1, 1, 1, 1, 1, 0, int64(len(args))}})
	return LaunchFuncOp{Op: b.Build(st)}
}

// Launch builds a gpu.launch on a grid of grid[0]×grid[1]×grid[2] blocks of
// block[0]×block[1]×block[2] threads with an empty body block holding the
// 12 index arguments (block ids, thread ids, grid sizes, block sizes), at
// b's insertion point with location b.Loc. The caller fills the body and
// ends it with Terminator.
func Launch(b *ir.Builder, grid, block [3]ir.Value) LaunchOp {
	st := &ir.OperationState{Name: LaunchName, ResultTypes: []ir.Type{}}
	st.Operands = append(append(st.Operands, grid[:]...), block[:]...)
	st.AddAttr(ir.OperandSegmentSizesAttr, &ir.DenseArrayAttr{Elem: b.Ctx.I32(), Ints: []int64{0, 1, 1, 1, 1, 1, 1, 0}})
	r := st.AddRegion()
	op := b.Build(st)
	types := make([]ir.Type, NumConfigRegionArgs)
	locs := make([]ir.Location, NumConfigRegionArgs)
	for i := range types {
		types[i], locs[i] = b.Ctx.Index(), op.Loc()
	}
	r.PushBack(ir.NewBlock(types, locs))
	return LaunchOp{Op: op}
}

// BodyBlock returns the body block of a gpu.launch.
func (o LaunchOp) BodyBlock() *ir.Block { return o.Op.Region(0).Front() }

// BlockIDs returns the body arguments holding the block ids (x, y, z).
func (o LaunchOp) BlockIDs() []ir.Value { return o.BodyBlock().ArgValues()[0:3] }

// ThreadIDs returns the body arguments holding the thread ids (x, y, z).
func (o LaunchOp) ThreadIDs() []ir.Value { return o.BodyBlock().ArgValues()[3:6] }

// GridSizeArgs returns the body arguments holding the grid sizes.
func (o LaunchOp) GridSizeArgs() []ir.Value { return o.BodyBlock().ArgValues()[6:9] }

// BlockSizeArgs returns the body arguments holding the block sizes.
func (o LaunchOp) BlockSizeArgs() []ir.Value { return o.BodyBlock().ArgValues()[9:12] }

func idBuilder(name string) func(b *ir.Builder, d Dimension) ir.Value {
	return func(b *ir.Builder, d Dimension) ir.Value {
		st := &ir.OperationState{Name: name, ResultTypes: []ir.Type{b.Ctx.Index()}}
		st.AddAttr("dimension", DimensionAttrDef.Get(d))
		return b.Build(st).Result(0)
	}
}

// ThreadID builds gpu.thread_id along d and returns its result.
func ThreadID(b *ir.Builder, d Dimension) ir.Value { return idBuilder(ThreadIDName)(b, d) }

// BlockID builds gpu.block_id along d and returns its result.
func BlockID(b *ir.Builder, d Dimension) ir.Value { return idBuilder(BlockIDName)(b, d) }

// BlockDim builds gpu.block_dim along d and returns its result.
func BlockDim(b *ir.Builder, d Dimension) ir.Value { return idBuilder(BlockDimName)(b, d) }

// GridDim builds gpu.grid_dim along d and returns its result.
func GridDim(b *ir.Builder, d Dimension) ir.Value { return idBuilder(GridDimName)(b, d) }

// Shuffle builds gpu.shuffle of value from the lane that mode and offset
// pick among width lanes, and returns its results: the value read and
// whether the lane was in range.
func Shuffle(b *ir.Builder, mode ShuffleMode, value, offset, width ir.Value) (result, valid ir.Value) {
	st := &ir.OperationState{Name: ShuffleName, Operands: []ir.Value{value, offset, width}, ResultTypes: []ir.Type{value.Type(), b.Ctx.I1()}}
	st.AddAttr("mode", ShuffleModeAttrDef.Get(mode))
	op := b.Build(st)
	return op.Result(0), op.Result(1)
}
