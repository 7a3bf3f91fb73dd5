package ir

import (
	"fmt"
	"slices"
)

// Op interfaces, MLIR's OpInterfaces: what an op declares about its
// behaviour so that passes can work on any op that has it instead of on
// op names. Each interface is a small struct of hooks (or data) that an
// OpDef points to; a nil pointer means the op does not have the
// interface. The XxxInterfaceOf functions return an op's interface (nil
// for unregistered ops and ops without it).
//
// Hook structs rather than Go interfaces: an op is an *Operation whatever
// its kind, so there is no Go type per op to implement methods on; the
// behaviour lives in the OpDef, with the traits and the other hooks. The
// memory-effect interface is the OpDef.Effects hook read through Effects.

// CallInterface is declared by call-like ops (MLIR's CallOpInterface): they
// transfer control to a callable named by a symbol and pass it values.
type CallInterface struct {
	// Callee returns the symbol of the callable the op calls, nil when it
	// calls something else (through a value).
	Callee func(op *Operation) *SymbolRefAttr
	// Args returns the values passed to the callee's arguments, in order.
	Args func(op *Operation) []Value
}

// CallableInterface is declared by ops that call-like ops can call (MLIR's
// CallableOpInterface with the signature of FunctionOpInterface).
type CallableInterface struct {
	// Body returns the region that runs when the op is called; it is
	// empty for a declaration.
	Body func(op *Operation) *Region
	// Type returns the argument and result types.
	Type func(op *Operation) *FunctionType
}

// RegionSuccessor is a place control reaches in a region-branch op: one of
// its regions, entered at the entry block, or (Region nil) the op itself,
// left with its results. Inputs are the values that receive the forwarded
// operands: entry block arguments (induction variables excluded) or the
// op's results.
type RegionSuccessor struct {
	Region *Region
	Inputs []Value
}

// RegionBranchInterface is declared by ops with regions whose control flow
// they define (MLIR's RegionBranchOpInterface): loops, conditionals,
// kernels. Regions end in ReturnLike terminators, which forward all their
// operands to the successor.
type RegionBranchInterface struct {
	// Successors returns where control may go: on entering the op when
	// from is nil, else when region from returns.
	Successors func(op *Operation, from *Region) []RegionSuccessor
	// EntryOperands returns the operands the op forwards to region to when
	// control enters it from outside (loop initial values). Nil means none.
	EntryOperands func(op *Operation, to *Region) []Value
}

// LoopInterface is declared by loops (MLIR's LoopLikeOpInterface).
type LoopInterface struct {
	// Body returns the region run on each iteration.
	Body func(op *Operation) *Region
	// InductionVars returns the induction variables, one per loop
	// dimension (arguments of the body's entry block).
	InductionVars func(op *Operation) []Value
	// Bounds returns the lower bounds, upper bounds and steps, one of
	// each per dimension. Nil for loops that do not count.
	Bounds func(op *Operation) (lower, upper, step []Value)
}

// BranchInterface is declared by terminators that branch to successor
// blocks with values (MLIR's BranchOpInterface).
type BranchInterface struct {
	// SuccessorOperands gives, for each successor, the index of the
	// operand group (in OpDef.Operands, a variadic one) whose values the
	// successor's block arguments receive.
	SuccessorOperands []int
}

// CallInterfaceOf returns op's call interface, or nil.
func CallInterfaceOf(op *Operation) *CallInterface {
	if op.def == nil {
		return nil
	}
	return op.def.Call
}

// CallableInterfaceOf returns op's callable interface, or nil.
func CallableInterfaceOf(op *Operation) *CallableInterface {
	if op.def == nil {
		return nil
	}
	return op.def.Callable
}

// RegionBranchInterfaceOf returns op's region-branch interface, or nil.
func RegionBranchInterfaceOf(op *Operation) *RegionBranchInterface {
	if op.def == nil {
		return nil
	}
	return op.def.RegionBranch
}

// LoopInterfaceOf returns op's loop interface, or nil.
func LoopInterfaceOf(op *Operation) *LoopInterface {
	if op.def == nil {
		return nil
	}
	return op.def.Loop
}

