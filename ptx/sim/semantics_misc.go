package sim

import (
	"math"
	"math/bits"

	"github.com/tt-compiler/tt/ptx"
)

// Comparisons, selection, moves and conversions.

func prepSetp(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) < 3 {
		return d.errf(pi.Pos, "setp needs a destination and two sources")
	}
	dst := &pi.Operands[0]
	if dst.Kind == ptx.OpdPredPair {
		p, err := d.operand(&dst.Elems[0], TPred)
		if err != nil {
			return err
		}
		q, err := d.operand(&dst.Elems[1], TPred)
		if err != nil {
			return err
		}
		in.d[0], in.d[1], in.nd = p, q, 2
	} else {
		p, err := d.operand(dst, TPred)
		if err != nil {
			return err
		}
		in.d[0], in.nd = p, 1
	}
	in.na = len(pi.Operands) - 1
	if err := d.scalars(pi, 1, in.t, in.a[:2]); err != nil {
		return err
	}
	if in.na == 3 {
		c, err := d.operand(&pi.Operands[3], TPred)
		if err != nil {
			return err
		}
		in.a[2] = c
	}
	in.exec = execSetp
	if et, ok := packed(in.t); ok {
		// setp.cmp.f16x2 p|q, a, b: p compares the low halves, q the high.
		if in.nd != 2 || in.na != 2 {
			return d.errf(pi.Pos, "setp.%s needs two predicate destinations and no combining predicate", in.t)
		}
		in.t2 = et
		in.exec = execSetpPacked
	}
	return nil
}

func execSetpPacked(w *warp, in *inst, act uint32) error {
	a, b, err := w.srcs2(in, act)
	if err != nil {
		return err
	}
	var lo, hi uint32
	for l := 0; l < 32; l++ {
		if Compare(in.cmp, in.t2, a[l]&0xffff, b[l]&0xffff) {
			lo |= 1 << uint(l)
		}
		if Compare(in.cmp, in.t2, a[l]>>16&0xffff, b[l]>>16&0xffff) {
			hi |= 1 << uint(l)
		}
	}
	w.setPred(&in.d[0], act, lo)
	w.setPred(&in.d[1], act, hi)
	return nil
}

// compareLanes returns the mask of lanes in act where a cmp b holds.
func (w *warp) compareLanes(in *inst, act uint32) (uint32, error) {
	a, err := w.val(&in.a[0], act, in)
	if err != nil {
		return 0, err
	}
	b, err := w.val(&in.a[1], act, in)
	if err != nil {
		return 0, err
	}
	t, ftz := in.t, in.flags&fFTZ != 0 && in.t == TF32
	var m uint32
	switch {
	case t == TS32 && in.cmp <= CmpGE: // the common loop-bound compare
		for l := 0; l < 32; l++ {
			x, y := int32(a[l]), int32(b[l])
			var r bool
			switch in.cmp {
			case CmpEQ:
				r = x == y
			case CmpNE:
				r = x != y
			case CmpLT:
				r = x < y
			case CmpLE:
				r = x <= y
			case CmpGT:
				r = x > y
			case CmpGE:
				r = x >= y
			}
			if r {
				m |= 1 << uint(l)
			}
		}
	case t.IsInt() && (t.Bits() == 32 || t.Bits() == 64) && in.cmp <= CmpHS:
		signed := t.IsSigned() && in.cmp <= CmpGE
		wide := t.Bits() == 64
		for l := 0; l < 32; l++ {
			x, y := a[l], b[l]
			var lt, eq bool
			switch {
			case wide && signed:
				lt, eq = int64(x) < int64(y), x == y
			case wide:
				lt, eq = x < y, x == y
			case signed:
				lt, eq = int32(x) < int32(y), uint32(x) == uint32(y)
			default:
				lt, eq = uint32(x) < uint32(y), uint32(x) == uint32(y)
			}
			if intCmp(in.cmp, lt, eq) {
				m |= 1 << uint(l)
			}
		}
	default:
		for l := 0; l < 32; l++ {
			x, y := a[l], b[l]
			if ftz {
				x, y = flush(TF32, x), flush(TF32, y)
			}
			if Compare(in.cmp, t, x, y) {
				m |= 1 << uint(l)
			}
		}
	}
	return m, nil
}

// intCmp evaluates an integer comparison from "less than" and "equal".
func intCmp(op CmpOp, lt, eq bool) bool {
	switch op {
	case CmpEQ:
		return eq
	case CmpNE:
		return !eq
	case CmpLT, CmpLO:
		return lt
	case CmpLE, CmpLS:
		return lt || eq
	case CmpGT, CmpHI:
		return !lt && !eq
	case CmpGE, CmpHS:
		return !lt
	}
	return false
}

