package tensor

import (
	"fmt"
	"math"

	"github.com/tt-compiler/tt/ir"
)

// MatMulDef is tensor.matmul.
var MatMulDef = &ir.OpDef{
	Name:    "tensor.matmul",
	GoName:  "MatMul",
	Summary: "Batched matrix product",
	Description: "Multiplies `a` of shape `[..., M, K]` by `b` of shape `[..., K, N]` (`torch.matmul` without " +
		"broadcasting or 1-D operands): both have the same rank >= 2 and equal batch dimensions; the result is " +
		"`[..., M, N]`. Dynamic sizes are accepted where the other operand has a static one; the result takes the " +
		"static size.\n\nExample:\n\n    %y = tensor.matmul %x, %w : tensor<8x784xf32>, tensor<784x128xf32>",
	Traits:           ir.Pure,
	Operands:         []ir.ArgDef{operand("a", NumericTensor, "the left matrices [..., M, K]"), operand("b", NumericTensor, "the right matrices [..., K, N]")},
	Results:          result(NumericTensor, "the products [..., M, N]"),
	Format:           "$a `,` $b attr-dict `:` type($a) `,` type($b)",
	InferResultTypes: inferHook(inferMatMul),
	Verify:           verifyInferred(inferMatMul),
}

func inferMatMul(a args) (ir.Type, error) {
	x, err := a.tensor(0, "a")
	if err != nil {
		return nil, err
	}
	y, err := a.tensor(1, "b")
	if err != nil {
		return nil, err
	}
	r := x.Rank()
	switch {
	case r < 2 || y.Rank() < 2:
		return nil, fmt.Errorf("operands must have rank >= 2, but have ranks %d and %d", r, y.Rank())
	case y.Rank() != r:
		return nil, fmt.Errorf("operands must have the same rank (batch dimensions are not broadcast), but have ranks %d and %d", r, y.Rank())
	case x.Elem != y.Elem:
		return nil, fmt.Errorf("operands must have the same element type, but have '%s' and '%s'", x.Elem, y.Elem)
	}
	shape := make([]int64, r)
	for i := 0; i < r-2; i++ {
		m, ok := mergeDim(x.Shape()[i], y.Shape()[i])
		if !ok {
			return nil, fmt.Errorf("batch dimension %d differs: %d vs %d", i, x.Shape()[i], y.Shape()[i])
		}
		shape[i] = m
	}
	if _, ok := mergeDim(x.Shape()[r-1], y.Shape()[r-2]); !ok {
		return nil, fmt.Errorf("contraction dimensions differ: a has K = %d, b has K = %d", x.Shape()[r-1], y.Shape()[r-2])
	}
	shape[r-2], shape[r-1] = x.Shape()[r-2], y.Shape()[r-1]
	return a.ctx.Tensor(shape, x.Elem), nil
}

// Conv2DDef is tensor.conv2d.
var Conv2DDef = &ir.OpDef{
	Name:   "tensor.conv2d",
	GoName: "Conv2D", CustomBuilder: true,
	Summary: "2-D convolution (NCHW, OIHW, no bias)",
	Description: "Computes `torch.nn.functional.conv2d(x, w, None, stride, padding, dilation, groups)`: `x` is " +
		"`[N, C, H, W]`, `w` is `[O, C/groups, KH, KW]`, the result `[N, O, HO, WO]` with " +
		"`HO = (H + 2 padding_h - dilation_h (KH - 1) - 1) / stride_h + 1` (likewise WO). `stride`, `padding` and " +
		"`dilation` are `[h, w]` pairs (defaults 1, 0, 1); `groups` (default 1) divides C and O. The dilated kernel " +
		"must fit into the padded input.\n\nExample:\n\n" +
		"    %y = tensor.conv2d %x, %w stride = [2, 2] padding = [1, 1] : tensor<1x3x32x32xf32>, tensor<16x3x3x3xf32>",
	Traits:   ir.Pure,
	Operands: []ir.ArgDef{operand("x", FloatTensor, "the input [N, C, H, W]"), operand("w", FloatTensor, "the filters [O, C/groups, KH, KW]")},
	Results:  result(FloatTensor, "the output [N, O, HO, WO]"),
	Attrs: []ir.AttrDef{
		optAttr(AttrStride, i64ArrayC, "[h, w] step of the window (default [1, 1])"),
		optAttr(AttrPadding, i64ArrayC, "[h, w] zero padding on both sides (default [0, 0])"),
		optAttr(AttrDilation, i64ArrayC, "[h, w] spacing of kernel elements (default [1, 1])"),
		optAttr(AttrGroups, i64C, "number of channel groups (default 1)"),
	},
	Format: "$x `,` $w (`stride` `=` $stride^)? (`padding` `=` $padding^)? (`dilation` `=` $dilation^)? " +
		"(`groups` `=` $groups^)? attr-dict `:` type($x) `,` type($w)",
	InferResultTypes: inferHook(inferConv2D),
	Verify:           verifyInferred(inferConv2D),
}

