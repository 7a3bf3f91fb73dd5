package filecheck

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// The conformance corpus lives in testdata/conformance, one case per file.
// A case file is a comment followed by sections introduced by "-- name --"
// lines (the txtar layout). A section named "name.q" holds its content as
// a Go-quoted string, for contents a plain section cannot represent
// (carriage returns, invalid UTF-8, no final newline). Sections:
//
//	args    the command-line arguments after the program name, one per line
//	check   written to check.txt
//	input   written to input.txt and also fed on standard input
//	exit    FileCheck's exit status, recorded from LLVM FileCheck 16
//	stderr  FileCheck's standard error, recorded from LLVM FileCheck 16
//
// "go test -run TestConformance -update" re-records exit and stderr by
// running LLVM's FileCheck; expectations are never written by hand.

var update = flag.Bool("update", false, "re-record conformance expectations with LLVM FileCheck 16")

// confCase is one conformance case.
type confCase struct {
	path     string
	comment  string
	sections map[string]string
}

// parseCase splits a case file into its comment and sections.
func parseCase(path string, data string) (*confCase, error) {
	c := &confCase{path: path, sections: map[string]string{}}
	name := ""
	var body strings.Builder
	flush := func() error {
		text := body.String()
		body.Reset()
		if name == "" {
			c.comment = text
			return nil
		}
		if base, ok := strings.CutSuffix(name, ".q"); ok {
			u, err := strconv.Unquote(strings.TrimSpace(text))
			if err != nil {
				return fmt.Errorf("%s: section %s: %v", path, name, err)
			}
			name, text = base, u
		}
		c.sections[name] = text
		return nil
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		trimmed := strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(trimmed, "-- ") && strings.HasSuffix(trimmed, " --") && len(trimmed) > 6 {
			if err := flush(); err != nil {
				return nil, err
			}
			name = strings.TrimSpace(trimmed[3 : len(trimmed)-3])
			continue
		}
		body.WriteString(line)
	}
	return c, flush()
}

// needsQuoting reports whether text cannot be stored as a plain section.
func needsQuoting(text string) bool {
	if text != "" && !strings.HasSuffix(text, "\n") {
		return true
	}
	if strings.ContainsRune(text, '\r') || !utf8.ValidString(text) {
		return true
	}
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "-- ") {
			return true
		}
	}
	return false
}

// format renders the case file.
func (c *confCase) format() string {
	var b strings.Builder
	b.WriteString(c.comment)
	for _, name := range []string{"args", "check", "input", "exit", "stderr"} {
		text, ok := c.sections[name]
		if !ok {
			continue
		}
		if needsQuoting(text) {
			fmt.Fprintf(&b, "-- %s.q --\n%s\n", name, strconv.Quote(text))
		} else {
			fmt.Fprintf(&b, "-- %s --\n%s", name, text)
		}
	}
	return b.String()
}

