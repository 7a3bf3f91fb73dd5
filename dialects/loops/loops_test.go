package loops_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// corpus uses every op of the dialect in its custom form.
const corpus = `func.func @f(%m: memref<4x?xf32>, %n: index, %c: i1, %x: tensor<4xf32>) -> (memref<?xf32>, f32, tensor<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  %b = loops.alloc(%n) : memref<?xf32>
  %d = loops.dim %m, 1 : memref<4x?xf32>
  %r = loops.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> f32 {
    %v = loops.load %m[%c0, %i] : memref<4x?xf32>
    %s = arith.addf %acc, %v : f32
    loops.yield %s : f32
  } {reductions = ["addf"]}
  loops.parallel (%i, %j) = (%c0, %c0) to (%n, %d) step (%c1, %c1) {
    loops.store %r, %m[%i, %j] : memref<4x?xf32>
    loops.yield
  }
  %y = loops.if %c -> f32 {
    loops.yield %r : f32
  } else {
    loops.yield %z : f32
  }
  loops.if %c {
    loops.copy %b, %b : memref<?xf32>, memref<?xf32>
    loops.yield
  }
  %t = loops.alloc() : memref<4x4xf32>
  loops.call_extern "tt.matmul"(%t, %t, %t) : (memref<4x4xf32>, memref<4x4xf32>, memref<4x4xf32>) -> ()
  loops.dealloc %t : memref<4x4xf32>
  %k = loops.kernel "fused_neg_0" pointwise (%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %e = tensor.neg %a : tensor<4xf32>
    loops.yield %e : tensor<4xf32>
  }
  return %b, %y, %k : memref<?xf32>, f32, tensor<4xf32>
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
	if stats["true false"] < 100 {
		t.Errorf("only %d mutations reached the verifier", stats["true false"])
	}
}

func mutate(t *testing.T, src string, stats map[string]int) {
	toks := strings.Fields(src)
	repl := []string{"", "%c0", "%z", "%m", "f32", "index", "i1", "memref<?xf32>", "memref<f32>", "vector<4xf32>", "tensor<4xf32>",
		"(", ")", "{", "}", "[", "]", ",", ":", "->", "=", "0", "-1", "7", "loops.yield", "loops.if", "^bb1:", "iter_args(%q = %z)", "\"tt.conv2d\"", "%arg2", "%0", "%3", "({", "})", "({})", "()", "->", "(index)", "(f32)"}
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
