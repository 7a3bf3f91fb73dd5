// Command gpt trains a small character-level GPT on the bundled text (the
// book of Genesis, King James Version: data/README.md) with tt's nn and
// optim packages, and samples text from it. Each training step is one
// nn.ValueAndGrad call: the loss is captured into a tensor-dialect graph,
// differentiated by the aot-autograd pass and compiled once for the
// backend (-backend go, the default: generated Go; -backend interp: the
// reference interpreter); optim.AdamW updates the parameters.
//
//	go run ./examples/gpt                 # 2 layers, 64 dims, 4 heads, block 32, batch 16
//	go run ./examples/gpt -backend interp -steps 100
//	go run ./examples/gpt -save gpt.safetensors
package main

import (
	_ "embed"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/nn"
	"github.com/tt-compiler/tt/optim"
	"github.com/tt-compiler/tt/safetensors"
)

//go:embed data/genesis.txt
var genesis string

// runConfig is what a training run needs.
type runConfig struct {
	model       Config
	batch       int
	steps       int
	lr          float64
	weightDecay float64
	seed        uint64
	backend     string
	logEvery    int
}

// run is a model with its training state.
type run struct {
	cfg     runConfig
	model   *GPT
	params  []nn.Param
	opt     *optim.AdamW
	step    func(args ...any) (*tt.Tensor, []*tt.Tensor)
	batches *Batches
}

func newRun(cfg runConfig, data []int64) *run {
	g := tt.NewGenerator(cfg.seed)
	m := NewGPT(g, cfg.model)
	ps := nn.Parameters(m)
	opt := optim.NewAdamW(ps)
	opt.LR, opt.WeightDecay = cfg.lr, cfg.weightDecay
	return &run{
		cfg: cfg, model: m, params: ps, opt: opt,
		step:    nn.ValueAndGrad(ps, m.Loss, tt.Backend(cfg.backend)),
		batches: &Batches{data: data, batch: cfg.batch, block: cfg.model.Block, g: tt.NewGenerator(cfg.seed + 1)},
	}
}

// trainStep runs one step on the batch and returns the loss (before the
// update).
func (r *run) trainStep(x, y *tt.Tensor) float64 {
	loss, grads := r.step(x, y)
	r.opt.Step(grads)
	return loss.Item()
}

// train runs the configured steps, printing a progress line every
// logEvery steps to w, and returns the losses.
func (r *run) train(w io.Writer) []float64 {
	var losses []float64
	tokens := r.cfg.batch * r.cfg.model.Block
	start := time.Now()
	window, windowLoss, n := time.Now(), 0.0, 0
	for i := range r.cfg.steps {
		x, y := r.batches.Next()
		l := r.trainStep(x, y)
		losses = append(losses, l)
		if i == 0 {
			fmt.Fprintf(w, "step %4d  loss %.4f  first step (trace, autograd, compile, run) %.2fs\n", 1, l, time.Since(start).Seconds())
			window = time.Now()
			continue
		}
		windowLoss += l
		n++
		if (i+1)%r.cfg.logEvery == 0 || i+1 == r.cfg.steps {
			el := time.Since(window)
			fmt.Fprintf(w, "step %4d  loss %.4f (mean of %d)  %.1f ms/step  %.0f tokens/s\n",
				i+1, windowLoss/float64(n), n, el.Seconds()*1000/float64(n), float64(n*tokens)/el.Seconds())
			window, windowLoss, n = time.Now(), 0, 0
		}
	}
	return losses
}

