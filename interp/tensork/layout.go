package tensork

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/interp"
	"github.com/tt-compiler/tt/ir"
)

func registerLayout(r *interp.Registry) {
	r.Register(tensor.BroadcastName, broadcastKernel)
	r.Register(tensor.ReshapeName, reshapeKernel)
	r.Register(tensor.TransposeName, transposeKernel)
	r.Register(tensor.SliceName, sliceKernel)
	r.Register(tensor.ConcatName, concatKernel)
	r.Register(tensor.PadName, padKernel)
}

// ---- strided copies: the engine behind the layout ops ----

// view places a shaped region in a tensor's storage: element (i0, ..., ik)
// of the region is storage element off + Σ i_d·st[d]. A stride of 0
// repeats an element (broadcasting).
type view struct {
	off int
	st  []int
}

// copyView copies a region of the given shape from src (seen through sv)
// to dst (seen through dv). The tensors must share a storage type.
func copyView(dst *interp.Tensor, dv view, src *interp.Tensor, sv view, shape []int) {
	shape, dst1, src1 := collapse(shape, dv.st, sv.st)
	dv.st, sv.st = dst1, src1
	switch dst.DType() {
	case interp.F32:
		copyT(dst.F32(), dv, src.F32(), sv, shape)
	case interp.F64:
		copyT(dst.F64(), dv, src.F64(), sv, shape)
	case interp.F16, interp.BF16:
		copyT(dst.Bits16(), dv, src.Bits16(), sv, shape)
	case interp.I1:
		copyT(dst.Bool(), dv, src.Bool(), sv, shape)
	case interp.I32:
		copyT(dst.I32(), dv, src.I32(), sv, shape)
	default:
		copyT(dst.I64(), dv, src.I64(), sv, shape)
	}
}

// collapse drops size-1 dimensions and merges neighbouring dimensions that
// are contiguous in both views, so copies run on long inner loops.
func collapse(shape, a, b []int) ([]int, []int, []int) {
	var s, x, y []int
	for i, d := range shape {
		if d == 1 {
			continue
		}
		if n := len(s); n > 0 && x[n-1] == a[i]*d && y[n-1] == b[i]*d {
			s[n-1] *= d
			x[n-1], y[n-1] = a[i], b[i]
			continue
		}
		s, x, y = append(s, d), append(x, a[i]), append(y, b[i])
	}
	return s, x, y
}

// copyT is copyView for one storage type: parallel over the outer
// dimensions, with a contiguous, broadcast or strided inner loop.
func copyT[T any](dst []T, dv view, src []T, sv view, shape []int) {
	r := len(shape)
	if r == 0 {
		dst[dv.off] = src[sv.off]
		return
	}
	n := prod(shape)
	if n == 0 {
		return
	}
	inner, di, si := shape[r-1], dv.st[r-1], sv.st[r-1]
	outer := n / inner
	interp.ParallelFor(outer, max(1, (32<<10)/inner), func(lo, hi int) {
		idx := make([]int, r-1)
		do, so := dv.off, sv.off
		rem := lo
		for d := r - 2; d >= 0; d-- {
			idx[d] = rem % shape[d]
			rem /= shape[d]
			do += idx[d] * dv.st[d]
			so += idx[d] * sv.st[d]
		}
		for o := lo; o < hi; o++ {
			switch {
			case di == 1 && si == 1:
				copy(dst[do:do+inner], src[so:so+inner])
			case si == 0:
				v := src[so]
				for j := 0; j < inner; j++ {
					dst[do+j*di] = v
				}
			default:
				for j := 0; j < inner; j++ {
					dst[do+j*di] = src[so+j*si]
				}
			}
			for d := r - 2; d >= 0; d-- {
				idx[d]++
				do += dv.st[d]
				so += sv.st[d]
				if idx[d] < shape[d] {
					break
				}
				do -= dv.st[d] * shape[d]
				so -= sv.st[d] * shape[d]
				idx[d] = 0
			}
		}
	})
}

// dense returns the view of a whole row-major tensor of the given shape.
func dense(shape []int) view { return view{st: stridesOf(shape)} }

// fill sets every element of t to the scalar s (same element type).
func fill(t *interp.Tensor, s *interp.Tensor) {
	sh := ints(t.Shape())
	copyView(t, dense(sh), s, view{st: make([]int, len(sh))}, sh)
}

// ---- broadcast ----

