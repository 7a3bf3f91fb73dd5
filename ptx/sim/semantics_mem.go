package sim

import (
	"encoding/binary"
	"math/bits"
	"sync/atomic"
	"unsafe"

	"github.com/tt-compiler/tt/ptx"
)

// Memory instructions: ld, st, atom, red, cp.async.

func prepLd(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) < 2 {
		return d.errf(pi.Pos, "%s needs a destination and an address", pi.Op)
	}
	n, err := d.vector(&pi.Operands[0], in.t, &in.d)
	if err != nil {
		return err
	}
	in.nd = n
	if err := d.address(&pi.Operands[1], in, in.space); err != nil {
		return err
	}
	in.exec = execLd
	return nil
}

func prepSt(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) < 2 {
		return d.errf(pi.Pos, "st needs an address and a value")
	}
	if err := d.address(&pi.Operands[0], in, in.space); err != nil {
		return err
	}
	n, err := d.vector(&pi.Operands[1], in.t, &in.a)
	if err != nil {
		return err
	}
	in.na = n
	in.exec = execSt
	return nil
}

// addrs computes each active lane's address into w.tmp[1].
func (w *warp) addrs(in *inst, act uint32) (*[32]uint64, error) {
	a := &w.tmp[1]
	if in.base.kind == okNone {
		for l := range a {
			a[l] = in.off
		}
		return a, nil
	}
	b, err := w.val(&in.base, act, in)
	if err != nil {
		return nil, err
	}
	mk := ^uint64(0)
	if in.base.bits == 32 {
		mk = 0xffffffff
	}
	for l := range a {
		a[l] = (b[l]&mk + in.off)
	}
	return a, nil
}

// mem returns the n bytes at address a of space sp for lane l, checking
// bounds and alignment (to align bytes).
func (w *warp) mem(in *inst, l int, sp Space, a uint64, n, align int, write bool) ([]byte, error) {
	orig, origSp := a, sp
	if sp == SpaceGeneric {
		sp, a = fromGeneric(a)
	}
	if align > 1 && a%uint64(align) != 0 {
		return nil, w.errAddr(in, l, ErrMisaligned, origSp, orig, "%d-byte access is not %d-byte aligned", n, align)
	}
	c := w.cta
	var region []byte
	switch sp {
	case SpaceGlobal:
		b := w.lastBuf
		if b == nil || a < b.addr || a+uint64(n) > b.addr+uint64(len(b.data)) {
			b = findBuffer(c.bufs, a, n)
			if b == nil {
				return nil, w.errAddr(in, l, ErrOutOfBounds, origSp, orig,
					"%d-byte access outside every global buffer", n)
			}
			w.lastBuf = b
		}
		off := a - b.addr
		return b.data[off : off+uint64(n)], nil
	case SpaceShared:
		if err := w.checkShared(in, l, origSp, orig, a, n); err != nil {
			return nil, err
		}
		return c.shared[a : a+uint64(n)], nil
	case SpaceLocal:
		L := uint64(c.prog.local)
		if a+uint64(n) > L || a+uint64(n) < a {
			return nil, w.errAddr(in, l, ErrOutOfBounds, origSp, orig, "%d-byte access beyond the %d bytes of local memory", n, L)
		}
		base := uint64(l) * L
		return w.local[base+a : base+a+uint64(n)], nil
	case SpaceConst:
		if write {
			return nil, w.errAddr(in, l, ErrOutOfBounds, origSp, orig, "store to constant memory")
		}
		region = c.prog.consts
	case SpaceParam:
		fr := w.top()
		if fr.fn.entry && a < uint64(fr.fn.argSize) {
			if write {
				return nil, w.errAddr(in, l, ErrOutOfBounds, origSp, orig, "store to a kernel parameter")
			}
			region = c.args
			break
		}
		P := uint64(fr.fn.paramSize)
		if a+uint64(n) > P || a+uint64(n) < a {
			return nil, w.errAddr(in, l, ErrOutOfBounds, origSp, orig, "%d-byte access beyond the param space", n)
		}
		base := uint64(l) * P
		return fr.params[base+a : base+a+uint64(n)], nil
	}
	if a+uint64(n) > uint64(len(region)) || a+uint64(n) < a {
		return nil, w.errAddr(in, l, ErrOutOfBounds, origSp, orig, "%d-byte access beyond the %d bytes of %s memory",
			n, len(region), sp)
	}
	return region[a : a+uint64(n)], nil
}

