package ptxemit

import (
	"math"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/ptx"
)

// The f64 functions below are Go's math package's algorithms (the
// interpreter's f64 rules: math.Sin, math.Cos, math.Tanh, math.Erf,
// math.Pow, math.Log2, numerics.LogF64's correction of math.Log), written
// as PTX with the same operations in the same order, each rounded to f64
// (no contraction: the interpreter is built for plain x86-64, which does
// not fuse). Go's branches become guarded branches. math.Exp and math.Log
// are amd64 assembly in the interpreter, so the functions that use them
// (tanh, erf, pow) can differ from it by an ulp; sin, cos and the integer
// power are bit for bit. The f32 forms of these ops are computed in f64
// and rounded once, as the interpreter does.

// fn is a function being emitted: its result register and the label
// its early returns jump to.
type fn struct {
	k   *kernel
	dst string
	end string
}

func (k *kernel) begin(dst string) *fn { return &fn{k: k, dst: dst, end: k.label()} }

// retIf returns v from the function in the lanes where p holds.
func (f *fn) retIf(p string, neg bool, v ptx.Operand) {
	f.k.guarded(p, neg, "mov.f64", reg(f.dst), v)
	f.k.guarded(p, neg, "bra", sym(f.end))
}

// finish returns v and places the end label.
func (f *fn) finish(v ptx.Operand) {
	f.k.ins("mov.f64", reg(f.dst), v)
	f.k.place(f.end)
}

// ret returns v from the function.
func (f *fn) ret(v ptx.Operand) {
	f.k.ins("mov.f64", reg(f.dst), v)
	f.k.ins("bra", sym(f.end))
}

func (k *kernel) fd() ptx.Operand { return reg(k.newReg(clsF64)) }
func (k *kernel) rd() ptx.Operand { return reg(k.newReg(clsB64)) }
func (k *kernel) rr() ptx.Operand { return reg(k.newReg(clsB32)) }

// f2 is a rounded f64 binary op ("add", "sub", "mul", "div") into a new register.
func (k *kernel) f2(op string, a, b ptx.Operand) ptx.Operand {
	r := k.fd()
	k.ins(op+".rn.f64", r, a, b)
	return r
}

// setp compares a and b ("setp.lt.f64", ...) into a new predicate.
func (k *kernel) setp(spec string, a, b ptx.Operand) string {
	p := k.newReg(clsPred)
	k.ins(spec, reg(p), a, b)
	return p
}

// skip emits body only in the lanes where p (negated if neg) holds.
func (k *kernel) skipUnless(p string, neg bool, body func()) {
	l := k.label()
	k.guarded(p, !neg, "bra", sym(l))
	body()
	k.place(l)
}

// hornerHi evaluates ((c0·z + c1)·z + c2)·z ... + cn.
func (k *kernel) hornerHi(z ptx.Operand, c ...float64) ptx.Operand {
	t := k.f2("mul", f64imm(c[0]), z)
	t = k.f2("add", t, f64imm(c[1]))
	for _, v := range c[2:] {
		t = k.f2("mul", t, z)
		t = k.f2("add", t, f64imm(v))
	}
	return t
}

// hornerLo evaluates c0 + z·(c1 + z·(c2 + ... + z·cn)).
func (k *kernel) hornerLo(z ptx.Operand, c ...float64) ptx.Operand {
	t := f64imm(c[len(c)-1])
	for i := len(c) - 2; i >= 0; i-- {
		t = k.f2("mul", z, t)
		t = k.f2("add", f64imm(c[i]), t)
	}
	return t
}

var (
	sinCoef = []float64{1.58962301576546568060e-10, -2.50507477628578072866e-8, 2.75573136213857245213e-6,
		-1.98412698295895385996e-4, 8.33333333332211858878e-3, -1.66666666666666307295e-1}
	cosCoef = []float64{-1.13585365213876817300e-11, 2.08757008419747316778e-9, -2.75573141792967388112e-7,
		2.48015872888517045348e-5, -1.38888888888730564116e-3, 4.16666666666665929218e-2}
)

// mPi4 is Go's table of 4/π's bits (math.mPi4) for Payne and Hanek's
// reduction, in a .const array.
var mPi4 = []uint64{
	0x0000000000000001, 0x45f306dc9c882a53, 0xf84eafa3ea69bb81, 0xb6c52b3278872083, 0xfca2c757bd778ac3,
	0x6e48dc74849ba5c0, 0x0c925dd413a32439, 0xfc3bd63962534e7d, 0xd1046bea5d768909, 0xd338e04d68befc82,
	0x7323ac7306a673e9, 0x3908bf177bf25076, 0x3ff12fffbc0b301f, 0xde5e2316b414da3e, 0xda6cfd9e4f96136e,
	0x9e8c7ecd3cbfd45a, 0xea4f758fd7cbe2f6, 0x7a0e73ef14a525d4, 0xd7f6bf623f1aba10, 0xac06608df8f6d757,
}

const mPi4Name = "tt_mpi4_table"

func mPi4Var() *ptx.Var {
	init := &ptx.Init{Kind: ptx.InitList}
	for _, v := range mPi4 {
		init.Elems = append(init.Elems, &ptx.Init{Kind: ptx.InitInt, Int: int64(v)})
	}
	return &ptx.Var{Space: ptx.SpaceConst, Align: 8, Type: ptx.U64, Name: mPi4Name, Dims: []int{len(mPi4)}, Init: init}
}

// sinCosF64 is math.Sin (cos false) or math.Cos: Cody and Waite's
// reduction by π/4 in three parts below 2**29, Payne and Hanek's above,
// then the octant's polynomial and sign.
func (k *kernel) sinCosF64(r string, x0 ptx.Operand, cos bool) {
	f := k.begin(r)
	x := k.fd()
	k.ins("abs.f64", x, x0)
	f.retIf(k.setp("setp.equ.f64", x, f64imm(math.Inf(1))), false, f64imm(math.NaN()))
	sign := k.rr()
	if cos {
		k.ins("mov.b32", sign, imm(0))
	} else {
		f.retIf(k.setp("setp.eq.f64", x0, f64imm(0)), false, x0)
		p := k.setp("setp.lt.f64", x0, f64imm(0))
		k.ins("selp.b32", sign, imm(1), imm(0), reg(p))
	}
	j, z := k.trigOctant(x, true)
	p := k.setp("setp.gt.u64", j, imm(3))
	k.guarded(p, false, "xor.b32", sign, sign, imm(1))
	k.guarded(p, false, "sub.s64", j, j, imm(4))
	if cos {
		p = k.setp("setp.gt.u64", j, imm(1))
		k.guarded(p, false, "xor.b32", sign, sign, imm(1))
	}
	z2 := k.f2("mul", z, z)
	sinPoly := k.f2("add", z, k.f2("mul", k.f2("mul", z, z2), k.hornerHi(z2, sinCoef...)))
	cosPoly := k.f2("sub", f64imm(1), k.f2("mul", f64imm(0.5), z2))
	cosPoly = k.f2("add", cosPoly, k.f2("mul", k.f2("mul", z2, z2), k.hornerHi(z2, cosCoef...)))
	// octants 1 and 2 take the other polynomial.
	m := k.rd()
	k.ins("sub.s64", m, j, imm(1))
	p = k.setp("setp.lt.u64", m, imm(2))
	y := k.fd()
	if cos {
		k.ins("selp.f64", y, sinPoly, cosPoly, reg(p))
	} else {
		k.ins("selp.f64", y, cosPoly, sinPoly, reg(p))
	}
	p = k.setp("setp.ne.u32", sign, imm(0))
	k.guarded(p, false, "neg.f64", y, y)
	f.finish(y)
}

