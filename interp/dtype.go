package interp

import (
	"fmt"

	"github.com/tt-compiler/tt/ir"
)

// DType is the element type of a runtime Tensor.
//
// Each DType has one storage slice type:
//
//	F16, BF16  []uint16 (raw IEEE half / bfloat16 bits)
//	F32        []float32
//	F64        []float64
//	I1         []bool
//	I32        []int32
//	I64, Index []int64
type DType uint8

// The element types the interpreter computes with. Index is MLIR's index
// type, stored and computed as a 64-bit integer.
const (
	Invalid DType = iota
	F16
	BF16
	F32
	F64
	I1
	I32
	I64
	Index
)

var dtypeNames = [...]string{Invalid: "invalid", F16: "f16", BF16: "bf16", F32: "f32", F64: "f64", I1: "i1", I32: "i32", I64: "i64", Index: "index"}

// String returns the MLIR spelling of the element type ("f32", "index").
func (d DType) String() string {
	if int(d) < len(dtypeNames) {
		return dtypeNames[d]
	}
	return fmt.Sprintf("DType(%d)", d)
}

// IsFloat reports whether d is a floating-point type.
func (d DType) IsFloat() bool { return d == F16 || d == BF16 || d == F32 || d == F64 }

// IsHalf reports whether d is a 16-bit float stored as raw bits (f16, bf16).
func (d DType) IsHalf() bool { return d == F16 || d == BF16 }

// IsInt reports whether d is an integer type (i1, i32, i64 or index).
func (d DType) IsInt() bool { return d == I1 || d == I32 || d == I64 || d == Index }

// Bits returns the bit width of one element (64 for index, 1 for i1).
func (d DType) Bits() int {
	switch d {
	case F16, BF16:
		return 16
	case F32, I32:
		return 32
	case F64, I64, Index:
		return 64
	case I1:
		return 1
	}
	return 0
}

// size returns the bytes one element occupies in storage.
func (d DType) size() int {
	switch d {
	case F16, BF16:
		return 2
	case F32, I32:
		return 4
	case F64, I64, Index:
		return 8
	case I1:
		return 1
	}
	return 0
}

// DTypeOf returns the DType of an element type (f16, bf16, f32, f64, i1,
// i32, i64, index). Other types are reported as unsupported.
func DTypeOf(t ir.Type) (DType, error) {
	switch t := t.(type) {
	case *ir.FloatType:
		switch t.Kind {
		case ir.F16:
			return F16, nil
		case ir.BF16:
			return BF16, nil
		case ir.F32:
			return F32, nil
		case ir.F64:
			return F64, nil
		}
	case *ir.IntegerType:
		if t.Signedness == ir.Signless {
			switch t.Width {
			case 1:
				return I1, nil
			case 32:
				return I32, nil
			case 64:
				return I64, nil
			}
		}
	case *ir.IndexType:
		return Index, nil
	}
	return Invalid, fmt.Errorf("unsupported element type %s (the interpreter handles f16, bf16, f32, f64, i1, i32, i64 and index)", t)
}

// ElementDType returns the DType of a shaped type's elements, or of t itself
// when it is a scalar type.
func ElementDType(t ir.Type) (DType, error) { return DTypeOf(ir.ElementTypeOrSelf(t)) }

// IRType returns the element type d stands for, created in ctx.
func (d DType) IRType(ctx *ir.Context) ir.Type {
	switch d {
	case F16:
		return ctx.F16()
	case BF16:
		return ctx.BF16()
	case F32:
		return ctx.F32()
	case F64:
		return ctx.F64()
	case I1:
		return ctx.I1()
	case I32:
		return ctx.I32()
	case I64:
		return ctx.I64()
	case Index:
		return ctx.Index()
	}
	return nil
}
