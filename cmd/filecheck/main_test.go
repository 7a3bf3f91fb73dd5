package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets the test binary act as the filecheck command when
// FILECHECK_TEST_AS_MAIN is set, so tests can run it as a subprocess.
func TestMain(m *testing.M) {
	if os.Getenv("FILECHECK_TEST_AS_MAIN") == "1" {
		main()
		return
	}
	os.Exit(m.Run())
}

func TestCommand(t *testing.T) {
	dir := t.TempDir()
	check := filepath.Join(dir, "check.txt")
	if err := os.WriteFile(check, []byte("CHECK: foo\nCHECK-NEXT: bar\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		stdin  string
		want   int
		stderr string
	}{
		{"match", []string{check}, "foo\nbar\n", 0, ""},
		{"mismatch", []string{check}, "foo\nbaz\n", 1, "error: CHECK-NEXT: expected string not found in input"},
		{"flags after file", []string{check, "--dump-input=never", "-v"}, "foo\nbar\n", 0, "remark: CHECK-NEXT: expected string found in input"},
		{"usage", []string{}, "", 2, "<check-file> not specified"},
		{"unknown option", []string{check, "--bogus"}, "", 1, "Unknown command line argument '--bogus'"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], tt.args...)
			cmd.Env = append(os.Environ(), "FILECHECK_TEST_AS_MAIN=1", "FILECHECK_OPTS=")
			cmd.Stdin = strings.NewReader(tt.stdin)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			err := cmd.Run()
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			if code != tt.want || !strings.Contains(stderr.String(), tt.stderr) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit %d and %q", code, stderr.String(), tt.want, tt.stderr)
			}
		})
	}
}
