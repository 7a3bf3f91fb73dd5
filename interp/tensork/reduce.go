package tensork

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/numerics"
)

// redOp is a reduction.
type redOp uint8

const (
	redSum redOp = iota
	redMax
	redMin
	redMean
)

var redNames = [...]string{redSum: "sum", redMax: "max", redMin: "min", redMean: "mean"}

func registerReduce(r *interp.Registry) {
	r.Register(tensor.ReduceSumName, halfAware(reduceKernel(redSum)))
	r.Register(tensor.ReduceMaxName, halfAware(reduceKernel(redMax)))
	r.Register(tensor.ReduceMinName, halfAware(reduceKernel(redMin)))
	r.Register(tensor.ReduceMeanName, halfAware(reduceKernel(redMean)))
	r.Register(tensor.ArgMaxName, halfAware(argmaxKernel))
}

// rowBlock is the fixed length of the pieces a long reduced row is split
// into for parallelism; partial results combine in piece order, so results
// do not depend on the number of workers.
const rowBlock = 1 << 16

// reduction describes x viewed as [outer, R, inner] with the middle
// dimension reduced, and the shape of the result.
type reduction struct {
	src                *interp.Tensor
	outer, size, inner int
	shape              []int64
}

// planReduction normalizes the reduced dims and views x as [outer, R,
// inner]. When the reduced dims are not adjacent, x is first transposed so
// that they come last. An absent dims attribute reduces every dimension,
// as torch.sum(x) does; an empty list reduces none.
func planReduction(op *ir.Operation, x *interp.Tensor, dimsAttr string) (*reduction, error) {
	all := make([]int64, x.Rank())
	for i := range all {
		all[i] = int64(i)
	}
	dims, err := interp.AttrIntsOr(op, dimsAttr, all)
	if err != nil {
		return nil, err
	}
	keep, err := interp.AttrBool(op, "keepdim", false)
	if err != nil {
		return nil, err
	}
	red := make([]bool, x.Rank())
	for _, d := range dims {
		n, err := interp.NormalizeDim(d, x.Rank())
		if err != nil {
			return nil, err
		}
		if red[n] {
			return nil, fmt.Errorf("dimension %d appears twice in '%s'", n, dimsAttr)
		}
		red[n] = true
	}
	p := &reduction{src: x}
	var kept, reduced []int
	for d, r := range red {
		if r {
			reduced = append(reduced, d)
			if keep {
				p.shape = append(p.shape, 1)
			}
		} else {
			kept = append(kept, d)
			p.shape = append(p.shape, x.Dim(d))
		}
	}
	xs := ints(x.Shape())
	if len(reduced) == 0 || reduced[len(reduced)-1]-reduced[0] == len(reduced)-1 {
		lo, hi := len(xs), len(xs)
		if len(reduced) > 0 {
			lo, hi = reduced[0], reduced[len(reduced)-1]+1
		}
		p.outer, p.size, p.inner = prod(xs[:lo]), prod(xs[lo:hi]), prod(xs[hi:])
		return p, nil
	}
	p.src = transpose(x, append(slices.Clone(kept), reduced...))
	p.outer, p.size, p.inner = 1, 1, 1
	for _, d := range kept {
		p.outer *= xs[d]
	}
	for _, d := range reduced {
		p.size *= xs[d]
	}
	return p, nil
}

// reduceKernel builds the kernel of reduce_sum/max/min/mean (attributes
// dims and keepdim). Float sums accumulate in float64. max and min
// propagate NaN, as torch.amax/amin, and reject empty reductions; the mean
// of nothing is NaN. Integer sums wrap to the result's integer type (which
// may be wider than the operand's, as torch.sum's int64); i1 sums count,
// max is any and min is all.
func reduceKernel(kind redOp) interp.Kernel {
	return func(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
		ts, err := tensorArgs(args, 1)
		if err != nil {
			return nil, err
		}
		x := ts[0]
		p, err := planReduction(op, x, "dims")
		if err != nil {
			return nil, err
		}
		if p.size == 0 && (kind == redMax || kind == redMin) && p.outer*p.inner > 0 {
			return nil, fmt.Errorf("cannot take the %s of an empty reduction (a reduced dimension has size 0)", redNames[kind])
		}
		odt := x.DType()
		if rdt, err := interp.ResultDType(op, 0); err == nil && x.DType().IsInt() && rdt.IsInt() {
			odt = rdt
		}
		out, err := interp.NewTensor(odt, p.shape)
		if err != nil {
			return nil, err
		}
		if err := reduceInto(kind, p, out); err != nil {
			return nil, err
		}
		return ret(out)
	}
}

