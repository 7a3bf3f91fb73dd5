package tensor

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// BroadcastDef is tensor.broadcast.
var BroadcastDef = &ir.OpDef{
	Name:          "tensor.broadcast",
	CustomBuilder: true,
	Summary:       "Explicit broadcast (StableHLO broadcast_in_dim)",
	Description: "Broadcasts `x` to the result type: operand dimension i becomes result dimension `dims[i]`, " +
		"whose size it must equal or be 1 (a size-1 dimension is repeated); result dimensions not in `dims` are new. " +
		"`dims` has one entry per operand dimension and is strictly increasing (no transposition). The result type " +
		"must be given: `dims` alone does not determine it. Each dynamic result dimension takes its size from one " +
		"`sizes` operand.\n\nExamples:\n\n" +
		"    %r = tensor.broadcast %bias dims = [1] : tensor<3xf32> -> tensor<2x3xf32>\n" +
		"    %s = tensor.broadcast %x dims = [0, 1] sizes(%n) : tensor<?x1xf32> -> tensor<?x5xf32>",
	Traits:   ir.Pure,
	Operands: []ir.ArgDef{operand("x", AnyTensor, "the tensor to broadcast"), sizesOperand},
	Results:  result(AnyTensor, "the broadcast tensor, of x's element type"),
	Attrs:    []ir.AttrDef{attr(AttrDims, i64ArrayC, "for each operand dimension, the result dimension it maps to (strictly increasing)")},
	Format:   "$x `dims` `=` $dims (`sizes` `(` $sizes^ `)`)? attr-dict `:` type($x) `->` type($result)",
	Verify:   verifyGiven(checkBroadcast),
	Fold:     foldBroadcast,
}

func checkBroadcast(a args, r *ir.RankedTensorType) error {
	x, err := a.tensor(0, "x")
	if err != nil {
		return err
	}
	dims, err := a.ints(AttrDims)
	if err != nil {
		return err
	}
	if x.Elem != r.Elem {
		return fmt.Errorf("result element type '%s' must equal the operand element type '%s'", r.Elem, x.Elem)
	}
	if len(dims) != x.Rank() {
		return fmt.Errorf("dims has %d entries, but the operand has rank %d", len(dims), x.Rank())
	}
	for i, d := range dims {
		if err := checkBroadcastDim(x, r, dims, i, d); err != nil {
			return err
		}
	}
	return checkSizes(a, 1, r)
}

func checkBroadcastDim(x, r *ir.RankedTensorType, dims []int64, i int, d int64) error {
	if d < 0 || d >= int64(r.Rank()) {
		return fmt.Errorf("dims[%d] = %d is out of range for the result rank %d", i, d, r.Rank())
	}
	if i > 0 && d <= dims[i-1] {
		return fmt.Errorf("dims must be strictly increasing, but dims[%d] = %d follows %d", i, d, dims[i-1])
	}
	xs, rs := x.Shape()[i], r.Shape()[d]
	if xs != 1 && xs != ir.Dynamic && rs != ir.Dynamic && xs != rs {
		return fmt.Errorf("operand dimension %d (size %d) must be 1 or equal to result dimension %d (size %d)", i, xs, d, rs)
	}
	return nil
}

// isIdentityDims reports whether dims is 0, 1, ..., n-1.
func isIdentityDims(dims []int64) bool {
	for i, d := range dims {
		if d != int64(i) {
			return false
		}
	}
	return true
}

// foldBroadcast folds an identity broadcast and broadcasts of constants.
func foldBroadcast(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
	dims, ok := Ints(op, AttrDims)
	if op.NumOperands() < 1 || op.NumResults() != 1 || !ok {
		return nil, false
	}
	x := op.Operand(0)
	if x.Type() == op.Result(0).Type() && isIdentityDims(dims) && sizesAreDimsOf(op, 1, x) {
		return foldValue(op, x)
	}
	rt := staticResult(op)
	c := constOperands(op, given)[0]
	if rt == nil || c == nil || ir.Type(c.Type) != x.Type() || checkBroadcast(opArgs(op), rt) != nil {
		return nil, false
	}
	return foldConst(broadcastConst(c, dims, rt))
}

