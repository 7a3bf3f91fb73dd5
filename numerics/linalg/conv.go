package linalg

import (
	"fmt"
	"runtime"
)

// Conv2D: out = conv2d(x, w) without bias, as
// torch.nn.functional.conv2d: x [N, C, H, W], w [O, C/groups, KH, KW],
// out [N, O, OH, OW] (overwritten), with stride, zero padding, dilation and
// groups; OH = (H + 2·pad - dil·(KH-1) - 1) / stride + 1, likewise OW.
//
// Each image and group is one GEMM: out[n, group] (O/groups × OH·OW) =
// w[group] (O/groups × C/groups·KH·KW) · col, where col is the im2col
// matrix of the image's group channels (its rows are (c, kh, kw), its
// columns the output positions); a 1×1 convolution with stride 1 and no
// padding uses the image itself as col. Many small images run in parallel
// with serial GEMMs, large ones one after another with a parallel GEMM;
// both compute every element the same way, so results do not depend on
// GOMAXPROCS.

// convGeom is the geometry of one Conv2D call.
type convGeom struct {
	n, c, h, w     int // input
	o, kh, kw      int // weight (O, C/groups, KH, KW)
	groups         int
	oh, ow         int // output
	sh, sw         int // stride
	ph, pw         int // padding
	dh, dw         int // dilation
	cg, og, kdepth int // C/groups, O/groups, C/groups·KH·KW
}

// Conv2D is tt.conv2d and tensor.conv2d: xs, ws and outs are the buffers'
// shapes; out is overwritten and may be x or w. A geometry or buffer size
// that does not match is an error (nothing is written).
func Conv2D[T Number](parallelFor ParallelFor, x []T, xs [4]int, w []T, ws [4]int, out []T, outs [4]int, stride, pad, dil [2]int, groups int) error {
	g := convGeom{
		n: xs[0], c: xs[1], h: xs[2], w: xs[3],
		o: ws[0], kh: ws[2], kw: ws[3], groups: groups,
		oh: outs[2], ow: outs[3],
		sh: stride[0], sw: stride[1], ph: pad[0], pw: pad[1], dh: dil[0], dw: dil[1],
	}
	switch {
	case groups <= 0 || g.c%groups != 0 || g.o%groups != 0:
		return fmt.Errorf("groups %d must divide the channels %d and the filters %d", groups, g.c, g.o)
	case ws[1]*groups != g.c:
		return fmt.Errorf("weight has %d input channels per group, want %d / %d", ws[1], g.c, groups)
	case g.sh <= 0 || g.sw <= 0 || g.dh <= 0 || g.dw <= 0 || g.ph < 0 || g.pw < 0:
		return fmt.Errorf("invalid stride %v, padding %v or dilation %v", stride, pad, dil)
	case outs[0] != g.n || outs[1] != g.o:
		return fmt.Errorf("output is %v, want batch %d and %d channels", outs, g.n, g.o)
	case g.oh != convOut(g.h, g.ph, g.dh, g.kh, g.sh) || g.ow != convOut(g.w, g.pw, g.dw, g.kw, g.sw):
		return fmt.Errorf("output is %dx%d, want %dx%d", g.oh, g.ow,
			convOut(g.h, g.ph, g.dh, g.kh, g.sh), convOut(g.w, g.pw, g.dw, g.kw, g.sw))
	case len(x) != g.n*g.c*g.h*g.w || len(w) != g.o*ws[1]*g.kh*g.kw || len(out) != g.n*g.o*g.oh*g.ow:
		return fmt.Errorf("buffer sizes %d, %d, %d do not match the shapes %v, %v, %v", len(x), len(w), len(out), xs, ws, outs)
	}
	if aliases(out, x) || aliases(out, w) {
		// out may be x or w: compute aside, then overwrite out.
		tmp := make([]T, len(out))
		if err := Conv2D(parallelFor, x, xs, w, ws, tmp, outs, stride, pad, dil, groups); err != nil {
			return err
		}
		copy(out, tmp)
		return nil
	}
	g.cg, g.og = g.c/groups, g.o/groups
	g.kdepth = g.cg * g.kh * g.kw
	clear(out)
	if g.oh <= 0 || g.ow <= 0 || g.og == 0 {
		return nil
	}
	direct := g.kh == 1 && g.kw == 1 && g.sh == 1 && g.sw == 1 && g.ph == 0 && g.pw == 0
	tasks := g.n * groups
	work := g.og * g.oh * g.ow * g.kdepth
	if tasks >= runtime.GOMAXPROCS(0) && work < 1<<22 {
		// Many small products: one task per (image, group), serial GEMMs.
		parallelFor(tasks, work, func(lo, hi int) {
			var col *[]T
			if !direct {
				col = getBuf[T](g.kdepth * g.oh * g.ow)
				defer putBuf(col)
			}
			for t := lo; t < hi; t++ {
				convOne(&g, x, w, out, t/groups, t%groups, col, nil)
			}
		})
		return nil
	}
	var col *[]T
	if !direct {
		col = getBuf[T](g.kdepth * g.oh * g.ow)
		defer putBuf(col)
	}
	for t := 0; t < tasks; t++ {
		convOne(&g, x, w, out, t/groups, t%groups, col, parallelFor)
	}
	return nil
}

