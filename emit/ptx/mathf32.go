package ptxemit

import (
	"math"

	"github.com/tt-compiler/tt/ptx"
)

// The f32 functions below are numerics' fast single-precision functions
// (LogF32, TanhF32, ErfF32) written without branches, as numerics' SIMD
// versions are: the same operations in the same order, each rounded to
// f32, so that the simulator computes the interpreter's bits. The
// differential tests of this package check them against numerics.

// logF32 is numerics.LogF32: x = 2**k·m with m in [√½, √2), Cephes'
// polynomial in f = m - 1, k·ln2 added in two parts.
func (k *kernel) logF32(r string, x ptx.Operand) {
	const (
		sqrtHalf = 0.70710678118654752440
		two23    = 8388608.0
		ln2Hi    = 0.693359375
		ln2Lo    = -2.12194440e-4
	)
	coef := []float32{7.0376836292e-2, -1.1514610310e-1, 1.1676998740e-1, -1.2420140846e-1, 1.4249322787e-1,
		-1.6668057665e-1, 2.0000714765e-1, -2.4999993993e-1, 3.3333331174e-1}
	f := func() string { return k.newReg(clsF32) }
	i := func() string { return k.newReg(clsB32) }
	p := func() string { return k.newReg(clsPred) }
	// Subnormal x > 0 is scaled by 2**23 first.
	sub, q := p(), p()
	k.ins("setp.gt.f32", reg(sub), x, f32imm(0))
	k.ins("setp.lt.f32", reg(q), x, f32imm(0x1p-126))
	k.ins("and.pred", reg(sub), reg(sub), reg(q))
	xs := f()
	k.ins("mul.rn.f32", reg(xs), x, f32imm(two23))
	k.ins("selp.f32", reg(xs), reg(xs), x, reg(sub))
	b, e := i(), i()
	k.ins("mov.b32", reg(b), reg(xs))
	k.ins("selp.b32", reg(e), imm(-23&0xffffffff), imm(0), reg(sub))
	t := i()
	k.ins("shr.s32", reg(t), reg(b), imm(23))
	k.ins("add.s32", reg(e), reg(e), reg(t))
	k.ins("sub.s32", reg(e), reg(e), imm(127))
	k.ins("and.b32", reg(b), reg(b), imm(0x007fffff))
	k.ins("or.b32", reg(b), reg(b), imm(0x3f800000))
	m := f()
	k.ins("mov.b32", reg(m), reg(b))
	above := p()
	k.ins("setp.gt.f32", reg(above), reg(m), f32imm(float32(2*sqrtHalf)))
	half := f()
	k.ins("mul.rn.f32", reg(half), reg(m), f32imm(0.5))
	k.ins("selp.f32", reg(m), reg(half), reg(m), reg(above))
	k.ins("selp.b32", reg(t), imm(1), imm(0), reg(above))
	k.ins("add.s32", reg(e), reg(e), reg(t))
	fm, z, y := f(), f(), f()
	k.ins("sub.rn.f32", reg(fm), reg(m), f32imm(1))
	k.ins("mul.rn.f32", reg(z), reg(fm), reg(fm))
	k.ins("mul.rn.f32", reg(y), reg(fm), f32imm(coef[0]))
	k.ins("add.rn.f32", reg(y), reg(y), f32imm(coef[1]))
	for _, c := range coef[2:] {
		k.ins("mul.rn.f32", reg(y), reg(y), reg(fm))
		k.ins("add.rn.f32", reg(y), reg(y), f32imm(c))
	}
	k.ins("mul.rn.f32", reg(y), reg(y), reg(fm))
	k.ins("mul.rn.f32", reg(y), reg(y), reg(z))
	fk, tf := f(), f()
	k.ins("cvt.rn.f32.s32", reg(fk), reg(e))
	k.ins("mul.rn.f32", reg(tf), reg(fk), f32imm(ln2Lo))
	k.ins("add.rn.f32", reg(y), reg(y), reg(tf))
	k.ins("mul.rn.f32", reg(tf), reg(z), f32imm(0.5))
	k.ins("sub.rn.f32", reg(y), reg(y), reg(tf))
	k.ins("add.rn.f32", reg(y), reg(fm), reg(y))
	k.ins("mul.rn.f32", reg(tf), reg(fk), f32imm(ln2Hi))
	k.ins("add.rn.f32", reg(y), reg(y), reg(tf))
	// +Inf and NaN give x, ±0 -Inf, x < 0 NaN.
	k.ins("setp.equ.f32", reg(q), x, f32imm(float32(math.Inf(1))))
	k.ins("selp.f32", reg(y), x, reg(y), reg(q))
	k.ins("setp.eq.f32", reg(q), x, f32imm(0))
	k.ins("selp.f32", reg(y), f32imm(float32(math.Inf(-1))), reg(y), reg(q))
	k.ins("setp.lt.f32", reg(q), x, f32imm(0))
	k.ins("selp.f32", reg(r), f32imm(float32(math.NaN())), reg(y), reg(q))
}

