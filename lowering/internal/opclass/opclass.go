// Package opclass is how the fusion pass and tensor-to-loops see tensor
// ops: their class (view, constant, dense constant, pointwise, reduction,
// extern, opaque, composite), their per-element cost, the index map of
// views (which operand element a result element reads), the reduced
// dimensions of reductions, the geometry of windows and padding, and the
// shapes and sizes of tensor values.
package opclass

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/dialects/arith"
	"github.com/tt-compiler/tt/dialects/tensor"
	"github.com/tt-compiler/tt/ir"
	"github.com/tt-compiler/tt/lowering/internal/affine"
)

// MaxDenseElements bounds the size of a tensor.constant with distinct
// elements that tensor-to-loops materializes with one store per element
// (larger ones are rejected; AffineConstant does not examine them).
const MaxDenseElements = 1 << 16

// Class is how the fusion pass and the loop generator see a tensor op.
type Class uint8

const (
	// None: not a computing tensor op (tensor.dim, ops of other
	// dialects, func.return, ...).
	None Class = iota
	// View: pure reindexing of one operand (broadcast, transpose,
	// reshape, slice); inlined into the loads of its consumers.
	View
	// Const: values computed from the index alone (full, iota, splat
	// constants); inlined into consumers.
	Const
	// Dense: a constant with distinct elements; it lives in a buffer.
	Dense
	// Pointwise: one output element is a function of a few input
	// elements at computed indices: element-wise ops, cmp, select, cast,
	// pad, concat, gather, max_pool2d (whose window is an inner loop), and
	// reductions over no dimension.
	Pointwise
	// Reduce: reductions (reduce_sum/max/min/mean, argmax).
	Reduce
	// Extern: matmul and conv2d, lowered to runtime kernels.
	Extern
	// Opaque: scatter_add, lowered on its own.
	Opaque
	// Composite: composites, decomposed before fusion.
	Composite
)

// unaryOps and binaryOps are the arithmetic element-wise ops.
var unaryOps = map[string]bool{
	tensor.NegName: true, tensor.AbsName: true, tensor.ExpName: true, tensor.LogName: true, tensor.SqrtName: true,
	tensor.RsqrtName: true, tensor.TanhName: true, tensor.SigmoidName: true, tensor.ReluName: true, tensor.SinName: true,
	tensor.CosName: true, tensor.ErfName: true, tensor.ReciprocalName: true,
}

var binaryOps = map[string]bool{
	tensor.AddName: true, tensor.SubName: true, tensor.MulName: true, tensor.DivName: true,
	tensor.MaxName: true, tensor.MinName: true, tensor.PowName: true,
}

// IsUnary reports the unary arithmetic element-wise ops (neg, exp, ...).
func IsUnary(name string) bool { return unaryOps[name] }

// IsBinary reports the binary arithmetic element-wise ops (add, pow, ...).
func IsBinary(name string) bool { return binaryOps[name] }

// IsElementwise reports ops whose result element i depends on the operand
// elements i only.
func IsElementwise(name string) bool {
	switch name {
	case tensor.CmpName, tensor.SelectName, tensor.CastName:
		return true
	}
	return unaryOps[name] || binaryOps[name] || IsArithElementwise(name)
}

// IsArithElementwise reports the single-result arith and math ops other
// than arith.constant: MLIR defines them element-wise on tensors (all
// operands and the result of one shape), so on tensors they are pointwise
// ops whose element is the op applied to the operands' elements.
func IsArithElementwise(name string) bool {
	switch name {
	case arith.ConstantName, arith.AddUIExtendedName, arith.MulSIExtendedName, arith.MulUIExtendedName:
		return false
	}
	return strings.HasPrefix(name, arith.Dialect.Name+".") || strings.HasPrefix(name, arith.MathDialect.Name+".")
}

