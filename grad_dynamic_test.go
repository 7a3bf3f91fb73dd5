package tt_test

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tt-compiler/tt"
)

// checkFiniteDifferences compares grads (of args, nil where not float)
// with central finite differences of the eager loss (float64 arguments).
func checkFiniteDifferences(t *testing.T, loss func(args []*tt.Tensor) *tt.Tensor, args []*tt.Tensor, grads []*tt.Tensor) {
	t.Helper()
	if len(grads) != len(args) {
		t.Fatalf("%d gradients for %d arguments", len(grads), len(args))
	}
	for ai, a := range args {
		if a.DType() != tt.Float64 {
			continue
		}
		if !equalInts(grads[ai].Shape(), a.Shape()) {
			t.Fatalf("gradient %d has shape %v, want %v", ai, grads[ai].Shape(), a.Shape())
		}
		vals, got := a.Float64s(), grads[ai].Float64s()
		for i := range vals {
			const eps = 1e-6
			at := func(d float64) float64 {
				v := append([]float64(nil), vals...)
				v[i] += d
				p := append([]*tt.Tensor(nil), args...)
				p[ai] = tt.FromFloat64s(v, a.Shape()...)
				return loss(p).Item()
			}
			fd := (at(eps) - at(-eps)) / (2 * eps)
			if math.Abs(fd-got[i]) > 1e-6*(1+math.Abs(fd)) {
				t.Fatalf("d loss / d arg%d[%d] = %v, finite differences %v", ai, i, got[i], fd)
			}
		}
	}
}

// ValueAndGrad under automatic dynamic shapes: the joint graph recompiles
// once with a ? batch size, and every batch size gets the gradients of
// finite differences.
func TestValueAndGradDynamic(t *testing.T) {
	loss := func(x, w, b, y *tt.Tensor) *tt.Tensor {
		h := tt.Tanh(tt.Add(tt.MatMul(x, w), b))
		return tt.Add(tt.CrossEntropy(h, y), tt.MulScalar(tt.Mean(tt.Mul(w, w), nil, false), 0.1))
	}
	for _, be := range backends(t) {
		t.Run(be, func(t *testing.T) {
			g := tt.NewGenerator(5)
			w, b := g.Randn(tt.Float64, 4, 5), g.Randn(tt.Float64, 5)
			vg := tt.ValueAndGrad(loss, tt.Backend(be))
			defer tt.Release(vg)
			for n := 2; n < 12; n++ { // 10 batch sizes
				x := g.Randn(tt.Float64, n, 4)
				ys := make([]int64, n)
				for i := range ys {
					ys[i] = int64(i*3) % 5
				}
				y := tt.FromInt64s(ys)
				l, grads := vg(x, w, b, y)
				if d := l.Item() - loss(x, w, b, y).Item(); math.Abs(d) > 1e-12 {
					t.Fatalf("batch %d: loss differs from eager by %g", n, d)
				}
				checkFiniteDifferences(t, func(a []*tt.Tensor) *tt.Tensor { return loss(a[0], a[1], a[2], a[3]) },
					[]*tt.Tensor{x, w, b, y}, grads)
			}
			want := tt.CounterSet{Compiles: 2, Recompiles: 1, CacheHits: 8, DynamicCompile: 1, GraphsBuilt: 2}
			if c := tt.Counters(vg); c != want {
				t.Fatalf("counters %+v, want %+v", c, want)
			}
		})
	}
}

