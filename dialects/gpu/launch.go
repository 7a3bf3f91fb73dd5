package gpu

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// KernelAttr is gpu.launch_func's attribute naming the kernel.
const KernelAttr = "kernel"

// asyncTokenC accepts !gpu.async.token.
var asyncTokenC = ir.TypeConstraint{Desc: "async token type", Check: IsAsyncToken}

// Operand groups of gpu.launch_func and gpu.launch (operand_segment_sizes).
const (
	segAsync = iota
	segGridX
	segGridY
	segGridZ
	segBlockX
	segBlockY
	segBlockZ
	segDynamicShared
	segKernelOperands
)

// configOperands are the grid and block sizes shared by gpu.launch_func
// and gpu.launch, after the async dependencies.
var configOperands = []ir.ArgDef{
	{Name: "asyncDependencies", Type: asyncTokenC, Variadic: true, Doc: "launches this one waits for"},
	{Name: "gridSizeX", Type: ir.IndexOnly}, {Name: "gridSizeY", Type: ir.IndexOnly}, {Name: "gridSizeZ", Type: ir.IndexOnly},
	{Name: "blockSizeX", Type: ir.IndexOnly}, {Name: "blockSizeY", Type: ir.IndexOnly}, {Name: "blockSizeZ", Type: ir.IndexOnly},
	{Name: "dynamicSharedMemorySize", Type: i32, Optional: true, Doc: "bytes of dynamic workgroup memory per block"},
}

// LaunchFuncDef is gpu.launch_func: launches a kernel of a gpu.module on a
// grid of blocks of threads.
//
//	gpu.launch_func  @kernels::@add blocks in (%gx, %gy, %gz) threads in (%bx, %by, %bz) args(%a : memref<?xf32>, %n : index)
var LaunchFuncDef = &ir.OpDef{
	Name:          "gpu.launch_func",
	CustomBuilder: true,
	Summary:       "Launches a function as a GPU kernel",
	Description: "Runs the kernel `kernel` (a nested symbol `@module::@func` naming a gpu.func marked `kernel` in a " +
		"gpu.module of the closest builtin.module, which must have the `gpu.container_module` attribute) on a grid of " +
		"gridSizeX×gridSizeY×gridSizeZ blocks of blockSizeX×blockSizeY×blockSizeZ threads, with the kernel operands " +
		"as arguments (as many as the kernel has, of the same types). Custom form: `gpu.launch_func [async [%deps]] " +
		"@module::@kernel blocks in (%gx, %gy, %gz) threads in (%bx, %by, %bz) [dynamic_shared_memory_size %s] " +
		"[args(%a : type, ...)]`.",
	Traits:     ir.AttrSizedOperandSegments,
	Operands:   append(append([]ir.ArgDef{}, configOperands...), ir.ArgDef{Name: "kernelOperands", Type: ir.AnyType, Variadic: true, Doc: "the kernel's arguments"}),
	Results:    []ir.ArgDef{{Name: "asyncToken", Type: asyncTokenC, Optional: true, Doc: "present for an async launch"}},
	Attrs:      []ir.AttrDef{{Name: KernelAttr, Constraint: ir.SymbolRefC, Doc: "the kernel, @module::@func"}},
	Successors: 0,
	Print:      printLaunchFunc,
	Parse:      parseLaunchFunc,
	Verify:     verifyLaunchFunc,
	VerifySymbolUses: func(op *ir.Operation, tables *ir.SymbolTableCollection) error {
		return verifyLaunchedKernel(op, tables)
	},
}

// Kernel returns the kernel symbol of a gpu.launch_func.
func Kernel(op *ir.Operation) *ir.SymbolRefAttr {
	ref, _ := op.Attr(KernelAttr).(*ir.SymbolRefAttr)
	return ref
}

// KernelOperands returns the kernel arguments of a gpu.launch_func.
func KernelOperands(op *ir.Operation) []ir.Value { return op.OperandGroup(segKernelOperands) }

// GridSizes returns the x, y and z grid size operands of a gpu.launch_func
// or gpu.launch.
func GridSizes(op *ir.Operation) []ir.Value {
	return []ir.Value{op.OperandGroup(segGridX)[0], op.OperandGroup(segGridY)[0], op.OperandGroup(segGridZ)[0]}
}

