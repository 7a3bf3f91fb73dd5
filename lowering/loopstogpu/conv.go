package loopstogpu

import (
	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/gpu"
	"github.com/tt-compiler/tt/dialects/loops"
	"github.com/tt-compiler/tt/ir"
)

// KindConv2D is the kernel kind of a tt.conv2d run as an implicit GEMM.
const KindConv2D = "conv2d"

// convParams are a tt.conv2d call's stride, padding, dilation and groups.
type convParams struct {
	stride, pad, dil [2]int64
	groups           int64
}

func convParamsOf(op *ir.Operation) convParams {
	pair := func(name string, def int64) [2]int64 {
		if d, ok := op.Attr(name).(*ir.DenseArrayAttr); ok && len(d.Ints) == 2 {
			return [2]int64{d.Ints[0], d.Ints[1]}
		}
		return [2]int64{def, def}
	}
	p := convParams{stride: pair("stride", 1), pad: pair("padding", 0), dil: pair("dilation", 1), groups: 1}
	if g, ok := op.Attr("groups").(*ir.IntegerAttr); ok {
		p.groups = g.Int64()
	}
	return p
}

// tiledConv2D replaces a tt.conv2d call (x NCHW, w OIHW, out NCHW) by the
// launch of an implicit-GEMM kernel named name in gm: for each image n
// and group, out[n, group] (O/groups × OH·OW) = w[group] (O/groups ×
// C/groups·KH·KW) · col, where col, the im2col matrix (rows (c, kh, kw),
// columns the output positions), is never materialized: the B tiles are
// gathered from x with the stride, padding and dilation, zero outside the
// image. The K order is numerics/linalg's. It leaves calls whose output
// is also an operand on the host.
func tiledConv2D(gm func() gpu.ModuleOp, op *ir.Operation, name string) bool {
	if n, _ := op.StringAttr("callee"); n != loops.Conv2DCallee || op.NumOperands() != 3 {
		return false
	}
	args := op.Operands()
	x, w, out := args[0], args[1], args[2]
	if out == x || out == w {
		return false
	}
	// f32/f64 throughout, or f16/bf16 x and w with an f32 out (extended
	// on their way into the f32 tiles; a rounding of out to 16 bits made
	// for the convolution alone folds into the epilogue).
	et, ok := plainBuffers(args[2:], false)
	if !ok {
		return false
	}
	xw, ok := plainBuffers(args[:2], true)
	half := ok && isHalfFloat(xw) && et.(*ir.FloatType).Width() == 32
	if !ok || xw != et && !half {
		return false
	}
	kargs := append([]ir.Value{}, args...)
	var nr narrowed
	narrow := false
	if half {
		if nr, narrow = narrowedResult(op, out); narrow {
			kargs[2] = nr.dst
		}
	}
	cp := convParamsOf(op)
	ws, os := w.Type().(*ir.MemRefType).Shape(), out.Type().(*ir.MemRefType).Shape()
	m, n := int64(ir.Dynamic), int64(ir.Dynamic)
	if ws[0] != ir.Dynamic {
		m = ws[0] / cp.groups
	}
	if os[2] != ir.Dynamic && os[3] != ir.Dynamic {
		n = os[2] * os[3]
	}
	// A (the weights) is contiguous along K; B (the image) along the
	// output positions.
	tiling := chooseGemmTiling(m, n, elemBytes(et), true, false)
	prob := func(kargs []ir.Value) gemmProblem {
		return &convProblem{p: cp, x: kargs[0], w: kargs[1], out: kargs[2]}
	}
	sizes := func(hb *ir.Builder) (m, n, batch ir.Value) {
		g := indexConst(hb, cp.groups)
		m = arith.DivUI(hb, hostDim(hb, w, 0), g)
		n = arith.MulI(hb, hostDim(hb, kargs[2], 2), hostDim(hb, kargs[2], 3))
		return m, n, arith.MulI(hb, hostDim(hb, x, 0), g)
	}
	gemmLaunch(gm(), op, name, KindConv2D, kargs, et, tiling, prob, sizes)
	op.Erase()
	if narrow {
		for _, e := range nr.erase {
			e.Erase()
		}
	}
	return true
}

