package sim

import (
	"math"
	"math/bits"

	"github.com/tt-compiler/tt/ptx"
)

// semantics is one row of the opcode table: prep decodes an instruction
// of the opcode and chooses its execution hook; unsupported says why an
// opcode has no prep.
type semantics struct {
	prep        func(d *decoder, pi *ptx.Instruction, in *inst) error
	unsupported string
}

// semanticsTable is the simulator's one table of instruction semantics,
// indexed by ptx's opcode enum.
var semanticsTable [ptx.NumOps]semantics

func init() {
	t := &semanticsTable
	for _, op := range []ptx.Op{ptx.OpAdd, ptx.OpSub, ptx.OpMul, ptx.OpMad, ptx.OpFma, ptx.OpDiv,
		ptx.OpRem, ptx.OpMin, ptx.OpMax, ptx.OpAbs, ptx.OpNeg, ptx.OpAnd, ptx.OpOr, ptx.OpXor,
		ptx.OpNot, ptx.OpCnot, ptx.OpShl, ptx.OpShr, ptx.OpPopc, ptx.OpClz, ptx.OpBrev, ptx.OpBfe,
		ptx.OpBfi, ptx.OpBfind, ptx.OpPrmt, ptx.OpCopysign, ptx.OpMul24, ptx.OpMad24, ptx.OpSad,
		ptx.OpLop3, ptx.OpShf, ptx.OpDp4a, ptx.OpDp2a, ptx.OpRcp, ptx.OpSqrt, ptx.OpRsqrt,
		ptx.OpSin, ptx.OpCos, ptx.OpEx2, ptx.OpLg2, ptx.OpTanh, ptx.OpAddc, ptx.OpSubc, ptx.OpMadc,
		ptx.OpBmsk, ptx.OpSzext} {
		t[op] = semantics{prep: prepArith}
	}
	t[ptx.OpSetp] = semantics{prep: prepSetp}
	t[ptx.OpSet] = semantics{prep: prepSet}
	t[ptx.OpSelp] = semantics{prep: prepSelp}
	t[ptx.OpSlct] = semantics{prep: prepSlct}
	t[ptx.OpTestp] = semantics{prep: prepTestp}
	t[ptx.OpMov] = semantics{prep: prepMov}
	t[ptx.OpCvt] = semantics{prep: prepCvt}
	t[ptx.OpCvta] = semantics{prep: prepCvta}
	t[ptx.OpIsspacep] = semantics{prep: prepIsspacep}
	t[ptx.OpLd] = semantics{prep: prepLd}
	t[ptx.OpLdu] = semantics{prep: prepLd}
	t[ptx.OpSt] = semantics{prep: prepSt}
	t[ptx.OpAtom] = semantics{prep: prepAtom}
	t[ptx.OpRed] = semantics{prep: prepAtom}
	t[ptx.OpCpAsync] = semantics{prep: prepCpAsync}
	for _, op := range []ptx.Op{ptx.OpCpAsyncCommitGroup, ptx.OpCpAsyncWaitAll, ptx.OpCpAsyncWaitGroup,
		ptx.OpFence, ptx.OpMembar, ptx.OpPrefetch, ptx.OpNanosleep} {
		t[op] = semantics{prep: prepNop}
	}
	t[ptx.OpBra] = semantics{prep: prepBra}
	t[ptx.OpCall] = semantics{prep: prepCall}
	t[ptx.OpRet] = semantics{prep: prepRet}
	t[ptx.OpExit] = semantics{prep: prepExit}
	t[ptx.OpTrap] = semantics{prep: prepTrap}
	t[ptx.OpBrkpt] = semantics{prep: prepTrap}
	t[ptx.OpBarSync] = semantics{prep: prepBar}
	t[ptx.OpBarrierSync] = semantics{prep: prepBar}
	t[ptx.OpBarWarpSync] = semantics{prep: prepBarWarp}
	t[ptx.OpShflSync] = semantics{prep: prepShfl}
	t[ptx.OpVoteSync] = semantics{prep: prepVote}
	t[ptx.OpActivemask] = semantics{prep: prepActivemask}
	t[ptx.OpReduxSync] = semantics{prep: prepRedux}
	t[ptx.OpMatch] = semantics{prep: prepMatch}
	t[ptx.OpMma] = semantics{prep: prepMma}

	t[ptx.OpBarArrive] = semantics{unsupported: "producer/consumer barriers (bar.arrive) are not modelled; use bar.sync"}
	t[ptx.OpBarrierArrive] = semantics{unsupported: "producer/consumer barriers (barrier.arrive) are not modelled; use barrier.sync"}
	t[ptx.OpBarRed] = semantics{prep: prepBarRed}
	t[ptx.OpBarrierRed] = semantics{prep: prepBarRed}
	t[ptx.OpLdmatrix] = semantics{prep: prepLdmatrix}
	t[ptx.OpFns] = semantics{unsupported: "fns (find n-th set bit) is not emitted by the producers in scope"}
}

