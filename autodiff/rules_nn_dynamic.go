package autodiff

import (
	"math"
	"slices"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// The gradients of conv2d and max_pool2d over dynamic sizes. Their static
// rules shape the gradient with slices and pads, whose bounds are
// attributes; here sizes are symbolic (a constant, or an index value
// computed from tensor.dim at run time), rows are cut with gathers at
// run-time offsets and placed with scatter_add into zeros, as the
// dynamic rules of slice, pad and concat do. The kernel's (window's)
// sizes are attributes or static weight dimensions, so the loops over
// window positions unroll at compile time.

// symSize is a dimension size: n when v is nil, else the index value v.
type symSize struct {
	n int64
	v ir.Value
}

// sizeOf is dimension d of x.
func sizeOf(b *ir.Builder, x ir.Value, d int) symSize {
	if n := shapeOf(x)[d]; n != ir.Dynamic {
		return symSize{n: n}
	}
	return symSize{v: tensor.Dim(b, x, int64(d))}
}

func (s symSize) static() bool { return s.v == nil }

// dim is the size as a type's dimension (ir.Dynamic when computed).
func (s symSize) dim() int64 {
	if s.v != nil {
		return ir.Dynamic
	}
	return s.n
}

func (s symSize) value(b *ir.Builder) ir.Value {
	if s.v != nil {
		return s.v
	}
	return arith.Constant(b, ir.Int(b.Ctx.Index(), s.n))
}

// times is s·t.
func (s symSize) times(b *ir.Builder, t symSize) symSize {
	switch {
	case s.static() && t.static():
		return symSize{n: s.n * t.n}
	case s.static() && s.n == 1:
		return t
	case t.static() && t.n == 1:
		return s
	}
	return symSize{v: arith.MulI(b, s.value(b), t.value(b))}
}

// over is s/k (k divides s: a channel count by the groups).
func (s symSize) over(b *ir.Builder, k int64) symSize {
	if s.static() || k == 1 {
		return symSize{n: s.n / k, v: s.v}
	}
	return symSize{v: arith.DivSI(b, s.v, symSize{n: k}.value(b))}
}

// reshapeSym reshapes x to the sizes.
func reshapeSym(b *ir.Builder, x ir.Value, sizes ...symSize) ir.Value {
	shape := make([]int64, len(sizes))
	var dyn []ir.Value
	for i, s := range sizes {
		shape[i] = s.dim()
		if s.v != nil {
			dyn = append(dyn, s.v)
		}
	}
	if slices.Equal(shape, shapeOf(x)) && len(dyn) == 0 {
		return x
	}
	return tensor.Reshape(b, x, shape, dyn...)
}

// zerosSym is a tensor of zeros of the sizes.
func zerosSym(b *ir.Builder, elem ir.Type, sizes ...symSize) ir.Value {
	shape := make([]int64, len(sizes))
	var dyn []ir.Value
	for i, s := range sizes {
		shape[i] = s.dim()
		if s.v != nil {
			dyn = append(dyn, s.v)
		}
	}
	return tensor.Full(b, b.Ctx.Tensor(shape, elem), 0, dyn...)
}

// stridedRows is off + step·iota(n) as an i64 vector, n being v's size
// along d: the rows of a larger tensor that a window position reads.
func stridedRows(b *ir.Builder, v ir.Value, d int, off, step int64) ir.Value {
	n := shapeOf(v)[d]
	t := b.Ctx.Tensor([]int64{n}, b.Ctx.I64())
	var sizes []ir.Value
	if n == ir.Dynamic {
		sizes = []ir.Value{tensor.Dim(b, v, int64(d))}
	}
	rows := tensor.Iota(b, t, 0, sizes...)
	if step != 1 {
		rows = tensor.Mul(b, rows, tensor.Full(b, t, float64(step), sizes...))
	}
	if off != 0 {
		rows = tensor.Add(b, rows, tensor.Full(b, t, float64(off), sizes...))
	}
	return rows
}

// window gathers, from the padded NCHW input xp, the elements that window
// position (ky, kx) reads for every output position of out (N, C, Ho, Wo):
// rows ky·dy + sy·iota(Ho), columns kx·dx + sx·iota(Wo).
func window(b *ir.Builder, xp, out ir.Value, ky, kx int64, stride, dil [2]int64) ir.Value {
	v := tensor.Gather(b, xp, stridedRows(b, out, 2, ky*dil[0], stride[0]), 2)
	return tensor.Gather(b, v, stridedRows(b, out, 3, kx*dil[1], stride[1]), 3)
}

// place adds v (N, C, Ho, Wo) into base (N, C, Hp, Wp) at the rows and
// columns window position (ky, kx) read: the transpose of window.
func place(b *ir.Builder, base, v ir.Value, ky, kx int64, stride, dil [2]int64) ir.Value {
	rows, cols := stridedRows(b, v, 2, ky*dil[0], stride[0]), stridedRows(b, v, 3, kx*dil[1], stride[1])
	elem := elemOf(v)
	// Columns first, into zeros of v's rows and base's columns.
	n, c, ho := sizeOf(b, v, 0), sizeOf(b, v, 1), sizeOf(b, v, 2)
	wide := tensor.ScatterAdd(b, zerosSym(b, elem, n, c, ho, sizeOf(b, base, 3)), cols, v, 3)
	return tensor.ScatterAdd(b, base, rows, wide, 2)
}

// crop is the rows [p0, p0+H) and columns [p1, p1+W) of v, H and W being
// x's sizes: the input's part of a padded input's gradient.
func crop(b *ir.Builder, v, x ir.Value, pad [2]int64) ir.Value {
	if pad == [2]int64{} && slices.Equal(shapeOf(v)[2:], shapeOf(x)[2:]) && isStatic(x) {
		return v
	}
	v = tensor.Gather(b, v, stridedRows(b, x, 2, pad[0], 1), 2)
	return tensor.Gather(b, v, stridedRows(b, x, 3, pad[1], 1), 3)
}

// padSpatial pads the last two dimensions of an NCHW tensor by pad on
// both sides with value.
func padSpatial(b *ir.Builder, x ir.Value, pad [2]int64, value ir.Attribute) ir.Value {
	if pad == [2]int64{} {
		return x
	}
	amounts := []int64{0, 0, pad[0], pad[1]}
	return tensor.Pad(b, x, amounts, amounts, value)
}

// convInputGradDynamic is convInputGrad over symbolic sizes: the output
// gradient dilated by the stride (a reshape, a pad of the new unit
// dimensions and a reshape back, keeping the stride-1 trailing zeros a
// static rule slices off: they only add zero rows past the padded
// input), convolved with the flipped, regrouped weights under full
// padding, and the input's rows and columns gathered out of the result
// (which covers the padded input: (Ho·s + d(k-1)) >= H + 2p).
func convInputGradDynamic(b *ir.Builder, x, w, g ir.Value, p tensor.Conv2DParams) ir.Value {
	G := p.Groups
	kh, kw := shapeOf(w)[2], shapeOf(w)[3]
	gd := g
	if p.Stride != [2]int64{1, 1} {
		sh, sw := symSize{n: p.Stride[0]}, symSize{n: p.Stride[1]}
		n, o, ho, wo := sizeOf(b, g, 0), sizeOf(b, g, 1), sizeOf(b, g, 2), sizeOf(b, g, 3)
		one := symSize{n: 1}
		gd = reshapeSym(b, g, n, o, ho, one, wo, one)
		gd = tensor.Pad(b, gd, make([]int64, 6), []int64{0, 0, 0, sh.n - 1, 0, sw.n - 1}, tensor.ZeroAttr(elemOf(g)))
		gd = reshapeSym(b, gd, n, o, ho.times(b, sh), wo.times(b, sw))
	}
	wf := tensor.Gather(b, w, indexConst(b, reversed(kh)), 2)
	wf = tensor.Gather(b, wf, indexConst(b, reversed(kw)), 3)
	var wt ir.Value
	if G == 1 {
		wt = tensor.Transpose(b, wf, []int64{1, 0, 2, 3})
	} else {
		o, ig := sizeOf(b, w, 0), sizeOf(b, w, 1)
		h, k := symSize{n: kh}, symSize{n: kw}
		wt = reshapeSym(b, wf, symSize{n: G}, o.over(b, G), ig, h, k)
		wt = tensor.Transpose(b, wt, []int64{0, 2, 1, 3, 4})
		wt = reshapeSym(b, wt, ig.times(b, symSize{n: G}), o.over(b, G), h, k)
	}
	full := [2]int64{p.Dilation[0] * (kh - 1), p.Dilation[1] * (kw - 1)}
	gp := tensor.Conv2D(b, gd, wt, tensor.Conv2DParams{
		Stride: [2]int64{1, 1}, Padding: full, Dilation: p.Dilation, Groups: G,
	})
	return crop(b, gp, x, p.Padding)
}

// convWeightGradDynamic is the weight gradient over symbolic sizes, one
// window position at a time (a convolution of the input with the output
// gradient would take the output gradient's run-time spatial sizes as its
// kernel's): for position (ky, kx), the input elements it read for every
// output position, (N, C, Ho, Wo), contracted with the output gradient
// over N, Ho and Wo within each group by a batched matmul; the positions'
// (O, C/G) results are concatenated into (O, C/G, kh, kw).
func convWeightGradDynamic(b *ir.Builder, x, w, g ir.Value, p tensor.Conv2DParams) ir.Value {
	G := symSize{n: p.Groups}
	kh, kw := shapeOf(w)[2], shapeOf(w)[3]
	n, c := sizeOf(b, x, 0), sizeOf(b, x, 1)
	o, ho, wo := sizeOf(b, g, 1), sizeOf(b, g, 2), sizeOf(b, g, 3)
	og, cg := o.over(b, G.n), c.over(b, G.n)
	hw := ho.times(b, wo)
	rows := n.times(b, hw)
	// g as (G, O/G, N·Ho·Wo).
	a := reshapeSym(b, g, n, G, og, hw)
	a = tensor.Transpose(b, a, []int64{1, 2, 0, 3})
	a = reshapeSym(b, a, G, og, rows)
	xp := padSpatial(b, x, p.Padding, tensor.ZeroAttr(elemOf(x)))
	var taps []ir.Value
	for ky := int64(0); ky < kh; ky++ {
		for kx := int64(0); kx < kw; kx++ {
			t := window(b, xp, g, ky, kx, p.Stride, p.Dilation)
			// The window's input as (G, N·Ho·Wo, C/G).
			t = reshapeSym(b, t, n, G, cg, hw)
			t = tensor.Transpose(b, t, []int64{1, 0, 3, 2})
			t = reshapeSym(b, t, G, rows, cg)
			taps = append(taps, reshapeSym(b, tensor.MatMul(b, a, t), o, cg, symSize{n: 1}))
		}
	}
	gw := taps[0]
	if len(taps) > 1 {
		gw = tensor.Concat(b, 2, taps...)
	}
	return reshapeSym(b, gw, o, cg, symSize{n: kh}, symSize{n: kw})
}

// maxPoolGradDynamic is max_pool2d's gradient over symbolic sizes: the
// windows' elements gathered per window position from the input padded
// with -inf and stacked, the first maximum's position per window
// (argmax), and per position the output gradient where it won, placed
// back at the rows and columns that position read (scatter_add: windows
// overlap), the padding cropped off.
func maxPoolGradDynamic(b *ir.Builder, x, g ir.Value, p tensor.Pool2DParams) ir.Value {
	elem := elemOf(x)
	xp := padSpatial(b, x, p.Padding, &ir.FloatAttr{Type: elem, Value: math.Inf(-1)})
	kh, kw := p.Kernel[0], p.Kernel[1]
	unit := [2]int64{1, 1}
	n, c, ho, wo := sizeOf(b, g, 0), sizeOf(b, g, 1), sizeOf(b, g, 2), sizeOf(b, g, 3)
	one := symSize{n: 1}
	var windows []ir.Value
	for ky := int64(0); ky < kh; ky++ {
		for kx := int64(0); kx < kw; kx++ {
			windows = append(windows, reshapeSym(b, window(b, xp, g, ky, kx, p.Stride, unit), n, c, ho, wo, one))
		}
	}
	stack := windows[0]
	if len(windows) > 1 {
		stack = tensor.Concat(b, 4, windows...)
	}
	arg := reshapeSym(b, tensor.ArgMax(b, stack, 4, false), n, c, ho, wo)
	total := zerosSym(b, elemOf(g), n, c, sizeOf(b, xp, 2), sizeOf(b, xp, 3))
	k := int64(0)
	for ky := int64(0); ky < kh; ky++ {
		for kx := int64(0); kx < kw; kx++ {
			hit := tensor.Cmp(b, "eq", arg, tensor.Full(b, mustTensor(arg), float64(k), dynSizes(b, arg)...))
			total = place(b, total, maskedSelect(b, hit, g), ky, kx, p.Stride, unit)
			k++
		}
	}
	return crop(b, total, x, p.Padding)
}
