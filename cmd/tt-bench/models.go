package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"

	"github.com/tt-compiler/tt/dialects/function"
	"github.com/tt-compiler/tt/examples/digits/sgd"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// model is one benchmark: a tensor-level program, the function to time
// and how to make its arguments.
type model struct {
	key, name string
	src       string // MLIR; empty for the digits model (read from a file)
	entry     string
	// train, when set, makes the entry a training step: the module's @loss
	// is differentiated by aot-autograd and the step (@train_step) calls
	// @loss_grad and updates the arguments at these positions by SGD.
	train []int
	// labels is the position of an argument of class labels in [0, 10).
	labels int
	flops  float64 // for GFLOP/s, when known
}

const softmaxSrc = `
func.func @softmax(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %0 = tensor.softmax %x dim = 1 : tensor<4096x1024xf32>
  return %0 : tensor<4096x1024xf32>
}`

const layerNormSrc = `
func.func @layer_norm(%x: tensor<8192x1024xf32>, %g: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<8192x1024xf32> {
  %0 = tensor.layer_norm %x, %g, %b normalized_dims = 1 eps = 9.99999974E-6 : tensor<8192x1024xf32>, tensor<1024xf32>, tensor<1024xf32>
  return %0 : tensor<8192x1024xf32>
}`

const geluSrc = `
func.func @gelu_chain(%x: tensor<4096x1024xf32>, %a: tensor<1024xf32>, %b: tensor<1024xf32>) -> tensor<4096x1024xf32> {
  %a2 = tensor.broadcast %a dims = [1] : tensor<1024xf32> -> tensor<4096x1024xf32>
  %b2 = tensor.broadcast %b dims = [1] : tensor<1024xf32> -> tensor<4096x1024xf32>
  %0 = tensor.mul %x, %a2 : tensor<4096x1024xf32>
  %1 = tensor.add %0, %b2 : tensor<4096x1024xf32>
  %2 = tensor.gelu %1 : tensor<4096x1024xf32>
  return %2 : tensor<4096x1024xf32>
}`

// attentionSrc is a multi-head self-attention block: batch 8, sequence
// 128, width 256, 4 heads of 64: Q, K, V projections, scaled scores,
// softmax, weighted values, output projection and the residual.
const attentionSrc = `
func.func @attention(%x: tensor<8x128x256xf32>, %wq: tensor<256x256xf32>, %wk: tensor<256x256xf32>, %wv: tensor<256x256xf32>, %wo: tensor<256x256xf32>) -> tensor<8x128x256xf32> {
  %x2 = tensor.reshape %x : tensor<8x128x256xf32> -> tensor<1024x256xf32>
  %q = tensor.matmul %x2, %wq : tensor<1024x256xf32>, tensor<256x256xf32>
  %k = tensor.matmul %x2, %wk : tensor<1024x256xf32>, tensor<256x256xf32>
  %v = tensor.matmul %x2, %wv : tensor<1024x256xf32>, tensor<256x256xf32>
  %q4 = tensor.reshape %q : tensor<1024x256xf32> -> tensor<8x128x4x64xf32>
  %qt = tensor.transpose %q4 perm = [0, 2, 1, 3] : tensor<8x128x4x64xf32>
  %q3 = tensor.reshape %qt : tensor<8x4x128x64xf32> -> tensor<32x128x64xf32>
  %k4 = tensor.reshape %k : tensor<1024x256xf32> -> tensor<8x128x4x64xf32>
  %kt = tensor.transpose %k4 perm = [0, 2, 3, 1] : tensor<8x128x4x64xf32>
  %k3 = tensor.reshape %kt : tensor<8x4x64x128xf32> -> tensor<32x64x128xf32>
  %v4 = tensor.reshape %v : tensor<1024x256xf32> -> tensor<8x128x4x64xf32>
  %vt = tensor.transpose %v4 perm = [0, 2, 1, 3] : tensor<8x128x4x64xf32>
  %v3 = tensor.reshape %vt : tensor<8x4x128x64xf32> -> tensor<32x128x64xf32>
  %s = tensor.matmul %q3, %k3 : tensor<32x128x64xf32>, tensor<32x64x128xf32>
  %c = tensor.full 1.250000e-01 : f32 -> tensor<32x128x128xf32>
  %ss = tensor.mul %s, %c : tensor<32x128x128xf32>
  %p = tensor.softmax %ss dim = 2 : tensor<32x128x128xf32>
  %o = tensor.matmul %p, %v3 : tensor<32x128x128xf32>, tensor<32x128x64xf32>
  %o4 = tensor.reshape %o : tensor<32x128x64xf32> -> tensor<8x4x128x64xf32>
  %ot = tensor.transpose %o4 perm = [0, 2, 1, 3] : tensor<8x4x128x64xf32>
  %o2 = tensor.reshape %ot : tensor<8x128x4x64xf32> -> tensor<1024x256xf32>
  %y = tensor.matmul %o2, %wo : tensor<1024x256xf32>, tensor<256x256xf32>
  %y3 = tensor.reshape %y : tensor<1024x256xf32> -> tensor<8x128x256xf32>
  %r = tensor.add %y3, %x : tensor<8x128x256xf32>
  return %r : tensor<8x128x256xf32>
}`

