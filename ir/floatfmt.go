package ir

import (
	"math"
	"math/big"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// floatKind returns the float kind of t, treating non-float types as f64.
func floatKind(t Type) FloatKind {
	if ft, ok := t.(*FloatType); ok {
		return ft.Kind
	}
	return F64
}

// FloatBits returns the IEEE bit pattern of v in the format of t (rounded to
// nearest even). f80 and f128 values are held as float64 and their bits are
// the float64 bits.
func FloatBits(t Type, v float64) uint64 {
	switch floatKind(t) {
	case F16:
		return uint64(encodeMiniFloat(v, 5, 10))
	case BF16:
		return uint64(encodeMiniFloat(v, 8, 7))
	case F32, TF32:
		return uint64(math.Float32bits(float32(v)))
	}
	return math.Float64bits(v)
}

// FloatFromBits decodes an IEEE bit pattern of the format of t.
func FloatFromBits(t Type, bits uint64) float64 {
	switch floatKind(t) {
	case F16:
		return decodeMiniFloat(bits, 5, 10)
	case BF16:
		return decodeMiniFloat(bits, 8, 7)
	case F32, TF32:
		return float64(math.Float32frombits(uint32(bits)))
	}
	return math.Float64frombits(bits)
}

// RoundToType rounds v to the nearest value representable in t.
func RoundToType(t Type, v float64) float64 {
	switch floatKind(t) {
	case F64, F80, F128:
		return v
	}
	return FloatFromBits(t, FloatBits(t, v))
}

// FloatOverflows reports whether the finite value v becomes infinite when
// rounded to t (MLIR rejects such literals).
func FloatOverflows(t Type, v float64) bool {
	return !math.IsInf(v, 0) && !math.IsNaN(v) && math.IsInf(RoundToType(t, v), 0)
}

// Float16Bits returns the IEEE half-precision bits of v, rounded to nearest even.
func Float16Bits(v float64) uint16 { return uint16(encodeMiniFloat(v, 5, 10)) }

// Float16FromBits decodes IEEE half-precision bits.
func Float16FromBits(b uint16) float64 { return decodeMiniFloat(uint64(b), 5, 10) }

// BFloat16Bits returns the bfloat16 bits of v, rounded to nearest even.
func BFloat16Bits(v float64) uint16 { return uint16(encodeMiniFloat(v, 8, 7)) }

// BFloat16FromBits decodes bfloat16 bits.
func BFloat16FromBits(b uint16) float64 { return decodeMiniFloat(uint64(b), 8, 7) }

// encodeMiniFloat rounds v to an IEEE binary format with the given exponent
// and fraction widths (at most 8 and 23), to nearest even.
func encodeMiniFloat(v float64, expBits, fracBits uint) uint64 {
	b := math.Float64bits(v)
	sign := (b >> 63) << (expBits + fracBits)
	expMax := uint64(1)<<expBits - 1
	if math.IsNaN(v) {
		frac := (b & (1<<52 - 1)) >> (52 - fracBits)
		return sign | expMax<<fracBits | frac | 1<<(fracBits-1)
	}
	if math.IsInf(v, 0) {
		return sign | expMax<<fracBits
	}
	e := int((b>>52)&0x7ff) - 1023
	m := b&(1<<52-1) | 1<<52
	if (b>>52)&0x7ff == 0 { // float64 subnormal: far below every mini format
		return sign
	}
	bias := int(1)<<(expBits-1) - 1
	var shift uint
	biased := e + bias
	if biased >= 1 {
		shift = 52 - fracBits
	} else {
		// Subnormal result: the unit is 2^(1-bias-fracBits).
		s := 52 - int(fracBits) + (1 - biased)
		if s > 60 {
			return sign
		}
		shift = uint(s)
		biased = 0
	}
	q := roundShift(m, shift)
	if biased == 0 {
		// q counts subnormal units; a carry into the implicit bit makes it normal.
		return sign | q
	}
	if q >= 1<<(fracBits+1) {
		q >>= 1
		biased++
	}
	if uint64(biased) >= expMax {
		return sign | expMax<<fracBits
	}
	return sign | uint64(biased)<<fracBits | q&(1<<fracBits-1)
}

// roundShift returns m >> s rounded to nearest, ties to even.
func roundShift(m uint64, s uint) uint64 {
	if s == 0 {
		return m
	}
	q := m >> s
	rem := m & (1<<s - 1)
	half := uint64(1) << (s - 1)
	if rem > half || (rem == half && q&1 == 1) {
		q++
	}
	return q
}

func decodeMiniFloat(bits uint64, expBits, fracBits uint) float64 {
	sign := 1.0
	if bits>>(expBits+fracBits)&1 == 1 {
		sign = -1
	}
	expMax := uint64(1)<<expBits - 1
	e := bits >> fracBits & expMax
	frac := bits & (1<<fracBits - 1)
	bias := int(1)<<(expBits-1) - 1
	switch {
	case e == expMax && frac == 0:
		return math.Inf(int(sign))
	case e == expMax:
		return math.NaN()
	case e == 0:
		return sign * math.Ldexp(float64(frac), 1-bias-int(fracBits))
	}
	return sign * math.Ldexp(float64(frac|1<<fracBits), int(e)-bias-int(fracBits))
}

// precisionBits is the significand precision of each format, as APFloat counts it.
func precisionBits(k FloatKind) int {
	switch k {
	case F16:
		return 11
	case BF16:
		return 8
	case F32:
		return 24
	case TF32:
		return 11
	case F80:
		return 64
	case F128:
		return 113
	}
	return 53
}

// FormatFloat formats v of type t exactly the way MLIR's printer does: in
// exponential notation with six significant digits when that reads back to
// the same value, else with enough digits to round-trip when the result
// contains a '.', else as the hexadecimal bit pattern (also for NaN and
// infinities). The digit generation follows LLVM's APFloat::toString,
// including its truncation before rounding, so output matches mlir-opt's.
func FormatFloat(v float64, t Type) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return hexFloat(t, v)
	}
	if s, ok := floatCache.Load(floatKey{floatKind(t), math.Float64bits(v)}); ok {
		return s.(string)
	}
	s := formatFloatUncached(v, t)
	if floatCacheSize.Add(1) <= maxFloatCache {
		floatCache.Store(floatKey{floatKind(t), math.Float64bits(v)}, s)
	}
	return s
}

