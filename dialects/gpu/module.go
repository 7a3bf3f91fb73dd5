package gpu

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/ir"
)

// Attribute names of gpu.func: func.func's, as in MLIR (the signature's
// printing and parsing are shared with package function).
const (
	FunctionTypeAttr = function.FunctionTypeAttr
	ArgAttrsAttr     = function.ArgAttrsAttr
	ResAttrsAttr     = function.ResAttrsAttr
)

// ModuleDef is gpu.module: the symbol table that holds kernels.
//
//	gpu.module @kernels {
//	  gpu.func @add(...) kernel { ... }
//	}
var ModuleDef = &ir.OpDef{
	Name:          "gpu.module",
	CustomBuilder: true,
	Summary:       "A top level compilation unit containing code to be run on a GPU.",
	Description: "Holds the kernels (gpu.func) and device functions that host code launches by their nested " +
		"symbol `@module::@kernel`. Its single block ends with gpu.module_end, which the custom form leaves out.",
	Traits:             ir.IsolatedFromAbove | ir.SingleBlock | ir.IsSymbolTable | ir.Symbol,
	Successors:         0,
	Regions:            []ir.RegionDef{{Name: "bodyRegion", Doc: "the kernels and device functions"}},
	Attrs:              []ir.AttrDef{{Name: ir.SymbolAttrName, Constraint: ir.StringAttrC, Doc: "the module name"}},
	ImplicitTerminator: "gpu.module_end",
	Print: func(p ir.OpPrinter, op *ir.Operation) {
		name, _ := op.StringAttr(ir.SymbolAttrName)
		p.Print(" ")
		p.PrintSymbolName(name)
		p.PrintOptionalAttrDictWithKeyword(op.Attrs(), ir.SymbolAttrName)
		p.Print(" ")
		p.PrintRegion(op.Region(0), false, false)
	},
	Parse: func(p ir.OpParser, st *ir.OperationState) error {
		name, err := p.ParseSymbolName()
		if err != nil {
			return err
		}
		st.AddAttr(ir.SymbolAttrName, ir.String(name))
		if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
			return err
		}
		r := st.AddRegion()
		if err := p.ParseRegion(r, nil); err != nil {
			return err
		}
		// The implicit terminator takes the module's location, as in MLIR.
		ensureModuleEnd(p.Context(), r, st.Loc)
		return nil
	},
	Verify: func(op *ir.Operation) error {
		b := op.Region(0).Front()
		if b == nil || b.Last() == nil || b.Last().Name() != ModuleEndName {
			return fmt.Errorf("expects its body to end with '%s'", ModuleEndName)
		}
		if b.NumArgs() != 0 {
			return fmt.Errorf("expects a body without arguments")
		}
		return nil
	},
}

// ensureModuleEnd adds the implicit gpu.module_end to a parsed gpu.module
// body that does not end with it (and the block to an empty body).
func ensureModuleEnd(ctx *ir.Context, r *ir.Region, loc ir.Location) {
	if r.Empty() {
		r.PushBack(ir.NewBlock(nil, nil))
	}
	b := r.Front()
	if last := b.Last(); last != nil && last.Name() == ModuleEndName {
		return
	}
	b.Append(ctx.NewOp(&ir.OperationState{Name: ModuleEndName, Loc: loc}))
}

// ModuleEndDef is gpu.module_end.
var ModuleEndDef = &ir.OpDef{
	Name:        "gpu.module_end",
	Summary:     "A pseudo op that marks the end of a gpu.module.",
	Description: "Ends the body of a gpu.module; custom forms leave it out.",
	Traits:      ir.Terminator,
	Parents:     []string{"gpu.module"},
	Format:      "attr-dict",
}