// BlockSizes returns the x, y and z block size operands of a
// gpu.launch_func or gpu.launch.
func BlockSizes(op *ir.Operation) []ir.Value {
	return []ir.Value{op.OperandGroup(segBlockX)[0], op.OperandGroup(segBlockY)[0], op.OperandGroup(segBlockZ)[0]}
}

// AsyncDependencies returns the async dependencies of a gpu.launch_func
// or gpu.launch.
func AsyncDependencies(op *ir.Operation) []ir.Value { return op.OperandGroup(segAsync) }

// DynamicSharedMemorySize returns the dynamic shared memory operand of a
// gpu.launch_func or gpu.launch, or nil.
func DynamicSharedMemorySize(op *ir.Operation) ir.Value {
	if g := op.OperandGroup(segDynamicShared); len(g) == 1 {
		return g[0]
	}
	return nil
}

// printAsync writes MLIR's custom<AsyncDependencies>: "async", then
// " [%deps]" when there are dependencies (nothing at all for a
// synchronous op without any).
func printAsync(p ir.OpPrinter, op *ir.Operation) {
	async := op.NumResults() > 0
	deps := AsyncDependencies(op)
	if async {
		p.Print("async")
	}
	if len(deps) == 0 {
		return
	}
	if async {
		p.Print(" ")
	}
	p.Print("[")
	p.PrintOperands(deps)
	p.Print("]")
}

