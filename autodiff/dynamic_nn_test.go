package autodiff_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/tt-compiler/tt/autodiff"
	"github.com/tt-compiler/tt/internal/registry"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/ir/asm"
)

// dynNNCase is a conv2d (w set) or a max_pool2d (w nil) whose operands
// have dynamic dimensions where the masks say.
type dynNNCase struct {
	name       string
	x, w       []int64 // run-time shapes
	xDyn, wDyn []bool
	// attrs are the op's attributes; out is its result's run-time shape.
	attrs string
	out   []int64
}

func typeOf(shape []int64, dyn []bool) string {
	var sb strings.Builder
	sb.WriteString("tensor<")
	for i, n := range shape {
		if dyn != nil && dyn[i] {
			sb.WriteString("?x")
		} else {
			fmt.Fprintf(&sb, "%dx", n)
		}
	}
	return sb.String() + "f64>"
}

// module is loss = sum(y * y), y the op's result, with the operands'
// dimensions dynamic where xDyn and wDyn say (nil: static).
func (c dynNNCase) module(xDyn, wDyn []bool) string {
	var outDyn []bool
	if xDyn != nil {
		outDyn = []bool{xDyn[0], xDyn[1], xDyn[2], xDyn[3]}
		if c.w != nil {
			outDyn[1] = wDyn[0]
		}
	}
	xt, ot := typeOf(c.x, xDyn), typeOf(c.out, outDyn)
	args, op := "%x: "+xt, fmt.Sprintf("tensor.max_pool2d %%x %s : %s", c.attrs, xt)
	if c.w != nil {
		wt := typeOf(c.w, wDyn)
		args += ", %w: " + wt
		op = fmt.Sprintf("tensor.conv2d %%x, %%w %s : %s, %s", c.attrs, xt, wt)
	}
	return fmt.Sprintf(`func.func @f(%s) -> tensor<f64> {
  %%y = %s
  %%s = tensor.mul %%y, %%y : %s
  %%l = tensor.reduce_sum %%s dims = [0, 1, 2, 3] : %s
  return %%l : tensor<f64>
}
`, args, op, ot, ot)
}

var (
	yes, no = true, false
	allDyn  = []bool{yes, yes, yes, yes}
)

var dynNNCases = []dynNNCase{
	{name: "conv batch", x: []int64{2, 3, 5, 5}, w: []int64{2, 3, 3, 3}, xDyn: []bool{yes, no, no, no}, wDyn: []bool{no, no, no, no},
		attrs: "", out: []int64{2, 2, 3, 3}},
	{name: "conv spatial strided padded", x: []int64{1, 2, 7, 6}, w: []int64{3, 2, 3, 2}, xDyn: []bool{no, no, yes, yes}, wDyn: []bool{no, no, no, no},
		attrs: "stride = [2, 3] padding = [1, 1]", out: []int64{1, 3, 4, 3}},
	{name: "conv all dynamic dilated groups", x: []int64{2, 4, 9, 8}, w: []int64{6, 2, 3, 3}, xDyn: allDyn, wDyn: []bool{yes, yes, no, no},
		attrs: "stride = [2, 1] padding = [1, 0] dilation = [1, 2] groups = 2", out: []int64{2, 6, 5, 4}},
	{name: "conv channels dynamic groups", x: []int64{1, 6, 4, 5}, w: []int64{3, 2, 2, 2}, xDyn: []bool{no, yes, no, yes}, wDyn: []bool{yes, no, no, no},
		attrs: "stride = [1, 2] dilation = [2, 1] groups = 3", out: []int64{1, 3, 2, 2}},
	{name: "conv empty batch", x: []int64{0, 2, 4, 4}, w: []int64{2, 2, 2, 2}, xDyn: allDyn, wDyn: []bool{no, no, no, no},
		attrs: "stride = [2, 2]", out: []int64{0, 2, 2, 2}},
	{name: "pool overlapping padded", x: []int64{2, 3, 7, 6}, xDyn: allDyn,
		attrs: "kernel = [3, 3] stride = [2, 2] padding = [1, 1]", out: []int64{2, 3, 4, 3}},
	{name: "pool tiled with remainder", x: []int64{1, 2, 5, 7}, xDyn: []bool{no, no, yes, yes},
		attrs: "kernel = [2, 3]", out: []int64{1, 2, 2, 2}},
	{name: "pool batch", x: []int64{3, 1, 4, 4}, xDyn: []bool{yes, no, no, no},
		attrs: "kernel = [2, 2] stride = [1, 2] padding = [1, 0]", out: []int64{3, 1, 5, 2}},
}

// runGradOf differentiates a module's @f and runs @f_grad on args.
func runGradOf(t *testing.T, text string, args []*interp.Tensor) (*ir.Operation, []*interp.Tensor) {
	t.Helper()
	m, err := asm.ParseString(registry.NewContext(), text, asm.ParseOptions{Filename: "dyn.mlir"})
	if err == nil {
		err = ir.Verify(m)
	}
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	fn := ir.NewSymbolTable(m).Lookup("f")
	res, err := autodiff.Differentiate(fn, autodiff.RecomputeMinCut)
	if err != nil || res.Grad == nil {
		t.Fatalf("differentiate: %v %v", err, res)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("generated functions do not verify: %v\n%s", err, asm.String(m, asm.PrintOptions{}))
	}
	return m, runFunc(t, m, "f_grad", args)
}

// TestConvPoolGradientsDynamicShapes checks the gradients of conv2d and
// max_pool2d with dynamic dimensions against the static rules' (the same
// numbers, to rounding) and against finite differences.
func TestConvPoolGradientsDynamicShapes(t *testing.T) {
	for _, c := range dynNNCases {
		t.Run(c.name, func(t *testing.T) {
			r := rand.New(rand.NewSource(3))
			var args []*interp.Tensor
			for _, shape := range [][]int64{c.x, c.w} {
				if shape == nil {
					continue
				}
				n := int(ir.NumElements(shape))
				vals := make([]float64, n)
				for k, p := range r.Perm(n) {
					// Distinct values: max_pool2d's windows have one maximum.
					vals[k] = (float64(p)+r.Float64()*0.5)/float64(n) - 0.5
				}
				a, err := interp.FromFloats(interp.F64, shape, vals)
				if err != nil {
					t.Fatal(err)
				}
				args = append(args, a)
			}
			dynText := c.module(c.xDyn, c.wDyn)
			m, dyn := runGradOf(t, dynText, args)
			_, static := runGradOf(t, c.module(nil, nil), args)
			for i := range dyn {
				if err := interp.Close(dyn[i], static[i], 1e-12, 1e-12); err != nil {
					t.Errorf("result #%d of the dynamic gradient differs from the static one: %v", i, err)
				}
			}
			checkAgainstFD(t, gradCase{tol: 1e-6}, m, args, dyn[1:])
		})
	}
}
