package lowering

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
)

// opClass is how the fusion pass and the loop generator see a tensor op.
type opClass uint8

const (
	// clsNone: not a computing tensor op (tensor.dim, ops of other
	// dialects, func.return, ...).
	clsNone opClass = iota
	// clsView: pure reindexing of one operand (broadcast, transpose,
	// reshape, slice); inlined into the loads of its consumers.
	clsView
	// clsConst: values computed from the index alone (full, iota, splat
	// constants); inlined into consumers.
	clsConst
	// clsDense: a constant with distinct elements; it lives in a buffer.
	clsDense
	// clsPointwise: one output element is a function of a few input
	// elements at computed indices: element-wise ops, cmp, select, cast,
	// pad, concat, gather, max_pool2d (whose window is an inner loop), and
	// reductions over no dimension.
	clsPointwise
	// clsReduce: reductions (reduce_sum/max/min/mean, argmax).
	clsReduce
	// clsExtern: matmul and conv2d, lowered to runtime kernels.
	clsExtern
	// clsOpaque: scatter_add, lowered on its own.
	clsOpaque
	// clsComposite: composites, decomposed before fusion.
	clsComposite
)

var unaryOps = map[string]bool{
	tensor.NegName: true, tensor.AbsName: true, tensor.ExpName: true, tensor.LogName: true, tensor.SqrtName: true,
	tensor.RsqrtName: true, tensor.TanhName: true, tensor.SigmoidName: true, tensor.ReluName: true, tensor.SinName: true,
	tensor.CosName: true, tensor.ErfName: true, tensor.ReciprocalName: true,
}

var binaryOps = map[string]bool{
	tensor.AddName: true, tensor.SubName: true, tensor.MulName: true, tensor.DivName: true,
	tensor.MaxName: true, tensor.MinName: true, tensor.PowName: true,
}

// isElementwise reports ops whose result element i depends on the operand
// elements i only.
func isElementwise(name string) bool {
	switch name {
	case tensor.CmpName, tensor.SelectName, tensor.CastName:
		return true
	}
	return unaryOps[name] || binaryOps[name]
}

// classify returns the class of an op.
func classify(op *ir.Operation) opClass {
	name := op.Name()
	if !strings.HasPrefix(name, "tensor.") || op.NumResults() != 1 || !ir.IsTensor(op.Result(0).Type()) {
		return clsNone
	}
	switch {
	case isElementwise(name):
		return clsPointwise
	case tensor.IsComposite(op):
		return clsComposite
	}
	switch name {
	case tensor.BroadcastName, tensor.TransposeName, tensor.ReshapeName, tensor.SliceName:
		return clsView
	case tensor.FullName, tensor.IotaName:
		return clsConst
	case tensor.ConstantName:
		if d, ok := op.Attr("value").(*ir.DenseElementsAttr); ok {
			if _, _, affine := affineConstant(d); d.Splat || d.Len() <= 1 || affine {
				return clsConst
			}
		}
		return clsDense
	case tensor.PadName, tensor.ConcatName, tensor.GatherName, tensor.MaxPool2DName:
		return clsPointwise
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ReduceMeanName, tensor.ArgMaxName:
		if dims, ok := reducedDims(op); ok && len(dims) == 0 {
			return clsPointwise
		}
		return clsReduce
	case tensor.MatMulName, tensor.Conv2DName:
		return clsExtern
	case tensor.ScatterAddName:
		return clsOpaque
	}
	return clsNone
}

// affineConstant reports whether a dense constant's elements are an
// integral affine function of their index, c0 + Σ coef[d]·i[d] (an iota
// folded by canonicalization, for instance), so that kernels can compute
// them instead of reading a buffer.
func affineConstant(d *ir.DenseElementsAttr) (coef []int64, c0 int64, ok bool) {
	shape := d.Type.Shape()
	n := d.Len()
	if d.Splat || n <= 1 || n > MaxDenseElements {
		return nil, 0, false
	}
	at := func(i int) (int64, bool) {
		if d.IsFloat() {
			f := d.FloatAt(i)
			if f != float64(int64(f)) || f > 1<<24 || f < -(1<<24) {
				return 0, false
			}
			return int64(f), true
		}
		return d.IntAt(i), true
	}
	c0, ok = at(0)
	if !ok {
		return nil, 0, false
	}
	coef = make([]int64, len(shape))
	stride := 1
	strides := make([]int, len(shape))
	for k := len(shape) - 1; k >= 0; k-- {
		strides[k] = stride
		if shape[k] > 1 {
			v, ok := at(stride)
			if !ok {
				return nil, 0, false
			}
			coef[k] = v - c0
		}
		stride *= int(shape[k])
	}
	for i := 0; i < n; i++ {
		want, rem := c0, i
		for k := range shape {
			want += coef[k] * int64(rem/strides[k])
			rem %= strides[k]
		}
		v, ok := at(i)
		if !ok || v != want {
			return nil, 0, false
		}
	}
	if ir.IntWidth(d.Type.ElementType()) == 1 {
		return nil, 0, false
	}
	return coef, c0, true
}

