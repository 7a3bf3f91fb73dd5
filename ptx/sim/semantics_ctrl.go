package sim

import (
	"math/bits"
	"strings"

	"github.com/tt-compiler/tt/ptx"
)

// Control flow, barriers and warp-level operations.

func prepBra(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) != 1 || pi.Operands[0].Target < 0 {
		return d.errf(pi.Pos, "bra needs a label (brx.idx and indirect branches are not supported)")
	}
	in.target = int32(pi.Operands[0].Target)
	in.exec = func(*warp, *inst, uint32) error { return nil } // the run loop branches
	return nil
}

func prepRet(d *decoder, pi *ptx.Instruction, in *inst) error {
	in.exec = func(w *warp, in *inst, act uint32) error {
		w.exitLanes(act, false)
		return nil
	}
	return nil
}

func prepExit(d *decoder, pi *ptx.Instruction, in *inst) error {
	in.exec = func(w *warp, in *inst, act uint32) error {
		w.exitLanes(act, true)
		return nil
	}
	return nil
}

func prepTrap(d *decoder, pi *ptx.Instruction, in *inst) error {
	in.exec = func(w *warp, in *inst, act uint32) error {
		return w.errAt(in, bits.TrailingZeros32(act), ErrTrap, "executed")
	}
	return nil
}

// prepCall decodes call{.uni} (rets), func, (args): rets and args are
// param variables of the caller (or registers and immediates).
func prepCall(d *decoder, pi *ptx.Instruction, in *inst) error {
	var rets, args *ptx.Operand
	var callee *ptx.Operand
	for i := range pi.Operands {
		o := &pi.Operands[i]
		switch {
		case o.Kind == ptx.OpdSymbol && callee == nil:
			callee = o
		case o.Kind == ptx.OpdList && callee == nil:
			rets = o
		case o.Kind == ptx.OpdList:
			args = o
		case o.Kind == ptx.OpdReg && callee == nil:
			return d.errf(o.Pos, "indirect calls are not supported by the simulator")
		}
	}
	if callee == nil || callee.Func == nil {
		return d.errf(pi.Pos, "call needs a function name")
	}
	fn := d.p.byDecl[callee.Func]
	if fn == nil {
		if callee.Func.Body == nil {
			return d.errf(callee.Pos, "call of %s, which has no body in this module (external functions such as vprintf are not supported)", callee.Name)
		}
		return d.errf(callee.Pos, "call of unknown function %s", callee.Name)
	}
	in.callee = fn
	d.fn.callees = append(d.fn.callees, fn)
	list := func(l *ptx.Operand, formals []*ptx.Var) ([]callArg, error) {
		if l == nil {
			return nil, nil
		}
		if len(l.Elems) != len(formals) {
			return nil, d.errf(l.Pos, "call of %s passes %d values for %d parameters", callee.Name, len(l.Elems), len(formals))
		}
		out := make([]callArg, len(l.Elems))
		for i := range l.Elems {
			e := &l.Elems[i]
			n, _ := formals[i].Size()
			out[i].size = int(n)
			if e.Kind == ptx.OpdSymbol && e.Var != nil && e.Var.Space == ptx.SpaceParam {
				out[i].off = d.p.vars[e.Var].addr + uint64(e.Int)
				continue
			}
			o, err := d.operand(e, typeOf(formals[i].Type))
			if err != nil {
				return nil, err
			}
			out[i].o = o
		}
		return out, nil
	}
	var err error
	if in.rets, err = list(rets, callee.Func.Returns); err != nil {
		return err
	}
	if in.args, err = list(args, callee.Func.Params); err != nil {
		return err
	}
	in.exec = execCall
	return nil
}

