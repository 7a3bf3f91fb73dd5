package nn_test

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/nn"
	"github.com/tt-compiler/tt/safetensors"
)

// fixture reads a reference file of tools/refgen/nnref.py.
func fixture(t *testing.T, path string) map[string]*tt.Tensor {
	t.Helper()
	f, err := safetensors.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := nn.FromSafetensors(f)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// withPrefix returns the tensors named prefix+"..." without the prefix.
func withPrefix(ts map[string]*tt.Tensor, prefix string) map[string]*tt.Tensor {
	out := map[string]*tt.Tensor{}
	for n, t := range ts {
		if rest, ok := strings.CutPrefix(n, prefix); ok {
			out[rest] = t
		}
	}
	return out
}

// closeTo reports the first element of got that differs from want by more
// than tol relative to want's largest magnitude.
func closeTo(got, want *tt.Tensor, tol float64) error {
	if !slices.Equal(got.Shape(), want.Shape()) {
		return fmt.Errorf("shape %v, want %v", got.Shape(), want.Shape())
	}
	g, w := got.Float64s(), want.Float64s()
	scale := 1e-6
	for _, v := range w {
		scale = max(scale, math.Abs(v))
	}
	for i := range g {
		if math.Abs(g[i]-w[i]) > tol*scale || math.IsNaN(g[i]) {
			return fmt.Errorf("element %d: %g, want %g (scale %g)", i, g[i], w[i], scale)
		}
	}
	return nil
}

// layers builds the modules of the fixtures (their initial parameters are
// replaced by the fixture's).
var layers = map[string]func(g *tt.Generator) nn.Module{
	"linear":        func(g *tt.Generator) nn.Module { return nn.NewLinear(g, 5, 4, true) },
	"linear_nobias": func(g *tt.Generator) nn.Module { return nn.NewLinear(g, 6, 3, false) },
	"embedding":     func(g *tt.Generator) nn.Module { return nn.NewEmbedding(g, 7, 5) },
	"layernorm":     func(g *tt.Generator) nn.Module { return nn.NewLayerNorm(6) },
	"conv2d":        func(g *tt.Generator) nn.Module { return nn.NewConv2d(g, 2, 3, 3, 1, 1, true) },
	"conv2d_stride": func(g *tt.Generator) nn.Module { return nn.NewConv2d(g, 3, 2, 3, 2, 0, true) },
	"sequential_cnn": func(g *tt.Generator) nn.Module {
		return nn.NewSequential(nn.NewConv2d(g, 1, 2, 3, 1, 1, true), nn.ReLU{}, &nn.MaxPool2d{Kernel: 2},
			nn.Flatten{}, nn.NewLinear(g, 2*3*3, 4, true), nn.GELU{})
	},
	"attention": func(g *tt.Generator) nn.Module { return nn.NewAttention(g, 8, 2) },
}

// goLayers also run on the Go backend (each is a Go build).
var goLayers = map[string]bool{"attention": true, "sequential_cnn": true}

// TestLayersMatchPyTorch checks each layer's output, the loss sum(y·r)
// and its gradients w.r.t. every parameter against PyTorch (nnref.py),
// with the parameters loaded from PyTorch's state_dict names; the
// gradients on the interpreter, and for goLayers on generated Go too.
func TestLayersMatchPyTorch(t *testing.T) {
	for name, build := range layers {
		backends := []string{"interp"}
		if goLayers[name] {
			backends = append(backends, "go")
		}
		for _, backend := range backends {
			t.Run(name+"/"+backend, func(t *testing.T) { checkLayer(t, name, backend, build) })
		}
	}
}

func checkLayer(t *testing.T, name, backend string, build func(g *tt.Generator) nn.Module) {
	ts := fixture(t, filepath.Join("testdata", name+".safetensors"))
	m := build(tt.NewGenerator(0))
	if err := nn.LoadStateDict(m, withPrefix(ts, "param.")); err != nil {
		t.Fatal(err)
	}
	x, r := ts["in.x"], ts["in.r"]
	if err := closeTo(m.Forward(x), ts["out.y"], 1e-5); err != nil {
		t.Fatalf("forward: %v", err)
	}
	ps := nn.Parameters(m)
	vg := nn.ValueAndGrad(ps, func(x, r *tt.Tensor) *tt.Tensor {
		return tt.Sum(tt.Mul(m.Forward(x), r), nil, false)
	}, tt.Backend(backend))
	defer tt.Release(vg)
	loss, grads := vg(x, r)
	if err := closeTo(loss, ts["out.loss"], 1e-5); err != nil {
		t.Errorf("loss: %v", err)
	}
	if len(grads) != len(ps) {
		t.Fatalf("%d gradients for %d parameters", len(grads), len(ps))
	}
	for i, p := range ps {
		if err := closeTo(grads[i], ts["grad."+p.Name], 1e-5); err != nil {
			t.Errorf("gradient of %s: %v", p.Name, err)
		}
	}
}

type block struct {
	Attn *nn.Attention
	MLP  []nn.Module
}

type model struct {
	TokEmb *nn.Embedding
	Blocks []*block
	LnF    *nn.LayerNorm `nn:"ln_f"`
	Head   *nn.Linear
	Scale  *tt.Tensor
	Seq    *nn.Sequential
	Skip   *nn.Linear `nn:"-"`
	hidden *nn.Linear
}

// TestParameterNames checks the state_dict names reflection gives.
func TestParameterNames(t *testing.T) {
	g := tt.NewGenerator(0)
	m := &model{
		TokEmb: nn.NewEmbedding(g, 4, 2),
		Blocks: []*block{{Attn: nn.NewAttention(g, 2, 1), MLP: []nn.Module{nn.NewLinear(g, 2, 2, false), nn.GELU{}}}},
		LnF:    nn.NewLayerNorm(2),
		Head:   nn.NewLinear(g, 2, 4, false),
		Scale:  tt.Ones(tt.Float32),
		Seq:    nn.NewSequential(nn.ReLU{}, nn.NewLinear(g, 2, 2, true)),
		Skip:   nn.NewLinear(g, 2, 2, true),
		hidden: nn.NewLinear(g, 2, 2, true),
	}
	var names []string
	for _, p := range nn.Parameters(m) {
		names = append(names, p.Name)
	}
	want := []string{"tok_emb.weight", "blocks.0.attn.qkv.weight", "blocks.0.attn.qkv.bias",
		"blocks.0.attn.proj.weight", "blocks.0.attn.proj.bias", "blocks.0.mlp.0.weight",
		"ln_f.weight", "ln_f.bias", "head.weight", "scale", "seq.1.weight", "seq.1.bias"}
	if !slices.Equal(names, want) {
		t.Errorf("names:\n%q\nwant\n%q", names, want)
	}
}

// TestInit checks PyTorch's default initialisations: bounds, moments and
// seeding.
func TestInit(t *testing.T) {
	l := nn.NewLinear(tt.NewGenerator(3), 100, 200, true)
	bound := 1 / math.Sqrt(100)
	for _, p := range []*tt.Tensor{l.Weight, l.Bias} {
		var sum, sq float64
		vals := p.Float64s()
		for _, v := range vals {
			if math.Abs(v) > bound {
				t.Fatalf("%g outside ±%g", v, bound)
			}
			sum += v
			sq += v * v
		}
		n := float64(len(vals))
		if v := sq / n; math.Abs(v-bound*bound/3) > 0.2*bound*bound/3 {
			t.Errorf("variance %g, want about %g (uniform)", v, bound*bound/3)
		}
	}
	if !slices.Equal(l.Weight.Float32s(), nn.NewLinear(tt.NewGenerator(3), 100, 200, true).Weight.Float32s()) {
		t.Error("same seed, different weights")
	}
	e := nn.NewEmbedding(tt.NewGenerator(1), 100, 100).Weight.Float64s()
	var sum, sq float64
	for _, v := range e {
		sum += v
		sq += v * v
	}
	if m, v := sum/1e4, sq/1e4; math.Abs(m) > 0.05 || math.Abs(v-1) > 0.05 {
		t.Errorf("embedding mean %g variance %g, want N(0, 1)", m, v)
	}
	c := nn.NewConv2d(tt.NewGenerator(1), 3, 4, 5, 1, 0, true)
	cb := 1 / math.Sqrt(3*5*5)
	for _, v := range append(c.Weight.Float64s(), c.Bias.Float64s()...) {
		if math.Abs(v) > cb {
			t.Fatalf("conv value %g outside ±%g", v, cb)
		}
	}
	ln := nn.NewLayerNorm(3)
	if !slices.Equal(ln.Weight.Float32s(), []float32{1, 1, 1}) || !slices.Equal(ln.Bias.Float32s(), []float32{0, 0, 0}) {
		t.Error("LayerNorm init is not ones/zeros")
	}
}

// TestDropout checks training masks (zero fraction, scaling, seeding) and
// evaluation's identity.
func TestDropout(t *testing.T) {
	x := tt.Ones(tt.Float32, 100, 100)
	d := nn.NewDropout(tt.NewGenerator(5), 0.3)
	y := d.Forward(x).Float32s()
	zeros := 0
	for _, v := range y {
		switch v {
		case 0:
			zeros++
		case float32(1 / 0.7):
		default:
			t.Fatalf("element %g, want 0 or 1/0.7", v)
		}
	}
	if f := float64(zeros) / 1e4; math.Abs(f-0.3) > 0.02 {
		t.Errorf("zeroed fraction %g, want about 0.3", f)
	}
	if !slices.Equal(y, nn.NewDropout(tt.NewGenerator(5), 0.3).Forward(x).Float32s()) {
		t.Error("same seed, different masks")
	}
	d.Train = false
	if got := d.Forward(x); got != x {
		t.Error("evaluation mode is not the identity")
	}
}

// TestStateRoundTrip saves a module's state as safetensors and loads it
// into a differently initialised module; LoadStateDict rejects
// mismatches.
func TestStateRoundTrip(t *testing.T) {
	a := nn.NewAttention(tt.NewGenerator(1), 4, 2)
	b := nn.NewAttention(tt.NewGenerator(2), 4, 2)
	path := filepath.Join(t.TempDir(), "a.safetensors")
	if err := nn.SaveState(path, a, map[string]string{"step": "7"}); err != nil {
		t.Fatal(err)
	}
	meta, err := nn.LoadState(path, b)
	if err != nil {
		t.Fatal(err)
	}
	if meta["step"] != "7" {
		t.Errorf("metadata %v", meta)
	}
	for n, v := range nn.StateDict(a) {
		if !slices.Equal(v.Float32s(), nn.StateDict(b)[n].Float32s()) {
			t.Errorf("%s differs after the round trip", n)
		}
	}
	c := nn.NewAttention(tt.NewGenerator(1), 6, 2)
	if _, err := nn.LoadState(path, c); err == nil || !strings.Contains(err.Error(), "qkv.weight") {
		t.Errorf("loading a state of other shapes: %v", err)
	}
	sd := nn.StateDict(a)
	delete(sd, "proj.bias")
	sd["extra"] = tt.Ones(tt.Float32)
	if err := nn.LoadStateDict(b, sd); err == nil || !strings.Contains(err.Error(), "missing [proj.bias], unexpected [extra]") {
		t.Errorf("LoadStateDict with a missing and an extra name: %v", err)
	}
}

// TestValueAndGradKeepsFields checks that tracing leaves the module's
// fields holding their tensors, that new parameter values reuse the
// compiled graph, and that the gradients follow the new values.
func TestValueAndGradKeepsFields(t *testing.T) {
	l := nn.NewLinear(tt.NewGenerator(0), 3, 1, false)
	w0 := l.Weight
	ps := nn.Parameters(l)
	vg := nn.ValueAndGrad(ps, func(x *tt.Tensor) *tt.Tensor {
		y := l.Forward(x)
		return tt.Sum(tt.Mul(y, y), nil, false) // d/dw = 2·(x·w)·x
	})
	x := tt.FromFloat32s([]float32{1, 2, 3}, 1, 3)
	vg(x)
	if l.Weight != w0 {
		t.Fatal("the weight field changed while tracing")
	}
	l.Weight = tt.FromFloat32s([]float32{1, 0, 0}, 1, 3)
	loss, grads := vg(x)
	if loss.Item() != 1 || !slices.Equal(grads[0].Float32s(), []float32{2, 4, 6}) {
		t.Errorf("loss %v, gradient %v; want 1 and [2 4 6]", loss.Item(), grads[0].Float32s())
	}
	if c := tt.Counters(vg); c.Compiles != 1 || c.CacheHits != 1 {
		t.Errorf("counters %+v, want 1 compile and 1 cache hit", c)
	}
}

// TestDropoutCompiled checks the pattern for dropout in a compiled
// training step: masks drawn outside and passed as arguments give each
// step its own mask without recompiling, with the eager gradients.
func TestDropoutCompiled(t *testing.T) {
	l := nn.NewLinear(tt.NewGenerator(0), 4, 4, true)
	d := nn.NewDropout(tt.NewGenerator(1), 0.5)
	x := tt.NewGenerator(2).Randn(tt.Float32, 8, 4)
	loss := func(x, mask *tt.Tensor) *tt.Tensor {
		return tt.Sum(d.Apply(l.Forward(x), mask), nil, false)
	}
	ps := nn.Parameters(l)
	vg := nn.ValueAndGrad(ps, loss)
	var prev []float32
	for range 3 {
		mask := d.Mask(8, 4)
		got, grads := vg(x, mask)
		if want := loss(x, mask); got.Item() != want.Item() {
			t.Errorf("compiled loss %v, eager %v", got.Item(), want.Item())
		}
		// d/dbias = column sums of the mask.
		want := tt.Sum(mask, []int{0}, false).Float32s()
		if err := closeTo(grads[1], tt.FromFloat32s(want), 1e-6); err != nil {
			t.Errorf("bias gradient: %v", err)
		}
		if slices.Equal(want, prev) {
			t.Error("two steps drew the same mask")
		}
		prev = want
	}
	if c := tt.Counters(vg); c.Compiles != 1 {
		t.Errorf("%d compiles, want 1", c.Compiles)
	}
}
