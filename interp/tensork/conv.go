package tensork

import (
	"errors"
	"fmt"

	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics/linalg"
)

// pair reads a 2-element (h, w) attribute, or def when absent.
func pair(op *ir.Operation, name string, def [2]int) ([2]int, error) {
	v, err := interp.AttrIntsOr(op, name, []int64{int64(def[0]), int64(def[1])})
	if err != nil {
		return def, err
	}
	if len(v) != 2 {
		return def, fmt.Errorf("attribute '%s' must have 2 entries (h, w), got %v", name, v)
	}
	return [2]int{int(v[0]), int(v[1])}, nil
}

// outSize is the floor-mode output size of a window sweep.
func outSize(in, pad, dil, k, stride int) int {
	return (in+2*pad-dil*(k-1)-1)/stride + 1
}

// convGeom is the geometry of a conv2d.
type convGeom struct {
	n, c, h, w       int // input
	o, cg, kh, kw    int // weight: O, C/groups, KH, KW
	groups, og       int
	oh, ow           int
	stride, pad, dil [2]int
}

// conv2dKernel is torch.nn.functional.conv2d without bias: x [N, C, H, W],
// w [O, C/groups, KH, KW] → [N, O, OH, OW], with stride, padding (zeros),
// dilation and groups. It runs as im2col followed by the blocked GEMM
// (package linalg).
func conv2dKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 2)
	if err != nil {
		return nil, err
	}
	x, w := ts[0], ts[1]
	if err := sameDType(x, w); err != nil {
		return nil, err
	}
	if err := requireFloat(x); err != nil {
		return nil, err
	}
	g, err := convGeometry(op, x, w)
	if err != nil {
		return nil, err
	}
	out, err := interp.NewTensor(x.DType(), []int64{int64(g.n), int64(g.o), int64(g.oh), int64(g.ow)})
	if err != nil {
		return nil, err
	}
	if x.DType() == interp.F32 {
		err = conv2d(g, x.F32(), w.F32(), out.F32())
	} else {
		err = conv2d(g, x.F64(), w.F64(), out.F64())
	}
	if err != nil {
		return nil, err
	}
	return ret(out)
}

// convGeometry reads the attributes and checks the shapes of a conv2d.
func convGeometry(op *ir.Operation, x, w *interp.Tensor) (*convGeom, error) {
	if x.Rank() != 4 || w.Rank() != 4 {
		return nil, fmt.Errorf("expected a 4-D input (NCHW) and a 4-D weight (OIHW), got %s and %s", x.TypeString(), w.TypeString())
	}
	g := &convGeom{}
	g.n, g.c, g.h, g.w = int(x.Dim(0)), int(x.Dim(1)), int(x.Dim(2)), int(x.Dim(3))
	g.o, g.cg, g.kh, g.kw = int(w.Dim(0)), int(w.Dim(1)), int(w.Dim(2)), int(w.Dim(3))
	var err error
	if g.stride, err = pair(op, "stride", [2]int{1, 1}); err != nil {
		return nil, err
	}
	if g.pad, err = pair(op, "padding", [2]int{0, 0}); err != nil {
		return nil, err
	}
	if g.dil, err = pair(op, "dilation", [2]int{1, 1}); err != nil {
		return nil, err
	}
	groups, err := interp.AttrIntOr(op, "groups", 1)
	if err != nil {
		return nil, err
	}
	g.groups = int(groups)
	for i := 0; i < 2; i++ {
		if g.stride[i] < 1 || g.dil[i] < 1 || g.pad[i] < 0 {
			return nil, fmt.Errorf("stride and dilation must be positive and padding non-negative (stride %v, padding %v, dilation %v)", g.stride, g.pad, g.dil)
		}
	}
	switch {
	case g.groups < 1:
		return nil, fmt.Errorf("groups must be positive, got %d", g.groups)
	case g.o%g.groups != 0:
		return nil, fmt.Errorf("%d output channels are not divisible by %d groups", g.o, g.groups)
	case g.cg*g.groups != g.c:
		return nil, fmt.Errorf("input has %d channels but the weight expects %d (%d per group × %d groups)", g.c, g.cg*g.groups, g.cg, g.groups)
	}
	g.og = g.o / g.groups
	g.oh = outSize(g.h, g.pad[0], g.dil[0], g.kh, g.stride[0])
	g.ow = outSize(g.w, g.pad[1], g.dil[1], g.kw, g.stride[1])
	if g.oh < 1 || g.ow < 1 {
		return nil, fmt.Errorf("input of size %dx%d (padded by %v) is smaller than the dilated kernel %dx%d", g.h, g.w, g.pad, g.dil[0]*(g.kh-1)+1, g.dil[1]*(g.kw-1)+1)
	}
	return g, nil
}