// trigOctant is the argument reduction of math.Sin, Cos and Tan for
// x ≥ 0: the octant j of x (made even) and x - j·π/4, by Cody and Waite's
// three-part π/4 below 2**29 and trigReduce above; sin and cos take j
// modulo 8 (mod8), tan does not.
func (k *kernel) trigOctant(x ptx.Operand, mod8 bool) (ptx.Operand, ptx.Operand) {
	const (
		pi4A = 7.85398125648498535156e-1
		pi4B = 3.77489470793079817668e-8
		pi4C = 2.69515142907905952645e-15
	)
	j, z := k.rd(), k.fd()
	big := k.setp("setp.ge.f64", x, f64imm(1<<29))
	join := k.label()
	k.skipUnless(big, false, func() {
		jj, zz := k.trigReduce(x)
		k.ins("mov.b64", j, jj)
		k.ins("mov.f64", z, zz)
		k.ins("bra", sym(join))
	})
	t := k.f2("mul", x, f64imm(4/math.Pi))
	k.ins("cvt.rzi.u64.f64", j, t)
	y := k.fd()
	k.ins("cvt.rn.f64.u64", y, j)
	odd := k.rd()
	k.ins("and.b64", odd, j, imm(1))
	po := k.setp("setp.ne.u64", odd, imm(0))
	k.guarded(po, false, "add.s64", j, j, imm(1))
	k.guarded(po, false, "add.rn.f64", y, y, f64imm(1))
	if mod8 {
		k.ins("and.b64", j, j, imm(7))
	}
	zz := k.f2("sub", x, k.f2("mul", y, f64imm(pi4A)))
	zz = k.f2("sub", zz, k.f2("mul", y, f64imm(pi4B)))
	zz = k.f2("sub", zz, k.f2("mul", y, f64imm(pi4C)))
	k.ins("mov.f64", z, zz)
	k.place(join)
	return j, z
}

// tanF64 is math.Tan: the octant reduction, Cephes' rational function of
// z² (z itself when z² ≤ 1e-14), -1/y in the odd quadrants, x's sign.
func (k *kernel) tanF64(r string, x0 ptx.Operand) {
	f := k.begin(r)
	p := k.setp("setp.eq.f64", x0, f64imm(0))
	k.ins("or.pred", reg(p), reg(p), reg(k.setp("setp.nan.f64", x0, x0)))
	f.retIf(p, false, x0)
	x := k.fd()
	k.ins("abs.f64", x, x0)
	f.retIf(k.setp("setp.eq.f64", x, f64imm(math.Inf(1))), false, f64imm(math.NaN()))
	j, z := k.trigOctant(x, false)
	zz := k.f2("mul", z, z)
	num := k.f2("mul", zz, k.hornerHi(zz, -1.30936939181383777646e4, 1.15351664838587416140e6, -1.79565251976484877988e7))
	den := k.f2("add", zz, f64imm(1.36812963470692954678e4))
	for _, c := range []float64{-1.32089234440210967447e6, 2.50083801823357915839e7, -5.38695755929454629881e7} {
		den = k.f2("mul", den, zz)
		den = k.f2("add", den, f64imm(c))
	}
	y := k.f2("add", z, k.f2("mul", z, k.f2("div", num, den)))
	k.ins("selp.f64", y, y, z, reg(k.setp("setp.gt.f64", zz, f64imm(1e-14))))
	q := k.rd()
	k.ins("and.b64", q, j, imm(2))
	pq := k.setp("setp.ne.u64", q, imm(0))
	k.guarded(pq, false, "div.rn.f64", y, f64imm(-1), y)
	k.guarded(k.setp("setp.lt.f64", x0, f64imm(0)), false, "neg.f64", y, y)
	f.finish(y)
}

// trigReduce is math.trigReduce for x >= 2**29: the octant j and the
// reduced argument, from x's mantissa times the bits of 4/π around its
// exponent.
func (k *kernel) trigReduce(x ptx.Operand) (ptx.Operand, ptx.Operand) {
	k.consts[mPi4Name] = true
	ix := k.rd()
	k.ins("mov.b64", ix, x)
	e := k.rd()
	k.ins("shr.u64", e, ix, imm(52))
	k.ins("and.b64", e, e, imm(0x7ff))
	// exp + 61 with exp = e - 1023 - 52.
	k.ins("sub.s64", e, e, imm(1023+52-61))
	k.ins("and.b64", ix, ix, imm(0x000fffffffffffff))
	k.ins("or.b64", ix, ix, imm(1<<52))
	digit := k.rd()
	k.ins("shr.u64", digit, e, imm(6))
	bs, inv := k.rr(), k.rr()
	k.ins("cvt.u32.u64", bs, e)
	k.ins("and.b32", bs, bs, imm(63))
	k.ins("sub.s32", inv, imm(64), bs)
	base := k.rd()
	k.ins("mov.u64", base, sym(mPi4Name))
	k.ins("shl.b64", digit, digit, imm(3))
	k.ins("add.s64", base, base, digit)
	w := make([]ptx.Operand, 4)
	for i := range w {
		w[i] = k.rd()
		k.ins("ld.const.u64", w[i], ptx.Operand{Kind: ptx.OpdAddr, Elems: []ptx.Operand{base}, Int: int64(8 * i)})
	}
	zs := make([]ptx.Operand, 3)
	for i := range zs {
		a, b := k.rd(), k.rd()
		k.ins("shl.b64", a, w[i], bs)
		k.ins("shr.u64", b, w[i+1], inv)
		zs[i] = k.rd()
		k.ins("or.b64", zs[i], a, b)
	}
	z2hi, z1hi, z1lo, z0lo := k.rd(), k.rd(), k.rd(), k.rd()
	k.ins("mul.hi.u64", z2hi, zs[2], ix)
	k.ins("mul.hi.u64", z1hi, zs[1], ix)
	k.ins("mul.lo.u64", z1lo, zs[1], ix)
	k.ins("mul.lo.u64", z0lo, zs[0], ix)
	lo, hi := k.rd(), k.rd()
	k.ins("add.cc.u64", lo, z1lo, z2hi)
	k.ins("addc.u64", hi, z0lo, z1hi)
	j := k.rd()
	k.ins("shr.u64", j, hi, imm(61))
	t := k.rd()
	k.ins("shl.b64", hi, hi, imm(3))
	k.ins("shr.u64", t, lo, imm(61))
	k.ins("or.b64", hi, hi, t)
	lz1, inv2 := k.rr(), k.rr()
	k.ins("clz.b64", lz1, hi)
	k.ins("add.s32", lz1, lz1, imm(1))
	k.ins("sub.s32", inv2, imm(64), lz1)
	ex := k.rd()
	k.ins("cvt.u64.u32", ex, lz1)
	k.ins("sub.s64", ex, imm(1023), ex)
	k.ins("shl.b64", hi, hi, lz1)
	k.ins("shr.u64", t, lo, inv2)
	k.ins("or.b64", hi, hi, t)
	k.ins("shr.u64", hi, hi, imm(12))
	k.ins("shl.b64", ex, ex, imm(52))
	k.ins("or.b64", hi, hi, ex)
	z := k.fd()
	k.ins("mov.b64", z, hi)
	k.ins("and.b64", t, j, imm(1))
	p := k.setp("setp.ne.u64", t, imm(0))
	k.guarded(p, false, "add.s64", j, j, imm(1))
	k.guarded(p, false, "and.b64", j, j, imm(7))
	k.guarded(p, false, "sub.rn.f64", z, z, f64imm(1))
	return j, k.f2("mul", z, f64imm(math.Pi/4))
}

// tanhF64 is math.Tanh: ±1 above log(2**127)/2, 1 - 2/(e**2|x| + 1)
// from 0.625, Cephes' rational function below.
func (k *kernel) tanhF64(r string, x ptx.Operand) {
	const maxLog = 8.8029691931113054295988e+01
	f := k.begin(r)
	z := k.fd()
	k.ins("abs.f64", z, x)
	one := k.fd()
	k.ins("mov.f64", one, f64imm(1))
	k.ins("copysign.f64", one, x, one)
	f.retIf(k.setp("setp.gt.f64", z, f64imm(0.5*maxLog)), false, one)
	k.skipUnless(k.setp("setp.ge.f64", z, f64imm(0.625)), false, func() {
		s := k.fd()
		k.expF64(s.Name, k.f2("mul", f64imm(2), z))
		v := k.f2("sub", f64imm(1), k.f2("div", f64imm(2), k.f2("add", s, f64imm(1))))
		n := k.fd()
		k.ins("neg.f64", n, v)
		k.ins("selp.f64", v, n, v, reg(k.setp("setp.lt.f64", x, f64imm(0))))
		f.ret(v)
	})
	f.retIf(k.setp("setp.eq.f64", x, f64imm(0)), false, x)
	s := k.f2("mul", x, x)
	pp := k.hornerHi(s, -9.64399179425052238628e-1, -9.92877231001918586564e1, -1.61468768441708447952e3)
	q := k.f2("add", s, f64imm(1.12811678491632931402e2))
	q = k.f2("mul", q, s)
	q = k.f2("add", q, f64imm(2.23548839060100448583e3))
	q = k.f2("mul", q, s)
	q = k.f2("add", q, f64imm(4.84406305325125486048e3))
	v := k.f2("div", k.f2("mul", k.f2("mul", x, s), pp), q)
	f.finish(k.f2("add", x, v))
}

