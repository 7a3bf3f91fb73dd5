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
