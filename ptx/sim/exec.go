package sim

import (
	"fmt"
	"math/bits"

	"github.com/tt-compiler/tt/ptx"
)

// The execution model. A function is decoded once into a code array of
// insts; a warp executes one inst for all its active lanes per dispatch.
// Registers live per warp frame as [slot][32]uint64 (predicates as one
// uint32 lane mask per predicate register); divergence is handled by a
// SIMT stack whose entries reconverge at the immediate post-dominator of
// the divergent branch.

// execFn is an instruction's semantics hook: it runs in for the lanes in
// act (the active lanes whose guard predicate holds).
type execFn func(w *warp, in *inst, act uint32) error

// opndKind says where an operand's per-lane values come from.
type opndKind uint8

const (
	okNone    opndKind = iota
	okReg              // a register slot
	okPred             // a predicate register (a lane mask)
	okImm              // an immediate, broadcast
	okSpecial          // a special register computed at warp start
	okClock            // %clock, %clock64, %globaltimer: read at execution
)

// opnd is a decoded operand.
type opnd struct {
	kind opndKind
	neg  bool   // !%p
	slot int32  // register or predicate slot, or special index
	bits uint8  // the register's declared width (for sign extension of loads)
	imm  uint64 // okImm's value
	immv *[32]uint64
	name string // for messages
	sreg ptx.SpecialReg
}

// Instruction flags.
const (
	fSat uint32 = 1 << iota
	fFTZ
	fApprox
	fHi
	fLo
	fWide
	fIntRnd
	fUni
	fNaN
	fFull
	fPredOut // shfl's optional predicate destination, setp's second destination
	fCall
	fAbs
	fRelu
	fSymAddr // mov of a symbol's address
	fNoFTZ
	fCC
)

// inst is a decoded instruction.
type inst struct {
	exec  execFn
	op    ptx.Op
	t, t2 Type
	rnd   Rounding
	flags uint32
	cmp   CmpOp
	bop   uint8 // setp/set boolean combination: 0 none, 1 and, 2 or, 3 xor
	sub   uint8 // the opcode's mode (shfl, vote, atom op, testp, prmt, cvta direction)
	space Space
	vec   int
	guard opnd // okNone when unguarded

	d  [4]opnd // destinations (vector elements)
	nd int
	a  [4]opnd // sources
	na int
	// Memory operands: base register (okNone for a symbol or absolute
	// address) plus a constant offset already including a symbol's address.
	base     opnd
	off      uint64
	symSpace Space // the space of a symbol base, when there is one

	target int32 // branch target index
	ipdom  int32 // reconvergence point of a branch
	callee *function
	args   []callArg
	rets   []callArg
	mma    MmaShape
	f      laneFn // per-lane function of execALU
	mmaOps *mmaOperands

	pos ptx.Pos
	fn  *function
}

// callArg is one argument or result of a call: a param variable of the
// caller (offset in its param frame) or a register/immediate operand.
type callArg struct {
	o    opnd
	off  uint64 // caller param-frame offset when o.kind == okNone
	size int
}

// simtEntry is one entry of a warp's SIMT stack: the lanes in mask
// execute from pc until pc reaches rpc, where they reconverge with the
// entry below.
type simtEntry struct {
	pc, rpc int32
	mask    uint32
}

// frame is one function activation of a warp.
type frame struct {
	fn       *function
	regs     []uint64 // slot*32 + lane
	preds    []uint32
	written  []uint32 // per register slot: lanes that wrote it
	pwritten []uint32
	stack    []simtEntry
	params   []byte // per-thread param frame: lane*fn.paramSize + offset
	call     *inst  // the caller's call instruction (nil for the kernel)
	mask     uint32 // the lanes that entered the frame
}

