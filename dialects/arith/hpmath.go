package arith

import (
	"math"
	"math/big"
	"sync"
)

// High-precision elementary functions for constant folding. MLIR folds the
// math dialect through the C library, whose f64 (and several f32) functions
// return the correctly rounded result for nearly all inputs; Go's math
// package is often one or more units in the last place off (math.Pow and
// math.Sin of large arguments by many). These evaluate the functions with
// math/big at about 200 bits, so rounding the result once gives the
// correctly rounded value.

const hpPrec = 200

func hpf(x float64) *big.Float { return new(big.Float).SetPrec(hpPrec).SetFloat64(x) }

func hpNew() *big.Float { return new(big.Float).SetPrec(hpPrec) }

var (
	hpConstsOnce sync.Once
	hpLn2        *big.Float // ln 2
	hpLn10       *big.Float // ln 10
	hpPi         *big.Float // pi, to enough bits to reduce any float64 argument
	hpTwoOverPi  *big.Float // 2/pi at the same precision
	hpTwoSqrtPi  *big.Float // 2/sqrt(pi)
)

const hpPiPrec = 1400 // 1024 bits of float64 exponent range + working precision

// atanInv returns atan(1/k) at precision prec (Gregory series).
func atanInv(k int64, prec uint) *big.Float {
	kk := new(big.Float).SetPrec(prec).SetInt64(k * k)
	term := new(big.Float).SetPrec(prec).Quo(new(big.Float).SetPrec(prec).SetInt64(1), new(big.Float).SetPrec(prec).SetInt64(k))
	sum := new(big.Float).SetPrec(prec).Set(term)
	limit := new(big.Float).SetMantExp(big.NewFloat(1), -int(prec)-8)
	for n := int64(1); ; n++ {
		term.Quo(term, kk)
		t := new(big.Float).SetPrec(prec).Quo(term, new(big.Float).SetPrec(prec).SetInt64(2*n+1))
		if n%2 == 1 {
			sum.Sub(sum, t)
		} else {
			sum.Add(sum, t)
		}
		if t.Cmp(limit) < 0 {
			return sum
		}
	}
}

func hpInitConsts() {
	hpConstsOnce.Do(func() {
		// Machin: pi = 16 atan(1/5) - 4 atan(1/239).
		a := atanInv(5, hpPiPrec+16)
		b := atanInv(239, hpPiPrec+16)
		pi := new(big.Float).SetPrec(hpPiPrec+16).Mul(a, big.NewFloat(16))
		pi.Sub(pi, new(big.Float).SetPrec(hpPiPrec+16).Mul(b, big.NewFloat(4)))
		hpPi = new(big.Float).SetPrec(hpPiPrec).Set(pi)
		hpTwoOverPi = new(big.Float).SetPrec(hpPiPrec).Quo(new(big.Float).SetPrec(hpPiPrec).SetInt64(2), hpPi)
		// ln 2 = 2 atanh(1/3); ln 10 = 3 ln 2 + 2 atanh(1/9).
		hpLn2 = new(big.Float).SetPrec(hpPrec+64).Mul(atanhSeries(big.NewFloat(1.0/3), hpPrec+64, true), big.NewFloat(2))
		l10 := new(big.Float).SetPrec(hpPrec+64).Mul(hpLn2, big.NewFloat(3))
		l10.Add(l10, new(big.Float).SetPrec(hpPrec+64).Mul(atanhSeries(ratio(1, 9, hpPrec+64), hpPrec+64, false), big.NewFloat(2)))
		hpLn10 = l10
		sqrtPi := new(big.Float).SetPrec(hpPrec + 64).Sqrt(new(big.Float).SetPrec(hpPrec + 64).Set(hpPi))
		hpTwoSqrtPi = new(big.Float).SetPrec(hpPrec+64).Quo(new(big.Float).SetPrec(hpPrec+64).SetInt64(2), sqrtPi)
	})
}

func ratio(a, b int64, prec uint) *big.Float {
	return new(big.Float).SetPrec(prec).Quo(new(big.Float).SetPrec(prec).SetInt64(a), new(big.Float).SetPrec(prec).SetInt64(b))
}

