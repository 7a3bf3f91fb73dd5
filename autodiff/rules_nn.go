package autodiff

import (
	"fmt"
	"math"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

func init() {
	for name, r := range map[string]Rule{
		tensor.SoftmaxName: vjpSoftmax, tensor.LogSoftmaxName: vjpLogSoftmax,
		tensor.LayerNormName: vjpLayerNorm, tensor.CrossEntropyName: vjpCrossEntropy,
		tensor.Conv2DName: vjpConv2D, tensor.MaxPool2DName: vjpMaxPool2D,
	} {
		Rules[name] = r
	}
}

// vjpSoftmax: dx = y * (g - sum(g*y)).
func vjpSoftmax(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	d, _ := tensor.NormalizedDim(op)
	y := op.Result(0)
	s := sumKeep(b, tensor.Mul(b, g, y), []int64{int64(d)})
	return one(tensor.Mul(b, y, tensor.Sub(b, g, expandTo(b, s, iotaInts(rankOf(y)), y)))), nil
}

// vjpLogSoftmax: dx = g - exp(y) * sum(g).
func vjpLogSoftmax(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	d, _ := tensor.NormalizedDim(op)
	y := op.Result(0)
	s := sumKeep(b, g, []int64{int64(d)})
	return one(tensor.Sub(b, g, tensor.Mul(b, tensor.Exp(b, y), expandTo(b, s, iotaInts(rankOf(y)), y)))), nil
}

// vjpLayerNorm recomputes the normalized input and returns the gradients of
// x, gamma and beta (PyTorch's native_layer_norm_backward).
func vjpLayerNorm(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x, gamma := op.Operand(0), op.Operand(1)
	k, _ := tensor.NormalizedDims(op)
	r := rankOf(x)
	norm := make([]int, k)
	for i := range norm {
		norm[i] = r - k + i
	}
	normDims := intsOf(norm)
	lead := iotaInts(r - k)
	full := iotaInts(r)
	mean := func(v ir.Value) ir.Value {
		s := sumKeep(b, v, normDims)
		return tensor.Div(b, s, countLike(b, x, norm, s))
	}
	mu := mean(x)
	xc := tensor.Sub(b, x, expandTo(b, mu, full, x))
	variance := mean(square(b, xc))
	rstd := tensor.Rsqrt(b, addConst(b, variance, tensor.Eps(op)))
	rstdX := expandTo(b, rstd, full, x)
	xhat := tensor.Mul(b, xc, rstdX)

	gammaX := expandTo(b, gamma, normDims, x)
	gxhat := tensor.Mul(b, g, gammaX)
	m1 := expandTo(b, mean(gxhat), full, x)
	m2 := expandTo(b, mean(tensor.Mul(b, gxhat, xhat)), full, x)
	gx := tensor.Mul(b, rstdX, tensor.Sub(b, tensor.Sub(b, gxhat, m1), tensor.Mul(b, xhat, m2)))

	gGamma, gBeta := tensor.Mul(b, g, xhat), g
	if len(lead) > 0 {
		gGamma = tensor.ReduceSum(b, gGamma, lead, false)
		gBeta = tensor.ReduceSum(b, gBeta, lead, false)
	}
	return []ir.Value{gx, gGamma, gBeta}, nil
}

// vjpCrossEntropy: d logits = (softmax(logits) - onehot(target)) * g, divided
// by N for the mean reduction.
func vjpCrossEntropy(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	logits, target := op.Operand(0), op.Operand(1)
	elem := elemOf(logits)
	ctx := b.Ctx
	p := tensor.Softmax(b, logits, 1)
	idxT := ctx.Tensor(shapeOf(logits), ctx.I64())
	cls := tensor.Iota(b, idxT, 1, dynSizes(b, logits)...)
	tgt := tensor.Broadcast(b, target, []int64{0}, shapeOf(logits), dynSizes(b, logits)...)
	onehot := tensor.Cast(b, tensor.Cmp(b, "eq", cls, tgt), elem)
	if elemOf(g) != elem {
		g = tensor.Cast(b, g, elem)
	}
	gl := tensor.Mul(b, tensor.Sub(b, p, onehot), expandTo(b, g, nil, logits))
	if tensor.Reduction(op) != "sum" {
		gl = tensor.Div(b, gl, countLike(b, logits, []int{0}, gl))
	}
	return []ir.Value{gl, nil}, nil
}

// dilate2d inserts s-1 zeros between the elements of the last two
// dimensions of an NCHW tensor: [N,C,H,W] -> [N,C,(H-1)sh+1,(W-1)sw+1].
func dilate2d(b *ir.Builder, v ir.Value, sh, sw int64) ir.Value {
	if sh == 1 && sw == 1 {
		return v
	}
	s := shapeOf(v)
	n, c, h, w := s[0], s[1], s[2], s[3]
	v = tensor.Reshape(b, v, []int64{n, c, h, 1, w, 1})
	v = tensor.Pad(b, v, []int64{0, 0, 0, 0, 0, 0}, []int64{0, 0, 0, sh - 1, 0, sw - 1}, tensor.ZeroAttr(elemOf(v)))
	v = tensor.Reshape(b, v, []int64{n, c, h * sh, w * sw})
	return tensor.Slice(b, v, []int64{0, 0, 0, 0}, []int64{n, c, (h-1)*sh + 1, (w-1)*sw + 1}, nil)
}

// vjpConv2D returns the input gradient (a convolution of the dilated output
// gradient with the flipped, regrouped weights) and the weight gradient (a
// convolution of the input with the output gradient, batch and channels
// swapped), for any stride, padding, dilation and groups.
func vjpConv2D(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x, w := op.Operand(0), op.Operand(1)
	p, _ := tensor.Conv2DOptions(op)
	if isStatic(x) && isStatic(w) && isStatic(g) {
		return []ir.Value{convInputGrad(b, x, w, g, p), convWeightGrad(b, x, w, g, p)}, nil
	}
	if ws := shapeOf(w); ws[2] == ir.Dynamic || ws[3] == ir.Dynamic {
		// The window positions unroll; the loop level refuses dynamic
		// kernel sizes in the forward pass too.
		return nil, fmt.Errorf("gradient of tensor.conv2d needs static kernel sizes (the weight's last two dimensions)")
	}
	return []ir.Value{convInputGradDynamic(b, x, w, g, p), convWeightGradDynamic(b, x, w, g, p)}, nil
}

func convInputGrad(b *ir.Builder, x, w, g ir.Value, p tensor.Conv2DParams) ir.Value {
	xs, ws := shapeOf(x), shapeOf(w)
	G := p.Groups
	o, ig, kh, kw := ws[0], ws[1], ws[2], ws[3]
	gd := dilate2d(b, g, p.Stride[0], p.Stride[1])
	wf := tensor.Gather(b, w, indexConst(b, reversed(kh)), 2)
	wf = tensor.Gather(b, wf, indexConst(b, reversed(kw)), 3)
	wt := tensor.Reshape(b, wf, []int64{G, o / G, ig, kh, kw})
	wt = tensor.Transpose(b, wt, []int64{0, 2, 1, 3, 4})
	wt = tensor.Reshape(b, wt, []int64{G * ig, o / G, kh, kw})
	// Convolving with full padding d(k-1) gives the gradient of the padded
	// input over the part the forward swept; the rest of the padded input
	// (the remainder of a strided sweep) gets zeros, then the padding is
	// cropped away.
	full := [2]int64{p.Dilation[0] * (kh - 1), p.Dilation[1] * (kw - 1)}
	gp := tensor.Conv2D(b, gd, wt, tensor.Conv2DParams{
		Stride: [2]int64{1, 1}, Padding: full, Dilation: p.Dilation, Groups: G,
	})
	hp, wp := xs[2]+2*p.Padding[0], xs[3]+2*p.Padding[1]
	if gs := shapeOf(gp); gs[2] < hp || gs[3] < wp {
		gp = tensor.Pad(b, gp, []int64{0, 0, 0, 0}, []int64{0, 0, hp - gs[2], wp - gs[3]}, tensor.ZeroAttr(elemOf(g)))
	}
	gs := shapeOf(gp)
	if gs[2] == xs[2] && gs[3] == xs[3] {
		return gp
	}
	return tensor.Slice(b, gp, []int64{0, 0, p.Padding[0], p.Padding[1]}, []int64{xs[0], xs[1], p.Padding[0] + xs[2], p.Padding[1] + xs[3]}, nil)
}

func convWeightGrad(b *ir.Builder, x, w, g ir.Value, p tensor.Conv2DParams) ir.Value {
	xs, ws := shapeOf(x), shapeOf(w)
	G := p.Groups
	n, i, h, wd := xs[0], xs[1], xs[2], xs[3]
	xt := tensor.Reshape(b, x, []int64{n, G, i / G, h, wd})
	xt = tensor.Transpose(b, xt, []int64{2, 1, 0, 3, 4})
	xt = tensor.Reshape(b, xt, []int64{i / G, G * n, h, wd})
	gt := tensor.Transpose(b, g, []int64{1, 0, 2, 3})
	gw := tensor.Conv2D(b, xt, gt, tensor.Conv2DParams{
		Stride: p.Dilation, Padding: p.Padding, Dilation: p.Stride, Groups: G,
	})
	if r := shapeOf(gw); r[2] != ws[2] || r[3] != ws[3] {
		gw = tensor.Slice(b, gw, []int64{0, 0, 0, 0}, []int64{r[0], r[1], ws[2], ws[3]}, nil)
	}
	return tensor.Transpose(b, gw, []int64{1, 0, 2, 3})
}

// tiledPoolGrad is max_pool2d's gradient when the windows tile the input
// (stride = kernel, no padding). Input element (y, x) lies in exactly one
// window, (y/kh, x/kw), at position (y%kh)·kw + x%kw, and receives that
// window's gradient when the window's first maximum is there. Both the
// argmax and the gradient are built over the shape (n, c, ho, kh, wo, kw)
// of the input's whole windows: after fusion each argmax reads its
// window through one index map and each input element reads one argmax
// and one gradient. (The general rule stacks strided slices and sums
// padded, dilated contributions, which costs kh·kw times that, with the
// index math of each.) Rows and columns past the last whole window get
// zeros.
func tiledPoolGrad(b *ir.Builder, x, g ir.Value, kh, kw int64) ir.Value {
	xs, gs := shapeOf(x), shapeOf(g)
	n, c, h, w := xs[0], xs[1], xs[2], xs[3]
	ho, wo := gs[2], gs[3]
	whole := x
	if ho*kh < h || wo*kw < w {
		whole = tensor.Slice(b, x, []int64{0, 0, 0, 0}, []int64{n, c, ho * kh, wo * kw}, nil)
	}
	win := tensor.Reshape(b, whole, []int64{n, c, ho, kh, wo, kw})
	win = tensor.Transpose(b, win, []int64{0, 1, 2, 4, 3, 5})
	win = tensor.Reshape(b, win, []int64{n, c, ho, wo, kh * kw})
	arg := tensor.ArgMax(b, win, 4, false)

	shape := []int64{n, c, ho, kh, wo, kw}
	it := b.Ctx.Tensor(shape, mustTensor(arg).Elem)
	pos := tensor.Add(b,
		tensor.Mul(b, tensor.Iota(b, it, 3), tensor.Full(b, it, float64(kw))),
		tensor.Iota(b, it, 5))
	hit := tensor.Cmp(b, "eq", tensor.Broadcast(b, arg, []int64{0, 1, 2, 4}, shape), pos)
	g6 := tensor.Broadcast(b, g, []int64{0, 1, 2, 4}, shape)
	grad := tensor.Reshape(b, maskedSelect(b, hit, g6), []int64{n, c, ho * kh, wo * kw})
	if ho*kh < h || wo*kw < w {
		grad = tensor.Pad(b, grad, []int64{0, 0, 0, 0}, []int64{0, 0, h - ho*kh, w - wo*kw}, tensor.ZeroAttr(elemOf(g)))
	}
	return grad
}

func reversed(n int64) []int64 {
	out := make([]int64, n)
	for i := range out {
		out[i] = n - 1 - int64(i)
	}
	return out
}

// vjpMaxPool2D routes each output gradient to the first maximum of its
// window (PyTorch's rule; a NaN counts as the maximum), summing where
// windows overlap.
func vjpMaxPool2D(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	p, _ := tensor.MaxPool2DOptions(op)
	if !isStatic(x) || !isStatic(g) {
		return one(maxPoolGradDynamic(b, x, g, p)), nil
	}
	if p.Stride == p.Kernel && p.Padding == [2]int64{} {
		return one(tiledPoolGrad(b, x, g, p.Kernel[0], p.Kernel[1])), nil
	}
	xs, gs := shapeOf(x), shapeOf(g)
	n, c, h, w := xs[0], xs[1], xs[2], xs[3]
	ho, wo := gs[2], gs[3]
	ph, pw := p.Padding[0], p.Padding[1]
	hp, wp := h+2*ph, w+2*pw
	elem := elemOf(x)
	xp := x
	if ph > 0 || pw > 0 {
		xp = tensor.Pad(b, x, []int64{0, 0, ph, pw}, []int64{0, 0, ph, pw}, &ir.FloatAttr{Type: elem, Value: math.Inf(-1)})
	}
	kh, kw := p.Kernel[0], p.Kernel[1]
	sh, sw := p.Stride[0], p.Stride[1]
	var windows []ir.Value
	for ky := int64(0); ky < kh; ky++ {
		for kx := int64(0); kx < kw; kx++ {
			v := tensor.Slice(b, xp, []int64{0, 0, ky, kx}, []int64{n, c, ky + (ho-1)*sh + 1, kx + (wo-1)*sw + 1}, []int64{1, 1, sh, sw})
			windows = append(windows, tensor.Reshape(b, v, []int64{n, c, ho, wo, 1}))
		}
	}
	stack := windows[0]
	if len(windows) > 1 {
		stack = tensor.Concat(b, 4, windows...)
	}
	arg := tensor.Reshape(b, tensor.ArgMax(b, stack, 4, false), []int64{n, c, ho, wo})
	var total ir.Value
	k := int64(0)
	for ky := int64(0); ky < kh; ky++ {
		for kx := int64(0); kx < kw; kx++ {
			hit := tensor.Cmp(b, "eq", arg, tensor.Full(b, mustTensor(arg), float64(k)))
			contrib := dilate2d(b, maskedSelect(b, hit, g), sh, sw)
			cs := shapeOf(contrib)
			contrib = tensor.Pad(b, contrib, []int64{0, 0, ky, kx}, []int64{0, 0, hp - ky - cs[2], wp - kx - cs[3]}, tensor.ZeroAttr(elem))
			if total == nil {
				total = contrib
			} else {
				total = tensor.Add(b, total, contrib)
			}
			k++
		}
	}
	if ph > 0 || pw > 0 {
		total = tensor.Slice(b, total, []int64{0, 0, ph, pw}, []int64{n, c, ph + h, pw + w}, nil)
	}
	return one(total), nil
}
