package ir

import (
	"fmt"
	"strings"
)

// Verify checks op and everything nested in it: each op's declared operands,
// results, attributes, regions and traits, its verify hooks, block
// terminators, SSA dominance in CFG regions, isolation from above, symbol
// uniqueness and symbol uses. It returns the first problem found as a
// *Diagnostic (like MLIR's verifier, it stops at the first failure).
func Verify(op *Operation) error {
	v := &verifier{dom: NewDominanceInfo()}
	if err := v.verifyOp(op); err != nil {
		return err
	}
	if err := v.verifyDominance(op); err != nil {
		return err
	}
	return verifySymbolUses(op)
}

type verifier struct {
	dom *DominanceInfo
}

// opError formats an error the way MLIR does: "'name' op message".
func opError(op *Operation, format string, args ...any) *Diagnostic {
	return Errorf(op.loc, "'%s' op %s", op.name, fmt.Sprintf(format, args...))
}

// OpError returns a diagnostic at op's location prefixed with "'name' op ".
func OpError(op *Operation, format string, args ...any) *Diagnostic {
	return opError(op, format, args...)
}

// VerifyLocal checks op alone, without its regions: its declared operands,
// results, attributes, regions and traits, then its verify hook. Printers use
// it to fall back to the generic form for ops that would confuse a custom
// printer (MLIR does the same).
func VerifyLocal(op *Operation) error {
	if op.def == nil {
		return nil
	}
	if err := verifyDeclared(op); err != nil {
		return err
	}
	if op.def.Verify != nil {
		if err := op.def.Verify(op); err != nil {
			return wrapHookError(op, err)
		}
	}
	return nil
}

// wrapHookError turns an error from a verify hook into a located diagnostic.
func wrapHookError(op *Operation, err error) *Diagnostic {
	if d, ok := err.(*Diagnostic); ok {
		return d
	}
	return opError(op, "%s", err.Error())
}

func (v *verifier) verifyOp(op *Operation) error {
	if op.def != nil {
		if err := verifyDeclared(op); err != nil {
			return err
		}
		if op.def.Verify != nil {
			if err := op.def.Verify(op); err != nil {
				return wrapHookError(op, err)
			}
		}
		if op.def.Branch != nil {
			if err := verifyBranch(op); err != nil {
				return err
			}
		}
	}
	for i, r := range op.regions {
		if err := v.verifyRegion(op, i, r); err != nil {
			return err
		}
	}
	if op.def != nil && op.def.VerifyRegions != nil {
		if err := op.def.VerifyRegions(op); err != nil {
			return wrapHookError(op, err)
		}
	}
	if op.def != nil && op.def.RegionBranch != nil {
		return verifyRegionBranch(op)
	}
	return nil
}

func (v *verifier) verifyRegion(op *Operation, idx int, r *Region) error {
	if len(r.blocks) == 0 {
		return nil
	}
	if op.HasTrait(SingleBlock) || op.HasTrait(GraphRegions) {
		if len(r.blocks) > 1 {
			return opError(op, "expects region #%d to have 0 or 1 blocks", idx)
		}
	}
	if len(r.blocks) > 1 && op.def != nil && r.blocks[0].firstPred != nil {
		return opError(op, "entry block of region may not have predecessors")
	}
	for _, b := range r.blocks {
		if err := v.verifyBlock(op, b); err != nil {
			return err
		}
	}
	return nil
}

func (v *verifier) verifyBlock(parent *Operation, b *Block) error {
	for _, a := range b.args {
		if a.owner != b {
			return Errorf(a.loc, "block argument not owned by its block")
		}
	}
	needsTerminator := parent.def != nil && !parent.HasTrait(NoTerminator) && !parent.HasTrait(GraphRegions)
	if needsTerminator && b.first == nil {
		return Errorf(parent.loc, "empty block: expect at least a terminator")
	}
	for o := b.first; o != nil; o = o.next {
		if len(o.successors) > 0 && o != b.last {
			return Errorf(o.loc, "operation with block successors must terminate its parent block")
		}
		if o.HasTrait(Terminator) && o != b.last {
			return opError(o, "must be the last operation in the parent block")
		}
		if err := v.verifyOp(o); err != nil {
			return err
		}
	}
	if needsTerminator && b.last.def != nil && !b.last.HasTrait(Terminator) {
		return opError(b.last, "block with no terminator, has %s", opDescription(b.last))
	}
	if b.last != nil && len(b.last.successors) > 0 {
		for i := range b.last.successors {
			s := b.last.successors[i].block
			if s == nil || s.parent != b.parent {
				return opError(b.last, "reference to block defined in another region")
			}
		}
	}
	return nil
}