// tanhF32 is numerics.TanhF32: the odd polynomial below 0.625, 1 - 2/(e**2|x| + 1)
// with x's sign above, ±1 above 10, x itself when tiny or NaN.
func (k *kernel) tanhF32(r string, x ptx.Operand) {
	const tiny, small, one = 0x1p-12, 0.625, 10
	coef := []float32{-5.70498872745e-3, 2.06390887954e-2, -5.37397155531e-2, 1.33314422036e-1, -3.33332819422e-1}
	f := func() string { return k.newReg(clsF32) }
	ax, z, pp := f(), f(), f()
	k.ins("abs.f32", reg(ax), x)
	k.ins("mul.rn.f32", reg(z), x, x)
	k.ins("mul.rn.f32", reg(pp), reg(z), f32imm(coef[0]))
	k.ins("add.rn.f32", reg(pp), reg(pp), f32imm(coef[1]))
	for _, c := range coef[2:] {
		k.ins("mul.rn.f32", reg(pp), reg(pp), reg(z))
		k.ins("add.rn.f32", reg(pp), reg(pp), f32imm(c))
	}
	y := f()
	k.ins("mul.rn.f32", reg(y), reg(pp), reg(z))
	k.ins("mul.rn.f32", reg(y), reg(y), x)
	k.ins("add.rn.f32", reg(y), reg(y), x)
	q := k.newReg(clsPred)
	k.ins("setp.ge.f32", reg(q), reg(ax), f32imm(tiny))
	k.ins("selp.f32", reg(y), reg(y), x, reg(q))
	a2, e := f(), f()
	k.ins("min.f32", reg(a2), reg(ax), f32imm(one))
	k.ins("mul.rn.f32", reg(a2), reg(a2), f32imm(2))
	k.expF32(e, reg(a2))
	big := f()
	k.ins("add.rn.f32", reg(e), reg(e), f32imm(1))
	k.ins("div.rn.f32", reg(big), f32imm(2), reg(e))
	k.ins("sub.rn.f32", reg(big), f32imm(1), reg(big))
	k.signed(big, x)
	k.ins("setp.gt.f32", reg(q), reg(ax), f32imm(small))
	k.ins("selp.f32", reg(y), reg(big), reg(y), reg(q))
	sone := f()
	k.ins("mov.f32", reg(sone), f32imm(1))
	k.signed(sone, x)
	k.ins("setp.gt.f32", reg(q), reg(ax), f32imm(one))
	k.ins("selp.f32", reg(r), reg(sone), reg(y), reg(q))
}

// signed ors x's sign bit into the f32 register v.
func (k *kernel) signed(v string, x ptx.Operand) {
	a, b := k.newReg(clsB32), k.newReg(clsB32)
	k.ins("mov.b32", reg(a), reg(v))
	k.ins("mov.b32", reg(b), x)
	k.ins("and.b32", reg(b), reg(b), imm(0x80000000))
	k.ins("or.b32", reg(a), reg(a), reg(b))
	k.ins("mov.b32", reg(v), reg(a))
}

