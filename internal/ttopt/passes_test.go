package ttopt

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// runMain runs tt-opt with args on stdin and returns the exit status and
// outputs.
func runMain(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	status := Main(args, strings.NewReader(stdin), &out, &errb)
	return status, out.String(), errb.String()
}

const twoFuncs = `func.func @f(%a: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %0 = arith.addi %a, %c1 : i32
  %1 = arith.addi %a, %c1 : i32
  %2 = arith.addi %0, %1 : i32
  return %2 : i32
}
func.func private @g(%a: i32) -> i32 {
  return %a : i32
}
`

func TestListPasses(t *testing.T) {
	status, out, _ := runMain(t, "", "--list-passes")
	if status != 0 {
		t.Fatalf("status %d", status)
	}
	for _, want := range []string{"--canonicalize", "Canonicalize operations", "max-iterations=<int>", "(default: 10)",
		"--cse", "--dce", "--inline", "default-pipeline=<string>", "--symbol-dce"} {
		if !strings.Contains(out, want) {
			t.Errorf("--list-passes lacks %q:\n%s", want, out)
		}
	}
}

func TestPipelineFlagErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--pass-pipeline=builtin.module(func.func(cse,nope))"},
			"MLIR Textual PassPipeline Parser:1:30: error: 'nope' does not refer to a registered pass or pass pipeline\nbuiltin.module(func.func(cse,nope))\n                             ^\n"},
		{[]string{"--canonicalize=max-iterations=x"},
			"MLIR Textual PassPipeline Parser:1:29: error: invalid value for option 'max-iterations' of pass 'canonicalize': expected an integer, got \"x\"\ncanonicalize{max-iterations=x}\n                            ^\n"},
		{[]string{"--cse", "--pass-pipeline=builtin.module(cse)"}, "<unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options\n"},
		{[]string{"--cse", "--print-ir-after=nope"}, "--print-ir-before/--print-ir-after: 'nope' does not refer to a registered pass\n"},
		{[]string{"--cse", "--pass-timing-display=flat"}, "invalid timing display \"flat\" (expected list or tree)\n"},
	}
	for _, tc := range tests {
		status, out, errs := runMain(t, twoFuncs, tc.args...)
		if status != 1 || out != "" || errs != tc.want {
			t.Errorf("%v: status %d, stdout %q, stderr:\n%s\nwant:\n%s", tc.args, status, out, errs, tc.want)
		}
	}
}

func TestShorthandFlagsOrderAndDump(t *testing.T) {
	status, _, errs := runMain(t, twoFuncs, "--cse", "--canonicalize=max-iterations=2 top-down=false", "--symbol-dce", "--cse", "--dump-pass-pipeline", "-o", os.DevNull)
	want := "Pass Manager with 4 passes:\nbuiltin.module(cse,canonicalize{  max-iterations=2 max-num-rewrites=-1 region-simplify=true test-convergence=false top-down=false},symbol-dce,cse)\n\n"
	if status != 0 || errs != want {
		t.Errorf("status %d, stderr:\n%s\nwant:\n%s", status, errs, want)
	}
	// A plain list given to --pass-pipeline is anchored on the module.
	status, _, errs = runMain(t, twoFuncs, "--pass-pipeline=func.func(cse),symbol-dce", "--dump-pass-pipeline", "-o", os.DevNull)
	if status != 0 || !strings.Contains(errs, "builtin.module(func.func(cse),symbol-dce)") {
		t.Errorf("status %d, stderr:\n%s", status, errs)
	}
}

func TestRunPipeline(t *testing.T) {
	status, out, errs := runMain(t, twoFuncs, "--pass-pipeline=builtin.module(func.func(cse,canonicalize),symbol-dce)")
	want := `module {
  func.func @f(%arg0: i32) -> i32 {
    %c1_i32 = arith.constant 1 : i32
    %0 = arith.addi %arg0, %c1_i32 : i32
    %1 = arith.addi %0, %0 : i32
    return %1 : i32
  }
}

`
	if status != 0 || out != want || errs != "" {
		t.Errorf("status %d\nstdout:\n%s\nstderr:\n%s", status, out, errs)
	}
	// The same with the shorthand flags, with and without threads.
	for _, extra := range []string{"--no-threading", "--mlir-disable-threading", "--verify-each=false"} {
		status, out2, _ := runMain(t, twoFuncs, "--cse", "--canonicalize", "--symbol-dce", extra)
		if status != 0 || out2 != want {
			t.Errorf("%s: status %d\n%s", extra, status, out2)
		}
	}
}

