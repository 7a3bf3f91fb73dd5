package filecheck

import (
	"bytes"
	"strings"
	"testing"
)

// parseForTest compiles text as the pattern of a directive of kind k.
func parseForTest(text string, opts Options, k checkType) (*pattern, string, bool) {
	ctx := newPatternContext()
	ctx.createLineVariable()
	var w bytes.Buffer
	pp := &patternParser{w: &w, ctx: ctx, opts: &opts}
	p := pp.newPattern(k, 1)
	ok := pp.parse(p, newBuffer("check.txt", text).whole(), "CHECK")
	return p, w.String(), ok
}

func TestPatternCompiler(t *testing.T) {
	full := Options{MatchFullLines: true}
	fullStrict := Options{MatchFullLines: true, StrictWhitespace: true}
	tests := []struct {
		name    string
		text    string
		opts    Options
		kind    checkType
		fixed   string
		re      string
		defs    map[string]int // string and numeric definitions -> group
		substs  []string
		wantErr string
	}{
		{name: "literal", text: "foo bar", fixed: "foo bar"},
		{name: "single char", text: "a", fixed: "a"},
		{name: "trailing space trimmed", text: "foo  \t", fixed: "foo"},
		{name: "metachars stay literal", text: "a.b*c", fixed: "a.b*c"},
		{name: "regex block", text: "x{{a|b}}y", re: "x(a|b)y"},
		{name: "escaped literal part", text: "a.b{{c}}", re: `a\.b(c)`},
		{name: "string definition", text: "[[X:[0-9]+]]!", re: "([0-9]+)!", defs: map[string]int{"X": 1}},
		{name: "same-line use is a backref", text: "[[X:[0-9]+]] [[X]]", re: `([0-9]+) \1`, defs: map[string]int{"X": 1}},
		{name: "groups count", text: "{{(a)(b)}}[[X:c]]", re: "((a)(b))(c)", defs: map[string]int{"X": 4}},
		{name: "string use", text: "a[[X]]b", re: "ab", substs: []string{"X"}},
		{name: "global use", text: "[[$G]]", re: "", substs: []string{"$G"}},
		{name: "triple bracket", text: "[[[X:a]]]", re: `\[(a)\]`, defs: map[string]int{"X": 1}},
		{name: "numeric definition", text: "[[#N:]]", re: "([0-9]+)", defs: map[string]int{"N": 1}},
		{name: "hex definition", text: "[[#%x,N:]]", re: "([0-9a-f]+)", defs: map[string]int{"N": 1}},
		{name: "alternate hex", text: "[[#%#X,N:]]", re: "(0x[0-9A-F]+)", defs: map[string]int{"N": 1}},
		{name: "precision", text: "[[#%.3u,N:]]", re: "(([1-9][0-9]*)?[0-9]{3})", defs: map[string]int{"N": 1}},
		{name: "signed", text: "[[#%d,N:]]", re: "(-?[0-9]+)", defs: map[string]int{"N": 1}},
		{name: "numeric use", text: "x[[#N+1]]", re: "x", substs: []string{"N+1"}},
		{name: "definition from expression", text: "[[#M:N+1]]", re: "()", defs: map[string]int{"M": 1}, substs: []string{"M:N+1"}},
		{name: "legacy line", text: "[[@LINE+1]]", re: "", substs: []string{"@LINE+1"}},
		{name: "numeric line", text: "[[#@LINE-1]]", re: "", substs: []string{"@LINE-1"}},
		{name: "full lines", text: "foo", opts: full, re: "^ *foo *$"},
		{name: "full lines strict", text: "foo", opts: fullStrict, re: "^foo$"},
		{name: "full lines skip NOT", text: "foo", opts: full, kind: typeOf(checkNot), fixed: "foo"},
		{name: "empty directive", text: "", kind: typeOf(checkEmpty), re: "(\n$)"},
		{name: "literal modifier", text: "{{a}} [[b]]", kind: checkType{kind: checkPlain, count: 1, literal: true}, fixed: "{{a}} [[b]]"},
		{name: "empty", text: "   ", wantErr: "found empty check string with prefix 'CHECK:'"},
		{name: "non-empty EMPTY", text: "x", kind: typeOf(checkEmpty), wantErr: "found non-empty check string for empty check"},
		{name: "unterminated regex", text: "a{{b", wantErr: "found start of regex string with no end '}}'"},
		{name: "bad regex", text: "{{a(}}", wantErr: "invalid regex: parentheses not balanced"},
		{name: "empty regex", text: "{{}}", wantErr: "invalid regex: empty (sub)expression"},
		{name: "unterminated block", text: "[[X", wantErr: "Invalid substitution block, no ]] found"},
		{name: "whitespace in name", text: "[[X Y]]", wantErr: "unexpected whitespace"},
		{name: "bad use", text: "[[X-Y]]", wantErr: "invalid name in string variable use"},
		{name: "bad definition", text: "[[@X:a]]", wantErr: "invalid name in string variable definition"},
		{name: "bad start", text: "[[9]]", wantErr: "invalid variable name"},
		{name: "missing operand", text: "[[#N+]]", wantErr: "missing operand in expression"},
		{name: "bad operation", text: "[[#N*2]]", wantErr: "unsupported operation '*'"},
		{name: "bad format", text: "[[#%q,N:]]", wantErr: "invalid format specifier in expression"},
		{name: "bad function", text: "[[#f(1,2)]]", wantErr: "call to undefined function 'f'"},
		{name: "arity", text: "[[#max(1)]]", wantErr: "function 'max' takes 2 arguments but 1 given"},
		{name: "pseudo", text: "[[#@FOO]]", wantErr: "invalid pseudo numeric variable '@FOO'"},
		{name: "same-line numeric use", text: "[[#N:]][[#N]]", wantErr: "numeric variable 'N' defined earlier in the same CHECK directive"},
		{name: "legacy extra", text: "[[@LINE+1+1]]", wantErr: "unexpected characters at end of expression '+1'"},
		{name: "constraint only", text: "[[#==]]", wantErr: "empty numeric expression should not have a constraint"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kind := tt.kind
			if kind.kind == checkNone {
				kind = typeOf(checkPlain)
			}
			p, errText, ok := parseForTest(tt.text, tt.opts, kind)
			if tt.wantErr != "" {
				if ok || !strings.Contains(errText, tt.wantErr) {
					t.Fatalf("ok=%v, diagnostics %q; want error %q", ok, errText, tt.wantErr)
				}
				return
			}
			if !ok {
				t.Fatalf("unexpected error: %s", errText)
			}
			if p.fixed != tt.fixed || p.re != tt.re {
				t.Errorf("fixed %q re %q; want fixed %q re %q", p.fixed, p.re, tt.fixed, tt.re)
			}
			defs := map[string]int{}
			for n, g := range p.strDefs {
				defs[n] = g
			}
			for n, d := range p.numDefs {
				defs[n] = d.group
			}
			if len(defs) != len(tt.defs) {
				t.Errorf("definitions %v; want %v", defs, tt.defs)
			}
			for n, g := range tt.defs {
				if defs[n] != g {
					t.Errorf("definitions %v; want %v", defs, tt.defs)
				}
			}
			var substs []string
			for _, s := range p.substs {
				substs = append(substs, s.from.str())
			}
			if strings.Join(substs, ",") != strings.Join(tt.substs, ",") {
				t.Errorf("substitutions %q; want %q", substs, tt.substs)
			}
		})
	}
}