// atanhSeries returns atanh(z) = z + z^3/3 + z^5/5 + ... for small |z|.
// exactThird recomputes z as exactly 1/3 at the working precision.
func atanhSeries(z *big.Float, prec uint, exactThird bool) *big.Float {
	zz := new(big.Float).SetPrec(prec).Set(z)
	if exactThird {
		zz = ratio(1, 3, prec)
	}
	z2 := new(big.Float).SetPrec(prec).Mul(zz, zz)
	term := new(big.Float).SetPrec(prec).Set(zz)
	sum := new(big.Float).SetPrec(prec).Set(zz)
	if zz.Sign() == 0 {
		return sum
	}
	limit := new(big.Float).SetMantExp(big.NewFloat(1), zz.MantExp(nil)-int(prec)-8)
	for n := int64(1); n < 10000; n++ {
		term.Mul(term, z2)
		t := new(big.Float).SetPrec(prec).Quo(term, new(big.Float).SetPrec(prec).SetInt64(2*n+1))
		sum.Add(sum, t)
		if new(big.Float).Abs(t).Cmp(limit) < 0 {
			break
		}
	}
	return sum
}

// hpExp returns e^x for finite x.
func hpExp(x *big.Float) *big.Float {
	hpInitConsts()
	p := x.Prec() + 16
	// x = k ln2 + r, |r| <= ln2/2.
	q := new(big.Float).SetPrec(p).Quo(x, hpLn2)
	kf, _ := q.Float64()
	k := math.Round(kf)
	r := new(big.Float).SetPrec(p).Sub(x, new(big.Float).SetPrec(p).Mul(hpLn2, new(big.Float).SetPrec(p).SetFloat64(k)))
	// r / 2^10, Taylor, then square 10 times.
	const halvings = 10
	r.SetMantExp(r, -halvings)
	sum := new(big.Float).SetPrec(p).SetInt64(1)
	term := new(big.Float).SetPrec(p).SetInt64(1)
	limit := new(big.Float).SetMantExp(big.NewFloat(1), -int(p)-8)
	for n := int64(1); n < 1000; n++ {
		term.Mul(term, r)
		term.Quo(term, new(big.Float).SetPrec(p).SetInt64(n))
		sum.Add(sum, term)
		if new(big.Float).Abs(term).Cmp(limit) < 0 {
			break
		}
	}
	for i := 0; i < halvings; i++ {
		sum.Mul(sum, sum)
	}
	return sum.SetMantExp(sum, int(k))
}

// hpExpm1 returns e^x - 1 without cancellation for small x.
func hpExpm1(x *big.Float) *big.Float {
	p := x.Prec() + 16
	if x.Sign() == 0 {
		return new(big.Float).SetPrec(p)
	}
	if new(big.Float).Abs(x).Cmp(big.NewFloat(1)) >= 0 {
		e := hpExp(x)
		return e.Sub(e, big.NewFloat(1))
	}
	sum := new(big.Float).SetPrec(p).Set(x)
	term := new(big.Float).SetPrec(p).Set(x)
	limit := new(big.Float).SetMantExp(big.NewFloat(1), x.MantExp(nil)-int(p)-8)
	for n := int64(2); n < 1000; n++ {
		term.Mul(term, x)
		term.Quo(term, new(big.Float).SetPrec(p).SetInt64(n))
		sum.Add(sum, term)
		if new(big.Float).Abs(term).Cmp(limit) < 0 {
			break
		}
	}
	return sum
}

// hpLog returns ln x for x > 0.
func hpLog(x *big.Float) *big.Float {
	hpInitConsts()
	p := x.Prec() + 16
	m := new(big.Float).SetPrec(p)
	e := x.MantExp(m) // x = m * 2^e, m in [0.5, 1)
	if m.Cmp(big.NewFloat(math.Sqrt2/2)) < 0 {
		m.SetMantExp(m, 1)
		e--
	}
	// ln m = 2 atanh((m-1)/(m+1))
	num := new(big.Float).SetPrec(p).Sub(m, big.NewFloat(1))
	den := new(big.Float).SetPrec(p).Add(m, big.NewFloat(1))
	z := new(big.Float).SetPrec(p).Quo(num, den)
	l := atanhSeries(z, p, false)
	l.Mul(l, big.NewFloat(2))
	return l.Add(l, new(big.Float).SetPrec(p).Mul(hpLn2, new(big.Float).SetPrec(p).SetInt64(int64(e))))
}