const maxFloatCache = 1 << 16

var floatCacheSize atomic.Int64

type floatKey struct {
	kind FloatKind
	bits uint64
}

// floatCache memoizes FormatFloat: programs repeat the same constants, and
// exact decimal expansion needs big integers.
var floatCache sync.Map

func formatFloatUncached(v float64, t Type) string {
	k := floatKind(t)
	short := apfloatToString(v, 6, 0, false, precisionBits(k))
	if back, err := strconv.ParseFloat(short, 64); err == nil && FloatBits(t, back) == FloatBits(t, v) {
		return short
	}
	if str := apfloatToString(v, 0, 3, true, precisionBits(k)); strings.Contains(str, ".") {
		return str
	}
	return hexFloat(t, v)
}

func hexFloat(t Type, v float64) string {
	return "0x" + strings.ToUpper(strconv.FormatUint(FloatBits(t, v), 16))
}

// apfloatToString mirrors APFloat::toString(Str, FormatPrecision,
// FormatMaxPadding, TruncateZero) for a finite value whose format has
// precBits bits of significand.
func apfloatToString(v float64, formatPrecision, maxPadding int, truncateZero bool, precBits int) string {
	var sb strings.Builder
	if math.Signbit(v) {
		sb.WriteByte('-')
		v = -v
	}
	if v == 0 {
		switch {
		case maxPadding != 0:
			sb.WriteByte('0')
		case truncateZero:
			sb.WriteString("0.0E+0")
		default:
			sb.WriteString("0.0")
			if formatPrecision > 1 {
				sb.WriteString(strings.Repeat("0", formatPrecision-1))
			}
			sb.WriteString("e+00")
		}
		return sb.String()
	}
	if formatPrecision == 0 {
		formatPrecision = 2 + precBits*59/196
	}
	// v = mant * 2^exp with mant odd.
	frac, e := math.Frexp(v)
	mant := uint64(frac * (1 << 53))
	exp := e - 53
	for mant&1 == 0 {
		mant >>= 1
		exp++
	}
	sig := new(big.Int).SetUint64(mant)
	if exp > 0 {
		sig.Lsh(sig, uint(exp))
		exp = 0
	} else if exp < 0 {
		sig.Mul(sig, new(big.Int).Exp(big.NewInt(5), big.NewInt(int64(-exp)), nil))
	}
	// APFloat first truncates the integer to about formatPrecision digits.
	bitsRequired := (formatPrecision*196 + 58) / 59
	if bits := sig.BitLen(); bits > bitsRequired {
		if tens := (bits - bitsRequired) * 59 / 196; tens > 0 {
			exp += tens
			sig.Quo(sig, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(tens)), nil))
		}
	}
	digits := sig.String()
	trimmed := strings.TrimRight(digits, "0")
	exp += len(digits) - len(trimmed)
	digits, exp = roundDigitsHalfUp(trimmed, exp, formatPrecision)
	return formatDecimal(&sb, digits, exp, formatPrecision, maxPadding, truncateZero)
}