// reduceInto dispatches on the element types.
func reduceInto(kind redOp, p *reduction, out *interp.Tensor) error {
	x := p.src
	switch x.DType() {
	case interp.F32:
		reduceFloat(kind, x.F32(), p, out.F32())
		return nil
	case interp.F64:
		reduceFloat(kind, x.F64(), p, out.F64())
		return nil
	}
	if kind == redMean {
		return errors.New("reduce_mean needs a floating-point tensor (as torch.mean)")
	}
	var src []int64
	switch x.DType() {
	case interp.I1:
		src = make([]int64, x.Len())
		for i, b := range x.Bool() {
			if b {
				src[i] = 1
			}
		}
	case interp.I32:
		src = make([]int64, x.Len())
		for i, v := range x.I32() {
			src[i] = int64(v)
		}
	case interp.I64, interp.Index:
		src = x.I64()
	default:
		return fmt.Errorf("unsupported element type %s", x.DType())
	}
	acc := make([]int64, out.Len())
	reduceInt(kind, src, p, acc)
	for i, v := range acc {
		out.SetInt(i, v)
	}
	return nil
}

// reduceFloat reduces [outer, R, inner] float data.
func reduceFloat[T floatT](kind redOp, src []T, p *reduction, out []T) {
	if p.inner == 1 {
		reduceRows(kind, src, p.outer, p.size, out)
		return
	}
	reduceCols(kind, src, p.outer, p.size, p.inner, out)
}

// reduceRows reduces contiguous rows of length n, splitting long rows into
// rowBlock pieces whose partials combine in order.
func reduceRows[T floatT](kind redOp, src []T, rows, n int, out []T) {
	nb := max(1, (n+rowBlock-1)/rowBlock)
	part := make([]float64, rows*nb)
	interp.ParallelFor(rows*nb, max(1, (32<<10)/max(1, min(n, rowBlock))), func(lo, hi int) {
		for t := lo; t < hi; t++ {
			r, b := t/nb, t%nb
			seg := src[r*n+min(n, b*rowBlock) : r*n+min(n, (b+1)*rowBlock)]
			switch kind {
			case redSum, redMean:
				part[t] = sumF64(seg)
			case redMax:
				part[t] = float64(maxOf(seg))
			case redMin:
				part[t] = float64(minOf(seg))
			}
		}
	})
	for r := range out[:rows] {
		ps := part[r*nb : (r+1)*nb]
		var v float64
		switch kind {
		case redSum:
			v = sumPlain(ps)
		case redMean:
			v = sumPlain(ps) / float64(n)
		case redMax:
			v = maxOf(ps)
		case redMin:
			v = minOf(ps)
		}
		out[r] = T(v)
	}
}

// reduceCols reduces [outer, R, inner] with inner > 1, accumulating whole
// rows of inner elements; work is split over (outer, inner chunk).
func reduceCols[T floatT](kind redOp, src []T, outer, n, inner int, out []T) {
	const chunk = 1024
	chunks := (inner + chunk - 1) / chunk
	interp.ParallelFor(outer*chunks, max(1, (32<<10)/max(1, n*min(inner, chunk))), func(lo, hi int) {
		acc := make([]float64, chunk)
		for t := lo; t < hi; t++ {
			o, c := t/chunks, t%chunks
			i0, i1 := c*chunk, min(inner, (c+1)*chunk)
			a := acc[:i1-i0]
			switch kind {
			case redSum, redMean:
				clear(a)
			case redMax:
				fillF(a, math.Inf(-1))
			case redMin:
				fillF(a, math.Inf(1))
			}
			for r := 0; r < n; r++ {
				row := src[(o*n+r)*inner+i0 : (o*n+r)*inner+i1]
				switch kind {
				case redSum, redMean:
					for i, v := range row {
						a[i] += float64(v)
					}
				case redMax:
					for i, v := range row {
						a[i] = numerics.Maximum(a[i], float64(v))
					}
				case redMin:
					for i, v := range row {
						a[i] = numerics.Minimum(a[i], float64(v))
					}
				}
			}
			dst := out[o*inner+i0 : o*inner+i1]
			for i, v := range a {
				if kind == redMean {
					v /= float64(n)
				}
				dst[i] = T(v)
			}
		}
	})
}

// reduceInt reduces [outer, R, inner] integer data (as int64) with
// wrapping sums.
func reduceInt(kind redOp, src []int64, p *reduction, out []int64) {
	n, inner := p.size, p.inner
	interp.ParallelFor(p.outer*inner, max(1, (32<<10)/max(1, n)), func(lo, hi int) {
		for t := lo; t < hi; t++ {
			o, i := t/inner, t%inner
			base := o*n*inner + i
			var acc int64
			switch kind {
			case redMax:
				acc = math.MinInt64
			case redMin:
				acc = math.MaxInt64
			}
			for r := 0; r < n; r++ {
				v := src[base+r*inner]
				switch kind {
				case redSum:
					acc += v
				case redMax:
					acc = max(acc, v)
				case redMin:
					acc = min(acc, v)
				}
			}
			out[t] = acc
		}
	})
}

