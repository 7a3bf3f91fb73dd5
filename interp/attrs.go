package interp

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// Attribute helpers for kernels. They accept the usual spellings of a kind
// of attribute (an i64 list as array<i64: ...>, [1, 2] or dense<...>) and
// return errors that name the attribute.

// AttrInt returns the integer attribute name, which must be present.
func AttrInt(op *ir.Operation, name string) (int64, error) {
	a := op.Attr(name)
	if a == nil {
		return 0, fmt.Errorf("missing attribute '%s'", name)
	}
	if v, ok := a.(*ir.IntegerAttr); ok {
		return v.Int64(), nil
	}
	return 0, fmt.Errorf("attribute '%s' must be an integer, got %s", name, a)
}

// AttrIntOr returns the integer attribute name, or def when it is absent.
func AttrIntOr(op *ir.Operation, name string, def int64) (int64, error) {
	if op.Attr(name) == nil {
		return def, nil
	}
	return AttrInt(op, name)
}

// AttrInts returns the integer-list attribute name, which must be present.
func AttrInts(op *ir.Operation, name string) ([]int64, error) {
	a := op.Attr(name)
	if a == nil {
		return nil, fmt.Errorf("missing attribute '%s'", name)
	}
	switch v := a.(type) {
	case *ir.DenseArrayAttr:
		if !ir.IsFloat(v.Elem) {
			return append([]int64{}, v.Ints...), nil
		}
	case *ir.ArrayAttr:
		out := make([]int64, len(v.Elems))
		for i, e := range v.Elems {
			ia, ok := e.(*ir.IntegerAttr)
			if !ok {
				return nil, fmt.Errorf("attribute '%s' must be a list of integers, got %s", name, a)
			}
			out[i] = ia.Int64()
		}
		return out, nil
	case *ir.DenseElementsAttr:
		if !v.IsFloat() && v.Type.HasRank() && len(v.Type.Shape()) <= 1 {
			out := make([]int64, v.Len())
			for i := range out {
				out[i] = v.IntAt(i)
			}
			return out, nil
		}
	}
	return nil, fmt.Errorf("attribute '%s' must be a list of integers, got %s", name, a)
}

// AttrIntsOr returns the integer-list attribute name, or def when absent.
func AttrIntsOr(op *ir.Operation, name string, def []int64) ([]int64, error) {
	if op.Attr(name) == nil {
		return def, nil
	}
	return AttrInts(op, name)
}

// AttrBool returns the boolean attribute name (true, false, an integer, or
// a unit attribute meaning true), or def when it is absent.
func AttrBool(op *ir.Operation, name string, def bool) (bool, error) {
	switch v := op.Attr(name).(type) {
	case nil:
		return def, nil
	case *ir.IntegerAttr:
		return v.Int64() != 0, nil
	case ir.UnitAttr:
		return true, nil
	default:
		return false, fmt.Errorf("attribute '%s' must be a boolean, got %s", name, v)
	}
}

// AttrFloat returns the float (or integer) attribute name, which must be present.
func AttrFloat(op *ir.Operation, name string) (float64, error) {
	switch v := op.Attr(name).(type) {
	case nil:
		return 0, fmt.Errorf("missing attribute '%s'", name)
	case *ir.FloatAttr:
		return v.Value, nil
	case *ir.IntegerAttr:
		return float64(v.Int64()), nil
	default:
		return 0, fmt.Errorf("attribute '%s' must be a number, got %s", name, v)
	}
}

// AttrFloatOr returns the float attribute name, or def when it is absent.
func AttrFloatOr(op *ir.Operation, name string, def float64) (float64, error) {
	if op.Attr(name) == nil {
		return def, nil
	}
	return AttrFloat(op, name)
}

// AttrString returns the string attribute name, or def when it is absent.
func AttrString(op *ir.Operation, name, def string) (string, error) {
	switch v := op.Attr(name).(type) {
	case nil:
		return def, nil
	case *ir.StringAttr:
		return v.Value, nil
	default:
		return "", fmt.Errorf("attribute '%s' must be a string, got %s", name, v)
	}
}

// ResultDType returns the element type of op's result i.
func ResultDType(op *ir.Operation, i int) (DType, error) {
	if i >= op.NumResults() {
		return Invalid, fmt.Errorf("expected at least %d results", i+1)
	}
	return ElementDType(op.Result(i).Type())
}

// ResultShape returns the shape of op's result i: the dimensions of a
// ranked tensor, vector or memref type (ir.Dynamic for '?'), nil for a
// scalar, and ok false for unranked types.
func ResultShape(op *ir.Operation, i int) (shape []int64, ok bool) {
	switch t := op.Result(i).Type().(type) {
	case *ir.RankedTensorType:
		return t.Shape(), true
	case *ir.VectorType:
		return t.Shape(), true
	case *ir.MemRefType:
		return t.Shape(), true
	case *ir.UnrankedTensorType, *ir.UnrankedMemRefType:
		return nil, false
	}
	return nil, true
}

// StaticResultShape returns the shape of op's result i, which must be fully
// static (for ops whose result shape comes from the type alone).
func StaticResultShape(op *ir.Operation, i int) ([]int64, error) {
	shape, ok := ResultShape(op, i)
	if !ok || ir.NumElements(shape) < 0 {
		return nil, fmt.Errorf("result type %s must have a static shape", op.Result(i).Type())
	}
	return shape, nil
}

// Tensors returns args as tensors, or an error naming the first value that
// is not one.
func Tensors(args []Value) ([]*Tensor, error) {
	out := make([]*Tensor, len(args))
	for i, a := range args {
		t, ok := a.(*Tensor)
		if !ok {
			return nil, fmt.Errorf("value #%d is %v, not a tensor", i, a)
		}
		out[i] = t
	}
	return out, nil
}

// Values returns tensors as a []Value.
func Values(ts ...*Tensor) []Value {
	out := make([]Value, len(ts))
	for i, t := range ts {
		out[i] = t
	}
	return out
}

// NormalizeDim turns a dimension index that may count from the end (-1 is
// the last dimension, as in PyTorch) into 0..rank-1.
func NormalizeDim(d int64, rank int) (int, error) {
	if d < -int64(rank) || d >= int64(rank) {
		if rank == 0 {
			return 0, fmt.Errorf("dimension %d is out of range for a rank-0 tensor", d)
		}
		return 0, fmt.Errorf("dimension %d is out of range for rank %d (expected %d..%d)", d, rank, -rank, rank-1)
	}
	if d < 0 {
		d += int64(rank)
	}
	return int(d), nil
}
