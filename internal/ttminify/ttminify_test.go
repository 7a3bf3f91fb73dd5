package ttminify

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const f16Module = `func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %a = tensor.add %x, %y : tensor<4xf32>
  %h = tensor.cast %a : tensor<4xf32> -> tensor<4xf16>
  %e = tensor.exp %h : tensor<4xf16>
  %b = tensor.cast %e : tensor<4xf16> -> tensor<4xf32>
  %s = tensor.sin %b : tensor<4xf32>
  return %s : tensor<4xf32>
}
`

// convModule fails in pt2-go: the loop level needs conv2d kernel sizes
// known at compile time.
const convModule = `func.func @f(%x: tensor<1x1x4x4xf32>, %y: tensor<1x1x4x4xf32>, %w: tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32> {
  %a = tensor.add %x, %y : tensor<1x1x4x4xf32>
  %e = tensor.exp %a : tensor<1x1x4x4xf32>
  %c = "tensor.conv2d"(%e, %w) : (tensor<1x1x4x4xf32>, tensor<1x1x?x?xf32>) -> tensor<1x1x?x?xf32>
  %s = tensor.sin %c : tensor<1x1x?x?xf32>
  return %s : tensor<1x1x?x?xf32>
}
`

// TestMainMinimizesCrash runs tt-minify in process on a pipeline failure
// (the loop level rejects conv2d kernels of dynamic size) and checks the
// written test.
func TestMainMinimizesCrash(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "m.mlir")
	if err := os.WriteFile(in, []byte(convModule), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	out := filepath.Join(dir, "out")
	if st := Main([]string{in, "--crash", "builtin.module(pt2-go)", "--out", out, "--name", "c"}, &stdout, &stderr); st != 0 {
		t.Fatalf("status %d: %s", st, stderr.String())
	}
	if !strings.Contains(stdout.String(), "minimized @f from 4 to 1 ops") {
		t.Errorf("summary %q", stdout.String())
	}
	got, err := os.ReadFile(filepath.Join(out, "c.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"// RUN: tt-opt %s --pass-pipeline='builtin.module(pt2-go)'", "dynamic conv2d kernel sizes are not supported", "tensor.conv2d %arg1, %arg0 : tensor<1x1x4x4xf32>, tensor<1x1x?x?xf32>"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("the test lacks %q:\n%s", want, got)
		}
	}
	for _, gone := range []string{"tensor.add", "tensor.sin", "tensor.exp"} {
		if strings.Contains(string(got), gone) {
			t.Errorf("the test still has %s:\n%s", gone, got)
		}
	}
}

// TestInjectFault checks that every result of the op is negated, once.
func TestInjectFault(t *testing.T) {
	got, err := InjectFault(f16Module, "tensor.add")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(got, "%1 = tensor.neg %0 : tensor<4xf32>") || !strings.Contains(got, "tensor.cast %1") {
		t.Errorf("add not negated:\n%s", got)
	}
	if strings.Count(got, "tensor.neg") != 1 {
		t.Errorf("want one neg:\n%s", got)
	}
}

// chainModule has one tensor.exp among nine other ops.
const chainModule = `func.func @f(%x: tensor<4x5xf32>, %y: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<5xf32>) {
  %a = tensor.add %x, %y : tensor<4x5xf32>
  %r = tensor.relu %a : tensor<4x5xf32>
  %t = tensor.tanh %r : tensor<4x5xf32>
  %e = tensor.exp %t : tensor<4x5xf32>
  %m = tensor.mul %e, %y : tensor<4x5xf32>
  %s = tensor.sin %m : tensor<4x5xf32>
  %u = tensor.reduce_sum %s dims = [0] : tensor<4x5xf32>
  %n = tensor.neg %u : tensor<5xf32>
  %q = tensor.sub %s, %x : tensor<4x5xf32>
  return %q, %n : tensor<4x5xf32>, tensor<5xf32>
}
`

// TestMainCommandPredicate minimizes with an external predicate on an
// injected failure: the "bug" is any tensor.exp whose inputs are written
// next to it (the command checks the candidate's files, as a script
// running an older build of the compiler would). Only the exp remains,
// and the written lit test reruns the command, negated.
func TestMainCommandPredicate(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "m.mlir")
	if err := os.WriteFile(in, []byte(chainModule), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	cmd := `grep -q "tensor.exp" module.mlir && test -f "$TT_MINIFY_MODULE" && test "$TT_MINIFY_ENTRY" = f && for a in $TT_MINIFY_INPUTS; do case $a in --input) ;; *) test -s "$a" || exit 1;; esac; done`
	var stdout, stderr bytes.Buffer
	if st := Main([]string{in, "--random-inputs", "3", "--command", cmd, "--out", out, "--name", "ext"}, &stdout, &stderr); st != 0 {
		t.Fatalf("status %d: %s", st, stderr.String())
	}
	if !strings.Contains(stdout.String(), "minimized @f from 9 to 1 ops") {
		t.Errorf("summary %q", stdout.String())
	}
	got, err := os.ReadFile(filepath.Join(out, "ext.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"// Found: the command exits 0: grep -q",
		"// RUN: rm -rf %t && mkdir -p %t && cp %s %t/module.mlir && cp %S/Inputs/ext/in0.npy %t/",
		"not sh -c 'grep -q \"tensor.exp\" module.mlir",
		"%0 = tensor.exp %arg0 : tensor<4x5xf32>",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("the test lacks %q:\n%s", want, got)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "Inputs", "ext", "in0.npy")); err != nil {
		t.Error(err)
	}
	// A command that does not hold on the original module is an error.
	stderr.Reset()
	if st := Main([]string{in, "--command", "false", "--out", out}, &stdout, &stderr); st != 1 || !strings.Contains(stderr.String(), "does not exit 0 on the original module") {
		t.Errorf("status %d: %s", st, stderr.String())
	}
}
