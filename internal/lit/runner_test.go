package lit

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// requireBash skips the test when bash is not installed.
func requireBash(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash not found")
	}
}

// runSource writes src as a test file in a fresh directory and runs it.
func runSource(t *testing.T, cfg Config, name, src string) *Result {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{name: src})
	cfg.Root = dir
	return NewRunner(cfg).RunFile(context.Background(), filepath.Join(dir, name), "")
}

func TestRunFileOutcomes(t *testing.T) {
	requireBash(t)
	f := NewFeatures("linux", "go")
	tests := []struct {
		name, src  string
		want       Status
		commands   int // number of commands executed
		failedLine int // RUN line of the failed command, 0 if none
	}{
		{"pass", "// RUN: true\n// RUN: echo x | grep -q x\n", Pass, 2, 0},
		{"first failure stops", "// RUN: true\n// RUN: exit 4\n// RUN: true\n", Fail, 2, 2},
		{"pipefail", "// RUN: false | cat\n", Fail, 1, 1},
		{"and-or", "// RUN: false || true\n// RUN: true && false\n", Fail, 2, 2},
		{"bang", "// RUN: ! false\n", Pass, 1, 0},
		{"semicolon uses last status", "// RUN: false; true\n", Pass, 1, 0},
		{"hash prefix", "# RUN: test 1 = 1\n", Pass, 1, 0},
		{"semicolon prefix", "; RUN: test 1 = 2\n", Fail, 1, 1},
		{"continued failure", "// RUN: echo a \\\n// RUN: | grep b\n", Fail, 1, 1},
		{"xfail", "// XFAIL: *\n// RUN: false\n", XFail, 1, 2},
		{"xfail by feature", "// XFAIL: go\n// RUN: false\n", XFail, 1, 2},
		{"xpass", "// XFAIL: linux\n// RUN: true\n", XPass, 1, 0},
		{"xfail elsewhere fails", "// XFAIL: windows\n// RUN: false\n", Fail, 1, 2},
		{"requires", "// REQUIRES: dot\n// RUN: false\n", Unsupported, 0, 0},
		{"unsupported", "// UNSUPPORTED: linux\n// RUN: false\n", Unsupported, 0, 0},
		{"no run line", "// CHECK: x\n", Unresolved, 0, 0},
		{"bad expression", "// XFAIL: linux &&\n// RUN: true\n", Unresolved, 0, 0},
		{"command not found", "// RUN: tt-lit-no-such-command\n", Fail, 1, 1},
		{"killed by signal", "// RUN: kill -KILL $$\n", Fail, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			res := runSource(t, Config{Features: f}, "t.mlir", tc.src)
			if res.Status != tc.want {
				t.Fatalf("status = %v, want %v\n%s", res.Status, tc.want, res.Report())
			}
			if len(res.Commands) != tc.commands {
				t.Errorf("%d commands ran, want %d", len(res.Commands), tc.commands)
			}
			line := 0
			if c := res.FailedCommand(); c != nil {
				line = c.Run.Line
			}
			if line != tc.failedLine {
				t.Errorf("failed at RUN line %d, want %d", line, tc.failedLine)
			}
			if res.Status.Failed() != (tc.want == Fail || tc.want == XPass || tc.want == Unresolved) {
				t.Errorf("Failed() = %v for %v", res.Status.Failed(), res.Status)
			}
		})
	}
}

func TestRunFileReport(t *testing.T) {
	requireBash(t)
	src := "// RUN: echo ok\n// RUN: echo out-%s; echo err >&2; exit 7\n// RUN: true\n"
	res := runSource(t, Config{}, "sub/fail.mlir", src)
	if res.Status != Fail {
		t.Fatalf("status = %v, want FAIL", res.Status)
	}
	if res.Name != "sub/fail.mlir" {
		t.Errorf("Name = %q, want sub/fail.mlir", res.Name)
	}
	report := res.Report()
	for _, want := range []string{
		"FAIL: sub/fail.mlir\n",
		"file: " + res.Path + "\n",
		"failed at RUN line 2 (command 2 of 3)",
		"$ echo out-" + res.Path + "; echo err >&2; exit 7\n",
		"exit status: 7\n",
		"--- stdout:\nout-" + res.Path + "\n",
		"--- stderr:\nerr\n",
	} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
}