// hpLog1p returns ln(1 + x) for x > -1.
func hpLog1p(x *big.Float) *big.Float {
	p := x.Prec() + 16
	if new(big.Float).Abs(x).Cmp(big.NewFloat(0.5)) < 0 {
		if x.Sign() == 0 {
			return new(big.Float).SetPrec(p)
		}
		den := new(big.Float).SetPrec(p).Add(x, big.NewFloat(2))
		z := new(big.Float).SetPrec(p).Quo(x, den)
		l := atanhSeries(z, p, false)
		return l.Mul(l, big.NewFloat(2))
	}
	y := new(big.Float).SetPrec(p+1100).Add(x, big.NewFloat(1))
	return hpLog(new(big.Float).SetPrec(p).Set(y))
}

// hpReduce returns r and n with x = n*(pi/2) + r, |r| <= pi/4 (n mod 4).
func hpReduce(x *big.Float) (*big.Float, int) {
	hpInitConsts()
	q := new(big.Float).SetPrec(hpPiPrec).Mul(x, hpTwoOverPi)
	n, _ := new(big.Float).SetPrec(hpPiPrec).Add(q, big.NewFloat(0.5)).Int(nil)
	if q.Sign() < 0 {
		n, _ = new(big.Float).SetPrec(hpPiPrec).Sub(q, big.NewFloat(0.5)).Int(nil)
	}
	nf := new(big.Float).SetPrec(hpPiPrec).SetInt(n)
	halfPi := new(big.Float).SetPrec(hpPiPrec).SetMantExp(hpPi, -1)
	r := new(big.Float).SetPrec(hpPiPrec).Sub(new(big.Float).SetPrec(hpPiPrec).Set(x), new(big.Float).SetPrec(hpPiPrec).Mul(nf, halfPi))
	quad := int(new(big.Int).Mod(n, big.NewInt(4)).Int64())
	return new(big.Float).SetPrec(hpPrec + 32).Set(r), quad
}

// hpSinCosKernel returns sin r and cos r by Taylor series (|r| <= pi/4).
func hpSinCosKernel(r *big.Float) (*big.Float, *big.Float) {
	p := r.Prec()
	r2 := new(big.Float).SetPrec(p).Mul(r, r)
	sin := new(big.Float).SetPrec(p).Set(r)
	cos := new(big.Float).SetPrec(p).SetInt64(1)
	ts := new(big.Float).SetPrec(p).Set(r)
	tc := new(big.Float).SetPrec(p).SetInt64(1)
	sEps := new(big.Float).SetMantExp(big.NewFloat(1), r.MantExp(nil)-int(p)-8)
	cEps := new(big.Float).SetMantExp(big.NewFloat(1), -int(p)-8)
	for n := int64(1); n < 2000; n++ {
		if new(big.Float).Abs(ts).Cmp(sEps) < 0 && new(big.Float).Abs(tc).Cmp(cEps) < 0 {
			break
		}
		ts.Mul(ts, r2)
		ts.Quo(ts, new(big.Float).SetPrec(p).SetInt64((2*n)*(2*n+1)))
		ts.Neg(ts)
		tc.Mul(tc, r2)
		tc.Quo(tc, new(big.Float).SetPrec(p).SetInt64((2*n-1)*(2*n)))
		tc.Neg(tc)
		sin.Add(sin, ts)
		cos.Add(cos, tc)
	}
	return sin, cos
}

func hpSinCos(x *big.Float) (*big.Float, *big.Float) {
	r, q := hpReduce(x)
	s, c := hpSinCosKernel(r)
	switch q {
	case 1:
		s, c = c, s.Neg(s)
	case 2:
		s, c = s.Neg(s), c.Neg(c)
	case 3:
		s, c = c.Neg(c), s
	}
	return s, c
}