// Classify returns the class of an op.
func Classify(op *ir.Operation) Class {
	name := op.Name()
	if op.NumResults() != 1 || !ir.IsTensor(op.Result(0).Type()) ||
		!strings.HasPrefix(name, "tensor.") && !IsArithElementwise(name) && name != arith.ConstantName {
		return None
	}
	switch {
	case IsElementwise(name):
		return Pointwise
	case tensor.IsComposite(op):
		return Composite
	}
	switch name {
	case tensor.BroadcastName, tensor.TransposeName, tensor.ReshapeName, tensor.SliceName:
		return View
	case tensor.FullName, tensor.IotaName:
		return Const
	case tensor.ConstantName, arith.ConstantName: // canonicalize folds arith ops on tensors to arith.constant
		if d, ok := op.Attr("value").(*ir.DenseElementsAttr); ok {
			if _, _, affine := AffineConstant(d); d.Splat || d.Len() <= 1 || affine {
				return Const
			}
		}
		return Dense
	case tensor.PadName, tensor.ConcatName, tensor.GatherName, tensor.MaxPool2DName:
		return Pointwise
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ReduceMeanName, tensor.ArgMaxName:
		if dims, ok := ReducedDims(op); ok && len(dims) == 0 {
			return Pointwise
		}
		return Reduce
	case tensor.MatMulName, tensor.Conv2DName:
		return Extern
	case tensor.ScatterAddName:
		return Opaque
	}
	return None
}

