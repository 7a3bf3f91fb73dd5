package ptxemit

import (
	"math"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ptx"
)

var cmpfNames = map[string]string{
	"oeq": "eq", "ogt": "gt", "oge": "ge", "olt": "lt", "ole": "le", "one": "ne", "ord": "num",
	"ueq": "equ", "ugt": "gtu", "uge": "geu", "ult": "ltu", "ule": "leu", "une": "neu", "uno": "nan",
}

var cmpiNames = map[string]string{
	"eq": "eq.s", "ne": "ne.s", "slt": "lt.s", "sle": "le.s", "sgt": "gt.s", "sge": "ge.s",
	"ult": "lt.u", "ule": "le.u", "ugt": "gt.u", "uge": "ge.u",
}

// intBinary maps integer ops to their PTX opcode and signedness letter.
var intBinary = map[string][2]string{
	arith.AddIName: {"add", "s"}, arith.SubIName: {"sub", "s"}, arith.MulIName: {"mul.lo", "s"},
	arith.DivSIName: {"div", "s"}, arith.DivUIName: {"div", "u"}, arith.RemSIName: {"rem", "s"}, arith.RemUIName: {"rem", "u"},
	arith.AndIName: {"and", "b"}, arith.OrIName: {"or", "b"}, arith.XOrIName: {"xor", "b"},
	arith.MaxSIName: {"max", "s"}, arith.MinSIName: {"min", "s"}, arith.MaxUIName: {"max", "u"}, arith.MinUIName: {"min", "u"},
}

var floatBinary = map[string]string{
	arith.AddFName: "add.rn", arith.SubFName: "sub.rn", arith.MulFName: "mul.rn", arith.DivFName: "div.rn",
}