// convOut is the output size of a window sweep (floor mode).
func convOut(in, pad, dil, k, stride int) int {
	return (in+2*pad-dil*(k-1)-1)/stride + 1
}

// convOne computes image n, group gr: im2col into col (nil for a direct
// 1×1 convolution), then one GEMM, running its tasks with run (on the
// caller when run is nil).
func convOne[T Number](g *convGeom, x, w, out []T, n, gr int, col *[]T, run ParallelFor) {
	plane := g.h * g.w
	opix := g.oh * g.ow
	xg := x[(n*g.c+gr*g.cg)*plane:][:g.cg*plane]
	var b []T
	if col == nil {
		b = xg
	} else {
		b = *col
		fill := func(lo, hi int) {
			for r := lo; r < hi; r++ {
				im2colRow(g, xg, b[r*opix:(r+1)*opix], r)
			}
		}
		if run != nil {
			run(g.kdepth, 2*opix, fill)
		} else {
			fill(0, g.kdepth)
		}
	}
	wg := w[gr*g.og*g.kdepth:][:g.og*g.kdepth]
	og := out[(n*g.o+gr*g.og)*opix:][:g.og*opix]
	blockedGemm(run, g.og, opix, g.kdepth, matrix[T]{wg, g.kdepth, 1}, matrix[T]{b, opix, 1}, og, opix, nil)
}

// im2colRow fills row r = (c, kh, kw) of the im2col matrix of one image
// group xg: dst[oh*OW+ow] = x[c, oh*sh-ph+kh*dh, ow*sw-pw+kw*dw], or 0 in
// the padding. The columns that read inside the row are one copy (stride
// 1) or one strided sweep, without a bounds test per element.
func im2colRow[T Number](g *convGeom, xg, dst []T, r int) {
	c, rem := r/(g.kh*g.kw), r%(g.kh*g.kw)
	ki, kj := rem/g.kw, rem%g.kw
	src := xg[c*g.h*g.w:][:g.h*g.w]
	// Output columns [lo, hi) read iw = ow*sw + off inside [0, w).
	off := kj*g.dw - g.pw
	lo := min(g.ow, max(0, (-off+g.sw-1)/g.sw))
	hi := lo
	if g.w-1-off >= 0 {
		hi = max(lo, min(g.ow, (g.w-1-off)/g.sw+1))
	}
	for oi := 0; oi < g.oh; oi++ {
		row := dst[oi*g.ow:][:g.ow]
		ih := oi*g.sh - g.ph + ki*g.dh
		if ih < 0 || ih >= g.h {
			clear(row)
			continue
		}
		srow := src[ih*g.w:][:g.w]
		clear(row[:lo])
		clear(row[hi:])
		if g.sw == 1 {
			copy(row[lo:hi], srow[lo+off:])
			continue
		}
		for oj := lo; oj < hi; oj++ {
			row[oj] = srow[oj*g.sw+off]
		}
	}
}
