package tensork

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

func registerIndex(r *interp.Registry) {
	r.Register(tensor.GatherName, gatherKernel)
	r.Register(tensor.ScatterAddName, halfAware(scatterAddKernel))
}

// indices reads a rank-0 or 1-D i64 (or i32) index tensor and checks every
// index against size; like index_select, negative indices are errors.
func indices(idx *interp.Tensor, size int) ([]int, error) {
	if idx.Rank() > 1 {
		return nil, fmt.Errorf("index must be a 1-D tensor, got %s", idx.TypeString())
	}
	out := make([]int, idx.Len())
	for i := range out {
		var v int64
		switch idx.DType() {
		case interp.I64, interp.Index:
			v = idx.I64()[i]
		case interp.I32:
			v = int64(idx.I32()[i])
		default:
			return nil, fmt.Errorf("index must be an i64 or i32 tensor, got %s", idx.TypeString())
		}
		if v < 0 || v >= int64(size) {
			return nil, fmt.Errorf("index %d is out of range for dimension size %d (at position %d)", v, size, i)
		}
		out[i] = int(v)
	}
	return out, nil
}

// splitAt views shape as [outer, shape[dim], inner].
func splitAt(shape []int64, dim int) (outer, size, inner int) {
	s := ints(shape)
	return prod(s[:dim]), s[dim], prod(s[dim+1:])
}

// gatherKernel is torch.index_select(x, dim, idx).
func gatherKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 2)
	if err != nil {
		return nil, err
	}
	x, idxT := ts[0], ts[1]
	d, err := interp.AttrInt(op, "dim")
	if err != nil {
		return nil, err
	}
	rank := max(x.Rank(), 1) // index_select treats a scalar as 1-D
	dim, err := interp.NormalizeDim(d, rank)
	if err != nil {
		return nil, err
	}
	xshape := x.Shape()
	if x.Rank() == 0 {
		xshape = []int64{1}
	}
	outer, size, inner := splitAt(xshape, dim)
	idx, err := indices(idxT, size)
	if err != nil {
		return nil, err
	}
	shape := slices.Clone(xshape)
	shape[dim] = int64(len(idx))
	if x.Rank() == 0 {
		shape = nil
		if idxT.Rank() == 1 {
			shape = []int64{int64(len(idx))}
		}
	}
	out, err := interp.NewTensor(x.DType(), shape)
	if err != nil {
		return nil, err
	}
	switch x.DType() {
	case interp.F32:
		gatherT(out.F32(), x.F32(), outer, size, inner, idx)
	case interp.F64:
		gatherT(out.F64(), x.F64(), outer, size, inner, idx)
	case interp.F16, interp.BF16:
		gatherT(out.Bits16(), x.Bits16(), outer, size, inner, idx)
	case interp.I1:
		gatherT(out.Bool(), x.Bool(), outer, size, inner, idx)
	case interp.I32:
		gatherT(out.I32(), x.I32(), outer, size, inner, idx)
	default:
		gatherT(out.I64(), x.I64(), outer, size, inner, idx)
	}
	return ret(out)
}

// gatherT copies rows: dst[o, j, :] = src[o, idx[j], :].
func gatherT[T any](dst, src []T, outer, size, inner int, idx []int) {
	n := len(idx)
	interp.ParallelFor(outer*n, max(1, (32<<10)/max(inner, 1)), func(lo, hi int) {
		for t := lo; t < hi; t++ {
			o, j := t/n, t%n
			s := (o*size + idx[j]) * inner
			copy(dst[t*inner:(t+1)*inner], src[s:s+inner])
		}
	})
}

// scatterAddKernel is torch.index_add(base, dim, idx, src): a copy of base
// where src's slice j along dim is added to slice idx[j]; repeated indices
// accumulate in order of j.
func scatterAddKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 3)
	if err != nil {
		return nil, err
	}
	base, idxT, src := ts[0], ts[1], ts[2]
	if err := sameDType(base, src); err != nil {
		return nil, err
	}
	d, err := interp.AttrInt(op, "dim")
	if err != nil {
		return nil, err
	}
	if base.Rank() == 0 || src.Rank() != base.Rank() {
		return nil, fmt.Errorf("base %s and source %s must have the same positive rank", base.TypeString(), src.TypeString())
	}
	dim, err := interp.NormalizeDim(d, base.Rank())
	if err != nil {
		return nil, err
	}
	outer, size, inner := splitAt(base.Shape(), dim)
	idx, err := indices(idxT, size)
	if err != nil {
		return nil, err
	}
	want := slices.Clone(base.Shape())
	want[dim] = int64(len(idx))
	if !slices.Equal(src.Shape(), want) {
		return nil, fmt.Errorf("source shape %s must be %s (the base's with dimension %d of the index's length)", shapeString(src.Shape()), shapeString(want), dim)
	}
	out := base.Clone()
	switch base.DType() {
	case interp.F32:
		scatterAdd(out.F32(), src.F32(), outer, size, inner, idx, func(a, b float32) float32 { return a + b })
	case interp.F64:
		scatterAdd(out.F64(), src.F64(), outer, size, inner, idx, func(a, b float64) float64 { return a + b })
	case interp.I32:
		scatterAdd(out.I32(), src.I32(), outer, size, inner, idx, func(a, b int32) int32 { return a + b })
	case interp.I64, interp.Index:
		scatterAdd(out.I64(), src.I64(), outer, size, inner, idx, func(a, b int64) int64 { return a + b })
	case interp.I1:
		scatterAdd(out.Bool(), src.Bool(), outer, size, inner, idx, func(a, b bool) bool { return a || b })
	default:
		return nil, errors.New("unsupported element type " + base.DType().String())
	}
	return ret(out)
}

// scatterAdd does dst[o, idx[j], i] += src[o, j, i], in parallel over
// (o, chunk of i) so that each element is updated by one goroutine, in
// order of j.
func scatterAdd[T any](dst, src []T, outer, size, inner int, idx []int, add func(T, T) T) {
	const chunk = 4096
	chunks := (inner + chunk - 1) / chunk
	n := len(idx)
	interp.ParallelFor(outer*chunks, max(1, (32<<10)/max(1, n*min(inner, chunk))), func(lo, hi int) {
		for t := lo; t < hi; t++ {
			o, c := t/chunks, t%chunks
			i0, i1 := c*chunk, min(inner, (c+1)*chunk)
			for j, k := range idx {
				d := dst[(o*size+k)*inner : (o*size+k+1)*inner]
				s := src[(o*n+j)*inner : (o*n+j+1)*inner]
				for i := i0; i < i1; i++ {
					d[i] = add(d[i], s[i])
				}
			}
		}
	})
}
