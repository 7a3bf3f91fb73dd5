package ptxemit

import (
	"fmt"
	"math/bits"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ptx"
)

// register classes: prefix and PTX type.
type class int

const (
	clsPred class = iota
	clsB32
	clsB64
	clsF32
	clsF64
	clsB16 // f16 and bf16 values (half.go)
	numClasses
)

var classPrefix = [numClasses]string{"%p", "%r", "%rd", "%f", "%fd", "%h"}
var classType = [numClasses]ptx.Type{ptx.Pred, ptx.B32, ptx.B64, ptx.F32, ptx.F64, ptx.B16}
var movType = [numClasses]string{"pred", "b32", "b64", "f32", "f64", "b16"}

// memref is how a kernel reaches a memref value.
type memref struct {
	base  string   // register holding the address
	dims  []string // per dimension: a register, or "" for a static size
	shape []int64
	elem  ir.Type
	space string // "global" or "shared"
}

type kernel struct {
	fn     *ptx.Function
	stmts  []ptx.Stmt
	counts [numClasses]int
	regs   map[ir.Value]string
	mems   map[ir.Value]*memref
	labels int
	last   string
	// consts names the module-level .const tables the kernel reads.
	consts map[string]bool
	// target is the SM architecture (bf16 conversions depend on it).
	target int
}

func classOf(t ir.Type) (class, error) {
	switch tt := t.(type) {
	case *ir.FloatType:
		switch tt.Width() {
		case 32:
			return clsF32, nil
		case 64:
			return clsF64, nil
		case 16:
			return clsB16, nil
		}
	case *ir.IntegerType:
		switch tt.Width {
		case 1:
			return clsPred, nil
		case 32:
			return clsB32, nil
		case 64:
			return clsB64, nil
		}
	}
	if ir.IsIndex(t) {
		return clsB64, nil
	}
	return 0, fmt.Errorf("type %s has no PTX register class in emit/ptx", t)
}

func (k *kernel) newReg(c class) string {
	k.counts[c]++
	return fmt.Sprintf("%s%d", classPrefix[c], k.counts[c])
}

func (k *kernel) emit(in *ptx.Instruction) { k.stmts = append(k.stmts, in) }

func (k *kernel) ins(spec string, ops ...ptx.Operand) { k.emit(inst(spec, ops...)) }

func (k *kernel) guarded(pred string, neg bool, spec string, ops ...ptx.Operand) {
	in := inst(spec, ops...)
	in.Guard = &ptx.Operand{Kind: ptx.OpdReg, Name: pred, Neg: neg}
	k.emit(in)
}

func (k *kernel) label() string {
	k.labels++
	return fmt.Sprintf("$L%d", k.labels)
}

func (k *kernel) place(l string) { k.stmts = append(k.stmts, &ptx.Label{Name: l}) }

// def gives v a fresh register of its type.
func (k *kernel) def(v ir.Value) (string, class, error) {
	c, err := classOf(v.Type())
	if err != nil {
		return "", 0, err
	}
	r := k.newReg(c)
	k.regs[v] = r
	return r, c, nil
}

func (k *kernel) use(v ir.Value) ptx.Operand { return reg(k.regs[v]) }

func errAt(op *ir.Operation, format string, args ...any) error {
	return ir.Errorf(op.Loc(), format, args...)
}

