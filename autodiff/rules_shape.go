package autodiff

import (
	"slices"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

func init() {
	for name, r := range map[string]Rule{
		tensor.SelectName: vjpSelect, tensor.CastName: vjpCast, tensor.BroadcastName: vjpBroadcast,
		tensor.ReshapeName: vjpReshape, tensor.TransposeName: vjpTranspose, tensor.SliceName: vjpSlice,
		tensor.PadName: vjpPad, tensor.ConcatName: vjpConcat, tensor.GatherName: vjpGather,
		tensor.ScatterAddName: vjpScatterAdd,
	} {
		Rules[name] = r
	}
}

// vjpSelect routes the gradient to the chosen branch; the condition gets none.
func vjpSelect(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	c := op.Operand(0)
	zero := fullLike(b, g, 0)
	return []ir.Value{nil, tensor.Select(b, c, g, zero), tensor.Select(b, c, zero, g)}, nil
}

// vjpCast casts the gradient back to the operand's element type; casts from
// or to integers carry no gradient.
func vjpCast(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	if !isFloatTensor(x) {
		return []ir.Value{nil}, nil
	}
	return one(tensor.Cast(b, g, elemOf(x))), nil
}

// vjpBroadcast sums the gradient over the dimensions the broadcast added
// and over the size-1 operand dimensions it expanded.
func vjpBroadcast(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	dims, _ := tensor.Ints(op, "dims")
	var added []int64
	for i := 0; i < rankOf(g); i++ {
		if !slices.Contains(dims, int64(i)) {
			added = append(added, int64(i))
		}
	}
	gx := g
	if len(added) > 0 {
		gx = tensor.ReduceSum(b, g, added, false)
	}
	// gx now has one dimension per operand dimension, in operand order
	// (broadcast dims are increasing), sized like the result.
	var expanded []int64
	xs, gs := shapeOf(x), shapeOf(gx)
	for i := range xs {
		if xs[i] == 1 && gs[i] != 1 {
			expanded = append(expanded, int64(i))
		}
	}
	if len(expanded) > 0 {
		gx = sumKeep(b, gx, expanded)
	}
	for i := range xs {
		if xs[i] == ir.Dynamic && shapeOf(gx)[i] != 1 && !sameRuntimeSize(op, int(dims[i]), x, i) {
			gx = sumIfBroadcast(b, gx, x, i)
		}
	}
	if gx.Type() != x.Type() {
		gx = tensor.Reshape(b, gx, xs, dynSizes(b, x)...)
	}
	return one(gx), nil
}

// sameRuntimeSize reports whether the broadcast op's result dimension rd
// is known to have x's dimension i's size: its size operand is
// tensor.dim of x at i (how front ends and tt's own rules write a
// broadcast that keeps a dynamic size).
func sameRuntimeSize(op *ir.Operation, rd int, x ir.Value, i int) bool {
	shape := shapeOf(op.Result(0))
	k := 1 // size operands follow x, one per dynamic result dimension
	for d := 0; d < rd; d++ {
		if shape[d] == ir.Dynamic {
			k++
		}
	}
	if shape[rd] != ir.Dynamic || k >= op.NumOperands() {
		return false
	}
	dim := ir.DefiningOp(op.Operand(k))
	if dim == nil || dim.Name() != tensor.DimName || dim.Operand(0) != x {
		return false
	}
	d, ok := dim.IntAttr("dim")
	return ok && int(d) == i
}

// sumIfBroadcast is the gradient along dimension i of a broadcast whose
// operand x has a dynamic size m there: broadcasting decides at run time
// whether m is 1 (the operand was expanded to the result's n, and its
// gradient is the sum over the dimension) or n (the identity). Both are
// one scatter_add of gx into zeros of x's size along i, at index k when
// m != 1 and 0 when m = 1, which costs one pass over gx either way.
// (PT2 specializes sizes 0 and 1 at trace time instead; tt compiles once
// for every size.)
func sumIfBroadcast(b *ir.Builder, gx, x ir.Value, i int) ir.Value {
	gs := shapeOf(gx)
	i64 := b.Ctx.I64()
	n := gs[i]
	var nSize []ir.Value
	if n == ir.Dynamic {
		nSize = []ir.Value{tensor.Dim(b, gx, int64(i))}
	}
	m := tensor.Dim(b, x, int64(i))
	// m(m-1)/2, the sum of an iota of m elements: 0 exactly when m is 1
	// (or 0, where the gradient is empty either way; the largest index
	// would be the maximum of nothing there).
	last := tensor.ReduceSum(b, tensor.Iota(b, b.Ctx.Tensor([]int64{ir.Dynamic}, i64), 0, m), []int64{0}, false)
	keep := tensor.Cmp(b, "ne", last, tensor.Full(b, b.Ctx.Tensor(nil, i64), 0))
	idxType := b.Ctx.Tensor([]int64{n}, i64)
	idx := tensor.Select(b,
		tensor.Broadcast(b, keep, nil, []int64{n}, nSize...),
		tensor.Iota(b, idxType, 0, nSize...),
		tensor.Full(b, idxType, 0, nSize...))
	target := slices.Clone(gs)
	target[i] = ir.Dynamic
	var sizes []ir.Value
	for d, s := range target {
		switch {
		case d == i:
			sizes = append(sizes, m)
		case s == ir.Dynamic:
			sizes = append(sizes, tensor.Dim(b, gx, int64(d)))
		}
	}
	zeros := tensor.Full(b, b.Ctx.Tensor(target, elemOf(gx)), 0, sizes...)
	return tensor.ScatterAdd(b, zeros, idx, gx, int64(i))
}

func vjpReshape(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	return one(tensor.Reshape(b, g, shapeOf(x), dynSizes(b, x)...)), nil
}

func vjpTranspose(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	perm, _ := tensor.Ints(op, "perm")
	inv := make([]int64, len(perm))
	for i, p := range perm {
		inv[p] = int64(i)
	}
	return one(tensor.Transpose(b, g, inv)), nil
}

// vjpSlice puts the gradient back at the sliced positions, zeros elsewhere:
// a pad for unit steps, an index_add (scatter_add) along strided dims.
func vjpSlice(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	start, _ := tensor.Ints(op, "start")
	step := tensor.SliceStep(op)
	xs := shapeOf(x)
	gx := g
	for d := range xs {
		cur := shapeOf(gx)
		if step[d] == 1 && xs[d] != ir.Dynamic {
			if start[d] == 0 && cur[d] == xs[d] {
				continue
			}
			low := make([]int64, len(xs))
			high := make([]int64, len(xs))
			low[d] = start[d]
			high[d] = xs[d] - start[d] - cur[d]
			gx = tensor.Pad(b, gx, low, high, tensor.ZeroAttr(elemOf(g)))
			continue
		}
		// Strided, or the operand's size is dynamic (a pad's amounts are
		// static): add the rows into zeros of the operand's size.
		idx := make([]int64, cur[d])
		for i := range idx {
			idx[i] = start[d] + int64(i)*step[d]
		}
		base := slices.Clone(cur)
		base[d] = xs[d]
		var sizes []ir.Value
		for k, n := range base {
			switch {
			case n != ir.Dynamic:
			case k == d:
				sizes = append(sizes, tensor.Dim(b, x, int64(d)))
			default:
				sizes = append(sizes, tensor.Dim(b, gx, int64(k)))
			}
		}
		zeros := tensor.Full(b, b.Ctx.Tensor(base, elemOf(g)), 0, sizes...)
		gx = tensor.ScatterAdd(b, zeros, indexConst(b, idx), gx, int64(d))
	}
	return one(gx), nil
}

// indexConst returns a 1-D i64 constant.
func indexConst(b *ir.Builder, idx []int64) ir.Value {
	t := b.Ctx.Tensor([]int64{int64(len(idx))}, b.Ctx.I64())
	return tensor.Constant(b, ir.DenseInts(t, idx))
}

// vjpPad slices the padding away; the pad value is an attribute and gets no gradient.
func vjpPad(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x := op.Operand(0)
	low, _ := tensor.Ints(op, "low")
	xs := shapeOf(x)
	if isStatic(x) {
		limit := make([]int64, len(xs))
		for i := range xs {
			limit[i] = low[i] + xs[i]
		}
		return one(tensor.Slice(b, g, low, limit, nil)), nil
	}
	// A slice's bounds are static: gather the operand's rows, low[d] +
	// iota(size), along each padded dimension (and along the dynamic
	// ones, whose rows the gradient also has more of than the operand).
	gx := g
	for d, n := range xs {
		if n != ir.Dynamic && low[d] == 0 && shapeOf(gx)[d] == n {
			continue
		}
		gx = tensor.Gather(b, gx, rowsFrom(b, indexAt(b, low[d]), x, d), int64(d))
	}
	return one(gx), nil
}

// rowsFrom returns off + iota(n) as a tensor<?xi64> (tensor<Nxi64> when
// x's dimension d is static N), n being x's size along d and off a 0-d
// i64 tensor: the rows of a larger tensor that x's rows correspond to.
func rowsFrom(b *ir.Builder, off ir.Value, x ir.Value, d int) ir.Value {
	n := shapeOf(x)[d]
	t := b.Ctx.Tensor([]int64{n}, b.Ctx.I64())
	var sizes []ir.Value
	if n == ir.Dynamic {
		sizes = []ir.Value{tensor.Dim(b, x, int64(d))}
	}
	return tensor.Add(b, tensor.Iota(b, t, 0, sizes...), tensor.Broadcast(b, off, nil, []int64{n}, sizes...))
}

// indexAt is the constant c as a 0-d i64 tensor.
func indexAt(b *ir.Builder, c int64) ir.Value {
	return tensor.Full(b, b.Ctx.Tensor(nil, b.Ctx.I64()), float64(c))
}

// sizeAlong is x's size along d as a 0-d i64 tensor: a constant when
// static, else the count of a ones vector of that size (the tensor
// dialect has no op turning an index into a tensor).
func sizeAlong(b *ir.Builder, x ir.Value, d int) ir.Value {
	n := shapeOf(x)[d]
	if n != ir.Dynamic {
		return indexAt(b, n)
	}
	t := b.Ctx.Tensor([]int64{ir.Dynamic}, b.Ctx.I64())
	return tensor.ReduceSum(b, tensor.Full(b, t, 1, tensor.Dim(b, x, int64(d))), []int64{0}, false)
}

// vjpConcat slices the gradient into the operands' parts.
func vjpConcat(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	d, _ := tensor.NormalizedDim(op)
	gs := shapeOf(g)
	out := make([]ir.Value, op.NumOperands())
	if !slices.Contains(gs, ir.Dynamic) {
		var off int64
		for i, x := range op.Operands() {
			n := shapeOf(x)[d]
			start := make([]int64, len(gs))
			limit := slices.Clone(gs)
			start[d], limit[d] = off, off+n
			off += n
			if isFloatTensor(x) {
				out[i] = tensor.Slice(b, g, start, limit, nil)
			}
		}
		return out, nil
	}
	// Dynamic sizes: each operand's rows are gathered at its offset (the
	// sizes of the operands before it) plus iota(its size).
	off := indexAt(b, 0)
	for i, x := range op.Operands() {
		if isFloatTensor(x) {
			out[i] = tensor.Gather(b, g, rowsFrom(b, off, x, d), int64(d))
		}
		if i+1 < op.NumOperands() {
			off = tensor.Add(b, off, sizeAlong(b, x, int(d)))
		}
	}
	return out, nil
}

// vjpGather (index_select) scatters the gradient back with index_add.
func vjpGather(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	x, idx := op.Operand(0), op.Operand(1)
	d, _ := tensor.NormalizedDim(op)
	return []ir.Value{tensor.ScatterAdd(b, fullLike(b, x, 0), idx, g, int64(d)), nil}, nil
}

// vjpScatterAdd (index_add): the base gets the gradient unchanged, the
// source gets it gathered at the indices.
func vjpScatterAdd(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	idx := op.Operand(1)
	d, _ := tensor.NormalizedDim(op)
	return []ir.Value{g, nil, tensor.Gather(b, g, idx, int64(d))}, nil
}
