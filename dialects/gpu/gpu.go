// Package gpu defines MLIR 16's gpu dialect as tt uses it: kernel modules
// (gpu.module) holding kernels (gpu.func with the `kernel` unit attribute,
// workgroup and private memory attributions), their launch from host code
// (gpu.launch_func, and gpu.launch with the kernel body inline), the ids
// and sizes of the thread hierarchy (gpu.thread_id, block_id, block_dim,
// grid_dim, lane_id), block-wide barriers (gpu.barrier) and warp shuffles
// (gpu.shuffle), with MLIR's op names, attributes, custom forms and
// verifier messages, so that tt's output parses in mlir-opt and means the
// same.
//
// Kernels read and write memrefs with the loops dialect's loads and
// stores; the memory space of a memref says where it lives
// (#gpu.address_space<workgroup> for memory shared by a block's threads,
// #gpu.address_space<private> for a thread's own, none for global memory).
package gpu

import "github.com/tt-compiler/tt/ir"

// Names of the discardable attributes the dialect gives meaning to.
const (
	// KernelAttrName is the unit attribute that marks a gpu.func as a
	// kernel that gpu.launch_func may launch.
	KernelAttrName = "gpu.kernel"
	// ContainerModuleAttrName is the unit attribute of a builtin.module
	// whose functions launch kernels of its gpu.module ops.
	ContainerModuleAttrName = "gpu.container_module"
	// WorkgroupAttributionsAttrName is gpu.func's count of workgroup
	// attributions (the entry block arguments after the function's).
	WorkgroupAttributionsAttrName = "workgroup_attributions"
)

// Dimension is an axis of the grid or of a block: x, y or z.
type Dimension uint32

// The dimensions, in MLIR's order.
const (
	DimX Dimension = iota
	DimY
	DimZ
)

// DimensionEnum spells the dimensions.
var DimensionEnum = &ir.Enum[Dimension]{
	Name:  "::mlir::gpu::Dimension",
	Cases: []ir.EnumCase[Dimension]{{Keyword: "x", Value: DimX}, {Keyword: "y", Value: DimY}, {Keyword: "z", Value: DimZ}},
}

// DimensionAttrDef defines #gpu<dim x>: its parameter follows the mnemonic
// after a space, so MLIR writes it in the #dialect<...> form.
var DimensionAttrDef = &ir.DialectAttrDef[Dimension]{
	Name:        "gpu.dim",
	Summary:     "a dimension, either 'x', 'y', or 'z'",
	Description: "One of: x, y, z. Written `#gpu<dim x>`.",
	Parse:       DimensionEnum.Parse,
	Print: func(p ir.AsmPrinter, v Dimension) {
		p.Print(" ")
		DimensionEnum.Print(p, v)
	},
}

// ShuffleMode is how gpu.shuffle picks the lane it reads from.
type ShuffleMode uint32

// The shuffle modes, in MLIR's order.
const (
	ShuffleXor ShuffleMode = iota
	ShuffleUp
	ShuffleDown
	ShuffleIdx
)

// ShuffleModeEnum spells the shuffle modes.
var ShuffleModeEnum = &ir.Enum[ShuffleMode]{
	Name: "::mlir::gpu::ShuffleMode",
	Cases: []ir.EnumCase[ShuffleMode]{
		{Keyword: "xor", Value: ShuffleXor}, {Keyword: "up", Value: ShuffleUp},
		{Keyword: "down", Value: ShuffleDown}, {Keyword: "idx", Value: ShuffleIdx},
	},
}

// ShuffleModeAttrDef defines #gpu<shuffle_mode xor>.
var ShuffleModeAttrDef = &ir.DialectAttrDef[ShuffleMode]{
	Name:        "gpu.shuffle_mode",
	Summary:     "Indexing modes supported by gpu.shuffle.",
	Description: "One of: xor, up, down, idx. Written `#gpu<shuffle_mode xor>`.",
	Parse:       ShuffleModeEnum.Parse,
	Print: func(p ir.AsmPrinter, v ShuffleMode) {
		p.Print(" ")
		ShuffleModeEnum.Print(p, v)
	},
}

// AddressSpace is the memory space of a memref in a kernel.
type AddressSpace uint32

// The address spaces, in MLIR's order.
const (
	// Global memory is visible to every thread of every block (and the
	// host); a memref without a memory space is global.
	Global AddressSpace = iota + 1
	// Workgroup memory is shared by the threads of one block.
	Workgroup
	// Private memory belongs to one thread.
	Private
)

// AddressSpaceEnum spells the address spaces.
var AddressSpaceEnum = &ir.Enum[AddressSpace]{
	Name: "::mlir::gpu::AddressSpace",
	Cases: []ir.EnumCase[AddressSpace]{
		{Keyword: "global", Value: Global}, {Keyword: "workgroup", Value: Workgroup}, {Keyword: "private", Value: Private},
	},
}

// AddressSpaceAttrDef defines #gpu.address_space<workgroup>, the memory
// space of memrefs in workgroup or private memory.
var AddressSpaceAttrDef = ir.EnumAttrDef("gpu.address_space", "GPU address space", AddressSpaceEnum)

// AsyncTokenTypeDef defines !gpu.async.token, the type of the values that
// order asynchronous launches.
var AsyncTokenTypeDef = &ir.DialectTypeDef[struct{}]{
	Name:        "gpu.async.token",
	Summary:     "async token type",
	Description: "Orders asynchronous gpu operations: an op given tokens starts after the ops that produced them.",
}

// AsyncToken returns !gpu.async.token.
func AsyncToken(ctx *ir.Context) ir.Type { return AsyncTokenTypeDef.Get(ctx, struct{}{}) }

// IsAsyncToken reports whether t is !gpu.async.token.
func IsAsyncToken(t ir.Type) bool {
	d, ok := t.(*ir.DialectType)
	return ok && d.Def() == ir.TypeDefinition(AsyncTokenTypeDef)
}

// MemorySpace returns the gpu address space of a memref type: Global for
// a memref without a memory space, ok false for any other type or memory
// space.
func MemorySpace(t ir.Type) (AddressSpace, bool) {
	m, ok := t.(*ir.MemRefType)
	if !ok {
		return 0, false
	}
	if m.MemorySpace == nil {
		return Global, true
	}
	return AddressSpaceAttrDef.Value(m.MemorySpace)
}

// Dialect is the gpu dialect.
var Dialect = &ir.Dialect{
	Name:    "gpu",
	Summary: "GPU kernels, their launch, thread ids, barriers and shuffles (MLIR 16's gpu dialect)",
	Description: "Kernel modules and functions, launches from host code, the ids and sizes of the thread " +
		"hierarchy, barriers and warp shuffles, with MLIR 16's names, attributes and syntax. A kernel is a " +
		"`gpu.func` marked `kernel` in a `gpu.module`; the host launches it with `gpu.launch_func` from a module " +
		"marked `gpu.container_module`. Kernels access memrefs with the loops dialect's ops; the memory space " +
		"`#gpu.address_space<workgroup>` marks memory shared by a block's threads, `<private>` a thread's own.",
	Ops: []*ir.OpDef{
		ModuleDef, ModuleEndDef, FuncDef, ReturnDef, LaunchFuncDef, LaunchDef, TerminatorDef,
		ThreadIDDef, BlockIDDef, BlockDimDef, GridDimDef, LaneIDDef, BarrierDef, ShuffleDef,
	},
	Attrs: []ir.AttrDefinition{DimensionAttrDef, ShuffleModeAttrDef, AddressSpaceAttrDef},
	Types: []ir.TypeDefinition{AsyncTokenTypeDef},
}