// erfF64 is math.Erf (FreeBSD's s_erf.c): a rational approximation per
// interval of |x|, e**(-x²) in two factors from 1.25 on, ±1 from 6.
func (k *kernel) erfF64(r string, x0 ptx.Operand) {
	const (
		erx      = 8.45062911510467529297e-01
		efx      = 1.28379167095512586316e-01
		efx8     = 1.02703333676410069053e+00
		veryTiny = 2.848094538889218e-306
		small    = 1.0 / (1 << 28)
	)
	f := k.begin(r)
	f.retIf(k.setp("setp.nan.f64", x0, x0), false, x0)
	x := k.fd()
	k.ins("abs.f64", x, x0)
	neg := k.setp("setp.lt.f64", x0, f64imm(0))
	// signed returns v with x0's sign (v is ≥ 0 on every path but one).
	ret := func(p string, v ptx.Operand) {
		n := k.fd()
		k.ins("neg.f64", n, v)
		k.ins("selp.f64", n, n, v, reg(neg))
		f.retIf(p, false, n)
	}
	k.skipUnless(k.setp("setp.lt.f64", x, f64imm(0.84375)), false, func() {
		tiny := k.f2("mul", f64imm(0.125), k.f2("add", k.f2("mul", f64imm(8), x), k.f2("mul", f64imm(efx8), x)))
		sm := k.f2("add", x, k.f2("mul", f64imm(efx), x))
		z := k.f2("mul", x, x)
		rr := k.hornerLo(z, 1.28379167095512558561e-01, -3.25042107247001499370e-01, -2.84817495755985104766e-02,
			-5.77027029648944159157e-03, -2.37630166566501626084e-05)
		ss := k.hornerLo(z, 1, 3.97917223959155352819e-01, 6.50222499887672944485e-02, 5.08130628187576562776e-03,
			1.32494738004321644526e-04, -3.96022827877536812320e-06)
		v := k.f2("add", x, k.f2("mul", x, k.f2("div", rr, ss)))
		p := k.setp("setp.lt.f64", x, f64imm(small))
		k.ins("selp.f64", v, sm, v, reg(p))
		p = k.setp("setp.lt.f64", x, f64imm(veryTiny))
		k.ins("selp.f64", v, tiny, v, reg(p))
		n := k.fd()
		k.ins("neg.f64", n, v)
		k.ins("selp.f64", n, n, v, reg(neg))
		f.ret(n)
	})
	k.skipUnless(k.setp("setp.lt.f64", x, f64imm(1.25)), false, func() {
		s := k.f2("sub", x, f64imm(1))
		pp := k.hornerLo(s, -2.36211856075265944077e-03, 4.14856118683748331666e-01, -3.72207876035701323847e-01,
			3.18346619901161753674e-01, -1.10894694282396677476e-01, 3.54783043256182359371e-02, -2.16637559486879084300e-03)
		qq := k.hornerLo(s, 1, 1.06420880400844228286e-01, 5.40397917702171048937e-01, 7.18286544141962662868e-02,
			1.26171219808761642112e-01, 1.36370839120290507362e-02, 1.19844998467991074170e-02)
		pq := k.f2("div", pp, qq)
		// -erx - P/Q and erx + P/Q.
		n := k.f2("sub", f64imm(-erx), pq)
		p := k.f2("add", f64imm(erx), pq)
		k.ins("selp.f64", p, n, p, reg(neg))
		f.ret(p)
	})
	one := k.fd()
	k.ins("mov.f64", one, f64imm(1))
	ret(k.setp("setp.ge.f64", x, f64imm(6)), one)
	s := k.f2("div", f64imm(1), k.f2("mul", x, x))
	ra := k.hornerLo(s, -9.86494403484714822705e-03, -6.93858572707181764372e-01, -1.05586262253232909814e+01,
		-6.23753324503260060396e+01, -1.62396669462573470355e+02, -1.84605092906711035994e+02, -8.12874355063065934246e+01,
		-9.81432934416914548592e+00)
	sa := k.hornerLo(s, 1, 1.96512716674392571292e+01, 1.37657754143519042600e+02, 4.34565877475229228821e+02,
		6.45387271733267880336e+02, 4.29008140027567833386e+02, 1.08635005541779435134e+02, 6.57024977031928170135e+00,
		-6.04244152148580987438e-02)
	rb := k.hornerLo(s, -9.86494292470009928597e-03, -7.99283237680523006574e-01, -1.77579549177547519889e+01,
		-1.60636384855821916062e+02, -6.37566443368389627722e+02, -1.02509513161107724954e+03, -4.83519191608651397019e+02)
	sb := k.hornerLo(s, 1, 3.03380607434824582924e+01, 3.25792512996573918826e+02, 1.53672958608443695994e+03,
		3.19985821950859553908e+03, 2.55305040643316442583e+03, 4.74528541206955367215e+02, -2.24409524465858183362e+01)
	pa := k.setp("setp.lt.f64", x, f64imm(1/0.35))
	R, S := k.fd(), k.fd()
	k.ins("selp.f64", R, ra, rb, reg(pa))
	k.ins("selp.f64", S, sa, sb, reg(pa))
	bits := k.rd()
	k.ins("mov.b64", bits, x)
	k.ins("and.b64", bits, bits, imm(-1<<32))
	z := k.fd()
	k.ins("mov.b64", z, bits)
	nz := k.fd()
	k.ins("neg.f64", nz, z)
	e1, e2 := k.fd(), k.fd()
	k.expF64(e1.Name, k.f2("sub", k.f2("mul", nz, z), f64imm(0.5625)))
	k.expF64(e2.Name, k.f2("add", k.f2("mul", k.f2("sub", z, x), k.f2("add", z, x)), k.f2("div", R, S)))
	rx := k.f2("div", k.f2("mul", e1, e2), x)
	n := k.f2("sub", rx, f64imm(1))
	p := k.f2("sub", f64imm(1), rx)
	k.ins("selp.f64", p, n, p, reg(neg))
	f.finish(p)
}

// frexpF64 is math.Frexp: x = frac·2**exp with |frac| in [½, 1); zero,
// infinities and NaN give (x, 0).
func (k *kernel) frexpF64(x ptx.Operand) (ptx.Operand, ptx.Operand) {
	frac, e := k.fd(), k.rd()
	k.ins("mov.f64", frac, x)
	k.ins("mov.b64", e, imm(0))
	ax := k.fd()
	k.ins("abs.f64", ax, x)
	p := k.setp("setp.eq.f64", x, f64imm(0))
	q := k.setp("setp.equ.f64", ax, f64imm(math.Inf(1)))
	k.ins("or.pred", reg(p), reg(p), reg(q))
	k.skipUnless(p, true, func() {
		sub := k.setp("setp.lt.f64", ax, f64imm(0x1p-1022))
		k.guarded(sub, false, "mul.rn.f64", frac, frac, f64imm(1<<52))
		k.guarded(sub, false, "mov.b64", e, imm(-52))
		b, t := k.rd(), k.rd()
		k.ins("mov.b64", b, frac)
		k.ins("shr.u64", t, b, imm(52))
		k.ins("and.b64", t, t, imm(0x7ff))
		k.ins("add.s64", e, e, t)
		k.ins("sub.s64", e, e, imm(1022))
		k.ins("and.b64", b, b, imm(^(0x7ff << 52)))
		k.ins("or.b64", b, b, imm(1022<<52))
		k.ins("mov.b64", frac, b)
	})
	return frac, e
}