// hpAtan returns atan x.
func hpAtan(x *big.Float) *big.Float {
	hpInitConsts()
	p := x.Prec() + 16
	ax := new(big.Float).SetPrec(p).Abs(x)
	invert := ax.Cmp(big.NewFloat(1)) > 0
	if invert {
		ax.Quo(new(big.Float).SetPrec(p).SetInt64(1), ax)
	}
	// Halve the angle three times: atan y = 2 atan(y / (1 + sqrt(1 + y^2))).
	const halvings = 3
	for i := 0; i < halvings; i++ {
		s := new(big.Float).SetPrec(p).Mul(ax, ax)
		s.Add(s, big.NewFloat(1))
		s.Sqrt(s)
		s.Add(s, big.NewFloat(1))
		ax.Quo(ax, s)
	}
	// Taylor: y - y^3/3 + y^5/5 - ...
	y2 := new(big.Float).SetPrec(p).Mul(ax, ax)
	term := new(big.Float).SetPrec(p).Set(ax)
	sum := new(big.Float).SetPrec(p).Set(ax)
	if ax.Sign() != 0 {
		limit := new(big.Float).SetMantExp(big.NewFloat(1), ax.MantExp(nil)-int(p)-8)
		for n := int64(1); n < 10000; n++ {
			term.Mul(term, y2)
			t := new(big.Float).SetPrec(p).Quo(term, new(big.Float).SetPrec(p).SetInt64(2*n+1))
			if n%2 == 1 {
				sum.Sub(sum, t)
			} else {
				sum.Add(sum, t)
			}
			if t.Cmp(limit) < 0 {
				break
			}
		}
	}
	sum.SetMantExp(sum, halvings)
	if invert {
		halfPi := new(big.Float).SetPrec(p).SetMantExp(hpPi, -1)
		sum = halfPi.Sub(halfPi, sum)
	}
	if x.Sign() < 0 {
		sum.Neg(sum)
	}
	return sum
}

// hpErf returns erf x for |x| < 6 (Taylor series; the working precision
// covers the cancellation of its alternating terms).
func hpErf(x *big.Float) *big.Float {
	hpInitConsts()
	p := x.Prec() + 80
	xx := new(big.Float).SetPrec(p).Set(x)
	x2 := new(big.Float).SetPrec(p).Mul(xx, xx)
	term := new(big.Float).SetPrec(p).Set(xx) // (-1)^n x^(2n+1) / n!
	sum := new(big.Float).SetPrec(p).Set(xx)
	if xx.Sign() == 0 {
		return sum
	}
	limit := new(big.Float).SetMantExp(big.NewFloat(1), xx.MantExp(nil)-int(p))
	for n := int64(1); n < 100000; n++ {
		term.Mul(term, x2)
		term.Quo(term, new(big.Float).SetPrec(p).SetInt64(n))
		term.Neg(term)
		t := new(big.Float).SetPrec(p).Quo(term, new(big.Float).SetPrec(p).SetInt64(2*n+1))
		sum.Add(sum, t)
		if new(big.Float).Abs(t).Cmp(limit) < 0 && int64(n) > 2 {
			break
		}
	}
	return sum.Mul(sum, hpTwoSqrtPi)
}

// ---- float64 entry points: correctly rounded results of the C functions ----
//
// Each returns the exact result as a big.Float, or nil with the value in
// the float64 when the result is a special value (NaN, infinity, a signed
// zero, or a value the function returns exactly).

type hpFunc func(x float64) (*big.Float, float64)

func special(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }

