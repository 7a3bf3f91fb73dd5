package tensor

import (
	"fmt"
	"strings"

	"github.com/tt-compiler/tt/ir"
)

// IsElementType reports whether t is an element type the tensor dialect
// supports: f16, bf16, f32, f64, i1, i32 or i64 (signless).
func IsElementType(t ir.Type) bool {
	return IsFloatElement(t) || IsBoolElement(t) || IsIntElement(t)
}

// IsFloatElement reports whether t is f16, bf16, f32 or f64.
func IsFloatElement(t ir.Type) bool {
	ft, ok := t.(*ir.FloatType)
	if !ok {
		return false
	}
	switch ft.Kind {
	case ir.F16, ir.BF16, ir.F32, ir.F64:
		return true
	}
	return false
}

// IsIntElement reports whether t is i32 or i64.
func IsIntElement(t ir.Type) bool {
	w := ir.IntWidth(t)
	return ir.IsSignlessInteger(t) && (w == 32 || w == 64)
}

// IsBoolElement reports whether t is i1.
func IsBoolElement(t ir.Type) bool {
	return ir.IsSignlessInteger(t) && ir.IntWidth(t) == 1
}

// isNumericElement reports whether t is a float, i32 or i64 element type.
func isNumericElement(t ir.Type) bool { return IsFloatElement(t) || IsIntElement(t) }

// isI64 reports whether t is i64.
func isI64(t ir.Type) bool { return ir.IsSignlessInteger(t) && ir.IntWidth(t) == 64 }

// tensorOf returns the constraint "ranked tensor (without encoding) whose
// element type satisfies pred".
func tensorOf(elems string, pred func(ir.Type) bool) ir.TypeConstraint {
	return ir.TypeConstraint{
		Desc: "ranked tensor of " + elems + " values",
		Check: func(t ir.Type) bool {
			rt, ok := t.(*ir.RankedTensorType)
			return ok && rt.Encoding == nil && pred(rt.Elem)
		},
	}
}

// Type constraints of tensor dialect operands and results.
var (
	// AnyTensor is a ranked tensor of any supported element type.
	AnyTensor = tensorOf("f16, bf16, f32, f64, i1, i32 or i64", IsElementType)
	// NumericTensor is a ranked tensor of floats, i32 or i64.
	NumericTensor = tensorOf("f16, bf16, f32, f64, i32 or i64", isNumericElement)
	// FloatTensor is a ranked tensor of floats.
	FloatTensor = tensorOf("f16, bf16, f32 or f64", IsFloatElement)
	// BoolTensor is a ranked tensor of i1.
	BoolTensor = tensorOf("i1", IsBoolElement)
	// I64Tensor is a ranked tensor of i64.
	I64Tensor = tensorOf("i64", isI64)
	// IndexScalar is the index type.
	IndexScalar = ir.TypeConstraint{Desc: "index", Check: ir.IsIndex}
)

// asTensor returns t as a ranked tensor type.
func asTensor(t ir.Type) (*ir.RankedTensorType, bool) {
	rt, ok := t.(*ir.RankedTensorType)
	return rt, ok
}

// normDim maps a possibly negative dimension index into [0, rank), the way
// ATen wraps dims (-1 is the last dimension).
func normDim(d int64, rank int, what string) (int, error) {
	if d < -int64(rank) || d >= int64(rank) {
		if rank == 0 {
			return 0, fmt.Errorf("%s %d is out of range: the operand has rank 0", what, d)
		}
		return 0, fmt.Errorf("%s %d is out of range for rank %d (expected %d to %d)", what, d, rank, -rank, rank-1)
	}
	if d < 0 {
		d += int64(rank)
	}
	return int(d), nil
}

// normDims normalizes a list of dims and checks that they are unique.
func normDims(ds []int64, rank int, what string) ([]int, error) {
	out := make([]int, len(ds))
	seen := make([]bool, rank)
	for i, d := range ds {
		n, err := normDim(d, rank, what)
		if err != nil {
			return nil, err
		}
		if seen[n] {
			return nil, fmt.Errorf("%s must be unique, but dimension %d appears twice", what, n)
		}
		seen[n] = true
		out[i] = n
	}
	return out, nil
}

// mergeDim returns the more static of two compatible dimension sizes.
func mergeDim(a, b int64) (int64, bool) {
	switch {
	case a == ir.Dynamic:
		return b, true
	case b == ir.Dynamic || a == b:
		return a, true
	}
	return 0, false
}

// dimStr formats a dimension size ("?" for dynamic).
func dimStr(d int64) string {
	if d == ir.Dynamic {
		return "?"
	}
	return fmt.Sprint(d)
}

// shapeStr formats a shape as [2, ?, 3].
func shapeStr(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = dimStr(d)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// countDynamic counts the dynamic dimensions of a shape.
func countDynamic(s []int64) int {
	n := 0
	for _, d := range s {
		if d == ir.Dynamic {
			n++
		}
	}
	return n
}

// numElements returns the element count of a static shape, or -1.
func numElements(s []int64) int64 { return ir.NumElements(s) }
