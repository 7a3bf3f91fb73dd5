package main

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/nn"
)

// Config sizes the model.
type Config struct {
	Vocab, Block, Dim, Heads, Layers int
	Tied                             bool // the head reuses the token embedding (GPT-2's weight tying)
}

// Block is one pre-norm transformer block: x + attn(ln1(x)), then
// x + proj(gelu(fc(ln2(x)))).
type Block struct {
	Ln1  *nn.LayerNorm
	Attn *nn.Attention
	Ln2  *nn.LayerNorm
	FC   *nn.Linear
	Proj *nn.Linear
}

// GPT is a character-level GPT: token and position embeddings, Layers
// blocks, a final LayerNorm and a linear head (tied to the token embedding
// with Config.Tied).
type GPT struct {
	TokEmb *nn.Embedding
	PosEmb *nn.Embedding
	Blocks []*Block
	LnF    *nn.LayerNorm `nn:"ln_f"`
	Head   *nn.Linear    // nil when tied

	cfg Config
}

// NewGPT returns a model initialised with PyTorch's default
// initialisations from g.
func NewGPT(g *tt.Generator, c Config) *GPT {
	m := &GPT{
		TokEmb: nn.NewEmbedding(g, c.Vocab, c.Dim),
		PosEmb: nn.NewEmbedding(g, c.Block, c.Dim),
		LnF:    nn.NewLayerNorm(c.Dim),
		cfg:    c,
	}
	for range c.Layers {
		m.Blocks = append(m.Blocks, &Block{
			Ln1:  nn.NewLayerNorm(c.Dim),
			Attn: nn.NewAttention(g, c.Dim, c.Heads),
			Ln2:  nn.NewLayerNorm(c.Dim),
			FC:   nn.NewLinear(g, c.Dim, 4*c.Dim, true),
			Proj: nn.NewLinear(g, 4*c.Dim, c.Dim, true),
		})
	}
	if !c.Tied {
		m.Head = nn.NewLinear(g, c.Dim, c.Vocab, false)
	}
	return m
}

// Logits returns the next-token logits [B, T, Vocab] of idx [B, T].
func (m *GPT) Logits(idx *tt.Tensor) *tt.Tensor {
	t := idx.Shape()[1]
	pos := tt.Arange(tt.Int64, 0, float64(t), 1)
	x := tt.Add(m.TokEmb.Forward(idx), m.PosEmb.Forward(pos)) // [B, T, C] + [T, C]
	for _, b := range m.Blocks {
		x = tt.Add(x, b.Attn.Forward(b.Ln1.Forward(x)))
		x = tt.Add(x, b.Proj.Forward(tt.Gelu(b.FC.Forward(b.Ln2.Forward(x)))))
	}
	x = m.LnF.Forward(x)
	if m.Head != nil {
		return m.Head.Forward(x)
	}
	s := x.Shape()
	logits := tt.MatMul(tt.Reshape(x, -1, s[2]), tt.Transpose(m.TokEmb.Weight, 0, 1))
	return tt.Reshape(logits, s[0], s[1], -1)
}

// Loss returns the mean cross-entropy of the predictions for idx against
// targets (both [B, T] int64).
func (m *GPT) Loss(idx, targets *tt.Tensor) *tt.Tensor {
	logits := m.Logits(idx)
	return tt.CrossEntropy(tt.Reshape(logits, -1, m.cfg.Vocab), tt.Reshape(targets, -1))
}

// Vocab maps characters to token ids and back.
type Vocab struct {
	chars []rune
	ids   map[rune]int64
}

// NewVocab returns the sorted character set of text.
func NewVocab(text string) *Vocab {
	set := map[rune]bool{}
	for _, r := range text {
		set[r] = true
	}
	v := &Vocab{ids: map[rune]int64{}}
	for r := range set {
		v.chars = append(v.chars, r)
	}
	sort.Slice(v.chars, func(i, j int) bool { return v.chars[i] < v.chars[j] })
	for i, r := range v.chars {
		v.ids[r] = int64(i)
	}
	return v
}

// Size returns the number of tokens.
func (v *Vocab) Size() int { return len(v.chars) }

// Encode returns the token ids of s (characters outside the vocabulary
// are an error).
func (v *Vocab) Encode(s string) ([]int64, error) {
	out := make([]int64, 0, len(s))
	for _, r := range s {
		id, ok := v.ids[r]
		if !ok {
			return nil, fmt.Errorf("character %q is not in the vocabulary", r)
		}
		out = append(out, id)
	}
	return out, nil
}

// Decode returns the text of ids.
func (v *Vocab) Decode(ids []int64) string {
	var sb strings.Builder
	for _, id := range ids {
		sb.WriteRune(v.chars[id])
	}
	return sb.String()
}

// Batches draws training batches: batch windows of block tokens at
// offsets uniform over the text, and the same windows shifted by one (the
// targets).
type Batches struct {
	data         []int64
	batch, block int
	g            *tt.Generator
}

// Next returns inputs and targets, both [batch, block] int64.
func (b *Batches) Next() (x, y *tt.Tensor) {
	offs := b.g.RandInt(int64(len(b.data)-b.block-1), b.batch).Int64s()
	xs := make([]int64, 0, b.batch*b.block)
	ys := make([]int64, 0, b.batch*b.block)
	for _, o := range offs {
		xs = append(xs, b.data[o:o+int64(b.block)]...)
		ys = append(ys, b.data[o+1:o+1+int64(b.block)]...)
	}
	return tt.FromInt64s(xs, b.batch, b.block), tt.FromInt64s(ys, b.batch, b.block)
}

// Sampler generates text from a trained model: each step feeds the last
// Block tokens (left-padded with the first context token at the start) to
// a compiled forward function of fixed shape and samples the next token
// from the softmax of the last position's logits at a temperature.
type Sampler struct {
	m       *GPT
	forward func(idx *tt.Tensor) *tt.Tensor
	g       *tt.Generator
}

// NewSampler compiles the model's forward function for backend (the
// parameters are captured: compile after training).
func NewSampler(m *GPT, g *tt.Generator, opts ...tt.Option) *Sampler {
	last := func(idx *tt.Tensor) *tt.Tensor {
		logits := m.Logits(idx) // [1, T, V]
		t := idx.Shape()[1]
		return tt.Reshape(tt.Narrow(logits, 1, t-1, t, 1), -1) // [V]
	}
	return &Sampler{m: m, forward: tt.Compile(last, opts...), g: g}
}

// Generate returns n tokens following context at the temperature.
func (s *Sampler) Generate(context []int64, n int, temperature float64) []int64 {
	block := s.m.cfg.Block
	toks := append([]int64(nil), context...)
	for len(toks) < block {
		toks = append([]int64{context[0]}, toks...)
	}
	var out []int64
	for range n {
		window := toks[len(toks)-block:]
		logits := s.forward(tt.FromInt64s(window, 1, block)).Float64s()
		next := sampleLogits(logits, temperature, s.g.Rand(tt.Float64).Item())
		toks = append(toks, next)
		out = append(out, next)
	}
	return out
}

// sampleLogits draws from softmax(logits/temperature) with the uniform u.
func sampleLogits(logits []float64, temperature, u float64) int64 {
	hi := math.Inf(-1)
	for _, l := range logits {
		hi = max(hi, l)
	}
	p := make([]float64, len(logits))
	sum := 0.0
	for i, l := range logits {
		p[i] = math.Exp((l - hi) / temperature)
		sum += p[i]
	}
	acc := 0.0
	for i := range p {
		acc += p[i] / sum
		if u < acc {
			return int64(i)
		}
	}
	return int64(len(p) - 1)
}