// broadcastKernel is StableHLO's broadcast_in_dim: operand dimension i
// becomes result dimension dims[i] and must have size 1 or the result's
// size. Dynamic result dimensions take their sizes from the `sizes`
// operands, or else from the operand dimension mapped to them.
func broadcastKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, sizes, err := splitSizes(args, 1)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	dims, err := interp.AttrInts(op, "dims")
	if err != nil {
		return nil, err
	}
	rshape, err := sizedShape(op, sizes)
	if err != nil {
		return nil, err
	}
	if len(dims) != x.Rank() {
		return nil, fmt.Errorf("attribute 'dims' has %d entries for an operand of rank %d", len(dims), x.Rank())
	}
	out := slices.Clone(rshape)
	srcOf := make([]int, len(out))
	for i := range srcOf {
		srcOf[i] = -1
	}
	for i, d := range dims {
		if d < 0 || int(d) >= len(out) || srcOf[d] >= 0 {
			return nil, fmt.Errorf("attribute 'dims' %v is not a list of distinct result dimensions", dims)
		}
		srcOf[d] = i
		if out[d] == ir.Dynamic {
			out[d] = x.Dim(i)
		}
	}
	for j, d := range out {
		if d == ir.Dynamic {
			return nil, fmt.Errorf("cannot infer the size of result dimension %d at run time", j)
		}
	}
	xs := stridesOf(ints(x.Shape()))
	st := make([]int, len(out))
	for j, i := range srcOf {
		if i < 0 {
			continue
		}
		switch x.Dim(i) {
		case 1:
		case out[j]:
			st[j] = xs[i]
		default:
			return nil, fmt.Errorf("operand dimension %d (size %d) cannot broadcast to result dimension %d (size %d)", i, x.Dim(i), j, out[j])
		}
	}
	res, err := interp.NewTensor(x.DType(), out)
	if err != nil {
		return nil, err
	}
	sh := ints(out)
	copyView(res, dense(sh), x, view{st: st}, sh)
	return ret(res)
}

// ---- reshape ----

// reshapeKernel reinterprets the elements (row-major) with the result
// type's shape; dynamic result dimensions come from the `sizes` operands,
// or else one of them is inferred from the element count.
func reshapeKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, sizes, err := splitSizes(args, 1)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	rshape, err := sizedShape(op, sizes)
	if err != nil {
		return nil, err
	}
	shape, err := inferReshape(rshape, x.Len())
	if err != nil {
		return nil, err
	}
	out, err := x.Reshape(shape)
	if err != nil {
		return nil, err
	}
	return ret(out)
}

// inferReshape fills in at most one dynamic dimension of shape so that it
// holds n elements.
func inferReshape(shape []int64, n int) ([]int64, error) {
	out := slices.Clone(shape)
	dyn, known := -1, int64(1)
	for i, d := range out {
		if d == ir.Dynamic {
			if dyn >= 0 {
				return nil, fmt.Errorf("cannot infer more than one dynamic dimension of %s", ir.ShapeString(shape))
			}
			dyn = i
			continue
		}
		known *= d
	}
	if dyn >= 0 {
		if known == 0 || int64(n)%known != 0 {
			return nil, fmt.Errorf("cannot reshape %d elements to %s", n, ir.ShapeString(shape))
		}
		out[dyn] = int64(n) / known
	}
	return out, nil
}

// ---- transpose ----

// transposeKernel permutes dimensions: result dimension i is operand
// dimension perm[i].
func transposeKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 1)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	perm, err := interp.AttrInts(op, "perm")
	if err != nil {
		return nil, err
	}
	p, err := permutation(perm, x.Rank())
	if err != nil {
		return nil, err
	}
	return ret(transpose(x, p))
}

// permutation checks that perm is a permutation of 0..rank-1 (negative
// entries count from the end).
func permutation(perm []int64, rank int) ([]int, error) {
	if len(perm) != rank {
		return nil, fmt.Errorf("attribute 'perm' has %d entries for rank %d", len(perm), rank)
	}
	seen := make([]bool, rank)
	p := make([]int, rank)
	for i, v := range perm {
		d, err := interp.NormalizeDim(v, rank)
		if err != nil || seen[d] {
			return nil, fmt.Errorf("attribute 'perm' %v is not a permutation of %d dimensions", perm, rank)
		}
		seen[d] = true
		p[i] = d
	}
	return p, nil
}

// transpose returns x with dimensions permuted by p.
func transpose(x *interp.Tensor, p []int) *interp.Tensor {
	xs := ints(x.Shape())
	xst := stridesOf(xs)
	shape := make([]int64, len(p))
	st := make([]int, len(p))
	for i, d := range p {
		shape[i] = int64(xs[d])
		st[i] = xst[d]
	}
	out := interp.MustNewTensor(x.DType(), shape)
	sh := ints(shape)
	copyView(out, dense(sh), x, view{st: st}, sh)
	return out
}

// ---- slice ----