// newFrame returns a cleared frame for fn (reusing the warp's pool).
func (w *warp) newFrame(fn *function, call *inst) *frame {
	var fr *frame
	if k := len(w.framePool); k > 0 {
		fr = w.framePool[k-1]
		w.framePool = w.framePool[:k-1]
	} else {
		fr = &frame{}
	}
	fr.fn, fr.call = fn, call
	fr.regs = resize(fr.regs, fn.nregs*32)
	fr.preds = resize(fr.preds, fn.npreds)
	fr.written = resize(fr.written, fn.nregs)
	fr.pwritten = resize(fr.pwritten, fn.npreds)
	fr.params = resize(fr.params, fn.paramSize*32)
	fr.stack = fr.stack[:0]
	return fr
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

func execCall(w *warp, in *inst, act uint32) error {
	caller := w.top()
	fn := in.callee
	if len(w.frames) > 64 {
		return w.errAt(in, bits.TrailingZeros32(act), ErrOther, "call depth exceeds 64 (recursion?)")
	}
	fr := w.newFrame(fn, in)
	// Copy the arguments into the callee's formals.
	for i, a := range in.args {
		f := fn.formals[i]
		if err := w.passValue(caller, a, fr, f, act, in, true); err != nil {
			return err
		}
	}
	fr.mask = act
	fr.stack = append(fr.stack, simtEntry{pc: 0, rpc: -1, mask: act})
	w.frames = append(w.frames, fr)
	return nil
}

// passValue copies one argument (toCallee) or result between the caller's
// param variable or register and the callee's formal.
func (w *warp) passValue(caller *frame, a callArg, callee *frame, f formal, act uint32, in *inst, toCallee bool) error {
	for m := act; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		var v uint64
		// Read the source.
		if toCallee {
			if a.o.kind != okNone {
				vals, err := w.valIn(caller, &a.o, act, in)
				if err != nil {
					return err
				}
				v = vals[l]
			} else {
				v = getLE(caller.params[l*caller.fn.paramSize+int(a.off):], min(a.size, 8))
			}
		} else {
			if f.reg >= 0 {
				if f.pred {
					v = uint64(callee.preds[f.reg] >> uint(l) & 1)
				} else {
					v = callee.regs[int(f.reg)*32+l]
				}
			} else {
				v = getLE(callee.params[l*callee.fn.paramSize+int(f.off):], min(f.size, 8))
			}
		}
		// Write the destination.
		if toCallee {
			if f.reg >= 0 {
				if f.pred {
					callee.preds[f.reg] = callee.preds[f.reg]&^(1<<uint(l)) | uint32(v&1)<<uint(l)
					callee.pwritten[f.reg] |= 1 << uint(l)
				} else {
					callee.regs[int(f.reg)*32+l] = v
					callee.written[f.reg] |= 1 << uint(l)
				}
			} else {
				base := l*callee.fn.paramSize + int(f.off)
				if f.size > 8 && a.o.kind == okNone {
					copy(callee.params[base:base+f.size], caller.params[l*caller.fn.paramSize+int(a.off):])
				} else {
					putLE(callee.params[base:], min(f.size, 8), v)
				}
			}
		} else {
			if a.o.kind == okReg {
				caller.regs[int(a.o.slot)*32+l] = v
				caller.written[a.o.slot] |= 1 << uint(l)
			} else if a.o.kind == okPred {
				caller.preds[a.o.slot] = caller.preds[a.o.slot]&^(1<<uint(l)) | uint32(v&1)<<uint(l)
				caller.pwritten[a.o.slot] |= 1 << uint(l)
			} else {
				base := l*caller.fn.paramSize + int(a.off)
				if f.size > 8 && f.reg < 0 {
					copy(caller.params[base:base+f.size], callee.params[l*callee.fn.paramSize+int(f.off):])
				} else {
					putLE(caller.params[base:], min(a.size, 8), v)
				}
			}
		}
	}
	return nil
}

// valIn is val for a frame other than the top one.
func (w *warp) valIn(fr *frame, o *opnd, act uint32, in *inst) (*[32]uint64, error) {
	saved := w.frames
	w.frames = append(w.frames[:len(w.frames):len(w.frames)], fr)
	v, err := w.val(o, act, in)
	if err == nil && v == &w.tmp[2] {
		cp := w.tmp[2]
		w.tmp[0] = cp
		v = &w.tmp[0]
	}
	w.frames = saved
	return v, err
}

// copyResults copies a returning callee's results into the caller.
func (w *warp) copyResults(caller, callee *frame) error {
	in := callee.call
	act := callee.mask
	for i, a := range in.rets {
		if err := w.passValue(caller, a, callee, callee.fn.results[i], act, in, false); err != nil {
			return err
		}
	}
	return nil
}

// Barriers.

func prepBar(d *decoder, pi *ptx.Instruction, in *inst) error {
	in.na = len(pi.Operands)
	if in.na > 2 {
		in.na = 2
	}
	if err := d.scalars(pi, 0, TU32, in.a[:in.na]); err != nil {
		return err
	}
	in.exec = execBar
	return nil
}

