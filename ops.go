package tt

import (
	"fmt"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// Operations follow PyTorch's conventions: element-wise binaries broadcast
// (NumPy rules; tt inserts explicit tensor.broadcast ops), dimensions may be
// negative (counted from the end), and reductions take keepdim. Each
// function runs eagerly on concrete tensors and records an op inside a
// Compile trace.

// fail panics with a tt error for a misuse of an operation (mismatched
// shapes, a dimension out of range), as PyTorch raises.
func fail(format string, args ...any) {
	panic(&Error{Msg: fmt.Sprintf(format, args...)})
}

// normDim resolves a possibly negative dimension of a rank-r tensor.
func normDim(op string, d, r int) int {
	if d < 0 {
		d += r
	}
	if d < 0 || d >= r {
		fail("%s: dimension %d out of range for rank %d", op, d, r)
	}
	return d
}

// broadcastShapes returns the NumPy broadcast of the shapes.
func broadcastShapes(op string, shapes ...[]int) []int {
	r := 0
	for _, s := range shapes {
		r = max(r, len(s))
	}
	out := make([]int, r)
	for i := range out {
		out[i] = 1
	}
	for _, s := range shapes {
		off := r - len(s)
		for i, d := range s {
			switch {
			case out[off+i] == 1:
				out[off+i] = d
			case d != 1 && d != out[off+i]:
				fail("%s: shapes %v cannot be broadcast together", op, shapes)
			}
		}
	}
	return out
}

// broadcastIR returns the IR sizes of the broadcast of vs to the hint
// sizes out: a size is ? when an operand of that size has it dynamic; src
// gives, for each ? size, an operand value and dimension that has it.
func broadcastIR(vs []ir.Value, hints [][]int, out []int) ([]int64, [][2]any) {
	r := len(out)
	shape := make([]int64, r)
	src := make([][2]any, r)
	for j := range out {
		shape[j] = int64(out[j])
		for k, v := range vs {
			s := irShape(v)
			i := j - (r - len(s))
			if i >= 0 && s[i] == ir.Dynamic && hints[k][i] == out[j] {
				shape[j], src[j] = ir.Dynamic, [2]any{v, i}
			}
		}
	}
	return shape, src
}

// broadcastTo broadcasts v to the IR sizes shape (right-aligned), taking
// the ? sizes from src.
func (tr *tracer) broadcastTo(v ir.Value, shape []int64, src [][2]any) ir.Value {
	s := irShape(v)
	if equal64(s, shape) {
		return v
	}
	dims := make([]int64, len(s))
	for i := range s {
		dims[i] = int64(len(shape) - len(s) + i)
	}
	return tensor.Broadcast(tr.b, v, dims, shape, tr.dynSizes(shape, src)...)
}

// dynSizes returns the run-time sizes of the ? dimensions of shape.
func (tr *tracer) dynSizes(shape []int64, src [][2]any) []ir.Value {
	var sizes []ir.Value
	for j, d := range shape {
		if d == ir.Dynamic {
			sizes = append(sizes, tensor.Dim(tr.b, src[j][0].(ir.Value), int64(src[j][1].(int))))
		}
	}
	return sizes
}

// sizesOf returns the run-time sizes of v's ? dimensions.
func (tr *tracer) sizesOf(v ir.Value) []ir.Value {
	var sizes []ir.Value
	for i, d := range irShape(v) {
		if d == ir.Dynamic {
			sizes = append(sizes, tensor.Dim(tr.b, v, int64(i)))
		}
	}
	return sizes
}

func equal64(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// elementwise applies an n-ary element-wise op after broadcasting its
// operands to a common shape.
func elementwise(op string, build func(b *ir.Builder, vs []ir.Value) ir.Value, xs ...*Tensor) *Tensor {
	hints := make([][]int, len(xs))
	for i, x := range xs {
		hints[i] = x.shape
	}
	out := broadcastShapes(op, hints...)
	return apply(xs, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		shape, src := broadcastIR(vs, hints, out)
		bs := make([]ir.Value, len(vs))
		for i, v := range vs {
			bs[i] = tr.broadcastTo(v, shape, src)
		}
		return build(tr.b, bs), out
	})
}

func binary(op string, f func(b *ir.Builder, x, y ir.Value) ir.Value, a, b *Tensor) *Tensor {
	if a.dtype != b.dtype {
		fail("%s: element types differ (%s and %s); convert one with ToDType", op, a.dtype, b.dtype)
	}
	return elementwise(op, func(bl *ir.Builder, vs []ir.Value) ir.Value { return f(bl, vs[0], vs[1]) }, a, b)
}

// Add returns a + b (broadcasting).
func Add(a, b *Tensor) *Tensor { return binary("Add", tensor.Add, a, b) }

// Sub returns a - b (broadcasting).
func Sub(a, b *Tensor) *Tensor { return binary("Sub", tensor.Sub, a, b) }

// Mul returns a * b (broadcasting).
func Mul(a, b *Tensor) *Tensor { return binary("Mul", tensor.Mul, a, b) }

// Div returns a / b (broadcasting; integer division truncates).
func Div(a, b *Tensor) *Tensor { return binary("Div", tensor.Div, a, b) }

// Maximum returns the element-wise maximum (NaN propagates).
func Maximum(a, b *Tensor) *Tensor { return binary("Maximum", tensor.Max, a, b) }

// Minimum returns the element-wise minimum (NaN propagates).
func Minimum(a, b *Tensor) *Tensor { return binary("Minimum", tensor.Min, a, b) }

// Pow returns a ** b (broadcasting).
func Pow(a, b *Tensor) *Tensor { return binary("Pow", tensor.Pow, a, b) }

// withScalar applies a binary op to x and a scalar s of x's element type.
func withScalar(f func(b *ir.Builder, x, y ir.Value) ir.Value, x *Tensor, s float64, scalarFirst bool) *Tensor {
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		t := vs[0].Type().(*ir.RankedTensorType)
		c := tensor.Full(tr.b, t, s, tr.sizesOf(vs[0])...)
		if scalarFirst {
			return f(tr.b, c, vs[0]), x.shape
		}
		return f(tr.b, vs[0], c), x.shape
	})
}

