package numerics

import "math"

// The f64 elementary functions are Go's math package's (C's functions,
// not correctly rounded), except where Go's amd64 assembly gets the result
// badly wrong, which the functions here correct, and exp and tanh, which
// are written out here operation by operation (see ExpF64). Against the correctly
// rounded values that the math dialect's folds produce, they are within 1
// ulp on the edge values of tt's differential test (test/elementwise),
// except pow (34 ulp for results near 1e35 and beyond), and sin, cos and
// tan (40 ulp for |x| >= 2**31, and tan of tiny x): the documented
// tolerance between a folded f64 math op and its run-time value is 1 ulp,
// 64 for those four. The Go compiler may fuse multiply-adds inside
// package math when it targets x86-64-v3 (as gobuild does for generated
// code) and not when it targets the default x86-64 (the interpreter), so
// the pure-Go functions of package math (sin, cos, tan, atan, atan2,
// erf, pow, ...) can differ by 1 ulp on f64 between the interpreter and
// generated code; ExpF64 and TanhF64 (every product rounded explicitly),
// log and sqrt (assembly or exact) do not.

// Constants of the correction of LogF64: ln 2 split so that k·ln2Hi is
// exact for |k| < 2**20 (fdlibm's ln2_hi and ln2_lo).
const (
	ln2Hi64 = 6.93147180369123816490e-01
	ln2Lo64 = 1.90821492927058770002e-10
)

// ExpF64 is math.exp and tensor.exp on f64 (C's exp): FreeBSD's
// algorithm (the one of Go's portable math.exp) written out operation by
// operation, so that every platform and every backend computes the same
// bits: the PTX emitter's f64 exp is this sequence instruction for
// instruction (round-to-nearest, no contraction). amd64's assembly
// math.Exp differs from it by 1 ulp on some arguments (and overflows
// early, from 709.4361); a value computed on the host by the interpreter
// and recomputed in a GPU kernel must be equal, or masks built by
// comparing them (the gradient of reduce_min/max) select nothing. Within
// 1 ulp of e**x.
func ExpF64(x float64) float64 {
	const (
		log2E     = 1.44269504088896338700e+00
		p1        = 1.66666666666666657415e-01
		p2        = -2.77777777770155933842e-03
		p3        = 6.61375632143793436117e-05
		p4        = -1.65339022054652515390e-06
		p5        = 4.13813679705723846039e-08
		overflow  = 7.09782712893383973096e+02
		underflow = -7.45133219101941108420e+02
	)
	switch {
	case x != x:
		return x
	case x > overflow:
		return math.Inf(1)
	case x < underflow:
		return 0
	}
	// k = int(log2e·x ± 0.5), truncated toward zero.
	t := float64(x*log2E) + math.Copysign(0.5, x)
	k := int32(min(max(t, -1100), 1100))
	fk := float64(k)
	hi := x - float64(fk*ln2Hi64)
	lo := float64(fk * ln2Lo64)
	r := hi - lo
	// The explicit conversions round each product, so that no compiler
	// fuses a multiply-add (the Go spec allows it; GOAMD64=v3 does it).
	tt := float64(r * r)
	p := float64(tt * p5)
	p = float64((p + p4) * tt)
	p = float64((p + p3) * tt)
	p = float64((p + p2) * tt)
	p = float64((p + p1) * tt)
	c := r - p
	y := 1 - ((lo - float64(r*c)/(2-c)) - hi)
	// y · 2**h · 2**(k-h): each factor a normal power of two.
	h := k >> 1
	y = float64(y * math.Float64frombits(uint64(h+1023)<<52))
	return y * math.Float64frombits(uint64(k-h+1023)<<52)
}

// TanhF64 is math.tanh and tensor.tanh on f64: Go's math.Tanh (±1 above
// log(2**127)/2, 1 - 2/(e**2|x| + 1) from 0.625, Cephes' rational
// function below) over ExpF64, operation by operation as the PTX
// emitter's, so the interpreter and GPU kernels agree bit for bit.
func TanhF64(x float64) float64 {
	const maxLog = 8.8029691931113054295988e+01
	z := math.Abs(x)
	switch {
	case z > 0.5*maxLog:
		return math.Copysign(1, x)
	case z >= 0.625:
		s := ExpF64(2 * z)
		v := 1 - 2/(s+1)
		if x < 0 {
			v = -v
		}
		return v
	case x == 0:
		return x
	}
	s := x * x
	pp := float64(-9.64399179425052238628e-1*s) - 9.92877231001918586564e1
	pp = float64(pp*s) - 1.61468768441708447952e3
	q := float64((s+1.12811678491632931402e2)*s) + 2.23548839060100448583e3
	q = float64(q*s) + 4.84406305325125486048e3
	v := float64(float64(x*s)*pp) / q
	return x + v
}

// LogF64 is math.log and tensor.log on f64 (C's log): math.Log, except
// for subnormal x, where amd64's math.Log is wrong (it returns about
// -708.7 for every subnormal); there it is log(x·2**54) - 54·ln 2, within
// 1 ulp.
func LogF64(x float64) float64 {
	if x > 0 && x < 0x1p-1022 {
		return (math.Log(x*0x1p54) - 54*ln2Hi64) - 54*ln2Lo64
	}
	return math.Log(x)
}

// Log10F64 is math.log10 on f64: math.Log10, with LogF64's correction for
// subnormal x (math.Log10 is math.Log scaled).
func Log10F64(x float64) float64 {
	if x > 0 && x < 0x1p-1022 {
		return LogF64(x) * (1 / math.Ln10)
	}
	return math.Log10(x)
}
