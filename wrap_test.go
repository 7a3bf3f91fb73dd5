package tt_test

import (
	"testing"

	"github.com/tt-compiler/tt"
)

// TestWraps checks that Counters of a wrapper report the wrapped compiled
// function's, and that an unknown function is ignored.
func TestWraps(t *testing.T) {
	f := tt.Compile(func(x *tt.Tensor) *tt.Tensor { return tt.Exp(x) })
	w := tt.Wraps(func(x *tt.Tensor) *tt.Tensor { return f(x) }, f)
	x := tt.Ones(tt.Float32, 3)
	w(x)
	w(x)
	if c := tt.Counters(w); c.Compiles != 1 || c.CacheHits != 1 {
		t.Errorf("Counters of the wrapper: %+v", c)
	}
	plain := func() {}
	u := tt.Wraps(func() {}, plain)
	if c := tt.Counters(u); c != (tt.CounterSet{}) {
		t.Errorf("wrapping an unknown function: %+v", c)
	}
	tt.Release(w)
}