func emitKernel(op *ir.Operation, target int) (*ptx.Function, map[string]bool, error) {
	name, _ := op.Attr(ir.SymbolAttrName).(*ir.StringAttr)
	ft := gpu.FuncType(op)
	k := &kernel{regs: map[ir.Value]string{}, mems: map[ir.Value]*memref{}, consts: map[string]bool{}, target: target}
	k.fn = &ptx.Function{Linkage: ptx.LinkVisible, Entry: true, Name: name.Value}
	entry := op.Region(0).Front()
	for i, t := range ft.Inputs {
		arg := entry.Arg(i)
		pname := fmt.Sprintf("%s_param_%d", name.Value, i)
		switch tt := t.(type) {
		case *ir.MemRefType:
			if tt.Layout != nil {
				return nil, nil, errAt(op, "emit/ptx: memref argument #%d has a layout", i)
			}
			k.fn.Params = append(k.fn.Params, &ptx.Var{Space: ptx.SpaceParam, Type: ptx.U64, Name: pname})
			raw := k.newReg(clsB64)
			k.ins("ld.param.u64", reg(raw), addr1(pname))
			base := k.newReg(clsB64)
			k.ins("cvta.to.global.u64", reg(base), reg(raw))
			m := &memref{base: base, shape: tt.Shape(), elem: tt.Elem, space: "global", dims: make([]string, tt.Rank())}
			for d, n := range tt.Shape() {
				if n == ir.Dynamic {
					dn := fmt.Sprintf("%s_dim%d", pname, d)
					k.fn.Params = append(k.fn.Params, &ptx.Var{Space: ptx.SpaceParam, Type: ptx.U64, Name: dn})
					r := k.newReg(clsB64)
					k.ins("ld.param.u64", reg(r), addr1(dn))
					m.dims[d] = r
				}
			}
			k.mems[arg] = m
		default:
			c, err := classOf(t)
			if err != nil {
				return nil, nil, errAt(op, "emit/ptx: argument #%d: %v", i, err)
			}
			pt := []ptx.Type{ptx.U32, ptx.U32, ptx.U64, ptx.F32, ptx.F64, ptx.B16}[c]
			k.fn.Params = append(k.fn.Params, &ptx.Var{Space: ptx.SpaceParam, Type: pt, Name: pname})
			r, _, _ := k.def(arg)
			if c == clsPred {
				tmp := k.newReg(clsB32)
				k.ins("ld.param.u32", reg(tmp), addr1(pname))
				k.ins("setp.ne.u32", reg(r), reg(tmp), imm(0))
			} else {
				k.ins("ld.param."+pt.String(), reg(r), addr1(pname))
			}
		}
	}
	var shared []ptx.Stmt
	for i := len(ft.Inputs); i < entry.NumArgs(); i++ {
		arg := entry.Arg(i)
		mt, ok := arg.Type().(*ir.MemRefType)
		if !ok {
			return nil, nil, errAt(op, "emit/ptx: attribution #%d is not a memref", i)
		}
		size := int64(elemBytes(mt.Elem))
		for _, n := range mt.Shape() {
			size *= n
		}
		if sp, _ := gpu.MemorySpace(mt); sp != gpu.Workgroup {
			return nil, nil, errAt(op, "emit/ptx: only workgroup attributions are supported")
		}
		vname := fmt.Sprintf("%s_smem%d", name.Value, i)
		shared = append(shared, &ptx.Var{Space: ptx.SpaceShared, Align: 8, Type: ptx.B8, Name: vname, Dims: []int{int(max(size, 1))}})
		r := k.newReg(clsB64)
		k.ins("mov.u64", reg(r), sym(vname))
		k.mems[arg] = &memref{base: r, shape: mt.Shape(), elem: mt.Elem, space: "shared", dims: make([]string, mt.Rank())}
	}
	if err := k.block(entry); err != nil {
		return nil, nil, err
	}
	var decls []ptx.Stmt
	decls = append(decls, shared...)
	for c := range numClasses {
		if k.counts[c] > 0 {
			decls = append(decls, &ptx.Var{Space: ptx.SpaceReg, Type: classType[c], Name: classPrefix[c], Count: k.counts[c] + 1})
		}
	}
	k.fn.Body = &ptx.Block{Stmts: append(decls, k.stmts...)}
	return k.fn, k.consts, nil
}

func addr1(name string) ptx.Operand {
	return ptx.Operand{Kind: ptx.OpdAddr, Elems: []ptx.Operand{sym(name)}}
}