// bar.red.popc.u32 d, a{, b}, {!}c and bar.red.and/or.pred p, a{, b}, {!}c:
// a barrier whose threads also reduce a predicate over the CTA.
func prepBarRed(d *decoder, pi *ptx.Instruction, in *inst) error {
	n := len(pi.Operands)
	if n < 3 || n > 4 {
		return d.errf(pi.Pos, "bar.red needs a destination, a barrier, an optional count and a predicate")
	}
	switch {
	case pi.Has(ptx.ModPopc):
		in.sub = barRedPopc
	case pi.Has(ptx.ModAnd):
		in.sub = barRedAnd
	case pi.Has(ptx.ModOr):
		in.sub = barRedOr
	default:
		return d.errf(pi.OpPos, "bar.red needs .popc, .and or .or")
	}
	dt := TU32
	if in.sub != barRedPopc {
		dt = TPred
	}
	if err := d.scalars(pi, 0, dt, in.d[:1]); err != nil {
		return err
	}
	in.nd = 1
	in.na = n - 2
	if err := d.scalars(pi, 1, TU32, in.a[:in.na]); err != nil {
		return err
	}
	p, err := d.operand(&pi.Operands[n-1], TPred)
	if err != nil {
		return err
	}
	in.a[3] = p
	in.exec = execBar
	return nil
}

// The reductions of bar.red.
const (
	barRedNone uint8 = iota
	barRedPopc
	barRedAnd
	barRedOr
)

func execBar(w *warp, in *inst, act uint32) error {
	if in.op == ptx.OpBarRed || in.op == ptx.OpBarrierRed {
		p, err := w.predVal(&in.a[3], act, in)
		if err != nil {
			return err
		}
		w.barRedIn, w.barPred = in, p&act
	} else {
		w.barRedIn = nil
	}
	if act != w.live {
		l := bits.TrailingZeros32(w.live &^ act)
		return w.errAt(in, l, ErrBarrier,
			"barrier reached by lanes %#08x of warp %d but not by its other non-exited lanes %#08x (a barrier in divergent code)",
			act, w.id, w.live&^act)
	}
	if in.na > 0 {
		id, err := w.val(&in.a[0], act, in)
		if err != nil {
			return err
		}
		w.barID = id[bits.TrailingZeros32(act|1<<31)]
	}
	if in.na > 1 {
		n, err := w.val(&in.a[1], act, in)
		if err != nil {
			return err
		}
		w.barCount = int(n[bits.TrailingZeros32(act|1<<31)])
	} else {
		w.barCount = -1
	}
	w.atBar = true
	return nil
}

// convergence checks a warp-synchronous instruction's member mask: every
// executing lane must be in it and every non-exited lane of it must be
// executing.
func (w *warp) convergence(in *inst, act, mask uint32) error {
	if out := act &^ mask; out != 0 {
		l := bits.TrailingZeros32(out)
		return w.errAt(in, l, ErrSyncMask, "lane %d executes it but is not in the member mask %#08x", l, mask)
	}
	if missing := mask & w.live &^ act; missing != 0 {
		l := bits.TrailingZeros32(missing)
		return w.errAt(in, bits.TrailingZeros32(act|1<<31), ErrSyncMask,
			"lane %d of the member mask %#08x has not exited but does not execute it with the others (lanes not converged)", l, mask)
	}
	return nil
}

// memberMask reads a warp-synchronous instruction's member mask operand
// (the same in every lane that executes it).
func (w *warp) memberMask(in *inst, o *opnd, act uint32) (uint32, error) {
	v, err := w.val(o, act, in)
	if err != nil {
		return 0, err
	}
	first := bits.TrailingZeros32(act)
	m := uint32(v[first])
	for x := act; x != 0; x &= x - 1 {
		l := bits.TrailingZeros32(x)
		if uint32(v[l]) != m {
			return 0, w.errAt(in, l, ErrSyncMask, "lanes disagree on the member mask (%#08x and %#08x)", m, uint32(v[l]))
		}
	}
	return m, nil
}

func prepBarWarp(d *decoder, pi *ptx.Instruction, in *inst) error {
	if err := d.scalars(pi, 0, TU32, in.a[:1]); err != nil {
		return err
	}
	in.na = 1
	in.exec = func(w *warp, in *inst, act uint32) error {
		m, err := w.memberMask(in, &in.a[0], act)
		if err != nil {
			return err
		}
		return w.convergence(in, act, m)
	}
	return nil
}

