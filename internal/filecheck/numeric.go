package filecheck

import (
	"math/big"
	"strconv"
	"strings"
)

// formatKind is the kind of a numeric matching format.
type formatKind int

const (
	fmtNone formatKind = iota
	fmtUnsigned
	fmtSigned
	fmtHexUpper
	fmtHexLower
)

// numFormat is a numeric matching format such as %u, %.8x or %#X.
type numFormat struct {
	kind      formatKind
	precision int
	alt       bool
}

// same reports whether two formats are equal (a format without kind equals
// nothing, as in LLVM).
func (f numFormat) same(o numFormat) bool { return f.kind != fmtNone && f == o }

// String renders the kind of f as in diagnostics ("%x").
func (f numFormat) String() string {
	switch f.kind {
	case fmtUnsigned:
		return "%u"
	case fmtSigned:
		return "%d"
	case fmtHexUpper:
		return "%X"
	case fmtHexLower:
		return "%x"
	}
	return "<none>"
}

func (f numFormat) altPrefix() string {
	if f.alt {
		return "0x"
	}
	return ""
}

// wildcard returns the regex matching any value in format f.
func (f numFormat) wildcard() string {
	var digits, lead string
	switch f.kind {
	case fmtUnsigned:
		digits, lead = "[0-9]", "[1-9]"
	case fmtSigned:
		digits, lead = "[0-9]", "-?[1-9]"
		if f.precision == 0 {
			return "-?[0-9]+"
		}
		return "-?([1-9][0-9]*)?[0-9]{" + strconv.Itoa(f.precision) + "}"
	case fmtHexUpper:
		digits, lead = "[0-9A-F]", "[1-9A-F]"
	case fmtHexLower:
		digits, lead = "[0-9a-f]", "[1-9a-f]"
	default:
		return ""
	}
	if f.precision == 0 {
		return f.altPrefix() + digits + "+"
	}
	return f.altPrefix() + "(" + lead + digits + "*)?" + digits +
		"{" + strconv.Itoa(f.precision) + "}"
}

var (
	minValue = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), 63))
	maxInt64 = new(big.Int).SetUint64(1<<63 - 1)
	maxValue = new(big.Int).SetUint64(^uint64(0))
)

// inRange reports whether v is representable by LLVM 16's ExpressionValue,
// which holds an int64 when negative and a uint64 otherwise.
func inRange(v *big.Int) bool { return v.Cmp(minValue) >= 0 && v.Cmp(maxValue) <= 0 }

// format renders v in format f; ok is false on overflow.
func (f numFormat) format(v *big.Int) (s string, ok bool) {
	if f.kind == fmtSigned && v.Cmp(maxInt64) > 0 {
		return "", false
	}
	if f.kind != fmtSigned && v.Sign() < 0 {
		return "", false
	}
	abs := new(big.Int).Abs(v)
	var digits string
	switch f.kind {
	case fmtHexUpper:
		digits = strings.ToUpper(abs.Text(16))
	case fmtHexLower:
		digits = abs.Text(16)
	default:
		digits = abs.Text(10)
	}
	sign := ""
	if v.Sign() < 0 {
		sign = "-"
	}
	if pad := f.precision - len(digits); pad > 0 {
		digits = strings.Repeat("0", pad) + digits
	}
	return sign + f.altPrefix() + digits, true
}

// parseValue converts matched text to a value; msg is empty on success and
// otherwise the error LLVM reports.
func (f numFormat) parseValue(s string) (v *big.Int, msg string) {
	const bad = "unable to represent numeric value"
	if f.kind == fmtSigned {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || !allDigits(strings.TrimPrefix(s, "-"), 10) {
			return nil, bad
		}
		return big.NewInt(n), ""
	}
	hex := f.kind == fmtHexUpper || f.kind == fmtHexLower
	missingPrefix := f.alt && !strings.HasPrefix(s, "0x")
	s = strings.TrimPrefix(s, "0x")
	base := 10
	if hex {
		base = 16
	}
	if !allDigits(s, base) {
		return nil, bad
	}
	n, err := strconv.ParseUint(s, base, 64)
	if err != nil {
		return nil, bad
	}
	if missingPrefix {
		return nil, "missing alternate form prefix"
	}
	return new(big.Int).SetUint64(n), ""
}

// allDigits reports whether s is a non-empty run of digits in base.
func allDigits(s string, base int) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if digitVal(s[i]) >= base {
			return false
		}
	}
	return true
}

// digitVal returns the value of an alphanumeric digit, or 99.
func digitVal(c byte) int {
	switch {
	case c >= '0' && c <= '9':
		return int(c - '0')
	case c >= 'a' && c <= 'z':
		return int(c-'a') + 10
	case c >= 'A' && c <= 'Z':
		return int(c-'A') + 10
	}
	return 99
}

// numVar is a numeric variable (or @LINE).
type numVar struct {
	name    string
	format  numFormat // implicit format
	defLine int       // line of the defining directive, 0 if none
	value   *big.Int  // nil while undefined
	matched sref      // input text the value was captured from, if any
}

// evalErr is a failure to evaluate an expression: an undefined variable
// (name set) or an overflow.
type evalErr struct {
	undef bool
	name  sref
}

// exprNode is a node of a numeric expression.
type exprNode interface {
	eval() (*big.Int, []evalErr)
	implicitFormat() (numFormat, []diagErr)
	text() sref
}