func elemBytes(t ir.Type) int {
	if ir.IsFloat(t) {
		return t.(*ir.FloatType).Width() / 8
	}
	switch w := ir.IntWidth(t); {
	case w <= 8:
		return 1
	default:
		return w / 8
	}
}

// block emits the ops of b; the terminator is handled by the caller
// (gpu.return ends the kernel).
func (k *kernel) block(b *ir.Block) error {
	var ops []*ir.Operation
	for op := range b.Ops() {
		ops = append(ops, op)
	}
	for i := 0; i < len(ops); i++ {
		if n := k.vectorGroup(ops[i:]); n > 0 {
			if err := k.vectorAccess(ops[i : i+n]); err != nil {
				return err
			}
			i += n - 1
			continue
		}
		if err := k.op(ops[i]); err != nil {
			return err
		}
	}
	return nil
}

// intSuffix returns the PTX type suffix of an integer op on type t.
func intSuffix(t ir.Type, kind byte) string {
	w := ir.IntWidth(t)
	if w != 64 {
		w = 32
	}
	return fmt.Sprintf("%c%d", kind, w)
}

func floatSuffix(t ir.Type) string { return fmt.Sprintf("f%d", t.(*ir.FloatType).Width()) }

func (k *kernel) op(op *ir.Operation) error {
	name := op.Name()
	switch name {
	case gpu.ReturnName, loops.YieldName:
		return nil
	case arith.ConstantName:
		return k.constant(op)
	case gpu.ThreadIDName, gpu.BlockIDName, gpu.BlockDimName, gpu.GridDimName:
		d, _ := gpu.DimensionAttrDef.Value(op.Attr("dimension"))
		sr := map[string]ptx.SpecialReg{gpu.ThreadIDName: ptx.SRegTid, gpu.BlockIDName: ptx.SRegCtaid, gpu.BlockDimName: ptx.SRegNtid, gpu.GridDimName: ptx.SRegNctaid}[name]
		t := k.newReg(clsB32)
		k.ins("mov.u32", reg(t), special(sr, uint8(d)+1))
		r, _, _ := k.def(op.Result(0))
		k.ins("cvt.u64.u32", reg(r), reg(t))
		return nil
	case gpu.LaneIDName:
		t := k.newReg(clsB32)
		k.ins("mov.u32", reg(t), special(ptx.SRegLaneid, 0))
		r, _, _ := k.def(op.Result(0))
		k.ins("cvt.u64.u32", reg(r), reg(t))
		return nil
	case gpu.BarrierName:
		k.ins("bar.sync", imm(0))
		return nil
	case gpu.ShuffleName:
		return k.shuffle(op)
	case loops.LoadName, loops.StoreName:
		return k.memAccess(op)
	case loops.DimName:
		m := k.mems[op.Operand(0)]
		if m == nil {
			return errAt(op, "emit/ptx: loops.dim of an unknown memref")
		}
		d := loops.DimOp{Op: op}.Dim()
		r, _, _ := k.def(op.Result(0))
		if m.dims[d] != "" {
			k.ins("mov.b64", reg(r), reg(m.dims[d]))
		} else {
			k.ins("mov.b64", reg(r), imm(m.shape[d]))
		}
		return nil
	case loops.ForName:
		return k.forLoop(op)
	case loops.IfName:
		return k.ifOp(op)
	case loops.CheckIndexName:
		return k.checkIndex(op)
	}
	return k.arith(op)
}

// checkIndex emits loops.check_index as a device-side assert: the thread
// traps unless 0 <= index < size (one unsigned compare covers both ends),
// and the launch fails, reported on the host at the tensor op.
func (k *kernel) checkIndex(op *ir.Operation) error {
	r, _, err := k.def(op.Result(0))
	if err != nil {
		return errAt(op, "emit/ptx: %v", err)
	}
	p := k.newReg(clsPred)
	k.ins("setp.ge.u64", reg(p), k.use(op.Operand(0)), k.use(op.Operand(1)))
	k.guarded(p, false, "trap")
	k.ins("mov.b64", reg(r), k.use(op.Operand(0)))
	return nil
}

