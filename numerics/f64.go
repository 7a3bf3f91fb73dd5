package numerics

import "math"

// The f64 elementary functions are Go's math package's (C's functions,
// not correctly rounded), except where Go's amd64 assembly gets the result
// badly wrong, which the functions here correct. Against the correctly
// rounded values that the math dialect's folds produce, they are within 1
// ulp on the edge values of tt's differential test (test/elementwise),
// except pow (34 ulp for results near 1e35 and beyond), and sin, cos and
// tan (40 ulp for |x| >= 2**31, and tan of tiny x): the documented
// tolerance between a folded f64 math op and its run-time value is 1 ulp,
// 64 for those four. The Go compiler may fuse multiply-adds inside
// package math when it targets x86-64-v3 (as gobuild does for generated
// code) and not when it targets the default x86-64 (the interpreter), so
// the pure-Go functions of package math (sin, cos, tan, atan, atan2,
// tanh, erf, pow, ...) can differ by 1 ulp on f64 between the interpreter
// and generated code; exp, log and sqrt (assembly or exact) do not.

// Constants of the correction of LogF64: ln 2 split so that k·ln2Hi is
// exact for |k| < 2**20 (fdlibm's ln2_hi and ln2_lo).
const (
	ln2Hi64 = 6.93147180369123816490e-01
	ln2Lo64 = 1.90821492927058770002e-10
)

// ExpF64 is math.exp and tensor.exp on f64 (C's exp): math.Exp, except
// above 709, where amd64's math.Exp overflows to +Inf early (from
// 709.4361) while e**x stays finite up to 709.7827; there it is
// e**(x-1)·e, within 2 ulp (x-1 is exact).
func ExpF64(x float64) float64 {
	if x > 709 {
		return math.Exp(x-1) * math.E
	}
	return math.Exp(x)
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