func (k *kernel) arith(op *ir.Operation) error {
	name := op.Name()
	if op.NumResults() != 1 {
		return errAt(op, "emit/ptx: %s is not supported in kernels", name)
	}
	res := op.Result(0)
	t := res.Type()
	var x, y ptx.Operand
	if op.NumOperands() > 0 {
		x = k.use(op.Operand(0))
	}
	if op.NumOperands() > 1 {
		y = k.use(op.Operand(1))
	}
	if spec, ok := intBinary[name]; ok {
		r, c, err := k.def(res)
		if err != nil {
			return errAt(op, "emit/ptx: %v", err)
		}
		if c == clsPred {
			switch name {
			case arith.AndIName, arith.OrIName, arith.XOrIName:
				k.ins(spec[0]+".pred", reg(r), x, y)
				return nil
			}
			return errAt(op, "emit/ptx: %s on i1 is not supported", name)
		}
		k.ins(spec[0]+"."+intSuffix(t, spec[1][0]), reg(r), x, y)
		return nil
	}
	if spec, ok := floatBinary[name]; ok {
		r, _, err := k.def(res)
		if err != nil {
			return errAt(op, "emit/ptx: %v", err)
		}
		k.ins(spec+"."+floatSuffix(t), reg(r), x, y)
		return nil
	}
	switch name {
	case arith.CeilDivSIName, arith.FloorDivSIName, arith.CeilDivUIName:
		r, c, err := k.def(res)
		if err != nil || c == clsPred {
			return errAt(op, "emit/ptx: %s on %s is not supported in kernels", name, t)
		}
		k.roundedDiv(name, r, x, y, t)
		return nil
	case arith.ShLIName, arith.ShRUIName, arith.ShRSIName:
		r, _, _ := k.def(res)
		amt := k.newReg(clsB32)
		if ir.IntWidth(t) == 64 {
			k.ins("cvt.u32.u64", reg(amt), y)
		} else {
			k.ins("mov.b32", reg(amt), y)
		}
		spec := map[string]string{arith.ShLIName: "shl.b", arith.ShRUIName: "shr.u", arith.ShRSIName: "shr.s"}[name]
		k.ins(spec+intSuffix(t, ' ')[1:], reg(r), x, reg(amt))
		return nil
	case arith.MaxFName, arith.MinFName, arith.MaximumFName, arith.MinimumFName:
		r, _, _ := k.def(res)
		s := floatSuffix(t)
		mm := "max."
		if name == arith.MinFName || name == arith.MinimumFName {
			mm = "min."
		}
		// PTX's max/min return the number when one operand is NaN; arith's
		// propagate the NaN.
		k.ins(mm+s, reg(r), x, y)
		p := k.newReg(clsPred)
		k.ins("setp.nan."+s, reg(p), x, y)
		sum := k.newReg(map[string]class{"f32": clsF32, "f64": clsF64}[s])
		k.ins("add.rn."+s, reg(sum), x, y)
		k.ins("selp."+s, reg(r), reg(sum), reg(r), reg(p))
		return nil
	case arith.NegFName:
		r, _, _ := k.def(res)
		k.ins("neg."+floatSuffix(t), reg(r), x)
		return nil
	case arith.CmpFName:
		r, _, _ := k.def(res)
		pred := arith.CmpFPredicates[arith.CmpFOp{Op: op}.Predicate()]
		switch pred {
		case "false", "true":
			tmp := k.newReg(clsB32)
			k.ins("mov.u32", reg(tmp), imm(map[string]int64{"false": 0, "true": 1}[pred]))
			k.ins("setp.ne.u32", reg(r), reg(tmp), imm(0))
			return nil
		}
		k.ins("setp."+cmpfNames[pred]+"."+floatSuffix(op.Operand(0).Type()), reg(r), x, y)
		return nil
	case arith.CmpIName:
		r, _, _ := k.def(res)
		pred := arith.CmpIPredicates[arith.CmpIOp{Op: op}.Predicate()]
		at := op.Operand(0).Type()
		if c, _ := classOf(at); c == clsPred {
			switch pred {
			case "eq":
				k.ins("xor.pred", reg(r), x, y)
				k.ins("not.pred", reg(r), reg(r))
			case "ne":
				k.ins("xor.pred", reg(r), x, y)
			default:
				return k.cmpOrderI1(op, pred, r, x, y)
			}
			return nil
		}
		spec := cmpiNames[pred]
		k.ins("setp."+spec[:len(spec)-2]+"."+intSuffix(at, spec[len(spec)-1]), reg(r), x, y)
		return nil
	case arith.SelectName:
		r, c, err := k.def(res)
		if err != nil {
			return errAt(op, "emit/ptx: %v", err)
		}
		cond, a, b := x, y, k.use(op.Operand(2))
		if c == clsPred {
			t1, t2 := k.newReg(clsPred), k.newReg(clsPred)
			k.ins("and.pred", reg(t1), cond, a)
			nc := cond
			nc.Neg = true
			k.ins("and.pred", reg(t2), nc, b)
			k.ins("or.pred", reg(r), reg(t1), reg(t2))
			return nil
		}
		k.ins("selp."+movType[c], reg(r), a, b, cond)
		return nil
	}
	return k.conversion(op, x)
}

