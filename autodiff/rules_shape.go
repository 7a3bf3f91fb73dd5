package autodiff

import (
	"fmt"
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
	if gx.Type() != x.Type() {
		gx = tensor.Reshape(b, gx, xs, dynSizes(b, x)...)
	}
	return one(gx), nil
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
	if !isStatic(x) {
		return nil, fmt.Errorf("gradient of tensor.slice needs static shapes")
	}
	start, _ := tensor.Ints(op, "start")
	step := tensor.SliceStep(op)
	xs := shapeOf(x)
	gx := g
	for d := range xs {
		cur := shapeOf(gx)
		if step[d] == 1 {
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
		idx := make([]int64, cur[d])
		for i := range idx {
			idx[i] = start[d] + int64(i)*step[d]
		}
		base := make([]int64, len(xs))
		copy(base, cur)
		base[d] = xs[d]
		zeros := tensor.Full(b, b.Ctx.Tensor(base, elemOf(g)), 0)
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
	if !isStatic(x) {
		return nil, fmt.Errorf("gradient of tensor.pad needs static shapes")
	}
	low, _ := tensor.Ints(op, "low")
	xs := shapeOf(x)
	limit := make([]int64, len(xs))
	for i := range xs {
		limit[i] = low[i] + xs[i]
	}
	return one(tensor.Slice(b, g, low, limit, nil)), nil
}

// vjpConcat slices the gradient into the operands' parts.
func vjpConcat(b *ir.Builder, op *ir.Operation, g ir.Value) ([]ir.Value, error) {
	d, _ := tensor.NormalizedDim(op)
	gs := shapeOf(g)
	if slices.Contains(gs, ir.Dynamic) {
		return nil, fmt.Errorf("gradient of tensor.concat needs static shapes")
	}
	out := make([]ir.Value, op.NumOperands())
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