// execALU runs a per-lane function of up to four sources.
func execALU(w *warp, in *inst, act uint32) error {
	var src [4]*[32]uint64
	for i := 0; i < 4; i++ {
		if i < in.na {
			v, err := w.val(&in.a[i], act, in)
			if err != nil {
				return err
			}
			src[i] = v
		} else {
			src[i] = &w.zero
		}
	}
	f := in.f
	dst := w.dst(&in.d[0])
	a, b, c, e := src[0], src[1], src[2], src[3]
	if act == ^uint32(0) {
		for l := 0; l < 32; l++ {
			dst[l] = f(in, a[l], b[l], c[l], e[l], l)
		}
	} else {
		for m := act; m != 0; m &= m - 1 {
			l := bits.TrailingZeros32(m)
			dst[l] = f(in, a[l], b[l], c[l], e[l], l)
		}
	}
	w.wrote(&in.d[0], act)
	return nil
}

// laneFn computes one lane's result from its sources.
type laneFn func(in *inst, a, b, c, e uint64, lane int) uint64

// prepArith decodes "op.mods.type d, a{, b{, c{, e}}}" and picks the
// per-lane function.
func prepArith(d *decoder, pi *ptx.Instruction, in *inst) error {
	if len(pi.Operands) < 2 {
		return d.errf(pi.Pos, "%s needs a destination and a source", pi.Op)
	}
	dstT := in.t
	if in.flags&fWide != 0 && pi.Op != ptx.OpMul && pi.Op != ptx.OpMad {
		dstT = in.t
	}
	o, err := d.operand(&pi.Operands[0], dstT)
	if err != nil {
		return err
	}
	in.d[0], in.nd = o, 1
	in.na = len(pi.Operands) - 1
	if in.na > 4 {
		return d.errf(pi.Pos, "too many operands")
	}
	for i := 0; i < in.na; i++ {
		st := in.t
		switch {
		case (pi.Op == ptx.OpShl || pi.Op == ptx.OpShr) && i == 1:
			st = TU32
		case pi.Op == ptx.OpMad && in.flags&fWide != 0 && i == 2:
			st = wideOf(in.t)
		case (pi.Op == ptx.OpBfe) && i > 0, pi.Op == ptx.OpBfi && i > 1:
			st = TU32
		}
		x, err := d.operand(&pi.Operands[1+i], st)
		if err != nil {
			return err
		}
		in.a[i] = x
	}
	if in.t == TPred {
		in.exec = execPredLogic
		return nil
	}
	if pi.Has(ptx.ModCC) || pi.Op == ptx.OpAddc || pi.Op == ptx.OpSubc || pi.Op == ptx.OpMadc {
		in.flags |= fCCIf(pi.Has(ptx.ModCC))
		in.exec = execCarry
		return nil
	}
	f, err := arithFn(d, pi, in)
	if err != nil {
		return err
	}
	in.f = f
	in.exec = execALU
	if fe := fastExec(pi, in); fe != nil {
		in.exec = fe
	}
	return nil
}