var hpUnary = map[string]hpFunc{
	"exp": func(x float64) (*big.Float, float64) {
		switch {
		case special(x) || x == 0:
			return nil, math.Exp(x)
		case x > 1000:
			return nil, math.Inf(1)
		case x < -1100:
			return nil, 0
		}
		return hpExp(hpf(x)), 0
	},
	"exp2": func(x float64) (*big.Float, float64) {
		switch {
		case special(x) || x == 0:
			return nil, math.Exp2(x)
		case x > 1100:
			return nil, math.Inf(1)
		case x < -1200:
			return nil, 0
		}
		hpInitConsts()
		return hpExp(hpNew().Mul(hpf(x), hpLn2)), 0
	},
	"expm1": func(x float64) (*big.Float, float64) {
		switch {
		case special(x) || x == 0:
			return nil, math.Expm1(x)
		case x > 1000:
			return nil, math.Inf(1)
		case x < -100:
			return nil, -1
		}
		return hpExpm1(hpf(x)), 0
	},
	"log": func(x float64) (*big.Float, float64) {
		if special(x) || x <= 0 || x == 1 {
			return nil, math.Log(x)
		}
		return hpLog(hpf(x)), 0
	},
	"log2": func(x float64) (*big.Float, float64) {
		if special(x) || x <= 0 {
			return nil, math.Log2(x)
		}
		if frac, exp := math.Frexp(x); frac == 0.5 {
			return nil, float64(exp - 1)
		}
		hpInitConsts()
		l := hpLog(hpf(x))
		return l.Quo(l, hpLn2), 0
	},
	"log10": func(x float64) (*big.Float, float64) {
		if special(x) || x <= 0 || x == 1 {
			return nil, math.Log10(x)
		}
		// Exact powers of ten give exact results.
		if e := math.Round(math.Log10(x)); e >= 0 && e <= 22 && math.Pow(10, e) == x {
			return nil, e
		}
		hpInitConsts()
		l := hpLog(hpf(x))
		return l.Quo(l, hpLn10), 0
	},
	"log1p": func(x float64) (*big.Float, float64) {
		if special(x) || x <= -1 || x == 0 {
			return nil, math.Log1p(x)
		}
		return hpLog1p(hpf(x)), 0
	},
	"sin": func(x float64) (*big.Float, float64) {
		if special(x) || x == 0 {
			return nil, math.Sin(x)
		}
		s, _ := hpSinCos(hpf(x))
		return s, 0
	},
	"cos": func(x float64) (*big.Float, float64) {
		if special(x) {
			return nil, math.Cos(x)
		}
		_, c := hpSinCos(hpf(x))
		return c, 0
	},
	"tan": func(x float64) (*big.Float, float64) {
		if special(x) || x == 0 {
			return nil, math.Tan(x)
		}
		s, c := hpSinCos(hpf(x))
		return s.Quo(s, c), 0
	},
	"atan": func(x float64) (*big.Float, float64) {
		if special(x) || x == 0 {
			return nil, math.Atan(x)
		}
		return hpAtan(hpf(x)), 0
	},
	"tanh": func(x float64) (*big.Float, float64) {
		switch {
		case special(x) || x == 0:
			return nil, math.Tanh(x)
		case math.Abs(x) > 40:
			return nil, math.Copysign(1, x)
		}
		// tanh x = expm1(2x) / (expm1(2x) + 2)
		e := hpExpm1(hpNew().Mul(hpf(x), big.NewFloat(2)))
		d := hpNew().Add(e, big.NewFloat(2))
		return e.Quo(e, d), 0
	},
	"erf": func(x float64) (*big.Float, float64) {
		switch {
		case special(x) || x == 0:
			return nil, math.Erf(x)
		case math.Abs(x) >= 6:
			return nil, math.Copysign(1, x)
		}
		return hpErf(hpf(x)), 0
	},
}

// hpAtan2 is atan2(y, x) for finite non-zero operands.
func hpAtan2(y, x float64) (*big.Float, float64) {
	if special(x) || special(y) || x == 0 || y == 0 {
		return nil, math.Atan2(y, x)
	}
	hpInitConsts()
	t := hpAtan(hpNew().Quo(hpf(math.Abs(y)), hpf(math.Abs(x))))
	if x < 0 {
		pi := new(big.Float).SetPrec(hpPrec + 16).Set(hpPi)
		t = pi.Sub(pi, t)
	}
	if y < 0 {
		t.Neg(t)
	}
	return t, 0
}

// hpPow is pow(x, y) with C99's special cases.
func hpPow(x, y float64) (*big.Float, float64) {
	switch {
	case special(x) || special(y) || x == 0 || y == 0 || x == 1 || y == 1:
		return nil, math.Pow(x, y)
	case x < 0 && y != math.Trunc(y):
		return nil, math.NaN()
	case y == math.Trunc(y) && math.Abs(y) <= 64 && math.Abs(x) == math.Exp2(math.Round(math.Log2(math.Abs(x)))):
		return nil, math.Pow(x, y) // exact powers of two
	}
	l := hpLog(hpf(math.Abs(x)))
	l.Mul(l, hpf(y))
	if f, _ := l.Float64(); f > 1000 {
		return nil, math.Copysign(math.Inf(1), powSign(x, y))
	} else if f < -1200 {
		return nil, math.Copysign(0, powSign(x, y))
	}
	r := hpExp(l)
	if powSign(x, y) < 0 {
		r.Neg(r)
	}
	return r, 0
}

func powSign(x, y float64) float64 {
	if x < 0 && math.Mod(y, 2) != 0 {
		return -1
	}
	return 1
}

// roundHP rounds a high-precision result to float32 (single) or float64.
func roundHP(b *big.Float, sp float64, single bool) float64 {
	if b == nil {
		if single {
			return float64(float32(sp))
		}
		return sp
	}
	if single {
		f, _ := b.Float32()
		return float64(f)
	}
	f, _ := b.Float64()
	return f
}