// shfl.sync.mode.b32 d[|p], a, b, c, membermask.
func prepShfl(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) != 5 {
		return d.errf(pi.Pos, "shfl.sync needs five operands")
	}
	dst := &pi.Operands[0]
	if dst.Kind == ptx.OpdPredPair {
		x, err := d.operand(&dst.Elems[0], TB32)
		if err != nil {
			return err
		}
		p, err := d.operand(&dst.Elems[1], TPred)
		if err != nil {
			return err
		}
		in.d[0], in.d[1], in.nd = x, p, 2
	} else {
		x, err := d.operand(dst, TB32)
		if err != nil {
			return err
		}
		in.d[0], in.nd = x, 1
	}
	if err := d.scalars(pi, 1, TB32, in.a[:4]); err != nil {
		return err
	}
	in.na = 4
	switch pi.ModIn(ptx.GroupShfl) {
	case ptx.ModUp:
		in.sub = 0
	case ptx.ModDown:
		in.sub = 1
	case ptx.ModBfly:
		in.sub = 2
	case ptx.ModIdx:
		in.sub = 3
	default:
		return d.errf(pi.OpPos, "shfl.sync needs a mode")
	}
	in.exec = execShfl
	return nil
}

func execShfl(w *warp, in *inst, act uint32) error {
	mask, err := w.memberMask(in, &in.a[3], act)
	if err != nil {
		return err
	}
	if err := w.convergence(in, act, mask); err != nil {
		return err
	}
	var vals [3]*[32]uint64
	for i := 0; i < 3; i++ {
		if vals[i], err = w.val(&in.a[i], act, in); err != nil {
			return err
		}
	}
	a, b, c := vals[0], vals[1], vals[2]
	var src [32]uint64
	copy(src[:], a[:])
	dst := w.dst(&in.d[0])
	var pm uint32
	for m := act; m != 0; m &= m - 1 {
		lane := bits.TrailingZeros32(m)
		bval := int(b[lane] & 0x1f)
		cval := int(c[lane] & 0x1f)
		seg := int(c[lane] >> 8 & 0x1f)
		maxLane := lane&seg | cval&^seg
		minLane := lane & seg
		var j int
		var p bool
		switch in.sub {
		case 0:
			j = lane - bval
			p = j >= maxLane
		case 1:
			j = lane + bval
			p = j <= maxLane
		case 2:
			j = lane ^ bval
			p = j <= maxLane
		case 3:
			j = minLane | bval&^seg
			p = j <= maxLane
		}
		if !p || j < 0 || j > 31 {
			j = lane
		}
		dst[lane] = src[j] & 0xffffffff
		if p {
			pm |= 1 << uint(lane)
		}
	}
	w.wrote(&in.d[0], act)
	if in.nd == 2 {
		w.setPred(&in.d[1], act, pm)
	}
	return nil
}

// vote.sync.mode.pred d, {!}a, membermask; vote.sync.ballot.b32 d, {!}a, membermask.
func prepVote(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) != 3 {
		return d.errf(pi.Pos, "vote.sync needs three operands")
	}
	switch pi.ModIn(ptx.GroupVote) {
	case ptx.ModAll:
		in.sub = 0
	case ptx.ModAny:
		in.sub = 1
	case ptx.ModUniMode:
		in.sub = 2
	case ptx.ModBallot:
		in.sub = 3
	default:
		return d.errf(pi.OpPos, "vote.sync needs a mode")
	}
	dt := TPred
	if in.sub == 3 {
		dt = TB32
	}
	if err := d.scalars(pi, 0, dt, in.d[:1]); err != nil {
		return err
	}
	if err := d.scalars(pi, 1, TPred, in.a[:1]); err != nil {
		return err
	}
	if err := d.scalars(pi, 2, TU32, in.a[1:2]); err != nil {
		return err
	}
	in.nd, in.na = 1, 2
	in.exec = execVote
	return nil
}

