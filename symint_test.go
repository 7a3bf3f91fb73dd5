package tt_test

import (
	"fmt"
	"io"
	"log"
	"strings"
	"testing"

	"github.com/tt-compiler/tt"
)

// Sizes read with Size and used in ReshapeSym, FullSym and ArangeSym keep
// the graph dynamic: a loop over batch sizes compiles twice, with results
// equal to eager.
func TestSymIntSizesStayDynamic(t *testing.T) {
	models := []struct {
		name string
		fn   func(x *tt.Tensor) *tt.Tensor
	}{
		{"reshape by products of sizes", func(x *tt.Tensor) *tt.Tensor {
			b, n := x.Size(0), x.Size(1)
			flat := tt.ReshapeSym(x, b.Mul(n))
			return tt.ReshapeSym(tt.Mul(flat, flat), b, n.FloorDivInt(2), tt.Sym(-1))
		}},
		{"full and arange of a size", func(x *tt.Tensor) *tt.Tensor {
			rows := tt.ReshapeSym(tt.ArangeSym(tt.Float32, x.Size(0)), tt.Sym(-1), tt.Sym(1))
			return tt.Add(tt.Mul(x, rows), tt.FullSym(tt.Float32, 0.5, x.Size(0).SubInt(0), x.Size(1)))
		}},
	}
	for _, be := range allBackends(t) {
		for _, m := range models {
			t.Run(be+"/"+m.name, func(t *testing.T) {
				f := tt.Compile(m.fn, tt.Backend(be))
				defer tt.Release(f)
				g := tt.NewGenerator(1)
				for n := 2; n < 7; n++ {
					x := g.Randn(tt.Float32, n, 4)
					got, want := f(x), m.fn(x)
					if !equalInts(got.Shape(), want.Shape()) {
						t.Fatalf("batch %d: shape %v, want %v", n, got.Shape(), want.Shape())
					}
					closeTo(t, fmt.Sprint("batch ", n), got.Float32s(), want.Float32s(), 1e-6)
				}
				want := tt.CounterSet{Compiles: 2, Recompiles: 1, CacheHits: 3, DynamicCompile: 1, GraphsBuilt: 2}
				if c := tt.Counters(f); c != want {
					t.Fatalf("counters %+v, want %+v", c, want)
				}
			})
		}
	}
}

// A comparison on a symbolic size is a guard: the dynamic graph serves
// every size that gives the same answer; the other answer compiles one
// more graph. Explain lists the guard.
func TestSymIntComparisonGuards(t *testing.T) {
	model := func(x *tt.Tensor) *tt.Tensor {
		if x.Size(0).MulInt(2).Gt(8) {
			return tt.Exp(x)
		}
		return tt.Neg(x)
	}
	var logs strings.Builder
	f := tt.Compile(model, tt.Logger(logger(&logs)))
	g := tt.NewGenerator(2)
	for n := 2; n < 10; n++ {
		x := g.Randn(tt.Float32, n, 3)
		closeTo(t, fmt.Sprint("batch ", n), f(x).Float32s(), model(x).Float32s(), 0)
	}
	// 2: static; 3: dynamic, guard false; 4: hit; 5: guard true; 6-9: hits.
	want := tt.CounterSet{Compiles: 3, Recompiles: 2, CacheHits: 5, DynamicCompile: 2, GraphsBuilt: 3}
	if c := tt.Counters(f); c != want {
		t.Fatalf("counters %+v, want %+v", c, want)
	}
	if !strings.Contains(logs.String(), "failed guard: size guard t0.size(0) * 2 > 8 is false (now 10)") {
		t.Fatalf("the recompile log does not name the size guard:\n%s", logs.String())
	}
	ex, err := tt.Explain(func(x *tt.Tensor) *tt.Tensor {
		if x.Size(0).Lt(100) {
			return tt.ReshapeSym(x, tt.Sym(-1))
		}
		return x
	}, tt.MarkDynamic(tt.Ones(tt.Float32, 3, 2), 0))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"tensor 0: dtype f32, sizes [?, 2]", "size guard: t0.size(0) < 100 is true", "tensor<?x2xf32>"} {
		if !strings.Contains(ex.String(), want) {
			t.Fatalf("Explain does not say %q:\n%s", want, ex)
		}
	}
}

