package filecheck

import (
	"math/big"
	"testing"
)

func TestNumFormat(t *testing.T) {
	big64, _ := new(big.Int).SetString("18446744073709551615", 10)
	tests := []struct {
		f    numFormat
		v    *big.Int
		want string // "" for overflow
	}{
		{numFormat{kind: fmtUnsigned}, big.NewInt(42), "42"},
		{numFormat{kind: fmtUnsigned, precision: 4}, big.NewInt(42), "0042"},
		{numFormat{kind: fmtUnsigned}, big.NewInt(-1), ""},
		{numFormat{kind: fmtSigned}, big.NewInt(-42), "-42"},
		{numFormat{kind: fmtSigned, precision: 3}, big.NewInt(-4), "-004"},
		{numFormat{kind: fmtSigned}, big64, ""},
		{numFormat{kind: fmtHexLower}, big.NewInt(255), "ff"},
		{numFormat{kind: fmtHexUpper, alt: true}, big.NewInt(255), "0xFF"},
		{numFormat{kind: fmtHexLower, precision: 4, alt: true}, big.NewInt(10), "0x000a"},
		{numFormat{kind: fmtUnsigned}, big64, "18446744073709551615"},
	}
	for _, tt := range tests {
		got, ok := tt.f.format(tt.v)
		if !ok {
			got = ""
		}
		if got != tt.want {
			t.Errorf("%v.format(%v) = %q; want %q", tt.f, tt.v, got, tt.want)
		}
	}
}

func TestParseValue(t *testing.T) {
	tests := []struct {
		f       numFormat
		s       string
		want    int64
		wantErr string
	}{
		{numFormat{kind: fmtUnsigned}, "0042", 42, ""},
		{numFormat{kind: fmtSigned}, "-7", -7, ""},
		{numFormat{kind: fmtHexLower}, "ff", 255, ""},
		{numFormat{kind: fmtHexUpper, alt: true}, "0x1F", 31, ""},
		{numFormat{kind: fmtHexUpper, alt: true}, "1F", 0, "missing alternate form prefix"},
		{numFormat{kind: fmtUnsigned}, "99999999999999999999", 0, "unable to represent numeric value"},
		{numFormat{kind: fmtSigned}, "9223372036854775808", 0, "unable to represent numeric value"},
	}
	for _, tt := range tests {
		v, msg := tt.f.parseValue(tt.s)
		if msg != tt.wantErr || (msg == "" && v.Int64() != tt.want) {
			t.Errorf("parseValue(%q) = %v, %q; want %d, %q", tt.s, v, msg, tt.want, tt.wantErr)
		}
	}
}

func TestConsumeInteger(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		rest string
		ok   bool
	}{
		{"123abc", 123, "abc", true},
		{"0x1fg", 31, "g", true},
		{"0b101", 5, "", true},
		{"0o17", 15, "", true},
		{"017", 15, "", true},
		{"08", 0, "", false},
		{"x", 0, "", false},
		{"-5", 0, "", false},
	}
	for _, tt := range tests {
		r := newBuffer("t", tt.in).whole()
		v, ok := consumeUnsigned(&r, 0)
		if ok != tt.ok || (ok && (v.Int64() != tt.want || r.str() != tt.rest)) {
			t.Errorf("consumeUnsigned(%q) = %v, %v, rest %q", tt.in, v, ok, r.str())
		}
	}
	r := newBuffer("t", "-12x").whole()
	if v, ok := consumeSigned(&r, 10); !ok || v.Int64() != -12 || r.str() != "x" {
		t.Errorf("consumeSigned(-12x) = %v, %v, rest %q", v, ok, r.str())
	}
}

// TestExpressions evaluates parsed numeric expressions.
func TestExpressions(t *testing.T) {
	tests := []struct {
		expr string
		want string // formatted value, or "overflow"/"undefined"
	}{
		{"N+1", "8"},
		{"N - 10", "overflow"}, // unsigned format cannot show -3
		{"%d,N-10", "-3"},
		{"add(N,mul(2,3))", "13"},
		{"div(N,2)", "3"},
		{"div(N,0)", "overflow"},
		{"max(N,100)", "100"},
		{"min(N,100)", "7"},
		{"sub(0,1)", "overflow"},
		{"%X,N+248", "FF"},
		{"(N+1)", "8"},
		{"18446744073709551615+1", "overflow"},
		{"M+1", "undefined"},
	}
	for _, tt := range tests {
		ctx := newPatternContext()
		ctx.numVars["N"] = &numVar{name: "N", format: numFormat{kind: fmtUnsigned}, value: big.NewInt(7)}
		ep := &exprParser{ctx: ctx}
		ex, _, errs := ep.parseBlock(newBuffer("t", tt.expr).whole(), false)
		if errs != nil {
			t.Errorf("%q: parse error %s", tt.expr, errs[0].msg)
			continue
		}
		s := &substitution{from: newBuffer("t", tt.expr).whole(), numeric: true, expr: ex}
		got, serrs := ctx.substitute(s)
		if serrs != nil {
			got = "overflow"
			if serrs[0].msg != overflowMsg {
				got = "undefined"
			}
		}
		if got != tt.want {
			t.Errorf("%q = %q; want %q", tt.expr, got, tt.want)
		}
	}
}