// roundDigitsHalfUp keeps at most prec significant digits (most significant
// first; value = digits * 10^exp), rounding half up on the first dropped
// digit and dropping trailing zeros.
func roundDigitsHalfUp(digits string, exp, prec int) (string, int) {
	n := len(digits)
	if n <= prec {
		return digits, exp
	}
	drop := n - prec
	exp += drop
	b := []byte(digits[:prec])
	if digits[prec] >= '5' {
		i := prec - 1
		for ; i >= 0 && b[i] == '9'; i-- {
			b[i] = '0'
		}
		if i < 0 {
			// Carried through every digit: exactly one digit of precision.
			return "1", exp + prec
		}
		b[i]++
	}
	s := strings.TrimRight(string(b), "0")
	return s, exp + (len(b) - len(s))
}

// formatDecimal lays out digits * 10^exp the way APFloat::toString does.
func formatDecimal(sb *strings.Builder, digits string, exp, prec, maxPadding int, truncateZero bool) string {
	n := len(digits)
	scientific := maxPadding == 0
	if !scientific {
		if exp >= 0 {
			scientific = exp > maxPadding || n+exp > prec
		} else if msd := exp + n - 1; msd < 0 {
			scientific = -msd > maxPadding
		}
	}
	switch {
	case scientific:
		exp += n - 1
		sb.WriteByte(digits[0])
		sb.WriteByte('.')
		if n == 1 && truncateZero {
			sb.WriteByte('0')
		} else {
			sb.WriteString(digits[1:])
		}
		if !truncateZero && prec > n-1 {
			sb.WriteString(strings.Repeat("0", prec-n+1))
		}
		if truncateZero {
			sb.WriteByte('E')
		} else {
			sb.WriteByte('e')
		}
		if exp >= 0 {
			sb.WriteByte('+')
		} else {
			sb.WriteByte('-')
			exp = -exp
		}
		es := strconv.Itoa(exp)
		if !truncateZero && len(es) < 2 {
			es = "0" + es
		}
		sb.WriteString(es)
	case exp >= 0:
		sb.WriteString(digits)
		sb.WriteString(strings.Repeat("0", exp))
	default:
		whole := exp + n
		if whole > 0 {
			sb.WriteString(digits[:whole])
			sb.WriteByte('.')
			sb.WriteString(digits[whole:])
		} else {
			sb.WriteString("0.")
			sb.WriteString(strings.Repeat("0", -whole))
			sb.WriteString(digits)
		}
	}
	return sb.String()
}
