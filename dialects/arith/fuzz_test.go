package arith_test

import (
	"os"
	"regexp"
	"testing"

	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// FuzzRoundTrip parses arbitrary text with the arith and math dialects
// loaded. Nothing may panic, and IR that verifies must print (in custom and
// in generic form) to text that parses back, verifies and prints the same.
// The seeds are the functions of the lit round-trip tests.
func FuzzRoundTrip(f *testing.F) {
	funcRE := regexp.MustCompile(`(?ms)^func\.func @.*?^}`)
	for _, name := range []string{"../../test/lit/arith/ops.mlir", "../../test/lit/arith/math.mlir", "../../test/lit/arith/fold.mlir"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		for _, fn := range funcRE.FindAll(data, -1) {
			f.Add(string(fn))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		ctx := newContext()
		m, err := asm.ParseString(ctx, src, asm.ParseOptions{Filename: "fuzz.mlir"})
		if err != nil || ir.Verify(m) != nil {
			return
		}
		for _, generic := range []bool{false, true} {
			opts := asm.PrintOptions{Generic: generic}
			text := asm.String(m, opts)
			m2, err := asm.ParseString(ctx, text, asm.ParseOptions{Filename: "printed.mlir"})
			if err != nil {
				t.Fatalf("printed IR does not parse: %v\n%s", err, text)
			}
			if err := ir.Verify(m2); err != nil {
				t.Fatalf("printed IR does not verify: %v\n%s", err, text)
			}
			if again := asm.String(m2, opts); again != text {
				t.Fatalf("round trip changed the IR:\n%s\n---\n%s", text, again)
			}
		}
	})
}
