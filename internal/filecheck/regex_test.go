package filecheck

import (
	"fmt"
	"testing"
)

func TestRegexErrors(t *testing.T) {
	tests := []struct {
		re   string
		want reErrCode
	}{
		{"abc", reOK},
		{"()", reOK},
		{"a{x", reOK}, // '{' not followed by a digit is literal
		{"{", reOK},
		{"[]a]", reOK},
		{"[^]a]", reOK},
		{"[a-]", reOK},
		{"[[.hyphen.]]", reOK},
		{"[[=a=]]", reOK},
		{"a{2,}", reOK},
		{"(a)\\1", reOK},
		{"", reErrEmpty},
		{"a|", reErrEmpty},
		{"(|a)", reErrEmpty},
		{"a(", reErrParen},
		{"a)", reErrParen},
		{"*a", reErrBadRpt},
		{"a**", reErrBadRpt},
		{"a+?", reErrBadRpt},
		{"^*", reErrBadRpt},
		{"{1", reErrBadRpt},
		{"a{1", reErrBrace},
		{"a{2,1}", reErrBadBr},
		{"a{256}", reErrBadBr},
		{"a{1,x}", reErrBadBr},
		{"[a", reErrBrack},
		{"[b-a]", reErrRange},
		{"[a-b-c]", reErrRange},
		{"[[:nope:]]", reErrCtype},
		{"[[.foo.]]", reErrCollate},
		{"a\\", reErrEscape},
		{"(a)\\2", reErrSubreg},
		{"(a\\1)", reErrSubreg},
	}
	for _, tt := range tests {
		_, got := parseERE(tt.re, false)
		if got != tt.want {
			t.Errorf("parseERE(%q) = %q; want %q", tt.re, reErrText[got], reErrText[tt.want])
		}
	}
}

func TestRegexMatch(t *testing.T) {
	tests := []struct {
		re, text string
		icase    bool
		want     string // "start,end" of each group, or "none"
	}{
		{re: "a|ab|abc", text: "xabcd", want: "[1 4]"},
		{re: `\d`, text: "1d", want: "[1 2]"},
		{re: "a.b", text: "a\xc3\xa9b", want: "none"},
		{re: "a..b", text: "a\xc3\xa9b", want: "[0 4]"},
		{re: "[^x]", text: "\nb", want: "[1 2]"},
		{re: ".", text: "\n", want: "none"},
		{re: "[[:space:]]", text: "a\nb", want: "[1 2]"},
		{re: "^b", text: "ab\nb", want: "[3 4]"},
		{re: "a$", text: "ab\na", want: "[3 4]"},
		{re: "AB", text: "xab", icase: true, want: "[1 3]"},
		{re: "[^a]", text: "Ab", icase: true, want: "[1 2]"},
		{re: "(a+)\\1", text: "aaa", want: "[0 2 0 1]"},
		{re: "([a-z]+)=\\1", text: "xab=ab", want: "[1 6 1 3]"},
		{re: "[[:<:]]bar", text: "foobar bar", want: "[7 10]"},
		{re: "bar[[:>:]]", text: "barx bar", want: "[5 8]"},
		{re: "(a|ab)(c|bcd)(.*)", text: "abcdz", want: "[0 5 0 2 2 3 3 5]"},
		{re: "(x*)(x*)", text: "xx", want: "[0 2 0 2 2 2]"},
		{re: "(a?){3}", text: "aa", want: "[0 2 2 2]"},
	}
	for _, tt := range tests {
		c, code := compileRegex(tt.re, tt.icase)
		if code != reOK {
			t.Fatalf("compileRegex(%q): %s", tt.re, reErrText[code])
		}
		caps := c.match(newSubject(tt.text), 0, len(tt.text), true)
		got := "none"
		if caps != nil {
			got = fmt.Sprint(caps)
		}
		if got != tt.want {
			t.Errorf("match(%q, %q) = %s; want %s", tt.re, tt.text, got, tt.want)
		}
	}
}

// TestRegexBacktrackBudget makes sure a pathological back-reference
// pattern gives up instead of hanging.
func TestRegexBacktrackBudget(t *testing.T) {
	c, code := compileRegex("(a*)*\\1b", false)
	if code != reOK {
		t.Fatal(reErrText[code])
	}
	text := "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	if caps := c.match(newSubject(text), 0, len(text), true); caps != nil {
		t.Errorf("unexpected match %v", caps)
	}
}

func TestEscapeRegex(t *testing.T) {
	if got, want := escapeRegex(`a.b(c)[d]{e}|^$*+?\`), `a\.b\(c\)\[d\]\{e\}\|\^\$\*\+\?\\`; got != want {
		t.Errorf("escapeRegex = %q; want %q", got, want)
	}
}

// TestEditDistance compares the banded distance with a plain one.
func TestEditDistance(t *testing.T) {
	plain := func(a, b string) int {
		row := make([]int, len(b)+1)
		for j := range row {
			row[j] = j
		}
		for i := 1; i <= len(a); i++ {
			prev := row[0]
			row[0] = i
			for j := 1; j <= len(b); j++ {
				old := row[j]
				c := 1
				if a[i-1] == b[j-1] {
					c = 0
				}
				row[j] = min(prev+c, row[j-1]+1, old+1)
				prev = old
			}
		}
		return row[len(b)]
	}
	words := []string{"", "a", "ab", "abc", "kitten", "sitting", "flaw", "lawn", "aaaa", "CHECK: foo", "CHEKC: fo", "xyz"}
	for _, a := range words {
		for _, b := range words {
			want := plain(a, b)
			for limit := 0; limit < 12; limit++ {
				got := editDistance(a, b, limit)
				if (want <= limit && got != want) || (want > limit && got != limit+1) {
					t.Errorf("editDistance(%q, %q, %d) = %d; plain %d", a, b, limit, got, want)
				}
			}
		}
	}
}