// isReduceName reports the reduction ops.
func isReduceName(name string) bool {
	switch name {
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ReduceMeanName, tensor.ArgMaxName:
		return true
	}
	return false
}

// reducedDims returns the sorted reduced dimensions of a reduction: the
// dims attribute (all dimensions when absent) or argmax's dim (all when
// absent, flattened).
func reducedDims(op *ir.Operation) ([]int, bool) {
	rank := tensor.OperandRank(op, 0)
	if rank < 0 {
		return nil, false
	}
	all := make([]int, rank)
	for i := range all {
		all[i] = i
	}
	if op.Name() == tensor.ArgMaxName {
		if op.Attr("dim") == nil || rank == 0 {
			return all, true
		}
		d, ok := tensor.DimAttr(op, rank)
		if !ok {
			return nil, false
		}
		return []int{d}, true
	}
	if op.Attr("dims") == nil {
		return all, true
	}
	return tensor.ReduceDims(op)
}

// opCost is the relative cost of computing one element of op's result,
// for the inlining decisions (PT2's realize_opcount_threshold counts ops;
// this weighs transcendental functions more).
func opCost(op *ir.Operation) int {
	switch op.Name() {
	case tensor.DivName, tensor.ReciprocalName, tensor.GatherName:
		return 2
	case tensor.SqrtName, tensor.RsqrtName:
		return 4
	case tensor.ExpName, tensor.LogName, tensor.TanhName, tensor.SigmoidName, tensor.SinName, tensor.CosName, tensor.ErfName, tensor.PowName:
		return 8
	case tensor.MaxPool2DName:
		if p, ok := tensor.MaxPool2DOptions(op); ok {
			return int(max(1, p.Kernel[0]*p.Kernel[1]))
		}
		return 9
	}
	switch classify(op) {
	case clsView, clsConst:
		return 0
	}
	return 1
}