// literalNode is an integer literal.
type literalNode struct {
	str sref
	val *big.Int
}

func (n *literalNode) eval() (*big.Int, []evalErr)            { return n.val, nil }
func (n *literalNode) implicitFormat() (numFormat, []diagErr) { return numFormat{}, nil }
func (n *literalNode) text() sref                             { return n.str }

// varUseNode is a use of a numeric variable.
type varUseNode struct {
	name sref
	v    *numVar
}

func (n *varUseNode) eval() (*big.Int, []evalErr) {
	if n.v.value == nil {
		return nil, []evalErr{{undef: true, name: n.name}}
	}
	return n.v.value, nil
}
func (n *varUseNode) implicitFormat() (numFormat, []diagErr) { return n.v.format, nil }
func (n *varUseNode) text() sref                             { return n.name }

// binopFunc computes a binary operation; ok is false on overflow.
type binopFunc func(a, b *big.Int) (v *big.Int, ok bool)

// binopNode is a binary operation or a two-argument function call.
type binopNode struct {
	str         sref
	op          binopFunc
	left, right exprNode
}

func (n *binopNode) text() sref { return n.str }

func (n *binopNode) eval() (*big.Int, []evalErr) {
	l, lerr := n.left.eval()
	r, rerr := n.right.eval()
	if lerr != nil || rerr != nil {
		return nil, append(lerr, rerr...)
	}
	v, ok := n.op(l, r)
	if !ok || !inRange(v) {
		return nil, []evalErr{{}}
	}
	return v, nil
}

func (n *binopNode) implicitFormat() (numFormat, []diagErr) {
	lf, lerr := n.left.implicitFormat()
	rf, rerr := n.right.implicitFormat()
	if lerr != nil || rerr != nil {
		return numFormat{}, append(lerr, rerr...)
	}
	if lf.kind != fmtNone && rf.kind != fmtNone && !lf.same(rf) {
		msg := "implicit format conflict between '" + n.left.text().str() +
			"' (" + lf.String() + ") and '" + n.right.text().str() + "' (" +
			rf.String() + "), need an explicit format specifier"
		return numFormat{}, []diagErr{newDiagErr(n.str, msg)}
	}
	if lf.kind != fmtNone {
		return lf, nil
	}
	return rf, nil
}

func opAdd(a, b *big.Int) (*big.Int, bool) { return new(big.Int).Add(a, b), true }
func opSub(a, b *big.Int) (*big.Int, bool) { return new(big.Int).Sub(a, b), true }
func opMul(a, b *big.Int) (*big.Int, bool) { return new(big.Int).Mul(a, b), true }
func opDiv(a, b *big.Int) (*big.Int, bool) {
	if b.Sign() == 0 {
		return nil, false
	}
	return new(big.Int).Quo(a, b), true
}
func opMax(a, b *big.Int) (*big.Int, bool) {
	if a.Cmp(b) < 0 {
		return b, true
	}
	return a, true
}
func opMin(a, b *big.Int) (*big.Int, bool) {
	if a.Cmp(b) < 0 {
		return a, true
	}
	return b, true
}

// functions are the callable functions of numeric expressions.
var functions = map[string]binopFunc{
	"add": opAdd, "div": opDiv, "max": opMax,
	"min": opMin, "mul": opMul, "sub": opSub,
}

// expression is a parsed numeric substitution block: an optional AST and
// the format its value is matched in.
type expression struct {
	ast    exprNode
	format numFormat
}

// consumeUnsigned parses an unsigned integer from the front of *r like
// llvm::consumeUnsignedInteger; radix 0 detects 0x, 0b, 0o and 0 prefixes.
// On failure *r may have lost a radix prefix, as in LLVM.
func consumeUnsigned(r *sref, radix int) (*big.Int, bool) {
	if radix == 0 {
		radix = autoRadix(r)
	}
	if r.empty() {
		return nil, false
	}
	v := new(big.Int)
	n := 0
	for n < r.size() && digitVal(r.at(n)) < radix {
		v.Mul(v, big.NewInt(int64(radix)))
		v.Add(v, big.NewInt(int64(digitVal(r.at(n)))))
		n++
	}
	if n == 0 || v.Cmp(maxValue) > 0 {
		return nil, false
	}
	*r = r.from(n)
	return v, true
}

// autoRadix strips a radix prefix from *r and returns the radix.
func autoRadix(r *sref) int {
	s := r.str()
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		*r = r.from(2)
		return 16
	case strings.HasPrefix(s, "0b") || strings.HasPrefix(s, "0B"):
		*r = r.from(2)
		return 2
	case strings.HasPrefix(s, "0o"):
		*r = r.from(2)
		return 8
	case len(s) > 1 && s[0] == '0' && isDigit(s[1]):
		*r = r.from(1)
		return 8
	}
	return 10
}

// consumeSigned parses a signed 64-bit integer like llvm::consumeSignedInteger.
func consumeSigned(r *sref, radix int) (*big.Int, bool) {
	if r.front() != '-' {
		v, ok := consumeUnsigned(r, radix)
		if !ok || v.Cmp(maxInt64) > 0 {
			return nil, false
		}
		return v, true
	}
	rest := r.from(1)
	v, ok := consumeUnsigned(&rest, radix)
	if !ok || v.Cmp(new(big.Int).Neg(minValue)) > 0 {
		return nil, false
	}
	*r = rest
	return v.Neg(v), true
}