func combine(bop uint8, m, c uint32) uint32 {
	switch bop {
	case 1:
		return m & c
	case 2:
		return m | c
	case 3:
		return m ^ c
	}
	return m
}

func execSetp(w *warp, in *inst, act uint32) error {
	m, err := w.compareLanes(in, act)
	if err != nil {
		return err
	}
	notM := ^m
	if in.na == 3 {
		c, err := w.predVal(&in.a[2], act, in)
		if err != nil {
			return err
		}
		m, notM = combine(in.bop, m, c), combine(in.bop, ^m, c)
	}
	w.setPred(&in.d[0], act, m)
	if in.nd == 2 {
		w.setPred(&in.d[1], act, notM)
	}
	return nil
}

func prepSet(d *decoder, pi *ptx.Instruction, in *inst) error {
	// set.cmp{.bop}.dtype.stype d, a, b{, c}: the compared type is the second.
	o, err := d.operand(&pi.Operands[0], in.t)
	if err != nil {
		return err
	}
	in.d[0], in.nd = o, 1
	dt := in.t
	in.t, in.t2 = in.t2, dt
	in.na = len(pi.Operands) - 1
	if err := d.scalars(pi, 1, in.t, in.a[:2]); err != nil {
		return err
	}
	if in.na == 3 {
		c, err := d.operand(&pi.Operands[3], TPred)
		if err != nil {
			return err
		}
		in.a[2] = c
	}
	if _, ok := packed(in.t); ok || in.t == TNone {
		return d.errf(pi.OpPos, "set with .%s operands is not supported by the simulator", in.t)
	}
	in.exec = execSet
	return nil
}

func execSet(w *warp, in *inst, act uint32) error {
	m, err := w.compareLanes(in, act)
	if err != nil {
		return err
	}
	if in.na == 3 {
		c, err := w.predVal(&in.a[2], act, in)
		if err != nil {
			return err
		}
		m = combine(in.bop, m, c)
	}
	one := in.t2.mask()
	if in.t2 == TF32 {
		one = uint64(math.Float32bits(1))
	}
	dst := w.dst(&in.d[0])
	forLanes(act, func(l int) {
		if m>>uint(l)&1 != 0 {
			dst[l] = one
		} else {
			dst[l] = 0
		}
	})
	w.wrote(&in.d[0], act)
	return nil
}

func prepSelp(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) != 4 {
		return d.errf(pi.Pos, "selp needs four operands")
	}
	o, err := d.operand(&pi.Operands[0], in.t)
	if err != nil {
		return err
	}
	in.d[0], in.nd = o, 1
	if err := d.scalars(pi, 1, in.t, in.a[:2]); err != nil {
		return err
	}
	c, err := d.operand(&pi.Operands[3], TPred)
	if err != nil {
		return err
	}
	in.a[2], in.na = c, 3
	in.exec = execSelp
	return nil
}

func execSelp(w *warp, in *inst, act uint32) error {
	a, err := w.val(&in.a[0], act, in)
	if err != nil {
		return err
	}
	b, err := w.val(&in.a[1], act, in)
	if err != nil {
		return err
	}
	c, err := w.predVal(&in.a[2], act, in)
	if err != nil {
		return err
	}
	dst := w.dst(&in.d[0])
	mk := in.t.mask()
	for m := act; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		if c>>uint(l)&1 != 0 {
			dst[l] = a[l] & mk
		} else {
			dst[l] = b[l] & mk
		}
	}
	w.wrote(&in.d[0], act)
	return nil
}

func prepSlct(d *decoder, pi *ptx.Instruction, in *inst) error {
	if err := d.scalars(pi, 0, in.t, in.d[:1]); err != nil {
		return err
	}
	in.nd, in.na = 1, 3
	if err := d.scalars(pi, 1, in.t, in.a[:2]); err != nil {
		return err
	}
	if err := d.scalars(pi, 3, in.t2, in.a[2:3]); err != nil {
		return err
	}
	ct, mk := in.t2, in.t.mask()
	ftz := in.flags&fFTZ != 0
	in.f = func(_ *inst, a, b, c, _ uint64, _ int) uint64 {
		var ge bool
		if ct == TF32 {
			if ftz {
				c = flush(TF32, c)
			}
			v := f32of(c)
			ge = v >= 0 || (v == 0) // -0 counts as >= 0
		} else {
			ge = sext(c, 32) >= 0
		}
		if ge {
			return a & mk
		}
		return b & mk
	}
	in.exec = execALU
	return nil
}