// shortName is an op name without its dialect prefix.
func shortName(op *ir.Operation) string {
	name := op.Name()
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// tensorType returns the ranked tensor type of v, or nil.
func tensorType(v ir.Value) *ir.RankedTensorType {
	t, _ := v.Type().(*ir.RankedTensorType)
	return t
}

// shapeOf returns the shape of a ranked tensor or memref value.
func shapeOf(v ir.Value) []int64 {
	switch t := v.Type().(type) {
	case *ir.RankedTensorType:
		return t.Shape()
	case *ir.MemRefType:
		return t.Shape()
	}
	return nil
}

// elemOf returns the element type of a shaped value.
func elemOf(v ir.Value) ir.Type { return ir.ElementTypeOrSelf(v.Type()) }

// sizeFunc returns the size of dimension d of a tensor value as an index
// expression.
type sizeFunc func(v ir.Value, d int) (Expr, error)

// sizesOf returns the sizes of every dimension of v.
func sizesOf(v ir.Value, size sizeFunc) ([]Expr, error) {
	shape := shapeOf(v)
	out := make([]Expr, len(shape))
	for d := range shape {
		s, err := size(v, d)
		if err != nil {
			return nil, err
		}
		out[d] = s
	}
	return out, nil
}

// sizeOperandFor returns the `sizes` operand giving dynamic result
// dimension d of an op that creates data (full, iota, broadcast, reshape),
// or nil. first is the index of the first size operand.
func sizeOperandFor(op *ir.Operation, d, first int) ir.Value {
	shape := shapeOf(op.Result(0))
	if d >= len(shape) || shape[d] != ir.Dynamic {
		return nil
	}
	k := first
	for i := 0; i < d; i++ {
		if shape[i] == ir.Dynamic {
			k++
		}
	}
	if k < op.NumOperands() && op.NumOperands() > first {
		return op.Operand(k)
	}
	return nil
}

// viewOperandIndex maps an index into the result of a view or element-wise
// op to the index of the operand element it reads (operand #k for
// element-wise ops, operand #0 for views).
func viewOperandIndex(ix *indexer, op *ir.Operation, idx []Expr, size sizeFunc) ([]Expr, error) {
	name := op.Name()
	if isElementwise(name) {
		return idx, nil
	}
	x := op.Operand(0)
	xshape := shapeOf(x)
	switch name {
	case tensor.BroadcastName:
		dims, ok := tensor.Ints(op, "dims")
		if !ok || len(dims) != len(xshape) {
			return nil, fmt.Errorf("bad dims attribute")
		}
		out := make([]Expr, len(xshape))
		rshape := shapeOf(op.Result(0))
		for i, d := range dims {
			if d < 0 || int(d) >= len(idx) {
				return nil, fmt.Errorf("bad dims attribute")
			}
			switch {
			case xshape[i] == 1:
				out[i] = cnst(0)
			case xshape[i] != ir.Dynamic:
				out[i] = idx[d]
			case rshape[d] == ir.Dynamic && sizeOperandFor(op, int(d), 1) == nil:
				// The result size is the operand's: the same index.
				out[i] = idx[d]
			default:
				// A dynamic operand size may be 1 (broadcast) or the result's.
				s, err := size(x, i)
				if err != nil {
					return nil, err
				}
				out[i] = ix.mod(idx[d], s)
			}
		}
		return out, nil
	case tensor.TransposeName:
		perm, ok := tensor.Ints(op, "perm")
		if !ok || len(perm) != len(idx) {
			return nil, fmt.Errorf("bad perm attribute")
		}
		out := make([]Expr, len(idx))
		for i, p := range perm {
			if p < 0 {
				p += int64(len(idx))
			}
			if p < 0 || int(p) >= len(idx) {
				return nil, fmt.Errorf("bad perm attribute")
			}
			out[p] = idx[i]
		}
		return out, nil
	case tensor.ReshapeName:
		rs, err := sizesOf(op.Result(0), size)
		if err != nil {
			return nil, err
		}
		xs, err := sizesOf(x, size)
		if err != nil {
			return nil, err
		}
		return ix.delinearize(ix.linearize(idx, rs), xs), nil
	case tensor.SliceName:
		start, ok1 := tensor.Ints(op, "start")
		step := tensor.SliceStep(op)
		if !ok1 || len(start) != len(idx) || len(step) != len(idx) {
			return nil, fmt.Errorf("bad slice attributes")
		}
		out := make([]Expr, len(idx))
		for i := range idx {
			out[i] = addc(scale(idx[i], step[i]), start[i])
		}
		return out, nil
	}
	return nil, fmt.Errorf("'%s' is not a view", name)
}

// padLow returns tensor.pad's low and high amounts.
func padAmounts(op *ir.Operation) (low, high []int64, err error) {
	low, ok1 := tensor.Ints(op, "low")
	high, ok2 := tensor.Ints(op, "high")
	if !ok1 || !ok2 || len(low) != tensor.OperandRank(op, 0) || len(high) != len(low) {
		return nil, nil, fmt.Errorf("bad low/high attributes")
	}
	for i := range low {
		if low[i] < 0 || high[i] < 0 {
			return nil, nil, fmt.Errorf("negative padding is not supported by the lowering")
		}
	}
	return low, high, nil
}

// maxPoolWindow returns the geometry of a max_pool2d: kernel, stride,
// padding and dilation (dilation is 1 unless the op carries it).
func maxPoolWindow(op *ir.Operation) (k, s, p, d [2]int64, err error) {
	opts, ok := tensor.MaxPool2DOptions(op)
	if !ok {
		return k, s, p, d, fmt.Errorf("bad max_pool2d attributes")
	}
	d = [2]int64{1, 1}
	if dil, ok := tensor.Ints(op, "dilation"); ok && len(dil) == 2 {
		d = [2]int64{dil[0], dil[1]}
	}
	return opts.Kernel, opts.Stride, opts.Padding, d, nil
}

// typeBytes returns the byte size of a statically shaped tensor or memref
// type, and false when it has dynamic dimensions.
func typeBytes(t ir.Type) (int64, bool) {
	var shape []int64
	switch tt := t.(type) {
	case *ir.RankedTensorType:
		shape = tt.Shape()
	case *ir.MemRefType:
		shape = tt.Shape()
	default:
		return 0, false
	}
	n := int64(1)
	for _, d := range shape {
		if d == ir.Dynamic {
			return 0, false
		}
		n *= d
	}
	return n * elemBytes(ir.ElementTypeOrSelf(t)), true
}

// elemBytes is the storage size of an element type.
func elemBytes(t ir.Type) int64 {
	switch {
	case ir.IsIndex(t):
		return 8
	case ir.IsFloat(t) || ir.IsInteger(t):
		w := ir.IntWidth(t)
		if ft, ok := t.(*ir.FloatType); ok {
			w = ft.Width()
		}
		if w <= 8 {
			return 1
		}
		return int64(w / 8)
	}
	return 8
}
