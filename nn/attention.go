package nn

import (
	"fmt"
	"math"

	"github.com/tt-compiler/tt"
)

// Attention is causal multi-head self-attention (GPT-2's
// CausalSelfAttention): one Linear projects x to queries, keys and values,
// each head attends to the positions at or before its own with
// softmax(q kᵀ/√d), and Proj mixes the heads.
type Attention struct {
	QKV   *Linear // [3·dim, dim]: q, k, v stacked in that order
	Proj  *Linear // [dim, dim]
	Heads int     `nn:"-"`
}

// NewAttention returns attention over dim features with heads heads (dim
// divisible by heads), its projections initialised as Linear layers with
// biases.
func NewAttention(g *tt.Generator, dim, heads int) *Attention {
	if heads <= 0 || dim%heads != 0 {
		panic(fmt.Sprintf("nn.NewAttention: dim %d is not divisible by %d heads", dim, heads))
	}
	return &Attention{QKV: NewLinear(g, dim, 3*dim, true), Proj: NewLinear(g, dim, dim, true), Heads: heads}
}

// CausalMask returns the [t, t] Bool mask that is true where position i
// may attend to position j (j <= i).
func CausalMask(t int) *tt.Tensor {
	r := tt.Arange(tt.Int64, 0, float64(t), 1)
	return tt.Le(tt.Reshape(r, 1, t), tt.Reshape(r, t, 1))
}

// Forward attends over x [B, T, dim].
func (a *Attention) Forward(x *tt.Tensor) *tt.Tensor {
	s := x.Shape()
	if len(s) != 3 {
		panic(&tt.Error{Msg: fmt.Sprintf("nn.Attention: input %v, want [batch, time, dim]", s)})
	}
	b, t, c := s[0], s[1], s[2]
	h, d := a.Heads, c/a.Heads
	qkv := a.QKV.Forward(x) // [B, T, 3C]
	heads := func(i int) *tt.Tensor {
		part := tt.Narrow(qkv, 2, i*c, (i+1)*c, 1)
		return tt.Permute(tt.Reshape(part, b, t, h, d), 0, 2, 1, 3) // [B, H, T, D]
	}
	q, k, v := heads(0), heads(1), heads(2)
	att := tt.MulScalar(tt.MatMul(q, tt.Transpose(k, 2, 3)), 1/math.Sqrt(float64(d))) // [B, H, T, T]
	att = tt.Where(CausalMask(t), att, tt.Scalar(tt.Float32, math.Inf(-1)))
	att = tt.Softmax(att, -1)
	y := tt.MatMul(att, v)                             // [B, H, T, D]
	y = tt.Reshape(tt.Permute(y, 0, 2, 1, 3), b, t, c) // [B, T, C]
	return a.Proj.Forward(y)
}
