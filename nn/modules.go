package nn

import (
	"fmt"
	"math"

	"github.com/tt-compiler/tt"
)

// Module is a layer with one input and one output, what Sequential chains.
type Module interface {
	Forward(x *tt.Tensor) *tt.Tensor
}

// uniform returns a float32 tensor uniform in [-bound, bound), drawn from g.
func uniform(g *tt.Generator, bound float64, shape ...int) *tt.Tensor {
	u := g.Rand(tt.Float32, shape...).Float64s()
	for i := range u {
		u[i] = (2*u[i] - 1) * bound
	}
	f := make([]float32, len(u))
	for i, x := range u {
		f[i] = float32(x)
	}
	return tt.FromFloat32s(f, shape...)
}

// Linear is torch.nn.Linear: y = x Wᵀ + b over the last dimension of x.
type Linear struct {
	Weight *tt.Tensor // [out, in]
	Bias   *tt.Tensor // [out], nil without bias
}

// NewLinear returns a Linear layer initialised as PyTorch does: weight
// kaiming-uniform with a = √5 and bias, both uniform in
// [-1/√in, 1/√in].
func NewLinear(g *tt.Generator, in, out int, bias bool) *Linear {
	bound := 1 / math.Sqrt(float64(in))
	l := &Linear{Weight: uniform(g, bound, out, in)}
	if bias {
		l.Bias = uniform(g, bound, out)
	}
	return l
}

// Forward applies the layer to x [..., in].
func (l *Linear) Forward(x *tt.Tensor) *tt.Tensor {
	shape := x.Shape()
	in := l.Weight.Shape()[1]
	if len(shape) == 0 || shape[len(shape)-1] != in {
		panic(&tt.Error{Msg: fmt.Sprintf("nn.Linear: input %v, want [..., %d]", shape, in)})
	}
	h := x
	if len(shape) != 2 {
		h = tt.Reshape(x, -1, in)
	}
	y := tt.MatMul(h, tt.Transpose(l.Weight, 0, 1))
	if l.Bias != nil {
		y = tt.Add(y, l.Bias)
	}
	if len(shape) != 2 {
		out := append(shape[:len(shape)-1:len(shape)-1], l.Weight.Shape()[0])
		y = tt.Reshape(y, out...)
	}
	return y
}

// Embedding is torch.nn.Embedding: rows of Weight looked up by int64
// indices.
type Embedding struct {
	Weight *tt.Tensor // [num, dim]
}

// NewEmbedding returns an embedding table with N(0, 1) entries, as
// PyTorch initialises it.
func NewEmbedding(g *tt.Generator, num, dim int) *Embedding {
	return &Embedding{Weight: g.Randn(tt.Float32, num, dim)}
}

// Forward returns the rows at idx: idx's shape followed by dim.
func (e *Embedding) Forward(idx *tt.Tensor) *tt.Tensor {
	if idx.Rank() == 1 {
		return tt.IndexSelect(e.Weight, 0, idx)
	}
	// tensor.gather takes 1-D indices: flatten, then restore idx's shape.
	rows := tt.IndexSelect(e.Weight, 0, tt.Reshape(idx, -1))
	return tt.Reshape(rows, append(idx.Shape(), e.Weight.Shape()[1])...)
}

// LayerNorm is torch.nn.LayerNorm over the trailing dimensions of
// Weight's shape.
type LayerNorm struct {
	Weight *tt.Tensor
	Bias   *tt.Tensor
	Eps    float64 `nn:"-"`
}

// NewLayerNorm returns a LayerNorm over the trailing shape, with weight
// ones, bias zeros and eps 1e-5 (PyTorch's defaults).
func NewLayerNorm(shape ...int) *LayerNorm {
	return &LayerNorm{Weight: tt.Ones(tt.Float32, shape...), Bias: tt.Zeros(tt.Float32, shape...), Eps: 1e-5}
}

// Forward normalizes x.
func (l *LayerNorm) Forward(x *tt.Tensor) *tt.Tensor { return tt.LayerNorm(x, l.Weight, l.Bias, l.Eps) }

// Conv2d is torch.nn.Conv2d with square kernels, stride and padding
// (dilation 1, one group) over NCHW inputs.
type Conv2d struct {
	Weight  *tt.Tensor // [out, in, k, k]
	Bias    *tt.Tensor // [out], nil without bias
	Stride  int        `nn:"-"`
	Padding int        `nn:"-"`
}

