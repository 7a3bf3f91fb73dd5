package tt_test

import (
	"testing"

	"github.com/tt-compiler/tt"
)

func BenchmarkEagerAdd(b *testing.B) {
	x := tt.Ones(tt.Float32, 64, 64)
	for b.Loop() {
		x = tt.Add(x, x)
	}
}

// mlpStep is a 64-64-10 MLP classifier's data and loss.
func mlpStep() (args []*tt.Tensor, loss func(x, y, w1, b1, w2, b2 *tt.Tensor) *tt.Tensor) {
	g := tt.NewGenerator(1)
	args = []*tt.Tensor{
		g.Randn(tt.Float32, 64, 64), g.RandInt(10, 64),
		tt.MulScalar(g.Randn(tt.Float32, 64, 64), 0.1), tt.Zeros(tt.Float32, 64),
		tt.MulScalar(g.Randn(tt.Float32, 64, 10), 0.1), tt.Zeros(tt.Float32, 10),
	}
	return args, func(x, y, w1, b1, w2, b2 *tt.Tensor) *tt.Tensor {
		h := tt.Relu(tt.Add(tt.MatMul(x, w1), b1))
		return tt.CrossEntropy(tt.Add(tt.MatMul(h, w2), b2), y)
	}
}

// BenchmarkMLPForwardEager is the MLP's loss op by op on the interpreter.
func BenchmarkMLPForwardEager(b *testing.B) {
	a, loss := mlpStep()
	for b.Loop() {
		loss(a[0], a[1], a[2], a[3], a[4], a[5])
	}
}

// BenchmarkMLPTrainStep is one SGD step: value and gradients from
// ValueAndGrad on a backend, then eager updates of the four parameters.
func BenchmarkMLPTrainStep(b *testing.B) {
	for _, be := range []string{"interp", "go"} {
		b.Run(be, func(b *testing.B) {
			a, loss := mlpStep()
			vg := tt.ValueAndGrad(loss, tt.Backend(be))
			defer tt.Release(vg)
			vg(a[0], a[1], a[2], a[3], a[4], a[5]) // compile outside the timing
			for b.Loop() {
				_, g := vg(a[0], a[1], a[2], a[3], a[4], a[5])
				for i := 2; i < 6; i++ {
					a[i] = tt.Sub(a[i], tt.MulScalar(g[i], 0.1))
				}
			}
		})
	}
}

// BenchmarkMLPCompileGo is the first call of ValueAndGrad on the go
// backend: trace, aot-autograd, lowering, Go emission, the Go build and one
// run. cold: an empty tt build cache per iteration (the Go toolchain's own
// GOCACHE stays as it is); warm: the generated program is in the cache.
func BenchmarkMLPCompileGo(b *testing.B) {
	for _, mode := range []string{"cold", "warm"} {
		b.Run(mode, func(b *testing.B) {
			a, loss := mlpStep()
			if mode == "warm" {
				vg := tt.ValueAndGrad(loss, tt.Backend("go"))
				vg(a[0], a[1], a[2], a[3], a[4], a[5])
				tt.Release(vg)
			}
			for b.Loop() {
				if mode == "cold" {
					b.Setenv("TT_CACHE_DIR", b.TempDir())
				}
				vg := tt.ValueAndGrad(loss, tt.Backend("go"))
				vg(a[0], a[1], a[2], a[3], a[4], a[5])
				tt.Release(vg)
			}
		})
	}
}

// BenchmarkCallOverhead is one call of a compiled one-op function on
// small tensors ([4, 4] float32, alternating between two so that the go
// backend cannot reuse the previous call's arguments): per-call overhead,
// for the go backend mostly the transfer to and from its child process.
func BenchmarkCallOverhead(b *testing.B) {
	for _, be := range []string{"interp", "go"} {
		b.Run(be, func(b *testing.B) {
			f := tt.Compile(func(x, y *tt.Tensor) *tt.Tensor { return tt.Add(x, y) }, tt.Backend(be))
			defer tt.Release(f)
			g := tt.NewGenerator(1)
			xs := []*tt.Tensor{g.Randn(tt.Float32, 4, 4), g.Randn(tt.Float32, 4, 4)}
			f(xs[0], xs[0]) // compile outside the timing
			i := 0
			for b.Loop() {
				f(xs[i&1], xs[0])
				i++
			}
		})
	}
}