// pair reads an optional [h, w] attribute.
func pair(a args, name string, def int64) ([2]int64, error) {
	v, err := a.optInts(name, []int64{def, def})
	if err != nil {
		return [2]int64{}, err
	}
	if len(v) != 2 {
		return [2]int64{}, fmt.Errorf("%s must have 2 entries [h, w], but has %d", name, len(v))
	}
	return [2]int64{v[0], v[1]}, nil
}

// atLeast checks that both entries of a pair are >= lo.
func atLeast(name string, p [2]int64, lo int64) error {
	if p[0] < lo || p[1] < lo {
		return fmt.Errorf("%s entries must be >= %d, but %s = %v", name, lo, name, p[:])
	}
	return nil
}

func convParams(a args) (Conv2DParams, error) {
	var p Conv2DParams
	var err error
	if p.Stride, err = pair(a, AttrStride, 1); err != nil {
		return p, err
	}
	if p.Padding, err = pair(a, AttrPadding, 0); err != nil {
		return p, err
	}
	if p.Dilation, err = pair(a, AttrDilation, 1); err != nil {
		return p, err
	}
	if p.Groups, err = a.optI64(AttrGroups, 1); err != nil {
		return p, err
	}
	if p.Groups < 1 {
		return p, fmt.Errorf("groups must be >= 1, but is %d", p.Groups)
	}
	if err := atLeast(AttrStride, p.Stride, 1); err != nil {
		return p, err
	}
	if err := atLeast(AttrDilation, p.Dilation, 1); err != nil {
		return p, err
	}
	return p, atLeast(AttrPadding, p.Padding, 0)
}

// windowOut returns the output size of a sliding window, or an error
// when the (dilated) window does not fit into the padded input.
func windowOut(axis string, in, k, stride, pad, dil int64) (int64, error) {
	if in == ir.Dynamic || k == ir.Dynamic {
		return ir.Dynamic, nil
	}
	eff, padded := dil*(k-1)+1, in+2*pad
	if padded < eff {
		return 0, fmt.Errorf("the kernel (size %d after dilation) does not fit into the padded input (size %d) along %s", eff, padded, axis)
	}
	return (padded-eff)/stride + 1, nil
}

// rank4 returns operand i as a rank-4 tensor type.
func rank4(a args, i int, name, layout string) (*ir.RankedTensorType, error) {
	t, err := a.tensor(i, name)
	if err != nil {
		return nil, err
	}
	if t.Rank() != 4 {
		return nil, fmt.Errorf("%s must be a 4-D %s tensor, but has type '%s'", name, layout, t)
	}
	return t, nil
}

