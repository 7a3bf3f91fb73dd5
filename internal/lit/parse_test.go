package lit

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestMatchDirective(t *testing.T) {
	tests := []struct {
		line, keyword, body string
		ok                  bool
	}{
		{"// RUN: tt-opt %s", keywordRun, " tt-opt %s", true},
		{"//RUN:x", keywordRun, "x", true},
		{"   \t// RUN: x", keywordRun, " x", true},
		{"# RUN: x", keywordRun, " x", true},
		{"; RUN: x", keywordRun, " x", true},
		{";; RUN: x", keywordRun, " x", true},
		{"/// RUN: x", keywordRun, " x", true},
		{"// REQUIRES: a, b", keywordRequires, " a, b", true},
		{"# UNSUPPORTED: arm64", keywordUnsupported, " arm64", true},
		{"; XFAIL: *", keywordXFail, " *", true},
		{"// END.", keywordEnd, "", true},
		{"RUN: no comment", "", "", false},
		{"// CHECK: RUN: inside a check", "", "", false},
		{"func.func @f() // RUN: trailing", "", "", false},
		{"// RUNS: not a keyword", "", "", false},
		{"// run: lower case", "", "", false},
		{"", "", "", false},
	}
	for _, tc := range tests {
		kw, body, ok := matchDirective(tc.line, DefaultCommentPrefixes)
		if kw != tc.keyword || body != tc.body || ok != tc.ok {
			t.Errorf("matchDirective(%q) = %q, %q, %v; want %q, %q, %v", tc.line, kw, body, ok, tc.keyword, tc.body, tc.ok)
		}
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		name     string
		prefixes []string
		src      string
		want     Script
	}{
		{
			name: "single",
			src:  "// RUN: tt-opt %s | filecheck %s\nfunc.func @f()\n",
			want: Script{RunLines: []RunLine{{1, "tt-opt %s | filecheck %s"}}},
		},
		{
			name: "comment styles",
			src:  "// RUN: a\n# RUN: b\n; RUN: c\n",
			want: Script{RunLines: []RunLine{{1, "a"}, {2, "b"}, {3, "c"}}},
		},
		{
			name: "continuation",
			src:  "// RUN: tt-opt %s \\\n// RUN:   --pass \\\n// RUN: | filecheck %s\n// RUN: next\n",
			want: Script{RunLines: []RunLine{{1, "tt-opt %s --pass | filecheck %s"}, {4, "next"}}},
		},
		{
			name: "continuation across other lines",
			src:  "// RUN: a \\\n// CHECK: x\nfoo\n// RUN: b\n",
			want: Script{RunLines: []RunLine{{1, "a b"}}},
		},
		{
			name: "continuation without space before backslash",
			src:  "# RUN: echo a\\\n# RUN: b\n",
			want: Script{RunLines: []RunLine{{1, "echo a b"}}},
		},
		{
			name: "lists accumulate",
			src:  "// REQUIRES: a, b\n// REQUIRES: c\n// UNSUPPORTED: arm64,  darwin\n// XFAIL: *\n// RUN: x\n",
			want: Script{
				RunLines:    []RunLine{{5, "x"}},
				Requires:    []string{"a", "b", "c"},
				Unsupported: []string{"arm64", "darwin"},
				XFail:       []string{"*"},
			},
		},
		{
			name: "boolean expressions kept whole",
			src:  "// REQUIRES: mlir-opt && !arm64, (go || dot)\n// RUN: x\n",
			want: Script{RunLines: []RunLine{{2, "x"}}, Requires: []string{"mlir-opt && !arm64", "(go || dot)"}},
		},
		{
			name: "line numbers",
			src:  "\n// RUN: echo %(line) %(line+1) %(line - 2)\n",
			want: Script{RunLines: []RunLine{{2, "echo 2 3 0"}}},
		},
		{
			name: "end stops parsing",
			src:  "// RUN: a\n// END.\n// RUN: b\n",
			want: Script{RunLines: []RunLine{{1, "a"}}},
		},
		{
			name:     "custom prefixes",
			prefixes: []string{"--"},
			src:      "-- RUN: a\n// RUN: b\n",
			want:     Script{RunLines: []RunLine{{1, "a"}}},
		},
		{
			name: "no directives",
			src:  "func.func @f()\n",
			want: Script{},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Parse(strings.NewReader(tc.src), "t.mlir", tc.prefixes)
			if err != nil {
				t.Fatal(err)
			}
			tc.want.Path = "t.mlir"
			if d := cmp.Diff(tc.want, *got); d != "" {
				t.Errorf("parsed script differs (-want +got):\n%s", d)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"dangling continuation", "// RUN: a \\\n", "t.mlir:1: RUN line ends with '\\' but no RUN line follows"},
		{"empty run line", "// RUN: a\n// RUN:\n", "t.mlir:2: empty RUN line"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.src), "t.mlir", nil)
			if err == nil || err.Error() != tc.want {
				t.Errorf("error = %v, want %q", err, tc.want)
			}
		})
	}
}
