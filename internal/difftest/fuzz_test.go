package difftest

import (
	"context"
	"testing"
)

// FuzzDifferential generates a program from the fuzzer's seed (a gradient
// program when grad is set), runs it on the tensor-level and the
// loop-level interpreters and the PTX simulator (the Go backend's builds
// are too slow for a fuzz target; tt-difftest runs it), and on a failure
// minimizes the program and reports the minimized module.
func FuzzDifferential(f *testing.F) {
	for seed := int64(0); seed < 16; seed++ {
		f.Add(seed, seed%2 == 1, uint8(8))
	}
	f.Fuzz(func(t *testing.T, seed int64, grad bool, ops uint8) {
		p := Generate(seed, GenOptions{Grad: grad, MaxOps: 1 + int(ops%16)})
		c := CaseOf(p, caseName(seed, grad))
		cfg := Config{Backends: []string{Loops, PTXSim}}
		r := Check(context.Background(), cfg, []*Case{c})[0]
		if len(r.Failures) == 0 {
			return
		}
		fail := r.Failures[0]
		s := &Subject{Module: c.Module, Entry: c.Entry, Inputs: c.Inputs}
		small, st, err := Minimize(context.Background(), s, SamePredicate(cfg, c, fail), nil)
		if err != nil {
			t.Fatalf("%v (not minimized: %v)\n%s", fail, err, c.Module)
		}
		t.Fatalf("%v\nminimized from %d to %d ops (save it with tt-difftest -seed %d -n 1 -grad=%v -backends loops,ptxsim -out DIR):\n%s", fail, st.OpsBefore, st.OpsAfter, seed, grad, small.Module)
	})
}