// AddScalar returns x + s.
func AddScalar(x *Tensor, s float64) *Tensor { return withScalar(tensor.Add, x, s, false) }

// SubScalar returns x - s.
func SubScalar(x *Tensor, s float64) *Tensor { return withScalar(tensor.Sub, x, s, false) }

// MulScalar returns x * s.
func MulScalar(x *Tensor, s float64) *Tensor { return withScalar(tensor.Mul, x, s, false) }

// DivScalar returns x / s.
func DivScalar(x *Tensor, s float64) *Tensor { return withScalar(tensor.Div, x, s, false) }

// PowScalar returns x ** s.
func PowScalar(x *Tensor, s float64) *Tensor { return withScalar(tensor.Pow, x, s, false) }

// RSubScalar returns s - x.
func RSubScalar(s float64, x *Tensor) *Tensor { return withScalar(tensor.Sub, x, s, true) }

func unary(f func(b *ir.Builder, x ir.Value) ir.Value, x *Tensor) *Tensor {
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) { return f(tr.b, vs[0]), x.shape })
}

// Neg returns -x.
func Neg(x *Tensor) *Tensor { return unary(tensor.Neg, x) }

// Abs returns |x|.
func Abs(x *Tensor) *Tensor { return unary(tensor.Abs, x) }

// Exp returns e**x.
func Exp(x *Tensor) *Tensor { return unary(tensor.Exp, x) }

// Log returns the natural logarithm of x.
func Log(x *Tensor) *Tensor { return unary(tensor.Log, x) }

// Sqrt returns the square root of x.
func Sqrt(x *Tensor) *Tensor { return unary(tensor.Sqrt, x) }

// Rsqrt returns 1/sqrt(x).
func Rsqrt(x *Tensor) *Tensor { return unary(tensor.Rsqrt, x) }

// Tanh returns the hyperbolic tangent of x.
func Tanh(x *Tensor) *Tensor { return unary(tensor.Tanh, x) }

// Sigmoid returns 1/(1+e**-x).
func Sigmoid(x *Tensor) *Tensor { return unary(tensor.Sigmoid, x) }

// Relu returns max(x, 0).
func Relu(x *Tensor) *Tensor { return unary(tensor.Relu, x) }

// Sin returns the sine of x.
func Sin(x *Tensor) *Tensor { return unary(tensor.Sin, x) }

// Cos returns the cosine of x.
func Cos(x *Tensor) *Tensor { return unary(tensor.Cos, x) }

// Erf returns the error function of x.
func Erf(x *Tensor) *Tensor { return unary(tensor.Erf, x) }

// Reciprocal returns 1/x.
func Reciprocal(x *Tensor) *Tensor { return unary(tensor.Reciprocal, x) }