// ldexpF64 is math.Ldexp(frac, exp) with exp an s64 register.
func (k *kernel) ldexpF64(r string, frac0, exp0 ptx.Operand) {
	f := k.begin(r)
	ax := k.fd()
	k.ins("abs.f64", ax, frac0)
	p := k.setp("setp.eq.f64", frac0, f64imm(0))
	q := k.setp("setp.equ.f64", ax, f64imm(math.Inf(1)))
	k.ins("or.pred", reg(p), reg(p), reg(q))
	f.retIf(p, false, frac0)
	frac, e := k.fd(), k.rd()
	k.ins("mov.f64", frac, frac0)
	k.ins("mov.b64", e, exp0)
	sub := k.setp("setp.lt.f64", ax, f64imm(0x1p-1022))
	k.guarded(sub, false, "mul.rn.f64", frac, frac, f64imm(1<<52))
	k.guarded(sub, false, "sub.s64", e, e, imm(52))
	b, t := k.rd(), k.rd()
	k.ins("mov.b64", b, frac)
	k.ins("shr.u64", t, b, imm(52))
	k.ins("and.b64", t, t, imm(0x7ff))
	k.ins("add.s64", e, e, t)
	k.ins("sub.s64", e, e, imm(1023))
	zero := k.fd()
	k.ins("mov.f64", zero, f64imm(0))
	k.ins("copysign.f64", zero, frac, zero)
	f.retIf(k.setp("setp.lt.s64", e, imm(-1075)), false, zero)
	inf := k.fd()
	k.ins("mov.f64", inf, f64imm(math.Inf(1)))
	k.ins("copysign.f64", inf, frac, inf)
	f.retIf(k.setp("setp.gt.s64", e, imm(1023)), false, inf)
	m := k.fd()
	k.ins("mov.f64", m, f64imm(1))
	den := k.setp("setp.lt.s64", e, imm(-1022))
	k.guarded(den, false, "add.s64", e, e, imm(53))
	k.guarded(den, false, "mov.f64", m, f64imm(0x1p-53))
	k.ins("and.b64", b, b, imm(^(0x7ff << 52)))
	k.ins("add.s64", e, e, imm(1023))
	k.ins("shl.b64", e, e, imm(52))
	k.ins("or.b64", b, b, e)
	v := k.fd()
	k.ins("mov.b64", v, b)
	f.finish(k.f2("mul", m, v))
}

// logF64 is numerics.LogF64: math.Log (FreeBSD's e_log.c: x = 2**k·(1+f),
// log(1+f) from s = f/(2+f)), and for subnormal x log(x·2**54) - 54·ln 2.
func (k *kernel) logF64(r string, x ptx.Operand) {
	const (
		ln2Hi = 6.93147180369123816490e-01
		ln2Lo = 1.90821492927058770002e-10
	)
	sub := k.setp("setp.gt.f64", x, f64imm(0))
	k.ins("and.pred", reg(sub), reg(sub), reg(k.setp("setp.lt.f64", x, f64imm(0x1p-1022))))
	xs := k.fd()
	k.ins("mul.rn.f64", xs, x, f64imm(0x1p54))
	k.ins("selp.f64", xs, xs, x, reg(sub))
	y := k.fd()
	k.logCoreF64(y.Name, xs)
	c := k.f2("sub", k.f2("sub", y, f64imm(54*ln2Hi)), f64imm(54*ln2Lo))
	k.ins("selp.f64", reg(r), c, y, reg(sub))
}

// logCoreF64 is Go's pure math.log.
func (k *kernel) logCoreF64(r string, x ptx.Operand) {
	const (
		ln2Hi = 6.93147180369123816490e-01
		ln2Lo = 1.90821492927058770002e-10
	)
	f := k.begin(r)
	p := k.setp("setp.nan.f64", x, x)
	k.ins("or.pred", reg(p), reg(p), reg(k.setp("setp.eq.f64", x, f64imm(math.Inf(1)))))
	f.retIf(p, false, x)
	f.retIf(k.setp("setp.lt.f64", x, f64imm(0)), false, f64imm(math.NaN()))
	f.retIf(k.setp("setp.eq.f64", x, f64imm(0)), false, f64imm(math.Inf(-1)))
	f1, ki := k.frexpF64(x)
	p = k.setp("setp.lt.f64", f1, f64imm(math.Sqrt2/2))
	k.guarded(p, false, "mul.rn.f64", f1, f1, f64imm(2))
	k.guarded(p, false, "sub.s64", ki, ki, imm(1))
	fm := k.f2("sub", f1, f64imm(1))
	kf := k.fd()
	k.ins("cvt.rn.f64.s64", kf, ki)
	s := k.f2("div", fm, k.f2("add", f64imm(2), fm))
	s2 := k.f2("mul", s, s)
	s4 := k.f2("mul", s2, s2)
	t1 := k.f2("mul", s2, k.hornerLo(s4, 6.666666666666735130e-01, 2.857142874366239149e-01, 1.818357216161805012e-01, 1.479819860511658591e-01))
	t2 := k.f2("mul", s4, k.hornerLo(s4, 3.999999999940941908e-01, 2.222219843214978396e-01, 1.531383769920937332e-01))
	R := k.f2("add", t1, t2)
	hfsq := k.f2("mul", k.f2("mul", f64imm(0.5), fm), fm)
	in := k.f2("add", k.f2("mul", s, k.f2("add", hfsq, R)), k.f2("mul", kf, f64imm(ln2Lo)))
	in = k.f2("sub", k.f2("sub", hfsq, in), fm)
	f.finish(k.f2("sub", k.f2("mul", kf, f64imm(ln2Hi)), in))
}

// log2F64 is math.Log2: the exponent of Frexp plus log of the fraction
// scaled by 1/ln 2, exact for powers of two.
func (k *kernel) log2F64(r string, x ptx.Operand) {
	frac, e := k.frexpF64(x)
	l := k.fd()
	k.logF64(l.Name, frac)
	ef := k.fd()
	k.ins("cvt.rn.f64.s64", ef, e)
	v := k.f2("add", k.f2("mul", l, f64imm(1/math.Ln2)), ef)
	half := k.setp("setp.eq.f64", frac, f64imm(0.5))
	k.ins("sub.rn.f64", ef, ef, f64imm(1))
	k.ins("selp.f64", reg(r), ef, v, reg(half))
}

// isOddIntF64 sets p where y is an odd integer below 2**53 in magnitude.
func (k *kernel) isOddIntF64(y ptx.Operand) string {
	ay := k.fd()
	k.ins("abs.f64", ay, y)
	p := k.setp("setp.lt.f64", ay, f64imm(1<<53))
	t := k.fd()
	k.ins("cvt.rzi.f64.f64", t, y)
	k.ins("and.pred", reg(p), reg(p), reg(k.setp("setp.eq.f64", t, y)))
	i := k.rd()
	k.ins("cvt.rzi.s64.f64", i, t)
	k.ins("and.b64", i, i, imm(1))
	k.ins("and.pred", reg(p), reg(p), reg(k.setp("setp.ne.u64", i, imm(0))))
	return p
}

