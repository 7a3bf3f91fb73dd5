// Command digits trains a small MLP on the UCI handwritten digits with SGD,
// end to end through tt: the model is written in the tensor dialect
// (model.mlir), differentiated ahead of time by the aot-autograd pass into
// @loss_grad, wrapped by a @train_step built with the Go API (one SGD
// update: p - lr * grad, package sgd), and run by the reference interpreter
// (-backend interp, the default) or compiled to Go (-backend go: the pt2-go
// pipeline, the Go emitter and a build of the generated package, run as a
// child process, as tt-run --backend go does).
//
//	go run ./examples/digits -epochs 20
//	go run ./examples/digits -epochs 20 -backend go
package main

import (
	"bufio"
	"compress/gzip"
	"context"
	_ "embed"
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"strconv"
	"strings"

	"github.com/tt-compiler/tt/examples/digits/sgd"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

//go:embed model.mlir
var modelSrc string

const (
	batch    = 64
	features = 64
	hidden   = 64
	classes  = 10
)

// config is what a training run needs.
type config struct {
	epochs  int
	lr      float64
	seed    int64
	data    string
	backend string // "interp" (default) or "go"
	log     func(format string, args ...any)
}

// epochStats is the outcome of one epoch.
type epochStats struct {
	meanLoss     float64
	testAccuracy float64
}

func main() {
	cfg := config{log: func(f string, a ...any) { fmt.Printf(f, a...) }}
	flag.IntVar(&cfg.epochs, "epochs", 20, "training epochs")
	flag.Float64Var(&cfg.lr, "lr", 0.1, "SGD learning rate")
	flag.Int64Var(&cfg.seed, "seed", 1, "seed for the data split, shuffling and initial weights")
	flag.StringVar(&cfg.data, "data", "examples/digits/data/digits.csv.gz", "the digits CSV (gzip)")
	flag.StringVar(&cfg.backend, "backend", "interp", "where the model runs: interp (the reference interpreter), go (compiled to Go) or ptxsim (PTX kernels on the simulator)")
	flag.Parse()
	if _, err := train(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "digits:", err)
		os.Exit(1)
	}
}

// dataset holds images scaled to [0, 1] and their labels.
type dataset struct {
	x [][]float32
	y []int64
}

func loadDigits(path string) (*dataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	ds := &dataset{}
	sc := bufio.NewScanner(zr)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Split(strings.TrimSpace(sc.Text()), ",")
		if len(fields) != features+1 {
			return nil, fmt.Errorf("%s:%d: %d columns, want %d", path, line, len(fields), features+1)
		}
		row := make([]float32, features)
		for i := range row {
			v, err := strconv.ParseFloat(fields[i], 32)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
			row[i] = float32(v / 16)
		}
		label, err := strconv.ParseInt(fields[features], 10, 64)
		if err != nil || label < 0 || label >= classes {
			return nil, fmt.Errorf("%s:%d: bad label %q", path, line, fields[features])
		}
		ds.x = append(ds.x, row)
		ds.y = append(ds.y, label)
	}
	return ds, sc.Err()
}

// split shuffles the examples and keeps a fifth of them for testing.
func (d *dataset) split(r *rand.Rand) (train, test *dataset) {
	perm := r.Perm(len(d.y))
	train, test = &dataset{}, &dataset{}
	for k, i := range perm {
		dst := train
		if k < len(perm)/5 {
			dst = test
		}
		dst.x = append(dst.x, d.x[i])
		dst.y = append(dst.y, d.y[i])
	}
	return train, test
}

// buildModule parses the model, differentiates @loss and adds @train_step.
func buildModule(lr float64) (*ir.Operation, error) {
	ctx := registry.NewContext()
	m, err := asm.ParseString(ctx, modelSrc, asm.ParseOptions{Filename: "model.mlir"})
	if err != nil {
		return nil, err
	}
	pm, err := registry.NewPassRegistry().Parse("builtin.module(aot-autograd{func=loss})")
	if err != nil {
		return nil, err
	}
	if err := pm.Run(m, nil); err != nil {
		return nil, err
	}
	if err := addTrainStep(m, lr); err != nil {
		return nil, err
	}
	return m, ir.Verify(m)
}