// breakLosses are differentiated functions with graph breaks whose Go code
// only inspects values: their gradients are those of the eager function.
var breakLosses = []struct {
	name string
	fn   func(x, w *tt.Tensor) *tt.Tensor
}{
	{"branch on a sum", func(x, w *tt.Tensor) *tt.Tensor {
		h := tt.Tanh(tt.MatMul(x, w))
		if tt.Sum(h, nil, false).Item() > 0 { // the break: h flows to the next graph
			return tt.Mean(tt.Mul(h, h), nil, false)
		}
		return tt.Mean(tt.Exp(h), nil, false)
	}},
	{"two breaks, loss from both sides", func(x, w *tt.Tensor) *tt.Tensor {
		h := tt.Sigmoid(tt.MatMul(x, w))
		a := tt.Sum(tt.Mul(h, h), nil, false)
		if math.IsNaN(a.Item()) {
			return a
		}
		h2 := tt.MatMul(h, tt.Transpose(w, 0, 1))
		if len(h2.Float32s()) == 0 {
			return a
		}
		return tt.Add(a, tt.Mean(tt.Mul(h2, x), nil, false))
	}},
	{"loss computed before the break", func(x, w *tt.Tensor) *tt.Tensor {
		l := tt.Mean(tt.Relu(tt.MatMul(x, w)), nil, false)
		_ = l.Item()
		return l
	}},
}

// ValueAndGrad across graph breaks: each graph is differentiated on its
// own and the gradients chained through the tensors the graphs pass each
// other; results equal eager finite differences, for every batch size
// (the graphs go dynamic).
func TestValueAndGradGraphBreaks(t *testing.T) {
	for _, be := range backends(t) {
		for _, lc := range breakLosses {
			t.Run(be+"/"+lc.name, func(t *testing.T) {
				g := tt.NewGenerator(7)
				w := g.Randn(tt.Float64, 4, 5)
				vg := tt.ValueAndGrad(lc.fn, tt.Backend(be))
				defer tt.Release(vg)
				for n := 2; n < 6; n++ {
					x := g.Randn(tt.Float64, n, 4)
					l, grads := vg(x, w)
					if d := l.Item() - lc.fn(x, w).Item(); math.Abs(d) > 1e-12 {
						t.Fatalf("batch %d: loss differs from eager by %g", n, d)
					}
					checkFiniteDifferences(t, func(a []*tt.Tensor) *tt.Tensor { return lc.fn(a[0], a[1]) },
						[]*tt.Tensor{x, w}, grads)
				}
				c := tt.Counters(vg)
				if c.Compiles != 2 || c.GraphBreaks == 0 || c.DynamicCompile != 1 {
					t.Fatalf("counters %+v, want 2 compiles (static, dynamic) with graph breaks", c)
				}
			})
		}
	}
}

// A value read as a Go number that flows back into the graph is a
// constant for the gradients, as PyTorch's item() is: the gradient is that
// of the function with the number passed in as a Go scalar.
func TestValueAndGradGoNumberIsConstant(t *testing.T) {
	g := tt.NewGenerator(9)
	x, w := g.Randn(tt.Float64, 3, 4), g.Randn(tt.Float64, 4, 2)
	withBreak := func(x, w *tt.Tensor) *tt.Tensor {
		h := tt.MatMul(x, w)
		s := tt.Amax(tt.Abs(h), nil, false).Item()
		return tt.Mean(tt.Exp(tt.DivScalar(h, s)), nil, false)
	}
	withScalar := func(x, w *tt.Tensor, s float64) *tt.Tensor {
		return tt.Mean(tt.Exp(tt.DivScalar(tt.MatMul(x, w), s)), nil, false)
	}
	s := tt.Amax(tt.Abs(tt.MatMul(x, w)), nil, false).Item()
	l1, g1 := tt.ValueAndGrad(withBreak)(x, w)
	l2, g2 := tt.ValueAndGrad(withScalar)(x, w, s)
	if l1.Item() != l2.Item() {
		t.Fatalf("loss %v, want %v", l1.Item(), l2.Item())
	}
	for i := range g1 {
		got, want := g1[i].Float64s(), g2[i].Float64s()
		for j := range got {
			if math.Abs(got[j]-want[j]) > 1e-12 {
				t.Fatalf("gradient %d[%d] = %v, want %v", i, j, got[j], want[j])
			}
		}
	}
}

