// Package tt is the library front end of tt, the role PyTorch 2's user API
// and TorchDynamo play: eager tensors whose operations run on the reference
// interpreter's kernels, Compile, which captures a Go function over tensors
// into a tensor-dialect graph (with guards, recompiles, automatic dynamic
// shapes and symbolic sizes, SymInt) and runs it on a backend (interp, go,
// ptxsim, cuda), and ValueAndGrad, which differentiates a captured loss
// with the aot-autograd pass, across graph breaks too. TT_LOGS (or the Logs
// option) prints what the compiler does. docs/frontend.md describes it.
package tt

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

// DType is a tensor's element type.
type DType = interp.DType

// The element types a Tensor can hold.
const (
	Float32 = interp.F32
	Float64 = interp.F64
	Int32   = interp.I32
	Int64   = interp.I64
	Bool    = interp.I1
)

// Tensor is an n-dimensional array. It is immutable from the user's view:
// operations return new tensors. Outside Compile a tensor is concrete (its
// data is in memory); while Compile traces a function, the tensors that
// depend on the function's arguments are symbolic values of the trace, and
// reading their data (Item, Float32s, ...) is a graph break.
type Tensor struct {
	dtype DType
	shape []int // for a symbolic tensor, the sizes seen while tracing
	data  *interp.Tensor

	tr  *tracer  // the trace a symbolic tensor belongs to
	val ir.Value // its value in the trace
	// lift is the IR sizes (with ? sizes) a tensor made concrete by a
	// graph break has when the resumed trace lifts it as an argument.
	lift []int64
	// markedDynamic are the dimensions MarkDynamic marked.
	markedDynamic []int
}

// MarkDynamic marks dimensions of t dynamic for Compile (PT2's
// torch._dynamo.mark_dynamic): the first graph compiled for a call with t
// as an argument has ? for those sizes (sizes 0 and 1 stay static) instead
// of waiting for a size change. It returns t.
func MarkDynamic(t *Tensor, dims ...int) *Tensor {
	for _, d := range dims {
		t.markedDynamic = append(t.markedDynamic, normDim("MarkDynamic", d, t.Rank()))
	}
	return t
}

// symbolic reports whether t is a value of a trace, without data.
func (t *Tensor) symbolic() bool { return t.data == nil && t.tr != nil }

// live reports whether t belongs to a trace still recording: a symbolic
// tensor, or one made concrete by a graph break after which tracing
// resumed.
func (t *Tensor) live() bool { return t.tr != nil && !t.tr.done }

// DType returns t's element type.
func (t *Tensor) DType() DType { return t.dtype }

// Shape returns a copy of t's sizes. Inside a trace, reading the shape of a
// tensor with a dynamic dimension specializes the graph on that size (the
// trace is redone with static sizes), as PT2 does when a symbolic size is
// used as a Go int; Size and Sizes return symbolic sizes (SymInt) instead.
func (t *Tensor) Shape() []int {
	if t.live() && t.tr.hasDynamicDim(t) {
		t.tr.shapeRead = true
	}
	return append([]int(nil), t.shape...)
}

// Rank returns the number of dimensions.
func (t *Tensor) Rank() int { return len(t.shape) }

// Numel returns the number of elements.
func (t *Tensor) Numel() int { return numel(t.shape) }