// powF64 is math.Pow: the special cases of C's pow, then x**yf by exp and
// log for y's fraction and x**yi by repeated squaring of Frexp's
// fraction, the exponent kept apart and applied by Ldexp.
func (k *kernel) powF64(r string, x0, y0 ptx.Operand) {
	f := k.begin(r)
	x, y := k.fd(), k.fd()
	k.ins("mov.f64", x, x0)
	k.ins("mov.f64", y, y0)
	one := f64imm(1)
	p := k.setp("setp.eq.f64", y, f64imm(0))
	k.ins("or.pred", reg(p), reg(p), reg(k.setp("setp.eq.f64", x, one)))
	f.retIf(p, false, one)
	f.retIf(k.setp("setp.eq.f64", y, one), false, x)
	f.retIf(k.setp("setp.nan.f64", x, y), false, f64imm(math.NaN()))
	ax, ay := k.fd(), k.fd()
	k.ins("abs.f64", ax, x)
	k.ins("abs.f64", ay, y)
	inf := f64imm(math.Inf(1))
	yInf := k.setp("setp.eq.f64", ay, inf)
	k.skipUnless(yInf, false, func() {
		f.retIf(k.setp("setp.eq.f64", x, f64imm(-1)), false, one)
		a := k.setp("setp.lt.f64", ax, one)
		b := k.setp("setp.gt.f64", y, f64imm(0))
		k.ins("xor.pred", reg(a), reg(a), reg(b))
		f.retIf(a, true, f64imm(0))
		f.retIf(a, false, inf)
	})
	// Pow(-Inf, y) is Pow(-0, -y).
	mi := k.setp("setp.eq.f64", x, f64imm(math.Inf(-1)))
	k.guarded(mi, false, "mov.f64", x, f64imm(math.Copysign(0, -1)))
	k.guarded(mi, false, "neg.f64", y, y)
	k.skipUnless(k.setp("setp.eq.f64", x, f64imm(0)), false, func() {
		xneg := k.rd()
		k.ins("mov.b64", xneg, x)
		sn := k.setp("setp.lt.s64", xneg, imm(0))
		k.ins("and.pred", reg(sn), reg(sn), reg(k.isOddIntF64(y)))
		neg := k.setp("setp.lt.f64", y, f64imm(0))
		v := k.fd()
		k.ins("selp.f64", v, f64imm(math.Inf(-1)), inf, reg(sn))
		zero := k.fd()
		k.ins("selp.f64", zero, x, f64imm(0), reg(sn))
		k.ins("selp.f64", v, v, zero, reg(neg))
		f.ret(v)
	})
	k.skipUnless(k.setp("setp.eq.f64", ax, inf), false, func() {
		f.retIf(k.setp("setp.lt.f64", y, f64imm(0)), false, f64imm(0))
		f.retIf(k.setp("setp.gt.f64", y, f64imm(0)), false, inf)
	})
	sq := k.fd()
	k.ins("sqrt.rn.f64", sq, x)
	f.retIf(k.setp("setp.eq.f64", y, f64imm(0.5)), false, sq)
	f.retIf(k.setp("setp.eq.f64", y, f64imm(-0.5)), false, k.f2("div", one, sq))
	yi := k.fd()
	k.ins("cvt.rzi.f64.f64", yi, ay)
	yf := k.f2("sub", ay, yi)
	p = k.setp("setp.ne.f64", yf, f64imm(0))
	k.ins("and.pred", reg(p), reg(p), reg(k.setp("setp.lt.f64", x, f64imm(0))))
	f.retIf(p, false, f64imm(math.NaN()))
	k.skipUnless(k.setp("setp.ge.f64", yi, f64imm(1<<63)), false, func() {
		f.retIf(k.setp("setp.eq.f64", x, f64imm(-1)), false, one)
		a := k.setp("setp.lt.f64", ax, one)
		b := k.setp("setp.gt.f64", y, f64imm(0))
		k.ins("xor.pred", reg(a), reg(a), reg(b))
		f.retIf(a, true, f64imm(0))
		f.retIf(a, false, inf)
	})
	a1, ae := k.fd(), k.rd()
	k.ins("mov.f64", a1, one)
	k.ins("mov.b64", ae, imm(0))
	k.skipUnless(k.setp("setp.ne.f64", yf, f64imm(0)), false, func() {
		q := k.setp("setp.gt.f64", yf, f64imm(0.5))
		k.guarded(q, false, "sub.rn.f64", yf, yf, one)
		k.guarded(q, false, "add.rn.f64", yi, yi, one)
		l := k.fd()
		k.logF64(l.Name, x)
		k.expF64(a1.Name, k.f2("mul", yf, l))
	})
	x1, xe := k.frexpF64(x)
	i := k.rd()
	k.ins("cvt.rzi.s64.f64", i, yi)
	head, done := k.label(), k.label()
	k.place(head)
	k.guarded(k.setp("setp.eq.s64", i, imm(0)), false, "bra", sym(done))
	out := k.setp("setp.lt.s64", xe, imm(-1<<12))
	k.ins("or.pred", reg(out), reg(out), reg(k.setp("setp.gt.s64", xe, imm(1<<12))))
	k.guarded(out, false, "add.s64", ae, ae, xe)
	k.guarded(out, false, "bra", sym(done))
	bit := k.rd()
	k.ins("and.b64", bit, i, imm(1))
	q := k.setp("setp.ne.u64", bit, imm(0))
	k.guarded(q, false, "mul.rn.f64", a1, a1, x1)
	k.guarded(q, false, "add.s64", ae, ae, xe)
	k.ins("mul.rn.f64", x1, x1, x1)
	k.ins("shl.b64", xe, xe, imm(1))
	q = k.setp("setp.lt.f64", x1, f64imm(0.5))
	k.guarded(q, false, "add.rn.f64", x1, x1, x1)
	k.guarded(q, false, "sub.s64", xe, xe, imm(1))
	k.ins("shr.s64", i, i, imm(1))
	k.ins("bra", sym(head))
	k.place(done)
	q = k.setp("setp.lt.f64", y, f64imm(0))
	k.guarded(q, false, "div.rn.f64", a1, one, a1)
	k.guarded(q, false, "neg.s64", ae, ae)
	v := k.fd()
	k.ldexpF64(v.Name, a1, ae)
	f.finish(v)
}

// ipow is numerics.IPow on s32 or s64 (w): a**e by repeated squaring,
// and for e < 0 1, ±1 or 0 as a is 1, -1 or neither.
func (k *kernel) ipow(r string, a0, e0 ptx.Operand, w int) {
	c := clsB32
	s := "32"
	if w == 64 {
		c, s = clsB64, "64"
	}
	nr := func() ptx.Operand { return reg(k.newReg(c)) }
	a, e, res := nr(), nr(), nr()
	k.ins("mov.b"+s, a, a0)
	k.ins("mov.b"+s, e, e0)
	k.ins("mov.b"+s, res, imm(1))
	end := k.label()
	k.skipUnless(k.setp("setp.lt.s"+s, e, imm(0)), false, func() {
		odd := nr()
		k.ins("and.b"+s, odd, e, imm(1))
		m1 := nr()
		k.ins("selp.b"+s, m1, imm(mask(w)), imm(1), reg(k.setp("setp.ne.b"+s, odd, imm(0))))
		k.ins("selp.b"+s, res, m1, imm(0), reg(k.setp("setp.eq.s"+s, a, imm(-1))))
		k.guarded(k.setp("setp.eq.s"+s, a, imm(1)), false, "mov.b"+s, res, imm(1))
		k.ins("bra", sym(end))
	})
	head := k.label()
	k.place(head)
	k.guarded(k.setp("setp.le.s"+s, e, imm(0)), false, "bra", sym(end))
	bit := nr()
	k.ins("and.b"+s, bit, e, imm(1))
	k.guarded(k.setp("setp.ne.u"+s, bit, imm(0)), false, "mul.lo.s"+s, res, res, a)
	k.ins("mul.lo.s"+s, a, a, a)
	k.ins("shr.s"+s, e, e, imm(1))
	k.ins("bra", sym(head))
	k.place(end)
	k.ins("mov.b"+s, reg(r), res)
}

func mask(w int) int64 {
	if w == 64 {
		return -1
	}
	return 1<<w - 1
}

// log10F64 is numerics.Log10F64: math.Log10 is log(x)·(1/ln 10), with
// LogF64's correction for subnormal x.
func (k *kernel) log10F64(r string, x ptx.Operand) {
	l := k.fd()
	k.logF64(l.Name, x)
	k.ins("mul.rn.f64", reg(r), l, f64imm(1/math.Ln10))
}

// roundF64 is math.Round: halfway cases away from zero. x - trunc(x) is
// exact, so the comparison with ½ decides without rounding.
func (k *kernel) roundF64(r string, x ptx.Operand) {
	t := k.fd()
	k.ins("cvt.rzi.f64.f64", t, x)
	d := k.f2("sub", x, t)
	k.ins("abs.f64", d, d)
	one := k.fd()
	k.ins("mov.f64", one, f64imm(1))
	k.ins("copysign.f64", one, x, one)
	k.guarded(k.setp("setp.ge.f64", d, f64imm(0.5)), false, "add.rn.f64", t, t, one)
	k.ins("mov.f64", reg(r), t)
}