func (k *kernel) conversion(op *ir.Operation, x ptx.Operand) error {
	name := op.Name()
	res := op.Result(0)
	t := res.Type()
	r, c, err := k.def(res)
	if err != nil {
		return errAt(op, "emit/ptx: %v", err)
	}
	var src ir.Type
	var sc class
	if op.NumOperands() > 0 {
		src = op.Operand(0).Type()
		sc, err = classOf(src)
		if err != nil {
			return errAt(op, "emit/ptx: %v", err)
		}
	}
	intTo := func(signed bool) {
		// Integer to integer of any of the classes.
		switch {
		case sc == clsPred:
			one := int64(1)
			if signed {
				one = -1
			}
			if c == clsB64 {
				k.ins("selp.b64", reg(r), imm(one), imm(0), x)
			} else {
				k.ins("selp.b32", reg(r), imm(one&0xffffffff), imm(0), x)
			}
		case c == clsPred:
			k.ins("and.b"+intSuffix(src, 'b')[1:], reg(k.tmpLike(sc)), x, imm(1))
			last := k.lastDst()
			k.ins("setp.ne."+intSuffix(src, 'u'), reg(r), reg(last), imm(0))
		case sc == c:
			k.mov(c, r, x.Name)
		case c == clsB64 && signed:
			k.ins("cvt.s64.s32", reg(r), x)
		case c == clsB64:
			k.ins("cvt.u64.u32", reg(r), x)
		default:
			k.ins("cvt.u32.u64", reg(r), x)
		}
	}
	if (name == arith.ExtFName || name == arith.TruncFName) && (c == clsB16 || sc == clsB16) {
		return k.halfConversion(op, r, x)
	}
	switch name {
	case arith.IndexCastName, arith.ExtSIName, arith.TruncIName:
		intTo(true)
	case arith.IndexCastUIName, arith.ExtUIName:
		intTo(false)
	case arith.ExtFName:
		k.ins("cvt.f64.f32", reg(r), x)
	case arith.TruncFName:
		k.ins("cvt.rn.f32.f64", reg(r), x)
	case arith.SIToFPName, arith.UIToFPName:
		s := "s"
		if name == arith.UIToFPName {
			s = "u"
		}
		if sc == clsPred {
			tmp := k.newReg(clsB32)
			k.ins("selp.b32", reg(tmp), imm(map[string]int64{"s": 0xffffffff, "u": 1}[s]), imm(0), x)
			x, src = reg(tmp), ir.Type(nil)
			k.ins("cvt.rn."+floatSuffix(t)+"."+s+"32", reg(r), x)
			return nil
		}
		k.ins("cvt.rn."+floatSuffix(t)+"."+intSuffix(src, s[0]), reg(r), x)
	case arith.FPToSIName, arith.FPToUIName:
		s := byte('s')
		if name == arith.FPToUIName {
			s = 'u'
		}
		if c == clsPred {
			return errAt(op, "emit/ptx: %s to i1 is not supported", name)
		}
		k.ins("cvt.rzi."+intSuffix(t, s)+"."+floatSuffix(src), reg(r), x)
	case arith.BitcastName:
		w := "b32"
		if c == clsB64 || c == clsF64 {
			w = "b64"
		}
		k.ins("mov."+w, reg(r), x)
	default:
		return k.mathOp(op, r, x)
	}
	return nil
}

// tmpLike returns a fresh register of class c and records it as the
// last destination.
func (k *kernel) tmpLike(c class) string {
	r := k.newReg(c)
	k.last = r
	return r
}

func (k *kernel) lastDst() string { return k.last }

