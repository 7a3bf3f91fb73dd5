package asm_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// FuzzParse checks that no input makes the parser, verifier or printer panic
// or hang, and that whatever verifies prints to text that parses back to the
// same IR in both forms.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob("../../test/corpus/*.mlir")
	invalid, _ := filepath.Glob("../../test/lit/invalid/*.mlir")
	for _, path := range append(seeds, invalid...) {
		if data, err := os.ReadFile(path); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		ctx := registry.NewContext()
		ctx.AllowUnregistered = true
		m, err := asm.Parse(ctx, src, asm.ParseOptions{Filename: "fuzz.mlir", MaxNesting: 200})
		if err != nil {
			if _, ok := err.(*ir.Diagnostic); !ok {
				t.Fatalf("parse error is not a located diagnostic: %v", err)
			}
			return
		}
		if ir.Verify(m) != nil {
			return
		}
		for _, opts := range []asm.PrintOptions{{}, {Generic: true, DebugInfo: true}} {
			first := asm.String(m, opts)
			ctx2 := registry.NewContext()
			ctx2.AllowUnregistered = true
			m2, err := asm.ParseString(ctx2, first, asm.ParseOptions{Filename: "printed.mlir"})
			if err != nil {
				t.Fatalf("printed IR does not parse (%+v): %v\ninput:\n%s\nprinted:\n%s", opts, err, src, first)
			}
			if second := asm.String(m2, opts); second != first {
				t.Fatalf("printing is not stable (%+v):\n%s\nvs\n%s", opts, first, second)
			}
		}
	})
}