// broadcastConst expands constant c into type rt along dims.
func broadcastConst(c *ir.DenseElementsAttr, dims []int64, rt *ir.RankedTensorType) *ir.DenseElementsAttr {
	xs := c.Type.Shape()
	xst, rst := strides(xs), strides(rt.Shape())
	return evalDense(rt, []*ir.DenseElementsAttr{c}, func(i int) (float64, int64, bool) {
		src := int64(0)
		for k, d := range dims {
			if xs[k] == 1 {
				continue
			}
			src += (int64(i) / rst[d] % rt.Shape()[d]) * xst[k]
		}
		return c.FloatAt(int(src)), c.IntAt(int(src)), true
	})
}

// ReshapeDef is tensor.reshape.
var ReshapeDef = &ir.OpDef{
	Name:          "tensor.reshape",
	CustomBuilder: true,
	Summary:       "Row-major reshape",
	Description: "Reinterprets the elements of `x` in row-major order with the result shape (`torch.reshape`); the " +
		"element count is unchanged. The result type must be given. Dynamic result dimensions take their sizes from " +
		"the `sizes` operands, one per dynamic dimension; with no `sizes`, at most one result dimension may be " +
		"dynamic and it is inferred from the element count (like -1 in `torch.reshape`).\n\nExamples:\n\n" +
		"    %r = tensor.reshape %x : tensor<2x3xf32> -> tensor<6xf32>\n" +
		"    %s = tensor.reshape %y : tensor<?x4xf32> -> tensor<?x2x2xf32>",
	Traits:   ir.Pure,
	Operands: []ir.ArgDef{operand("x", AnyTensor, "the tensor to reshape"), sizesOperand},
	Results:  result(AnyTensor, "the reshaped tensor, of x's element type"),
	Format:   "$x (`sizes` `(` $sizes^ `)`)? attr-dict `:` type($x) `->` type($result)",
	Verify:   verifyGiven(checkReshape),
	Fold:     foldReshape,
}

func checkReshape(a args, r *ir.RankedTensorType) error {
	x, err := a.tensor(0, "x")
	if err != nil {
		return err
	}
	if x.Elem != r.Elem {
		return fmt.Errorf("result element type '%s' must equal the operand element type '%s'", r.Elem, x.Elem)
	}
	if len(a.operands) > 1 {
		return checkSizes(a, 1, r)
	}
	dyn := countDynamic(r.Shape())
	if dyn > 1 {
		return fmt.Errorf("result type '%s' has %d dynamic dimensions: give their sizes as operands (only one can be inferred from the element count)", r, dyn)
	}
	n := numElements(x.Shape())
	if n < 0 {
		return nil
	}
	known := int64(1)
	for _, d := range r.Shape() {
		if d != ir.Dynamic {
			known *= d
		}
	}
	switch {
	case dyn == 0 && known != n:
		return fmt.Errorf("operand has %d elements, but the result type '%s' has %d", n, r, known)
	case dyn == 1 && (known == 0 || n%known != 0):
		return fmt.Errorf("cannot infer the dynamic dimension: %d elements do not divide into the static dimensions of '%s'", n, r)
	}
	return nil
}

// foldReshape folds a reshape to the same type and reshapes of constants.
func foldReshape(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
	if op.NumOperands() < 1 || op.NumResults() != 1 {
		return nil, false
	}
	x := op.Operand(0)
	if rt, ok := asTensor(op.Result(0).Type()); ok && x.Type() == rt && countDynamic(rt.Shape()) <= 1 {
		return foldValue(op, x)
	}
	rt := staticResult(op)
	c := constOperands(op, given)[0]
	if rt == nil || c == nil || c.Type.ElementType() != rt.Elem || c.Len() != int(numElements(rt.Shape())) {
		return nil, false
	}
	return foldConst(reshapeConst(c, rt))
}