func (k *kernel) mathOp(op *ir.Operation, r string, x ptx.Operand) error {
	t := op.Result(0).Type()
	if !ir.IsFloat(t) {
		return k.intMathOp(op, r, x)
	}
	s := floatSuffix(t)
	switch op.Name() {
	case arith.MathAbsFName:
		k.ins("abs."+s, reg(r), x)
	case arith.MathSqrtName:
		k.ins("sqrt.rn."+s, reg(r), x)
	case arith.MathRsqrtName:
		// numerics.Rsqrt: 1 / sqrt(x), both rounded.
		q := k.newReg(classFor(s))
		k.ins("sqrt.rn."+s, reg(q), x)
		one := ptx.Operand(f32imm(1))
		if s == "f64" {
			one = f64imm(1)
		}
		k.ins("div.rn."+s, reg(r), one, reg(q))
	case arith.MathFloorName:
		k.ins("cvt.rmi."+s+"."+s, reg(r), x)
	case arith.MathCeilName:
		k.ins("cvt.rpi."+s+"."+s, reg(r), x)
	case arith.MathTruncName:
		k.ins("cvt.rzi."+s+"."+s, reg(r), x)
	case arith.MathRoundEvenName:
		k.ins("cvt.rni."+s+"."+s, reg(r), x)
	case arith.MathFMAName:
		k.ins("fma.rn."+s, reg(r), x, k.use(op.Operand(1)), k.use(op.Operand(2)))
	case arith.MathCopySignName:
		k.ins("copysign."+s, reg(r), k.use(op.Operand(1)), x)
	case arith.MathExpName:
		if s == "f32" {
			k.expF32(r, x)
		} else {
			k.expF64(r, x)
		}
	case arith.MathLogName, arith.MathTanhName, arith.MathErfName:
		if s == "f32" {
			map[string]func(string, ptx.Operand){arith.MathLogName: k.logF32, arith.MathTanhName: k.tanhF32, arith.MathErfName: k.erfF32}[op.Name()](r, x)
			return nil
		}
		map[string]func(string, ptx.Operand){arith.MathLogName: k.logF64, arith.MathTanhName: k.tanhF64, arith.MathErfName: k.erfF64}[op.Name()](r, x)
	case arith.MathPowFName:
		k.viaF64(s, r, []ptx.Operand{x, k.use(op.Operand(1))}, func(d string, a []ptx.Operand) { k.powF64(d, a[0], a[1]) })
	case arith.RemFName, arith.MathAtan2Name:
		binary := map[string]func(string, ptx.Operand, ptx.Operand){arith.RemFName: k.remF64, arith.MathAtan2Name: k.atan2F64}[op.Name()]
		k.viaF64(s, r, []ptx.Operand{x, k.use(op.Operand(1))}, func(d string, a []ptx.Operand) { binary(d, a[0], a[1]) })
	case arith.MathFPowIName:
		// numerics.PowI: Pow with the exponent converted to float64.
		e := k.fd()
		k.ins("cvt.rn.f64."+intSuffix(op.Operand(1).Type(), 's'), e, k.use(op.Operand(1)))
		k.viaF64(s, r, []ptx.Operand{x}, func(d string, a []ptx.Operand) { k.powF64(d, a[0], e) })
	default:
		unary, ok := f64Unary[op.Name()]
		if !ok {
			return errAt(op, "emit/ptx: %s on %s is not supported in kernels", op.Name(), t)
		}
		k.viaF64(s, r, []ptx.Operand{x}, func(d string, a []ptx.Operand) { unary(k, d, a[0]) })
	}
	return nil
}

// f64Unary are the math ops whose f32 rule is the f64 function rounded
// once to f32, as in the interpreter.
var f64Unary = map[string]func(k *kernel, r string, x ptx.Operand){
	arith.MathSinName:   func(k *kernel, r string, x ptx.Operand) { k.sinCosF64(r, x, false) },
	arith.MathCosName:   func(k *kernel, r string, x ptx.Operand) { k.sinCosF64(r, x, true) },
	arith.MathTanName:   (*kernel).tanF64,
	arith.MathAtanName:  (*kernel).atanF64,
	arith.MathExp2Name:  (*kernel).exp2F64,
	arith.MathCbrtName:  (*kernel).cbrtF64,
	arith.MathExpM1Name: (*kernel).expm1F64,
	arith.MathLog1pName: (*kernel).log1pF64,
	arith.MathLog2Name:  (*kernel).log2F64,
	arith.MathLog10Name: (*kernel).log10F64,
	arith.MathRoundName: (*kernel).roundF64,
}

// viaF64 computes fn on f64 operands: directly for f64, for f32 on the
// operands extended to f64 with the result rounded once to f32.
func (k *kernel) viaF64(s, r string, xs []ptx.Operand, fn func(string, []ptx.Operand)) {
	if s == "f64" {
		fn(r, xs)
		return
	}
	wide := make([]ptx.Operand, len(xs))
	for i, x := range xs {
		wide[i] = k.fd()
		k.ins("cvt.f64.f32", wide[i], x)
	}
	d := k.fd()
	fn(d.Name, wide)
	k.ins("cvt.rn.f32.f64", reg(r), d)
}