func execVote(w *warp, in *inst, act uint32) error {
	mask, err := w.memberMask(in, &in.a[1], act)
	if err != nil {
		return err
	}
	if err := w.convergence(in, act, mask); err != nil {
		return err
	}
	p, err := w.predVal(&in.a[0], act, in)
	if err != nil {
		return err
	}
	p &= act
	switch in.sub {
	case 3:
		dst := w.dst(&in.d[0])
		forLanes(act, func(l int) { dst[l] = uint64(p) })
		w.wrote(&in.d[0], act)
	case 0:
		w.setPred(&in.d[0], act, boolMask(p == act))
	case 1:
		w.setPred(&in.d[0], act, boolMask(p != 0))
	case 2:
		w.setPred(&in.d[0], act, boolMask(p == 0 || p == act))
	}
	return nil
}

func boolMask(b bool) uint32 {
	if b {
		return ^uint32(0)
	}
	return 0
}

func prepActivemask(d *decoder, pi *ptx.Instruction, in *inst) error {
	if err := d.scalars(pi, 0, TB32, in.d[:1]); err != nil {
		return err
	}
	in.nd = 1
	in.exec = func(w *warp, in *inst, act uint32) error {
		dst := w.dst(&in.d[0])
		forLanes(act, func(l int) { dst[l] = uint64(act) })
		w.wrote(&in.d[0], act)
		return nil
	}
	return nil
}

// redux.sync.op.type d, a, membermask.
func prepRedux(d *decoder, pi *ptx.Instruction, in *inst) error {
	if err := d.scalars(pi, 0, in.t, in.d[:1]); err != nil {
		return err
	}
	if err := d.scalars(pi, 1, in.t, in.a[:2]); err != nil {
		return err
	}
	in.nd, in.na = 1, 2
	switch pi.ModIn(ptx.GroupAtomOp) {
	case ptx.ModAdd:
		in.sub = atomAdd
	case ptx.ModMin:
		in.sub = atomMin
	case ptx.ModMax:
		in.sub = atomMax
	case ptx.ModAnd:
		in.sub = atomAnd
	case ptx.ModOr:
		in.sub = atomOr
	case ptx.ModXor:
		in.sub = atomXor
	default:
		return d.errf(pi.OpPos, "redux.sync needs an operation")
	}
	in.exec = func(w *warp, in *inst, act uint32) error {
		mask, err := w.memberMask(in, &in.a[1], act)
		if err != nil {
			return err
		}
		if err := w.convergence(in, act, mask); err != nil {
			return err
		}
		a, err := w.val(&in.a[0], act, in)
		if err != nil {
			return err
		}
		first := bits.TrailingZeros32(act)
		acc := a[first] & in.t.mask()
		for m := act & (act - 1); m != 0; m &= m - 1 {
			acc = atomicApply(in.sub, in.t, acc, a[bits.TrailingZeros32(m)], 0)
		}
		dst := w.dst(&in.d[0])
		forLanes(act, func(l int) { dst[l] = acc })
		w.wrote(&in.d[0], act)
		return nil
	}
	return nil
}

// match.any.sync.type d, a, membermask; match.all.sync.type d[|p], a, membermask.
func prepMatch(d *decoder, pi *ptx.Instruction, in *inst) error {
	dst := &pi.Operands[0]
	if dst.Kind == ptx.OpdPredPair {
		x, err := d.operand(&dst.Elems[0], TB32)
		if err != nil {
			return err
		}
		p, err := d.operand(&dst.Elems[1], TPred)
		if err != nil {
			return err
		}
		in.d[0], in.d[1], in.nd = x, p, 2
	} else {
		if err := d.scalars(pi, 0, TB32, in.d[:1]); err != nil {
			return err
		}
		in.nd = 1
	}
	if err := d.scalars(pi, 1, in.t, in.a[:2]); err != nil {
		return err
	}
	in.na = 2
	all := pi.Has(ptx.ModAll)
	in.exec = func(w *warp, in *inst, act uint32) error {
		mask, err := w.memberMask(in, &in.a[1], act)
		if err != nil {
			return err
		}
		if err := w.convergence(in, act, mask); err != nil {
			return err
		}
		a, err := w.val(&in.a[0], act, in)
		if err != nil {
			return err
		}
		mk := in.t.mask()
		dst := w.dst(&in.d[0])
		var pm uint32
		for m := act; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			var same uint32
			for x := act; x != 0; x &= x - 1 {
				k := bits.TrailingZeros32(x)
				if a[k]&mk == a[l]&mk {
					same |= 1 << uint(k)
				}
			}
			switch {
			case !all:
				dst[l] = uint64(same)
			case same == act:
				dst[l] = uint64(act)
				pm |= 1 << uint(l)
			default:
				dst[l] = 0
			}
		}
		w.wrote(&in.d[0], act)
		if in.nd == 2 {
			w.setPred(&in.d[1], act, pm)
		}
		return nil
	}
	return nil
}