func wideOf(t Type) Type {
	switch t {
	case TS16:
		return TS32
	case TU16:
		return TU32
	case TS32:
		return TS64
	case TU32:
		return TU64
	}
	return t
}

// execPredLogic runs and/or/xor/not/mov on predicates.
func execPredLogic(w *warp, in *inst, act uint32) error {
	var m [3]uint32
	for i := 0; i < in.na && i < 3; i++ {
		v, err := w.predVal(&in.a[i], act, in)
		if err != nil {
			return err
		}
		m[i] = v
	}
	var r uint32
	switch in.op {
	case ptx.OpAnd:
		r = m[0] & m[1]
	case ptx.OpOr:
		r = m[0] | m[1]
	case ptx.OpXor:
		r = m[0] ^ m[1]
	case ptx.OpNot:
		r = ^m[0]
	default: // mov
		r = m[0]
	}
	w.setPred(&in.d[0], act, r)
	return nil
}

// floatUnary applies f to each element of a (packed pairs elementwise).
func packed(t Type) (Type, bool) {
	switch t {
	case TF16x2:
		return TF16, true
	case TBF16x2:
		return TBF16, true
	}
	return t, false
}

// lift2 makes a packed-pair version of an elementwise function of 16-bit
// elements.
func lift2(t Type, f func(a, b, c uint64) uint64) func(a, b, c uint64) uint64 {
	if _, ok := packed(t); !ok {
		return f
	}
	return func(a, b, c uint64) uint64 {
		lo := f(a&0xffff, b&0xffff, c&0xffff)
		hi := f(a>>16&0xffff, b>>16&0xffff, c>>16&0xffff)
		return hi<<16 | lo&0xffff
	}
}