// TestPatternMatch checks matching, including substituted values that
// contain regex metacharacters and numeric formatting.
func TestPatternMatch(t *testing.T) {
	tests := []struct {
		name, text, input string
		strVars           map[string]string
		numVars           map[string]int64
		icase             bool
		want              string // the matched text; "" for no match
	}{
		{name: "fixed", text: "b.c", input: "abxc b.c", want: "b.c"},
		{name: "fixed ignore case", text: "HeLLo", input: "say hello", icase: true, want: "hello"},
		{name: "regex", text: "r{{[0-9]+}}", input: "x r12 r3", want: "r12"},
		{name: "regex ignore case", text: "{{[a-c]+}}d", input: "xABCd", icase: true, want: "ABCd"},
		{name: "value is literal", text: "<[[X]]>", input: "<ab> <a.b>", strVars: map[string]string{"X": "a.b"}, want: "<a.b>"},
		{name: "numeric substitution", text: "v[[#N+1]]", input: "v6 v8", numVars: map[string]int64{"N": 7}, want: "v8"},
		{name: "hex substitution", text: "[[#%X,N]]", input: "fF FF", numVars: map[string]int64{"N": 255}, want: "FF"},
		{name: "backreference", text: "[[X:[a-z]+]]=[[X]]", input: "ab=abc", want: "ab=ab"},
		{name: "no match", text: "zz", input: "abc", want: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, errText, ok := parseForTest(tt.text, Options{IgnoreCase: tt.icase}, typeOf(checkPlain))
			if !ok {
				t.Fatal(errText)
			}
			for n, v := range tt.strVars {
				b := newBuffer("defs", v)
				p.ctx.strVars[n] = b.whole()
			}
			for n, v := range tt.numVars {
				p.ctx.numVars[n].value = bigInt(v)
			}
			in := &input{buf: newBuffer("<stdin>", tt.input), subj: newSubject(tt.input)}
			res := p.match(in, 0, len(tt.input))
			got := ""
			if res.found {
				got = tt.input[res.pos : res.pos+res.length]
			}
			if got != tt.want || len(res.errs) > 0 {
				t.Errorf("matched %q (errors %v); want %q", got, res.errs, tt.want)
			}
		})
	}
}
