// Package optim holds optimizers over nn parameters with PyTorch's update
// formulas (torch.optim, single-tensor implementations of PyTorch 1.13):
// SGD with momentum, dampening, Nesterov momentum and weight decay, and
// AdamW with decoupled weight decay and bias correction. Updates compute
// in float32, in PyTorch's order of operations, and store new tensors in
// the parameters' fields (tt tensors are immutable).
package optim

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/nn"
	"github.com/tt-compiler/tt/safetensors"
)

// Optimizer updates parameters from their gradients.
type Optimizer interface {
	// Step applies one update; grads[i] is the gradient of the i-th
	// parameter (nil: no gradient, the parameter is left alone, as
	// PyTorch skips parameters whose .grad is None).
	Step(grads []*tt.Tensor)
	// State returns the optimizer's state (buffers by "<param>.<buffer>",
	// and scalars as metadata) for saving.
	State() (map[string]*tt.Tensor, map[string]string)
	// LoadState restores a state State returned.
	LoadState(ts map[string]*tt.Tensor, meta map[string]string) error
}

// floats returns a float32 copy of a parameter's or gradient's values.
func floats(t *tt.Tensor) []float32 {
	if t.DType() != tt.Float32 {
		panic(&tt.Error{Msg: fmt.Sprintf("optim: tensor of %s; parameters and gradients must be float32", t.DType())})
	}
	return t.Float32s()
}

func checkGrads(ps []nn.Param, grads []*tt.Tensor) {
	if len(grads) != len(ps) {
		panic(&tt.Error{Msg: fmt.Sprintf("optim: %d gradients for %d parameters", len(grads), len(ps))})
	}
	for i, g := range grads {
		if g != nil && !slices.Equal(g.Shape(), (*ps[i].Ptr).Shape()) {
			panic(&tt.Error{Msg: fmt.Sprintf("optim: gradient of %s has shape %v, the parameter %v", ps[i].Name, g.Shape(), (*ps[i].Ptr).Shape())})
		}
	}
}

// SGD is torch.optim.SGD: with weight decay wd, momentum μ, dampening τ,
//
//	g ← g + wd·p
//	b ← g (first step), b ← μ·b + (1-τ)·g (later steps)
//	g ← g + μ·b (Nesterov) or g ← b
//	p ← p − lr·g
type SGD struct {
	LR, Momentum, Dampening, WeightDecay float64
	Nesterov, Maximize                   bool

	params []nn.Param
	bufs   [][]float32 // momentum buffers; nil before the first step
}

// NewSGD returns plain SGD with learning rate lr over params; set the
// other fields for momentum, dampening, Nesterov and weight decay.
func NewSGD(params []nn.Param, lr float64) *SGD {
	return &SGD{LR: lr, params: params, bufs: make([][]float32, len(params))}
}

// Step applies one update.
func (o *SGD) Step(grads []*tt.Tensor) {
	checkGrads(o.params, grads)
	if o.Nesterov && (o.Momentum <= 0 || o.Dampening != 0) {
		panic(&tt.Error{Msg: "optim.SGD: Nesterov momentum requires a momentum and zero dampening"})
	}
	lr, mu, wd := float32(o.LR), float32(o.Momentum), float32(o.WeightDecay)
	damp := float32(1 - o.Dampening)
	for i, pr := range o.params {
		if grads[i] == nil {
			continue
		}
		p, d := floats(*pr.Ptr), floats(grads[i])
		if o.Maximize {
			for j := range d {
				d[j] = -d[j]
			}
		}
		if o.WeightDecay != 0 {
			for j := range d {
				d[j] = fma32(wd, p[j], d[j]) // d_p.add(param, alpha=weight_decay)
			}
		}
		if o.Momentum != 0 {
			buf := o.bufs[i]
			if buf == nil {
				buf = slices.Clone(d)
				o.bufs[i] = buf
			} else {
				for j := range buf {
					buf[j] = fma32(damp, d[j], buf[j]*mu) // buf.mul_(momentum).add_(d_p, alpha=1-dampening)
				}
			}
			if o.Nesterov {
				for j := range d {
					d[j] = fma32(mu, buf[j], d[j])
				}
			} else {
				d = buf
			}
		}
		for j := range p {
			p[j] = fma32(-lr, d[j], p[j]) // param.add_(d_p, alpha=-lr)
		}
		*pr.Ptr = tt.FromFloat32s(p, (*pr.Ptr).Shape()...)
	}
}

// State returns the momentum buffers ("<param>.momentum_buffer").
func (o *SGD) State() (map[string]*tt.Tensor, map[string]string) {
	ts := map[string]*tt.Tensor{}
	for i, b := range o.bufs {
		if b != nil {
			ts[o.params[i].Name+".momentum_buffer"] = tt.FromFloat32s(b, (*o.params[i].Ptr).Shape()...)
		}
	}
	return ts, map[string]string{"optimizer": "SGD"}
}

// LoadState restores momentum buffers.
func (o *SGD) LoadState(ts map[string]*tt.Tensor, meta map[string]string) error {
	if meta["optimizer"] != "SGD" {
		return fmt.Errorf("optim.SGD: state of optimizer %q", meta["optimizer"])
	}
	bufs := make([][]float32, len(o.params))
	for i, p := range o.params {
		if t, ok := ts[p.Name+".momentum_buffer"]; ok {
			if !slices.Equal(t.Shape(), (*p.Ptr).Shape()) {
				return fmt.Errorf("optim.SGD: momentum buffer of %s has shape %v, the parameter %v", p.Name, t.Shape(), (*p.Ptr).Shape())
			}
			bufs[i] = floats(t)
		}
	}
	o.bufs = bufs
	return nil
}