// arithFn returns the per-lane function of an arithmetic instruction.
func arithFn(d *decoder, pi *ptx.Instruction, in *inst) (laneFn, error) {
	t := in.t
	if t.IsFloat() {
		f, err := floatFn(d, pi, in)
		if err != nil {
			return nil, err
		}
		return func(_ *inst, a, b, c, _ uint64, _ int) uint64 { return f(a, b, c) }, nil
	}
	mk := t.mask()
	n := t.Bits()
	signed := t.IsSigned()
	hi, wide := in.flags&fHi != 0, in.flags&fWide != 0
	sat := in.flags&fSat != 0
	w := func(f func(a, b, c uint64) uint64) (laneFn, error) {
		return func(_ *inst, a, b, c, _ uint64, _ int) uint64 { return f(a, b, c) }, nil
	}
	switch pi.Op {
	case ptx.OpAdd:
		if sat && signed && n == 32 {
			return w(func(a, b, _ uint64) uint64 { return satS32(sext(a, 32) + sext(b, 32)) })
		}
		return w(func(a, b, _ uint64) uint64 { return (a + b) & mk })
	case ptx.OpSub:
		if sat && signed && n == 32 {
			return w(func(a, b, _ uint64) uint64 { return satS32(sext(a, 32) - sext(b, 32)) })
		}
		return w(func(a, b, _ uint64) uint64 { return (a - b) & mk })
	case ptx.OpMul:
		switch {
		case wide:
			return w(func(a, b, _ uint64) uint64 { return MulWide(t, a, b) })
		case hi:
			return w(func(a, b, _ uint64) uint64 { return MulHi(t, a, b) })
		}
		return w(func(a, b, _ uint64) uint64 { return (a * b) & mk })
	case ptx.OpMad:
		switch {
		case wide:
			return w(func(a, b, c uint64) uint64 { return MulWide(t, a, b) + c })
		case hi && sat && signed && n == 32:
			return w(func(a, b, c uint64) uint64 { return satS32(sext(MulHi(t, a, b), 32) + sext(c, 32)) })
		case hi:
			return w(func(a, b, c uint64) uint64 { return (MulHi(t, a, b) + c) & mk })
		}
		return w(func(a, b, c uint64) uint64 { return (a*b + c) & mk })
	case ptx.OpMul24, ptx.OpMad24:
		mad := pi.Op == ptx.OpMad24
		return w(func(a, b, c uint64) uint64 {
			var p uint64
			if signed {
				p = uint64(sext(a, 24) * sext(b, 24))
			} else {
				p = (a & 0xffffff) * (b & 0xffffff)
			}
			if hi {
				p >>= 16
			}
			if mad {
				p += c
			}
			return p & 0xffffffff
		})
	case ptx.OpSad:
		return w(func(a, b, c uint64) uint64 {
			if signed {
				x, y := sext(a, n), sext(b, n)
				if x < y {
					x, y = y, x
				}
				return (uint64(x-y) + c) & mk
			}
			x, y := a&mk, b&mk
			if x < y {
				x, y = y, x
			}
			return (x - y + c) & mk
		})
	case ptx.OpDiv:
		return w(func(a, b, _ uint64) uint64 { return DivInt(t, a, b) })
	case ptx.OpRem:
		return w(func(a, b, _ uint64) uint64 { return RemInt(t, a, b) })
	case ptx.OpMin, ptx.OpMax:
		isMin := pi.Op == ptx.OpMin
		return w(func(a, b, _ uint64) uint64 {
			var less bool
			if signed {
				less = sext(a, n) < sext(b, n)
			} else {
				less = a&mk < b&mk
			}
			if less == isMin {
				return a & mk
			}
			return b & mk
		})
	case ptx.OpAbs:
		return w(func(a, _, _ uint64) uint64 {
			x := sext(a, n)
			if x < 0 {
				x = -x
			}
			return uint64(x) & mk
		})
	case ptx.OpNeg:
		return w(func(a, _, _ uint64) uint64 { return -a & mk })
	case ptx.OpAnd:
		return w(func(a, b, _ uint64) uint64 { return a & b & mk })
	case ptx.OpOr:
		return w(func(a, b, _ uint64) uint64 { return (a | b) & mk })
	case ptx.OpXor:
		return w(func(a, b, _ uint64) uint64 { return (a ^ b) & mk })
	case ptx.OpNot:
		return w(func(a, _, _ uint64) uint64 { return ^a & mk })
	case ptx.OpCnot:
		return w(func(a, _, _ uint64) uint64 {
			if a&mk == 0 {
				return 1
			}
			return 0
		})
	case ptx.OpShl:
		return w(func(a, b, _ uint64) uint64 { return Shl(t, a, b) })
	case ptx.OpShr:
		return w(func(a, b, _ uint64) uint64 { return Shr(t, a, b) })
	case ptx.OpPopc:
		return w(func(a, _, _ uint64) uint64 { return Popc(t, a) })
	case ptx.OpClz:
		return w(func(a, _, _ uint64) uint64 { return Clz(t, a) })
	case ptx.OpBrev:
		return w(func(a, _, _ uint64) uint64 { return Brev(t, a) })
	case ptx.OpBfind:
		shiftAmt := pi.Has(ptx.ModShiftAmt)
		return w(func(a, _, _ uint64) uint64 {
			x := a & mk
			if signed && sext(a, n) < 0 {
				x = ^x & mk
			}
			if x == 0 {
				return 0xffffffff
			}
			pos := uint64(63 - bits.LeadingZeros64(x))
			if shiftAmt {
				return uint64(n-1) - pos
			}
			return pos
		})
	case ptx.OpBfe:
		return w(func(a, b, c uint64) uint64 { return Bfe(t, a, b, c) })
	case ptx.OpBfi:
		return func(_ *inst, a, b, c, e uint64, _ int) uint64 { return Bfi(t, a, b, c, e) }, nil
	case ptx.OpPrmt:
		mode := PrmtDefault
		for i, name := range prmtNames {
			if i > 0 {
				if m := pi.ModIn(ptx.GroupPrmt); m != ptx.ModNone && m.String() == name {
					mode = PrmtMode(i)
				}
			}
		}
		return w(func(a, b, c uint64) uint64 { return Prmt(mode, a, b, c) })
	case ptx.OpLop3:
		return func(_ *inst, a, b, c, lut uint64, _ int) uint64 {
			var r uint64
			for i := uint64(0); i < 8; i++ {
				if lut>>i&1 == 0 {
					continue
				}
				x, y, z := ^a, ^b, ^c
				if i&4 != 0 {
					x = a
				}
				if i&2 != 0 {
					y = b
				}
				if i&1 != 0 {
					z = c
				}
				r |= x & y & z
			}
			return r & 0xffffffff
		}, nil
	case ptx.OpShf:
		left := pi.Has(ptx.ModL)
		clamp := pi.Has(ptx.ModClamp)
		return w(func(a, b, c uint64) uint64 {
			s := c & 0xffffffff
			if clamp {
				s = min(s, 32)
			} else {
				s &= 31
			}
			v := (b&0xffffffff)<<32 | a&0xffffffff
			if left {
				return (v << s >> 32) & 0xffffffff
			}
			return (v >> s) & 0xffffffff
		})
	case ptx.OpDp4a, ptx.OpDp2a:
		as, bs := typeOf(pi.Type(0)).IsSigned(), typeOf(pi.Type(1)).IsSigned()
		four := pi.Op == ptx.OpDp4a
		hiHalf := pi.Has(ptx.ModHi)
		return w(func(a, b, c uint64) uint64 {
			byteOf := func(x uint64, i int, s bool, w int) int64 {
				v := x >> uint(i*w) & (1<<uint(w) - 1)
				if s {
					return sext(v, w)
				}
				return int64(v)
			}
			acc := sext(c, 32)
			if four {
				for i := 0; i < 4; i++ {
					acc += byteOf(a, i, as, 8) * byteOf(b, i, bs, 8)
				}
			} else {
				off := 0
				if hiHalf {
					off = 2
				}
				for i := 0; i < 2; i++ {
					acc += byteOf(a, i, as, 16) * byteOf(b, i+off, bs, 8)
				}
			}
			return uint64(acc) & 0xffffffff
		})
	case ptx.OpBmsk:
		wrap := pi.Has(ptx.ModWrap)
		return w(func(a, b, _ uint64) uint64 {
			pos, ln := a&0xff, b&0xff
			if wrap {
				pos, ln = a&31, b&31
			}
			if pos >= 32 {
				return 0
			}
			end := min(pos+ln, 32)
			return ((uint64(1)<<end - 1) &^ (uint64(1)<<pos - 1)) & 0xffffffff
		})
	case ptx.OpSzext:
		wrap := pi.Has(ptx.ModWrap)
		return w(func(a, b, _ uint64) uint64 {
			pos := b & 0xff
			if wrap {
				pos &= 31
			}
			pos = min(pos, 32)
			if pos == 32 {
				return a & 0xffffffff
			}
			v := a & (uint64(1)<<pos - 1)
			if signed && pos > 0 {
				return uint64(sext(v, int(pos))) & 0xffffffff
			}
			return v
		})
	case ptx.OpCopysign:
		return w(func(a, b, _ uint64) uint64 { return Copysign(t, a, b) })
	}
	return nil, d.errf(pi.OpPos, "%s.%s is not supported by the simulator", pi.Op, t)
}

