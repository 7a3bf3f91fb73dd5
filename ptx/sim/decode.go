package sim

import (
	"fmt"

	"github.com/tt-compiler/tt/ptx"
)

// decoder turns one function's instructions into insts.
type decoder struct {
	p  *Program
	fn *function
	pi *ptx.Instruction
}

func (d *decoder) errf(pos ptx.Pos, format string, args ...any) error {
	if !pos.IsValid() && d.pi != nil {
		pos = d.pi.Pos
	}
	return d.p.errf(pos, format, args...)
}

// decodeFunction assigns register slots and param offsets and decodes the
// body.
func (p *Program) decodeFunction(fn *function) error {
	f := fn.decl
	fn.regSlot = make([]int32, len(f.Regs))
	fn.regPred = make([]bool, len(f.Regs))
	fn.regBits = make([]uint8, len(f.Regs))
	for i, r := range f.Regs {
		width := max(r.Vec, 1)
		if r.Type == ptx.Pred {
			fn.regSlot[i] = int32(fn.npreds)
			fn.regPred[i] = true
			fn.npreds += width
			continue
		}
		fn.regSlot[i] = int32(fn.nregs)
		fn.regBits[i] = uint8(min(r.Type.Bits(), 64))
		fn.nregs += width
		fn.regsPerThread += width * max(1, (r.Type.Bits()+31)/32)
	}
	p.layoutParams(fn)
	d := &decoder{p: p, fn: fn}
	var errs ptx.ErrorList
	fn.code = make([]inst, len(f.Insts))
	for i, pi := range f.Insts {
		d.pi = pi
		in := &fn.code[i]
		in.op, in.pos, in.fn, in.target, in.ipdom = pi.Op, pi.Pos, fn, -1, -1
		if err := d.decode(pi, in); err != nil {
			if e, ok := err.(*ptx.Error); ok {
				errs = append(errs, e)
				continue
			}
			errs = append(errs, &ptx.Error{File: p.file, Pos: pi.Pos, Msg: err.Error()})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	computeReconvergence(fn)
	return nil
}

// layoutParams gives the function's parameters and its body's .param
// variables offsets in the param space: a kernel's formals in its launch
// argument buffer [0, argSize), everything else in the per-thread frame.
func (p *Program) layoutParams(fn *function) {
	f := fn.decl
	var off int64
	regOf := func(v *ptx.Var) int32 {
		for i, r := range f.Regs {
			if r.Decl == v {
				return fn.regSlot[i]
			}
		}
		return -1
	}
	addFormal := func(v *ptx.Var) formal {
		n, _ := v.Size()
		fm := formal{v: v, size: int(n), reg: -1, typ: typeOf(v.Type)}
		if v.Space == ptx.SpaceReg {
			fm.reg = regOf(v)
			fm.pred = v.Type == ptx.Pred
			return fm
		}
		a := varAlign(v)
		if v.Ptr && v.PtrAlign > 0 {
			a = max(a, 8)
		}
		off = alignUp(off, a)
		fm.off = uint64(off)
		p.vars[v] = varLoc{space: SpaceParam, addr: uint64(off), size: n, kernelParam: fn.entry}
		off += n
		return fm
	}
	for _, v := range f.Params {
		fn.formals = append(fn.formals, addFormal(v))
	}
	for _, v := range f.Returns {
		fn.results = append(fn.results, addFormal(v))
	}
	if fn.entry {
		fn.argSize = int(off)
	}
	var walk func(b *ptx.Block)
	walk = func(b *ptx.Block) {
		for _, s := range b.Stmts {
			switch s := s.(type) {
			case *ptx.Var:
				if s.Space == ptx.SpaceParam {
					n, _ := s.Size()
					off = alignUp(off, varAlign(s))
					p.vars[s] = varLoc{space: SpaceParam, addr: uint64(off), size: n}
					off += n
				}
			case *ptx.Block:
				walk(s)
			}
		}
	}
	walk(f.Body)
	fn.paramSize = int(alignUp(off, 8))
}

// decode fills in from pi through the opcode's semantics row.
func (d *decoder) decode(pi *ptx.Instruction, in *inst) error {
	row := semanticsTable[pi.Op]
	if row.prep == nil {
		why := row.unsupported
		if why == "" {
			why = "not implemented"
		}
		return d.errf(pi.OpPos, "%s is not supported by the simulator: %s", pi.Op, why)
	}
	in.t = typeOf(pi.Type(0))
	in.t2 = typeOf(pi.Type(1))
	in.space = spaceOf(pi.Space())
	in.vec = pi.Vec()
	d.modifiers(pi, in)
	if pi.Guard != nil {
		g, err := d.operand(pi.Guard, TPred)
		if err != nil {
			return err
		}
		in.guard = g
	}
	if err := row.prep(d, pi, in); err != nil {
		return err
	}
	if in.exec == nil {
		return d.errf(pi.OpPos, "%s: this form is not supported by the simulator", pi.Op)
	}
	return nil
}

func spaceOf(s ptx.StateSpace) Space {
	switch s {
	case ptx.SpaceGlobal:
		return SpaceGlobal
	case ptx.SpaceShared:
		return SpaceShared
	case ptx.SpaceLocal:
		return SpaceLocal
	case ptx.SpaceConst:
		return SpaceConst
	case ptx.SpaceParam:
		return SpaceParam
	}
	return SpaceGeneric
}

// modifiers decodes the modifiers every opcode shares.
func (d *decoder) modifiers(pi *ptx.Instruction, in *inst) {
	for _, m := range pi.Mods {
		switch m {
		case ptx.ModRN, ptx.ModRNI:
			in.rnd = RN
		case ptx.ModRZ, ptx.ModRZI:
			in.rnd = RZ
		case ptx.ModRM, ptx.ModRMI:
			in.rnd = RM
		case ptx.ModRP, ptx.ModRPI:
			in.rnd = RP
		case ptx.ModFTZ:
			in.flags |= fFTZ
		case ptx.ModSat, ptx.ModSatFinite:
			in.flags |= fSat
		case ptx.ModApprox:
			in.flags |= fApprox
		case ptx.ModFull:
			in.flags |= fFull
		case ptx.ModNaN:
			in.flags |= fNaN
		case ptx.ModHi:
			in.flags |= fHi
		case ptx.ModLo:
			in.flags |= fLo
		case ptx.ModWide:
			in.flags |= fWide
		case ptx.ModUni:
			in.flags |= fUni
		case ptx.ModAbs:
			in.flags |= fAbs
		case ptx.ModRelu:
			in.flags |= fRelu
		case ptx.ModNoFTZ:
			in.flags |= fNoFTZ
		}
		switch m {
		case ptx.ModRNI, ptx.ModRZI, ptx.ModRMI, ptx.ModRPI:
			in.flags |= fIntRnd
		}
	}
	if c := pi.ModIn(ptx.GroupCmp); c != ptx.ModNone {
		name := c.String()
		in.cmp, _ = cmpByName(name)
	}
	switch pi.ModIn(ptx.GroupBoolOp) {
	case ptx.ModAnd:
		in.bop = 1
	case ptx.ModOr:
		in.bop = 2
	case ptx.ModXor:
		in.bop = 3
	}
}

// operand decodes a register, special register, immediate or symbol
// operand used with type t.
func (d *decoder) operand(o *ptx.Operand, t Type) (opnd, error) {
	switch o.Kind {
	case ptx.OpdReg:
		if o.Reg < 0 || o.Reg >= len(d.fn.regSlot) {
			return opnd{}, d.errf(o.Pos, "unresolved register %s", o.Name)
		}
		slot := d.fn.regSlot[o.Reg]
		if o.Comp > 0 {
			slot += int32(o.Comp - 1)
		}
		if d.fn.regPred[o.Reg] {
			return opnd{kind: okPred, slot: slot, neg: o.Neg, name: o.Name, bits: 1}, nil
		}
		return opnd{kind: okReg, slot: slot, name: o.Name, bits: d.fn.regBits[o.Reg]}, nil
	case ptx.OpdSpecial:
		switch o.Special {
		case ptx.SRegClock, ptx.SRegClockHi, ptx.SRegClock64, ptx.SRegGlobaltimer,
			ptx.SRegGlobaltimerLo, ptx.SRegGlobaltimerHi:
			return opnd{kind: okClock, sreg: o.Special, name: o.Special.String()}, nil
		}
		slot := d.p.specialSlot(specKey{o.Special, o.Comp})
		return opnd{kind: okSpecial, slot: slot, name: o.Special.String(), sreg: o.Special}, nil
	case ptx.OpdInt:
		return immOpnd(uint64(o.Int)), nil
	case ptx.OpdFloat:
		return immOpnd(floatImm(t, o.Bits, o.Float64)), nil
	case ptx.OpdSymbol:
		if o.Var != nil {
			loc, ok := d.p.vars[o.Var]
			if !ok {
				return opnd{}, d.errf(o.Pos, "symbol %s has no storage the simulator knows", o.Name)
			}
			d.noteShared(o.Var, loc)
			return immOpnd(loc.addr + uint64(o.Int)), nil
		}
		return opnd{}, d.errf(o.Pos, "symbol %s cannot be used as a value here", o.Name)
	case ptx.OpdSink:
		return opnd{kind: okNone, name: "_"}, nil
	}
	return opnd{}, d.errf(o.Pos, "unexpected operand %s", o.Name)
}

// noteShared records that the function names a static shared variable.
func (d *decoder) noteShared(v *ptx.Var, loc varLoc) {
	if loc.space != SpaceShared {
		return
	}
	if d.fn.sharedRefs == nil {
		d.fn.sharedRefs = map[*ptx.Var]bool{}
	}
	d.fn.sharedRefs[v] = true
}

func immOpnd(x uint64) opnd {
	v := new([32]uint64)
	for i := range v {
		v[i] = x
	}
	return opnd{kind: okImm, imm: x, immv: v, name: fmt.Sprintf("%#x", x)}
}

// operands decodes pi.Operands[from:to] as scalar operands into dst.
func (d *decoder) scalars(pi *ptx.Instruction, from int, t Type, dst []opnd) error {
	for i := range dst {
		if from+i >= len(pi.Operands) {
			return d.errf(pi.Pos, "%s needs %d operands", pi.Op, from+len(dst))
		}
		o, err := d.operand(&pi.Operands[from+i], t)
		if err != nil {
			return err
		}
		dst[i] = o
	}
	return nil
}

// vector decodes a braced vector operand (or a single register) into
// dst, returning the element count.
func (d *decoder) vector(o *ptx.Operand, t Type, dst *[4]opnd) (int, error) {
	if o.Kind != ptx.OpdVector {
		x, err := d.operand(o, t)
		dst[0] = x
		return 1, err
	}
	if len(o.Elems) > 4 {
		return 0, d.errf(o.Pos, "vectors of more than 4 elements are not supported")
	}
	for i := range o.Elems {
		x, err := d.operand(&o.Elems[i], t)
		if err != nil {
			return 0, err
		}
		dst[i] = x
	}
	return len(o.Elems), nil
}

// address decodes an address operand [base+off] or a bare symbol into
// in.base/in.off for an access in space sp.
func (d *decoder) address(o *ptx.Operand, in *inst, sp Space) error {
	in.off = uint64(o.Int)
	var base *ptx.Operand
	switch o.Kind {
	case ptx.OpdAddr:
		if len(o.Elems) > 0 {
			base = &o.Elems[0]
		}
	case ptx.OpdSymbol:
		base = o
		in.off = 0
	case ptx.OpdReg, ptx.OpdInt:
		base = o
		in.off = 0
	default:
		return d.errf(o.Pos, "expected an address")
	}
	if base == nil {
		return nil
	}
	switch base.Kind {
	case ptx.OpdReg:
		b, err := d.operand(base, TU64)
		if err != nil {
			return err
		}
		in.base = b
	case ptx.OpdSymbol:
		if base.Var == nil {
			return d.errf(base.Pos, "%s is not a variable", base.Name)
		}
		loc, ok := d.p.vars[base.Var]
		if !ok {
			return d.errf(base.Pos, "variable %s has no storage", base.Name)
		}
		d.noteShared(base.Var, loc)
		a := loc.addr + uint64(base.Int)
		if sp == SpaceGeneric {
			a = toGeneric(loc.space, a)
		} else if loc.space != sp && !(sp == SpaceGlobal && loc.space == SpaceGlobal) {
			return d.errf(base.Pos, "variable %s is in the %s space, not %s", base.Name, loc.space, sp)
		}
		in.off += a
		in.symSpace = loc.space
	case ptx.OpdInt:
		in.off += uint64(base.Int)
	default:
		return d.errf(base.Pos, "unexpected address base")
	}
	return nil
}

// computeReconvergence sets each conditional branch's reconvergence point:
// the first instruction of the immediate post-dominator of its block
// (len(code), a virtual exit, when none).
func computeReconvergence(fn *function) {
	code := fn.code
	n := len(code)
	if n == 0 {
		return
	}
	// Basic blocks: leaders are 0, branch targets and instructions after
	// branches, returns and exits.
	leader := make([]bool, n+1)
	leader[0] = true
	for i := range code {
		in := &code[i]
		switch in.op {
		case ptx.OpBra:
			if in.target >= 0 && int(in.target) <= n {
				leader[in.target] = true
			}
			leader[i+1] = true
		case ptx.OpRet, ptx.OpExit, ptx.OpTrap:
			leader[i+1] = true
		}
	}
	blockOf := make([]int, n)
	var starts []int
	for i := 0; i < n; i++ {
		if leader[i] {
			starts = append(starts, i)
		}
		blockOf[i] = len(starts) - 1
	}
	nb := len(starts)
	exit := nb // virtual exit node
	succ := make([][]int, nb+1)
	for b := range starts {
		end := n
		if b+1 < nb {
			end = starts[b+1]
		}
		last := &code[end-1]
		switch last.op {
		case ptx.OpBra:
			if last.target >= 0 && int(last.target) < n {
				succ[b] = append(succ[b], blockOf[last.target])
			} else {
				succ[b] = append(succ[b], exit)
			}
			if last.guard.kind != okNone {
				if end < n {
					succ[b] = append(succ[b], blockOf[end])
				} else {
					succ[b] = append(succ[b], exit)
				}
			}
		case ptx.OpTrap:
			// A trap ends the whole launch, so the lanes that take it never
			// need to reconverge: a guarded trap (a device-side assert)
			// only falls through, and leaves the post-dominators of the
			// branches around it — where diverged lanes meet again, before
			// a barrier say — as they would be without it.
			if last.guard.kind == okNone || end >= n {
				succ[b] = append(succ[b], exit)
			} else {
				succ[b] = append(succ[b], blockOf[end])
			}
		case ptx.OpRet, ptx.OpExit:
			succ[b] = append(succ[b], exit)
			if last.guard.kind != okNone {
				if end < n {
					succ[b] = append(succ[b], blockOf[end])
				} else {
					succ[b] = append(succ[b], exit)
				}
			}
		default:
			if end < n {
				succ[b] = append(succ[b], blockOf[end])
			} else {
				succ[b] = append(succ[b], exit)
			}
		}
	}
	ipdom := postDominators(succ, exit)
	for i := range code {
		in := &code[i]
		if in.op != ptx.OpBra {
			continue
		}
		p := ipdom[blockOf[i]]
		if p < 0 || p == exit {
			in.ipdom = int32(n)
		} else {
			in.ipdom = int32(starts[p])
		}
	}
}

// postDominators returns the immediate post-dominator of every node of a
// graph given by successor lists (the Cooper–Harvey–Kennedy iteration on
// the reverse graph); exit has none (-1), nor do nodes that cannot reach
// exit (infinite loops), which then reconverge only at the exit.
func postDominators(succ [][]int, exit int) []int {
	n := len(succ)
	pred := make([][]int, n) // predecessors in the reverse graph = successors
	rev := make([][]int, n)  // reverse edges: for the walk from exit
	for b, ss := range succ {
		for _, s := range ss {
			rev[s] = append(rev[s], b)
		}
	}
	_ = pred
	// Postorder of the reverse graph from exit.
	order := make([]int, 0, n)
	num := make([]int, n)
	for i := range num {
		num[i] = -1
	}
	seen := make([]bool, n)
	type item struct{ node, next int }
	stack := []item{{exit, 0}}
	seen[exit] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.next < len(rev[top.node]) {
			m := rev[top.node][top.next]
			top.next++
			if !seen[m] {
				seen[m] = true
				stack = append(stack, item{m, 0})
			}
			continue
		}
		num[top.node] = len(order)
		order = append(order, top.node)
		stack = stack[:len(stack)-1]
	}
	idom := make([]int, n)
	for i := range idom {
		idom[i] = -1
	}
	idom[exit] = exit
	intersect := func(a, b int) int {
		for a != b {
			for num[a] < num[b] {
				a = idom[a]
			}
			for num[b] < num[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(order) - 1; i >= 0; i-- {
			b := order[i]
			if b == exit {
				continue
			}
			newIdom := -1
			for _, s := range succ[b] { // predecessors in the reverse graph
				if idom[s] == -1 {
					continue
				}
				if newIdom == -1 {
					newIdom = s
				} else {
					newIdom = intersect(s, newIdom)
				}
			}
			if newIdom != -1 && idom[b] != newIdom {
				idom[b] = newIdom
				changed = true
			}
		}
	}
	idom[exit] = -1
	return idom
}