func numel(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// String describes t: its type, and its values when it is concrete.
func (t *Tensor) String() string {
	if t.symbolic() {
		return fmt.Sprintf("Tensor(symbolic %s%v)", t.dtype, t.shape)
	}
	return "Tensor(" + t.data.String() + ")"
}

// concrete returns t's data, ending the graph first when t is symbolic (a
// graph break at the caller of the exported reader).
func (t *Tensor) concrete(reason string) *interp.Tensor {
	if t.symbolic() {
		t.tr.graphBreak(reason, callerOutside())
	}
	return t.data
}

// Float32s returns t's elements as float32 values (converted from other
// element types), in row-major order.
func (t *Tensor) Float32s() []float32 {
	d := t.concrete("Tensor.Float32s() reads a traced value")
	out := make([]float32, d.Len())
	if d.DType() == interp.F32 {
		copy(out, d.F32())
		return out
	}
	for i := range out {
		out[i] = float32(d.Float(i))
	}
	return out
}

// Float64s returns t's elements as float64 values.
func (t *Tensor) Float64s() []float64 {
	d := t.concrete("Tensor.Float64s() reads a traced value")
	out := make([]float64, d.Len())
	for i := range out {
		out[i] = d.Float(i)
	}
	return out
}

// Int64s returns t's elements as int64 values (floats truncate, booleans
// are 0 or 1).
func (t *Tensor) Int64s() []int64 {
	d := t.concrete("Tensor.Int64s() reads a traced value")
	out := make([]int64, d.Len())
	for i := range out {
		if d.DType().IsFloat() {
			out[i] = int64(d.Float(i))
		} else {
			out[i] = d.Int(i)
		}
	}
	return out
}

// Item returns the value of a one-element tensor as a float64. It panics
// if t has more than one element, as PyTorch's item() raises.
func (t *Tensor) Item() float64 {
	d := t.concrete("Tensor.Item() reads a traced value")
	if d.Len() != 1 {
		panic(fmt.Sprintf("tt: Item of a tensor with %d elements", d.Len()))
	}
	if d.DType().IsFloat() {
		return d.Float(0)
	}
	return float64(d.Int(0))
}

// fromInterp wraps an interpreter tensor.
func fromInterp(d *interp.Tensor) *Tensor {
	shape := make([]int, d.Rank())
	for i, s := range d.Shape() {
		shape[i] = int(s)
	}
	return &Tensor{dtype: d.DType(), shape: shape, data: d}
}

func shape64(shape []int) []int64 {
	out := make([]int64, len(shape))
	for i, d := range shape {
		out[i] = int64(d)
	}
	return out
}

// must panics with a tt error; constructors only fail on programmer errors
// (a data length that does not match the shape).
func must(d *interp.Tensor, err error) *Tensor {
	if err != nil {
		panic("tt: " + err.Error())
	}
	return fromInterp(d)
}

// FromFloat32s returns a float32 tensor of the given shape holding a copy of
// data (row-major). No shape means a 1-D tensor of len(data).
func FromFloat32s(data []float32, shape ...int) *Tensor {
	if shape == nil {
		shape = []int{len(data)}
	}
	return must(interp.FromF32(shape64(shape), append([]float32(nil), data...)))
}

// FromFloat64s returns a float64 tensor of the given shape holding a copy of
// data.
func FromFloat64s(data []float64, shape ...int) *Tensor {
	if shape == nil {
		shape = []int{len(data)}
	}
	return must(interp.FromF64(shape64(shape), append([]float64(nil), data...)))
}

// FromInt64s returns an int64 tensor of the given shape holding a copy of
// data.
func FromInt64s(data []int64, shape ...int) *Tensor {
	if shape == nil {
		shape = []int{len(data)}
	}
	return must(interp.FromI64(interp.I64, shape64(shape), append([]int64(nil), data...)))
}

// Scalar returns a rank-0 tensor of dtype holding v.
func Scalar(dtype DType, v float64) *Tensor { return Full(dtype, v) }

// Full returns a tensor of dtype and shape filled with v (converted to
// dtype).
func Full(dtype DType, v float64, shape ...int) *Tensor {
	n := numel(shape)
	vals := make([]float64, n)
	for i := range vals {
		vals[i] = v
	}
	if dtype.IsFloat() {
		return must(interp.FromFloats(dtype, shape64(shape), vals))
	}
	ints := make([]int64, n)
	for i := range ints {
		ints[i] = int64(v)
		if dtype == Bool && v != 0 {
			ints[i] = 1
		}
	}
	return must(interp.FromInts(dtype, shape64(shape), ints))
}

// Zeros returns a tensor of dtype and shape filled with zeros.
func Zeros(dtype DType, shape ...int) *Tensor { return Full(dtype, 0, shape...) }

// Ones returns a tensor of dtype and shape filled with ones.
func Ones(dtype DType, shape ...int) *Tensor { return Full(dtype, 1, shape...) }

// Arange returns the 1-D tensor start, start+step, ... (below end), like
// torch.arange.
func Arange(dtype DType, start, end, step float64) *Tensor {
	if step == 0 {
		panic("tt: Arange with step 0")
	}
	n := int(math.Ceil((end - start) / step))
	n = max(n, 0)
	vals := make([]float64, n)
	for i := range vals {
		vals[i] = start + float64(i)*step
	}
	if dtype.IsFloat() {
		return must(interp.FromFloats(dtype, []int64{int64(n)}, vals))
	}
	ints := make([]int64, n)
	for i, v := range vals {
		ints[i] = int64(v)
	}
	return must(interp.FromInts(dtype, []int64{int64(n)}, ints))
}

// Generator is a seeded source of random tensors: the same seed gives the
// same tensors.
type Generator struct{ r *rand.Rand }

// NewGenerator returns a generator seeded with seed.
func NewGenerator(seed uint64) *Generator {
	return &Generator{r: rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))}
}

// Rand returns a tensor of dtype (a float type) with values uniform in
// [0, 1).
func (g *Generator) Rand(dtype DType, shape ...int) *Tensor {
	vals := make([]float64, numel(shape))
	for i := range vals {
		vals[i] = g.r.Float64()
	}
	return must(interp.FromFloats(dtype, shape64(shape), vals))
}

// Randn returns a tensor of dtype (a float type) with standard normal
// values.
func (g *Generator) Randn(dtype DType, shape ...int) *Tensor {
	vals := make([]float64, numel(shape))
	for i := range vals {
		vals[i] = g.r.NormFloat64()
	}
	return must(interp.FromFloats(dtype, shape64(shape), vals))
}

// RandInt returns an int64 tensor with values uniform in [0, n).
func (g *Generator) RandInt(n int64, shape ...int) *Tensor {
	vals := make([]int64, numel(shape))
	for i := range vals {
		vals[i] = g.r.Int64N(n)
	}
	return must(interp.FromI64(interp.I64, shape64(shape), vals))
}