// The PyTorch fixture grad_mlp, with a graph break in the middle of the
// model, gives PyTorch's gradients.
func TestValueAndGradGraphBreakMatchesPyTorch(t *testing.T) {
	dir := filepath.Join("test", "refdata", "grad_mlp")
	args := make([]any, 5)
	for i := range args {
		args[i] = readNPY(t, filepath.Join(dir, fmt.Sprintf("in%d.npy", i)))
	}
	fn := func(x, w1, b1, w2, y *tt.Tensor) *tt.Tensor {
		h := tt.Relu(tt.Add(tt.MatMul(x, w1), b1))
		if tt.Sum(h, nil, false).Item() < 0 { // never: relu
			h = tt.Neg(h)
		}
		return tt.CrossEntropy(tt.MatMul(h, w2), y)
	}
	for _, be := range allBackends(t) {
		t.Run(be, func(t *testing.T) {
			vg := tt.ValueAndGrad(fn, tt.Backend(be))
			defer tt.Release(vg)
			checkFixtureGrads(t, dir, args, vg)
			if c := tt.Counters(vg); c.GraphBreaks != 1 || c.GraphsBuilt != 4 {
				t.Fatalf("counters %+v, want a graph break and 4 graphs built (fwd and bwd of both graphs)", c)
			}
		})
	}
}

// A CNN's joint graph is dynamic in the batch size: conv2d's and
// max_pool2d's gradients are written over symbolic sizes, so a third batch
// size reuses the dynamic build.
func TestValueAndGradDynamicCNN(t *testing.T) {
	loss := func(x, w *tt.Tensor) *tt.Tensor {
		h := tt.MaxPool2d(tt.Tanh(tt.Conv2d(x, w, 1, 0)), 2, 2, 0)
		return tt.Mean(tt.Mul(h, h), nil, false)
	}
	vg := tt.ValueAndGrad(loss)
	g := tt.NewGenerator(6)
	w := g.Randn(tt.Float64, 2, 1, 3, 3)
	for n := 2; n < 5; n++ {
		x := g.Randn(tt.Float64, n, 1, 6, 6)
		_, grads := vg(x, w)
		checkFiniteDifferences(t, func(a []*tt.Tensor) *tt.Tensor { return loss(a[0], a[1]) }, []*tt.Tensor{x, w}, grads)
	}
	if c := tt.Counters(vg); c.Compiles != 2 || c.DynamicCompile != 1 {
		t.Fatalf("counters %+v, want a static and a dynamic compile", c)
	}
}

// A joint graph that cannot be dynamic (conv2d's gradient needs static
// kernel sizes, and here the kernel size changes between calls)
// specializes: every call compiles a static graph, with exact gradients,
// instead of failing.
func TestValueAndGradSpecializesWhenDynamicFails(t *testing.T) {
	loss := func(x, w *tt.Tensor) *tt.Tensor {
		h := tt.Tanh(tt.Conv2d(x, w, 1, 0))
		return tt.Mean(tt.Mul(h, h), nil, false)
	}
	var logs strings.Builder
	vg := tt.ValueAndGrad(loss, tt.Logger(logger(&logs)))
	g := tt.NewGenerator(6)
	x := g.Randn(tt.Float64, 2, 1, 8, 8)
	for k := 1; k <= 5; k += 2 {
		w := g.Randn(tt.Float64, 2, 1, k, k)
		_, grads := vg(x, w)
		checkFiniteDifferences(t, func(a []*tt.Tensor) *tt.Tensor { return loss(a[0], a[1]) }, []*tt.Tensor{x, w}, grads)
	}
	if c := tt.Counters(vg); c.Compiles != 3 || c.DynamicCompile != 0 {
		t.Fatalf("counters %+v, want 3 static compiles", c)
	}
	if !strings.Contains(logs.String(), "failed with dynamic sizes") || !strings.Contains(logs.String(), "compiling static graphs") {
		t.Fatalf("the log does not say why the graphs are static:\n%s", logs.String())
	}
}