// bitCount is math.ctpop, math.ctlz and math.cttz (the width for zero,
// as PTX's clz).
func (k *kernel) bitCount(name, r string, x ptx.Operand, w int) {
	s := "b32"
	if w == 64 {
		s = "b64"
	}
	src := x
	if name == arith.MathCttzName {
		src = reg(k.newReg(map[int]class{32: clsB32, 64: clsB64}[w]))
		k.ins("brev."+s, src, x)
	}
	n := k.rr()
	if name == arith.MathCtpopName {
		k.ins("popc."+s, n, src)
	} else {
		k.ins("clz."+s, n, src)
	}
	if w == 64 {
		k.ins("cvt.u64.u32", reg(r), n)
	} else {
		k.ins("mov.b32", reg(r), n)
	}
}

// xatanF64 is math's xatan: Cephes' rational approximation of atan on
// [0, 0.66].
func (k *kernel) xatanF64(x ptx.Operand) ptx.Operand {
	z := k.f2("mul", x, x)
	pp := k.hornerHi(z, -8.750608600031904122785e-01, -1.615753718733365076637e+01, -7.500855792314704667340e+01,
		-1.228866684490136173410e+02, -6.485021904942025371773e+01)
	q := k.f2("add", z, f64imm(2.485846490142306297962e+01))
	for _, c := range []float64{1.650270098316988542046e+02, 4.328810604912902668951e+02, 4.853903996359136964868e+02, 1.945506571482613964425e+02} {
		q = k.f2("mul", q, z)
		q = k.f2("add", q, f64imm(c))
	}
	z = k.f2("div", k.f2("mul", z, pp), q)
	return k.f2("add", k.f2("mul", x, z), x)
}

// satanF64 is math's satan for x ≥ 0: xatan of x, of 1/x or of
// (x-1)/(x+1) by the interval, the three computed and one selected.
func (k *kernel) satanF64(x ptx.Operand) ptx.Operand {
	const (
		morebits = 6.123233995736765886130e-17
		tan3pio8 = 2.41421356237309504880
	)
	small := k.xatanF64(x)
	big := k.f2("add", k.f2("sub", f64imm(math.Pi/2), k.xatanF64(k.f2("div", f64imm(1), x))), f64imm(morebits))
	mid := k.xatanF64(k.f2("div", k.f2("sub", x, f64imm(1)), k.f2("add", x, f64imm(1))))
	mid = k.f2("add", k.f2("add", f64imm(math.Pi/4), mid), f64imm(0.5*morebits))
	r := k.fd()
	k.ins("selp.f64", r, big, mid, reg(k.setp("setp.gt.f64", x, f64imm(tan3pio8))))
	k.ins("selp.f64", r, small, r, reg(k.setp("setp.le.f64", x, f64imm(0.66))))
	return r
}

// atanF64 is math.Atan: satan of |x| with x's sign, ±0 kept.
func (k *kernel) atanF64(r string, x ptx.Operand) {
	ax := k.fd()
	k.ins("abs.f64", ax, x)
	v := k.satanF64(ax)
	k.guarded(k.setp("setp.lt.f64", x, f64imm(0)), false, "neg.f64", v, v)
	k.ins("selp.f64", v, x, v, reg(k.setp("setp.eq.f64", x, f64imm(0))))
	k.ins("mov.f64", reg(r), v)
}

// remF64 is math.Mod (numerics.Rem, arith.remf): |x| reduced by y·2**k
// for decreasing k while it is at least |y|, with x's sign; NaN for y = 0,
// infinite x or NaN operands.
func (k *kernel) remF64(r string, x, y0 ptx.Operand) {
	f := k.begin(r)
	bad := k.setp("setp.eq.f64", y0, f64imm(0))
	ax := k.fd()
	k.ins("abs.f64", ax, x)
	k.ins("or.pred", reg(bad), reg(bad), reg(k.setp("setp.equ.f64", ax, f64imm(math.Inf(1)))))
	k.ins("or.pred", reg(bad), reg(bad), reg(k.setp("setp.nan.f64", y0, y0)))
	f.retIf(bad, false, f64imm(math.NaN()))
	y := k.fd()
	k.ins("abs.f64", y, y0)
	yfr, yexp := k.frexpF64(y)
	rr := k.fd()
	k.ins("mov.f64", rr, ax)
	head, done := k.label(), k.label()
	k.place(head)
	k.guarded(k.setp("setp.ge.f64", rr, y), true, "bra", sym(done))
	rfr, rexp := k.frexpF64(rr)
	k.guarded(k.setp("setp.lt.f64", rfr, yfr), false, "sub.s64", rexp, rexp, imm(1))
	e := k.rd()
	k.ins("sub.s64", e, rexp, yexp)
	t := k.fd()
	k.ldexpF64(t.Name, y, e)
	k.ins("sub.rn.f64", rr, rr, t)
	k.ins("bra", sym(head))
	k.place(done)
	k.guarded(k.setp("setp.lt.f64", x, f64imm(0)), false, "neg.f64", rr, rr)
	f.finish(rr)
}

// atan2F64 is math.Atan2: the special cases of zeros and infinities, else
// Atan(y/x) moved by ±π when x < 0.
func (k *kernel) atan2F64(r string, y, x ptx.Operand) {
	f := k.begin(r)
	f.retIf(k.setp("setp.nan.f64", y, x), false, f64imm(math.NaN()))
	signed := func(v float64) ptx.Operand {
		c := k.fd()
		k.ins("mov.f64", c, f64imm(v))
		k.ins("copysign.f64", c, y, c)
		return c
	}
	xbits := k.rd()
	k.ins("mov.b64", xbits, x)
	xneg := k.setp("setp.lt.s64", xbits, imm(0))
	k.skipUnless(k.setp("setp.eq.f64", y, f64imm(0)), false, func() {
		v := k.fd()
		k.ins("selp.f64", v, signed(math.Pi), signed(0), reg(xneg))
		f.ret(v)
	})
	f.retIf(k.setp("setp.eq.f64", x, f64imm(0)), false, signed(math.Pi/2))
	ay := k.fd()
	k.ins("abs.f64", ay, y)
	yInf := k.setp("setp.eq.f64", ay, f64imm(math.Inf(1)))
	k.skipUnless(k.setp("setp.eq.f64", x, f64imm(math.Inf(1))), false, func() {
		v := k.fd()
		k.ins("selp.f64", v, signed(math.Pi/4), signed(0), reg(yInf))
		f.ret(v)
	})
	k.skipUnless(k.setp("setp.eq.f64", x, f64imm(math.Inf(-1))), false, func() {
		v := k.fd()
		k.ins("selp.f64", v, signed(3*math.Pi/4), signed(math.Pi), reg(yInf))
		f.ret(v)
	})
	f.retIf(yInf, false, signed(math.Pi/2))
	q := k.fd()
	k.atanF64(q.Name, k.f2("div", y, x))
	up, down := k.f2("add", q, f64imm(math.Pi)), k.f2("sub", q, f64imm(math.Pi))
	v := k.fd()
	k.ins("selp.f64", v, up, down, reg(k.setp("setp.le.f64", q, f64imm(0))))
	k.ins("selp.f64", v, v, q, reg(k.setp("setp.lt.f64", x, f64imm(0))))
	f.finish(v)
}

// exp2F64 is math.Exp2 (Go's portable exp2): k = x rounded half away
// from zero, e**((x-k)·ln 2) by expmulti's rational approximation, then
// Ldexp by k.
func (k *kernel) exp2F64(r string, x ptx.Operand) {
	const (
		ln2Hi = 6.93147180369123816490e-01
		ln2Lo = 1.90821492927058770002e-10
	)
	f := k.begin(r)
	f.retIf(k.setp("setp.nan.f64", x, x), false, x)
	f.retIf(k.setp("setp.gt.f64", x, f64imm(1.0239999999999999e+03)), false, f64imm(math.Inf(1)))
	f.retIf(k.setp("setp.lt.f64", x, f64imm(-1.0740e+03)), false, f64imm(0))
	half := k.fd()
	k.ins("mov.f64", half, f64imm(0.5))
	k.ins("copysign.f64", half, x, half)
	kk := k.rd()
	k.ins("cvt.rzi.s64.f64", kk, k.f2("add", x, half))
	k.guarded(k.setp("setp.eq.f64", x, f64imm(0)), false, "mov.b64", kk, imm(0))
	kf := k.fd()
	k.ins("cvt.rn.f64.s64", kf, kk)
	t := k.f2("sub", x, kf)
	hi := k.f2("mul", t, f64imm(ln2Hi))
	nt := k.fd()
	k.ins("neg.f64", nt, t)
	lo := k.f2("mul", nt, f64imm(ln2Lo))
	rr := k.f2("sub", hi, lo)
	tt := k.f2("mul", rr, rr)
	c := k.f2("sub", rr, k.f2("mul", tt, k.hornerLo(tt, 1.66666666666666657415e-01, -2.77777777770155933842e-03,
		6.61375632143793436117e-05, -1.65339022054652515390e-06, 4.13813679705723846039e-08)))
	y := k.f2("sub", f64imm(1), k.f2("sub", k.f2("sub", lo, k.f2("div", k.f2("mul", rr, c), k.f2("sub", f64imm(2), c))), hi))
	v := k.fd()
	k.ldexpF64(v.Name, y, kk)
	f.finish(v)
}