// isShared reports whether lane address a in instruction space sp is a
// shared-memory address, and its shared offset.
func isShared(sp Space, a uint64) (bool, uint64) {
	if sp == SpaceShared {
		return true, a
	}
	if sp == SpaceGeneric {
		s, off := fromGeneric(a)
		return s == SpaceShared, off
	}
	return false, 0
}

// bufFor returns the buffer holding [a, a+n), remembering it.
func (w *warp) bufFor(a uint64, n int) *Buffer {
	b := w.lastBuf
	if b == nil || a < b.addr || a+uint64(n) > b.addr+uint64(len(b.data)) {
		if b = findBuffer(w.cta.bufs, a, n); b == nil {
			return nil
		}
		w.lastBuf = b
	}
	return b
}

// sharedRange reports whether every active lane's n-byte access at shared
// address addr[l] is aligned and inside the warp's last shared variable
// (or the dynamic region), the condition of the shared fast paths.
func (w *warp) sharedRange(act uint32, addr *[32]uint64, n int) bool {
	c := w.cta
	p := c.prog
	first := addr[bits.TrailingZeros32(act)]
	var lo, hi uint64
	if first >= uint64(p.extern) {
		lo, hi = uint64(p.extern), uint64(len(c.shared))
	} else {
		vs := p.sharedVars
		i := w.lastShared
		if i >= len(vs) || first < vs[i].off || first+uint64(n) > vs[i].off+vs[i].size {
			return false
		}
		lo, hi = vs[i].off, vs[i].off+vs[i].size
	}
	if hi < uint64(n) {
		return false
	}
	hi -= uint64(n)
	for m := act; m != 0; m &= m - 1 {
		a := addr[bits.TrailingZeros32(m)]
		if a < lo || a > hi || a&uint64(n-1) != 0 {
			return false
		}
	}
	return true
}

// loadGlobalFast loads one 4- or 8-byte value per lane from global
// memory when every active lane's address is aligned and inside the
// buffer of the warp's last access; it reports false (having loaded
// nothing) otherwise, and the general path then runs.
func (w *warp) loadGlobalFast(in *inst, act uint32, addr *[32]uint64, size int) bool {
	b := w.bufFor(addr[bits.TrailingZeros32(act)], size)
	if b == nil {
		return false
	}
	lo, hi := b.addr, b.addr+uint64(len(b.data))-uint64(size)
	n := uint64(size)
	for m := act; m != 0; m &= m - 1 {
		a := addr[bits.TrailingZeros32(m)]
		if a < lo || a > hi || a&(n-1) != 0 {
			return false
		}
	}
	dst := w.dst(&in.d[0])
	data := b.data
	if size == 4 {
		for m := act; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			off := addr[l] - lo
			dst[l] = uint64(binary.LittleEndian.Uint32(data[off : off+4]))
		}
	} else {
		for m := act; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			off := addr[l] - lo
			dst[l] = binary.LittleEndian.Uint64(data[off : off+8])
		}
	}
	w.wrote(&in.d[0], act)
	return true
}

// storeGlobalFast is loadGlobalFast's counterpart for st.
func (w *warp) storeGlobalFast(in *inst, act uint32, addr, src *[32]uint64, size int) bool {
	b := w.bufFor(addr[bits.TrailingZeros32(act)], size)
	if b == nil {
		return false
	}
	lo, hi := b.addr, b.addr+uint64(len(b.data))-uint64(size)
	n := uint64(size)
	for m := act; m != 0; m &= m - 1 {
		a := addr[bits.TrailingZeros32(m)]
		if a < lo || a > hi || a&(n-1) != 0 {
			return false
		}
	}
	data := b.data
	if size == 4 {
		for m := act; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			off := addr[l] - lo
			binary.LittleEndian.PutUint32(data[off:off+4], uint32(src[l]))
		}
	} else {
		for m := act; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			off := addr[l] - lo
			binary.LittleEndian.PutUint64(data[off:off+8], src[l])
		}
	}
	return true
}