func fCCIf(b bool) uint32 {
	if b {
		return fCC
	}
	return 0
}

func satS32(v int64) uint64 {
	return uint64(int64(int32(min(max(v, math.MinInt32), math.MaxInt32)))) & 0xffffffff
}

// execCarry runs the extended-precision forms: add.cc, sub.cc, addc,
// subc and madc, which read and write each lane's carry flag (CC.CF; a
// borrow for the subtractions).
func execCarry(w *warp, in *inst, act uint32) error {
	var src [3]*[32]uint64
	for i := 0; i < 3; i++ {
		src[i] = &w.zero
		if i < in.na {
			v, err := w.val(&in.a[i], act, in)
			if err != nil {
				return err
			}
			src[i] = v
		}
	}
	n := uint(in.t.Bits())
	mk := in.t.mask()
	dst := w.dst(&in.d[0])
	useCF := in.op == ptx.OpAddc || in.op == ptx.OpSubc || in.op == ptx.OpMadc
	setCF := in.flags&fCC != 0
	for m := act; m != 0; m &= m - 1 {
		l := bits.TrailingZeros32(m)
		a, b := src[0][l]&mk, src[1][l]&mk
		var cin uint64
		if useCF {
			cin = w.cc[l]
		}
		var r, cout uint64
		switch in.op {
		case ptx.OpSub, ptx.OpSubc:
			var b1 uint64
			b1, cout = bits.Add64(b, cin, 0)
			if n < 64 {
				r = (a - b1) & mk
				if a < b1 {
					cout = 1
				}
			} else {
				var borrow uint64
				r, borrow = bits.Sub64(a, b1, 0)
				cout |= borrow
			}
		case ptx.OpMad, ptx.OpMadc:
			p := a * b
			if in.flags&fHi != 0 {
				p = MulHi(in.t, a, b)
			}
			r, cout = addWithCarry(p&mk, src[2][l]&mk, cin, n)
		default:
			r, cout = addWithCarry(a, b, cin, n)
		}
		dst[l] = r
		if setCF {
			w.cc[l] = cout
		}
	}
	w.wrote(&in.d[0], act)
	return nil
}