// Reading a symbolic size as a Go int (Int) specializes: every size
// compiles a static graph, as Tensor.Shape does.
func TestSymIntIntSpecializes(t *testing.T) {
	model := func(x *tt.Tensor) *tt.Tensor { return tt.Reshape(x, x.Size(0).Int(), -1) }
	f := tt.Compile(model)
	g := tt.NewGenerator(2)
	for n := 2; n < 6; n++ {
		x := g.Randn(tt.Float32, n, 2, 2)
		closeTo(t, fmt.Sprint("batch ", n), f(x).Float32s(), model(x).Float32s(), 0)
	}
	if c := tt.Counters(f); c.Compiles != 4 || c.DynamicCompile != 0 {
		t.Fatalf("counters %+v, want 4 static compiles", c)
	}
}

// SymInt arithmetic outside Compile is plain int arithmetic.
func TestSymIntEager(t *testing.T) {
	x := tt.Ones(tt.Float32, 6, 4)
	s := x.Size(0).MulInt(2).AddInt(-1).FloorDivInt(4).Sub(x.Size(-1))
	if s.IsDynamic() || s.Int() != -2 || s.String() != "-2" {
		t.Fatalf("got %v (dynamic %v), want -2", s, s.IsDynamic())
	}
	y := tt.ReshapeSym(x, tt.Sym(2), tt.Sym(-1))
	if !equalInts(y.Shape(), []int{2, 12}) {
		t.Fatalf("ReshapeSym: shape %v", y.Shape())
	}
	if a := tt.ArangeSym(tt.Int64, tt.Sym(3)).Int64s(); len(a) != 3 || a[2] != 2 {
		t.Fatalf("ArangeSym: %v", a)
	}
	if f := tt.FullSym(tt.Float32, 2, tt.Sym(2), x.Size(1)); !equalInts(f.Shape(), []int{2, 4}) || f.Float32s()[7] != 2 {
		t.Fatalf("FullSym: %v", f)
	}
}

func logger(w io.Writer) *log.Logger { return log.New(w, "", 0) }

// Symbolic sizes in a differentiated function: the joint graph stays
// dynamic, and the gradients equal finite differences for every size.
func TestSymIntValueAndGrad(t *testing.T) {
	loss := func(x, w *tt.Tensor) *tt.Tensor {
		b := x.Size(0)
		h := tt.ReshapeSym(tt.Tanh(tt.MatMul(x, w)), b.MulInt(2), tt.Sym(-1)) // [2b, 3]
		scale := tt.FullSym(tt.Float64, 0.5, b.MulInt(2), tt.Sym(1))
		return tt.Mean(tt.Mul(tt.Mul(h, h), scale), nil, false)
	}
	vg := tt.ValueAndGrad(loss)
	g := tt.NewGenerator(4)
	w := g.Randn(tt.Float64, 3, 6)
	for n := 2; n < 6; n++ {
		x := g.Randn(tt.Float64, n, 3)
		_, grads := vg(x, w)
		checkFiniteDifferences(t, func(a []*tt.Tensor) *tt.Tensor { return loss(a[0], a[1]) }, []*tt.Tensor{x, w}, grads)
	}
	if c := tt.Counters(vg); c.Compiles != 2 || c.DynamicCompile != 1 {
		t.Fatalf("counters %+v, want 2 compiles (static, dynamic)", c)
	}
}

// Symbolic sizes across a graph break: the graph after the break reads
// the size of an argument and stays dynamic; a comparison after the break
// is a guard like one before it.
func TestSymIntAcrossGraphBreak(t *testing.T) {
	model := func(x *tt.Tensor) *tt.Tensor {
		h := tt.Exp(x)
		if tt.Amax(h, nil, false).Item() > 1e6 { // the break
			return x
		}
		if x.Size(0).Ge(5) {
			h = tt.Neg(h)
		}
		return tt.ReshapeSym(h, x.Size(0).Mul(x.Size(1)))
	}
	for _, be := range allBackends(t) {
		t.Run(be, func(t *testing.T) {
			f := tt.Compile(model, tt.Backend(be))
			defer tt.Release(f)
			g := tt.NewGenerator(8)
			for n := 2; n < 8; n++ {
				x := g.Randn(tt.Float32, n, 3)
				closeTo(t, fmt.Sprint("batch ", n), f(x).Float32s(), model(x).Float32s(), 1e-6)
			}
			// 2: static; 3: dynamic, guard false; 5: guard true.
			if c := tt.Counters(f); c.Compiles != 3 || c.DynamicCompile != 2 || c.EagerFallbacks != 0 {
				t.Fatalf("counters %+v, want 3 compiles, 2 dynamic, no fallback", c)
			}
		})
	}
}

