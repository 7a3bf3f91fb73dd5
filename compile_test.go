package tt_test

import (
	"bytes"
	"fmt"
	"log"
	"math"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/tt-compiler/tt"
)

// backends returns the backends Compile is tested on: interp always, go
// when a Go toolchain is installed (it builds the generated code).
func backends(t *testing.T) []string {
	if _, err := exec.LookPath("go"); err != nil || testing.Short() {
		t.Log("go backend not tested: no Go toolchain on PATH or -short")
		return []string{"interp"}
	}
	return []string{"interp", "go"}
}

// allBackends adds "ptxsim" (the PTX simulator, which has no float64
// transcendental kernels) to backends: tests of float32 models use it.
func allBackends(t *testing.T) []string { return append(backends(t), "ptxsim") }

// model functions compiled below, each with arguments for two calls.
type modelCase struct {
	name string
	fn   func(x, w, b *tt.Tensor) *tt.Tensor
}

func modelCases() []modelCase {
	return []modelCase{
		{"mlp softmax", func(x, w, b *tt.Tensor) *tt.Tensor { return tt.Softmax(tt.Add(tt.MatMul(x, w), b), 1) }},
		{"gelu layer norm", func(x, w, b *tt.Tensor) *tt.Tensor {
			h := tt.Gelu(tt.MatMul(x, w))
			return tt.LayerNorm(h, tt.AddScalar(b, 1), b, 1e-5)
		}},
		{"reductions and scalars", func(x, w, b *tt.Tensor) *tt.Tensor {
			h := tt.Tanh(tt.Sub(tt.MatMul(x, w), b))
			m := tt.Mean(h, []int{-1}, true)
			return tt.Div(tt.Sub(h, m), tt.AddScalar(tt.Amax(tt.Abs(h), []int{1}, true), 1))
		}},
		{"shapes", func(x, w, b *tt.Tensor) *tt.Tensor {
			y := tt.Transpose(tt.MatMul(x, w), 0, 1)
			return tt.Reshape(tt.Mul(y, tt.Reshape(b, -1, 1)), -1)
		}},
		{"where and cross entropy", func(x, w, b *tt.Tensor) *tt.Tensor {
			logits := tt.Add(tt.MatMul(x, w), b)
			pos := tt.Where(tt.Gt(logits, tt.Zeros(tt.Float32)), logits, tt.MulScalar(logits, 0.1))
			y := tt.ArgMax(tt.Neg(logits), 1, false)
			return tt.Add(tt.CrossEntropy(pos, y), tt.Sum(pos, nil, false))
		}},
	}
}

func TestCompileEqualsEager(t *testing.T) {
	for _, be := range allBackends(t) {
		for _, mc := range modelCases() {
			t.Run(be+"/"+mc.name, func(t *testing.T) {
				g := tt.NewGenerator(11)
				w, b := g.Randn(tt.Float32, 6, 5), g.Randn(tt.Float32, 5)
				f := tt.Compile(mc.fn, tt.Backend(be))
				defer tt.Release(f)
				for call := 0; call < 2; call++ {
					x := g.Randn(tt.Float32, 4, 6)
					closeTo(t, mc.name, f(x, w, b).Float32s(), mc.fn(x, w, b).Float32s(), 1e-5)
				}
				c := tt.Counters(f)
				if c.Compiles != 1 || c.CacheHits != 1 || c.EagerFallbacks != 0 {
					t.Fatalf("counters %+v, want 1 compile, 1 cache hit, no fallback", c)
				}
			})
		}
	}
}