func opDescription(op *Operation) string { return fmt.Sprintf("'%s'", op.name) }

// verifyDeclared checks an op against its OpDef declarations and traits.
func verifyDeclared(op *Operation) error {
	d := op.def
	if err := verifyArgCounts(op, "operand", d.Operands, len(op.operands)); err != nil {
		return err
	}
	if err := verifyArgCounts(op, "result", d.Results, len(op.results)); err != nil {
		return err
	}
	for i := range op.operands {
		if op.operands[i].value == nil {
			return opError(op, "operand #%d is null", i)
		}
	}
	if err := verifyArgTypes(op, "operand", d.Operands, op.OperandTypes()); err != nil {
		return err
	}
	if err := verifyArgTypes(op, "result", d.Results, op.ResultTypes()); err != nil {
		return err
	}
	for _, a := range d.Attrs {
		val := op.Attr(a.Name)
		if val == nil {
			if !a.Optional {
				return opError(op, "requires attribute '%s'", a.Name)
			}
			continue
		}
		if a.Constraint.Check != nil && !a.Constraint.Check(val) {
			return opError(op, "attribute '%s' failed to satisfy constraint: %s", a.Name, a.Constraint.Desc)
		}
	}
	if len(op.regions) != len(d.Regions) {
		return opError(op, "requires %d region%s", len(d.Regions), plural(len(d.Regions)))
	}
	if d.Successors >= 0 && len(op.successors) != d.Successors {
		return opError(op, "requires %d successor%s but found %d", d.Successors, plural(d.Successors), len(op.successors))
	}
	return verifyTraits(op)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func verifyArgCounts(op *Operation, kind string, defs []ArgDef, n int) error {
	fixed, variadic := 0, false
	for _, d := range defs {
		if d.Variadic || d.Optional {
			variadic = true
		} else {
			fixed++
		}
	}
	if op.HasTrait(AttrSizedOperandSegments) && kind == "operand" {
		sizes, ok := op.Attr(OperandSegmentSizesAttr).(*DenseArrayAttr)
		if !ok {
			return opError(op, "requires dense i32 array attribute 'operand_segment_sizes'")
		}
		if len(sizes.Ints) != len(defs) {
			return opError(op, "'operand_segment_sizes' attribute for specifying operand segments must have %d elements, but got %d", len(defs), len(sizes.Ints))
		}
		total := 0
		for _, s := range sizes.Ints {
			total += int(s)
		}
		if total != n {
			return opError(op, "operand count (%d) does not match with the total size (%d) specified in attribute 'operand_segment_sizes'", n, total)
		}
		return nil
	}
	switch {
	case !variadic && n != fixed && fixed == 0:
		// MLIR's ZeroOperands and ZeroResults traits.
		return opError(op, "requires zero %ss", kind)
	case !variadic && n != fixed && fixed == 1 && kind == "result":
		return opError(op, "requires one result") // OneResult
	case !variadic && n != fixed && fixed == 1:
		return opError(op, "requires a single %s", kind) // OneOperand
	case !variadic && n != fixed:
		return opError(op, "expected %d %s%s, but found %d", fixed, kind, plural(fixed), n)
	case variadic && n < fixed:
		return opError(op, "expected %d or more %ss, but found %d", fixed, kind, n)
	}
	return nil
}

func verifyArgTypes(op *Operation, kind string, defs []ArgDef, types []Type) error {
	idx := 0
	for gi, d := range defs {
		var n int
		if kind == "operand" {
			_, n = op.groupRange(gi)
		} else {
			n = resultGroupSize(defs, gi, len(types))
		}
		for k := 0; k < n && idx < len(types); k++ {
			if d.Type.Check != nil && !d.Type.Check(types[idx]) {
				return opError(op, "%s #%d must be %s, but got '%s'", kind, idx, d.Type.Desc, types[idx])
			}
			idx++
		}
	}
	return nil
}

// resultGroupSize is the size of result group i (results have at most one
// variadic group).
func resultGroupSize(defs []ArgDef, i, total int) int {
	if !defs[i].Variadic && !defs[i].Optional {
		return 1
	}
	fixed := 0
	for _, d := range defs {
		if !d.Variadic && !d.Optional {
			fixed++
		}
	}
	return total - fixed
}

func verifyTraits(op *Operation) error {
	t := op.def.Traits
	if t&SameOperandsAndResultType != 0 {
		if err := verifySameTypes(op, true); err != nil {
			return err
		}
	}
	if t&SameTypeOperands != 0 {
		if err := verifySameTypes(op, false); err != nil {
			return err
		}
	}
	if t&SameOperandsAndResultShape != 0 {
		if err := verifySameShape(op); err != nil {
			return err
		}
	}
	if t&SameOperandsAndResultElementType != 0 {
		if err := verifySameElementType(op); err != nil {
			return err
		}
	}
	if len(op.def.Parents) > 0 {
		p := op.ParentOp()
		ok := false
		for _, name := range op.def.Parents {
			if p != nil && p.name == name {
				ok = true
			}
		}
		if !ok {
			return opError(op, "expects parent op %s", parentList(op.def.Parents))
		}
	}
	if t&Symbol != 0 {
		optional := op.def.AttrDef(SymbolAttrName) != nil && op.def.AttrDef(SymbolAttrName).Optional
		if _, ok := op.Attr(SymbolAttrName).(*StringAttr); !ok && !optional {
			return opError(op, "requires string attribute '%s'", SymbolAttrName)
		}
		if vis, ok := op.Attr(VisibilityAttrName).(*StringAttr); ok {
			switch vis.Value {
			case "public", "private", "nested":
			default:
				return opError(op, "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got \"%s\"", vis.Value)
			}
		}
	}
	if t&IsSymbolTable != 0 {
		if err := verifySymbolTable(op); err != nil {
			return err
		}
	}
	if t&IsolatedFromAbove != 0 {
		if err := verifyIsolated(op); err != nil {
			return err
		}
	}
	return nil
}

func parentList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = "'" + n + "'"
	}
	if len(q) == 1 {
		return q[0]
	}
	return "to be one of " + strings.Join(q, ", ")
}