func execLd(w *warp, in *inst, act uint32) error {
	addr, err := w.addrs(in, act)
	if err != nil {
		return err
	}
	size := in.t.Bytes()
	total := size * in.nd
	c := w.cta
	signed := in.t.IsSigned()
	if in.space == SpaceParam && in.base.kind == okNone && in.nd == 1 {
		// A kernel parameter: the same value for every lane.
		if fr := w.top(); fr.fn.entry && in.off+uint64(total) <= uint64(fr.fn.argSize) && in.off%uint64(total) == 0 {
			v := getLE(c.args[in.off:], size)
			if signed {
				v = uint64(sext(v, size*8))
				if rb := in.d[0].bits; rb > 0 && rb < 64 {
					v &= 1<<rb - 1
				}
			}
			dst := w.dst(&in.d[0])
			for m := act; m != 0; m &= m - 1 {
				dst[bits.TrailingZeros32(m)] = v
			}
			w.wrote(&in.d[0], act)
			return nil
		}
	}
	if in.space == SpaceShared && c.race == nil && in.nd == 1 && (size == 4 || size == 8) && !signed &&
		w.sharedRange(act, addr, size) {
		dst := w.dst(&in.d[0])
		for m := act; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			dst[l] = getLE(c.shared[addr[l]:], size)
		}
		w.wrote(&in.d[0], act)
		if c.stats != nil {
			c.stats.memAccess(in.space, addr, act, total)
		}
		return nil
	}
	if in.space == SpaceGlobal && in.nd == 1 && (size == 4 || size == 8) && !in.t.IsSigned() &&
		w.loadGlobalFast(in, act, addr, size) {
		if c.stats != nil {
			c.stats.memAccess(in.space, addr, act, total)
		}
		return nil
	}
	var dsts [4]*[32]uint64
	for i := 0; i < in.nd; i++ {
		dsts[i] = w.dst(&in.d[i])
	}
	for m := act; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		b, err := w.mem(in, l, in.space, addr[l], total, total, false)
		if err != nil {
			return err
		}
		if c.race != nil {
			if sh, off := isShared(in.space, addr[l]); sh {
				if err := c.race.access(w, in, l, off, total, false); err != nil {
					return err
				}
			}
		}
		for i := 0; i < in.nd; i++ {
			v := getLE(b[i*size:], size)
			if signed {
				v = uint64(sext(v, size*8))
				if rb := in.d[i].bits; rb > 0 && rb < 64 {
					v &= 1<<rb - 1
				}
			}
			dsts[i][l] = v
		}
	}
	for i := 0; i < in.nd; i++ {
		w.wrote(&in.d[i], act)
	}
	if c.stats != nil {
		c.stats.memAccess(in.space, addr, act, total)
	}
	return nil
}

func execSt(w *warp, in *inst, act uint32) error {
	addr, err := w.addrs(in, act)
	if err != nil {
		return err
	}
	size := in.t.Bytes()
	total := size * in.na
	c := w.cta
	var srcs [4]*[32]uint64
	for i := 0; i < in.na; i++ {
		v, err := w.val(&in.a[i], act, in)
		if err != nil {
			return err
		}
		srcs[i] = v
	}
	if in.space == SpaceShared && c.race == nil && in.na == 1 && (size == 4 || size == 8) && w.sharedRange(act, addr, size) {
		for m := act; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			putLE(c.shared[addr[l]:], size, srcs[0][l])
		}
		if c.stats != nil {
			c.stats.memAccess(in.space, addr, act, total)
		}
		return nil
	}
	if in.space == SpaceGlobal && in.na == 1 && (size == 4 || size == 8) && w.storeGlobalFast(in, act, addr, srcs[0], size) {
		if c.stats != nil {
			c.stats.memAccess(in.space, addr, act, total)
		}
		return nil
	}
	for m := act; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		b, err := w.mem(in, l, in.space, addr[l], total, total, true)
		if err != nil {
			return err
		}
		if c.race != nil {
			if sh, off := isShared(in.space, addr[l]); sh {
				if err := c.race.access(w, in, l, off, total, true); err != nil {
					return err
				}
			}
		}
		for i := 0; i < in.na; i++ {
			putLE(b[i*size:], size, srcs[i][l])
		}
	}
	if c.stats != nil {
		c.stats.memAccess(in.space, addr, act, total)
	}
	return nil
}