// warp is 32 threads of a CTA executing in lockstep.
type warp struct {
	cta        *cta
	id         int
	frames     []*frame
	live       uint32 // lanes that exist and have not exited
	exists     uint32
	atBar      bool
	barPC      int32
	barID      uint64
	barCount   int
	barRedIn   *inst  // the bar.red being waited at, or nil
	barPred    uint32 // its predicate over the active lanes
	done       bool
	steps      int64
	spec       [][32]uint64 // special registers the program reads
	specFor    *Launch      // the launch spec was computed for
	local      []byte       // lane*localSize + offset
	topMask    uint32       // the SIMT stack top's mask of the inst being executed
	tmp        [4][32]uint64
	cc         [32]uint64 // each lane's carry flag (add.cc, addc, ...)
	zero       [32]uint64
	lastBuf    *Buffer
	lastShared int
	framePool  []*frame
}

func (w *warp) top() *frame { return w.frames[len(w.frames)-1] }

// lanes returns the indices of the set bits of m, in order.
func forLanes(m uint32, f func(l int)) {
	for m != 0 {
		l := bits.TrailingZeros32(m)
		f(l)
		m &= m - 1
	}
}

// val returns the per-lane values of source operand o, checking that every
// lane in act has written a register operand.
func (w *warp) val(o *opnd, act uint32, in *inst) (*[32]uint64, error) {
	switch o.kind {
	case okReg:
		fr := w.top()
		if act&^fr.written[o.slot] != 0 {
			return nil, w.uninit(in, o, act&^fr.written[o.slot])
		}
		return (*[32]uint64)(fr.regs[int(o.slot)*32:]), nil
	case okImm:
		return o.immv, nil
	case okSpecial:
		return &w.spec[o.slot], nil
	case okClock:
		w.readClock(o)
		return &w.tmp[3], nil
	case okPred:
		fr := w.top()
		if act&^fr.pwritten[o.slot] != 0 {
			return nil, w.uninit(in, o, act&^fr.pwritten[o.slot])
		}
		p := fr.preds[o.slot]
		if o.neg {
			p = ^p
		}
		t := &w.tmp[2]
		for l := range t {
			t[l] = uint64(p >> uint(l) & 1)
		}
		return t, nil
	}
	return &w.zero, nil
}

// predVal returns a predicate operand's lane mask (negation applied).
func (w *warp) predVal(o *opnd, act uint32, in *inst) (uint32, error) {
	switch o.kind {
	case okPred:
		fr := w.top()
		if act&^fr.pwritten[o.slot] != 0 {
			return 0, w.uninit(in, o, act&^fr.pwritten[o.slot])
		}
		p := fr.preds[o.slot]
		if o.neg {
			p = ^p
		}
		return p, nil
	case okImm:
		if o.imm != 0 {
			return ^uint32(0), nil
		}
		return 0, nil
	}
	v, err := w.val(o, act, in)
	if err != nil {
		return 0, err
	}
	var m uint32
	for l := 0; l < 32; l++ {
		if v[l] != 0 {
			m |= 1 << uint(l)
		}
	}
	return m, nil
}

// dst returns the register array of destination o.
func (w *warp) dst(o *opnd) *[32]uint64 {
	if o.kind != okReg {
		return &w.tmp[0] // a sink ("_") or an unsupported destination
	}
	return (*[32]uint64)(w.top().regs[int(o.slot)*32:])
}

// wrote records that the lanes in act wrote destination o.
func (w *warp) wrote(o *opnd, act uint32) {
	if o.kind == okReg {
		w.top().written[o.slot] |= act
	}
}

// setPred writes predicate destination o for the lanes in act.
func (w *warp) setPred(o *opnd, act, m uint32) {
	if o.kind != okPred {
		return
	}
	fr := w.top()
	fr.preds[o.slot] = fr.preds[o.slot]&^act | m&act
	fr.pwritten[o.slot] |= act
}

// threadOf returns the tid of lane l.
func (w *warp) threadOf(l int) [3]int {
	c := w.cta
	t := w.id*32 + l
	bx, by := c.launch.Block[0], c.launch.Block[1]
	return [3]int{t % bx, t / bx % by, t / (bx * by)}
}

// errAt builds an error for lane l at instruction in.
func (w *warp) errAt(in *inst, l int, kind ErrorKind, format string, args ...any) *Error {
	c := w.cta
	e := &Error{Kind: kind, File: c.prog.file, Kernel: c.kernel.name, Block: c.ctaid, Thread: w.threadOf(l),
		Msg: fmt.Sprintf(format, args...)}
	if in != nil {
		e.Pos = in.pos
		e.Msg = in.op.String() + ": " + e.Msg
	}
	return e
}