func prepTestp(d *decoder, pi *ptx.Instruction, in *inst) error {
	p, err := d.operand(&pi.Operands[0], TPred)
	if err != nil {
		return err
	}
	in.d[0], in.nd = p, 1
	if err := d.scalars(pi, 1, in.t, in.a[:1]); err != nil {
		return err
	}
	in.na = 1
	op := TestpFinite
	if m := pi.ModIn(ptx.GroupTestp); m != ptx.ModNone {
		for i, n := range testpNames {
			if n == m.String() {
				op = TestpOp(i)
			}
		}
	}
	in.sub = uint8(op)
	in.exec = func(w *warp, in *inst, act uint32) error {
		a, err := w.val(&in.a[0], act, in)
		if err != nil {
			return err
		}
		var m uint32
		for l := 0; l < 32; l++ {
			if Testp(TestpOp(in.sub), in.t, a[l]) {
				m |= 1 << uint(l)
			}
		}
		w.setPred(&in.d[0], act, m)
		return nil
	}
	return nil
}

// prepMov handles mov of registers, immediates, special registers and
// symbol addresses, and the vector pack/unpack forms
// (mov.b64 %rd, {%r1, %r2}; mov.b64 {%r1, %r2}, %rd).
func prepMov(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) != 2 {
		return d.errf(pi.Pos, "mov needs two operands")
	}
	dst, src := &pi.Operands[0], &pi.Operands[1]
	if in.t == TPred {
		if err := d.scalars(pi, 0, TPred, in.d[:1]); err != nil {
			return err
		}
		if err := d.scalars(pi, 1, TPred, in.a[:1]); err != nil {
			return err
		}
		in.nd, in.na = 1, 1
		in.exec = execPredLogic
		return nil
	}
	switch {
	case src.Kind == ptx.OpdVector: // pack
		n, err := d.vector(src, in.t, &in.a)
		if err != nil {
			return err
		}
		in.na = n
		if err := d.scalars(pi, 0, in.t, in.d[:1]); err != nil {
			return err
		}
		in.nd = 1
		in.exec = execPack
		return nil
	case dst.Kind == ptx.OpdVector: // unpack
		n, err := d.vector(dst, in.t, &in.d)
		if err != nil {
			return err
		}
		in.nd = n
		if err := d.scalars(pi, 1, in.t, in.a[:1]); err != nil {
			return err
		}
		in.na = 1
		in.exec = execUnpack
		return nil
	}
	if err := d.scalars(pi, 0, in.t, in.d[:1]); err != nil {
		return err
	}
	if src.Kind == ptx.OpdSymbol && src.Func != nil {
		return d.errf(src.Pos, "function addresses are not supported by the simulator")
	}
	if err := d.scalars(pi, 1, in.t, in.a[:1]); err != nil {
		return err
	}
	in.nd, in.na = 1, 1
	in.exec = execMov
	return nil
}

func execMov(w *warp, in *inst, act uint32) error {
	a, err := w.val(&in.a[0], act, in)
	if err != nil {
		return err
	}
	dst := w.dst(&in.d[0])
	mk := in.t.mask()
	if act == ^uint32(0) {
		for l := range dst {
			dst[l] = a[l] & mk
		}
	} else {
		for m := act; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			dst[l] = a[l] & mk
		}
	}
	w.wrote(&in.d[0], act)
	return nil
}

func execPack(w *warp, in *inst, act uint32) error {
	width := uint(in.t.Bits() / in.na)
	var src [4]*[32]uint64
	for i := 0; i < in.na; i++ {
		v, err := w.val(&in.a[i], act, in)
		if err != nil {
			return err
		}
		src[i] = v
	}
	dst := w.dst(&in.d[0])
	em := uint64(1)<<width - 1
	forLanes(act, func(l int) {
		var r uint64
		for i := 0; i < in.na; i++ {
			r |= (src[i][l] & em) << (width * uint(i))
		}
		dst[l] = r
	})
	w.wrote(&in.d[0], act)
	return nil
}

func execUnpack(w *warp, in *inst, act uint32) error {
	a, err := w.val(&in.a[0], act, in)
	if err != nil {
		return err
	}
	width := uint(in.t.Bits() / in.nd)
	em := uint64(1)<<width - 1
	var v [32]uint64
	copy(v[:], a[:])
	for i := 0; i < in.nd; i++ {
		dst := w.dst(&in.d[i])
		forLanes(act, func(l int) { dst[l] = v[l] >> (width * uint(i)) & em })
		w.wrote(&in.d[i], act)
	}
	return nil
}