// Atomic operations.
const (
	atomAdd uint8 = iota
	atomMin
	atomMax
	atomInc
	atomDec
	atomExch
	atomCas
	atomAnd
	atomOr
	atomXor
)

func prepAtom(d *decoder, pi *ptx.Instruction, in *inst) error {
	op := pi.ModIn(ptx.GroupAtomOp)
	switch op {
	case ptx.ModAdd:
		in.sub = atomAdd
	case ptx.ModMin:
		in.sub = atomMin
	case ptx.ModMax:
		in.sub = atomMax
	case ptx.ModInc:
		in.sub = atomInc
	case ptx.ModDec:
		in.sub = atomDec
	case ptx.ModExch:
		in.sub = atomExch
	case ptx.ModCas:
		in.sub = atomCas
	case ptx.ModAnd:
		in.sub = atomAnd
	case ptx.ModOr:
		in.sub = atomOr
	case ptx.ModXor:
		in.sub = atomXor
	default:
		return d.errf(pi.OpPos, "%s needs an operation", pi.Op)
	}
	if in.vec > 1 {
		return d.errf(pi.OpPos, "vector atomics are not supported by the simulator")
	}
	i := 0
	if pi.Op == ptx.OpAtom {
		if err := d.scalars(pi, 0, in.t, in.d[:1]); err != nil {
			return err
		}
		in.nd = 1
		i = 1
	}
	if i >= len(pi.Operands) {
		return d.errf(pi.Pos, "%s needs an address", pi.Op)
	}
	if err := d.address(&pi.Operands[i], in, in.space); err != nil {
		return err
	}
	in.na = len(pi.Operands) - i - 1
	if in.na < 1 || in.na > 2 {
		return d.errf(pi.Pos, "%s has the wrong number of operands", pi.Op)
	}
	if err := d.scalars(pi, i+1, in.t, in.a[:in.na]); err != nil {
		return err
	}
	if in.t.Bytes() < 2 || in.t.Bytes() > 8 {
		return d.errf(pi.OpPos, "%s.%s is not supported by the simulator", pi.Op, in.t)
	}
	in.exec = execAtom
	return nil
}

// atomicApply returns the new value of an atomic operation.
func atomicApply(op uint8, t Type, old, b, c uint64) uint64 {
	mk := t.mask()
	old &= mk
	switch op {
	case atomAdd:
		switch t {
		case TF32:
			// atom.add.f32 rounds to nearest and flushes subnormals.
			x := ftz32(f32of(old)) + ftz32(f32of(b))
			return f32Bits(ftz32(x))
		case TF64:
			return f64Bits(f64of(old) + f64of(b))
		case TF16, TBF16:
			return halfArith(t, '+', old, b, 0, RN)
		case TF16x2, TBF16x2:
			et, _ := packed(t)
			lo := halfArith(et, '+', old&0xffff, b&0xffff, 0, RN)
			hi := halfArith(et, '+', old>>16, b>>16&0xffff, 0, RN)
			return hi<<16 | lo
		}
		return (old + b) & mk
	case atomMin, atomMax:
		var less bool
		switch {
		case t.IsFloat():
			if op == atomMin {
				return FMin(t, old, b&mk, false)
			}
			return FMax(t, old, b&mk, false)
		case t.IsSigned():
			less = sext(b, t.Bits()) < sext(old, t.Bits())
		default:
			less = b&mk < old
		}
		if less == (op == atomMin) {
			return b & mk
		}
		return old
	case atomInc:
		if old >= b&mk {
			return 0
		}
		return old + 1
	case atomDec:
		if old == 0 || old > b&mk {
			return b & mk
		}
		return old - 1
	case atomExch:
		return b & mk
	case atomCas:
		if old == b&mk {
			return c & mk
		}
		return old
	case atomAnd:
		return old & b
	case atomOr:
		return (old | b) & mk
	case atomXor:
		return (old ^ b) & mk
	}
	return old
}

