package lowering_test

import (
	"strings"
	"testing"
)

// TestDifferentialHalf runs the ops of opLosses (each op followed by a
// square and a sum, all in the 16-bit type) on f16 and bf16 at the tensor
// level and, after pt2-go, at the loop level, which computes them in f32
// between conversions: the results must be the interpreter's (one rounding
// per tensor op), on random inputs.
func TestDifferentialHalf(t *testing.T) {
	if !hasLoopKernels() {
		t.Skip("the interpreter has no loop-level kernels (interp/loopsk) yet")
	}
	ran := 0
	for _, c := range opLosses {
		if !strings.Contains(strings.Join(c.in, ""), "f32") {
			continue
		}
		for _, half := range []string{"f16", "bf16"} {
			h := c
			h.in = make([]string, len(c.in))
			for i, ty := range c.in {
				h.in[i] = strings.ReplaceAll(ty, "f32", half)
			}
			h.out = strings.ReplaceAll(c.out, "f32", half)
			if c.op == "tensor.pad" {
				h.attrs = strings.ReplaceAll(c.attrs, ": f32", ": "+half)
			}
			ran++
			t.Run(c.name+"/"+half, func(t *testing.T) {
				src := lossModule(t, h)
				ref := parse(t, src)
				low := parse(t, src)
				if err := runPipeline(t, low, "pt2-go"); err != nil {
					t.Fatalf("pt2-go: %v\n%s", err, src)
				}
				for seed := int64(1); seed <= 2; seed++ {
					diffModules(t, ref, low, "f", randomInputs(t, funcNamed(t, ref, "f"), seed, 3), 1e-6, 0)
				}
			})
		}
	}
	if ran < 60 {
		t.Errorf("only %d f16/bf16 programs", ran)
	}
}