// A loop over 10 batch sizes compiles twice: static, then dynamic (PT2's
// automatic dynamic shapes); the third and later sizes reuse the dynamic
// graph.
func TestAutomaticDynamic(t *testing.T) {
	for _, be := range allBackends(t) {
		t.Run(be, func(t *testing.T) {
			g := tt.NewGenerator(1)
			w, b := g.Randn(tt.Float32, 8, 3), g.Randn(tt.Float32, 3)
			model := func(x *tt.Tensor) *tt.Tensor {
				h := tt.Relu(tt.Add(tt.MatMul(x, w), b))
				return tt.Softmax(tt.Add(h, tt.Mean(h, []int{0}, false)), -1)
			}
			var logs bytes.Buffer
			f := tt.Compile(model, tt.Backend(be), tt.Logger(log.New(&logs, "", 0)))
			defer tt.Release(f)
			for n := 2; n < 12; n++ {
				x := g.Randn(tt.Float32, n, 8)
				closeTo(t, fmt.Sprint("batch ", n), f(x).Float32s(), model(x).Float32s(), 1e-5)
			}
			c := tt.Counters(f)
			want := tt.CounterSet{Compiles: 2, Recompiles: 1, CacheHits: 8, DynamicCompile: 1, GraphsBuilt: 2}
			if c != want {
				t.Fatalf("counters %+v, want %+v", c, want)
			}
			if !strings.Contains(logs.String(), "failed guard: argument 0: size(0) == 3, guard == 2") {
				t.Fatalf("the recompile log does not name the failed guard:\n%s", logs.String())
			}
		})
	}
}

func TestAutomaticDynamicOff(t *testing.T) {
	f := tt.Compile(func(x *tt.Tensor) *tt.Tensor { return tt.Exp(x) }, tt.AutomaticDynamic(false))
	for n := 2; n < 6; n++ {
		f(tt.Zeros(tt.Float32, n))
	}
	if c := tt.Counters(f); c.Compiles != 4 || c.DynamicCompile != 0 {
		t.Fatalf("counters %+v, want 4 static compiles", c)
	}
}

// A function that uses a dynamic size as a Go int is specialized: its
// graphs stay static and correct.
func TestDynamicSizeReadSpecializes(t *testing.T) {
	model := func(x *tt.Tensor) *tt.Tensor {
		n := x.Shape()[0]
		return tt.Reshape(tt.Sum(x, []int{1}, false), 1, n)
	}
	f := tt.Compile(model)
	for n := 2; n < 5; n++ {
		x := tt.Arange(tt.Float32, 0, float64(2*n), 1)
		x = tt.Reshape(x, n, 2)
		closeTo(t, "specialized", f(x).Float32s(), model(x).Float32s(), 0)
	}
	if c := tt.Counters(f); c.Compiles != 3 || c.DynamicCompile != 0 {
		t.Fatalf("counters %+v, want 3 static compiles", c)
	}
}

// Go scalar arguments are guarded by value and never become dynamic.
func TestScalarGuards(t *testing.T) {
	model := func(x *tt.Tensor, k int, s float64, neg bool) *tt.Tensor {
		y := tt.MulScalar(x, s)
		for range k {
			y = tt.Add(y, x)
		}
		if neg {
			y = tt.Neg(y)
		}
		return y
	}
	f := tt.Compile(model)
	x := tt.FromFloat32s([]float32{1, 2, 3})
	calls := []struct {
		k   int
		s   float64
		neg bool
	}{{1, 2, false}, {1, 2, false}, {2, 2, false}, {1, 0.5, false}, {1, 2, true}, {2, 2, false}}
	for _, c := range calls {
		closeTo(t, fmt.Sprint(c), f(x, c.k, c.s, c.neg).Float32s(), model(x, c.k, c.s, c.neg).Float32s(), 0)
	}
	want := tt.CounterSet{Compiles: 4, Recompiles: 3, CacheHits: 2, GraphsBuilt: 4}
	if c := tt.Counters(f); c != want {
		t.Fatalf("counters %+v, want %+v", c, want)
	}
}