// NewConv2d returns a Conv2d layer initialised as PyTorch does: weight
// and bias uniform in [-1/√fan_in, 1/√fan_in], fan_in = in·k·k
// (kaiming-uniform with a = √5).
func NewConv2d(g *tt.Generator, in, out, kernel, stride, padding int, bias bool) *Conv2d {
	bound := 1 / math.Sqrt(float64(in*kernel*kernel))
	c := &Conv2d{Weight: uniform(g, bound, out, in, kernel, kernel), Stride: stride, Padding: padding}
	if bias {
		c.Bias = uniform(g, bound, out)
	}
	return c
}

// Forward convolves x [N, in, H, W].
func (c *Conv2d) Forward(x *tt.Tensor) *tt.Tensor {
	y := tt.Conv2d(x, c.Weight, c.Stride, c.Padding)
	if c.Bias != nil {
		y = tt.Add(y, tt.Reshape(c.Bias, 1, -1, 1, 1))
	}
	return y
}

// MaxPool2d is torch.nn.MaxPool2d with a square kernel.
type MaxPool2d struct{ Kernel, Stride, Padding int }

// Forward pools x [N, C, H, W].
func (m *MaxPool2d) Forward(x *tt.Tensor) *tt.Tensor {
	s := m.Stride
	if s == 0 {
		s = m.Kernel // PyTorch's default stride is the kernel size
	}
	return tt.MaxPool2d(x, m.Kernel, s, m.Padding)
}

// Dropout is torch.nn.Dropout: in training, each element is zeroed with
// probability P and the others scaled by 1/(1-P); in evaluation it is the
// identity. Masks come from Gen, so a seed fixes them. Inside a compiled
// function (tt.Compile, ValueAndGrad) the mask is drawn while tracing and
// is a constant of the graph: draw per-step masks outside and pass them
// as arguments (Mask, Apply) when training compiled.
type Dropout struct {
	P     float64
	Train bool
	Gen   *tt.Generator
}

// NewDropout returns a Dropout layer in training mode.
func NewDropout(g *tt.Generator, p float64) *Dropout { return &Dropout{P: p, Train: true, Gen: g} }

// Mask draws a keep-mask for a tensor of the given shape: a float32
// tensor of 0 and 1/(1-P).
func (d *Dropout) Mask(shape ...int) *tt.Tensor {
	u := d.Gen.Rand(tt.Float32, shape...)
	keep := tt.Ge(u, tt.Scalar(tt.Float32, d.P))
	return tt.Where(keep, tt.Scalar(tt.Float32, 1/(1-d.P)), tt.Scalar(tt.Float32, 0))
}

// Apply multiplies x by a mask from Mask.
func (d *Dropout) Apply(x, mask *tt.Tensor) *tt.Tensor { return tt.Mul(x, mask) }

// Forward applies dropout with a fresh mask (identity when not training
// or P is 0).
func (d *Dropout) Forward(x *tt.Tensor) *tt.Tensor {
	if !d.Train || d.P == 0 {
		return x
	}
	if d.P >= 1 {
		return tt.Zeros(x.DType(), x.Shape()...)
	}
	return d.Apply(x, d.Mask(x.Shape()...))
}

// ReLU is the module form of tt.Relu.
type ReLU struct{}

// Forward returns max(x, 0).
func (ReLU) Forward(x *tt.Tensor) *tt.Tensor { return tt.Relu(x) }

// GELU is the module form of tt.Gelu (exact, erf-based) or, with Tanh,
// tt.GeluTanh.
type GELU struct{ Tanh bool }

// Forward returns GELU(x).
func (g GELU) Forward(x *tt.Tensor) *tt.Tensor {
	if g.Tanh {
		return tt.GeluTanh(x)
	}
	return tt.Gelu(x)
}

// Flatten reshapes [N, ...] to [N, -1] (torch.nn.Flatten).
type Flatten struct{}

// Forward flattens all dimensions but the first.
func (Flatten) Forward(x *tt.Tensor) *tt.Tensor { return tt.Reshape(x, x.Shape()[0], -1) }

// Sequential chains modules; its parameters are named by position
// ("0.weight", "2.bias"), as torch.nn.Sequential's.
type Sequential struct {
	Layers []Module `nn:",inline"`
}

// NewSequential returns the chain of layers.
func NewSequential(layers ...Module) *Sequential { return &Sequential{Layers: layers} }

// Forward applies the layers in order.
func (s *Sequential) Forward(x *tt.Tensor) *tt.Tensor {
	for _, l := range s.Layers {
		x = l.Forward(x)
	}
	return x
}