// Gelu returns the exact (erf) GELU of x, torch.nn.functional.gelu.
func Gelu(x *Tensor) *Tensor {
	return unary(func(b *ir.Builder, v ir.Value) ir.Value { return tensor.Gelu(b, v, "none") }, x)
}

// GeluTanh returns the tanh approximation of GELU
// (gelu(x, approximate="tanh")).
func GeluTanh(x *Tensor) *Tensor {
	return unary(func(b *ir.Builder, v ir.Value) ir.Value { return tensor.Gelu(b, v, "tanh") }, x)
}

func compare(pred string, a, b *Tensor) *Tensor {
	return binary("compare", func(bl *ir.Builder, x, y ir.Value) ir.Value { return tensor.Cmp(bl, pred, x, y) }, a, b)
}

// Eq returns a == b as a Bool tensor (broadcasting).
func Eq(a, b *Tensor) *Tensor { return compare("eq", a, b) }

// Ne returns a != b.
func Ne(a, b *Tensor) *Tensor { return compare("ne", a, b) }

// Lt returns a < b.
func Lt(a, b *Tensor) *Tensor { return compare("lt", a, b) }

// Le returns a <= b.
func Le(a, b *Tensor) *Tensor { return compare("le", a, b) }

// Gt returns a > b.
func Gt(a, b *Tensor) *Tensor { return compare("gt", a, b) }

// Ge returns a >= b.
func Ge(a, b *Tensor) *Tensor { return compare("ge", a, b) }

// Where returns a where cond is true and b elsewhere (torch.where;
// broadcasting all three).
func Where(cond, a, b *Tensor) *Tensor {
	if cond.dtype != Bool {
		fail("Where: the condition is %s, want a Bool tensor", cond.dtype)
	}
	if a.dtype != b.dtype {
		fail("Where: element types differ (%s and %s)", a.dtype, b.dtype)
	}
	return elementwise("Where", func(bl *ir.Builder, vs []ir.Value) ir.Value { return tensor.Select(bl, vs[0], vs[1], vs[2]) }, cond, a, b)
}

// ToDType converts x's elements to dtype (torch's .to(dtype)).
func ToDType(x *Tensor, dtype DType) *Tensor {
	if x.dtype == dtype {
		return x
	}
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return tensor.Cast(tr.b, vs[0], dtype.IRType(tr.ctx)), x.shape
	})
}

// Reshape returns x with the given sizes (row-major); one size may be -1,
// inferred from the others.
func Reshape(x *Tensor, shape ...int) *Tensor {
	out := append([]int(nil), shape...)
	infer, known := -1, 1
	for i, d := range out {
		switch {
		case d == -1 && infer < 0:
			infer = i
		case d < 0:
			fail("Reshape: bad size %d in %v", d, shape)
		default:
			known *= d
		}
	}
	if infer >= 0 && known > 0 {
		out[infer] = x.Numel() / known
	}
	if numel(out) != x.Numel() {
		fail("Reshape: shape %v is invalid for a tensor of %d elements", shape, x.Numel())
	}
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		irOut := shape64(out)
		if tr.dynamic(vs[0]) {
			if infer < 0 {
				// Concrete sizes of a dynamic tensor: specialize.
				tr.shapeRead = true
			} else {
				irOut[infer] = ir.Dynamic
			}
		}
		return tensor.Reshape(tr.b, vs[0], irOut), out
	})
}

// dynamic reports whether v has a ? size.
func (tr *tracer) dynamic(v ir.Value) bool {
	for _, d := range irShape(v) {
		if d == ir.Dynamic {
			return true
		}
	}
	return false
}

// Permute returns x with its dimensions reordered: result dimension i is
// x's dimension perm[i].
func Permute(x *Tensor, perm ...int) *Tensor {
	if len(perm) != x.Rank() {
		fail("Permute: %d dimensions for a rank-%d tensor", len(perm), x.Rank())
	}
	out := make([]int, len(perm))
	p := make([]int64, len(perm))
	for i, d := range perm {
		d = normDim("Permute", d, x.Rank())
		out[i], p[i] = x.shape[d], int64(d)
	}
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return tensor.Transpose(tr.b, vs[0], p), out
	})
}

// Transpose swaps dimensions d0 and d1 (torch.transpose).
func Transpose(x *Tensor, d0, d1 int) *Tensor {
	perm := make([]int, x.Rank())
	for i := range perm {
		perm[i] = i
	}
	d0, d1 = normDim("Transpose", d0, x.Rank()), normDim("Transpose", d1, x.Rank())
	perm[d0], perm[d1] = perm[d1], perm[d0]
	return Permute(x, perm...)
}