// cbrtF64 is math.Cbrt (FreeBSD's s_cbrt.c): a first estimate from the
// exponent's bits divided by 3, a rational polynomial step rounded to 22
// bits, one Newton step.
func (k *kernel) cbrtF64(r string, x0 ptx.Operand) {
	const (
		b1 = 715094163
		b2 = 696219795
		cC = 5.42857142857142815906e-01
		cD = -7.05306122448979611050e-01
		cE = 1.41428571428571436819e+00
		cF = 1.60714285714285720630e+00
		cG = 3.57142857142857150787e-01
	)
	f := k.begin(r)
	x := k.fd()
	k.ins("abs.f64", x, x0)
	p := k.setp("setp.eq.f64", x0, f64imm(0))
	k.ins("or.pred", reg(p), reg(p), reg(k.setp("setp.equ.f64", x, f64imm(math.Inf(1)))))
	f.retIf(p, false, x0)
	third := func(v ptx.Operand, bias int64) ptx.Operand {
		b := k.rd()
		k.ins("mov.b64", b, v)
		k.ins("div.u64", b, b, imm(3))
		k.ins("add.s64", b, b, imm(bias<<32))
		t := k.fd()
		k.ins("mov.b64", t, b)
		return t
	}
	t := third(x, b1)
	sub := k.setp("setp.lt.f64", x, f64imm(2.22507385850720138309e-308))
	ts := third(k.f2("mul", f64imm(1<<54), x), b2)
	k.ins("selp.f64", t, ts, t, reg(sub))
	rr := k.f2("div", k.f2("mul", t, t), x)
	s := k.f2("add", f64imm(cC), k.f2("mul", rr, t))
	t = k.f2("mul", t, k.f2("add", f64imm(cG), k.f2("div", f64imm(cF), k.f2("add", k.f2("add", s, f64imm(cE)), k.f2("div", f64imm(cD), s)))))
	b := k.rd()
	k.ins("mov.b64", b, t)
	k.ins("and.b64", b, b, imm(-0x40000000)) // 0xFFFFFFFFC << 28
	k.ins("add.s64", b, b, imm(1<<30))
	t = k.fd()
	k.ins("mov.b64", t, b)
	s = k.f2("mul", t, t)
	rr = k.f2("div", x, s)
	w := k.f2("add", t, t)
	rr = k.f2("div", k.f2("sub", rr, t), k.f2("add", w, rr))
	t = k.f2("add", t, k.f2("mul", t, rr))
	k.guarded(k.setp("setp.lt.f64", x0, f64imm(0)), false, "neg.f64", t, t)
	f.finish(t)
}

// expm1F64 is math.Expm1 (FreeBSD's s_expm1.c): x reduced by k·ln 2 when
// |x| > ln2/2 (k = ±1 below 3·ln2/2), a rational approximation of
// e**r - 1 with the reduction's error c, then the scale 2**k by the
// exponent bits in the cases of the original.
func (k *kernel) expm1F64(r string, x ptx.Operand) {
	const (
		othreshold = 7.09782712893383973096e+02
		ln2X56     = 3.88162421113569373274e+01
		ln2HalfX3  = 1.03972077083991796413e+00
		ln2Half    = 3.46573590279972654709e-01
		ln2Hi      = 6.93147180369123816490e-01
		ln2Lo      = 1.90821492927058770002e-10
		invLn2     = 1.44269504088896338700e+00
		tiny       = 1.0 / (1 << 54)
	)
	f := k.begin(r)
	f.retIf(k.setp("setp.equ.f64", x, f64imm(math.Inf(1))), false, x)
	f.retIf(k.setp("setp.eq.f64", x, f64imm(math.Inf(-1))), false, f64imm(-1))
	ax := k.fd()
	k.ins("abs.f64", ax, x)
	sign := k.setp("setp.lt.f64", x, f64imm(0))
	p := k.setp("setp.ge.f64", ax, f64imm(ln2X56))
	k.ins("and.pred", reg(p), reg(p), reg(sign))
	f.retIf(p, false, f64imm(-1))
	f.retIf(k.setp("setp.ge.f64", ax, f64imm(othreshold)), false, f64imm(math.Inf(1)))
	xr, c, kk := k.fd(), k.fd(), k.rd()
	k.ins("mov.f64", xr, x)
	k.ins("mov.f64", c, f64imm(0))
	k.ins("mov.b64", kk, imm(0))
	k.skipUnless(k.setp("setp.gt.f64", ax, f64imm(ln2Half)), false, func() {
		// k = ±1 below 3·ln2/2.
		hi1, lo1, k1 := k.fd(), k.fd(), k.rd()
		k.ins("selp.f64", hi1, k.f2("add", x, f64imm(ln2Hi)), k.f2("sub", x, f64imm(ln2Hi)), reg(sign))
		k.ins("selp.f64", lo1, f64imm(-ln2Lo), f64imm(ln2Lo), reg(sign))
		k.ins("selp.b64", k1, imm(-1), imm(1), reg(sign))
		// else k = int(x/ln2 ± ½).
		half := k.fd()
		k.ins("selp.f64", half, f64imm(-0.5), f64imm(0.5), reg(sign))
		k2 := k.rd()
		k.ins("cvt.rzi.s64.f64", k2, k.f2("add", k.f2("mul", f64imm(invLn2), x), half))
		t := k.fd()
		k.ins("cvt.rn.f64.s64", t, k2)
		hi2 := k.f2("sub", x, k.f2("mul", t, f64imm(ln2Hi)))
		lo2 := k.f2("mul", t, f64imm(ln2Lo))
		near := k.setp("setp.lt.f64", ax, f64imm(ln2HalfX3))
		hi, lo := k.fd(), k.fd()
		k.ins("selp.f64", hi, hi1, hi2, reg(near))
		k.ins("selp.f64", lo, lo1, lo2, reg(near))
		k.ins("selp.b64", kk, k1, k2, reg(near))
		k.ins("sub.rn.f64", xr, hi, lo)
		k.ins("sub.rn.f64", c, k.f2("sub", hi, xr), lo)
	})
	small := k.setp("setp.lt.f64", ax, f64imm(tiny))
	f.retIf(small, false, x)
	hfx := k.f2("mul", f64imm(0.5), xr)
	hxs := k.f2("mul", xr, hfx)
	r1 := k.hornerLo(hxs, 1, -3.33333333333331316428e-02, 1.58730158725481460165e-03, -7.93650757867487942473e-05,
		4.00821782732936239552e-06, -2.01099218183624371326e-07)
	t := k.f2("sub", f64imm(3), k.f2("mul", r1, hfx))
	e := k.f2("mul", hxs, k.f2("div", k.f2("sub", r1, t), k.f2("sub", f64imm(6), k.f2("mul", xr, t))))
	f.retIf(k.setp("setp.eq.s64", kk, imm(0)), false, k.f2("sub", xr, k.f2("sub", k.f2("mul", xr, e), hxs)))
	e = k.f2("sub", k.f2("mul", xr, k.f2("sub", e, c)), c)
	e = k.f2("sub", e, hxs)
	f.retIf(k.setp("setp.eq.s64", kk, imm(-1)), false, k.f2("sub", k.f2("mul", f64imm(0.5), k.f2("sub", xr, e)), f64imm(0.5)))
	k.skipUnless(k.setp("setp.eq.s64", kk, imm(1)), false, func() {
		lt := k.f2("mul", f64imm(-2), k.f2("sub", e, k.f2("add", xr, f64imm(0.5))))
		ge := k.f2("add", f64imm(1), k.f2("mul", f64imm(2), k.f2("sub", xr, e)))
		v := k.fd()
		k.ins("selp.f64", v, lt, ge, reg(k.setp("setp.lt.f64", xr, f64imm(-0.25))))
		f.ret(v)
	})
	// scaled adds k to the exponent of v.
	scaled := func(v ptx.Operand) ptx.Operand {
		b, s := k.rd(), k.rd()
		k.ins("mov.b64", b, v)
		k.ins("shl.b64", s, kk, imm(52))
		k.ins("add.s64", b, b, s)
		out := k.fd()
		k.ins("mov.b64", out, b)
		return out
	}
	far := k.setp("setp.le.s64", kk, imm(-2))
	k.ins("or.pred", reg(far), reg(far), reg(k.setp("setp.gt.s64", kk, imm(56))))
	k.skipUnless(far, false, func() {
		y := scaled(k.f2("sub", f64imm(1), k.f2("sub", e, xr)))
		f.ret(k.f2("sub", y, f64imm(1)))
	})
	k.skipUnless(k.setp("setp.lt.s64", kk, imm(20)), false, func() {
		sh, b := k.rr(), k.rd()
		k.ins("cvt.u32.u64", sh, kk)
		k.ins("mov.b64", b, imm(0x20000000000000))
		k.ins("shr.u64", b, b, sh)
		k.ins("sub.s64", b, imm(0x3ff0000000000000), b)
		t := k.fd()
		k.ins("mov.b64", t, b)
		f.ret(scaled(k.f2("sub", t, k.f2("sub", e, xr))))
	})
	b := k.rd()
	k.ins("sub.s64", b, imm(0x3ff), kk)
	k.ins("shl.b64", b, b, imm(52))
	t2 := k.fd()
	k.ins("mov.b64", t2, b)
	y := k.f2("add", k.f2("sub", xr, k.f2("add", e, t2)), f64imm(1))
	f.finish(scaled(y))
}

