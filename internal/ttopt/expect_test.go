package ttopt

import (
	"testing"

	"github.com/tt-compiler/tt/ir"
)

func TestParseExpectations(t *testing.T) {
	src := `%0 = "test.a"() : () -> i32 // expected-error {{on its line}}
// expected-note @+1 {{one below}}
"test.b"() : () -> ()
// expected-warning@-3 {{three above}}
// expected-remark @above {{above}}
// expected-error@below {{below}}
// a comment is what @below refers to
// expected-error-re {{a {{[0-9]+}} b}}
// expected-error @unknown {{nowhere}}
// expected-error {{trailing text}} is not a designator
// expected-error {{last}} {{pieces}}`
	exps, problems := parseExpectations("f.mlir", []byte(src), 10)
	if len(problems) != 0 {
		t.Fatalf("problems: %v", problems)
	}
	want := []struct {
		sev     ir.Severity
		line    int
		unknown bool
		text    string
	}{
		{ir.SeverityError, 10, false, "on its line"},
		{ir.SeverityNote, 12, false, "one below"},
		{ir.SeverityWarning, 10, false, "three above"},
		{ir.SeverityRemark, 12, false, "above"},
		{ir.SeverityError, 16, false, "below"},
		{ir.SeverityError, 17, false, "a {{[0-9]+}} b"},
		{ir.SeverityError, 0, true, "nowhere"},
		{ir.SeverityError, 20, false, "last}} {{pieces"},
	}
	if len(exps) != len(want) {
		t.Fatalf("got %d expectations, want %d", len(exps), len(want))
	}
	for i, w := range want {
		e := exps[i]
		if e.severity != w.sev || e.line != w.line || e.unknown != w.unknown || e.text != w.text {
			t.Errorf("expectation %d = {%v %d %v %q}, want %+v", i, e.severity, e.line, e.unknown, e.text, w)
		}
	}
	if !exps[5].matchesText("a 42 b") || exps[5].matchesText("a x b") {
		t.Errorf("regex designator %q matches wrongly", exps[5].text)
	}
}

func TestDesignatorRegexp(t *testing.T) {
	for _, tc := range []struct {
		text, msg string
		match     bool
		err       string
	}{
		{text: "a.b {{[0-9]+}}", msg: "xa.b 12", match: true},
		{text: "a.b {{[0-9]+}}", msg: "axb 12"},
		{text: "{{^start}} middle {{end$}}", msg: "start middle end", match: true},
		{text: "bad {{[a", err: "found start of regex with no end '}}'"},
		{text: "bad {{[}}", err: "invalid regex: error parsing regexp: missing closing ]: `[)`"},
	} {
		re, err := designatorRegexp(tc.text)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("designatorRegexp(%q) error = %v, want %q", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("designatorRegexp(%q): %v", tc.text, err)
		}
		if got := re.MatchString(tc.msg); got != tc.match {
			t.Errorf("%q matching %q = %v, want %v", tc.text, tc.msg, got, tc.match)
		}
	}
}
