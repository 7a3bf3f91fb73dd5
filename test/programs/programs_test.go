package programs_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
	"github.com/tt-compiler/tt/test/programs"
)

// parseVerify parses src with every tt dialect and verifies it.
func parseVerify(t *testing.T, name, src string) *ir.Operation {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: name})
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatal(err)
	}
	return m
}

// TestProgramsVerify parses and verifies every program, and checks that
// each defines a function named after its file.
func TestProgramsVerify(t *testing.T) {
	names, err := filepath.Glob("*.mlir") // the files on disk: each must be embedded
	if err != nil || len(names) == 0 {
		t.Fatalf("no programs: %v", err)
	}
	for _, file := range names {
		name := strings.TrimSuffix(file, filepath.Ext(file))
		t.Run(name, func(t *testing.T) {
			m := parseVerify(t, file, programs.MustSource(name))
			if ir.NewSymbolTable(m).Lookup(name) == nil {
				t.Errorf("%s defines no @%s", file, name)
			}
		})
	}
	if _, err := programs.Source("no_such_program"); err == nil {
		t.Error("a missing program has a source")
	}
}

// TestWithRows checks the resized programs: only leading dimensions equal
// to rows change, and the result verifies.
func TestWithRows(t *testing.T) {
	tests := []struct {
		name       string
		rows, n    int64
		want, gone string
	}{
		{"mlp", 256, 4, "tensor<4x784xf32>, %w1: tensor<784x1024xf32>", "tensor<256x"},
		{"mlp", 256, 4, "tensor<4xi64>", "tensor<256xi64>"},
		{"layer_norm", 8192, 32, "tensor<32x1024xf32>, %g: tensor<1024xf32>", "tensor<8192"},
		{"softmax", 4096, 7, "tensor<7x1024xf32>", "tensor<4096"},
		{"gelu_chain", 4096, 32, "tensor<1024xf32> -> tensor<32x1024xf32>", "tensor<4096"},
	}
	for _, tc := range tests {
		src := programs.WithRows(programs.MustSource(tc.name), tc.rows, tc.n)
		if !strings.Contains(src, tc.want) || strings.Contains(src, tc.gone) {
			t.Errorf("%s with %d rows: want %q and no %q in\n%s", tc.name, tc.n, tc.want, tc.gone, src)
		}
		parseVerify(t, tc.name, src)
	}
}