// intMathOp emits the math ops on integers.
func (k *kernel) intMathOp(op *ir.Operation, r string, x ptx.Operand) error {
	t := op.Result(0).Type()
	if c, _ := classOf(t); c == clsPred {
		return errAt(op, "emit/ptx: %s on i1 is not supported in kernels", op.Name())
	}
	w := ir.IntWidth(t)
	if w != 64 {
		w = 32
	}
	switch op.Name() {
	case arith.MathAbsIName:
		k.ins("abs."+intSuffix(t, 's'), reg(r), x)
	case arith.MathIPowIName:
		k.ipow(r, x, k.use(op.Operand(1)), w)
	case arith.MathCtpopName, arith.MathCtlzName, arith.MathCttzName:
		k.bitCount(op.Name(), r, x, w)
	default:
		return errAt(op, "emit/ptx: %s is not supported in kernels", op.Name())
	}
	return nil
}

// roundedDiv is numerics.CeilDivS, FloorDivS and CeilDivU: the
// truncated quotient adjusted by one when the remainder is not zero and
// (for the signed forms) has the sign that calls for it.
func (k *kernel) roundedDiv(name, r string, x, y ptx.Operand, t ir.Type) {
	sg := byte('s')
	if name == arith.CeilDivUIName {
		sg = 'u'
	}
	c, _ := classOf(t)
	q, rem := reg(k.newReg(c)), reg(k.newReg(c))
	k.ins("div."+intSuffix(t, sg), q, x, y)
	k.ins("rem."+intSuffix(t, sg), rem, x, y)
	adj := k.setp("setp.ne."+intSuffix(t, 'u'), rem, imm(0))
	switch name {
	case arith.CeilDivSIName:
		// (r > 0) == (b > 0)
		p1, p2 := k.setp("setp.gt."+intSuffix(t, 's'), rem, imm(0)), k.setp("setp.gt."+intSuffix(t, 's'), y, imm(0))
		k.ins("xor.pred", reg(p1), reg(p1), reg(p2))
		k.ins("not.pred", reg(p1), reg(p1))
		k.ins("and.pred", reg(adj), reg(adj), reg(p1))
		k.guarded(adj, false, "add."+intSuffix(t, 's'), q, q, imm(1))
	case arith.FloorDivSIName:
		// (r < 0) != (b < 0)
		p1, p2 := k.setp("setp.lt."+intSuffix(t, 's'), rem, imm(0)), k.setp("setp.lt."+intSuffix(t, 's'), y, imm(0))
		k.ins("xor.pred", reg(p1), reg(p1), reg(p2))
		k.ins("and.pred", reg(adj), reg(adj), reg(p1))
		k.guarded(adj, false, "sub."+intSuffix(t, 's'), q, q, imm(1))
	default:
		k.guarded(adj, false, "add."+intSuffix(t, 's'), q, q, imm(1))
	}
	k.mov(c, r, q.Name)
}

func classFor(s string) class {
	if s == "f64" {
		return clsF64
	}
	return clsF32
}