func (k *kernel) constant(op *ir.Operation) error {
	r, c, err := k.def(op.Result(0))
	if err != nil {
		return errAt(op, "emit/ptx: %v", err)
	}
	switch a := op.Attr("value").(type) {
	case *ir.IntegerAttr:
		switch c {
		case clsPred:
			t := k.newReg(clsB32)
			k.ins("mov.u32", reg(t), imm(a.Val&1))
			k.ins("setp.ne.u32", reg(r), reg(t), imm(0))
		case clsB32:
			k.ins("mov.b32", reg(r), imm(int64(uint32(a.Val))))
		default:
			k.ins("mov.b64", reg(r), imm(a.Val))
		}
	case *ir.FloatAttr:
		if c == clsB16 {
			k.ins("mov.b16", reg(r), imm(int64(halfBits(a))))
		} else if c == clsF32 {
			k.ins("mov.f32", reg(r), f32imm(float32(a.Value)))
		} else {
			k.ins("mov.f64", reg(r), f64imm(a.Value))
		}
	default:
		return errAt(op, "emit/ptx: unsupported constant %s", op.Attr("value"))
	}
	return nil
}

func (k *kernel) shuffle(op *ir.Operation) error {
	mode, _ := gpu.ShuffleModeAttrDef.Value(op.Attr("mode"))
	spec := map[gpu.ShuffleMode]string{gpu.ShuffleXor: "bfly", gpu.ShuffleUp: "up", gpu.ShuffleDown: "down", gpu.ShuffleIdx: "idx"}[mode]
	r, _, err := k.def(op.Result(0))
	if err != nil {
		return errAt(op, "emit/ptx: %v", err)
	}
	p, _, _ := k.def(op.Result(1))
	// c: the segment mask (32 - width) << 8 and the clamp (0 for up, 31 else).
	w := k.newReg(clsB32)
	k.ins("sub.s32", reg(w), imm(32), k.use(op.Operand(2)))
	c := k.newReg(clsB32)
	k.ins("shl.b32", reg(c), reg(w), imm(8))
	if mode != gpu.ShuffleUp {
		k.ins("or.b32", reg(c), reg(c), imm(31))
	}
	k.ins("shfl.sync."+spec+".b32", ptx.Operand{Kind: ptx.OpdPredPair, Elems: []ptx.Operand{reg(r), reg(p)}},
		k.use(op.Operand(0)), k.use(op.Operand(1)), reg(c), imm(-1))
	return nil
}

// address returns a register holding the address of m[indices].
func (k *kernel) address(m *memref, indices []ir.Value) string {
	if len(indices) == 0 {
		return m.base
	}
	lin := k.regs[indices[0]]
	for d := 1; d < len(indices); d++ {
		t := k.newReg(clsB64)
		if m.dims[d] != "" {
			k.ins("mul.lo.s64", reg(t), reg(lin), reg(m.dims[d]))
		} else {
			k.ins("mul.lo.s64", reg(t), reg(lin), imm(m.shape[d]))
		}
		k.ins("add.s64", reg(t), reg(t), k.use(indices[d]))
		lin = t
	}
	off := k.newReg(clsB64)
	k.ins("shl.b64", reg(off), reg(lin), imm(int64(bits.TrailingZeros(uint(elemBytes(m.elem))))))
	a := k.newReg(clsB64)
	k.ins("add.s64", reg(a), reg(m.base), reg(off))
	return a
}

func memType(t ir.Type) string {
	if ir.IsFloat(t) && t.(*ir.FloatType).Width() == 16 {
		return "b16" // f16 and bf16 move as bits (half.go)
	}
	if ir.IsFloat(t) {
		return floatSuffix(t)
	}
	switch w := ir.IntWidth(t); {
	case w == 1:
		return "u8"
	case w == 64:
		return "u64"
	default:
		return "u32"
	}
}

