package nn_test

import (
	"fmt"

	"github.com/tt-compiler/tt"
	"github.com/tt-compiler/tt/nn"
	"github.com/tt-compiler/tt/optim"
)

// A two-layer MLP trained with AdamW: nn.ValueAndGrad captures the loss
// once (aot-autograd on the captured graph) and returns the gradients of
// the module's parameters, which the optimizer updates in place.
func Example() {
	g := tt.NewGenerator(0)
	model := nn.NewSequential(nn.NewLinear(g, 2, 16, true), nn.ReLU{}, nn.NewLinear(g, 16, 2, true))
	x := g.Randn(tt.Float32, 64, 2)
	y := tt.ToDType(tt.Gt(tt.Mul(tt.Narrow(x, 1, 0, 1, 1), tt.Narrow(x, 1, 1, 2, 1)), tt.Zeros(tt.Float32)), tt.Int64) // xor-like: x0·x1 > 0
	y = tt.Reshape(y, -1)
	params := nn.Parameters(model)
	opt := optim.NewAdamW(params)
	opt.LR = 0.05
	step := nn.ValueAndGrad(params, func(x, y *tt.Tensor) *tt.Tensor {
		return tt.CrossEntropy(model.Forward(x), y)
	}) // tt.Backend("go") compiles the step to Go
	for i := range 100 {
		loss, grads := step(x, y)
		opt.Step(grads)
		if i%50 == 0 {
			fmt.Printf("step %d: loss %.3f\n", i, loss.Item())
		}
	}
	pred := tt.ArgMax(model.Forward(x), 1, false)
	acc := tt.Mean(tt.ToDType(tt.Eq(pred, y), tt.Float32), nil, false).Item()
	fmt.Println("parameters:", params[0].Name, params[1].Name, params[2].Name, params[3].Name)
	fmt.Println("training accuracy above 90%:", acc > 0.9)
	fmt.Println("compiles:", tt.Counters(step).Compiles)
	// Output:
	// step 0: loss 0.707
	// step 50: loss 0.050
	// parameters: 0.weight 0.bias 2.weight 2.bias
	// training accuracy above 90%: true
	// compiles: 1
}