// AffineConstant reports whether a dense constant's elements are an
// integral affine function of their index, c0 + Σ coef[d]·i[d] (an iota
// folded by canonicalization, for instance), so that kernels can compute
// them instead of reading a buffer.
func AffineConstant(d *ir.DenseElementsAttr) (coef []int64, c0 int64, ok bool) {
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

// IsReduction reports the reduction ops.
func IsReduction(name string) bool {
	switch name {
	case tensor.ReduceSumName, tensor.ReduceMaxName, tensor.ReduceMinName, tensor.ReduceMeanName, tensor.ArgMaxName:
		return true
	}
	return false
}

// ReducedDims returns the sorted reduced dimensions of a reduction: the
// dims attribute (all dimensions when absent) or argmax's dim (all when
// absent, flattened).
func ReducedDims(op *ir.Operation) ([]int, bool) {
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

// Cost is the relative cost of computing one element of op's result,
// for the inlining decisions (PT2's realize_opcount_threshold counts ops;
// this weighs transcendental functions more).
func Cost(op *ir.Operation) int {
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
	if IsArithElementwise(op.Name()) && strings.HasPrefix(op.Name(), arith.MathDialect.Name+".") {
		return 8 // the math dialect's functions are transcendental or close
	}
	switch Classify(op) {
	case View, Const:
		return 0
	}
	return 1
}

// ShortName is an op name without its dialect prefix.
func ShortName(op *ir.Operation) string {
	name := op.Name()
	if i := strings.IndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// Shape returns the shape of a ranked tensor or memref value.
func Shape(v ir.Value) []int64 {
	switch t := v.Type().(type) {
	case *ir.RankedTensorType:
		return t.Shape()
	case *ir.MemRefType:
		return t.Shape()
	}
	return nil
}

// Elem returns the element type of a shaped value.
func Elem(v ir.Value) ir.Type { return ir.ElementTypeOrSelf(v.Type()) }

// SizeFunc returns the size of dimension d of a tensor value as an index
// expression.
type SizeFunc func(v ir.Value, d int) (affine.Expr, error)

// Sizes returns the sizes of every dimension of v.
func Sizes(v ir.Value, size SizeFunc) ([]affine.Expr, error) {
	shape := Shape(v)
	out := make([]affine.Expr, len(shape))
	for d := range shape {
		s, err := size(v, d)
		if err != nil {
			return nil, err
		}
		out[d] = s
	}
	return out, nil
}

// SizeOperand returns the `sizes` operand giving dynamic result
// dimension d of an op that creates data (full, iota, broadcast, reshape),
// or nil. first is the index of the first size operand.
func SizeOperand(op *ir.Operation, d, first int) ir.Value {
	shape := Shape(op.Result(0))
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

// OperandIndex maps an index into the result of a view or element-wise
// op to the index of the operand element it reads (operand #k for
// element-wise ops, operand #0 for views).
func OperandIndex(ix *affine.Indexer, op *ir.Operation, idx []affine.Expr, size SizeFunc) ([]affine.Expr, error) {
	name := op.Name()
	if IsElementwise(name) {
		return idx, nil
	}
	x := op.Operand(0)
	xshape := Shape(x)
	switch name {
	case tensor.BroadcastName:
		dims, ok := tensor.Ints(op, "dims")
		if !ok || len(dims) != len(xshape) {
			return nil, fmt.Errorf("bad dims attribute")
		}
		out := make([]affine.Expr, len(xshape))
		rshape := Shape(op.Result(0))
		for i, d := range dims {
			if d < 0 || int(d) >= len(idx) {
				return nil, fmt.Errorf("bad dims attribute")
			}
			switch {
			case xshape[i] == 1:
				out[i] = affine.Const(0)
			case xshape[i] != ir.Dynamic:
				out[i] = idx[d]
			case rshape[d] == ir.Dynamic && SizeOperand(op, int(d), 1) == nil:
				// The result size is the operand's: the same index.
				out[i] = idx[d]
			default:
				// A dynamic operand size may be 1 (broadcast) or the result's.
				s, err := size(x, i)
				if err != nil {
					return nil, err
				}
				out[i] = ix.Mod(idx[d], s)
			}
		}
		return out, nil
	case tensor.TransposeName:
		perm, ok := tensor.Ints(op, "perm")
		if !ok || len(perm) != len(idx) {
			return nil, fmt.Errorf("bad perm attribute")
		}
		out := make([]affine.Expr, len(idx))
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
		rs, err := Sizes(op.Result(0), size)
		if err != nil {
			return nil, err
		}
		xs, err := Sizes(x, size)
		if err != nil {
			return nil, err
		}
		return ix.Delinearize(ix.Linearize(idx, rs), xs), nil
	case tensor.SliceName:
		start, ok1 := tensor.Ints(op, "start")
		step := tensor.SliceStep(op)
		if !ok1 || len(start) != len(idx) || len(step) != len(idx) {
			return nil, fmt.Errorf("bad slice attributes")
		}
		out := make([]affine.Expr, len(idx))
		for i := range idx {
			out[i] = idx[i].Scale(step[i]).AddConst(start[i])
		}
		return out, nil
	}
	return nil, fmt.Errorf("'%s' is not a view", name)
}

// PadAmounts returns tensor.pad's low and high amounts.
func PadAmounts(op *ir.Operation) (low, high []int64, err error) {
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

// MaxPoolWindow returns the geometry of a max_pool2d: kernel, stride,
// padding and dilation (dilation is 1 unless the op carries it).
func MaxPoolWindow(op *ir.Operation) (k, s, p, d [2]int64, err error) {
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

// TypeBytes returns the byte size of a statically shaped tensor or memref
// type, and false when it has dynamic dimensions.
func TypeBytes(t ir.Type) (int64, bool) {
	switch t.(type) {
	case *ir.RankedTensorType, *ir.MemRefType:
		return ir.StaticTypeBytes(t)
	}
	return 0, false
}

// Role is how a value of a reduction kernel indexes the kernel's loops: the
// fusion pass classifies candidate nodes with it, tensor-to-loops the
// kernel's outputs.
type Role uint8

// Roles.
const (
	RoleFull    Role = iota // the reduction's input shape
	RoleRowKeep             // the reduction's result with reduced dims kept as 1
	RoleRowDrop             // the reduction's result with reduced dims removed
	RoleNone                // does not fit
)