// mma.sync.aligned.shape.row.col.f32.atype.btype.f32 d, a, b, c.
func prepMma(d *decoder, pi *ptx.Instruction, in *inst) error {
	switch pi.ModIn(ptx.GroupShape) {
	case ptx.ModM16N8K16:
		in.mma = MmaShape{16, 8, 16}
	case ptx.ModM16N8K8:
		in.mma = MmaShape{16, 8, 8}
	case ptx.ModM16N8K4:
		in.mma = MmaShape{16, 8, 4}
	default:
		return d.errf(pi.OpPos, "mma.sync shape not supported by the simulator")
	}
	acc := func(t ptx.Type) bool { return t == ptx.F32 || t == ptx.F16 }
	if len(pi.Types) != 4 || !acc(pi.Types[0]) || pi.Types[0] != pi.Types[3] || pi.Types[1] != pi.Types[2] {
		return d.errf(pi.OpPos, "mma.sync is supported with f32 or f16 accumulators (D and C alike) and equal A/B types only")
	}
	in.t = typeOf(pi.Types[0])
	nAcc := 4
	if in.t == TF16 {
		nAcc = 2
	}
	in.t2 = typeOf(pi.Types[1])
	if _, err := mmaLayoutFor(in.mma, in.t2); err != nil {
		return d.errf(pi.OpPos, "%v", err)
	}
	if l := layouts(pi); l != "row.col" {
		return d.errf(pi.OpPos, "mma.sync layout .%s is not supported (only .row.col)", l)
	}
	if len(pi.Operands) != 4 {
		return d.errf(pi.Pos, "mma.sync needs four operands")
	}
	var err error
	var n int
	if n, err = d.vector(&pi.Operands[0], TF32, &in.d); err != nil || n != nAcc {
		return d.errf(pi.Operands[0].Pos, "mma.sync needs a %d-register destination", nAcc)
	}
	in.nd = nAcc
	in.args = nil
	// A, B and C vectors are kept as separate operand groups.
	var a, b, c [4]opnd
	na, err := d.vector(&pi.Operands[1], TB32, &a)
	if err != nil {
		return err
	}
	nb, err := d.vector(&pi.Operands[2], TB32, &b)
	if err != nil {
		return err
	}
	nc, err := d.vector(&pi.Operands[3], TF32, &c)
	if err != nil {
		return err
	}
	lay, _ := mmaLayoutFor(in.mma, in.t2)
	if na != lay.aRegs || nb != lay.bRegs || nc != nAcc {
		return d.errf(pi.Pos, "mma.sync operand vectors have %d, %d, %d registers; want %d, %d, %d", na, nb, nc, lay.aRegs, lay.bRegs, nAcc)
	}
	in.mmaOps = &mmaOperands{a: a, b: b, c: c, na: na, nb: nb}
	in.exec = execMma
	return nil
}

// mmaOperands are the A, B and C register groups of an mma.sync.
type mmaOperands struct {
	a, b, c [4]opnd
	na, nb  int
}