// conv2d computes out = conv2d(x, w) with linalg.Conv2D, the kernel of
// the generated code's tt.conv2d too.
func conv2d[T float32 | float64](g *convGeom, x, w, out []T) error {
	return linalg.Conv2D(parallelFor, x, [4]int{g.n, g.c, g.h, g.w}, w, [4]int{g.o, g.cg, g.kh, g.kw},
		out, [4]int{g.n, g.o, g.oh, g.ow}, g.stride, g.pad, g.dil, g.groups)
}

// maxPool2dKernel is torch.nn.functional.max_pool2d on [N, C, H, W] (or
// [C, H, W]) with kernel, stride (default: kernel), padding (default 0,
// at most half the kernel, padded positions act as -Inf) and dilation
// (default 1), in floor mode. NaN in a window propagates.
func maxPool2dKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 1)
	if err != nil {
		return nil, err
	}
	out, err := maxPool2d(op, ts[0])
	if err != nil {
		return nil, err
	}
	return ret(out)
}

// MaxPool2D returns max_pool2d(x) of an NCHW (or CHW) tensor with the
// kernel, stride, padding and dilation attributes of op (an op carrying
// them, such as loops.call_extern "tt.max_pool2d"), computed exactly as
// tensor.max_pool2d is (f16 and bf16 in f32, rounded back exactly).
func MaxPool2D(op *ir.Operation, x *interp.Tensor) (*interp.Tensor, error) {
	dt := x.DType()
	out, err := maxPool2d(op, widen(x))
	if err != nil {
		return nil, err
	}
	if dt.IsHalf() && out.DType() == interp.F32 {
		out = narrow(out, dt)
	}
	return out, nil
}

// maxPool2d computes the window maxima with linalg.MaxPool2D, the kernel
// of the generated code's tt.max_pool2d too.
func maxPool2d(op *ir.Operation, x *interp.Tensor) (*interp.Tensor, error) {
	if x.Rank() != 4 && x.Rank() != 3 {
		return nil, fmt.Errorf("expected a 4-D (NCHW) or 3-D (CHW) input, got %s", x.TypeString())
	}
	kernel, err := pair(op, "kernel", [2]int{0, 0})
	if err != nil {
		return nil, err
	}
	if op.Attr("kernel") == nil {
		return nil, errors.New("missing attribute 'kernel'")
	}
	stride, err := pair(op, "stride", kernel)
	if err != nil {
		return nil, err
	}
	pad, err := pair(op, "padding", [2]int{0, 0})
	if err != nil {
		return nil, err
	}
	dil, err := pair(op, "dilation", [2]int{1, 1})
	if err != nil {
		return nil, err
	}
	for i := 0; i < 2; i++ {
		if kernel[i] < 1 || stride[i] < 1 || dil[i] < 1 || pad[i] < 0 {
			return nil, fmt.Errorf("kernel, stride and dilation must be positive and padding non-negative (kernel %v, stride %v, padding %v, dilation %v)", kernel, stride, pad, dil)
		}
		if pad[i] > kernel[i]/2 {
			return nil, fmt.Errorf("padding %v must be at most half of the kernel %v", pad, kernel)
		}
	}
	r := x.Rank()
	h, w := int(x.Dim(r-2)), int(x.Dim(r-1))
	oh, ow := outSize(h, pad[0], dil[0], kernel[0], stride[0]), outSize(w, pad[1], dil[1], kernel[1], stride[1])
	if oh < 1 || ow < 1 {
		return nil, fmt.Errorf("input of size %dx%d is too small for the kernel %v", h, w, kernel)
	}
	shape := append([]int64{}, x.Shape()[:r-2]...)
	shape = append(shape, int64(oh), int64(ow))
	out, err := interp.NewTensor(x.DType(), shape)
	if err != nil {
		return nil, err
	}
	p := linalg.Pool2D{Kernel: kernel, Stride: stride, Padding: pad, Dilation: dil}
	planes := prod(ints(x.Shape()[:r-2]))
	switch x.DType() {
	case interp.F32:
		err = linalg.MaxPool2D(parallelFor, planes, h, w, x.F32(), oh, ow, out.F32(), p)
	case interp.F64:
		err = linalg.MaxPool2D(parallelFor, planes, h, w, x.F64(), oh, ow, out.F64(), p)
	case interp.I32:
		err = linalg.MaxPool2D(parallelFor, planes, h, w, x.I32(), oh, ow, out.I32(), p)
	case interp.I64:
		err = linalg.MaxPool2D(parallelFor, planes, h, w, x.I64(), oh, ow, out.I64(), p)
	default:
		return nil, fmt.Errorf("unsupported element type %s", x.DType())
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}