// Narrow returns x[..., start:end:step, ...] along dim (negative start and
// end count from the end, and both are clamped, as Python slices are).
func Narrow(x *Tensor, dim, start, end, step int) *Tensor {
	dim = normDim("Narrow", dim, x.Rank())
	if step <= 0 {
		fail("Narrow: step must be positive, got %d", step)
	}
	n := x.shape[dim]
	clamp := func(i int) int {
		if i < 0 {
			i += n
		}
		return min(max(i, 0), n)
	}
	start, end = clamp(start), clamp(end)
	end = max(end, start)
	starts, limits, steps := make([]int64, x.Rank()), shape64(x.shape), make([]int64, x.Rank())
	for i := range steps {
		steps[i] = 1
	}
	starts[dim], limits[dim], steps[dim] = int64(start), int64(end), int64(step)
	out := append([]int(nil), x.shape...)
	out[dim] = (end - start + step - 1) / step
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		if tr.dynamic(vs[0]) {
			tr.shapeRead = true // slicing bounds are static sizes
		}
		return tensor.Slice(tr.b, vs[0], starts, limits, steps), out
	})
}

// Concat joins xs along dim (torch.cat).
func Concat(dim int, xs ...*Tensor) *Tensor {
	if len(xs) == 0 {
		fail("Concat: no tensors")
	}
	dim = normDim("Concat", dim, xs[0].Rank())
	out := append([]int(nil), xs[0].shape...)
	for _, x := range xs[1:] {
		out[dim] += x.shape[dim]
	}
	return apply(xs, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return tensor.Concat(tr.b, int64(dim), vs...), out
	})
}

// IndexSelect returns the slices of x along dim at the int64 indices idx
// (torch.index_select).
func IndexSelect(x *Tensor, dim int, idx *Tensor) *Tensor {
	dim = normDim("IndexSelect", dim, x.Rank())
	out := append([]int(nil), x.shape...)
	out = append(append(out[:dim:dim], idx.shape...), x.shape[dim+1:]...)
	return apply([]*Tensor{x, idx}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return tensor.Gather(tr.b, vs[0], vs[1], int64(dim)), out
	})
}

// IndexAdd returns base with the slices of src added at the indices idx
// along dim (torch.index_add).
func IndexAdd(base *Tensor, dim int, idx, src *Tensor) *Tensor {
	dim = normDim("IndexAdd", dim, base.Rank())
	return apply([]*Tensor{base, idx, src}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return tensor.ScatterAdd(tr.b, vs[0], vs[1], vs[2], int64(dim)), base.shape
	})
}

// BroadcastTo returns x broadcast to shape (torch.broadcast_to).
func BroadcastTo(x *Tensor, shape ...int) *Tensor {
	out := broadcastShapes("BroadcastTo", x.shape, shape)
	if len(out) != len(shape) || !equalInts(out, shape) {
		fail("BroadcastTo: cannot broadcast %v to %v", x.shape, shape)
	}
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		irOut, src := broadcastIR(vs, [][]int{x.shape}, out)
		return tr.broadcastTo(vs[0], irOut, src), out
	})
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// reduceDims normalizes reduction dimensions (none: all) and returns the
// result's sizes.
func reduceDims(op string, x *Tensor, dims []int, keepdim bool) ([]int64, []int) {
	if len(dims) == 0 {
		for i := range x.shape {
			dims = append(dims, i)
		}
	}
	red := map[int]bool{}
	ds := make([]int64, len(dims))
	for i, d := range dims {
		d = normDim(op, d, x.Rank())
		red[d], ds[i] = true, int64(d)
	}
	var out []int
	for i, s := range x.shape {
		switch {
		case !red[i]:
			out = append(out, s)
		case keepdim:
			out = append(out, 1)
		}
	}
	return ds, out
}

func reduce(op string, f func(b *ir.Builder, x ir.Value, dims []int64, keepdim bool) ir.Value, x *Tensor, dims []int, keepdim bool) *Tensor {
	ds, out := reduceDims(op, x, dims, keepdim)
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return f(tr.b, vs[0], ds, keepdim), out
	})
}

// Sum returns the sum over dims (none: all dimensions).
func Sum(x *Tensor, dims []int, keepdim bool) *Tensor {
	return reduce("Sum", tensor.ReduceSum, x, dims, keepdim)
}

// Mean returns the mean over dims (none: all dimensions).
func Mean(x *Tensor, dims []int, keepdim bool) *Tensor {
	return reduce("Mean", tensor.ReduceMean, x, dims, keepdim)
}

