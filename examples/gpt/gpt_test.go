package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/nn"
	"github.com/tt-compiler/tt/optim"
	"github.com/tt-compiler/tt/safetensors"
)

// reference is the PyTorch run of tools/refgen/gptref.py: the initial
// parameters, the batches and the losses of each step.
type reference struct {
	cfg    runConfig
	ts     map[string]*tt.Tensor
	losses []float64
}

func loadReference(t *testing.T, path string) *reference {
	t.Helper()
	f, err := safetensors.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := nn.FromSafetensors(f)
	if err != nil {
		t.Fatal(err)
	}
	md := f.Metadata
	i := func(k string) int {
		v, err := strconv.Atoi(md[k])
		if err != nil {
			t.Fatalf("metadata %s: %v", k, err)
		}
		return v
	}
	fl := func(k string) float64 {
		v, err := strconv.ParseFloat(md[k], 64)
		if err != nil {
			t.Fatalf("metadata %s: %v", k, err)
		}
		return v
	}
	r := &reference{ts: ts, losses: ts["loss"].Float64s()}
	r.cfg = runConfig{
		model: Config{Vocab: i("vocab"), Block: i("block"), Dim: i("dim"), Heads: i("heads"), Layers: i("layers"), Tied: md["tied"] == "true"},
		batch: i("batch"), steps: i("steps"), lr: fl("lr"), weightDecay: fl("weight_decay"),
	}
	return r
}

// trainLikeReference runs the reference's steps on backend from its
// initial parameters and batches and returns tt's losses.
func trainLikeReference(t *testing.T, ref *reference, backend string) []float64 {
	m := NewGPT(tt.NewGenerator(0), ref.cfg.model)
	sd := map[string]*tt.Tensor{}
	for n, x := range ref.ts {
		if rest, ok := strings.CutPrefix(n, "param."); ok {
			sd[rest] = x
		}
	}
	if err := nn.LoadStateDict(m, sd); err != nil {
		t.Fatal(err)
	}
	ps := nn.Parameters(m)
	opt := optim.NewAdamW(ps)
	opt.LR, opt.WeightDecay = ref.cfg.lr, ref.cfg.weightDecay
	r := &run{cfg: ref.cfg, model: m, params: ps, opt: opt, step: nn.ValueAndGrad(ps, m.Loss, tt.Backend(backend))}
	defer tt.Release(r.step)
	var losses []float64
	for s := range ref.cfg.steps {
		losses = append(losses, r.trainStep(ref.ts[fmt.Sprintf("x.%d", s)], ref.ts[fmt.Sprintf("y.%d", s)]))
	}
	if c := tt.Counters(r.step); c.Compiles != 1 || c.CacheHits != ref.cfg.steps-1 {
		t.Errorf("counters %+v: want 1 compile and %d cache hits", c, ref.cfg.steps-1)
	}
	return losses
}

// TestLossesMatchPyTorch trains the tiny reference models (untied and
// tied head) for 20 steps from PyTorch's runs' initial parameters and
// batches, and checks every loss against PyTorch's within 1e-4 relative,
// on the interpreter and on generated Go.
func TestLossesMatchPyTorch(t *testing.T) {
	for _, fixture := range []string{"ref", "ref_tied"} {
		ref := loadReference(t, "testdata/"+fixture+".safetensors")
		if len(ref.losses) != 20 || ref.cfg.model.Tied != (fixture == "ref_tied") {
			t.Fatalf("%s: %d reference losses, tied %v", fixture, len(ref.losses), ref.cfg.model.Tied)
		}
		for _, backend := range []string{"interp", "go"} {
			t.Run(fixture+"/"+backend, func(t *testing.T) {
				got := trainLikeReference(t, ref, backend)
				worst := 0.0
				for s, want := range ref.losses {
					d := math.Abs(got[s]-want) / math.Abs(want)
					worst = max(worst, d)
					if d > 1e-4 || math.IsNaN(got[s]) {
						t.Errorf("step %d: loss %.6f, PyTorch %.6f (relative difference %.2g)", s+1, got[s], want, d)
					}
				}
				t.Logf("largest relative difference from PyTorch over %d steps: %.2g", len(got), worst)
			})
		}
	}
}