// parseAsync reads "[async] [[%deps]]" into st: the dependencies as
// operands and, for async, the token result.
func parseAsync(p ir.OpParser, st *ir.OperationState) (int, error) {
	token := AsyncToken(p.Context())
	if p.ParseOptionalKeyword("async") {
		st.ResultTypes = []ir.Type{token}
	} else {
		st.ResultTypes = []ir.Type{}
	}
	if !p.ParseOptionalPunct("[") {
		return 0, nil
	}
	n := 0
	if !p.ParseOptionalPunct("]") {
		for {
			u, err := p.ParseOperand()
			if err != nil {
				return 0, err
			}
			v, err := p.ResolveOperand(u, token)
			if err != nil {
				return 0, err
			}
			st.Operands = append(st.Operands, v)
			n++
			if p.ParseOptionalPunct("]") {
				break
			}
			if err := p.ParsePunct(","); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

func printLaunchFunc(p ir.OpPrinter, op *ir.Operation) {
	// MLIR 16's assembly format writes a space before each directive, so
	// a synchronous launch has two after the op name.
	p.Print(" ")
	printAsync(p, op)
	p.Print(" ")
	p.PrintAttribute(Kernel(op))
	p.Print(" blocks in (")
	p.PrintOperands(GridSizes(op))
	p.Print(") threads in (")
	p.PrintOperands(BlockSizes(op))
	p.Print(")")
	if s := DynamicSharedMemorySize(op); s != nil {
		p.Print(" dynamic_shared_memory_size ")
		p.PrintOperand(s)
	}
	p.Print(" ")
	if args := KernelOperands(op); len(args) > 0 {
		p.Print("args(")
		for i, a := range args {
			if i > 0 {
				p.Print(", ")
			}
			p.PrintOperand(a)
			p.Print(" : ")
			p.PrintType(a.Type())
		}
		p.Print(")")
	}
	p.PrintOptionalAttrDict(op.Attrs(), ir.OperandSegmentSizesAttr, KernelAttr)
}

// parseSizes reads "(%x, %y, %z)" as index operands.
func parseSizes(p ir.OpParser, st *ir.OperationState) error {
	us, err := p.ParseOperandList(ir.DelimParen)
	if err != nil {
		return err
	}
	if len(us) != 3 {
		return p.Errorf("expected 3 sizes (x, y, z), got %d", len(us))
	}
	for _, u := range us {
		v, err := p.ResolveOperand(u, p.Context().Index())
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
	}
	return nil
}

func parseLaunchFunc(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	nAsync, err := parseAsync(p, st)
	if err != nil {
		return err
	}
	kernel, err := p.ParseAttribute(nil)
	if err != nil {
		return err
	}
	if _, ok := kernel.(*ir.SymbolRefAttr); !ok {
		return p.Errorf("expected a symbol reference to the kernel, got %s", kernel)
	}
	st.AddAttr(KernelAttr, kernel)
	for _, kw := range []string{"blocks", "threads"} {
		if err := p.ParseKeyword(kw); err != nil {
			return err
		}
		if err := p.ParseKeyword("in"); err != nil {
			return err
		}
		if err := parseSizes(p, st); err != nil {
			return err
		}
	}
	nShared := 0
	if p.ParseOptionalKeyword("dynamic_shared_memory_size") {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, ctx.I32())
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
		nShared = 1
	}
	nArgs := 0
	if p.ParseOptionalKeyword("args") {
		if err := p.ParsePunct("("); err != nil {
			return err
		}
		for {
			u, err := p.ParseOperand()
			if err != nil {
				return err
			}
			t, err := p.ParseColonType()
			if err != nil {
				return err
			}
			v, err := p.ResolveOperand(u, t)
			if err != nil {
				return err
			}
			st.Operands = append(st.Operands, v)
			nArgs++
			if p.ParseOptionalPunct(")") {
				break
			}
			if err := p.ParsePunct(","); err != nil {
				return err
			}
		}
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	st.AddAttr(ir.OperandSegmentSizesAttr, &ir.DenseArrayAttr{Elem: ctx.I32(),
		Ints: []int64{int64(nAsync), 1, 1, 1, 1, 1, 1, int64(nShared), int64(nArgs)}})
	return nil
}

// verifySegments checks what the core's check of operand_segment_sizes
// leaves to the op: one operand in each fixed group, at most one in an
// optional group.
func verifySegments(op *ir.Operation) error {
	sizes, ok := op.Attr(ir.OperandSegmentSizesAttr).(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	for i, d := range op.Def().Operands {
		if i >= len(sizes.Ints) {
			break
		}
		n := sizes.Ints[i]
		switch {
		case n < 0:
			return fmt.Errorf("operand group %s has negative size %d", d.Name, n)
		case !d.Variadic && !d.Optional && n != 1:
			return fmt.Errorf("operand group %s requires 1 element, but found %d", d.Name, n)
		case d.Optional && n > 1:
			return fmt.Errorf("operand group %s requires 0 or 1 element, but found %d", d.Name, n)
		}
	}
	return nil
}

// verifyLaunchFunc is MLIR's LaunchFuncOp::verify, after the operand
// segments.
func verifyLaunchFunc(op *ir.Operation) error {
	if err := verifySegments(op); err != nil {
		return err
	}
	module := op.ParentOp()
	for module != nil && module.Name() != ir.ModuleOpName {
		module = module.ParentOp()
	}
	if module == nil {
		return fmt.Errorf("expected to belong to a module")
	}
	if module.Attr(ContainerModuleAttrName) == nil {
		return fmt.Errorf("expected the closest surrounding module to have the '%s' attribute", ContainerModuleAttrName)
	}
	return nil
}

// verifyLaunchedKernel is what MLIR checks of every launch when it
// verifies a gpu.container_module: the kernel module and function exist,
// the function is a kernel, and the operands match its arguments.
func verifyLaunchedKernel(op *ir.Operation, tables *ir.SymbolTableCollection) error {
	ref := Kernel(op)
	if ref == nil {
		return nil
	}
	module := op.ParentOp()
	for module != nil && module.Name() != ir.ModuleOpName {
		module = module.ParentOp()
	}
	if module == nil {
		return nil
	}
	kmod := tables.LookupIn(module, ir.SymbolRef(ref.Root))
	if kmod == nil || kmod.Name() != ModuleName {
		return ir.OpError(op, "kernel module '%s' is undefined", ref.Root)
	}
	fn := tables.LookupIn(module, ref)
	if fn == nil {
		return ir.OpError(op, "kernel function '%s' is undefined", ref)
	}
	if fn.Def() == nil || fn.Def().Callable == nil {
		return ir.OpError(op, "referenced kernel '%s' is not a function", ref).AttachNote(fn.Loc(), "see the kernel definition here")
	}
	if fn.Attr(KernelAttrName) == nil {
		return ir.OpError(op, "kernel function is missing the '%s' attribute", KernelAttrName)
	}
	if fn.Name() != FuncName {
		return nil
	}
	ft := FuncType(fn)
	args := KernelOperands(op)
	if len(args) != len(ft.Inputs) {
		return ir.OpError(op, "got %d kernel operands but expected %d", len(args), len(ft.Inputs))
	}
	for i, a := range args {
		if a.Type() != ft.Inputs[i] {
			return ir.OpError(op, "type of function argument %d does not match", i)
		}
	}
	return nil
}

// LaunchDef is gpu.launch: a kernel written inline, its body run by every
// thread of the grid.
//
//	gpu.launch blocks(%bx, %by, %bz) in (%gx = %a, %gy = %b, %gz = %c)
//	           threads(%tx, %ty, %tz) in (%sx = %d, %sy = %e, %sz = %f) {
//	  ...
//	  gpu.terminator
//	}
var LaunchDef = &ir.OpDef{
	Name:          "gpu.launch",
	CustomBuilder: true,
	Summary:       "GPU kernel launch operation",
	Description: "Runs its body on a grid of gridSizeX×gridSizeY×gridSizeZ blocks of blockSizeX×blockSizeY×blockSizeZ " +
		"threads. The body's 12 index arguments are the block ids (x, y, z), the thread ids, the grid sizes and the " +
		"block sizes; it may use values defined above it. Blocks without successors end with gpu.terminator.",
	Traits:     ir.AttrSizedOperandSegments | ir.RecursiveMemoryEffects,
	Operands:   configOperands,
	Results:    []ir.ArgDef{{Name: "asyncToken", Type: asyncTokenC, Optional: true, Doc: "present for an async launch"}},
	Regions:    []ir.RegionDef{{Name: "body", Doc: "the kernel: 12 index arguments (block ids, thread ids, grid sizes, block sizes)"}},
	Successors: 0,
	Print:      printLaunch,
	Parse:      parseLaunch,
	Verify:     verifyLaunch,
	// MLIR checks the terminators after the ops in the body.
	VerifyRegions: verifyLaunchTerminators,
}

// NumConfigRegionArgs is the number of index arguments of gpu.launch's body.
const NumConfigRegionArgs = 12

func printLaunch(p ir.OpPrinter, op *ir.Operation) {
	if op.NumResults() > 0 {
		p.Print(" async")
		if deps := AsyncDependencies(op); len(deps) > 0 {
			p.Print(" [")
			p.PrintOperands(deps)
			p.Print("]")
		}
	}
	args := op.Region(0).Front().ArgValues()
	p.Print(" blocks")
	printSizeAssignment(p, GridSizes(op), args[6:9], args[0:3])
	p.Print(" threads")
	printSizeAssignment(p, BlockSizes(op), args[9:12], args[3:6])
	if s := DynamicSharedMemorySize(op); s != nil {
		p.Print(" dynamic_shared_memory_size ")
		p.PrintOperand(s)
	}
	p.Print(" ")
	p.PrintRegion(op.Region(0), false, false)
	p.PrintOptionalAttrDict(op.Attrs(), ir.OperandSegmentSizesAttr)
}

// printSizeAssignment writes "(%ix, %iy, %iz) in (%sx = %a, %sy = %b, %sz = %c)".
func printSizeAssignment(p ir.OpPrinter, operands, sizes, ids []ir.Value) {
	p.Print("(")
	p.PrintOperands(ids)
	p.Print(") in (")
	for i := range 3 {
		if i > 0 {
			p.Print(", ")
		}
		p.PrintOperand(sizes[i])
		p.Print(" = ")
		p.PrintOperand(operands[i])
	}
	p.Print(")")
}

// parseSizeAssignment reads "(%ix, %iy, %iz) in (%sx = %a, %sy = %b, %sz = %c)":
// the id arguments, the size arguments and the size operands.
func parseSizeAssignment(p ir.OpParser, st *ir.OperationState) (ids, sizes []ir.Argument, err error) {
	if ids, err = p.ParseArgumentList(ir.DelimParen, false, false); err != nil {
		return nil, nil, err
	}
	if len(ids) != 3 {
		return nil, nil, p.Errorf("expected 3 ids (x, y, z), got %d", len(ids))
	}
	if err := p.ParseKeyword("in"); err != nil {
		return nil, nil, err
	}
	if err := p.ParsePunct("("); err != nil {
		return nil, nil, err
	}
	index := p.Context().Index()
	for i := range 3 {
		if i > 0 {
			if err := p.ParsePunct(","); err != nil {
				return nil, nil, err
			}
		}
		a, err := p.ParseArgument(false, false)
		if err != nil {
			return nil, nil, err
		}
		if err := p.ParsePunct("="); err != nil {
			return nil, nil, err
		}
		u, err := p.ParseOperand()
		if err != nil {
			return nil, nil, err
		}
		v, err := p.ResolveOperand(u, index)
		if err != nil {
			return nil, nil, err
		}
		st.Operands = append(st.Operands, v)
		sizes = append(sizes, a)
	}
	if err := p.ParsePunct(")"); err != nil {
		return nil, nil, err
	}
	return ids, sizes, nil
}

func parseLaunch(p ir.OpParser, st *ir.OperationState) error {
	ctx := p.Context()
	nAsync, err := parseAsync(p, st)
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("blocks"); err != nil {
		return err
	}
	blockIDs, gridSizes, err := parseSizeAssignment(p, st)
	if err != nil {
		return err
	}
	if err := p.ParseKeyword("threads"); err != nil {
		return err
	}
	threadIDs, blockSizes, err := parseSizeAssignment(p, st)
	if err != nil {
		return err
	}
	nShared := 0
	if p.ParseOptionalKeyword("dynamic_shared_memory_size") {
		u, err := p.ParseOperand()
		if err != nil {
			return err
		}
		v, err := p.ResolveOperand(u, ctx.I32())
		if err != nil {
			return err
		}
		st.Operands = append(st.Operands, v)
		nShared = 1
	}
	args := append(append(append(blockIDs, threadIDs...), gridSizes...), blockSizes...)
	for i := range args {
		args[i].Type = ctx.Index()
	}
	if err := p.ParseRegion(st.AddRegion(), args); err != nil {
		return err
	}
	if err := p.ParseOptionalAttrDict(st); err != nil {
		return err
	}
	st.AddAttr(ir.OperandSegmentSizesAttr, &ir.DenseArrayAttr{Elem: ctx.I32(),
		Ints: []int64{int64(nAsync), 1, 1, 1, 1, 1, 1, int64(nShared)}})
	return nil
}

// verifyLaunch checks the operand segments and the body's arguments (an
// empty body, which MLIR accepts, is rejected too: the custom form has no
// spelling for it).
func verifyLaunch(op *ir.Operation) error {
	if err := verifySegments(op); err != nil {
		return err
	}
	if b := op.Region(0).Front(); b == nil || b.NumArgs() != NumConfigRegionArgs {
		return fmt.Errorf("unexpected number of region arguments")
	}
	return nil
}

// verifyLaunchTerminators is the rest of MLIR's LaunchOp::verifyRegions:
// blocks that leave the body end with gpu.terminator.
func verifyLaunchTerminators(op *ir.Operation) error {
	for _, b := range op.Region(0).Blocks() {
		last := b.Last()
		if last == nil || last.NumSuccessors() != 0 {
			continue
		}
		if last.Name() != TerminatorName {
			return ir.Errorf(last.Loc(), "expected '%s' or a terminator with successors", TerminatorName).
				AttachNote(op.Loc(), "in '%s' body region", LaunchName)
		}
	}
	return nil
}

// TerminatorDef is gpu.terminator.
var TerminatorDef = &ir.OpDef{
	Name:        "gpu.terminator",
	Summary:     "Terminator for GPU launch regions.",
	Description: "Ends the body of a gpu.launch: the running thread is done.",
	Traits:      ir.Terminator,
	Parents:     []string{"gpu.launch"},
	Format:      "attr-dict",
}