func execMma(w *warp, in *inst, act uint32) error {
	if act != w.live || w.live != ^uint32(0) {
		return w.errAt(in, bits.TrailingZeros32(act|1<<31), ErrSyncMask,
			"mma.sync.aligned needs all 32 lanes of the warp converged (active %#08x)", act)
	}
	ops := in.mmaOps
	var A [32][4]uint32
	var B [32][2]uint32
	var C [32][4]uint32
	load := func(regs []opnd, set func(l, i int, v uint32)) error {
		for i := range regs {
			v, err := w.val(&regs[i], act, in)
			if err != nil {
				return err
			}
			for l := 0; l < 32; l++ {
				set(l, i, uint32(v[l]))
			}
		}
		return nil
	}
	if err := load(ops.a[:ops.na], func(l, i int, v uint32) { A[l][i] = v }); err != nil {
		return err
	}
	if err := load(ops.b[:ops.nb], func(l, i int, v uint32) { B[l][i] = v }); err != nil {
		return err
	}
	if err := load(ops.c[:in.nd], func(l, i int, v uint32) { C[l][i] = v }); err != nil {
		return err
	}
	store := func(n int, get func(l, i int) uint32) {
		for i := 0; i < n; i++ {
			dst := w.dst(&in.d[i])
			for l := 0; l < 32; l++ {
				dst[l] = uint64(get(l, i))
			}
			w.wrote(&in.d[i], act)
		}
	}
	if in.t == TF16 {
		var C2 [32][2]uint32
		for l := range C2 {
			C2[l] = [2]uint32{C[l][0], C[l][1]}
		}
		D, err := MmaF16(in.mma, in.t2, A, B, C2)
		if err != nil {
			return w.errAt(in, 0, ErrUnsupported, "%v", err)
		}
		store(2, func(l, i int) uint32 { return D[l][i] })
		return nil
	}
	D, err := Mma(in.mma, in.t2, A, B, C)
	if err != nil {
		return w.errAt(in, 0, ErrUnsupported, "%v", err)
	}
	store(4, func(l, i int) uint32 { return D[l][i] })
	return nil
}

// layouts returns an mma's A and B layout modifiers ("row.col").
func layouts(pi *ptx.Instruction) string {
	var out []string
	for _, m := range pi.Mods {
		if m == ptx.ModRow || m == ptx.ModCol {
			out = append(out, m.String())
		}
	}
	return strings.Join(out, ".")
}

// ldmatrix.sync.aligned.m8n8.{x1,x2,x4}{.trans}.shared.b16 d, [a]: lanes
// 8j..8j+7 give the row addresses of 8x8 matrix j; lane l receives
// elements (l/4, 2(l%4)) and (l/4, 2(l%4)+1) of each matrix, or with
// .trans those of the transposed matrix.
func prepLdmatrix(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) != 2 {
		return d.errf(pi.Pos, "ldmatrix needs a destination and an address")
	}
	if pi.ModIn(ptx.GroupShape) != ptx.ModM8N8 {
		return d.errf(pi.OpPos, "ldmatrix shape not supported by the simulator (only .m8n8)")
	}
	n, err := d.vector(&pi.Operands[0], TB32, &in.d)
	if err != nil {
		return err
	}
	want := 1
	switch {
	case pi.Has(ptx.ModX2):
		want = 2
	case pi.Has(ptx.ModX4):
		want = 4
	}
	if n != want {
		return d.errf(pi.Operands[0].Pos, "ldmatrix .x%d needs %d destination registers", want, want)
	}
	in.nd = n
	if pi.Has(ptx.ModTrans) {
		in.sub = 1
	}
	if err := d.address(&pi.Operands[1], in, in.space); err != nil {
		return err
	}
	in.exec = execLdmatrix
	return nil
}

func execLdmatrix(w *warp, in *inst, act uint32) error {
	if act != w.live || w.live != ^uint32(0) {
		return w.errAt(in, bits.TrailingZeros32(act|1<<31), ErrSyncMask,
			"ldmatrix.sync.aligned needs all 32 lanes of the warp converged (active %#08x)", act)
	}
	addr, err := w.addrs(in, act)
	if err != nil {
		return err
	}
	var m [4][8][8]uint16
	for j := 0; j < in.nd; j++ {
		for r := 0; r < 8; r++ {
			l := j*8 + r
			row, err := w.mem(in, l, in.space, addr[l], 16, 16, false)
			if err != nil {
				return err
			}
			if w.cta.race != nil {
				if sh, off := isShared(in.space, addr[l]); sh {
					if err := w.cta.race.access(w, in, l, off, 16, false); err != nil {
						return err
					}
				}
			}
			for c := 0; c < 8; c++ {
				m[j][r][c] = uint16(getLE(row[2*c:], 2))
			}
		}
	}
	for j := 0; j < in.nd; j++ {
		dst := w.dst(&in.d[j])
		for l := 0; l < 32; l++ {
			r, c := l/4, 2*(l%4)
			lo, hi := m[j][r][c], m[j][r][c+1]
			if in.sub == 1 {
				lo, hi = m[j][c][r], m[j][c+1][r]
			}
			dst[l] = uint64(lo) | uint64(hi)<<16
		}
		w.wrote(&in.d[j], act)
	}
	return nil
}