// args returns the case's command-line arguments.
func (c *confCase) args() []string {
	var out []string
	for _, l := range strings.Split(c.sections["args"], "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

// loadCases reads the corpus.
func loadCases(t *testing.T) []*confCase {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "conformance", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(paths)
	var cases []*confCase
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		c, err := parseCase(p, string(data))
		if err != nil {
			t.Fatal(err)
		}
		cases = append(cases, c)
	}
	if len(cases) < 80 {
		t.Fatalf("conformance corpus has %d cases, want at least 80", len(cases))
	}
	return cases
}

// setupDir writes the case's files into a fresh directory.
func setupDir(t *testing.T, c *confCase) string {
	t.Helper()
	dir := t.TempDir()
	for name, file := range map[string]string{"check": "check.txt", "input": "input.txt"} {
		if text, ok := c.sections[name]; ok {
			if err := os.WriteFile(filepath.Join(dir, file), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

// runOurs runs this package's FileCheck on a case in dir.
func runOurs(t *testing.T, c *confCase, dir string) (int, string) {
	t.Helper()
	t.Chdir(dir)
	var stderr bytes.Buffer
	args := append([]string{"FileCheck"}, c.args()...)
	code := Main(args, strings.NewReader(c.sections["input"]), &bytes.Buffer{}, &stderr,
		func(string) string { return "" })
	return code, stderr.String()
}

// llvmFileCheck returns the path of LLVM's FileCheck 16, or "".
func llvmFileCheck() string {
	candidates := []string{"/usr/lib/llvm-16/bin/FileCheck"}
	if p, err := exec.LookPath("FileCheck-16"); err == nil {
		candidates = append([]string{p}, candidates...)
	}
	for _, p := range candidates {
		out, err := exec.Command(p, "--version").Output()
		if err == nil && strings.Contains(string(out), "version 16.") {
			return p
		}
	}
	return ""
}

// runLLVM runs LLVM's FileCheck (as "FileCheck") on a case in dir.
func runLLVM(t *testing.T, llvm string, c *confCase, dir string) (int, string) {
	t.Helper()
	var stderr bytes.Buffer
	cmd := &exec.Cmd{Path: llvm, Args: append([]string{"FileCheck"}, c.args()...), Dir: dir,
		Stdin: strings.NewReader(c.sections["input"]), Stderr: &stderr}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "FILECHECK_OPTS=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	err := cmd.Run()
	if _, isExit := err.(*exec.ExitError); err != nil && !isExit {
		t.Fatalf("running %s: %v", llvm, err)
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

// TestConformance checks this implementation against the exit status and
// diagnostics recorded from LLVM FileCheck 16 for every corpus case.
func TestConformance(t *testing.T) {
	cases := loadCases(t)
	llvm := llvmFileCheck()
	if *update && llvm == "" {
		t.Fatal("-update needs LLVM FileCheck 16")
	}
	for _, c := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(c.path), ".txtar"), func(t *testing.T) {
			if *update {
				record(t, llvm, c)
			}
			want, err := strconv.Atoi(strings.TrimSpace(c.sections["exit"]))
			if err != nil {
				t.Fatalf("%s: bad or missing exit section", c.path)
			}
			code, stderr := runOurs(t, c, setupDir(t, c))
			if code != want {
				t.Errorf("exit status %d, LLVM recorded %d\nstderr:\n%s", code, want, stderr)
			}
			if diff := lineDiff(c.sections["stderr"], stderr); diff != "" {
				t.Errorf("stderr differs from LLVM's recording (-llvm +ours):\n%s", diff)
			}
		})
	}
}

// record re-records a case's expectations from LLVM's FileCheck.
func record(t *testing.T, llvm string, c *confCase) {
	code, stderr := runLLVM(t, llvm, c, setupDir(t, c))
	if code < 0 || code > 2 {
		t.Fatalf("LLVM FileCheck exited with %d (a crash?); drop this case", code)
	}
	c.sections["exit"] = strconv.Itoa(code) + "\n"
	c.sections["stderr"] = stderr
	if err := os.WriteFile(c.path, []byte(c.format()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestConformanceAgainstLLVM runs LLVM's FileCheck 16, when installed, on
// every case and requires the same exit status and diagnostics as ours.
func TestConformanceAgainstLLVM(t *testing.T) {
	llvm := llvmFileCheck()
	if llvm == "" {
		t.Skip("LLVM FileCheck 16 not found (tried FileCheck-16 in PATH and " +
			"/usr/lib/llvm-16/bin/FileCheck); only the recorded expectations were checked")
	}
	for _, c := range loadCases(t) {
		t.Run(strings.TrimSuffix(filepath.Base(c.path), ".txtar"), func(t *testing.T) {
			wantCode, wantErr := runLLVM(t, llvm, c, setupDir(t, c))
			code, stderr := runOurs(t, c, setupDir(t, c))
			if code != wantCode {
				t.Errorf("exit status %d, LLVM FileCheck %d", code, wantCode)
			}
			if diff := lineDiff(wantErr, stderr); diff != "" {
				t.Errorf("stderr differs from LLVM FileCheck (-llvm +ours):\n%s", diff)
			}
		})
	}
}

// comparable drops the one line known to differ from LLVM: the spelling
// suggestion after an unknown option, which LLVM picks by iterating a hash
// table of all its registered options.
func comparable(stderr string) []string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if !strings.HasPrefix(l, "FileCheck: Did you mean '") {
			out = append(out, l)
		}
	}
	return out
}

// lineDiff returns a minimal line-level description of how got differs
// from want, or "" if they are equal.
func lineDiff(want, got string) string {
	w, g := comparable(want), comparable(got)
	if strings.Join(w, "\n") == strings.Join(g, "\n") {
		return ""
	}
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "first difference at line %d\n", i+1)
	for j := i; j < len(w) && j < i+6; j++ {
		fmt.Fprintf(&b, "-%s\n", w[j])
	}
	for j := i; j < len(g) && j < i+6; j++ {
		fmt.Fprintf(&b, "+%s\n", g[j])
	}
	return b.String()
}