// FuncDef is gpu.func: a kernel (with the `kernel` unit attribute) or a
// device function, with workgroup and private memory attributions.
//
//	gpu.func @k(%a: memref<?xf32>) workgroup(%w : memref<32xf32, #gpu.address_space<workgroup>>) kernel {
//	  ...
//	  gpu.return
//	}
var FuncDef = &ir.OpDef{
	Name:          "gpu.func",
	CustomBuilder: true,
	Summary:       "Function executable on a GPU",
	Description: "A function of a gpu.module. With the `kernel` unit attribute (`gpu.kernel` in the generic form) it " +
		"is a kernel that gpu.launch_func launches on a grid of blocks of threads; it returns nothing. The entry " +
		"block's arguments are the function's arguments, then one memref per workgroup attribution (memory in " +
		"#gpu.address_space<workgroup>, one buffer per block shared by its threads; `workgroup_attributions` counts " +
		"them), then one per private attribution (#gpu.address_space<private>, one buffer per thread). Custom form: " +
		"`gpu.func @name(%a: t, ...) [-> results] [workgroup(%w : memref<...>, ...)] [private(%p : memref<...>, ...)] " +
		"[kernel] [attributes {...}] { ... }`.",
	Traits:     ir.IsolatedFromAbove | ir.Symbol | ir.AutomaticAllocationScope,
	Parents:    []string{"gpu.module"},
	Successors: 0,
	Regions:    []ir.RegionDef{{Name: "body", Doc: "the function body; its entry block also holds the attributions"}},
	Attrs: []ir.AttrDef{
		{Name: ir.SymbolAttrName, Constraint: ir.StringAttrC, Doc: "the function name"},
		{Name: FunctionTypeAttr, Constraint: ir.FuncTypeAttrC, Doc: "the signature (without the attributions)"},
		{Name: ArgAttrsAttr, Constraint: ir.DictArrayC, Optional: true, Doc: "one dictionary per argument"},
		{Name: ResAttrsAttr, Constraint: ir.DictArrayC, Optional: true, Doc: "one dictionary per result"},
		{Name: WorkgroupAttributionsAttrName, Constraint: ir.I64AttrC, Optional: true, Doc: "the number of workgroup attributions (0 when absent)"},
		{Name: KernelAttrName, Constraint: ir.UnitAttrC, Optional: true, Doc: "marks a kernel"},
	},
	Print:  printFunc,
	Parse:  parseFunc,
	Verify: verifyFunc,
	Callable: &ir.CallableInterface{
		Body: func(op *ir.Operation) *ir.Region { return op.Region(0) },
		Type: FuncType,
	},
}

// FuncType returns the signature of a gpu.func (without the attributions).
func FuncType(op *ir.Operation) *ir.FunctionType {
	if t, ok := op.Attr(FunctionTypeAttr).(*ir.TypeAttr); ok {
		if ft, ok := t.Value.(*ir.FunctionType); ok {
			return ft
		}
	}
	return &ir.FunctionType{}
}

// IsKernel reports whether op is a function marked as a kernel.
func IsKernel(op *ir.Operation) bool { return op.Attr(KernelAttrName) != nil }

// NumWorkgroupAttributions returns the number of workgroup attributions
// of a gpu.func.
func NumWorkgroupAttributions(op *ir.Operation) int {
	n, ok := op.IntAttr(WorkgroupAttributionsAttrName)
	if !ok || n < 0 {
		return 0
	}
	return int(n)
}

// WorkgroupAttributions returns the entry block arguments of a gpu.func
// that are workgroup attributions.
func WorkgroupAttributions(op *ir.Operation) []ir.Value {
	return attributions(op, 0, NumWorkgroupAttributions(op))
}

// PrivateAttributions returns the entry block arguments of a gpu.func that
// are private attributions.
func PrivateAttributions(op *ir.Operation) []ir.Value {
	return attributions(op, NumWorkgroupAttributions(op), -1)
}

// attributions returns the entry block arguments [from, from+n) after the
// function's own (n < 0: all from from on).
func attributions(op *ir.Operation, from, n int) []ir.Value {
	b := op.Region(0).Front()
	if b == nil {
		return nil
	}
	args := b.ArgValues()
	start := len(FuncType(op).Inputs) + from
	if start > len(args) {
		return nil
	}
	end := len(args)
	if n >= 0 && start+n < end {
		end = start + n
	}
	return args[start:end]
}

func printFunc(p ir.OpPrinter, op *ir.Operation) {
	ft := FuncType(op)
	name, _ := op.StringAttr(ir.SymbolAttrName)
	p.Print(" ")
	p.PrintSymbolName(name)
	p.Print("(")
	entry := op.Region(0).Front()
	for i := range ft.Inputs {
		if i > 0 {
			p.Print(", ")
		}
		p.PrintArgument(entry.Arg(i), function.DictAt(op, ArgAttrsAttr, i))
	}
	p.Print(")")
	if len(ft.Results) > 0 {
		p.Print(" -> ")
		function.PrintResults(p, op, ft.Results)
	}
	printAttributions(p, "workgroup", WorkgroupAttributions(op))
	printAttributions(p, "private", PrivateAttributions(op))
	if IsKernel(op) {
		p.Print(" kernel")
	}
	p.PrintOptionalAttrDictWithKeyword(op.Attrs(), ir.SymbolAttrName, FunctionTypeAttr, ArgAttrsAttr, ResAttrsAttr,
		WorkgroupAttributionsAttrName, KernelAttrName)
	p.Print(" ")
	p.PrintRegion(op.Region(0), false, true)
}

func printAttributions(p ir.OpPrinter, keyword string, vs []ir.Value) {
	if len(vs) == 0 {
		return
	}
	p.Print(" " + keyword + "(")
	for i, v := range vs {
		if i > 0 {
			p.Print(", ")
		}
		p.PrintOperand(v)
		p.Print(" : ")
		p.PrintType(v.Type())
	}
	p.Print(")")
}