func inferConv2D(a args) (ir.Type, error) {
	x, err := rank4(a, 0, "x", "NCHW")
	if err != nil {
		return nil, err
	}
	w, err := rank4(a, 1, "w", "OIHW")
	if err != nil {
		return nil, err
	}
	if x.Elem != w.Elem {
		return nil, fmt.Errorf("x and w must have the same element type, but have '%s' and '%s'", x.Elem, w.Elem)
	}
	p, err := convParams(a)
	if err != nil {
		return nil, err
	}
	if err := checkGroups(x.Shape()[1], w.Shape()[0], w.Shape()[1], p.Groups); err != nil {
		return nil, err
	}
	ho, err := windowOut("H", x.Shape()[2], w.Shape()[2], p.Stride[0], p.Padding[0], p.Dilation[0])
	if err != nil {
		return nil, err
	}
	wo, err := windowOut("W", x.Shape()[3], w.Shape()[3], p.Stride[1], p.Padding[1], p.Dilation[1])
	if err != nil {
		return nil, err
	}
	return a.ctx.Tensor([]int64{x.Shape()[0], w.Shape()[0], ho, wo}, x.Elem), nil
}

// checkGroups checks channel counts against groups.
func checkGroups(c, o, i, groups int64) error {
	if c != ir.Dynamic && i != ir.Dynamic && c != i*groups {
		return fmt.Errorf("input channels (%d) must equal weight in-channels (%d) times groups (%d)", c, i, groups)
	}
	if o != ir.Dynamic && o%groups != 0 {
		return fmt.Errorf("output channels (%d) must be divisible by groups (%d)", o, groups)
	}
	return nil
}

// MaxPool2DDef is tensor.max_pool2d.
var MaxPool2DDef = &ir.OpDef{
	Name:   "tensor.max_pool2d",
	GoName: "MaxPool2D", CustomBuilder: true,
	Summary: "2-D max pooling (NCHW)",
	Description: "Computes `torch.nn.functional.max_pool2d(x, kernel, stride, padding)` (dilation 1, floor mode): " +
		"the maximum over each `kernel` window, padded with -inf. `stride` defaults to `kernel`, `padding` to 0 and " +
		"may be at most half the kernel. The result is `[N, C, HO, WO]` with `HO = (H + 2 padding_h - kernel_h) / " +
		"stride_h + 1`.\n\nExample:\n\n    %p = tensor.max_pool2d %x kernel = [2, 2] : tensor<1x16x32x32xf32>",
	Traits:   ir.Pure,
	Operands: []ir.ArgDef{operand("x", NumericTensor, "the input [N, C, H, W]")},
	Results:  result(NumericTensor, "the pooled output"),
	Attrs: []ir.AttrDef{
		attr(AttrKernel, i64ArrayC, "[h, w] window size"),
		optAttr(AttrStride, i64ArrayC, "[h, w] window step (default: the kernel)"),
		optAttr(AttrPadding, i64ArrayC, "[h, w] implicit -inf padding on both sides (default [0, 0])"),
	},
	Format:           "$x `kernel` `=` $kernel (`stride` `=` $stride^)? (`padding` `=` $padding^)? attr-dict `:` type($x)",
	InferResultTypes: inferHook(inferMaxPool2D),
	Verify:           verifyInferred(inferMaxPool2D),
}

func poolParams(a args) (Pool2DParams, error) {
	var p Pool2DParams
	var err error
	if a.attr(AttrKernel) == nil {
		return p, fmt.Errorf("requires attribute '%s'", AttrKernel)
	}
	if p.Kernel, err = pair(a, AttrKernel, 0); err != nil {
		return p, err
	}
	if err := atLeast(AttrKernel, p.Kernel, 1); err != nil {
		return p, err
	}
	if p.Stride, err = pair(a, AttrStride, 0); err != nil {
		return p, err
	}
	if a.attr(AttrStride) == nil {
		p.Stride = p.Kernel
	}
	if p.Padding, err = pair(a, AttrPadding, 0); err != nil {
		return p, err
	}
	if err := atLeast(AttrStride, p.Stride, 1); err != nil {
		return p, err
	}
	if err := atLeast(AttrPadding, p.Padding, 0); err != nil {
		return p, err
	}
	if 2*p.Padding[0] > p.Kernel[0] || 2*p.Padding[1] > p.Kernel[1] {
		return p, fmt.Errorf("padding %v must be at most half of the kernel %v", p.Padding[:], p.Kernel[:])
	}
	return p, nil
}

