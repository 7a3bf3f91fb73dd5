package optim_test

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/nn"
	"github.com/tt-compiler/tt/optim"
	"github.com/tt-compiler/tt/safetensors"
)

// params is a module with the two parameters of the fixtures.
type params struct {
	W *tt.Tensor `nn:"0"`
	B *tt.Tensor `nn:"1"`
}

type hyper struct {
	LR          float64    `json:"lr"`
	Momentum    float64    `json:"momentum"`
	Dampening   float64    `json:"dampening"`
	WeightDecay *float64   `json:"weight_decay"`
	Nesterov    bool       `json:"nesterov"`
	Betas       [2]float64 `json:"betas"`
	Eps         float64    `json:"eps"`
}

func newOptimizer(t *testing.T, kind string, h hyper, ps []nn.Param) optim.Optimizer {
	switch kind {
	case "SGD":
		o := optim.NewSGD(ps, h.LR)
		o.Momentum, o.Dampening, o.Nesterov = h.Momentum, h.Dampening, h.Nesterov
		if h.WeightDecay != nil {
			o.WeightDecay = *h.WeightDecay
		}
		return o
	case "AdamW":
		o := optim.NewAdamW(ps)
		o.LR = h.LR
		if h.Betas != [2]float64{} {
			o.Beta1, o.Beta2 = h.Betas[0], h.Betas[1]
		}
		if h.Eps != 0 {
			o.Eps = h.Eps
		}
		if h.WeightDecay != nil {
			o.WeightDecay = *h.WeightDecay
		}
		return o
	}
	t.Fatalf("unknown optimizer %s", kind)
	return nil
}

// maxRelErr returns the largest |got-want| / max(|want|, 1e-3).
func maxRelErr(got, want []float32) float64 {
	worst := 0.0
	for i := range got {
		d := math.Abs(float64(got[i]-want[i])) / max(math.Abs(float64(want[i])), 1e-3)
		worst = max(worst, d)
	}
	return worst
}

// TestTrajectoriesMatchPyTorch replays the gradients PyTorch's optimizers
// saw (tools/refgen/nnref.py) and checks the parameters after each of the
// 10 steps, and the final optimizer state, against torch.optim: equal
// bitwise (the updates use PyTorch's operation order and its fused
// multiply-adds).
func TestTrajectoriesMatchPyTorch(t *testing.T) {
	for _, name := range []string{"sgd", "sgd_momentum", "sgd_nesterov", "adamw", "adamw_custom"} {
		t.Run(name, func(t *testing.T) {
			f, err := safetensors.ReadFile(filepath.Join("testdata", name+".safetensors"))
			if err != nil {
				t.Fatal(err)
			}
			ts, err := nn.FromSafetensors(f)
			if err != nil {
				t.Fatal(err)
			}
			var h hyper
			if err := json.Unmarshal([]byte(f.Metadata["hyper"]), &h); err != nil {
				t.Fatal(err)
			}
			m := &params{W: ts["init.0"], B: ts["init.1"]}
			ps := nn.Parameters(m)
			o := newOptimizer(t, f.Metadata["optimizer"], h, ps)
			steps, _ := strconv.Atoi(f.Metadata["steps"])
			for s := range steps {
				o.Step([]*tt.Tensor{ts[fmt.Sprintf("grad.%d.0", s)], ts[fmt.Sprintf("grad.%d.1", s)]})
				for i, p := range ps {
					want := ts[fmt.Sprintf("param.%d.%d", s, i)].Float32s()
					if e := maxRelErr(p.Value().Float32s(), want); e != 0 {
						t.Fatalf("step %d, parameter %d: relative error %g", s+1, i, e)
					}
				}
			}
			state, _ := o.State()
			for _, k := range []string{"momentum_buffer", "exp_avg", "exp_avg_sq"} {
				for i := range ps {
					want, ok := ts[fmt.Sprintf("state.%d.%s", i, k)]
					if !ok {
						continue
					}
					got := state[fmt.Sprintf("%d.%s", i, k)]
					if got == nil {
						t.Fatalf("no state %d.%s", i, k)
					}
					if e := maxRelErr(got.Float32s(), want.Float32s()); e != 0 {
						t.Errorf("state %d.%s: relative error %g", i, k, e)
					}
				}
			}
		})
	}
}

// TestSaveLoadResumes saves AdamW's state mid-run and checks that a fresh
// optimizer loaded from it continues exactly as the original.
func TestSaveLoadResumes(t *testing.T) {
	g := tt.NewGenerator(4)
	grad := func() []*tt.Tensor { return []*tt.Tensor{g.Randn(tt.Float32, 2, 3), g.Randn(tt.Float32, 3)} }
	for _, kind := range []string{"SGD", "AdamW"} {
		m := &params{W: g.Randn(tt.Float32, 2, 3), B: g.Randn(tt.Float32, 3)}
		h := hyper{LR: 0.01, Momentum: 0.9}
		o := newOptimizer(t, kind, h, nn.Parameters(m))
		for range 3 {
			o.Step(grad())
		}
		path := filepath.Join(t.TempDir(), "opt.safetensors")
		if err := optim.Save(path, o); err != nil {
			t.Fatal(err)
		}
		m2 := &params{W: m.W, B: m.B}
		o2 := newOptimizer(t, kind, h, nn.Parameters(m2))
		if err := optim.Load(path, o2); err != nil {
			t.Fatal(err)
		}
		gs := grad()
		o.Step(gs)
		o2.Step(gs)
		if e := maxRelErr(m.W.Float32s(), m2.W.Float32s()); e != 0 {
			t.Errorf("%s: resumed optimizer differs by %g", kind, e)
		}
		other := newOptimizer(t, map[string]string{"SGD": "AdamW", "AdamW": "SGD"}[kind], h, nn.Parameters(m2))
		if err := optim.Load(path, other); err == nil {
			t.Errorf("%s state loaded into another optimizer", kind)
		}
	}
}