// atomicRMW applies op to the size bytes p atomically (with respect to
// other goroutines' atomics) and returns the old value.
func atomicRMW(p []byte, size int, op uint8, t Type, b, c uint64) uint64 {
	switch size {
	case 4:
		ptr := (*uint32)(unsafe.Pointer(&p[0]))
		for {
			old := atomic.LoadUint32(ptr)
			nv := uint32(atomicApply(op, t, uint64(old), b, c))
			if atomic.CompareAndSwapUint32(ptr, old, nv) {
				return uint64(old)
			}
		}
	case 8:
		ptr := (*uint64)(unsafe.Pointer(&p[0]))
		for {
			old := atomic.LoadUint64(ptr)
			nv := atomicApply(op, t, old, b, c)
			if atomic.CompareAndSwapUint64(ptr, old, nv) {
				return old
			}
		}
	case 2:
		// The containing aligned word: buffers are 8-byte aligned and the
		// access is 2-byte aligned.
		addr := uintptr(unsafe.Pointer(&p[0]))
		shift := uint(addr&3) * 8
		ptr := (*uint32)(unsafe.Add(unsafe.Pointer(&p[0]), -int(addr&3)))
		for {
			old := atomic.LoadUint32(ptr)
			o16 := uint64(old >> shift & 0xffff)
			n16 := uint32(atomicApply(op, t, o16, b, c))
			nv := old&^(0xffff<<shift) | n16<<shift
			if atomic.CompareAndSwapUint32(ptr, old, nv) {
				return o16
			}
		}
	}
	return 0
}

func execAtom(w *warp, in *inst, act uint32) error {
	addr, err := w.addrs(in, act)
	if err != nil {
		return err
	}
	b, err := w.val(&in.a[0], act, in)
	if err != nil {
		return err
	}
	c := &w.zero
	if in.na == 2 {
		if c, err = w.val(&in.a[1], act, in); err != nil {
			return err
		}
	}
	size := in.t.Bytes()
	dst := w.dst(&in.d[0])
	for m := act; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		p, err := w.mem(in, l, in.space, addr[l], size, size, true)
		if err != nil {
			return err
		}
		old := atomicRMW(p, size, in.sub, in.t, b[l], c[l])
		if in.nd > 0 {
			dst[l] = old
		}
	}
	if in.nd > 0 {
		w.wrote(&in.d[0], act)
	}
	if s := w.cta.stats; s != nil {
		s.Atomics += int64(bits.OnesCount32(act))
	}
	return nil
}

// cp.async is executed synchronously: the copy happens at issue, so the
// commit and wait instructions have nothing left to wait for.
func prepCpAsync(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) < 3 {
		return d.errf(pi.Pos, "cp.async needs a destination, a source and a size")
	}
	var dstIn, srcIn inst
	if err := d.address(&pi.Operands[0], &dstIn, SpaceShared); err != nil {
		return err
	}
	if err := d.address(&pi.Operands[1], &srcIn, SpaceGlobal); err != nil {
		return err
	}
	in.base, in.off = dstIn.base, dstIn.off
	in.a[0], in.a[1] = srcIn.base, immOpnd(srcIn.off)
	sz, err := d.operand(&pi.Operands[2], TU32)
	if err != nil {
		return err
	}
	in.a[2] = sz
	in.na = 3
	if len(pi.Operands) > 3 {
		src, err := d.operand(&pi.Operands[3], TU32)
		if err != nil {
			return err
		}
		in.a[3], in.na = src, 4
	}
	in.exec = execCpAsync
	return nil
}

func execCpAsync(w *warp, in *inst, act uint32) error {
	dst, err := w.addrs(in, act)
	if err != nil {
		return err
	}
	var dsts [32]uint64
	copy(dsts[:], dst[:])
	sb, err := w.val(&in.a[0], act, in)
	if err != nil {
		return err
	}
	sz, err := w.val(&in.a[2], act, in)
	if err != nil {
		return err
	}
	srcSize := sz
	if in.na == 4 {
		if srcSize, err = w.val(&in.a[3], act, in); err != nil {
			return err
		}
	}
	for m := act; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		n := int(sz[l])
		d, err := w.mem(in, l, SpaceShared, dsts[l], n, n, true)
		if err != nil {
			return err
		}
		ns := min(int(srcSize[l]), n)
		s, err := w.mem(in, l, SpaceGlobal, sb[l]+in.a[1].imm, ns, 1, false)
		if err != nil {
			return err
		}
		if w.cta.race != nil {
			if err := w.cta.race.access(w, in, l, dsts[l], n, true); err != nil {
				return err
			}
		}
		copy(d, s)
		clear(d[ns:])
	}
	return nil
}