// addWithCarry returns (a+b+cin) mod 2^n and the carry out.
func addWithCarry(a, b, cin uint64, n uint) (uint64, uint64) {
	if n == 64 {
		return bits.Add64(a, b, cin)
	}
	s := a + b + cin
	return s & (1<<n - 1), s >> n & 1
}

// floatFn returns the per-element function of a float instruction.
func floatFn(d *decoder, pi *ptx.Instruction, in *inst) (func(a, b, c uint64) uint64, error) {
	t := in.t
	et, isPacked := packed(t)
	rnd := in.rnd
	ftz, sat := in.flags&fFTZ != 0, in.flags&fSat != 0
	approx := in.flags&fApprox != 0
	nan := in.flags&fNaN != 0
	relu := in.flags&fRelu != 0
	// finish applies .sat, .relu and .ftz to a result of type et.
	finish := func(r uint64) uint64 {
		if ftz && (et == TF32 || et == TF16) {
			r = flush(et, r)
		}
		if sat {
			r = fromF64(et, sat01(toF64(et, r)), RN)
		}
		if relu {
			v := toF64(et, r)
			if v < 0 || (v == 0 && math.Signbit(v)) {
				r = 0
			}
		}
		return r
	}
	in1 := func(x uint64) uint64 {
		if ftz && (et == TF32 || et == TF16) {
			return flush(et, x)
		}
		return x
	}
	var f func(a, b, c uint64) uint64
	switch pi.Op {
	case ptx.OpAdd, ptx.OpSub, ptx.OpMul:
		op := map[ptx.Op]byte{ptx.OpAdd: '+', ptx.OpSub: '-', ptx.OpMul: '*'}[pi.Op]
		f = func(a, b, _ uint64) uint64 { return finish(floatArith(et, op, in1(a), in1(b), 0, rnd)) }
	case ptx.OpFma, ptx.OpMad:
		f = func(a, b, c uint64) uint64 { return finish(floatArith(et, 'f', in1(a), in1(b), in1(c), rnd)) }
	case ptx.OpDiv:
		switch {
		case et == TF32 && (approx || in.flags&fFull != 0):
			full := in.flags&fFull != 0
			f = func(a, b, _ uint64) uint64 {
				return finish(f32Bits(DivApprox(f32of(in1(a)), f32of(in1(b)), full)))
			}
		default:
			f = func(a, b, _ uint64) uint64 { return finish(floatArith(et, '/', in1(a), in1(b), 0, rnd)) }
		}
	case ptx.OpRcp:
		one := fromF64(et, 1, RN)
		f = func(a, _, _ uint64) uint64 { return finish(floatArith(et, '/', one, in1(a), 0, rnd)) }
	case ptx.OpSqrt:
		f = func(a, _, _ uint64) uint64 { return finish(floatArith(et, 's', in1(a), 0, 0, rnd)) }
	case ptx.OpRsqrt:
		f = func(a, _, _ uint64) uint64 {
			return finish(fromF64(et, 1/math.Sqrt(toF64(et, in1(a))), RN))
		}
	case ptx.OpSin, ptx.OpCos, ptx.OpEx2, ptx.OpLg2, ptx.OpTanh:
		g := map[ptx.Op]func(float64) float64{ptx.OpSin: math.Sin, ptx.OpCos: math.Cos,
			ptx.OpEx2: math.Exp2, ptx.OpLg2: math.Log2, ptx.OpTanh: math.Tanh}[pi.Op]
		f = func(a, _, _ uint64) uint64 { return finish(fromF64(et, g(toF64(et, in1(a))), RN)) }
	case ptx.OpAbs:
		s := uint64(1) << uint(et.Bits()-1)
		f = func(a, _, _ uint64) uint64 {
			a = in1(a)
			if nan && isNaNBits(et, a) {
				return fromF64(et, math.NaN(), RN)
			}
			return a &^ s
		}
	case ptx.OpNeg:
		s := uint64(1) << uint(et.Bits()-1)
		f = func(a, _, _ uint64) uint64 { return in1(a) ^ s }
	case ptx.OpMin:
		f = func(a, b, _ uint64) uint64 { return finish(FMin(et, in1(a), in1(b), nan)) }
	case ptx.OpMax:
		f = func(a, b, _ uint64) uint64 { return finish(FMax(et, in1(a), in1(b), nan)) }
	case ptx.OpCopysign:
		f = func(a, b, _ uint64) uint64 { return Copysign(et, a, b) }
	default:
		return nil, d.errf(pi.OpPos, "%s.%s is not supported by the simulator", pi.Op, t)
	}
	if isPacked {
		return lift2(t, f), nil
	}
	return f, nil
}

