package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteThenCheck(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d")
	var out, errb bytes.Buffer
	if code := run([]string{"-out", dir}, &out, &errb); code != 0 {
		t.Fatalf("write: status %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "tensor.md\n") {
		t.Errorf("output %q does not list tensor.md", out.String())
	}
	if code := run([]string{"-out", dir, "-check"}, &out, &errb); code != 0 {
		t.Fatalf("check after write: status %d: %s", code, errb.String())
	}
	if err := os.WriteFile(filepath.Join(dir, "tensor.md"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := run([]string{"-out", dir, "-check"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "tensor.md is out of date") {
		t.Fatalf("check of an edited file: status %d, %q", code, errb.String())
	}
	if code := run([]string{"-bogus"}, &out, &errb); code != 2 {
		t.Fatalf("bad flag: status %d", code)
	}
}