// log1pF64 is math.Log1p (FreeBSD's s_log1p.c): x itself or x - x²/2
// when tiny, else 1+x = 2**k·(1+f) with the rounding error c of 1+x, and
// log(1+f) as in log.
func (k *kernel) log1pF64(r string, x ptx.Operand) {
	const (
		sqrt2M1     = 4.142135623730950488017e-01
		sqrt2HalfM1 = -2.928932188134524755992e-01
		small       = 1.0 / (1 << 29)
		tiny        = 1.0 / (1 << 54)
		two53       = 1 << 53
		ln2Hi       = 6.93147180369123816490e-01
		ln2Lo       = 1.90821492927058770002e-10
	)
	f := k.begin(r)
	f.retIf(k.setp("setp.ltu.f64", x, f64imm(-1)), false, f64imm(math.NaN()))
	f.retIf(k.setp("setp.eq.f64", x, f64imm(-1)), false, f64imm(math.Inf(-1)))
	f.retIf(k.setp("setp.eq.f64", x, f64imm(math.Inf(1))), false, f64imm(math.Inf(1)))
	ax := k.fd()
	k.ins("abs.f64", ax, x)
	fv, c, iu, kk := k.fd(), k.fd(), k.rd(), k.rd()
	k.ins("mov.f64", fv, f64imm(0))
	k.ins("mov.f64", c, f64imm(0))
	k.ins("mov.b64", iu, imm(0))
	k.ins("mov.b64", kk, imm(1))
	k.skipUnless(k.setp("setp.lt.f64", ax, f64imm(sqrt2M1)), false, func() {
		f.retIf(k.setp("setp.lt.f64", ax, f64imm(tiny)), false, x)
		f.retIf(k.setp("setp.lt.f64", ax, f64imm(small)), false, k.f2("sub", x, k.f2("mul", k.f2("mul", x, x), f64imm(0.5))))
		p := k.setp("setp.gt.f64", x, f64imm(sqrt2HalfM1))
		k.guarded(p, false, "mov.b64", kk, imm(0))
		k.guarded(p, false, "mov.f64", fv, x)
		k.guarded(p, false, "mov.b64", iu, imm(1))
	})
	k.skipUnless(k.setp("setp.ne.s64", kk, imm(0)), false, func() {
		near := k.setp("setp.lt.f64", ax, f64imm(two53))
		u := k.fd()
		k.ins("selp.f64", u, k.f2("add", f64imm(1), x), x, reg(near))
		k.ins("mov.b64", iu, u)
		k.ins("shr.u64", kk, iu, imm(52))
		k.ins("sub.s64", kk, kk, imm(1023))
		cpos := k.f2("sub", f64imm(1), k.f2("sub", u, x))
		cneg := k.f2("sub", x, k.f2("sub", u, f64imm(1)))
		cc := k.fd()
		k.ins("selp.f64", cc, cpos, cneg, reg(k.setp("setp.gt.s64", kk, imm(0))))
		cc = k.f2("div", cc, u)
		k.ins("selp.f64", c, cc, f64imm(0), reg(near))
		k.ins("and.b64", iu, iu, imm(0x000fffffffffffff))
		low := k.setp("setp.lt.u64", iu, imm(0x0006a09e667f3bcd))
		ub := k.rd()
		k.ins("or.b64", ub, iu, imm(0x3ff0000000000000))
		hb := k.rd()
		k.ins("or.b64", hb, iu, imm(0x3fe0000000000000))
		k.ins("selp.b64", ub, ub, hb, reg(low))
		k.guarded(low, true, "add.s64", kk, kk, imm(1))
		shifted := k.rd()
		k.ins("sub.s64", shifted, imm(0x0010000000000000), iu)
		k.ins("shr.u64", shifted, shifted, imm(2))
		k.ins("selp.b64", iu, iu, shifted, reg(low))
		k.ins("mov.b64", u, ub)
		k.ins("sub.rn.f64", fv, u, f64imm(1))
	})
	hfsq := k.f2("mul", k.f2("mul", f64imm(0.5), fv), fv)
	kf := k.fd()
	k.ins("cvt.rn.f64.s64", kf, kk)
	k0 := k.setp("setp.eq.s64", kk, imm(0))
	k.skipUnless(k.setp("setp.eq.u64", iu, imm(0)), false, func() {
		k.skipUnless(k.setp("setp.eq.f64", fv, f64imm(0)), false, func() {
			f.retIf(k0, false, f64imm(0))
			cz := k.f2("add", c, k.f2("mul", kf, f64imm(ln2Lo)))
			f.ret(k.f2("add", k.f2("mul", kf, f64imm(ln2Hi)), cz))
		})
		R := k.f2("mul", hfsq, k.f2("sub", f64imm(1), k.f2("mul", f64imm(0.66666666666666666), fv)))
		f.retIf(k0, false, k.f2("sub", fv, R))
		in := k.f2("sub", k.f2("sub", R, k.f2("add", k.f2("mul", kf, f64imm(ln2Lo)), c)), fv)
		f.ret(k.f2("sub", k.f2("mul", kf, f64imm(ln2Hi)), in))
	})
	s := k.f2("div", fv, k.f2("add", f64imm(2), fv))
	z := k.f2("mul", s, s)
	R := k.f2("mul", z, k.hornerLo(z, 6.666666666666735130e-01, 3.999999999940941908e-01, 2.857142874366239149e-01,
		2.222219843214978396e-01, 1.818357216161805012e-01, 1.531383769920937332e-01, 1.479819860511658591e-01))
	sr := k.f2("mul", s, k.f2("add", hfsq, R))
	f.retIf(k0, false, k.f2("sub", fv, k.f2("sub", hfsq, sr)))
	in := k.f2("sub", k.f2("sub", hfsq, k.f2("add", sr, k.f2("add", k.f2("mul", kf, f64imm(ln2Lo)), c))), fv)
	f.finish(k.f2("sub", k.f2("mul", kf, f64imm(ln2Hi)), in))
}