func main() {
	var (
		cfg       runConfig
		sample    = flag.Int("sample", 400, "characters to sample after training")
		temp      = flag.Float64("temperature", 0.8, "sampling temperature")
		save      = flag.String("save", "", "write the trained parameters and AdamW state to this safetensors file (and FILE.optim)")
		exportRef = flag.String("export-ref", "", "write the initial parameters and -steps batches to this safetensors file (for tools/refgen/gptref.py) and exit")
	)
	flag.StringVar(&cfg.backend, "backend", "go", "backend of the compiled training step: go or interp")
	flag.IntVar(&cfg.steps, "steps", 1500, "training steps")
	flag.IntVar(&cfg.batch, "batch", 16, "sequences per batch")
	flag.IntVar(&cfg.model.Block, "block", 32, "context length")
	flag.IntVar(&cfg.model.Dim, "dim", 64, "embedding width")
	flag.IntVar(&cfg.model.Heads, "heads", 4, "attention heads")
	flag.IntVar(&cfg.model.Layers, "layers", 2, "transformer blocks")
	flag.BoolVar(&cfg.model.Tied, "tied", false, "tie the head to the token embedding")
	flag.Float64Var(&cfg.lr, "lr", 3e-3, "AdamW learning rate")
	flag.Float64Var(&cfg.weightDecay, "wd", 0.01, "AdamW weight decay")
	flag.Uint64Var(&cfg.seed, "seed", 0, "seed of the initialisation, batches and sampling")
	flag.IntVar(&cfg.logEvery, "log", 100, "steps per progress line")
	flag.Parse()
	if err := mainErr(cfg, *sample, *temp, *save, *exportRef); err != nil {
		fmt.Fprintln(os.Stderr, "gpt:", err)
		os.Exit(1)
	}
}

func mainErr(cfg runConfig, sample int, temp float64, save, exportRef string) error {
	vocab := NewVocab(genesis)
	data, err := vocab.Encode(genesis)
	if err != nil {
		return err
	}
	cfg.model.Vocab = vocab.Size()
	if cfg.logEvery <= 0 || cfg.steps <= 0 {
		return fmt.Errorf("-log and -steps must be positive")
	}
	r := newRun(cfg, data)
	if exportRef != "" {
		return exportReference(exportRef, r)
	}
	fmt.Printf("gpt: %d characters, vocabulary %d; %d layers, %d dims, %d heads, block %d, batch %d, %d parameters; backend %s\n",
		len(data), vocab.Size(), cfg.model.Layers, cfg.model.Dim, cfg.model.Heads, cfg.model.Block, cfg.batch, countParams(r.params), cfg.backend)
	r.train(os.Stdout)
	defer tt.Release(r.step)
	if save != "" {
		if err := nn.SaveState(save, r.model, map[string]string{"steps": strconv.Itoa(cfg.steps)}); err != nil {
			return err
		}
		if err := optim.Save(save+".optim", r.opt); err != nil {
			return err
		}
	}
	if sample > 0 {
		s := NewSampler(r.model, tt.NewGenerator(cfg.seed+2), tt.Backend(cfg.backend))
		ctx, _ := vocab.Encode("\n")
		fmt.Printf("--- sample (temperature %.2f) ---\n%s\n", temp, vocab.Decode(s.Generate(ctx, sample, temp)))
		tt.Release(s.forward)
	}
	return nil
}

func countParams(ps []nn.Param) int {
	n := 0
	for _, p := range ps {
		n += p.Value().Numel()
	}
	return n
}

// exportReference writes the initial parameters ("param.<name>") and the
// batches of the run's steps ("x.<i>", "y.<i>"), with the configuration
// as metadata: what tools/refgen/gptref.py needs to run the same training
// in PyTorch.
func exportReference(path string, r *run) error {
	ts := map[string]*tt.Tensor{}
	for _, p := range r.params {
		ts["param."+p.Name] = p.Value()
	}
	for i := range r.cfg.steps {
		x, y := r.batches.Next()
		ts[fmt.Sprintf("x.%d", i)], ts[fmt.Sprintf("y.%d", i)] = x, y
	}
	sts, err := nn.ToSafetensors(ts)
	if err != nil {
		return err
	}
	c := r.cfg
	meta := map[string]string{
		"vocab": strconv.Itoa(c.model.Vocab), "block": strconv.Itoa(c.model.Block), "dim": strconv.Itoa(c.model.Dim),
		"heads": strconv.Itoa(c.model.Heads), "layers": strconv.Itoa(c.model.Layers), "tied": strconv.FormatBool(c.model.Tied),
		"batch": strconv.Itoa(c.batch), "steps": strconv.Itoa(c.steps),
		"lr": strconv.FormatFloat(c.lr, 'g', -1, 64), "weight_decay": strconv.FormatFloat(c.weightDecay, 'g', -1, 64),
	}
	return safetensors.WriteFile(path, sts, meta)
}