// addTrainStep adds
//
//	func.func @train_step(x, y, w1, b1, w2, b2) -> (loss, w1', b1', w2', b2')
//
// that calls @loss_grad and takes one SGD step on the parameters.
func addTrainStep(m *ir.Operation, lr float64) error {
	return sgd.AddStep(m, "loss_grad", "train_step", []int{2, 3, 4, 5}, lr)
}

// initParams returns w1, b1, w2, b2 with PyTorch's default Linear init
// (uniform in +-1/sqrt(fan_in)).
func initParams(r *rand.Rand) []*interp.Tensor {
	uniform := func(shape []int64, fanIn int) *interp.Tensor {
		n := 1
		for _, d := range shape {
			n *= int(d)
		}
		bound := 1 / math.Sqrt(float64(fanIn))
		v := make([]float32, n)
		for i := range v {
			v[i] = float32((r.Float64()*2 - 1) * bound)
		}
		t, _ := interp.FromF32(shape, v)
		return t
	}
	return []*interp.Tensor{
		uniform([]int64{features, hidden}, features), uniform([]int64{hidden}, features),
		uniform([]int64{hidden, classes}, hidden), uniform([]int64{classes}, hidden),
	}
}

// batchTensors packs examples idx of d into x and y tensors.
func batchTensors(d *dataset, idx []int) (*interp.Tensor, *interp.Tensor) {
	xs := make([]float32, 0, len(idx)*features)
	ys := make([]int64, len(idx))
	for k, i := range idx {
		xs = append(xs, d.x[i]...)
		ys[k] = d.y[i]
	}
	x, _ := interp.FromF32([]int64{int64(len(idx)), features}, xs)
	y, _ := interp.FromI64(interp.I64, []int64{int64(len(idx))}, ys)
	return x, y
}

func accuracy(be backend, d *dataset, params []*interp.Tensor) (float64, error) {
	idx := make([]int, len(d.y))
	for i := range idx {
		idx[i] = i
	}
	x, _ := batchTensors(d, idx)
	classes, err := be.predict(x, params)
	if err != nil {
		return 0, err
	}
	if len(classes) != len(d.y) {
		return 0, fmt.Errorf("predict returned %d classes for %d images", len(classes), len(d.y))
	}
	right := 0
	for i, c := range classes {
		if c == d.y[i] {
			right++
		}
	}
	return float64(right) / float64(len(d.y)), nil
}

// train runs SGD and returns the per-epoch mean training loss and test accuracy.
func train(cfg config) ([]epochStats, error) {
	data, err := loadDigits(cfg.data)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewSource(cfg.seed))
	trainSet, testSet := data.split(r)
	m, err := buildModule(cfg.lr)
	if err != nil {
		return nil, err
	}
	be, err := newBackend(context.Background(), cfg.backend, m)
	if err != nil {
		return nil, err
	}
	defer be.close()
	params := initParams(r)
	var history []epochStats
	for epoch := 1; epoch <= cfg.epochs; epoch++ {
		perm := r.Perm(len(trainSet.y))
		sum, steps := 0.0, 0
		for start := 0; start+batch <= len(perm); start += batch {
			x, y := batchTensors(trainSet, perm[start:start+batch])
			loss, next, err := be.step(x, y, params)
			if err != nil {
				return nil, err
			}
			sum += loss
			steps++
			params = next
		}
		acc, err := accuracy(be, testSet, params)
		if err != nil {
			return nil, err
		}
		history = append(history, epochStats{meanLoss: sum / float64(steps), testAccuracy: acc})
		if cfg.log != nil {
			cfg.log("epoch %2d: mean loss %.4f, test accuracy %.1f%% (%d test images)\n", epoch, sum/float64(steps), 100*acc, len(testSet.y))
		}
	}
	return history, nil
}