func verifySameTypes(op *Operation, withResults bool) error {
	types := op.OperandTypes()
	if withResults {
		types = append(types, op.ResultTypes()...)
	}
	for _, t := range types[min(1, len(types)):] {
		if t != types[0] {
			if withResults {
				return opError(op, "requires the same type for all operands and results")
			}
			return opError(op, "requires all operands to have the same type")
		}
	}
	return nil
}

func verifySameShape(op *Operation) error {
	types := append(op.OperandTypes(), op.ResultTypes()...)
	var ref []int64
	refSet := false
	for _, t := range types {
		s, ok := t.(ShapedType)
		if !ok || !s.HasRank() {
			continue
		}
		if !refSet {
			ref, refSet = s.Shape(), true
			continue
		}
		if !shapesCompatible(ref, s.Shape()) {
			return opError(op, "requires the same shape for all operands and results")
		}
	}
	return nil
}

// shapesCompatible reports whether two shapes have the same rank and agree
// on every dimension that is static in both.
func shapesCompatible(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != Dynamic && b[i] != Dynamic && a[i] != b[i] {
			return false
		}
	}
	return true
}

// ShapesCompatible reports whether two shapes have the same rank and agree on
// every dimension that is static in both.
func ShapesCompatible(a, b []int64) bool { return shapesCompatible(a, b) }

func verifySameElementType(op *Operation) error {
	types := append(op.OperandTypes(), op.ResultTypes()...)
	if len(types) == 0 {
		return nil
	}
	e := ElementTypeOrSelf(types[0])
	for _, t := range types[1:] {
		if ElementTypeOrSelf(t) != e {
			return opError(op, "requires the same element type for all operands and results")
		}
	}
	return nil
}

func verifySymbolTable(op *Operation) error {
	if len(op.regions) != 1 {
		return opError(op, "Operations with a 'SymbolTable' must have exactly one region")
	}
	seen := map[string]*Operation{}
	for nested := range op.NestedOps() {
		name := SymbolName(nested)
		if name == "" {
			continue
		}
		if prev, dup := seen[name]; dup {
			return Errorf(nested.loc, "redefinition of symbol named '%s'", name).
				AttachNote(prev.loc, "see existing symbol definition here")
		}
		seen[name] = nested
	}
	return nil
}