func TestPrintIRFlags(t *testing.T) {
	_, _, errs := runMain(t, twoFuncs, "--pass-pipeline=builtin.module(func.func(cse),symbol-dce)", "--print-ir-after-all", "-o", os.DevNull)
	headers := regexp.MustCompile(`(?m)^// -----// .*$`).FindAllString(errs, -1)
	want := []string{
		"// -----// IR Dump After CSE (cse) //----- //",
		"// -----// IR Dump After CSE (cse) //----- //",
		"// -----// IR Dump After SymbolDCE (symbol-dce) //----- //",
	}
	if strings.Join(headers, "\n") != strings.Join(want, "\n") {
		t.Errorf("headers:\n%s", errs)
	}
	if !strings.Contains(errs, "// -----// IR Dump After CSE (cse) //----- //\nfunc.func @f(%arg0: i32) -> i32 {\n  %c1_i32 = arith.constant 1 : i32\n") {
		t.Errorf("dump body:\n%s", errs)
	}
	_, _, errs = runMain(t, twoFuncs, "--cse", "--symbol-dce", "--mlir-print-ir-before=symbol-dce", "--print-ir-after=cse", "--print-ir-after-change", "-o", os.DevNull)
	headers = regexp.MustCompile(`(?m)^// -----// .*$`).FindAllString(errs, -1)
	want = []string{
		"// -----// IR Dump After CSE (cse) //----- //",
		"// -----// IR Dump Before SymbolDCE (symbol-dce) //----- //",
	}
	if strings.Join(headers, "\n") != strings.Join(want, "\n") {
		t.Errorf("before/after-change headers:\n%s", errs)
	}
	_, _, errs = runMain(t, twoFuncs, "--pass-pipeline=builtin.module(func.func(cse))", "--print-ir-before-all", "--print-ir-module-scope", "-o", os.DevNull)
	if !strings.HasPrefix(errs, "// -----// IR Dump Before CSE (cse) ('func.func' operation: @f) //----- //\nmodule {\n") {
		t.Errorf("module scope:\n%s", errs)
	}
}

func TestFailureOutput(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "in.mlir")
	if err := os.WriteFile(file, []byte(twoFuncs), 0o644); err != nil {
		t.Fatal(err)
	}
	status, out, errs := runMain(t, "", file, "--pass-pipeline=builtin.module(func.func(symbol-dce))", "--print-ir-after-failure")
	want := file + ":1:1: error: 'func.func' op was scheduled to run under SymbolDCE, but does not define a symbol table\n" +
		"func.func @f(%a: i32) -> i32 {\n^\n" +
		"// -----// IR Dump After SymbolDCE Failed (symbol-dce) //----- //\nfunc.func @f("
	if status != 1 || out != "" || !strings.HasPrefix(errs, want) {
		t.Errorf("status %d, stdout %q, stderr:\n%s\nwant prefix:\n%s", status, out, errs, want)
	}
	// With --verify-diagnostics the error is matched against the file.
	src := "// expected-error@+1 {{does not define a symbol table}}\nfunc.func @f() {\n  return\n}\n"
	status, out, errs = runMain(t, src, "--verify-diagnostics", "--pass-pipeline=builtin.module(func.func(symbol-dce))")
	if status != 0 || errs != "" {
		t.Errorf("verify-diagnostics: status %d\nstdout:\n%s\nstderr:\n%s", status, out, errs)
	}
}

var secondsRE = regexp.MustCompile(`\d+\.\d{4}`)

func TestTimingAndStatistics(t *testing.T) {
	status, _, errs := runMain(t, twoFuncs, "--pass-pipeline=builtin.module(func.func(cse,canonicalize))", "--pass-statistics", "--pass-timing", "-o", os.DevNull)
	if status != 0 {
		t.Fatalf("status %d: %s", status, errs)
	}
	stats := "===-------------------------------------------------------------------------===\n" +
		"                         ... Pass statistics report ...\n" +
		"===-------------------------------------------------------------------------===\n" +
		"'func.func' Pipeline\n  CSE\n    (S) 1 num-cse'd - Number of operations CSE'd\n    (S) 0 num-dce'd - Number of operations DCE'd\n" +
		"  Canonicalizer\n"
	if !strings.Contains(errs, stats) {
		t.Errorf("statistics:\n%s", errs)
	}
	timing := secondsRE.ReplaceAllString(errs[strings.Index(errs, "  ----Wall Time----"):], "T")
	timing = regexp.MustCompile(`\(\s*\d+\.\d%\)`).ReplaceAllString(timing, "(P)")
	wantTiming := `  ----Wall Time----  ----Name----
         T (P)  Parser
         T (P)  'func.func' Pipeline
         T (P)    CSE
         T (P)      (A) DominanceInfo
         T (P)    Canonicalizer
         T (P)  Output
         T (P)  Rest
         T (P)  Total
`
	wantTiming = strings.ReplaceAll(wantTiming, "         T", "    T")
	if timing != wantTiming {
		t.Errorf("timing:\n%s\nwant:\n%s", timing, wantTiming)
	}
	status, _, errs = runMain(t, twoFuncs, "--cse", "--mlir-pass-statistics", "--mlir-pass-statistics-display=list", "--mlir-timing", "--mlir-timing-display=list", "-o", os.DevNull)
	if status != 0 || !strings.Contains(errs, "  CSE\n    (S) 1 num-cse'd") || !strings.Contains(errs, "Execution time report") {
		t.Errorf("mlir aliases: status %d\n%s", status, errs)
	}
}