// Past the cache limit, new guards run eagerly with a warning.
func TestCacheLimitFallsBackToEager(t *testing.T) {
	var logs bytes.Buffer
	model := func(x *tt.Tensor) *tt.Tensor { return tt.Sigmoid(x) }
	f := tt.Compile(model, tt.CacheLimit(2), tt.AutomaticDynamic(false), tt.Logger(log.New(&logs, "", 0)))
	for n := 2; n < 6; n++ {
		x := tt.Arange(tt.Float32, 0, float64(n), 1)
		closeTo(t, "sigmoid", f(x).Float32s(), model(x).Float32s(), 0)
	}
	want := tt.CounterSet{Compiles: 2, Recompiles: 1, EagerFallbacks: 2, GraphsBuilt: 2}
	if c := tt.Counters(f); c != want {
		t.Fatalf("counters %+v, want %+v", c, want)
	}
	if n := strings.Count(logs.String(), "cache limit (2) reached"); n != 1 {
		t.Fatalf("%d cache limit warnings, want 1:\n%s", n, logs.String())
	}
}

// breakModel reads a traced value in the middle: a graph break.
func breakModel(x *tt.Tensor) *tt.Tensor {
	y := tt.Mul(x, x)
	if tt.Sum(y, nil, false).Item() > 10 { // the break
		return tt.AddScalar(y, 1)
	}
	return tt.Exp(tt.Neg(y))
}

func TestGraphBreak(t *testing.T) {
	for _, be := range allBackends(t) {
		t.Run(be, func(t *testing.T) {
			f := tt.Compile(breakModel, tt.Backend(be))
			defer tt.Release(f)
			inputs := []*tt.Tensor{
				tt.FromFloat32s([]float32{1, 2, 3, 4}, 2, 2), // sum of squares 30: first branch
				tt.FromFloat32s([]float32{4, 3, 2, 1}, 2, 2),
				tt.FromFloat32s([]float32{.1, .2, .3, .4}, 2, 2), // 0.3: second branch
			}
			for i, x := range inputs {
				closeTo(t, fmt.Sprint("input ", i), f(x).Float32s(), breakModel(x).Float32s(), 1e-6)
			}
			c := tt.Counters(f)
			// Graphs: the prefix, and the suffix of each branch.
			want := tt.CounterSet{Compiles: 1, CacheHits: 2, GraphBreaks: 1, GraphsBuilt: 3}
			if c != want {
				t.Fatalf("counters %+v, want %+v", c, want)
			}
		})
	}
}

// A graph break under automatic dynamic shapes: the graphs before and
// after the break keep the dynamic size, so new sizes reuse them.
func TestGraphBreakDynamic(t *testing.T) {
	for _, be := range allBackends(t) {
		t.Run(be, func(t *testing.T) {
			model := func(x *tt.Tensor) *tt.Tensor {
				h := tt.Softmax(x, -1)
				if tt.Amax(x, nil, false).Item() > 100 { // the break
					return tt.Neg(h)
				}
				return tt.Add(h, tt.Mean(x, []int{0}, false))
			}
			f := tt.Compile(model, tt.Backend(be))
			defer tt.Release(f)
			g := tt.NewGenerator(3)
			for n := 2; n < 8; n++ {
				x := g.Randn(tt.Float32, n, 5)
				closeTo(t, fmt.Sprint("batch ", n), f(x).Float32s(), model(x).Float32s(), 1e-6)
			}
			c := tt.Counters(f)
			// Static prefix and suffix, then their dynamic versions.
			want := tt.CounterSet{Compiles: 2, Recompiles: 1, CacheHits: 4, GraphBreaks: 2, DynamicCompile: 1, GraphsBuilt: 4}
			if c != want {
				t.Fatalf("counters %+v", c)
			}
		})
	}
}