func parseFunc(p ir.OpParser, st *ir.OperationState) error {
	name, err := p.ParseSymbolName()
	if err != nil {
		return err
	}
	st.AddAttr(ir.SymbolAttrName, ir.String(name))
	sigLoc := p.Loc()
	args, err := p.ParseArgumentList(ir.DelimParen, true, true)
	if err != nil {
		return err
	}
	argTypes := make([]ir.Type, len(args))
	argAttrs := make([]ir.Attribute, len(args))
	for i, a := range args {
		if a.Name.Name == "" {
			return ir.Errorf(sigLoc, "gpu.func requires named arguments")
		}
		argTypes[i] = a.Type
		argAttrs[i] = ir.Dict(a.Attrs...)
	}
	var resTypes []ir.Type
	var resAttrs []ir.Attribute
	if p.ParseOptionalPunct("->") {
		if resTypes, resAttrs, err = function.ParseResults(p); err != nil {
			return err
		}
	}
	ctx := p.Context()
	st.AddAttr(FunctionTypeAttr, &ir.TypeAttr{Value: ctx.Function(argTypes, resTypes)})
	nWorkgroup := 0
	if p.ParseOptionalKeyword("workgroup") {
		w, err := p.ParseArgumentList(ir.DelimParen, true, false)
		if err != nil {
			return err
		}
		nWorkgroup = len(w)
		args = append(args, w...)
	}
	st.AddAttr(WorkgroupAttributionsAttrName, ir.Int(ctx.I64(), int64(nWorkgroup)))
	if p.ParseOptionalKeyword("private") {
		pr, err := p.ParseArgumentList(ir.DelimParen, true, false)
		if err != nil {
			return err
		}
		args = append(args, pr...)
	}
	if p.ParseOptionalKeyword("kernel") {
		st.AddAttr(KernelAttrName, ir.UnitAttr{})
	}
	if err := p.ParseOptionalAttrDictWithKeyword(st); err != nil {
		return err
	}
	if function.HasNonEmpty(argAttrs) {
		st.AddAttr(ArgAttrsAttr, ir.Array(argAttrs...))
	}
	if function.HasNonEmpty(resAttrs) {
		st.AddAttr(ResAttrsAttr, ir.Array(resAttrs...))
	}
	return p.ParseRegion(st.AddRegion(), args)
}

// verifyFunc is MLIR's GPUFuncOp verifyType and verifyBody.
func verifyFunc(op *ir.Operation) error {
	ft := FuncType(op)
	if IsKernel(op) && len(ft.Results) != 0 {
		return fmt.Errorf("expected void return type for kernel function")
	}
	entry := op.Region(0).Front()
	if entry == nil {
		return fmt.Errorf("expected body with at least one block")
	}
	nWorkgroup := NumWorkgroupAttributions(op)
	if entry.NumArgs() < len(ft.Inputs)+nWorkgroup {
		return fmt.Errorf("expected at least %d arguments to body region", len(ft.Inputs)+nWorkgroup)
	}
	for i, t := range ft.Inputs {
		if got := entry.Arg(i).Type(); got != t {
			return fmt.Errorf("expected body region argument #%d to be of type %s, got %s", i, t, got)
		}
	}
	if err := verifyAttributions(WorkgroupAttributions(op), Workgroup); err != nil {
		return err
	}
	return verifyAttributions(PrivateAttributions(op), Private)
}

// verifyAttributions checks that attributions are memrefs in the address
// space (when they name a gpu address space at all).
func verifyAttributions(vs []ir.Value, space AddressSpace) error {
	for _, v := range vs {
		m, ok := v.Type().(*ir.MemRefType)
		if !ok {
			return fmt.Errorf("expected memref type in attribution")
		}
		got, ok := AddressSpaceAttrDef.Value(m.MemorySpace)
		if ok && got != space {
			kw, _ := AddressSpaceEnum.Keyword(space)
			return fmt.Errorf("expected memory space %s in attribution", kw)
		}
	}
	return nil
}

// ReturnDef is gpu.return.
var ReturnDef = &ir.OpDef{
	Name:        "gpu.return",
	Summary:     "Terminator for GPU functions.",
	Description: "Ends a gpu.func, returning its operands (none for a kernel); their types match the function's results.",
	Traits:      ir.Pure | ir.Terminator | ir.ReturnLike,
	Parents:     []string{"gpu.func"},
	Operands:    []ir.ArgDef{{Name: "operands", Type: ir.AnyType, Variadic: true}},
	Format:      "attr-dict ($operands^ `:` type($operands))?",
	Verify: func(op *ir.Operation) error {
		fn := op.ParentOp()
		ft := FuncType(fn)
		if op.NumOperands() != len(ft.Results) {
			return ir.OpError(op, "expected %d result operands", len(ft.Results)).AttachNote(fn.Loc(), "return type declared here")
		}
		for i, t := range op.OperandTypes() {
			if t != ft.Results[i] {
				return fmt.Errorf("unexpected type `'%s'' for operand #%d", t, i)
			}
		}
		return nil
	},
}