// expF32 is numerics.ExpF32 without branches (numerics.ExpF32x16): Cody
// and Waite's reduction by n·ln2, Cephes' polynomial, the scale 2**n in
// two factors, then the special cases; every step rounded to f32.
func (k *kernel) expF32(r string, x ptx.Operand) {
	const (
		log2e     = 1.44269504088896341
		ln2Hi     = 0.693359375
		ln2Lo     = -2.12194440e-4
		expMax    = 88.72283935546875
		expMin    = -103.972084
		magic     = 12582912.0
		magicBits = 0x4b400000
		p0        = 1.9875691500e-4
		p1        = 1.3981999507e-3
		p2        = 8.3334519073e-3
		p3        = 4.1665795894e-2
		p4        = 1.6666665459e-1
		p5        = 5.0000001201e-1
	)
	f := func() string { return k.newReg(clsF32) }
	i := func() string { return k.newReg(clsB32) }
	fm := f()
	k.ins("mul.rn.f32", reg(fm), x, f32imm(log2e))
	k.ins("add.rn.f32", reg(fm), reg(fm), f32imm(magic))
	n := i()
	k.ins("mov.b32", reg(n), reg(fm))
	k.ins("sub.s32", reg(n), reg(n), imm(magicBits))
	fn := f()
	k.ins("sub.rn.f32", reg(fn), reg(fm), f32imm(magic))
	rr, t := f(), f()
	k.ins("mul.rn.f32", reg(t), reg(fn), f32imm(ln2Hi))
	k.ins("sub.rn.f32", reg(rr), x, reg(t))
	k.ins("mul.rn.f32", reg(t), reg(fn), f32imm(ln2Lo))
	k.ins("sub.rn.f32", reg(rr), reg(rr), reg(t))
	p := f()
	k.ins("mul.rn.f32", reg(p), reg(rr), f32imm(p0))
	k.ins("add.rn.f32", reg(p), reg(p), f32imm(p1))
	for _, c := range []float32{p2, p3, p4, p5} {
		k.ins("mul.rn.f32", reg(p), reg(p), reg(rr))
		k.ins("add.rn.f32", reg(p), reg(p), f32imm(c))
	}
	k.ins("mul.rn.f32", reg(t), reg(rr), reg(rr))
	k.ins("mul.rn.f32", reg(p), reg(p), reg(t))
	k.ins("add.rn.f32", reg(p), reg(p), reg(rr))
	k.ins("add.rn.f32", reg(p), reg(p), f32imm(1))
	h, e := i(), i()
	k.ins("shr.s32", reg(h), reg(n), imm(1))
	k.ins("add.s32", reg(e), reg(h), imm(127))
	k.ins("shl.b32", reg(e), reg(e), imm(23))
	k.ins("mov.b32", reg(t), reg(e))
	k.ins("mul.rn.f32", reg(p), reg(p), reg(t))
	k.ins("sub.s32", reg(e), reg(n), reg(h))
	k.ins("add.s32", reg(e), reg(e), imm(127))
	k.ins("shl.b32", reg(e), reg(e), imm(23))
	k.ins("mov.b32", reg(t), reg(e))
	k.ins("mul.rn.f32", reg(p), reg(p), reg(t))
	q := k.newReg(clsPred)
	k.ins("setp.gt.f32", reg(q), x, f32imm(expMax))
	k.ins("selp.f32", reg(p), f32imm(float32(math.Inf(1))), reg(p), reg(q))
	k.ins("setp.lt.f32", reg(q), x, f32imm(expMin))
	k.ins("selp.f32", reg(p), f32imm(0), reg(p), reg(q))
	k.ins("setp.nan.f32", reg(q), x, x)
	k.ins("selp.f32", reg(r), x, reg(p), reg(q))
}

