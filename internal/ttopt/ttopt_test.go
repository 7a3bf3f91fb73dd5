package ttopt

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFlags(t *testing.T) {
	src := []byte("func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n")
	tests := []struct {
		name string
		args []string
		want []string // substrings of stdout
	}{
		{"custom", nil, []string{"func.func @f(%arg0: i32) -> i32 {", "return %arg0 : i32"}},
		{"generic", []string{"--print-op-generic"}, []string{`"func.func"() ({`, `"func.return"(%arg0) : (i32) -> ()`, `function_type = (i32) -> i32`}},
		{"debuginfo", []string{"--print-debuginfo"}, []string{`loc("in.mlir":2:3)`, `%arg0: i32 loc("in.mlir":1:14)`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rc, out, stderr := runTTOpt(t, "in.mlir", src, tc.args...)
			if rc != 0 {
				t.Fatalf("exit %d: %s", rc, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}

func TestOutputFileAndStdin(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.mlir")
	var stdout, stderr bytes.Buffer
	rc := Main([]string{"-", "-o", out, "--allow-unregistered-dialect"}, strings.NewReader(`"t.a"() : () -> ()`), &stdout, &stderr)
	if rc != 0 {
		t.Fatalf("exit %d: %s", rc, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(data), `"t.a"() : () -> ()`) {
		t.Fatalf("output file: %q, %v", data, err)
	}
	if rc := Main([]string{"-"}, strings.NewReader(`"t.a"() : () -> ()`), &stdout, &stderr); rc != 1 || !strings.Contains(stderr.String(), "unregistered dialect") {
		t.Fatalf("unregistered op without the flag: exit %d, %s", rc, stderr.String())
	}
}

func TestVersionAndHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if rc := Main([]string{"--version"}, nil, &stdout, &stderr); rc != 0 || !strings.Contains(stdout.String(), "tt-opt version") {
		t.Fatalf("--version: %d %q", rc, stdout.String())
	}
	stdout.Reset()
	if rc := Main([]string{"--help"}, nil, &stdout, &stderr); rc != 0 || !strings.Contains(stdout.String(), "Examples:") {
		t.Fatalf("--help: %d %q", rc, stdout.String())
	}
	if rc := Main([]string{"--no-such-flag"}, nil, &stdout, &stderr); rc != 1 {
		t.Fatalf("unknown flag: exit %d", rc)
	}
	if rc := Main([]string{"/no/such/file.mlir"}, nil, &stdout, &stderr); rc != 1 {
		t.Fatalf("missing file: exit %d", rc)
	}
}

func TestSplitInputFileKeepsLineNumbers(t *testing.T) {
	src := []byte("\"t.a\"() : () -> ()\n// -----\n\n\"t.b\"(%x) : (i32) -> ()\n")
	rc, out, stderr := runTTOpt(t, "split.mlir", src, "--split-input-file", "--allow-unregistered-dialect")
	if rc != 1 || !strings.HasPrefix(stderr, "split.mlir:4:") {
		t.Fatalf("exit %d, stderr %q", rc, stderr)
	}
	if !strings.Contains(out, `"t.a"`) {
		t.Errorf("the valid chunk was not printed: %q", out)
	}
}

func TestVerifyDiagnosticsReportsMismatches(t *testing.T) {
	src := []byte("// expected-error@+1 {{this message is not produced}}\n\"t.a\"() : () -> ()\n\"t.b\"(%x) : (i32) -> ()\n")
	rc, _, stderr := runTTOpt(t, "v.mlir", src, "--verify-diagnostics", "--allow-unregistered-dialect")
	if rc != 1 {
		t.Fatalf("exit %d", rc)
	}
	for _, w := range []string{`expected error "this message is not produced" was not produced`, "unexpected error: use of undeclared SSA value name"} {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr lacks %q:\n%s", w, stderr)
		}
	}
}
