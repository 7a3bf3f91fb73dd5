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
	"github.com/tt-compiler/tt/test/programs"
)

// model is one benchmark: a tensor-level program, the function to time
// and how to make its arguments.
type model struct {
	key, name string
	program   string // the test program (test/programs); empty for the digits model (read from a file)
	entry     string
	// train, when set, makes the entry a training step: the module's loss
	// function (loss, default "loss") is differentiated by aot-autograd and
	// the step (@train_step) calls its value-and-grad function and updates
	// the arguments at these positions by SGD.
	train []int
	loss  string
	// labels is the position of an argument of class labels in [0, 10).
	labels int
	// fanIn scales the weights (arguments after the first of rank 2 or
	// more) by 1/sqrt(fan-in) and the vectors by 0.1, as an initialized
	// network's; training steps always are.
	fanIn    bool
	flops    float64 // for GFLOP/s, when known
	memBound bool    // bandwidth against the roofline copy
	numpy    bool    // also NumPy's matmul of the two arguments
}

// models are the benchmarks, in the order of the table.
var models = []*model{
	{key: "softmax", name: "softmax 4096x1024", program: "softmax", entry: "softmax", labels: -1, memBound: true},
	{key: "layer_norm", name: "layer_norm 8192x1024", program: "layer_norm", entry: "layer_norm", labels: -1, memBound: true},
	{key: "gelu", name: "GELU chain 4096x1024", program: "gelu_chain", entry: "gelu_chain", labels: -1, memBound: true},
	{key: "attention", name: "attention 8x128x256 h4", program: "attention", entry: "attention", labels: -1,
		flops: 4*2*1024*256*256 + 2*2*32*128*128*64},
	{key: "transformer", name: "transformer block 8x128x256 h4", program: "transformer_block", entry: "transformer_block", labels: -1, fanIn: true,
		flops: 4*2*1024*256*256 + 2*2*32*128*128*64 + 2*2*1024*256*1024},
	{key: "matmul", name: "matmul 1024^3", program: "matmul", entry: "matmul", labels: -1, flops: 2 * 1024 * 1024 * 1024, numpy: true},
	{key: "mlp_train", name: "MLP 784-1024-1024-10 step b256", program: "mlp", entry: "train_step", train: []int{2, 3, 4, 5, 6, 7}, labels: 1,
		flops: 3 * 2 * 256 * (784*1024 + 1024*1024 + 1024*10)},
	{key: "cnn_train", name: "CNN 28x28 c16-c32-fc step b64", program: "cnn_train", entry: "train_step", loss: "cnn_train", train: []int{2, 3, 4, 5, 6, 7}, labels: 1,
		flops: 3 * 2 * 64 * (16*28*28*9 + 32*14*14*16*9 + 1568*10)},
	{key: "digits_train", name: "digits MLP step b64", entry: "train_step", train: []int{2, 3, 4, 5}, labels: 1},
}

// lr is the SGD learning rate of the training steps.
const lr = 0.05

// build parses a model and prepares its entry: for training steps it runs
// aot-autograd on @loss, adds @train_step and inlines every call into it.
func (m *model) build(digitsPath string) (*ir.Operation, error) {
	var src string
	if m.program != "" {
		var err error
		if src, err = programs.Source(m.program); err != nil {
			return nil, err
		}
	} else {
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
		loss := m.loss
		if loss == "" {
			loss = "loss"
		}
		pm, err := reg.Parse("builtin.module(inline,aot-autograd{func=" + loss + "})")
		if err != nil {
			return nil, err
		}
		if err := pm.Run(mod, nil); err != nil {
			return nil, err
		}
		if err := sgd.AddStep(mod, loss+"_grad", m.entry, m.train, lr); err != nil {
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
// [-1, 1), the weights of training steps and fanIn models scaled by
// 1/sqrt(fan-in) (a matrix [in, out]: in; a convolution's [out, in, kh,
// kw]: in·kh·kw) and their vectors by 0.1; labels in [0, 10).
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
		if m.train != nil || m.fanIn {
			switch {
			case i > 0 && len(shape) == 2:
				scale = 1 / math.Sqrt(float64(shape[0]))
			case i > 0 && len(shape) > 2:
				scale = 1 / math.Sqrt(float64(n/int(shape[0])))
			case len(shape) == 1:
				scale = 0.1
			}
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