func fillF(a []float64, v float64) {
	for i := range a {
		a[i] = v
	}
}

// sumF64 sums in float64 with four interleaved accumulators (a fixed
// order, so the result is deterministic).
func sumF64[T floatT](x []T) float64 {
	var s0, s1, s2, s3 float64
	i := 0
	for ; i+4 <= len(x); i += 4 {
		s0 += float64(x[i])
		s1 += float64(x[i+1])
		s2 += float64(x[i+2])
		s3 += float64(x[i+3])
	}
	for ; i < len(x); i++ {
		s0 += float64(x[i])
	}
	return (s0 + s1) + (s2 + s3)
}

func sumPlain(x []float64) float64 {
	s := 0.0
	for _, v := range x {
		s += v
	}
	return s
}

// maxOf is the NaN-propagating maximum (-Inf for no elements).
func maxOf[T floatT](x []T) T {
	m := T(math.Inf(-1))
	for _, v := range x {
		if v > m || v != v {
			m = v
			if v != v {
				return v
			}
		}
	}
	return m
}

// minOf is the NaN-propagating minimum (+Inf for no elements).
func minOf[T floatT](x []T) T {
	m := T(math.Inf(1))
	for _, v := range x {
		if v < m || v != v {
			m = v
			if v != v {
				return v
			}
		}
	}
	return m
}

// ---- argmax ----

// argmaxKernel is torch.argmax(x, dim, keepdim): the index of the first
// maximum along dim, where NaN counts as larger than everything (so the
// first NaN wins), with an i64 result (or the result type's integer type).
// Without a dim attribute the tensor is flattened.
func argmaxKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 1)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	var p *reduction
	if op.Attr("dim") == nil {
		p, err = planReduction(op, x, "dim")
	} else {
		d, err2 := interp.AttrInt(op, "dim")
		if err2 != nil {
			return nil, err2
		}
		if x.Rank() == 0 && (d == 0 || d == -1) {
			p, err = planReduction(op, x, "")
		} else {
			n, err2 := interp.NormalizeDim(d, x.Rank())
			if err2 != nil {
				return nil, err2
			}
			keep, err2 := interp.AttrBool(op, "keepdim", false)
			if err2 != nil {
				return nil, err2
			}
			p = &reduction{src: x}
			xs := ints(x.Shape())
			p.outer, p.size, p.inner = prod(xs[:n]), xs[n], prod(xs[n+1:])
			p.shape = slices.Clone(x.Shape())
			if keep {
				p.shape[n] = 1
			} else {
				p.shape = slices.Delete(p.shape, n, n+1)
			}
		}
	}
	if err != nil {
		return nil, err
	}
	if p.size == 0 {
		return nil, errors.New("cannot take the argmax of an empty dimension")
	}
	odt, err := interp.ResultDType(op, 0)
	if err != nil || !odt.IsInt() || odt == interp.I1 {
		odt = interp.I64
	}
	idx := make([]int64, p.outer*p.inner)
	switch x.DType() {
	case interp.F32:
		argmaxT(p.src.F32(), p, idx, func(v, m float32) bool { return v > m || (v != v && m == m) })
	case interp.F64:
		argmaxT(p.src.F64(), p, idx, func(v, m float64) bool { return v > m || (v != v && m == m) })
	case interp.I32:
		argmaxT(p.src.I32(), p, idx, func(v, m int32) bool { return v > m })
	case interp.I64, interp.Index:
		argmaxT(p.src.I64(), p, idx, func(v, m int64) bool { return v > m })
	case interp.I1:
		argmaxT(p.src.Bool(), p, idx, func(v, m bool) bool { return v && !m })
	default:
		return nil, fmt.Errorf("unsupported element type %s", x.DType())
	}
	out, err := interp.FromInts(odt, p.shape, idx)
	if err != nil {
		return nil, err
	}
	return ret(out)
}

// argmaxT finds, for each (outer, inner), the first r whose value beats
// every earlier one under better.
func argmaxT[T any](src []T, p *reduction, idx []int64, better func(v, m T) bool) {
	n, inner := p.size, p.inner
	interp.ParallelFor(p.outer*inner, max(1, (32<<10)/n), func(lo, hi int) {
		for t := lo; t < hi; t++ {
			o, i := t/inner, t%inner
			base := o*n*inner + i
			best, m := 0, src[base]
			for r := 1; r < n; r++ {
				if v := src[base+r*inner]; better(v, m) {
					best, m = r, v
				}
			}
			idx[t] = int64(best)
		}
	})
}