func inferMaxPool2D(a args) (ir.Type, error) {
	x, err := rank4(a, 0, "x", "NCHW")
	if err != nil {
		return nil, err
	}
	p, err := poolParams(a)
	if err != nil {
		return nil, err
	}
	ho, err := windowOut("H", x.Shape()[2], p.Kernel[0], p.Stride[0], p.Padding[0], 1)
	if err != nil {
		return nil, err
	}
	wo, err := windowOut("W", x.Shape()[3], p.Kernel[1], p.Stride[1], p.Padding[1], 1)
	if err != nil {
		return nil, err
	}
	return a.ctx.Tensor([]int64{x.Shape()[0], x.Shape()[1], ho, wo}, x.Elem), nil
}

// softmaxLike declares tensor.softmax and tensor.log_softmax.
func softmaxLike(short, summary, desc string) *ir.OpDef {
	return &ir.OpDef{
		Name:    "tensor." + short,
		Summary: summary,
		Description: desc + " along `dim` (which may be negative). A composite: `decompose` rewrites it in the " +
			"numerically stable form that first subtracts the maximum along `dim`.\n\nExample:\n\n" +
			"    %p = tensor." + short + " %logits dim = 1 : tensor<8x10xf32>",
		Traits:           ir.Pure,
		Operands:         []ir.ArgDef{operand("x", FloatTensor, "the input")},
		Results:          result(FloatTensor, "the result, of x's type"),
		Attrs:            []ir.AttrDef{attr(AttrDim, i64C, "the dimension to normalize over")},
		Format:           "$x `dim` `=` $dim attr-dict `:` type($x)",
		InferResultTypes: inferHook(inferSoftmax),
		Verify:           verifyInferred(inferSoftmax),
	}
}

// Softmax-like composites.
var (
	SoftmaxDef    = softmaxLike("softmax", "Softmax (composite)", "Computes `exp(x) / sum(exp(x))` (`torch.softmax`)")
	LogSoftmaxDef = softmaxLike("log_softmax", "Log-softmax (composite)", "Computes `x - log(sum(exp(x)))` (`torch.log_softmax`)")
)

func inferSoftmax(a args) (ir.Type, error) {
	x, err := a.tensor(0, "x")
	if err != nil {
		return nil, err
	}
	d, err := a.i64(AttrDim)
	if err != nil {
		return nil, err
	}
	if _, err := normDim(d, x.Rank(), "dim"); err != nil {
		return nil, err
	}
	return x, nil
}

// LayerNormDef is tensor.layer_norm.
var LayerNormDef = &ir.OpDef{
	Name:          "tensor.layer_norm",
	CustomBuilder: true,
	Summary:       "Layer normalization (composite)",
	Description: "Normalizes `x` over its last `normalized_dims` dimensions (`torch.nn.functional.layer_norm` with " +
		"`normalized_shape = x.shape[-normalized_dims:]`): `(x - mean) / sqrt(var + eps) * gamma + beta`, with the " +
		"biased variance. `gamma` and `beta` have the shape of those trailing dimensions. `eps` defaults to 1e-5. " +
		"A composite that `decompose` rewrites into reductions and element-wise ops.\n\nExample:\n\n" +
		"    %y = tensor.layer_norm %x, %g, %b normalized_dims = 1 eps = 9.99999974E-6 : tensor<8x16xf32>, tensor<16xf32>, tensor<16xf32>",
	Traits: ir.Pure,
	Operands: []ir.ArgDef{operand("x", FloatTensor, "the input"), operand("gamma", FloatTensor, "the scale, of the normalized shape"),
		operand("beta", FloatTensor, "the shift, of the normalized shape")},
	Results: result(FloatTensor, "the normalized tensor, of x's type"),
	Attrs: []ir.AttrDef{
		attr(AttrNormalizedDims, i64C, "how many trailing dimensions to normalize over (>= 1)"),
		optAttr(AttrEps, f32C, "added to the variance (default 1e-5)"),
	},
	Format: "$x `,` $gamma `,` $beta `normalized_dims` `=` $normalized_dims (`eps` `=` $eps^)? attr-dict " +
		"`:` type($x) `,` type($gamma) `,` type($beta)",
	InferResultTypes: inferHook(inferLayerNorm),
	Verify:           verifyInferred(inferLayerNorm),
}