// erfTable is numerics' table of ErfF32 (its first 8 columns): per
// interval [k/2, (k+1)/2), the center, erf at the center and the
// polynomial's coefficients.
var erfTable = [9][8]float32{
	{0, 0.750109434, 1.24931443, 1.74913871, 2.24989414, 2.75011754, 3.25038576, 3.74902344},
	{0, 0.711225986, 0.922737837, 0.986626148, 0.998536527, 0.999899447, 0.999995708, 0.999999881},
	{-0.007997985, 0.0177133121, 0.00382238603, -0.00591052184, -0.000726867933, 0.000634974102, 0.000173880195, -3.88427652e-05},
	{0.00522908056, -0.0266107582, 0.0206210259, 0.00907596853, -0.00278398092, -0.00166673248, -0.000272844598, 0.000576059683},
	{0.00351330196, -0.0532126352, -0.0472816788, 0.00656881416, 0.0106624067, 0.00275520375, 0.000312968361, 2.19577469e-05},
	{-0.0266444366, 0.150650442, -0.00597436586, -0.0481330082, -0.0190933682, -0.00325615378, -0.000285613001, -6.98794756e-05},
	{0.112824924, 0.0268534478, 0.167552918, 0.0903232768, 0.0217325781, 0.00275884639, 0.000195372195, 7.98300243e-06},
	{-0.376126111, -0.482189447, -0.295996219, -0.0925893933, -0.0160770733, -0.00161129248, -9.46415239e-05, -2.01396233e-06},
	{0.128379166, 0.642825544, 0.236926734, 0.0529342853, 0.0071457224, 0.000585898408, 2.91159031e-05, 8.87910858e-07},
}

// erfTableName is the .const array holding erfTable row by row.
const erfTableName = "tt_erf_table"

func erfTableVar() *ptx.Var {
	init := &ptx.Init{Kind: ptx.InitList}
	for _, row := range erfTable {
		for _, v := range row {
			init.Elems = append(init.Elems, &ptx.Init{Kind: ptx.InitFloat, Bits: uint64(math.Float32bits(v))})
		}
	}
	return &ptx.Var{Space: ptx.SpaceConst, Align: 4, Type: ptx.F32, Name: erfTableName, Dims: []int{9 * 8}, Init: init}
}

// erfF32 is numerics.ErfF32: a degree-6 polynomial around the center of
// |x|'s half-unit interval (read from the .const table), a + a·P(a²)
// below 0.5, 1 from 4 on, x's sign.
func (k *kernel) erfF32(r string, x ptx.Operand) {
	const small, one = 0.5, 4
	k.consts[erfTableName] = true
	f := func() string { return k.newReg(clsF32) }
	a, t := f(), f()
	k.ins("abs.f32", reg(a), x)
	k.ins("mul.rn.f32", reg(t), reg(a), f32imm(2))
	idx := k.newReg(clsB32)
	k.ins("cvt.rzi.s32.f32", reg(idx), reg(t))
	k.ins("and.b32", reg(idx), reg(idx), imm(7))
	base := k.newReg(clsB64)
	k.ins("mov.u64", reg(base), sym(erfTableName))
	off := k.newReg(clsB64)
	k.ins("mul.wide.u32", reg(off), reg(idx), imm(4))
	k.ins("add.s64", reg(base), reg(base), reg(off))
	row := func(j int) string {
		v := f()
		k.ins("ld.const.f32", reg(v), ptx.Operand{Kind: ptx.OpdAddr, Elems: []ptx.Operand{reg(base)}, Int: int64(32 * j)})
		return v
	}
	h, g := row(1), f()
	k.ins("sub.rn.f32", reg(g), reg(a), reg(row(0)))
	u := f()
	k.ins("mov.f32", reg(u), reg(g))
	q := k.newReg(clsPred)
	k.ins("setp.lt.f32", reg(q), reg(a), f32imm(small))
	k.ins("selp.f32", reg(h), reg(a), reg(h), reg(q))
	sq := f()
	k.ins("mul.rn.f32", reg(sq), reg(a), reg(a))
	k.ins("selp.f32", reg(u), reg(sq), reg(u), reg(q))
	pp := f()
	k.ins("mul.rn.f32", reg(pp), reg(row(2)), reg(u))
	k.ins("add.rn.f32", reg(pp), reg(pp), reg(row(3)))
	for j := 4; j <= 8; j++ {
		k.ins("mul.rn.f32", reg(pp), reg(pp), reg(u))
		k.ins("add.rn.f32", reg(pp), reg(pp), reg(row(j)))
	}
	y := f()
	k.ins("mul.rn.f32", reg(y), reg(g), reg(pp))
	k.ins("add.rn.f32", reg(y), reg(h), reg(y))
	k.ins("setp.ge.f32", reg(q), reg(a), f32imm(one))
	k.ins("selp.f32", reg(y), f32imm(1), reg(y), reg(q))
	k.signed(y, x)
	k.ins("mov.f32", reg(r), reg(y))
}
