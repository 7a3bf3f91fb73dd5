package tensor_test

import (
	"testing"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// TestBuilders builds every op through its typed builder and checks the op
// name, the inferred result type, the location and that the op verifies.
func TestBuilders(t *testing.T) {
	ctx := newCtx()
	in := values(t, ctx, "tensor<2x3xf32>", "tensor<3xf32>", "tensor<4xi64>", "tensor<?x3xf32>", "tensor<2x3xi1>",
		"tensor<1x3x8x8xf32>", "tensor<4x3x3x3xf32>", "tensor<2xi64>", "tensor<2x3xi32>")
	x, v, idx, dyn, mask, img, filt, tgt, ints := in[0], in[1], in[2], in[3], in[4], in[5], in[6], in[7], in[8]
	blk := x.(*ir.BlockArgument).Owner()
	b := ir.NewBuilder(ctx)
	b.Loc = ir.FileLineCol("model.go", 7, 1)
	b.SetInsertionPointToEnd(blk)
	f32 := ctx.F32()
	cases := []struct {
		build func() ir.Value
		op    string
		want  string
	}{
		{func() ir.Value { return tensor.Add(b, x, x) }, "tensor.add", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Sub(b, x, x) }, "tensor.sub", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Mul(b, x, x) }, "tensor.mul", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Div(b, x, x) }, "tensor.div", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Max(b, x, x) }, "tensor.max", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Min(b, x, x) }, "tensor.min", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Pow(b, x, x) }, "tensor.pow", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Neg(b, x) }, "tensor.neg", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Abs(b, x) }, "tensor.abs", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Exp(b, x) }, "tensor.exp", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Log(b, x) }, "tensor.log", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Sqrt(b, x) }, "tensor.sqrt", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Rsqrt(b, x) }, "tensor.rsqrt", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Tanh(b, x) }, "tensor.tanh", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Sigmoid(b, x) }, "tensor.sigmoid", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Relu(b, x) }, "tensor.relu", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Sin(b, x) }, "tensor.sin", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Cos(b, x) }, "tensor.cos", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Erf(b, x) }, "tensor.erf", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Reciprocal(b, x) }, "tensor.reciprocal", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Gelu(b, x, "tanh") }, "tensor.gelu", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Cmp(b, "ge", x, x) }, "tensor.cmp", "tensor<2x3xi1>"},
		{func() ir.Value { return tensor.Select(b, mask, x, x) }, "tensor.select", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Cast(b, x, ctx.BF16()) }, "tensor.cast", "tensor<2x3xbf16>"},
		{func() ir.Value {
			return tensor.Constant(b, ir.DenseInts(ctx.Tensor([]int64{2}, ctx.I32()), []int64{1, 2}))
		}, "tensor.constant", "tensor<2xi32>"},
		{func() ir.Value { return tensor.Full(b, ctx.Tensor([]int64{2}, ctx.I1()), 1) }, "tensor.full", "tensor<2xi1>"},
		{func() ir.Value {
			return tensor.Full(b, ctx.Tensor([]int64{ir.Dynamic}, f32), 0.5, tensor.Dim(b, dyn, 0))
		}, "tensor.full", "tensor<?xf32>"},
		{func() ir.Value { return tensor.FullAttr(b, ctx.Tensor(nil, ctx.I64()), ir.Int(ctx.I64(), 3)) }, "tensor.full", "tensor<i64>"},
		{func() ir.Value { return tensor.Iota(b, ctx.Tensor([]int64{2, 3}, ctx.I64()), 1) }, "tensor.iota", "tensor<2x3xi64>"},
		{func() ir.Value { return tensor.Dim(b, dyn, -2) }, "tensor.dim", "index"},
		{func() ir.Value { return tensor.Broadcast(b, v, []int64{1}, []int64{2, 3}) }, "tensor.broadcast", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.Reshape(b, x, []int64{3, 2}) }, "tensor.reshape", "tensor<3x2xf32>"},
		{func() ir.Value { return tensor.Transpose(b, x, []int64{1, 0}) }, "tensor.transpose", "tensor<3x2xf32>"},
		{func() ir.Value { return tensor.Slice(b, x, []int64{0, 1}, []int64{2, 3}, nil) }, "tensor.slice", "tensor<2x2xf32>"},
		{func() ir.Value { return tensor.Slice(b, x, []int64{0, 0}, []int64{2, 3}, []int64{2, 2}) }, "tensor.slice", "tensor<1x2xf32>"},
		{func() ir.Value { return tensor.Concat(b, 0, x, x, x) }, "tensor.concat", "tensor<6x3xf32>"},
		{func() ir.Value { return tensor.Pad(b, x, []int64{1, 0}, []int64{0, 2}, nil) }, "tensor.pad", "tensor<3x5xf32>"},
		{func() ir.Value { return tensor.Pad(b, x, []int64{1, 0}, []int64{0, 0}, ir.Float(f32, -1)) }, "tensor.pad", "tensor<3x3xf32>"},
		{func() ir.Value { return tensor.Gather(b, x, idx, 1) }, "tensor.gather", "tensor<2x4xf32>"},
		{func() ir.Value {
			return tensor.ScatterAdd(b, x, tgt, tensor.Slice(b, x, []int64{0, 0}, []int64{2, 3}, nil), 0)
		}, "tensor.scatter_add", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.ReduceSum(b, ints, []int64{1}, false) }, "tensor.reduce_sum", "tensor<2xi32>"},
		{func() ir.Value { return tensor.ReduceMax(b, x, []int64{0}, true) }, "tensor.reduce_max", "tensor<1x3xf32>"},
		{func() ir.Value { return tensor.ReduceMin(b, x, []int64{0, 1}, false) }, "tensor.reduce_min", "tensor<f32>"},
		{func() ir.Value { return tensor.ReduceMean(b, x, []int64{-1}, false) }, "tensor.reduce_mean", "tensor<2xf32>"},
		{func() ir.Value { return tensor.ArgMax(b, x, 1, false) }, "tensor.argmax", "tensor<2xi64>"},
		{func() ir.Value { return tensor.MatMul(b, x, tensor.Transpose(b, x, []int64{1, 0})) }, "tensor.matmul", "tensor<2x2xf32>"},
		{func() ir.Value { return tensor.Conv2D(b, img, filt, tensor.DefaultConv2D()) }, "tensor.conv2d", "tensor<1x4x6x6xf32>"},
		{func() ir.Value {
			return tensor.MaxPool2D(b, img, tensor.Pool2DParams{Kernel: [2]int64{2, 2}, Stride: [2]int64{2, 2}})
		}, "tensor.max_pool2d", "tensor<1x3x4x4xf32>"},
		{func() ir.Value { return tensor.Softmax(b, x, 1) }, "tensor.softmax", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.LogSoftmax(b, x, 0) }, "tensor.log_softmax", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.LayerNorm(b, x, v, v, 1, 1e-5) }, "tensor.layer_norm", "tensor<2x3xf32>"},
		{func() ir.Value { return tensor.CrossEntropy(b, x, tgt, "sum") }, "tensor.cross_entropy", "tensor<f32>"},
	}
	seen := map[string]bool{}
	for _, c := range cases {
		r := c.build()
		op := ir.DefiningOp(r)
		seen[op.Name()] = true
		if op.Name() != c.op || r.Type().String() != c.want {
			t.Errorf("built %s : %s, want %s : %s", op.Name(), r.Type(), c.op, c.want)
		}
		if op.Loc().String() != `loc("model.go":7:1)` {
			t.Errorf("%s has location %s", op.Name(), op.Loc())
		}
		if err := ir.Verify(op); err != nil {
			t.Errorf("%s: %v", op.Name(), err)
		}
	}
	for _, def := range tensor.Ops {
		if !seen[def.Name] {
			t.Errorf("no builder case for %s", def.Name)
		}
	}
}

// TestBuilderErrors checks that builders given bad operands create an op
// that fails verification instead of panicking.
func TestBuilderErrors(t *testing.T) {
	ctx := newCtx()
	in := values(t, ctx, "tensor<2x3xf32>", "tensor<4xf32>")
	b := ir.NewBuilder(ctx)
	b.SetInsertionPointToEnd(in[0].(*ir.BlockArgument).Owner())
	cases := []struct {
		build func() ir.Value
		want  string
	}{
		{func() ir.Value { return tensor.Add(b, in[0], in[1]) }, "requires the same type for all operands and results"},
		{func() ir.Value { return tensor.Transpose(b, in[0], []int64{0}) }, "perm has 1 entries"},
		{func() ir.Value { return tensor.Concat(b, 0) }, "expects at least one operand"},
		{func() ir.Value { return tensor.Broadcast(b, in[1], []int64{0}, []int64{-5}) }, "invalid dimension size -5"},
		{func() ir.Value { return tensor.Reshape(b, in[0], []int64{5}) }, "operand has 6 elements"},
	}
	for _, c := range cases {
		op := ir.DefiningOp(c.build())
		wantErr(t, ir.Verify(op), c.want)
	}
}
