package tt_test

import (
	"fmt"

	"github.com/tt-compiler/tt"
)

// Eager tensors: each operation runs at once on the interpreter's kernels,
// with PyTorch's broadcasting.
func Example() {
	x := tt.FromFloat32s([]float32{1, 2, 3, 4, 5, 6}, 2, 3)
	w := tt.FromFloat32s([]float32{1, 0, 0, 1, 1, 1}, 3, 2)
	b := tt.FromFloat32s([]float32{0, 1}, 2)
	y := tt.Softmax(tt.Add(tt.MatMul(x, w), b), 1) // b broadcasts over the rows
	fmt.Println(y.Shape(), y.Float32s())
	fmt.Println(tt.Sum(x, []int{-1}, false).Float32s())
	// Output:
	// [2 2] [0.11920292 0.8807971 0.11920292 0.8807971]
	// [6 15]
}

// Compile captures a Go function into a graph on its first call, then runs
// the cached graph; a new batch size recompiles once, with a dynamic size.
func ExampleCompile() {
	g := tt.NewGenerator(0)
	w, b := g.Randn(tt.Float32, 4, 3), g.Randn(tt.Float32, 3)
	model := func(x *tt.Tensor) *tt.Tensor { return tt.Softmax(tt.Add(tt.MatMul(x, w), b), -1) }
	fast := tt.Compile(model) // tt.Backend("go") builds Go code instead
	for n := 1; n <= 5; n++ {
		x := g.Randn(tt.Float32, n*2, 4)
		fmt.Println(x.Shape(), fast(x).Shape())
	}
	c := tt.Counters(fast)
	fmt.Println("compiles:", c.Compiles, "cache hits:", c.CacheHits)
	// Output:
	// [2 4] [2 3]
	// [4 4] [4 3]
	// [6 4] [6 3]
	// [8 4] [8 3]
	// [10 4] [10 3]
	// compiles: 2 cache hits: 3
}

// Training a linear classifier with plain SGD: ValueAndGrad differentiates
// the captured loss with aot-autograd.
func ExampleValueAndGrad() {
	g := tt.NewGenerator(1)
	x := g.Randn(tt.Float32, 16, 2)
	y := tt.ToDType(tt.Gt(tt.Sum(x, []int{1}, false), tt.Zeros(tt.Float32)), tt.Int64) // class: x0+x1 > 0
	w, b := tt.Zeros(tt.Float32, 2, 2), tt.Zeros(tt.Float32, 2)
	loss := func(x, w, b, y *tt.Tensor) *tt.Tensor { return tt.CrossEntropy(tt.Add(tt.MatMul(x, w), b), y) }
	step := tt.ValueAndGrad(loss)
	for i := 0; i < 50; i++ {
		l, grads := step(x, w, b, y)
		w = tt.Sub(w, tt.MulScalar(grads[1], 0.5))
		b = tt.Sub(b, tt.MulScalar(grads[2], 0.5))
		if i%25 == 0 {
			fmt.Printf("step %d: loss %.4f\n", i, l.Item())
		}
	}
	final, _ := step(x, w, b, y)
	fmt.Println("loss below 0.1:", final.Item() < 0.1)
	// Output:
	// step 0: loss 0.6931
	// step 25: loss 0.0877
	// loss below 0.1: true
}

// Symbolic sizes: x.Size(0) is a tt.SymInt, and ReshapeSym keeps the
// compiled graph dynamic in it, so five batch sizes compile twice.
func ExampleReshapeSym() {
	heads := func(x *tt.Tensor) *tt.Tensor { // x: [batch, 8] to [batch, 2, 4]
		return tt.Softmax(tt.ReshapeSym(x, x.Size(0), tt.Sym(2), tt.Sym(-1)), -1)
	}
	fast := tt.Compile(heads)
	g := tt.NewGenerator(0)
	for n := 2; n <= 6; n++ {
		fmt.Println(fast(g.Randn(tt.Float32, n, 8)).Shape())
	}
	fmt.Println("compiles:", tt.Counters(fast).Compiles)
	// Output:
	// [2 2 4]
	// [3 2 4]
	// [4 2 4]
	// [5 2 4]
	// [6 2 4]
	// compiles: 2
}

// Explain reports the graphs a function is captured into, its graph breaks
// and its guards.
func ExampleExplain() {
	fn := func(x *tt.Tensor) *tt.Tensor {
		h := tt.Exp(x)
		if tt.Sum(h, nil, false).Item() > 10 { // a graph break
			return tt.Neg(h)
		}
		return h
	}
	ex, err := tt.Explain(fn, tt.Ones(tt.Float32, 2, 3))
	if err != nil {
		panic(err)
	}
	fmt.Println("graphs:", len(ex.Graphs), "breaks:", len(ex.BreakReasons))
	fmt.Println(ex.BreakReasons[0].Reason)
	fmt.Println(ex.Guards)
	// Output:
	// graphs: 2 breaks: 1
	// Tensor.Item() reads a traced value
	// [tensor 0: dtype f32, sizes [2, 3]]
}

// Gradients through a graph break: the Go code between the graphs only
// inspects a value, and the gradients are exact.
func ExampleGrad() {
	loss := func(x *tt.Tensor) *tt.Tensor {
		s := tt.Sum(tt.Mul(x, x), nil, false)
		if s.Item() > 100 { // a graph break: scale large losses down
			return tt.DivScalar(s, 4)
		}
		return s
	}
	grad := tt.Grad(loss)
	fmt.Println(grad(tt.FromFloat32s([]float32{1, 2, 3}))[0].Float32s())  // 2x
	fmt.Println(grad(tt.FromFloat32s([]float32{20, 0, 0}))[0].Float32s()) // 2x/4
	// Output:
	// [2 4 6]
	// [10 0 0]
}