// AdamW is torch.optim.AdamW: at step t, with β1, β2, ε and weight decay
// wd,
//
//	p ← p·(1 − lr·wd)
//	m ← β1·m + (1−β1)·g,  v ← β2·v + (1−β2)·g²
//	p ← p − lr/(1−β1ᵗ) · m / (√v/√(1−β2ᵗ) + ε)
type AdamW struct {
	LR, Beta1, Beta2, Eps, WeightDecay float64

	params []nn.Param
	step   []int64 // per parameter, as PyTorch counts
	m, v   [][]float32
}

// NewAdamW returns AdamW over params with PyTorch's defaults: lr 1e-3,
// betas (0.9, 0.999), eps 1e-8, weight decay 0.01.
func NewAdamW(params []nn.Param) *AdamW {
	n := len(params)
	return &AdamW{LR: 1e-3, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8, WeightDecay: 0.01,
		params: params, step: make([]int64, n), m: make([][]float32, n), v: make([][]float32, n)}
}

// Step applies one update.
func (o *AdamW) Step(grads []*tt.Tensor) {
	checkGrads(o.params, grads)
	decay := float32(1 - o.LR*o.WeightDecay)
	b1, b2 := float32(o.Beta1), float32(o.Beta2)
	c1, c2 := float32(1-o.Beta1), float32(1-o.Beta2)
	eps := float32(o.Eps)
	for i, pr := range o.params {
		if grads[i] == nil {
			continue
		}
		p, g := floats(*pr.Ptr), floats(grads[i])
		if o.m[i] == nil {
			o.m[i], o.v[i] = make([]float32, len(p)), make([]float32, len(p))
		}
		o.step[i]++
		m, v := o.m[i], o.v[i]
		// Python computes these scalars in float64; tensor ops take them
		// as float32.
		t := float64(o.step[i])
		bc1 := 1 - math.Pow(o.Beta1, t)
		bc2sqrt := float32(math.Sqrt(1 - math.Pow(o.Beta2, t)))
		stepSize := float32(-(o.LR / bc1))
		for j := range p {
			p[j] *= decay                        // param.mul_(1 - lr*weight_decay)
			m[j] = fma32(c1, g[j], m[j]*b1)      // exp_avg.mul_(beta1).add_(grad, alpha=1-beta1)
			v[j] = fma32(c2*g[j], g[j], v[j]*b2) // exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1-beta2)
			denom := sqrt32(v[j])/bc2sqrt + eps  // (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
			p[j] += stepSize * m[j] / denom      // param.addcdiv_(exp_avg, denom, value=-step_size)
		}
		*pr.Ptr = tt.FromFloat32s(p, (*pr.Ptr).Shape()...)
	}
}

// fma32 returns x·y + z rounded once, as ATen's vectorized add with alpha
// (vec::fmadd) computes it.
func fma32(x, y, z float32) float32 { return float32(math.FMA(float64(x), float64(y), float64(z))) }

func sqrt32(x float32) float32 { return float32(math.Sqrt(float64(x))) }

// State returns the moments ("<param>.exp_avg", "<param>.exp_avg_sq") and
// the step counts (metadata "<param>.step"), PyTorch's state names.
func (o *AdamW) State() (map[string]*tt.Tensor, map[string]string) {
	ts := map[string]*tt.Tensor{}
	meta := map[string]string{"optimizer": "AdamW"}
	for i, p := range o.params {
		if o.m[i] == nil {
			continue
		}
		shape := (*p.Ptr).Shape()
		ts[p.Name+".exp_avg"] = tt.FromFloat32s(o.m[i], shape...)
		ts[p.Name+".exp_avg_sq"] = tt.FromFloat32s(o.v[i], shape...)
		meta[p.Name+".step"] = strconv.FormatInt(o.step[i], 10)
	}
	return ts, meta
}

// LoadState restores the moments and step counts.
func (o *AdamW) LoadState(ts map[string]*tt.Tensor, meta map[string]string) error {
	if meta["optimizer"] != "AdamW" {
		return fmt.Errorf("optim.AdamW: state of optimizer %q", meta["optimizer"])
	}
	n := len(o.params)
	step, m, v := make([]int64, n), make([][]float32, n), make([][]float32, n)
	for i, p := range o.params {
		s, ok := meta[p.Name+".step"]
		if !ok {
			continue
		}
		var err error
		if step[i], err = strconv.ParseInt(s, 10, 64); err != nil {
			return fmt.Errorf("optim.AdamW: step of %s: %v", p.Name, err)
		}
		for _, k := range []struct {
			name string
			dst  *[]float32
		}{{".exp_avg", &m[i]}, {".exp_avg_sq", &v[i]}} {
			t, ok := ts[p.Name+k.name]
			if !ok || !slices.Equal(t.Shape(), (*p.Ptr).Shape()) {
				return fmt.Errorf("optim.AdamW: %s%s is missing or has another shape than the parameter", p.Name, k.name)
			}
			*k.dst = floats(t)
		}
	}
	o.step, o.m, o.v = step, m, v
	return nil
}

// Save writes an optimizer's state to a safetensors file.
func Save(path string, o Optimizer) error {
	ts, meta := o.State()
	sts, err := nn.ToSafetensors(ts)
	if err != nil {
		return err
	}
	return safetensors.WriteFile(path, sts, meta)
}

// Load restores an optimizer's state from a safetensors file Save wrote.
func Load(path string, o Optimizer) error {
	f, err := safetensors.ReadFile(path)
	if err != nil {
		return err
	}
	ts, err := nn.FromSafetensors(f)
	if err != nil {
		return err
	}
	if err := o.LoadState(ts, f.Metadata); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}