// BranchInterfaceOf returns op's branch interface, or nil.
func BranchInterfaceOf(op *Operation) *BranchInterface {
	if op.def == nil {
		return nil
	}
	return op.def.Branch
}

// InterfaceNames returns the MLIR names of the interfaces the op declares
// (the memory-effect interface when it has an Effects hook).
func (d *OpDef) InterfaceNames() []string {
	var out []string
	for _, i := range []struct {
		has  bool
		name string
	}{
		{d.Branch != nil, "BranchOpInterface"}, {d.Call != nil, "CallOpInterface"},
		{d.Callable != nil, "CallableOpInterface"}, {d.Loop != nil, "LoopLikeOpInterface"},
		{d.Effects != nil, "MemoryEffectOpInterface"}, {d.RegionBranch != nil, "RegionBranchOpInterface"},
	} {
		if i.has {
			out = append(out, i.name)
		}
	}
	return out
}

// checkInterfaces reports interfaces declared without their required hooks,
// when the dialect is loaded rather than when a pass first calls them.
func (d *OpDef) checkInterfaces() error {
	missing := func(iface, hook string) error {
		return fmt.Errorf("operation %q declares the %s interface without %s", d.Name, iface, hook)
	}
	if c := d.Call; c != nil && (c.Callee == nil || c.Args == nil) {
		return missing("call", "Callee and Args")
	}
	if c := d.Callable; c != nil && (c.Body == nil || c.Type == nil) {
		return missing("callable", "Body and Type")
	}
	if r := d.RegionBranch; r != nil && r.Successors == nil {
		return missing("region-branch", "Successors")
	}
	if l := d.Loop; l != nil && (l.Body == nil || l.InductionVars == nil) {
		return missing("loop", "Body and InductionVars")
	}
	if b := d.Branch; b != nil {
		if d.Successors >= 0 && len(b.SuccessorOperands) != d.Successors {
			return fmt.Errorf("operation %q has %d successors but its branch interface gives operands for %d", d.Name, d.Successors, len(b.SuccessorOperands))
		}
		for _, g := range b.SuccessorOperands {
			if g < 0 || g >= len(d.Operands) || !d.Operands[g].Variadic {
				return fmt.Errorf("operation %q: successor operands must be a variadic operand group, got group %d", d.Name, g)
			}
		}
	}
	return nil
}

// ResolveCallable returns the op a call-like op calls when it declares the
// callable interface: the op its callee symbol names, looked up from the
// nearest symbol table (tables may be nil). It returns nil otherwise.
func ResolveCallable(call *Operation, tables *SymbolTableCollection) *Operation {
	ci := CallInterfaceOf(call)
	if ci == nil {
		return nil
	}
	ref := ci.Callee(call)
	if ref == nil {
		return nil
	}
	if tables == nil {
		tables = NewSymbolTableCollection()
	}
	fn := tables.LookupNearest(call, ref)
	if fn == nil || CallableInterfaceOf(fn) == nil {
		return nil
	}
	return fn
}

// IsDefinedOutsideLoop reports whether v is defined outside the body of
// loop, which must have the loop interface: then v is the same on every
// iteration (MLIR's isDefinedOutsideOfLoop).
func IsDefinedOutsideLoop(loop *Operation, v Value) bool {
	body := LoopInterfaceOf(loop).Body(loop)
	var r *Region
	switch v := v.(type) {
	case *OpResult:
		r = v.owner.ParentRegion()
	case *BlockArgument:
		r = v.owner.Parent()
	}
	for ; r != nil; r = r.ParentOp().ParentRegion() {
		if r == body {
			return false
		}
		if r.ParentOp() == nil {
			break
		}
	}
	return true
}

// SuccessorOperands returns the values a branch forwards to the arguments
// of its successor i, or nil when op has no branch interface.
func SuccessorOperands(op *Operation, i int) []Value {
	b := BranchInterfaceOf(op)
	if b == nil || i >= len(b.SuccessorOperands) {
		return nil
	}
	return op.OperandGroup(b.SuccessorOperands[i])
}

