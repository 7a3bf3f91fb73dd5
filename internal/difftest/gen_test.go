package difftest

import (
	"context"
	"testing"
)

// TestGeneratedProgramsRun checks that generated programs are valid: they
// parse, verify and run on the reference interpreter, forward and
// gradient, and that generation is deterministic.
func TestGeneratedProgramsRun(t *testing.T) {
	for _, grad := range []bool{false, true} {
		for seed := int64(0); seed < 200; seed++ {
			p := Generate(seed, GenOptions{Grad: grad})
			if q := Generate(seed, GenOptions{Grad: grad}); q.Module("f") != p.Module("f") {
				t.Fatalf("seed %d: generation is not deterministic", seed)
			}
			c := CaseOf(p, "f")
			r := Check(context.Background(), Config{NoFD: true}, []*Case{c})[0]
			for _, f := range r.Failures {
				t.Errorf("seed %d grad %v: %v\n%s", seed, grad, f, c.Module)
			}
		}
	}
}