func TestRunFileReportSignalAndXPass(t *testing.T) {
	requireBash(t)
	res := runSource(t, Config{}, "sig.mlir", "// RUN: kill -KILL $$\n")
	if got := res.Report(); !strings.Contains(got, "killed by signal: killed") {
		t.Errorf("report lacks the signal:\n%s", got)
	}
	res = runSource(t, Config{}, "xpass.mlir", "// XFAIL: *\n// RUN: echo fine\n")
	got := res.Report()
	for _, want := range []string{"XPASS: xpass.mlir", "marked XFAIL", "passed RUN line 2: echo fine"} {
		if !strings.Contains(got, want) {
			t.Errorf("report lacks %q:\n%s", want, got)
		}
	}
}

func TestRunFileTruncatesOutput(t *testing.T) {
	requireBash(t)
	res := runSource(t, Config{MaxOutput: 1000}, "big.mlir", "// RUN: seq 1 100000; exit 1\n")
	c := res.FailedCommand()
	if c == nil {
		t.Fatalf("no failed command:\n%s", res.Report())
	}
	if len(c.Stdout) > 1100 || !strings.Contains(c.Stdout, "bytes omitted") || !strings.HasSuffix(c.Stdout, "100000\n") {
		t.Errorf("stdout not truncated sensibly (%d bytes): %q", len(c.Stdout), c.Stdout)
	}
}

func TestRunFileTimeout(t *testing.T) {
	requireBash(t)
	start := time.Now()
	res := runSource(t, Config{Timeout: 200 * time.Millisecond}, "slow.mlir",
		"// RUN: true\n// RUN: sleep 30 | cat\n// RUN: true\n")
	if res.Status != Timeout || !res.Status.Failed() {
		t.Fatalf("status = %v, want TIMEOUT", res.Status)
	}
	if len(res.Commands) != 2 {
		t.Errorf("%d commands ran, want 2", len(res.Commands))
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("timeout took %v", d)
	}
	if got := res.Report(); !strings.Contains(got, "timed out after 200ms") {
		t.Errorf("report lacks the timeout:\n%s", got)
	}
}

func TestRunFileEnvironment(t *testing.T) {
	requireBash(t)
	dir := t.TempDir()
	tools := filepath.Join(dir, "tools")
	writeFiles(t, dir, map[string]string{
		"tools/tt-lit-fake-tool": "#!/bin/sh\necho fake tool ran\n",
		"tests/Inputs/data.txt":  "input data\n",
		"tests/env.mlir": strings.Join([]string{
			"// RUN: tt-lit-fake-tool | grep -qx 'fake tool ran'",
			"// RUN: test -f ./env.mlir && grep -q 'input data' Inputs/data.txt",
			"// RUN: test \"$TT_LIT_EXTRA\" = yes",
			"// RUN: test -z \"$BASH_ENV\"",
			"// RUN: echo data > %t && test -f %T/env.mlir.tmp",
			"",
		}, "\n"),
	})
	if err := os.Chmod(filepath.Join(tools, "tt-lit-fake-tool"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("BASH_ENV", filepath.Join(dir, "no-such-rc"))
	r := NewRunner(Config{Root: filepath.Join(dir, "tests"), ToolsDir: tools, Env: []string{"TT_LIT_EXTRA=yes"}})
	tmp := t.TempDir()
	res := r.RunFile(context.Background(), filepath.Join(dir, "tests", "env.mlir"), tmp)
	if res.Status != Pass {
		t.Fatalf("status = %v\n%s", res.Status, res.Report())
	}
	if _, err := os.Stat(filepath.Join(tmp, "env.mlir.tmp")); err != nil {
		t.Errorf("%%t was not created in the given temporary directory: %v", err)
	}
}

func TestRunFileRemovesOwnTempDir(t *testing.T) {
	requireBash(t)
	dir := t.TempDir()
	record := filepath.Join(dir, "tmpdir")
	res := runSource(t, Config{}, "tmp.mlir", "// RUN: echo %T > "+record+"\n")
	if res.Status != Pass {
		t.Fatalf("status = %v\n%s", res.Status, res.Report())
	}
	data, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(strings.TrimSpace(string(data))); !os.IsNotExist(err) {
		t.Errorf("temporary directory %s still exists (%v)", data, err)
	}
}

func TestStatusString(t *testing.T) {
	for s, want := range map[Status]string{Pass: "PASS", Fail: "FAIL", XFail: "XFAIL", XPass: "XPASS",
		Unsupported: "UNSUPPORTED", Unresolved: "UNRESOLVED", Timeout: "TIMEOUT", Status(99): "Status(99)"} {
		if got := s.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", int(s), got, want)
		}
	}
}