const matmulSrc = `
func.func @matmul(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<1024x1024xf32> {
  %0 = tensor.matmul %a, %b : tensor<1024x1024xf32>, tensor<1024x1024xf32>
  return %0 : tensor<1024x1024xf32>
}`

// mlpSrc is the loss of a 784-1024-1024-10 MLP with ReLU on a batch of
// 256: mean cross-entropy of the logits.
const mlpSrc = `
func.func @loss(%x: tensor<256x784xf32>, %y: tensor<256xi64>, %w1: tensor<784x1024xf32>, %b1: tensor<1024xf32>,
                %w2: tensor<1024x1024xf32>, %b2: tensor<1024xf32>, %w3: tensor<1024x10xf32>, %b3: tensor<10xf32>) -> tensor<f32> {
  %0 = tensor.matmul %x, %w1 : tensor<256x784xf32>, tensor<784x1024xf32>
  %1 = tensor.broadcast %b1 dims = [1] : tensor<1024xf32> -> tensor<256x1024xf32>
  %2 = tensor.add %0, %1 : tensor<256x1024xf32>
  %3 = tensor.relu %2 : tensor<256x1024xf32>
  %4 = tensor.matmul %3, %w2 : tensor<256x1024xf32>, tensor<1024x1024xf32>
  %5 = tensor.broadcast %b2 dims = [1] : tensor<1024xf32> -> tensor<256x1024xf32>
  %6 = tensor.add %4, %5 : tensor<256x1024xf32>
  %7 = tensor.relu %6 : tensor<256x1024xf32>
  %8 = tensor.matmul %7, %w3 : tensor<256x1024xf32>, tensor<1024x10xf32>
  %9 = tensor.broadcast %b3 dims = [1] : tensor<10xf32> -> tensor<256x10xf32>
  %10 = tensor.add %8, %9 : tensor<256x10xf32>
  %l = tensor.cross_entropy %10, %y reduction = "mean" : tensor<256x10xf32>, tensor<256xi64>
  return %l : tensor<f32>
}`

// models are the benchmarks, in the order of the table.
var models = []*model{
	{key: "softmax", name: "softmax 4096x1024", src: softmaxSrc, entry: "softmax", labels: -1},
	{key: "layer_norm", name: "layer_norm 8192x1024", src: layerNormSrc, entry: "layer_norm", labels: -1},
	{key: "gelu", name: "GELU chain 4096x1024", src: geluSrc, entry: "gelu_chain", labels: -1},
	{key: "attention", name: "attention 8x128x256 h4", src: attentionSrc, entry: "attention", labels: -1,
		flops: 4*2*1024*256*256 + 2*2*32*128*128*64},
	{key: "matmul", name: "matmul 1024^3", src: matmulSrc, entry: "matmul", labels: -1, flops: 2 * 1024 * 1024 * 1024},
	{key: "mlp_train", name: "MLP 784-1024-1024-10 step b256", src: mlpSrc, entry: "train_step", train: []int{2, 3, 4, 5, 6, 7}, labels: 1,
		flops: 3 * 2 * 256 * (784*1024 + 1024*1024 + 1024*10)},
	{key: "digits_train", name: "digits MLP step b64", entry: "train_step", train: []int{2, 3, 4, 5}, labels: 1},
}