func prepCvt(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) < 2 {
		return d.errf(pi.Pos, "cvt needs two operands")
	}
	dt, st := in.t, in.t2
	if err := d.scalars(pi, 0, dt, in.d[:1]); err != nil {
		return err
	}
	in.nd = 1
	in.na = len(pi.Operands) - 1
	if err := d.scalars(pi, 1, st, in.a[:in.na]); err != nil {
		return err
	}
	mode := CvtMode{Round: in.rnd, IntRound: in.flags&fIntRnd != 0, Sat: in.flags&fSat != 0, FTZ: in.flags&fFTZ != 0}
	if st.IsFloat() && dt.IsInt() && !mode.IntRound {
		mode.Round, mode.IntRound = RZ, true
	}
	rna := pi.Has(ptx.ModRNA)
	relu := in.flags&fRelu != 0
	switch {
	case dt == TTF32 && rna:
		in.f = func(_ *inst, a, _, _, _ uint64, _ int) uint64 { return cvtTF32RNA(a) }
	case dt == TF16x2 || dt == TBF16x2:
		et, _ := packed(dt)
		in.f = func(_ *inst, a, b, _, _ uint64, _ int) uint64 {
			hi, lo := Cvt(et, st, a, mode), Cvt(et, st, b, mode)
			if relu {
				hi, lo = reluHalf(et, hi), reluHalf(et, lo)
			}
			return hi<<16 | lo
		}
	default:
		in.f = func(_ *inst, a, _, _, _ uint64, _ int) uint64 {
			r := Cvt(dt, st, a, mode)
			if relu && dt.IsFloat() {
				r = reluHalf(dt, r)
			}
			return r
		}
	}
	in.exec = execALU
	return nil
}

func reluHalf(t Type, x uint64) uint64 {
	v := toF64(t, x)
	if v < 0 || v != v {
		return 0
	}
	return x
}

// cvtTF32RNA rounds f32 bits to tf32, to nearest with ties away from zero.
func cvtTF32RNA(a uint64) uint64 {
	x := uint32(a)
	if x&0x7f800000 == 0x7f800000 {
		if x&0x7fffff != 0 {
			return 0x7fffffff
		}
		return uint64(x)
	}
	return uint64((x + 0x1000) &^ 0x1fff)
}

// cvta converts between generic and state-space addresses:
// cvta.space.size d, a (to generic) and cvta.to.space.size d, a.
func prepCvta(d *decoder, pi *ptx.Instruction, in *inst) error {
	if err := d.scalars(pi, 0, in.t, in.d[:1]); err != nil {
		return err
	}
	if err := d.scalars(pi, 1, in.t, in.a[:1]); err != nil {
		return err
	}
	in.nd, in.na = 1, 1
	if pi.Has(ptx.ModTo) {
		in.sub = 1
	}
	in.exec = execCvta
	return nil
}

func execCvta(w *warp, in *inst, act uint32) error {
	a, err := w.val(&in.a[0], act, in)
	if err != nil {
		return err
	}
	dst := w.dst(&in.d[0])
	mk := in.t.mask()
	for m := act; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		x := a[l]
		if in.sub == 0 {
			dst[l] = toGeneric(in.space, x)
			continue
		}
		sp, off := fromGeneric(x)
		if sp != in.space {
			return w.errAddr(in, l, ErrOutOfBounds, SpaceGeneric, x,
				"generic address is in the %s window, not %s", sp, in.space)
		}
		dst[l] = off & mk
	}
	w.wrote(&in.d[0], act)
	return nil
}

func prepIsspacep(d *decoder, pi *ptx.Instruction, in *inst) error {
	if err := d.scalars(pi, 0, TPred, in.d[:1]); err != nil {
		return err
	}
	if err := d.scalars(pi, 1, TU64, in.a[:1]); err != nil {
		return err
	}
	in.nd, in.na = 1, 1
	in.exec = func(w *warp, in *inst, act uint32) error {
		a, err := w.val(&in.a[0], act, in)
		if err != nil {
			return err
		}
		var m uint32
		for l := 0; l < 32; l++ {
			if sp, _ := fromGeneric(a[l]); sp == in.space {
				m |= 1 << uint(l)
			}
		}
		w.setPred(&in.d[0], act, m)
		return nil
	}
	return nil
}

func prepNop(d *decoder, pi *ptx.Instruction, in *inst) error {
	in.exec = func(*warp, *inst, uint32) error { return nil }
	return nil
}