// convProblem is one image and group of a tt.conv2d as a GEMM.
type convProblem struct {
	p         convParams
	x, w, out ir.Value

	img, group       ir.Value // of block z
	og, cg           ir.Value // O/groups, C/groups
	kw, khw          ir.Value // KW, KH·KW (divisors)
	h, wd, ow        ir.Value
	owDiv            ir.Value
	sh, sw, ph, pw   ir.Value
	dh, dw, zeroIdx  ir.Value
	outChan, inChan0 ir.Value
}

func (p *convProblem) setup(g *gemmBuilder, z ir.Value) (m, n, k, batch ir.Value) {
	b := g.b
	gs := g.idx(p.p.groups)
	p.img, p.group = arith.DivUI(b, z, gs), arith.RemUI(b, z, gs)
	p.og = arith.DivUI(b, g.dim(p.w, 0), gs)
	p.cg = g.dim(p.w, 1)
	kh, kw := g.dim(p.w, 2), g.dim(p.w, 3)
	p.kw = g.divisor(kw)
	p.khw = g.divisor(arith.MulI(b, kh, kw))
	p.h, p.wd = g.dim(p.x, 2), g.dim(p.x, 3)
	oh, ow := g.dim(p.out, 2), g.dim(p.out, 3)
	p.owDiv = g.divisor(ow)
	p.sh, p.sw = g.idx(p.p.stride[0]), g.idx(p.p.stride[1])
	p.ph, p.pw = g.idx(p.p.pad[0]), g.idx(p.p.pad[1])
	p.dh, p.dw = g.idx(p.p.dil[0]), g.idx(p.p.dil[1])
	p.zeroIdx = g.idx(0)
	p.outChan = arith.MulI(b, p.group, p.og)
	p.inChan0 = arith.MulI(b, p.group, p.cg)
	return p.og, arith.MulI(b, oh, ow), arith.MulI(b, p.cg, arith.MulI(b, kh, kw)), arith.MulI(b, g.dim(p.x, 0), gs)
}

// element reads w[group·O/groups + p][c][kh][kw] (A) or the image's
// x[n][group·C/groups + c][oh·s - pad + kh·d][ow·s - pad + kw·d] (B),
// where k = (c, kh, kw) and the output position p = (oh, ow).
func (p *convProblem) element(g *gemmBuilder, isA bool, gk, gp, inside ir.Value) ir.Value {
	b := g.b
	c, r := arith.DivUI(b, gk, p.khw), arith.RemUI(b, gk, p.khw)
	kh, kw := arith.DivUI(b, r, p.kw), arith.RemUI(b, r, p.kw)
	if isA {
		return g.load(inside, p.w, arith.AddI(b, p.outChan, gp), c, kh, kw)
	}
	oh, ow := arith.DivUI(b, gp, p.owDiv), arith.RemUI(b, gp, p.owDiv)
	iy := arith.AddI(b, arith.SubI(b, arith.MulI(b, oh, p.sh), p.ph), arith.MulI(b, kh, p.dh))
	ix := arith.AddI(b, arith.SubI(b, arith.MulI(b, ow, p.sw), p.pw), arith.MulI(b, kw, p.dw))
	in := func(v, n ir.Value) ir.Value {
		return arith.AndI(b, arith.CmpI(b, "sge", v, p.zeroIdx), arith.CmpI(b, "slt", v, n))
	}
	inside = arith.AndI(b, inside, arith.AndI(b, in(iy, p.h), in(ix, p.wd)))
	return g.load(inside, p.x, p.img, arith.AddI(b, p.inChan0, c), iy, ix)
}

func (p *convProblem) store(g *gemmBuilder, row, col, v ir.Value) {
	b := g.b
	if ot := p.out.Type().(*ir.MemRefType).Elem; ot != v.Type() {
		v = arith.TruncF(b, ot, v)
	}
	oh, ow := arith.DivUI(b, col, p.owDiv), arith.RemUI(b, col, p.owDiv)
	loops.Store(b, v, p.out, p.img, arith.AddI(b, p.outChan, row), oh, ow)
}