func isNaNBits(t Type, x uint64) bool { v := toF64(t, x); return v != v }

// floatArith is one correctly rounded operation on float bits of type t:
// '+', '-', '*', '/', 'f' (fused multiply-add) or 's' (square root).
func floatArith(t Type, op byte, a, b, c uint64, m Rounding) uint64 {
	switch t {
	case TF32:
		x, y := f32of(a), f32of(b)
		switch op {
		case '+':
			return f32Bits(addF32(x, y, m))
		case '-':
			return f32Bits(addF32(x, -y, m))
		case '*':
			return f32Bits(mulF32(x, y, m))
		case '/':
			return f32Bits(divF32(x, y, m))
		case 'f':
			return f32Bits(fmaF32(x, y, f32of(c), m))
		case 's':
			return f32Bits(sqrtF32(x, m))
		}
	case TF64:
		x, y := f64of(a), f64of(b)
		switch op {
		case '+':
			return f64Bits(addF64(x, y, m))
		case '-':
			return f64Bits(addF64(x, -y, m))
		case '*':
			return f64Bits(mulF64(x, y, m))
		case '/':
			return f64Bits(divF64(x, y, m))
		case 'f':
			return f64Bits(fmaF64(x, y, f64of(c), m))
		case 's':
			return f64Bits(sqrtF64(x, m))
		}
	default: // f16, bf16
		switch op {
		case '/':
			return fromF64(t, divOdd(toF64(t, a), toF64(t, b)), m)
		case 's':
			return fromF64(t, sqrtOdd(toF64(t, a)), m)
		}
		return halfArith(t, op, a, b, c, m)
	}
	return 0
}