// ReshapeSym of a captured (concrete) tensor by a symbolic size is
// recorded in the graph, not computed once with the traced size.
func TestSymIntReshapeCaptured(t *testing.T) {
	table := tt.Arange(tt.Float32, 0, 12, 1)
	model := func(x *tt.Tensor) *tt.Tensor {
		return tt.Add(tt.Sum(tt.ReshapeSym(table, x.Size(0), tt.Sym(-1)), []int{1}, false), tt.Sum(x, []int{1}, false))
	}
	f := tt.Compile(model)
	for _, n := range []int{2, 3, 4, 6} {
		x := tt.Ones(tt.Float32, n, 2)
		closeTo(t, fmt.Sprint("batch ", n), f(x).Float32s(), model(x).Float32s(), 0)
	}
	if c := tt.Counters(f); c.Compiles != 2 || c.DynamicCompile != 1 || c.EagerFallbacks != 0 {
		t.Fatalf("counters %+v, want 2 compiles (static, dynamic)", c)
	}
}

// Misused sizes panic with a *tt.Error, as PyTorch raises.
func TestSymIntErrors(t *testing.T) {
	x := tt.Ones(tt.Float32, 6, 4)
	tests := []struct {
		name string
		f    func()
		want string
	}{
		{"dimension out of range", func() { x.Size(2) }, "Size: dimension 2 out of range for rank 2"},
		{"division by zero", func() { x.Size(0).FloorDivInt(0) }, "division by zero"},
		{"bad element count", func() { tt.ReshapeSym(x, tt.Sym(5), tt.Sym(-1)) }, "invalid for a tensor of 24 elements"},
		{"two -1", func() { tt.ReshapeSym(x, tt.Sym(-1), tt.Sym(-1)) }, "bad size -1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				err, ok := recover().(*tt.Error)
				if !ok || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("panic %v, want a *tt.Error containing %q", err, tc.want)
				}
			}()
			tc.f()
		})
	}
	if q := tt.Sym(-7).FloorDivInt(2).Int(); q != -4 {
		t.Fatalf("-7 // 2 = %d, want -4 (floor division)", q)
	}
}

// A comparison on a size of an intermediate tensor is a guard on the
// argument size it derives from (through matmul, transpose, elementwise
// ops and reductions, and across a graph break), not a specialization.
func TestSymIntIntermediateSizeGuards(t *testing.T) {
	w := tt.Ones(tt.Float32, 3, 5)
	models := []struct {
		name string
		fn   func(x *tt.Tensor) *tt.Tensor
	}{
		{"through ops", func(x *tt.Tensor) *tt.Tensor {
			h := tt.Transpose(tt.Tanh(tt.MatMul(x, w)), 0, 1) // [5, n]
			if tt.Sum(h, []int{0}, false).Size(0).Gt(4) {
				return tt.Exp(h)
			}
			return tt.Neg(h)
		}},
		{"across a graph break", func(x *tt.Tensor) *tt.Tensor {
			h := tt.Transpose(tt.Tanh(tt.MatMul(x, w)), 0, 1)
			if tt.Amax(h, nil, false).Item() > 1e6 {
				return h
			}
			if h.Size(1).Gt(4) {
				return tt.Exp(h)
			}
			return tt.Neg(h)
		}},
	}
	for _, m := range models {
		t.Run(m.name, func(t *testing.T) {
			var logs strings.Builder
			f := tt.Compile(m.fn, tt.Logs(tt.LogGuards), tt.Logger(logger(&logs)))
			g := tt.NewGenerator(2)
			for n := 2; n < 10; n++ {
				x := g.Randn(tt.Float32, n, 3)
				closeTo(t, fmt.Sprint("batch ", n), f(x).Float32s(), m.fn(x).Float32s(), 1e-6)
			}
			if c := tt.Counters(f); c.Compiles != 3 || c.DynamicCompile != 2 || c.EagerFallbacks != 0 {
				t.Fatalf("counters %+v, want 3 compiles, 2 dynamic\n%s", c, logs.String())
			}
			if !strings.Contains(logs.String(), "size guard: t0.size(0) > 4 is true") {
				t.Fatalf("no guard on the argument's size:\n%s", logs.String())
			}
		})
	}
}