func (k *kernel) memAccess(op *ir.Operation) error {
	isStore := op.Name() == loops.StoreName
	buf := op.Operand(0)
	idx := op.Operands()[1:]
	if isStore {
		buf, idx = op.Operand(1), op.Operands()[2:]
	}
	m := k.mems[buf]
	if m == nil {
		return errAt(op, "emit/ptx: %s of a memref that is not a kernel argument or attribution", op.Name())
	}
	a := k.address(m, idx)
	mt := memType(m.elem)
	if !isStore {
		r, c, err := k.def(op.Result(0))
		if err != nil {
			return errAt(op, "emit/ptx: %v", err)
		}
		if c == clsPred {
			t := k.newReg(clsB32)
			k.ins("ld."+m.space+".u8", reg(t), addr(a))
			k.ins("setp.ne.u32", reg(r), reg(t), imm(0))
			return nil
		}
		k.ins("ld."+m.space+"."+mt, reg(r), addr(a))
		return nil
	}
	v := op.Operand(0)
	if c, _ := classOf(v.Type()); c == clsPred {
		t := k.newReg(clsB32)
		k.ins("selp.u32", reg(t), imm(1), imm(0), k.use(v))
		k.ins("st."+m.space+".u8", addr(a), reg(t))
		return nil
	}
	k.ins("st."+m.space+"."+mt, addr(a), k.use(v))
	return nil
}

func (k *kernel) mov(c class, dst, src string) {
	k.ins("mov."+movType[c], reg(dst), reg(src))
}

func (k *kernel) forLoop(op *ir.Operation) error {
	f := loops.ForOp{Op: op}
	body := f.BodyBlock()
	iv, _, _ := k.def(body.Arg(0))
	k.ins("mov.b64", reg(iv), k.use(f.LowerBound()))
	iters := f.RegionIterArgs()
	classes := make([]class, len(iters))
	for i, a := range iters {
		r, c, err := k.def(a)
		if err != nil {
			return errAt(op, "emit/ptx: %v", err)
		}
		classes[i] = c
		k.mov(c, r, k.regs[f.InitArgs()[i]])
		k.regs[op.Result(i)] = r
	}
	head, end := k.label(), k.label()
	k.place(head)
	p := k.newReg(clsPred)
	k.ins("setp.ge.s64", reg(p), reg(iv), k.use(f.UpperBound()))
	k.guarded(p, false, "bra", sym(end))
	if err := k.block(body); err != nil {
		return err
	}
	yielded := body.Terminator().Operands()
	tmps := make([]string, len(yielded))
	for i, v := range yielded {
		tmps[i] = k.newReg(classes[i])
		k.mov(classes[i], tmps[i], k.regs[v])
	}
	for i := range yielded {
		k.mov(classes[i], k.regs[iters[i]], tmps[i])
	}
	k.ins("add.s64", reg(iv), reg(iv), k.use(f.Step()))
	k.ins("bra", sym(head))
	k.place(end)
	return nil
}

func (k *kernel) ifOp(op *ir.Operation) error {
	classes := make([]class, op.NumResults())
	for i := range op.NumResults() {
		_, c, err := k.def(op.Result(i))
		if err != nil {
			return errAt(op, "emit/ptx: %v", err)
		}
		classes[i] = c
	}
	els, end := k.label(), k.label()
	k.guarded(k.regs[op.Operand(0)], true, "bra", sym(els))
	arm := func(b *ir.Block) error {
		if b == nil {
			return nil
		}
		if err := k.block(b); err != nil {
			return err
		}
		for i, v := range b.Terminator().Operands() {
			k.mov(classes[i], k.regs[op.Result(i)], k.regs[v])
		}
		return nil
	}
	if err := arm(op.Region(0).Front()); err != nil {
		return err
	}
	k.ins("bra", sym(end))
	k.place(els)
	if err := arm(op.Region(1).Front()); err != nil {
		return err
	}
	k.place(end)
	return nil
}
