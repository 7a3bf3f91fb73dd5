// Package lit_test is the driver of the lit-style tests under test/lit.
//
// Every file under this directory with a test suffix (".mlir" and ".ptx" by default;
// directories named "Inputs" excepted) is a test: its RUN lines are run by
// internal/lit, with the module's cmd/* binaries, built once per "go test"
// run, first on PATH. Usage:
//
//	go test ./test/lit/
//	go test ./test/lit/ -run 'TestLit/arith/fold.mlir'
//	go test ./test/lit/ -v -args -lit.filter='^selftest/' -lit.v -lit.timeout=2m
package lit_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tt-compiler/tt/internal/lit"
)

// Driver flags.
var (
	litFilter   = flag.String("lit.filter", "", "run only the test files whose path relative to test/lit matches this regular expression")
	litVerbose  = flag.Bool("lit.v", false, "log every RUN command with its exit status and output (add -v to see them for passing tests)")
	litTimeout  = flag.Duration("lit.timeout", lit.DefaultTimeout, "time limit for all RUN lines of one test file")
	litSuffixes = flag.String("lit.suffixes", ".mlir,.ptx", "comma-separated file name suffixes of test files")
)

// buildTimeout bounds building the tools in TestMain.
const buildTimeout = 5 * time.Minute

// Set up once by TestMain.
var (
	// tools is the tools directory, built from the module's cmd/* packages.
	tools *lit.Tools
	// toolsErr is set when the tools could not be built at all.
	toolsErr error
	// features are the features available to the tests.
	features lit.Features
)

// TestMain builds the module's commands and the "not" helper into a
// temporary directory, once for the whole run, then runs the tests.
func TestMain(m *testing.M) {
	flag.Parse()
	os.Exit(runMain(m))
}

// runMain sets up the tools directory around m.Run and returns the exit
// code.
func runMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "tt-lit-tools-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "lit: creating tools directory: %v\n", err)
		return 1
	}
	defer os.RemoveAll(dir)
	tools, toolsErr = buildTools(dir)
	features = lit.DetectFeatures(tools)
	return m.Run()
}

// buildTools builds the tools into dir.
func buildTools(dir string) (*lit.Tools, error) {
	root, err := lit.FindModuleRoot(".")
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	return lit.BuildTools(ctx, root, dir, lit.NotPackage)
}

// newRunner returns a runner for tests under root using the shared tools.
func newRunner(t *testing.T, root string, timeout time.Duration) *lit.Runner {
	t.Helper()
	if toolsErr != nil {
		t.Fatalf("lit tools unavailable: %v", toolsErr)
	}
	return lit.NewRunner(lit.Config{
		Root:     root,
		Features: features,
		ToolsDir: tools.Dir,
		Timeout:  timeout,
	})
}

// TestTools checks that every cmd/* package and the "not" helper built.
func TestTools(t *testing.T) {
	if toolsErr != nil {
		t.Fatalf("building tools: %v", toolsErr)
	}
	t.Logf("built: %v; linked: %v", tools.Built, tools.Linked)
	t.Logf("features: %v", features.Sorted())
	for _, e := range tools.BuildErrors {
		t.Error(e.Error())
	}
	if !tools.Has("not") {
		t.Errorf("the not helper (%s) was not built", lit.NotPackage)
	}
}

// TestLit runs every test file under test/lit as a subtest.
func TestLit(t *testing.T) {
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	var filter *regexp.Regexp
	if *litFilter != "" {
		if filter, err = regexp.Compile(*litFilter); err != nil {
			t.Fatalf("-lit.filter: %v", err)
		}
	}
	suite := &lit.Suite{
		Runner:   newRunner(t, root, *litTimeout),
		Suffixes: lit.ParseSuffixes(*litSuffixes),
		Filter:   filter,
		Verbose:  *litVerbose,
	}
	suite.Run(t)
}

// runTemp writes a test file with the given contents to a fresh temporary
// directory (outside test/lit) and runs it with the shared tools.
func runTemp(t *testing.T, name, contents string, timeout time.Duration) *lit.Result {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(contents), 0o644); err != nil {
		t.Fatal(err)
	}
	return newRunner(t, dir, timeout).RunFile(t.Context(), path, t.TempDir())
}