// Amax returns the maximum over dims (torch.amax).
func Amax(x *Tensor, dims []int, keepdim bool) *Tensor {
	return reduce("Amax", tensor.ReduceMax, x, dims, keepdim)
}

// Amin returns the minimum over dims (torch.amin).
func Amin(x *Tensor, dims []int, keepdim bool) *Tensor {
	return reduce("Amin", tensor.ReduceMin, x, dims, keepdim)
}

// ArgMax returns the int64 index of the maximum along dim.
func ArgMax(x *Tensor, dim int, keepdim bool) *Tensor {
	d := normDim("ArgMax", dim, x.Rank())
	_, out := reduceDims("ArgMax", x, []int{d}, keepdim)
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return tensor.ArgMax(tr.b, vs[0], int64(d), keepdim), out
	})
}

// MatMul returns the (batched) matrix product of a [..., m, k] and
// b [..., k, n].
func MatMul(a, b *Tensor) *Tensor {
	if a.Rank() < 2 || b.Rank() < 2 {
		fail("MatMul: operands must have rank 2 or more, got %v and %v", a.shape, b.shape)
	}
	if a.shape[a.Rank()-1] != b.shape[b.Rank()-2] {
		fail("MatMul: shapes %v and %v do not match", a.shape, b.shape)
	}
	out := append(append([]int(nil), a.shape[:a.Rank()-1]...), b.shape[b.Rank()-1])
	return apply([]*Tensor{a, b}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return tensor.MatMul(tr.b, vs[0], vs[1]), out
	})
}

// hintOf returns v's sizes, taking ? sizes from like (same rank).
func hintOf(v ir.Value, like []int) []int {
	s := irShape(v)
	out := make([]int, len(s))
	for i, d := range s {
		out[i] = int(d)
		if d == ir.Dynamic && i < len(like) {
			out[i] = like[i]
		}
	}
	return out
}

// Conv2d returns the 2-D convolution of x (NCHW) with w (OIHW), without
// bias, with the given stride and padding (dilation 1, one group).
func Conv2d(x, w *Tensor, stride, padding int) *Tensor {
	p := tensor.DefaultConv2D()
	p.Stride = [2]int64{int64(stride), int64(stride)}
	p.Padding = [2]int64{int64(padding), int64(padding)}
	return apply([]*Tensor{x, w}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		v := tensor.Conv2D(tr.b, vs[0], vs[1], p)
		return v, hintOf(v, x.shape)
	})
}

// MaxPool2d returns the 2-D max pooling of x (NCHW) with a square kernel,
// stride and padding.
func MaxPool2d(x *Tensor, kernel, stride, padding int) *Tensor {
	k, s, pd := int64(kernel), int64(stride), int64(padding)
	p := tensor.Pool2DParams{Kernel: [2]int64{k, k}, Stride: [2]int64{s, s}, Padding: [2]int64{pd, pd}}
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		v := tensor.MaxPool2D(tr.b, vs[0], p)
		return v, hintOf(v, x.shape)
	})
}

// Softmax returns the softmax of x along dim.
func Softmax(x *Tensor, dim int) *Tensor {
	d := int64(normDim("Softmax", dim, x.Rank()))
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) { return tensor.Softmax(tr.b, vs[0], d), x.shape })
}

// LogSoftmax returns the log-softmax of x along dim.
func LogSoftmax(x *Tensor, dim int) *Tensor {
	d := int64(normDim("LogSoftmax", dim, x.Rank()))
	return apply([]*Tensor{x}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return tensor.LogSoftmax(tr.b, vs[0], d), x.shape
	})
}

// LayerNorm normalizes x over its last weight.Rank() dimensions, then
// scales by weight and adds bias (torch.nn.functional.layer_norm).
func LayerNorm(x, weight, bias *Tensor, eps float64) *Tensor {
	nd := int64(weight.Rank())
	return apply([]*Tensor{x, weight, bias}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return tensor.LayerNorm(tr.b, vs[0], vs[1], vs[2], nd, eps), x.shape
	})
}

// CrossEntropy returns the mean cross-entropy of logits [N, C] against the
// int64 class targets [N] (torch.nn.functional.cross_entropy).
func CrossEntropy(logits, target *Tensor) *Tensor {
	return apply([]*Tensor{logits, target}, func(tr *tracer, vs []ir.Value) (ir.Value, []int) {
		return tensor.CrossEntropy(tr.b, vs[0], vs[1], "mean"), []int{}
	})
}