// sliceKernel takes elements start[d], start[d]+step[d], ... below
// limit[d] in every dimension (StableHLO slice). 0 <= start <= limit <=
// size and step >= 1 are checked at run time, since dynamic sizes escape
// the verifier.
func sliceKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 1)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	r := x.Rank()
	start, err := interp.AttrInts(op, "start")
	if err != nil {
		return nil, err
	}
	limit, err := interp.AttrInts(op, "limit")
	if err != nil {
		return nil, err
	}
	step, err := interp.AttrIntsOr(op, "step", slices.Repeat([]int64{1}, r))
	if err != nil {
		return nil, err
	}
	if len(start) != r || len(limit) != r || len(step) != r {
		return nil, fmt.Errorf("attributes 'start', 'limit' and 'step' need %d entries each (got %d, %d, %d)", r, len(start), len(limit), len(step))
	}
	xs := ints(x.Shape())
	xst := stridesOf(xs)
	shape := make([]int64, r)
	v := view{st: make([]int, r)}
	for d := 0; d < r; d++ {
		if step[d] <= 0 {
			return nil, fmt.Errorf("slice step must be positive, got %d in dimension %d", step[d], d)
		}
		lo, hi := start[d], limit[d]
		if lo < 0 || lo > hi || hi > int64(xs[d]) {
			return nil, fmt.Errorf("slice [%d:%d] is out of range for dimension %d of size %d at run time", lo, hi, d, xs[d])
		}
		if hi > lo {
			shape[d] = (hi - lo + step[d] - 1) / step[d]
		}
		v.off += int(lo) * xst[d]
		v.st[d] = int(step[d]) * xst[d]
	}
	out := interp.MustNewTensor(x.DType(), shape)
	sh := ints(shape)
	copyView(out, dense(sh), x, v, sh)
	return ret(out)
}

// ---- concat ----

// concatKernel joins tensors along `dim`; the other dimensions must agree.
func concatKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	if len(args) == 0 {
		return nil, errors.New("expected at least one operand")
	}
	xs, err := interp.Tensors(args)
	if err != nil {
		return nil, err
	}
	d, err := interp.AttrInt(op, "dim")
	if err != nil {
		return nil, err
	}
	first := xs[0]
	dim, err := interp.NormalizeDim(d, first.Rank())
	if err != nil {
		return nil, err
	}
	shape := slices.Clone(first.Shape())
	shape[dim] = 0
	for i, x := range xs {
		if err := sameDType(first, x); err != nil {
			return nil, err
		}
		if x.Rank() != first.Rank() {
			return nil, fmt.Errorf("operand #%d has rank %d, not %d", i, x.Rank(), first.Rank())
		}
		for k := range shape {
			if k != dim && x.Dim(k) != first.Dim(k) {
				return nil, fmt.Errorf("operand #%d has shape %s, which differs from %s outside dimension %d", i, shapeString(x.Shape()), shapeString(first.Shape()), dim)
			}
		}
		shape[dim] += x.Dim(dim)
	}
	out, err := interp.NewTensor(first.DType(), shape)
	if err != nil {
		return nil, err
	}
	ost := stridesOf(ints(shape))
	off := 0
	for _, x := range xs {
		sh := ints(x.Shape())
		copyView(out, view{off: off * ost[dim], st: ost}, x, dense(sh), sh)
		off += sh[dim]
	}
	return ret(out)
}

// ---- pad ----

// padKernel adds low[d] elements before and high[d] after dimension d,
// filled with the scalar `value` (zero when absent; converted to the
// element type). Negative amounts, beyond the dialect's contract, remove
// elements as torch.nn.functional.pad does.
func padKernel(_ *interp.Exec, op *ir.Operation, args []interp.Value) ([]interp.Value, error) {
	ts, err := tensorArgs(args, 1)
	if err != nil {
		return nil, err
	}
	x := ts[0]
	r := x.Rank()
	low, err := interp.AttrInts(op, "low")
	if err != nil {
		return nil, err
	}
	high, err := interp.AttrInts(op, "high")
	if err != nil {
		return nil, err
	}
	if len(low) != r || len(high) != r {
		return nil, fmt.Errorf("attributes 'low' and 'high' need %d entries each (got %d and %d)", r, len(low), len(high))
	}
	value := interp.ScalarInt(x.DType(), 0)
	if op.Attr("value") != nil {
		if value, err = scalarAttr(op, "value", x.DType()); err != nil {
			return nil, err
		}
	}
	xs := ints(x.Shape())
	shape := make([]int64, r)
	for d := range shape {
		shape[d] = int64(xs[d]) + low[d] + high[d]
		if shape[d] < 0 {
			return nil, fmt.Errorf("padding %d+%d makes dimension %d (size %d) negative", low[d], high[d], d, xs[d])
		}
	}
	out, err := interp.NewTensor(x.DType(), shape)
	if err != nil {
		return nil, err
	}
	fill(out, value)
	// Copy the part of x that lands inside the result.
	os, ost, xst := ints(shape), stridesOf(ints(shape)), stridesOf(xs)
	region := make([]int, r)
	dv, sv := view{st: ost}, view{st: xst}
	for d := 0; d < r; d++ {
		src0 := max(0, -int(low[d]))
		dst0 := max(0, int(low[d]))
		region[d] = max(0, min(xs[d]-src0, os[d]-dst0))
		dv.off += dst0 * ost[d]
		sv.off += src0 * xst[d]
	}
	if prod(region) > 0 {
		copyView(out, dv, x, sv, region)
	}
	return ret(out)
}