func inferLayerNorm(a args) (ir.Type, error) {
	x, err := a.tensor(0, "x")
	if err != nil {
		return nil, err
	}
	k, err := a.i64(AttrNormalizedDims)
	if err != nil {
		return nil, err
	}
	if k < 1 || k > int64(x.Rank()) {
		return nil, fmt.Errorf("normalized_dims = %d must be in [1, %d] (the rank of x)", k, x.Rank())
	}
	norm := x.Shape()[x.Rank()-int(k):]
	for i, name := range []string{"gamma", "beta"} {
		if err := checkAffine(a, i+1, name, x.Elem, norm); err != nil {
			return nil, err
		}
	}
	if e, ok := a.attr(AttrEps).(*ir.FloatAttr); ok && !(e.Value >= 0 && !math.IsInf(e.Value, 0)) {
		return nil, fmt.Errorf("eps must be finite and non-negative, but is %v", e.Value)
	}
	return x, nil
}

// checkAffine checks gamma or beta against the normalized shape.
func checkAffine(a args, i int, name string, elem ir.Type, norm []int64) error {
	t, err := a.tensor(i, name)
	if err != nil {
		return err
	}
	if t.Elem != elem || !ir.ShapesCompatible(t.Shape(), norm) {
		return fmt.Errorf("%s has type '%s', but the normalized shape is %s with element type '%s'", name, t, shapeStr(norm), elem)
	}
	return nil
}

// CrossEntropyDef is tensor.cross_entropy.
var CrossEntropyDef = &ir.OpDef{
	Name:    "tensor.cross_entropy",
	Summary: "Cross-entropy loss over class logits (composite)",
	Description: "Computes `torch.nn.functional.cross_entropy(logits, target, reduction)` for `logits` `[N, C]` and " +
		"class indices `target` `[N]` (i64, each in [0, C); no ignore_index, no weights, no label smoothing): the " +
		"negative log-softmax of the target class, averaged over N (`reduction = \"mean\"`, the default) or summed " +
		"(`\"sum\"`). The result is a rank-0 tensor of the logits' element type (`tensor<f32>` for f32 logits). " +
		"A composite that `decompose` rewrites with `log_softmax` and a one-hot mask built from `iota`, `cmp` and " +
		"`select`.\n\nExample:\n\n    %l = tensor.cross_entropy %logits, %labels : tensor<8x10xf32>, tensor<8xi64>",
	Traits:           ir.Pure,
	Operands:         []ir.ArgDef{operand("logits", FloatTensor, "unnormalized scores [N, C]"), operand("target", I64Tensor, "class indices [N]")},
	Results:          result(FloatTensor, "the loss, rank 0"),
	Attrs:            []ir.AttrDef{optAttr(AttrReduction, reductionC, "`mean` (default) or `sum` over the batch")},
	Format:           "$logits `,` $target (`reduction` `=` $reduction^)? attr-dict `:` type($logits) `,` type($target)",
	InferResultTypes: inferHook(inferCrossEntropy),
	Verify:           verifyInferred(inferCrossEntropy),
}

func inferCrossEntropy(a args) (ir.Type, error) {
	l, err := a.tensor(0, "logits")
	if err != nil {
		return nil, err
	}
	t, err := a.tensor(1, "target")
	if err != nil {
		return nil, err
	}
	if l.Rank() != 2 {
		return nil, fmt.Errorf("logits must be a 2-D [N, C] tensor, but has type '%s'", l)
	}
	if t.Rank() != 1 || !isI64(t.Elem) {
		return nil, fmt.Errorf("target must be a 1-D [N] tensor of i64, but has type '%s'", t)
	}
	if _, ok := mergeDim(l.Shape()[0], t.Shape()[0]); !ok {
		return nil, fmt.Errorf("target has %d entries, but logits have N = %d rows", t.Shape()[0], l.Shape()[0])
	}
	if _, err := a.str(AttrReduction, "mean"); err != nil {
		return nil, err
	}
	return a.ctx.Tensor(nil, l.Elem), nil
}
