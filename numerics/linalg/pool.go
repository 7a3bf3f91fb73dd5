package linalg

import (
	"fmt"
	"math"
)

// MaxPool2D: out = max_pool2d(x) as torch.nn.functional.max_pool2d in
// floor mode, on planes (N·C) of h×w elements into planes of oh×ow, with
// a kernel, stride, zero-based padding (padded positions are skipped, as
// if -Inf) and dilation. A window's elements are taken in order (row by
// row) with the rule of numerics.PoolMax, v > m || v != v: a NaN, once
// taken, stays, and of equal elements (+0 and -0) the first stays.
//
// Each output row is computed tap by tap: for every (i, j) of the window,
// in window order, all the row's outputs take their element, so every
// output still sees its window in order, and the taps of interior
// outputs are unit-stride (or stride-s) sweeps over an input row with no
// bounds checks, which SIMD builds vectorize (poolTapSIMD). Output rows
// are the parallel tasks; each element is computed by one task in a fixed
// order, so results do not depend on the runner.

// Pool2D is the geometry of a 2-D pooling window sweep.
type Pool2D struct {
	Kernel, Stride, Padding, Dilation [2]int
}

// MaxPool2D is tt.max_pool2d and tensor.max_pool2d: the window maxima of
// planes planes of h×w elements of x into planes of oh×ow of out
// (overwritten). A geometry or buffer size that does not match is an error
// (nothing is written).
func MaxPool2D[T Number](parallelFor ParallelFor, planes, h, w int, x []T, oh, ow int, out []T, p Pool2D) error {
	for i := 0; i < 2; i++ {
		if p.Kernel[i] < 1 || p.Stride[i] < 1 || p.Dilation[i] < 1 || p.Padding[i] < 0 || p.Padding[i] > p.Kernel[i]/2 {
			return fmt.Errorf("invalid pooling window: kernel %v, stride %v, padding %v (at most half the kernel), dilation %v",
				p.Kernel, p.Stride, p.Padding, p.Dilation)
		}
	}
	if want := convOut(h, p.Padding[0], p.Dilation[0], p.Kernel[0], p.Stride[0]); oh != want {
		return fmt.Errorf("output height is %d, want %d", oh, want)
	}
	if want := convOut(w, p.Padding[1], p.Dilation[1], p.Kernel[1], p.Stride[1]); ow != want {
		return fmt.Errorf("output width is %d, want %d", ow, want)
	}
	if planes < 0 || len(x) != planes*h*w || len(out) != planes*oh*ow {
		return fmt.Errorf("buffer sizes %d and %d do not match %d planes of %dx%d and %dx%d", len(x), len(out), planes, h, w, oh, ow)
	}
	if oh <= 0 || ow <= 0 {
		return nil
	}
	if aliases(out, x) {
		tmp := make([]T, len(out))
		if err := MaxPool2D(parallelFor, planes, h, w, x, oh, ow, tmp, p); err != nil {
			return err
		}
		copy(out, tmp)
		return nil
	}
	parallelFor(planes*oh, 2*ow*p.Kernel[0]*p.Kernel[1], func(lo, hi int) {
		for t := lo; t < hi; t++ {
			pl, oy := t/oh, t%oh
			maxPoolRow(x[pl*h*w:][:h*w], h, w, oy, out[t*ow:][:ow], &p)
		}
	})
	return nil
}

// lowest is the identity of PoolMax for T: -Inf, or the smallest integer.
func lowest[T Number]() T {
	switch any(T(0)).(type) {
	case float32:
		return T(float32(math.Inf(-1)))
	case float64:
		return T(math.Inf(-1))
	case int32:
		return T(math.MinInt32)
	}
	least := int64(math.MinInt64) // int is 64 bits wide where tt runs
	return T(least)
}

// maxPoolRow computes output row oy of one plane.
func maxPoolRow[T Number](src []T, h, w, oy int, dst []T, p *Pool2D) {
	lo := lowest[T]()
	for i := range dst {
		dst[i] = lo
	}
	s, ow := p.Stride[1], len(dst)
	for i := 0; i < p.Kernel[0]; i++ {
		iy := oy*p.Stride[0] - p.Padding[0] + i*p.Dilation[0]
		if iy < 0 || iy >= h {
			continue
		}
		row := src[iy*w:][:w]
		for j := 0; j < p.Kernel[1]; j++ {
			off := j*p.Dilation[1] - p.Padding[1] // ix = ox*s + off
			// Outputs [a, b) read in range: ox*s + off in [0, w).
			a := min(ow, max(0, (-off+s-1)/s))
			b := max(a, min(ow, (w-1-off)/s+1))
			if w-1-off < 0 {
				b = a
			}
			for ox := 0; ox < a; ox++ {
				if ix := ox*s + off; ix >= 0 && ix < w {
					dst[ox] = poolMax(dst[ox], row[ix])
				}
			}
			poolTap(dst[:b], row, s, off, a)
			for ox := b; ox < ow; ox++ {
				if ix := ox*s + off; ix >= 0 && ix < w {
					dst[ox] = poolMax(dst[ox], row[ix])
				}
			}
		}
	}
}

// poolTap takes tap row[ox*s + off] into dst[ox] for ox in [a, len(dst)),
// all in range.
func poolTap[T Number](dst, row []T, s, off, a int) {
	a = poolTapSIMD(dst, row, s, off, a)
	if s == 1 {
		src := row[a+off:][:len(dst)-a]
		d := dst[a:]
		for i, v := range src {
			d[i] = poolMax(d[i], v)
		}
		return
	}
	for ox := a; ox < len(dst); ox++ {
		dst[ox] = poolMax(dst[ox], row[ox*s+off])
	}
}

// poolMax is numerics.PoolMax for any Number (for integers, the maximum).
func poolMax[T Number](m, v T) T {
	if v > m || v != v {
		return v
	}
	return m
}