// verifyIsolated checks that nothing in op's regions uses a value defined
// outside of them.
func verifyIsolated(op *Operation) error {
	var err error
	for nested := range op.NestedOps() {
		nested.WalkPreOrder(func(o *Operation) WalkResult {
			for i := range o.operands {
				v := o.operands[i].value
				if v == nil {
					continue
				}
				if !IsDefinedInside(v, op) {
					err = opError(o, "using value defined outside the region").
						AttachNote(op.loc, "required by region isolation constraints")
					return WalkInterrupt
				}
			}
			if o.HasTrait(IsolatedFromAbove) {
				return WalkSkip // checked when o itself is verified
			}
			return WalkAdvance
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// IsDefinedInside reports whether v is defined inside one of op's regions,
// at any depth.
func IsDefinedInside(v Value, op *Operation) bool {
	b := v.ParentBlock()
	if b == nil {
		return false
	}
	for p := b.ParentOp(); p != nil; p = p.ParentOp() {
		if p == op {
			return true
		}
	}
	return false
}

// verifyDominance checks that every operand is dominated by its definition.
func (v *verifier) verifyDominance(op *Operation) error {
	var err error
	op.WalkPreOrder(func(o *Operation) WalkResult {
		for i := range o.operands {
			val := o.operands[i].value
			if val == nil || v.dom.ValueDominates(val, o) {
				continue
			}
			err = dominanceError(o, i, val)
			return WalkInterrupt
		}
		return WalkAdvance
	})
	return err
}

// dominanceError reports a use that is not dominated, with MLIR's notes
// saying where the operand is defined relative to the use.
func dominanceError(user *Operation, i int, val Value) *Diagnostic {
	d := Errorf(user.loc, "operand #%d does not dominate this use", i)
	useRegion := user.ParentRegion()
	defBlock := val.ParentBlock()
	var defRegion *Region
	if defBlock != nil {
		defRegion = defBlock.parent
	}
	relation := func(sameBlock bool, inBlock, inRegion, parent, child, neither string) string {
		switch {
		case sameBlock:
			return inBlock
		case useRegion == defRegion:
			return inRegion
		case defRegion != nil && properAncestor(defRegion, useRegion):
			return parent
		case useRegion != nil && properAncestor(useRegion, defRegion):
			return child
		}
		return neither
	}
	if def := DefiningOp(val); def != nil {
		return d.AttachNote(def.loc, "operand defined here%s", relation(user.block == defBlock,
			" (op in the same block)", " (op in the same region)", " (op in a parent region)",
			" (op in a child region)", " (op is neither in a parent nor in a child region)"))
	}
	var loc Location = Unknown
	if defBlock != nil && defBlock.ParentOp() != nil {
		loc = defBlock.ParentOp().loc
	}
	if defRegion == nil {
		return d.AttachNote(loc, " (block without parent)")
	}
	index := 0
	for k, b := range defRegion.blocks {
		if b == defBlock {
			index = k
		}
	}
	return d.AttachNote(loc, "operand defined as a block argument (block #%d%s", index, relation(false,
		"", " in the same region)", " in a parent region)", " in a child region)", " neither in a parent nor in a child region)"))
}

// properAncestor reports whether region a strictly contains region b.
func properAncestor(a, b *Region) bool {
	if b == nil {
		return false
	}
	for op := b.parent; op != nil; op = op.ParentOp() {
		if op.ParentRegion() == a {
			return true
		}
	}
	return false
}

func verifySymbolUses(op *Operation) error {
	tables := NewSymbolTableCollection()
	var err error
	op.WalkPreOrder(func(o *Operation) WalkResult {
		if o.def != nil && o.def.VerifySymbolUses != nil {
			if e := o.def.VerifySymbolUses(o, tables); e != nil {
				err = wrapHookError(o, e)
				return WalkInterrupt
			}
		}
		return WalkAdvance
	})
	return err
}

// VerifyStructure is Verify without the symbol-use checks: it checks op and
// everything nested in it (declarations, hooks, terminators, dominance,
// isolation) but does not resolve symbol references, which would read the
// symbols around op. The pass manager uses it after passes that run on
// nested operations in parallel, and checks symbol uses from the parent
// afterwards (VerifySymbolUses), as MLIR's symbol-table verifier does.
func VerifyStructure(op *Operation) error {
	v := &verifier{dom: NewDominanceInfo()}
	if err := v.verifyOp(op); err != nil {
		return err
	}
	return v.verifyDominance(op)
}

// VerifySymbolUses runs the symbol-use checks (OpDef.VerifySymbolUses) of op
// and every op nested in it.
func VerifySymbolUses(op *Operation) error { return verifySymbolUses(op) }
