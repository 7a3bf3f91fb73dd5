package vector_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// corpus uses every op of the dialect in its custom form.
const corpus = `func.func @f(%m: memref<4x?xf32>, %i: index, %s: f32, %v: vector<4xi32>, %z: vector<f64>) -> (vector<8xf32>, f32, i32, f64) {
  %l = vector.load %m[%i, %i] : memref<4x?xf32>, vector<8xf32>
  %b = vector.broadcast %s : f32 to vector<8xf32>
  %p = vector.splat %s : vector<8xf32>
  %f = vector.fma %l, %b, %p : vector<8xf32>
  vector.store %f, %m[%i, %i] : memref<4x?xf32>, vector<8xf32>
  %r = vector.reduction <maxf>, %f : vector<8xf32> into f32
  %q = vector.reduction <xor>, %v : vector<4xi32> into i32
  %w = vector.reduction <add>, %z : vector<f64> into f64
  return %f, %r, %q, %w : vector<8xf32>, f32, i32, f64
}
`

// check parses src and, when it parses, verifies and prints it in both
// forms; when it verifies, the custom form must read back to the same
// text. It reports panics with the input.
func check(t *testing.T, src string) (parsed, verified bool) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("panic %v on input:\n%s", r, src)
		}
	}()
	m, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: "fuzz.mlir"})
	if err != nil {
		if _, ok := err.(*ir.Diagnostic); !ok && !strings.Contains(err.Error(), "fuzz.mlir:") {
			t.Errorf("unlocated parse error %q for:\n%s", err, src)
		}
		return false, false
	}
	verr := ir.Verify(m)
	custom := asm.String(m, asm.PrintOptions{})
	generic := asm.String(m, asm.PrintOptions{Generic: true})
	if verr != nil {
		return true, false
	}
	for _, text := range []string{custom, generic} {
		m2, err := asm.ParseString(registry.NewContext(), text, asm.ParseOptions{Filename: "printed.mlir"})
		if err != nil {
			t.Fatalf("printed form does not parse: %v\ninput:\n%s\nprinted:\n%s", err, src, text)
		}
		if got := asm.String(m2, asm.PrintOptions{}); got != custom {
			t.Fatalf("round trip differs:\n%s\nvs\n%s", got, custom)
		}
	}
	return true, true
}

func TestCorpusRoundTrips(t *testing.T) {
	if _, ok := check(t, corpus); !ok {
		m, err := asm.ParseString(registry.NewContext(), corpus, asm.ParseOptions{Filename: "corpus.mlir"})
		if err == nil {
			err = ir.Verify(m)
		}
		t.Fatalf("corpus does not verify: %v", err)
	}
}

// TestMutationsDoNotPanic parses, verifies and prints truncations and
// token-level mutations of the corpus: every outcome must be a located
// error or valid IR that round-trips, never a panic.
func TestMutationsDoNotPanic(t *testing.T) {
	for i := 0; i < len(corpus); i += 3 {
		check(t, corpus[:i])
	}
	m, err := asm.ParseString(registry.NewContext(), corpus, asm.ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	generic := asm.String(m, asm.PrintOptions{Generic: true})
	stats := map[string]int{}
	for _, src := range []string{corpus, generic} {
		mutate(t, src, stats)
	}
	t.Logf("parsed/verified: %v", stats)
	if stats["true false"] < 50 {
		t.Errorf("only %d mutations reached the verifier", stats["true false"])
	}
}

func mutate(t *testing.T, src string, stats map[string]int) {
	toks := strings.Fields(src)
	repl := []string{"", "%c0", "%z", "%m", "f32", "index", "i1", "memref<?xf32>", "memref<f32>", "vector<4xf32>", "tensor<4xf32>",
		"(", ")", "{", "}", "[", "]", ",", ":", "->", "=", "0", "-1", "7", "loops.yield", "loops.if", "^bb1:", "<add>", "<minui>", "<maxf>", "<bogus>", "into", "to", "vector<8xi32>", "vector<2x4xf32>", "vector<f32>", "memref<4x?xf64>",
		"#vector.kind<and>", "#vector.kind<minf>", "%arg2", "%0", "%3", "(", ")", "()", "->", "(index)", "(f32)"}
	for i := range toks {
		for _, r := range repl {
			mut := make([]string, 0, len(toks))
			mut = append(mut, toks[:i]...)
			if r != "" {
				mut = append(mut, r)
			}
			mut = append(mut, toks[i+1:]...)
			p, v := check(t, strings.Join(mut, " "))
			stats[fmt.Sprint(p, v)]++
		}
	}
}