// TestRunnerReportsFailure runs a deliberately failing file and checks the
// failure report: the file, the substituted RUN line, the exit status and
// the output, with later RUN lines not run.
func TestRunnerReportsFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "broken.mlir")
	const contents = `// RUN: echo first line ran
// RUN: echo to-stdout; echo to-stderr >&2; \
// RUN:   cat %s.missing; exit 3
// RUN: touch %T/never-ran
`
	if err := os.WriteFile(path, []byte(contents), 0o644); err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	res := newRunner(t, dir, time.Minute).RunFile(t.Context(), path, tmp)
	if res.Status != lit.Fail || !res.Status.Failed() {
		t.Fatalf("status = %v, want FAIL\n%s", res.Status, res.Report())
	}
	if len(res.Commands) != 2 {
		t.Errorf("ran %d commands, want 2 (stop at the first failure)", len(res.Commands))
	}
	if _, err := os.Stat(filepath.Join(tmp, "never-ran")); err == nil {
		t.Errorf("RUN line after the failing one was executed")
	}
	report := res.Report()
	for _, want := range []string{
		"FAIL: broken.mlir",
		"file: " + path,
		"failed at RUN line 2 (command 2 of 3)",
		"$ echo to-stdout; echo to-stderr >&2; cat " + path + ".missing; exit 3",
		"exit status: 3",
		"to-stdout",
		"to-stderr",
		"broken.mlir.missing: No such file",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if strings.Contains(report, "first line ran") {
		t.Errorf("report shows output of the passing RUN line:\n%s", report)
	}
}

// TestRunnerOutcomes checks that failing RUN lines fail the test and that
// pipes, pipefail, not and XFAIL behave as in lit.
func TestRunnerOutcomes(t *testing.T) {
	tests := []struct {
		name     string
		contents string
		want     lit.Status
		reason   string // substring of the reason, if any
	}{
		{"pass", "// RUN: echo hi | grep -q hi\n", lit.Pass, ""},
		{"false", "// RUN: true\n// RUN: false\n", lit.Fail, ""},
		{"pipefail", "// RUN: false | cat\n", lit.Fail, ""},
		{"grep-mismatch", "// RUN: echo abc | grep xyz\n", lit.Fail, ""},
		{"not-false", "// RUN: not false\n", lit.Pass, ""},
		{"not-true", "// RUN: not true\n", lit.Fail, ""},
		{"not-in-pipe", "// RUN: not sh -c 'echo oops >&2; exit 1' 2>&1 | grep -q oops\n", lit.Pass, ""},
		{"not-in-pipe-mismatch", "// RUN: not sh -c 'echo oops >&2; exit 1' 2>&1 | grep -q nomatch\n", lit.Fail, ""},
		{"not-output-piped", "// RUN: not echo hi | grep -q hi\n", lit.Fail, ""},
		{"not-crash", "// RUN: not sh -c 'kill -KILL $$'\n", lit.Fail, ""},
		{"not-crash-expected", "// RUN: not --crash sh -c 'kill -KILL $$'\n", lit.Pass, ""},
		{"not-crash-but-exit", "// RUN: not --crash false\n", lit.Fail, ""},
		{"not-missing-program", "// RUN: not tt-no-such-program\n", lit.Fail, ""},
		{"xfail", "// XFAIL: *\n// RUN: false\n", lit.XFail, ""},
		{"xfail-feature", "// XFAIL: linux || !linux\n// RUN: false\n", lit.XFail, ""},
		{"xpass", "// XFAIL: *\n// RUN: true\n", lit.XPass, "XFAIL"},
		{"requires", "// REQUIRES: go, no-such-feature\n// RUN: false\n", lit.Unsupported, "no-such-feature"},
		{"unsupported", "// UNSUPPORTED: go\n// RUN: false\n", lit.Unsupported, "go"},
		{"no-run-line", "// CHECK: nothing\n", lit.Unresolved, "RUN"},
		{"bad-expression", "// REQUIRES: (go\n// RUN: true\n", lit.Unresolved, "missing ')'"},
		{"dangling-continuation", "// RUN: echo \\\n", lit.Unresolved, "no RUN line follows"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := runTemp(t, tc.name+".mlir", tc.contents, time.Minute)
			if res.Status != tc.want {
				t.Fatalf("status = %v, want %v\n%s", res.Status, tc.want, res.Report())
			}
			if !strings.Contains(res.Reason, tc.reason) {
				t.Errorf("reason = %q, want it to contain %q", res.Reason, tc.reason)
			}
		})
	}
}

// TestRunnerTimeout checks that a test running past its time limit is
// killed and reported.
func TestRunnerTimeout(t *testing.T) {
	start := time.Now()
	res := runTemp(t, "slow.mlir", "// RUN: sleep 30 | cat\n", 300*time.Millisecond)
	if res.Status != lit.Timeout {
		t.Fatalf("status = %v, want TIMEOUT\n%s", res.Status, res.Report())
	}
	if elapsed := time.Since(start); elapsed > 10*time.Second {
		t.Errorf("timed-out test took %v", elapsed)
	}
	if report := res.Report(); !strings.Contains(report, "timed out after 300ms") {
		t.Errorf("report does not mention the timeout:\n%s", report)
	}
}
