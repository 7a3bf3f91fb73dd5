package tt_test

import (
	"strings"
	"testing"

	"github.com/tt-compiler/tt"
)

// callCatching calls f and returns the *tt.Error it panics with.
func callCatching(f func() *tt.Tensor) (res *tt.Tensor, err *tt.Error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*tt.Error)
			if !ok {
				panic(r)
			}
			err = e
		}
	}()
	return f(), nil
}

// The cuda backend runs the graph on GPU 0; without a CUDA driver or
// device the first call fails with the driver's error instead of running
// eagerly.
func TestCUDABackend(t *testing.T) {
	mc := modelCases()[1]
	f := tt.Compile(mc.fn, tt.Backend("cuda"))
	defer tt.Release(f)
	g := tt.NewGenerator(3)
	x, w, b := g.Randn(tt.Float32, 3, 4), g.Randn(tt.Float32, 4, 5), g.Randn(tt.Float32, 5)
	got, err := callCatching(func() *tt.Tensor { return f(x, w, b) })
	if err != nil {
		if !strings.Contains(err.Error(), "no CUDA driver") && !strings.Contains(err.Error(), "no CUDA device") {
			t.Fatalf("cuda backend: %v, want the result or a no CUDA driver/device error", err)
		}
		t.Logf("no GPU here: %v", err)
		return
	}
	closeTo(t, "cuda", got.Float32s(), mc.fn(x, w, b).Float32s(), 1e-5)
}

func TestUnknownBackend(t *testing.T) {
	_, err := callCatching(func() *tt.Tensor {
		tt.Compile(func(x *tt.Tensor) *tt.Tensor { return x }, tt.Backend("tpu"))
		return nil
	})
	if err == nil || !strings.Contains(err.Error(), `unknown backend "tpu" (known backends: cuda, go, interp, ptxsim)`) {
		t.Fatalf("got %v, want an unknown backend error", err)
	}
}