// TransposeDef is tensor.transpose.
var TransposeDef = &ir.OpDef{
	Name:    "tensor.transpose",
	Summary: "Dimension permutation",
	Description: "Permutes the dimensions of `x` (`torch.permute`): result dimension i is operand dimension " +
		"`perm[i]`. `perm` is a permutation of 0..rank-1. The result type is inferred.\n\n" +
		"Example:\n\n    %t = tensor.transpose %x perm = [1, 0] : tensor<2x3xf32>",
	Traits:           ir.Pure,
	Operands:         []ir.ArgDef{operand("x", AnyTensor, "the tensor to permute")},
	Results:          result(AnyTensor, "the permuted tensor"),
	Attrs:            []ir.AttrDef{attr(AttrPerm, i64ArrayC, "the permutation: result dimension i is operand dimension perm[i]")},
	Format:           "$x `perm` `=` $perm attr-dict `:` type($x)",
	InferResultTypes: inferHook(inferTranspose),
	Verify:           verifyInferred(inferTranspose),
	Fold:             foldTranspose,
}

func inferTranspose(a args) (ir.Type, error) {
	x, err := a.tensor(0, "x")
	if err != nil {
		return nil, err
	}
	perm, err := a.ints(AttrPerm)
	if err != nil {
		return nil, err
	}
	if err := checkPermutation(perm, x.Rank()); err != nil {
		return nil, err
	}
	shape := make([]int64, len(perm))
	for i, p := range perm {
		shape[i] = x.Shape()[p]
	}
	return a.ctx.Tensor(shape, x.Elem), nil
}

// checkPermutation checks that perm is a permutation of 0..rank-1.
func checkPermutation(perm []int64, rank int) error {
	if len(perm) != rank {
		return fmt.Errorf("perm has %d entries, but the operand has rank %d", len(perm), rank)
	}
	seen := make([]bool, rank)
	for i, p := range perm {
		if p < 0 || p >= int64(rank) || seen[p] {
			return fmt.Errorf("perm %v is not a permutation of 0..%d (entry %d is %d)", perm, rank-1, i, p)
		}
		seen[p] = true
	}
	return nil
}

// foldTranspose folds identity permutations and transposes of constants.
func foldTranspose(op *ir.Operation, given []ir.Attribute) ([]ir.FoldResult, bool) {
	perm, ok := Ints(op, AttrPerm)
	if op.NumOperands() != 1 || op.NumResults() != 1 || !ok {
		return nil, false
	}
	if isIdentityDims(perm) {
		return foldValue(op, op.Operand(0))
	}
	rt := staticResult(op)
	c := constOperands(op, given)[0]
	if rt == nil || c == nil || ir.Type(c.Type) != op.Operand(0).Type() || checkPermutation(perm, rt.Rank()) != nil {
		return nil, false
	}
	xst, rst := strides(c.Type.Shape()), strides(rt.Shape())
	return foldConst(evalDense(rt, []*ir.DenseElementsAttr{c}, func(i int) (float64, int64, bool) {
		src := int64(0)
		for k, p := range perm {
			src += (int64(i) / rst[k] % rt.Shape()[k]) * xst[p]
		}
		return c.FloatAt(int(src)), c.IntAt(int(src)), true
	}))
}

// sizesAreDimsOf reports whether the size operands of op (from position
// first) are tensor.dim of x at x's dynamic dimensions, in order: the
// result then has x's shape.
func sizesAreDimsOf(op *ir.Operation, first int, x ir.Value) bool {
	xt, ok := asTensor(x.Type())
	if !ok {
		return false
	}
	k := first
	for i, d := range xt.Shape() {
		if d != ir.Dynamic {
			continue
		}
		if k >= op.NumOperands() {
			return false
		}
		def := definingOpNamed(op.Operand(k), "tensor.dim")
		if def == nil || def.NumOperands() != 1 || def.Operand(0) != x {
			return false
		}
		if n, ok := DimAttr(def, xt.Rank()); !ok || n != i {
			return false
		}
		k++
	}
	return k == op.NumOperands()
}