func TestExplain(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	ex, err := tt.Explain(breakModel, tt.FromFloat32s([]float32{1, 2, 3, 4, 5, 6}, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(ex.Graphs) != 2 || len(ex.BreakReasons) != 1 {
		t.Fatalf("%d graphs and %d breaks, want 2 and 1:\n%s", len(ex.Graphs), len(ex.BreakReasons), ex)
	}
	br := ex.BreakReasons[0]
	if !strings.Contains(br.Reason, "Item()") || !strings.HasPrefix(br.Where, file+":") {
		t.Fatalf("break reason %+v, want Item() at %s:LINE", br, file)
	}
	if want := "tensor 0: dtype f32, sizes [2, 3]"; len(ex.Guards) != 1 || ex.Guards[0] != want {
		t.Fatalf("guards %q, want [%q]", ex.Guards, want)
	}
	for _, s := range []string{"tensor.mul", "tensor.reduce_sum", "func.func @graph(%arg0: tensor<2x3xf32>)"} {
		if !strings.Contains(ex.Graphs[0], s) {
			t.Fatalf("graph lacks %q:\n%s", s, ex.Graphs[0])
		}
	}
	// Tracing resumes after the break: the second graph is the suffix.
	if !strings.Contains(ex.Graphs[1], "tensor.add") || strings.Contains(ex.Graphs[1], "tensor.mul") {
		t.Fatalf("second graph:\n%s", ex.Graphs[1])
	}
	if s := ex.String(); !strings.Contains(s, "Graph count: 2\nGraph break count: 1\n") {
		t.Fatalf("String():\n%s", s)
	}
}

// ValueAndGrad's gradients equal central finite differences of the eager
// loss (float64, so that differences are accurate).
func TestValueAndGradFiniteDifferences(t *testing.T) {
	g := tt.NewGenerator(5)
	loss := func(x, w, b, y *tt.Tensor) *tt.Tensor {
		h := tt.Tanh(tt.Add(tt.MatMul(x, w), b))
		return tt.Add(tt.CrossEntropy(h, y), tt.MulScalar(tt.Mean(tt.Mul(w, w), nil, false), 0.1))
	}
	x, w, b := g.Randn(tt.Float64, 3, 4), g.Randn(tt.Float64, 4, 5), g.Randn(tt.Float64, 5)
	y := tt.FromInt64s([]int64{0, 4, 2})
	for _, be := range backends(t) {
		t.Run(be, func(t *testing.T) {
			vg := tt.ValueAndGrad(loss, tt.Backend(be))
			defer tt.Release(vg)
			l, grads := vg(x, w, b, y)
			if d := l.Item() - loss(x, w, b, y).Item(); math.Abs(d) > 1e-12 {
				t.Fatalf("loss differs from eager by %g", d)
			}
			if len(grads) != 4 || grads[3] != nil {
				t.Fatalf("%d gradients (want 4, the last nil for the int64 targets)", len(grads))
			}
			args := []*tt.Tensor{x, w, b}
			for ai, a := range args {
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
						return loss(p[0], p[1], p[2], y).Item()
					}
					fd := (at(eps) - at(-eps)) / (2 * eps)
					if math.Abs(fd-got[i]) > 1e-6*(1+math.Abs(fd)) {
						t.Fatalf("d loss / d arg%d[%d] = %v, finite differences %v", ai, i, got[i], fd)
					}
				}
			}
			vg(x, w, b, y)
			if c := tt.Counters(vg); c.Compiles != 1 || c.CacheHits != 1 {
				t.Fatalf("counters %+v, want 1 compile and 1 cache hit", c)
			}
		})
	}
}

func TestValueAndGradErrors(t *testing.T) {
	tests := []struct {
		name string
		fn   any
		want string
	}{
		{"not a scalar loss", func(x *tt.Tensor) *tt.Tensor { return tt.Exp(x) }, "single rank-0"},
		{"loss read as a number", func(x *tt.Tensor) *tt.Tensor {
			return tt.Full(tt.Float32, tt.Sum(x, nil, false).Item())
		}, "does not depend on the arguments"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				err, ok := recover().(*tt.Error)
				if !ok || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("panic %v, want a *tt.Error containing %q", err, tc.want)
				}
			}()
			tt.ValueAndGrad(tc.fn.(func(*tt.Tensor) *tt.Tensor))(tt.Ones(tt.Float32, 3))
		})
	}
}
