package filecheck

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// TestRun exercises the library entry point without a command line.
func TestRun(t *testing.T) {
	tests := []struct {
		name       string
		opts       Options
		check, in  string
		want       int
		wantStderr string
	}{
		{name: "match", check: "CHECK: a\nCHECK-NEXT: b\n", in: "a\nb\n", want: 0},
		{name: "mismatch", check: "CHECK: a\nCHECK-NEXT: c\n", in: "a\nb\nc\n", want: 1,
			wantStderr: "check.txt:2:13: error: CHECK-NEXT: is not on the line after the previous match"},
		{name: "malformed", check: "CHECK-NEXT: a\n", in: "a\n", want: 2,
			wantStderr: "check.txt:1:1: error: found 'CHECK-NEXT' without previous 'CHECK: line"},
		{name: "empty input", check: "CHECK: a\n", in: "", want: 2,
			wantStderr: "FileCheck error: '<stdin>' is empty."},
		{name: "prefixes", opts: Options{CheckPrefixes: []string{"P"}}, check: "P: x\n", in: "x\n", want: 0},
		{name: "not", check: "CHECK: a\nCHECK-NOT: b\nCHECK: c\n", in: "a b c\n", want: 1,
			wantStderr: "check.txt:2:12: error: CHECK-NOT: excluded string found in input"},
		{name: "dump", opts: Options{DumpInput: DumpFail, DumpInputContext: 5}, check: "CHECK: zz\n", in: "a\n",
			want: 1, wantStderr: "check:1     X~ error: no match found"},
		{name: "no dump", opts: Options{DumpInput: DumpNever}, check: "CHECK: zz\n", in: "a\n", want: 1,
			wantStderr: "<stdin>:1:1: note: scanning from here"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			got := Run(tt.opts, File{"check.txt", tt.check}, File{"<stdin>", tt.in}, &stderr)
			if got != tt.want {
				t.Errorf("Run = %d; want %d\n%s", got, tt.want, stderr.String())
			}
			if !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("stderr lacks %q:\n%s", tt.wantStderr, stderr.String())
			}
			if tt.name == "no dump" && strings.Contains(stderr.String(), "Input was:") {
				t.Errorf("dump printed with DumpNever")
			}
		})
	}
}

// TestMainEnvAndHelp covers command-line behaviour outside the corpus:
// FILECHECK_OPTS and --help.
func TestMainEnvAndHelp(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := writeFile("check.txt", "A: foo\n"); err != nil {
		t.Fatal(err)
	}
	env := func(k string) string {
		if k == "FILECHECK_OPTS" {
			return "--check-prefix 'A' -dump-input=never"
		}
		return ""
	}
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"filecheck", "check.txt"}, strings.NewReader("foo\n"), &stdout, &stderr, env); code != 0 {
		t.Errorf("FILECHECK_OPTS: exit %d, stderr %s", code, stderr.String())
	}
	stdout.Reset()
	if code := Main([]string{"filecheck", "--help"}, strings.NewReader(""), &stdout, &stderr,
		func(string) string { return "" }); code != 0 || !strings.Contains(stdout.String(), "--check-prefixes") {
		t.Errorf("--help: exit %d, stdout %q", code, stdout.String())
	}
}

func TestTokenize(t *testing.T) {
	got := tokenize(` -a "b c" 'd e'  f\ g "h\"i"`)
	want := []string{"-a", "b c", "d e", "f g", `h"i`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("tokenize = %q; want %q", got, want)
	}
}

func TestCanonicalize(t *testing.T) {
	if got := canonicalize("a \t b\r\nc\rd\t", false); got != "a b\nc\rd " {
		t.Errorf("canonicalize = %q", got)
	}
	if got := canonicalize("a \t b\r\n", true); got != "a \t b\n" {
		t.Errorf("strict canonicalize = %q", got)
	}
}

func writeFile(name, text string) error { return os.WriteFile(name, []byte(text), 0o644) }