// SuccessorBlockArgument returns the block argument that operand #i of a
// branch is forwarded to (MLIR's getSuccessorBlockArgument), or nil when
// the operand is no successor operand or op has no branch interface.
func SuccessorBlockArgument(op *Operation, i int) *BlockArgument {
	b := BranchInterfaceOf(op)
	if b == nil {
		return nil
	}
	for s, group := range b.SuccessorOperands {
		if s >= len(op.successors) {
			break
		}
		start, n := op.groupRange(group)
		dest := op.successors[s].block
		if i >= start && i < start+n && dest != nil && i-start < len(dest.args) {
			return dest.args[i-start]
		}
	}
	return nil
}

// EraseSuccessorOperand removes the k-th value op forwards to successor i
// (updating operand_segment_sizes when op has it), as when the block
// argument receiving it is erased. It reports whether op has a branch
// interface with such an operand.
func EraseSuccessorOperand(op *Operation, i, k int) bool {
	b := BranchInterfaceOf(op)
	if b == nil || i >= len(b.SuccessorOperands) {
		return false
	}
	group := b.SuccessorOperands[i]
	start, n := op.groupRange(group)
	if k < 0 || k >= n {
		return false
	}
	operands := op.Operands()
	op.SetOperands(slices.Delete(operands, start+k, start+k+1))
	if op.HasTrait(AttrSizedOperandSegments) {
		if sizes, ok := op.Attr(OperandSegmentSizesAttr).(*DenseArrayAttr); ok {
			ints := slices.Clone(sizes.Ints)
			ints[group]--
			op.SetAttr(OperandSegmentSizesAttr, &DenseArrayAttr{Elem: sizes.Elem, Ints: ints})
		}
	}
	return true
}

// verifyBranch checks that a branch forwards to each successor as many
// values as it has arguments, of their types (MLIR's messages, located at
// the op without its name, as MLIR's verifyBranchSuccessorOperands).
func verifyBranch(op *Operation) error {
	b := op.def.Branch
	for i := range op.successors {
		if i >= len(b.SuccessorOperands) {
			break
		}
		dest := op.successors[i].block
		vals := op.OperandGroup(b.SuccessorOperands[i])
		if len(vals) != len(dest.args) {
			return Errorf(op.loc, "branch has %d operands for successor #%d, but target block has %d", len(vals), i, len(dest.args))
		}
		for k, v := range vals {
			if v.Type() != dest.args[k].typ {
				return Errorf(op.loc, "type mismatch for bb argument #%d of successor #%d", k, i)
			}
		}
	}
	return nil
}

// verifyRegionBranch checks that the ReturnLike terminators of a
// region-branch op's regions and the op's entry operands forward values of
// the successors' input types (MLIR's RegionBranchOpInterface verifier).
func verifyRegionBranch(op *Operation) error {
	rb := op.def.RegionBranch
	check := func(from string, vals []Value, succs []RegionSuccessor) error {
		for _, s := range succs {
			to := "parent results"
			if s.Region != nil {
				to = fmt.Sprintf("Region #%d", s.Region.Index())
			}
			// MLIR 16's texts, two spaces after "op" included.
			if len(vals) != len(s.Inputs) {
				return opError(op, " region control flow edge from %s to %s: source has %d operands, but target successor needs %d", from, to, len(vals), len(s.Inputs))
			}
			for i, v := range vals {
				if v.Type() != s.Inputs[i].Type() {
					return opError(op, " along control flow edge from %s to %s: source type #%d '%s' should match input type #%d '%s'", from, to, i, v.Type(), i, s.Inputs[i].Type())
				}
			}
		}
		return nil
	}
	if rb.EntryOperands != nil {
		for _, s := range rb.Successors(op, nil) {
			if s.Region == nil {
				continue
			}
			if err := check("parent operands", rb.EntryOperands(op, s.Region), []RegionSuccessor{s}); err != nil {
				return err
			}
		}
	}
	for i, r := range op.regions {
		for _, b := range r.blocks {
			t := b.last
			if t == nil || !t.HasTrait(ReturnLike) {
				continue
			}
			if err := check(fmt.Sprintf("Region #%d", i), t.Operands(), rb.Successors(op, r)); err != nil {
				return err
			}
		}
	}
	return nil
}