// expF64 is Go's math.Exp (FreeBSD's e_exp.c) without branches: reduction
// by k·ln2 in two parts, the rational approximation of e**r, the scale
// 2**k in two factors, then overflow, underflow and NaN.
func (k *kernel) expF64(r string, x ptx.Operand) {
	const (
		ln2Hi     = 6.93147180369123816490e-01
		ln2Lo     = 1.90821492927058770002e-10
		log2e     = 1.44269504088896338700e+00
		p1        = 1.66666666666666657415e-01
		p2        = -2.77777777770155933842e-03
		p3        = 6.61375632143793436117e-05
		p4        = -1.65339022054652515390e-06
		p5        = 4.13813679705723846039e-08
		overflow  = 7.09782712893383973096e+02
		underflow = -7.45133219101941108420e+02
	)
	f := func() string { return k.newReg(clsF64) }
	// kk = int(log2e·x ± 0.5), truncated toward zero.
	half, t := f(), f()
	k.ins("mov.f64", reg(half), f64imm(0.5))
	k.ins("copysign.f64", reg(half), x, reg(half))
	k.ins("mul.rn.f64", reg(t), x, f64imm(log2e))
	k.ins("add.rn.f64", reg(t), reg(t), reg(half))
	// clamp so that the integer conversion and the scale stay in range.
	k.ins("max.f64", reg(t), reg(t), f64imm(-1100))
	k.ins("min.f64", reg(t), reg(t), f64imm(1100))
	kk := k.newReg(clsB32)
	k.ins("cvt.rzi.s32.f64", reg(kk), reg(t))
	fk := f()
	k.ins("cvt.rn.f64.s32", reg(fk), reg(kk))
	hi, lo, rr := f(), f(), f()
	k.ins("mul.rn.f64", reg(t), reg(fk), f64imm(ln2Hi))
	k.ins("sub.rn.f64", reg(hi), x, reg(t))
	k.ins("mul.rn.f64", reg(lo), reg(fk), f64imm(ln2Lo))
	k.ins("sub.rn.f64", reg(rr), reg(hi), reg(lo))
	tt := f()
	k.ins("mul.rn.f64", reg(tt), reg(rr), reg(rr))
	p := f()
	k.ins("mul.rn.f64", reg(p), reg(tt), f64imm(p5))
	for _, c := range []float64{p4, p3, p2} {
		k.ins("add.rn.f64", reg(p), reg(p), f64imm(c))
		k.ins("mul.rn.f64", reg(p), reg(p), reg(tt))
	}
	k.ins("add.rn.f64", reg(p), reg(p), f64imm(p1))
	k.ins("mul.rn.f64", reg(p), reg(p), reg(tt))
	c := f()
	k.ins("sub.rn.f64", reg(c), reg(rr), reg(p))
	// y = 1 - ((lo - (r·c)/(2 - c)) - hi)
	num, den := f(), f()
	k.ins("mul.rn.f64", reg(num), reg(rr), reg(c))
	k.ins("sub.rn.f64", reg(den), f64imm(2), reg(c))
	k.ins("div.rn.f64", reg(num), reg(num), reg(den))
	k.ins("sub.rn.f64", reg(num), reg(lo), reg(num))
	k.ins("sub.rn.f64", reg(num), reg(num), reg(hi))
	y := f()
	k.ins("sub.rn.f64", reg(y), f64imm(1), reg(num))
	// y · 2**h · 2**(kk-h)
	h, e := k.newReg(clsB32), k.newReg(clsB32)
	k.ins("shr.s32", reg(h), reg(kk), imm(1))
	e64 := k.newReg(clsB64)
	k.ins("add.s32", reg(e), reg(h), imm(1023))
	k.ins("cvt.u64.u32", reg(e64), reg(e))
	k.ins("shl.b64", reg(e64), reg(e64), imm(52))
	k.ins("mov.b64", reg(t), reg(e64))
	k.ins("mul.rn.f64", reg(y), reg(y), reg(t))
	k.ins("sub.s32", reg(e), reg(kk), reg(h))
	k.ins("add.s32", reg(e), reg(e), imm(1023))
	k.ins("cvt.u64.u32", reg(e64), reg(e))
	k.ins("shl.b64", reg(e64), reg(e64), imm(52))
	k.ins("mov.b64", reg(t), reg(e64))
	k.ins("mul.rn.f64", reg(y), reg(y), reg(t))
	q := k.newReg(clsPred)
	k.ins("setp.gt.f64", reg(q), x, f64imm(overflow))
	k.ins("selp.f64", reg(y), f64imm(math.Inf(1)), reg(y), reg(q))
	k.ins("setp.lt.f64", reg(q), x, f64imm(underflow))
	k.ins("selp.f64", reg(y), f64imm(0), reg(y), reg(q))
	k.ins("setp.nan.f64", reg(q), x, x)
	k.ins("selp.f64", reg(r), x, reg(y), reg(q))
}
