package linalg

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// naivePool is the definition of max_pool2d: every output's window in
// order, padded positions skipped, with the rule of numerics.PoolMax.
func naivePool(planes, h, w int, x []float32, p Pool2D) ([]float32, int, int) {
	oh := convOut(h, p.Padding[0], p.Dilation[0], p.Kernel[0], p.Stride[0])
	ow := convOut(w, p.Padding[1], p.Dilation[1], p.Kernel[1], p.Stride[1])
	out := make([]float32, planes*oh*ow)
	for pl := 0; pl < planes; pl++ {
		for oy := 0; oy < oh; oy++ {
			for ox := 0; ox < ow; ox++ {
				m := float32(math.Inf(-1))
				for i := 0; i < p.Kernel[0]; i++ {
					for j := 0; j < p.Kernel[1]; j++ {
						iy := oy*p.Stride[0] - p.Padding[0] + i*p.Dilation[0]
						ix := ox*p.Stride[1] - p.Padding[1] + j*p.Dilation[1]
						if iy < 0 || iy >= h || ix < 0 || ix >= w {
							continue
						}
						if v := x[(pl*h+iy)*w+ix]; v > m || v != v {
							m = v
						}
					}
				}
				out[(pl*oh+oy)*ow+ox] = m
			}
		}
	}
	return out, oh, ow
}

// MaxPool2D gives the definition's bits (NaNs propagate, the first of +0
// and -0 stays) for every kernel of the build, over strides 1, 2 and 3
// (the vectorized sweeps and the scalar one), padding, dilation and widths
// that leave partial vectors.
func TestMaxPool2D(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	cases := []struct {
		planes, h, w int
		p            Pool2D
	}{
		{3, 32, 32, Pool2D{[2]int{2, 2}, [2]int{2, 2}, [2]int{0, 0}, [2]int{1, 1}}},
		{2, 13, 71, Pool2D{[2]int{3, 3}, [2]int{1, 1}, [2]int{1, 1}, [2]int{1, 1}}},
		{2, 17, 67, Pool2D{[2]int{3, 2}, [2]int{2, 2}, [2]int{1, 1}, [2]int{1, 1}}},
		{1, 20, 90, Pool2D{[2]int{2, 3}, [2]int{3, 3}, [2]int{0, 1}, [2]int{2, 2}}},
		{4, 9, 9, Pool2D{[2]int{5, 5}, [2]int{1, 2}, [2]int{2, 2}, [2]int{1, 1}}},
		{1, 1, 1, Pool2D{[2]int{1, 1}, [2]int{1, 1}, [2]int{0, 0}, [2]int{1, 1}}},
	}
	for _, tc := range cases {
		x := randF32(r, tc.planes*tc.h*tc.w)
		for i := range x {
			switch r.IntN(20) {
			case 0:
				x[i] = float32(math.NaN())
			case 1:
				x[i] = float32(math.Copysign(0, -1))
			case 2:
				x[i] = 0
			}
		}
		want, oh, ow := naivePool(tc.planes, tc.h, tc.w, x, tc.p)
		for _, level := range kernelLevels() {
			out := randF32(r, len(want))
			withLevel(level, func() {
				if err := MaxPool2D(goroutines, tc.planes, tc.h, tc.w, x, oh, ow, out, tc.p); err != nil {
					t.Fatal(err)
				}
			})
			for i := range want {
				if math.Float32bits(out[i]) != math.Float32bits(want[i]) && !(out[i] != out[i] && want[i] != want[i]) {
					t.Fatalf("%+v level %d: out[%d] = %g (%#x), want %g (%#x)", tc, level, i, out[i], math.Float32bits(out[i]), want[i], math.Float32bits(want[i]))
				}
			}
		}
	}
}

// Integers and f64 take the scalar sweep.
func TestMaxPool2DIntsAndF64(t *testing.T) {
	p := Pool2D{[2]int{2, 2}, [2]int{2, 2}, [2]int{1, 1}, [2]int{1, 1}}
	x := []int64{math.MinInt64, -5, 3, 7, 1, 2, -8, 0, 9}
	out := make([]int64, 4)
	if err := MaxPool2D(Serial, 1, 3, 3, x, 2, 2, out, p); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(out) != fmt.Sprint([]int64{math.MinInt64, 3, 7, 9}) {
		t.Fatalf("int64 pool = %v", out)
	}
	xf := []float64{1, math.NaN(), 2, 3}
	of := make([]float64, 1)
	if err := MaxPool2D(Serial, 1, 2, 2, xf, 1, 1, of, Pool2D{[2]int{2, 2}, [2]int{2, 2}, [2]int{0, 0}, [2]int{1, 1}}); err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(of[0]) {
		t.Fatalf("a NaN in the window gives %g", of[0])
	}
}

func TestMaxPool2DRejectsBadGeometry(t *testing.T) {
	x, out := make([]float32, 16), make([]float32, 4)
	p := Pool2D{[2]int{2, 2}, [2]int{2, 2}, [2]int{0, 0}, [2]int{1, 1}}
	if err := MaxPool2D(Serial, 1, 4, 4, x, 3, 2, out, p); err == nil {
		t.Fatal("a 3x2 output of a 4x4 input with a 2x2 window and stride 2 was accepted")
	}
	p.Padding = [2]int{2, 0}
	if err := MaxPool2D(Serial, 1, 4, 4, x, 2, 2, out, p); err == nil {
		t.Fatal("padding above half the kernel was accepted")
	}
}

// BenchmarkMaxPool2D is the 2x2, stride-2 pooling of a CNN's feature maps.
func BenchmarkMaxPool2D(b *testing.B) {
	const planes, h, w = 8 * 32, 64, 64
	r := rand.New(rand.NewPCG(1, 1))
	x, out := randF32(r, planes*h*w), make([]float32, planes*h*w/4)
	p := Pool2D{[2]int{2, 2}, [2]int{2, 2}, [2]int{0, 0}, [2]int{1, 1}}
	b.SetBytes(int64(4 * (len(x) + len(out))))
	for i := 0; i < b.N; i++ {
		if err := MaxPool2D(goroutines, planes, h, w, x, h/2, w/2, out, p); err != nil {
			b.Fatal(err)
		}
	}
}