// errAddr is errAt with a faulting address.
func (w *warp) errAddr(in *inst, l int, kind ErrorKind, sp Space, addr uint64, format string, args ...any) *Error {
	e := w.errAt(in, l, kind, format, args...)
	e.HasAddr, e.Space, e.Addr = true, sp, addr
	return e
}

func (w *warp) uninit(in *inst, o *opnd, lanes uint32) error {
	return w.errAt(in, bits.TrailingZeros32(lanes), ErrUninitialized, "register %s read before it was written", o.name)
}

// run executes the warp until it exits, waits at a barrier or fails.
func (w *warp) run() error {
	c := w.cta
	stats := c.stats
	maxSteps := c.launch.MaxSteps
	for len(w.frames) > 0 {
		fr := w.frames[len(w.frames)-1]
		if len(fr.stack) == 0 {
			if err := w.returnFrame(); err != nil {
				return err
			}
			continue
		}
		e := &fr.stack[len(fr.stack)-1]
		if e.pc == e.rpc || e.mask == 0 {
			fr.stack = fr.stack[:len(fr.stack)-1]
			continue
		}
		if int(e.pc) >= len(fr.fn.code) { // fell off the end: an implicit ret
			w.exitLanes(e.mask, false)
			continue
		}
		in := &fr.fn.code[e.pc]
		w.steps++
		if w.steps > maxSteps {
			return w.errAt(in, bits.TrailingZeros32(e.mask), ErrStepLimit,
				"step budget of %d instructions per warp exhausted", maxSteps)
		}
		act := e.mask
		if in.guard.kind != okNone {
			g, err := w.predVal(&in.guard, act, in)
			if err != nil {
				return err
			}
			act &= g
		}
		if stats != nil {
			stats.count(in.op, act)
		}
		w.topMask = e.mask
		pc := e.pc
		if in.op == ptx.OpBra {
			w.branch(fr, e, in, act)
			continue
		}
		e.pc++
		if act == 0 && in.op != ptx.OpBarSync && in.op != ptx.OpBarrierSync {
			continue
		}
		if err := in.exec(w, in, act); err != nil {
			return err
		}
		if w.atBar {
			w.barPC = pc
			return nil
		}
	}
	w.done = true
	return nil
}

// branch executes bra for the lanes of the top SIMT entry e.
func (w *warp) branch(fr *frame, e *simtEntry, in *inst, taken uint32) {
	all := e.mask
	if s := w.cta.stats; s != nil {
		if in.guard.kind != okNone {
			s.Branches++
			if taken != 0 && taken != all {
				s.DivergentBranches++
			}
		}
	}
	switch taken {
	case 0:
		e.pc++
	case all:
		e.pc = in.target
	default:
		rpc := in.ipdom
		next := e.pc + 1
		e.pc = rpc
		fr.stack = append(fr.stack,
			simtEntry{pc: in.target, rpc: rpc, mask: taken},
			simtEntry{pc: next, rpc: rpc, mask: all &^ taken})
	}
}

// exitLanes removes the lanes in m from the current frame (ret) or from
// the warp (exit, or ret from the kernel).
func (w *warp) exitLanes(m uint32, wholeThread bool) {
	if wholeThread || len(w.frames) == 1 {
		w.live &^= m
		for _, fr := range w.frames {
			for i := range fr.stack {
				fr.stack[i].mask &^= m
			}
		}
		return
	}
	fr := w.top()
	for i := range fr.stack {
		fr.stack[i].mask &^= m
	}
}

// returnFrame pops a finished callee frame, copying its results back.
func (w *warp) returnFrame() error {
	fr := w.top()
	w.frames = w.frames[:len(w.frames)-1]
	w.framePool = append(w.framePool, fr)
	if fr.call == nil || len(w.frames) == 0 {
		w.frames = w.frames[:0]
		return nil
	}
	caller := w.top()
	return w.copyResults(caller, fr)
}