// lr is the SGD learning rate of the training steps.
const lr = 0.05

// build parses a model and prepares its entry: for training steps it runs
// aot-autograd on @loss, adds @train_step and inlines every call into it.
func (m *model) build(digitsPath string) (*ir.Operation, error) {
	src := m.src
	if src == "" {
		b, err := os.ReadFile(digitsPath)
		if err != nil {
			return nil, fmt.Errorf("the digits model: %v (run tt-bench from the repository root, or set -digits)", err)
		}
		src = string(b)
	}
	mod, err := asm.ParseString(registry.NewContext(), src, asm.ParseOptions{Filename: m.key + ".mlir"})
	if err != nil {
		return nil, err
	}
	if m.train != nil {
		reg := registry.NewPassRegistry()
		pm, err := reg.Parse("builtin.module(inline,aot-autograd{func=loss})")
		if err != nil {
			return nil, err
		}
		if err := pm.Run(mod, nil); err != nil {
			return nil, err
		}
		if err := sgd.AddStep(mod, "loss_grad", m.entry, m.train, lr); err != nil {
			return nil, err
		}
		pm, err = reg.Parse("builtin.module(inline)")
		if err != nil {
			return nil, err
		}
		if err := pm.Run(mod, nil); err != nil {
			return nil, err
		}
	}
	keepOnly(mod, m.entry)
	return mod, ir.Verify(mod)
}

// keepOnly erases the functions other than entry when entry calls none
// (after inlining), so that only the entry is compiled.
func keepOnly(mod *ir.Operation, entry string) {
	var fn *ir.Operation
	var others []*ir.Operation
	for op := range mod.Region(0).Front().Ops() {
		if op.Name() != function.FuncName {
			continue
		}
		if name, _ := op.StringAttr(ir.SymbolAttrName); name == entry {
			fn = op
		} else {
			others = append(others, op)
		}
	}
	if fn == nil {
		return
	}
	calls := false
	fn.Walk(func(op *ir.Operation) {
		if op.Name() == function.CallName {
			calls = true
		}
	})
	if calls {
		return
	}
	for _, op := range others {
		op.Erase()
	}
}

// args makes random arguments for the entry of mod: floats uniform in
// [-1, 1) scaled by 1/sqrt(fan-in) for matrices of training steps, labels
// in [0, 10).
func (m *model) args(mod *ir.Operation, seed uint64) ([]*interp.Tensor, error) {
	fn := ir.NewSymbolTable(mod).Lookup(m.entry)
	if fn == nil {
		return nil, fmt.Errorf("no function @%s", m.entry)
	}
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []*interp.Tensor
	for i, t := range interp.FunctionType(fn).Inputs {
		rt, ok := t.(*ir.RankedTensorType)
		if !ok {
			return nil, fmt.Errorf("argument #%d has type %s", i, t)
		}
		shape := rt.Shape()
		n := 1
		for _, d := range shape {
			n *= int(d)
		}
		if i == m.labels {
			v := make([]int64, n)
			for k := range v {
				v[k] = int64(rng.IntN(10))
			}
			x, err := interp.FromI64(interp.I64, shape, v)
			if err != nil {
				return nil, err
			}
			out = append(out, x)
			continue
		}
		scale := 1.0
		switch {
		case m.train != nil && len(shape) == 2 && i > 0:
			scale = 1 / math.Sqrt(float64(shape[0]))
		case m.train != nil && len(shape) == 1:
			scale = 0.1
		}
		v := make([]float32, n)
		for k := range v {
			v[k] = float32((rng.Float64()*2 - 1) * scale)
		}
		x, err := interp.FromF32(shape, v)
		if err != nil {
			return nil, err
		}
		out = append(out, x)
	}
	return out, nil
}
